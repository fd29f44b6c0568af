"""The workshop's front page offers the unsaved work an earlier run left behind (its recovery
copies, game/workshop/recovery.py), one copy at a time: Recover opens it in the editor, unsaved;
Discard deletes it and offers the next; Later keeps them all for the next visit."""

from __future__ import annotations

import time

from game.workshop import recovery
from game.workshop.io import WorkshopFileError


def when(written: float, now: float | None = None) -> str:
    """How long ago a copy was written, in words: "2 minutes ago", "yesterday"."""
    seconds = max(0.0, (time.time() if now is None else now) - written)
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            return "yesterday" if (word, count) == ("day", 1) else f"{count} {word}{'s' if count != 1 else ''} ago"
    return "moments ago"


def offer(app, copies: list[recovery.Copy] | None = None) -> None:
    """Ask about the first recovery copy left (then the next ones, as each is answered)."""
    copies = recovery.pending() if copies is None else copies
    if not copies:
        return
    copy, rest = copies[0], copies[1:]
    name = "the campaign structure" if copy.kind == recovery.CAMPAIGN else copy.title or copy.level_id or "a new level"
    where = f"{copy.path.name} is as it was" if copy.path is not None else "the level was never saved"
    more = f" ({len(rest)} more after this one)" if rest else ""

    def recover(_) -> None:
        try:
            document = recovery.restore(copy)
        except WorkshopFileError as error:  # the campaign file is gone or broken: nothing to put it in
            app.top.notice = str(error)
            return
        scene = "workshop_campaign" if copy.kind == recovery.CAMPAIGN else "workshop_editor"
        editor = app.push(scene, document=document, recovery_name=copy.name)
        saved = "the files as they were" if copy.kind == recovery.CAMPAIGN else "the file as it was"
        editor.say(f"Recovered your unsaved work: Ctrl+Z shows {saved} saved")

    def discard(_) -> None:
        recovery.forget(copy)
        offer(app, rest)

    app.push(
        "workshop_prompt",
        title=f"Recover unsaved work on {name}?",
        message=f"The workshop closed {when(copy.written)} with changes not saved; {where}.{more}",
        buttons=[("Recover", recover), ("Discard", discard), ("Later", None)],
    )
