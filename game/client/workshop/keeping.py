"""What the level editor does so that no work is lost: saving (asking before a new file replaces
another level's), Save As and Duplicate through the file dialog (game/client/scenes/workshop_files.py),
noticing the file changed by another program (Reload or Keep mine; looked at every 2 s and when
the window comes back to the front), F5's reload, the window's close button (`unsaved`), and the
recovery copy of unsaved work (game/workshop/recovery.py). A mixin of the editor scene (game/client/scenes/workshop_editor.py):
it uses the scene's `app`, `doc`, `say` and `forget_selection`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.client.scenes.workshop_prompt import UnsavedWork
from game.i18n import _, ngettext
from game.rules.levels.loader import campaign_dir
from game.workshop import disk, file_browser, io
from game.workshop import recovery
from game.workshop.model import Document
from game.workshop.recovery import Recovery

WATCH_MS = 2000.0  # how often the editor looks at its file for changes made by another program


class FileKeeping(UnsavedWork):
    app: Any
    doc: Document

    def say(self, text: str) -> None:
        """A short notice at the bottom of the screen (the editor's own)."""
        raise NotImplementedError

    def forget_selection(self) -> None:
        """The document was replaced: what was selected may be gone (the editor's own)."""
        raise NotImplementedError

    def keep_files(self, recovery_name: str | None = None) -> None:
        """Start keeping the document: its file's stamp, its recovery copy (`recovery_name`: the
        copy it was recovered from)."""
        self.doc.disk = disk.stamp(self.doc.path) if self.doc.path is not None else None
        self.recovery = Recovery(self.doc, recovery_name)
        self.recovered = recovery_name is not None
        self.watch_ms = 0.0
        self.asked_about: disk.Stamp | None = None  # the outside change last asked about
        self.discarded = False
        if self.doc.path is not None:
            file_browser.RecentFiles().add(self.doc.path)

    def offer_own_copy(self) -> None:
        """Opened on a file that has a recovery copy (the front page's offer was put off, or the
        workshop was started on this file): offer it here, before an edit writes over it."""
        if self.recovered or self.doc.path is None:
            return
        copy = next((found for found in recovery.pending() if found.name == self.recovery.name), None)
        if copy is None:
            return

        def recover(_text) -> None:
            self.doc.replace_all(copy.data, "recover unsaved work")
            self.say(_("Recovered your unsaved work: Ctrl+Z shows the file as it was saved"))

        self.app.push(
            "workshop_prompt",
            title=_("Recover unsaved work on {level}?").format(
                level=self.doc.data.get("title") or Path(self.doc.path).stem
            ),
            message=_("{file} has changes from an earlier session that were never saved.").format(
                file=Path(self.doc.path).name
            ),
            buttons=[(_("Recover"), recover), (_("Discard"), lambda _text: recovery.forget(copy))],
        )

    # ------------------------------------------------------------------ the close button

    def unsaved_words(self) -> str:
        return _("{file} has changes that are not saved.").format(file=Path(self.doc.file_name).name)

    def keep_on_exit(self) -> None:
        """Leaving the editor (Back, quitting, a crash): unsaved work stays in its recovery copy
        unless it was discarded on purpose."""
        if not self.discarded:
            self.recovery.flush()

    # ------------------------------------------------------------------ every frame

    def keep_update(self, dt_ms: float) -> None:
        self.recovery.tick()
        self.watch_ms += dt_ms
        if self.watch_ms >= WATCH_MS:
            self.watch_ms = 0.0
            now = self.changed_outside()
            if now is not None and now != self.asked_about:  # closed with Esc: asked again on saving
                self.ask_outside(now)

    def window_focused(self) -> None:
        """The window came back to the front (the designer was perhaps in a text editor): look at
        the file at the next frame instead of waiting out the 2 s."""
        self.watch_ms = WATCH_MS
        self.asked_about = None  # an outside change put off with Esc is asked about again

    def changed_outside(self) -> disk.Stamp | None:
        """The file's new stamp when another program changed its text since it was read here."""
        now = disk.look(self.doc.path, self.doc.disk)
        if now is None or self.doc.disk is None:
            return None
        if now.digest == self.doc.disk.digest:
            self.doc.disk = now  # only touched: its new time is remembered, its bytes not read again
            return None
        return now

    # ------------------------------------------------------------------ saving

    def save(self, then=None) -> None:
        if self.doc.path is None:
            self.ask_save_as(then)
            return
        self.save_to(self.doc.path, then)

    def ask_save_as(self, then=None, duplicate: bool = False) -> None:
        """The file dialog: the level under a new name (it becomes the file open here); with
        `duplicate`, a copy with a fresh id and "(copy)" in its title."""
        folder = Path(self.doc.path).parent if self.doc.path is not None else campaign_dir()
        level_id = str(self.doc.data.get("id") or "new_level")
        if duplicate:
            taken = {path.stem for path in folder.glob("*.json")}
            name = f"{file_browser.copy_name(level_id, taken)}.json"
        else:
            name = Path(self.doc.path).name if self.doc.path is not None else f"{level_id}.json"
        self.app.push(
            "workshop_files",
            mode="save",
            title=_("Duplicate the level as") if duplicate else _("Save the level as"),
            folder=folder,
            file_name=name,
            on_choose=lambda path: self.save_as(path, then, duplicate),
        )

    def duplicate(self) -> None:
        self.ask_save_as(duplicate=True)

    def save_as(self, path: Path, then=None, duplicate: bool = False) -> None:
        """Save to a file chosen by name: asks first when another file is already there (naming
        the level it holds)."""
        mine = self.doc.path is not None and path.resolve() == Path(self.doc.path).resolve()

        def write(_text=None) -> None:
            self.rename_for(path, duplicate)
            self.save_to(path, then, checked=True)

        if path.exists() and not path.is_dir() and not mine:
            title = _title_of(path)
            self.app.push(
                "workshop_prompt",
                title=_("Replace {file}?").format(file=path.name),
                message=(
                    _('A level file of that name is already in that folder ("{level}"). Replacing it loses that level.')
                    if title
                    else _("A level file of that name is already in that folder. Replacing it loses that level.")
                ).format(level=title),
                buttons=[(_("Replace"), write), (_("Cancel"), None)],
            )
            return
        write()

    def rename_for(self, path: Path, duplicate: bool) -> None:
        """Before a Save As: a duplicate takes the file's name as its id (or a fresh `_copy` id
        when the name is not a valid id) and "(copy)" after its title; a level saved into a
        campaign folder takes the file's name as its id, as the campaign asks."""
        new_id = file_browser.id_for(path.stem)
        old_id = self.doc.data.get("id")
        with self.doc.edit("duplicate the level" if duplicate else "take the file's name as the id"):
            if duplicate:
                taken = {other.stem for other in path.parent.glob("*.json")}
                self.doc.set(("id",), new_id or file_browser.copy_name(str(old_id or "level"), taken))
                title = str(self.doc.data.get("title") or "").strip()
                if not title.endswith("(copy)"):
                    self.doc.set(("title",), f"{title} (copy)" if title else "Copy")
            elif new_id and new_id != old_id and file_browser.campaign_file(path.parent) is not None:
                self.doc.set(("id",), new_id)

    def save_to(self, path: Path, then=None, checked: bool = False) -> None:
        """Write the level to `path`; unless `checked`, first make sure the file was not changed
        by another program since it was read (if so, ask)."""
        if not checked and self.doc.path is not None and path == self.doc.path:
            now = self.changed_outside()
            if now is not None:
                self.ask_outside(now, then=then, saving=True)
                return
        schema = io.schema_reference(path)
        current = self.doc.get(("$schema",))
        if io.managed_schema(current) and current != schema:
            self.doc.set(("$schema",), schema)
        try:
            original = io.save(path, self.doc.data, self.doc.original if path == self.doc.path else None)
        except io.WorkshopFileError as error:
            self.say(str(error))
            return
        moved = self.doc.path is None or Path(self.doc.path) != path
        self.doc.mark_saved(original, path)
        self.doc.disk = disk.stamp(path)
        self.recovery.discard()
        if moved:  # the recovery copy follows the file: the old file's copy is not this one's
            self.recovery = Recovery(self.doc)
        file_browser.RecentFiles().add(path)
        count = len(self.doc.problems)
        self.say(
            ngettext("Saved {file} ({count} problem)", "Saved {file} ({count} problems)", count).format(
                file=path.name, count=count
            )
            if count
            else _("Saved {file}").format(file=path.name)
        )
        if then is not None:
            then()

    # ------------------------------------------------------------------ changes made elsewhere

    def ask_outside(self, now: disk.Stamp, then=None, saving: bool = False) -> None:
        """The file changed under the editor: Reload it (the designer's edits stay one Ctrl+Z
        away) or Keep mine (the next save, or this one, writes over the other program's)."""
        name = Path(self.doc.file_name).name
        self.asked_about = now

        def keep_mine(_text) -> None:
            self.doc.disk = now
            if saving and self.doc.path is not None:
                self.save_to(self.doc.path, then, checked=True)

        self.app.push(
            "workshop_prompt",
            title=_("Changed by another program"),
            message=_(
                "{file} was changed outside the workshop since it was opened here. "
                "Reload it (Ctrl+Z then brings your edits back), or keep yours and save over it."
            ).format(file=name),
            buttons=[(_("Reload"), lambda _text: self.reload_file()), (_("Keep mine"), keep_mine)],
        )

    def reload(self) -> bool:
        """F5: read the file again (an undoable edit: Ctrl+Z brings back what was here)."""
        if self.doc.path is None:
            self.say(_("This level has no file yet: save it first"))
        else:
            self.reload_file()
        return True

    def reload_file(self) -> None:
        path = self.doc.path
        if path is None:
            return
        try:
            data, original = io.load(path)
        except io.WorkshopFileError as error:
            self.say(str(error))
            return
        had_changes = self.doc.dirty
        self.doc.replace_all(data, "reload the file")
        self.doc.mark_saved(original)
        self.doc.disk = disk.stamp(path)
        self.recovery.flush()
        self.forget_selection()
        name = Path(self.doc.file_name).name
        self.say(
            (_("Reloaded {file}: Ctrl+Z brings back your edits") if had_changes else _("Reloaded {file}")).format(
                file=name
            )
        )


def _title_of(path: Path) -> str:
    """The title of the level in the file at `path` ("First Spark"), else ''."""
    try:
        data, _original = io.load(path)
    except io.WorkshopFileError:
        return ""
    title = data.get("title")
    return title if isinstance(title, str) and title else ""
