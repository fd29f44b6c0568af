"""The workshop's front page offers the unsaved work an earlier run left behind (its recovery
copies, game/workshop/recovery.py), one copy at a time: Recover opens it in the editor, unsaved;
Discard deletes it and offers the next; Later keeps them all for the next visit."""

from __future__ import annotations

import time

from game.i18n import _, ngettext
from game.workshop import recovery
from game.workshop.io import WorkshopFileError


def when(written: float, now: float | None = None) -> str:
    """How long ago a copy was written, in words: "2 minutes ago", "yesterday"."""
    seconds = max(0.0, (time.time() if now is None else now) - written)
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            if (word, count) == ("day", 1):
                return _("yesterday")
            if word == "day":
                return ngettext("{count} day ago", "{count} days ago", count).format(count=count)
            if word == "hour":
                return ngettext("{count} hour ago", "{count} hours ago", count).format(count=count)
            return ngettext("{count} minute ago", "{count} minutes ago", count).format(count=count)
    return _("moments ago")


def offer(app, copies: list[recovery.Copy] | None = None) -> None:
    """Ask about the first recovery copy left (then the next ones, as each is answered)."""
    copies = recovery.pending() if copies is None else copies
    if not copies:
        return
    copy, rest = copies[0], copies[1:]
    campaign = copy.kind == recovery.CAMPAIGN
    name = _("the campaign structure") if campaign else copy.title or copy.level_id or _("a new level")
    if copy.path is not None:
        message = _("The workshop closed {when} with changes not saved; {file} is as it was.")
    else:
        message = _("The workshop closed {when} with changes not saved; the level was never saved.")
    message = message.format(when=when(copy.written), file=copy.path.name if copy.path is not None else "")
    if rest:
        more = ngettext("({count} more after this one)", "({count} more after this one)", len(rest))
        message = f"{message} {more.format(count=len(rest))}"  # two sentences, each whole

    def recover(_text) -> None:
        try:
            document = recovery.restore(copy)
        except WorkshopFileError as error:  # the campaign file is gone or broken: nothing to put it in
            app.top.notice = str(error)
            return
        scene = "workshop_campaign" if copy.kind == recovery.CAMPAIGN else "workshop_editor"
        editor = app.push(scene, document=document, recovery_name=copy.name)
        if campaign:
            editor.say(_("Recovered your unsaved work: Ctrl+Z shows the files as they were saved"))
        else:
            editor.say(_("Recovered your unsaved work: Ctrl+Z shows the file as it was saved"))

    def discard(_text) -> None:
        recovery.forget(copy)
        offer(app, rest)

    app.push(
        "workshop_prompt",
        title=_("Recover unsaved work on {level}?").format(level=name),
        message=message,
        buttons=[(_("Recover"), recover), (_("Discard"), discard), (_("Later"), None)],
    )
