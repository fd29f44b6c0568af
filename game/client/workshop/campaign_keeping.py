"""What the campaign structure screen does with its files (game/client/scenes/workshop_campaign.py):
saving (asking first when another program, or the level editor, changed a file it would write),
noticing files changed outside every 2 s and when the window comes back to the front (Reload or
Keep mine), F5's reload, and copying a level of another folder into the campaign's folder through
the file dialog. A mixin of the scene: it uses the scene's `app`, `doc`, `recovery`, `say`,
`level`, `keep_choice_valid` and `_built`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.i18n import _, ngettext
from game.client.scenes.workshop_prompt import UnsavedWork
from game.workshop import campaign_edit as ce
from game.workshop import io

WATCH_MS = 2000.0  # how often the screen looks at its files for changes made by another program


class CampaignFileKeeping(UnsavedWork):
    app: Any
    doc: ce.CampaignDocument
    level: str | None
    _built: Any

    def keep_files(self) -> None:
        self.watch_ms = 0.0
        self.asked_about: frozenset = frozenset()  # the outside changes last asked about

    def say(self, text: str) -> None:
        """A short notice at the bottom of the screen (the scene's own)."""
        raise NotImplementedError

    def keep_choice_valid(self) -> None:
        """After a reload the chosen chapter or level may be gone (the scene's own)."""
        raise NotImplementedError

    def save(self, then=None, checked: bool = False) -> None:
        outside = [] if checked else self.doc.changed_outside()
        if outside:
            self.asked_about = self.seen(outside)  # the 2-second look does not ask about it again
            names = ", ".join(path.name for path in outside)
            self.app.push(
                "workshop_prompt",
                title=_("Changed by another program"),
                message=ngettext(
                    "{files} changed since this screen read it "
                    "(in the level editor or another program). Saving writes over those changes.",
                    "{files} changed since this screen read them "
                    "(in the level editor or another program). Saving writes over those changes.",
                    len(outside),
                ).format(files=names),
                buttons=[(_("Save over them"), lambda _text: self.save(then, checked=True)), (_("Cancel"), None)],
            )
            return
        try:
            written = self.doc.save()
        except io.WorkshopFileError as error:
            self.say(str(error))
            return
        self.recovery.discard()
        names = ", ".join(path.name for path in written) or _("nothing changed")
        count = len(self.doc.problems)
        self.say(
            ngettext("Saved {file} ({count} problem)", "Saved {file} ({count} problems)", count).format(
                file=names, count=count
            )
            if count
            else _("Saved {file}").format(file=names)
        )
        if then is not None:
            then()

    def ask_level_file(self) -> None:
        """A level from another folder, through the file dialog: copied into the campaign's folder."""

        def check(path: Path) -> str | None:
            if path.resolve().parent == self.doc.folder.resolve():
                return _("That level is already in this campaign: choose one from another folder")
            return None

        self.app.push(
            "workshop_files",
            mode="open",
            title=_("Copy a level into the campaign"),
            folder=self.doc.folder.parent,
            check=check,
            on_choose=self.copy_level_in,
        )

    def copy_level_in(self, path: Path) -> None:
        try:
            level_id = self.doc.copy_level_in(path)
        except io.WorkshopFileError as error:
            self.say(str(error))
            return
        self.level = level_id
        self._built = None
        if level_id == path.stem:
            copied = _("Copied {file} into the campaign folder: Add puts it in the chosen chapter")
        else:
            copied = _("Copied {file} into the campaign folder as {id}: Add puts it in the chosen chapter")
        self.say(copied.format(file=path.name, id=level_id))

    # ------------------------------------------------------------------ changes made elsewhere

    def keep_update(self, dt_ms: float) -> None:
        """Every frame: the recovery copy, and a look at the files every 2 s."""
        self.recovery.tick()
        self.watch_ms += dt_ms
        if self.watch_ms >= WATCH_MS:
            self.watch_ms = 0.0
            self.look_outside()

    def reload(self) -> bool:
        """F5: read the campaign file and its level files again (Ctrl+Z brings back what was here)."""
        had_changes = self.doc.dirty
        try:
            self.doc.reload()
        except io.WorkshopFileError as error:
            self.say(str(error))
            return True
        self.asked_about = frozenset()
        self.recovery.flush()
        self._built = None
        self.keep_choice_valid()
        reloaded = _("Reloaded {file}: Ctrl+Z brings back your edits") if had_changes else _("Reloaded {file}")
        self.say(reloaded.format(file=self.doc.path.name))
        return True

    def reload_files(self) -> None:
        """The toolbar's Reload F5."""
        self.reload()

    def window_focused(self) -> None:
        """The window came back to the front: look at the files at the next frame."""
        self.watch_ms = WATCH_MS
        self.asked_about = frozenset()

    @staticmethod
    def seen(paths: list[Path]) -> frozenset:
        """Changed files as asked about: each with its modification time (a later change is new)."""
        return frozenset((str(path), path.stat().st_mtime_ns if path.exists() else 0) for path in paths)

    def look_outside(self) -> None:
        """Every 2 s (and when the window comes back): files changed by another program are
        offered for reload, once per change."""
        changed = self.doc.changed_elsewhere()
        seen = self.seen(changed)
        if not changed or seen <= self.asked_about:
            return
        self.asked_about = seen
        names = ", ".join(path.name for path in changed[:3])
        if len(changed) > 3:
            more = len(changed) - 3
            names = ngettext("{files} and {count} more", "{files} and {count} more", more).format(
                files=names, count=more
            )
        self.app.push(
            "workshop_prompt",
            title=_("Changed by another program"),
            message=_(
                "{files} changed outside this screen since it read the campaign. "
                "Reload (Ctrl+Z then brings your edits back), or keep yours and save over them."
            ).format(files=names),
            buttons=[
                (_("Reload"), lambda _text: self.reload()),
                (_("Keep mine"), lambda _text: self.doc.keep_mine(changed)),
            ],
        )
