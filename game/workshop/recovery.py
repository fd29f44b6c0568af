"""Recovery copies: the workshop's unsaved work, kept in the user's data folder while a document
has changes, so a crash, a killed process or a closed laptop loses at most a few seconds of it.

Each open document (a level, or the campaign structure with its level files) writes its data to
`<data folder>/workshop_recovery/<name>.json` through the game's store (atomic writes), at most
every EVERY_S seconds while edits keep coming, and at once when asked (`flush`: the editor's
exit). Saving the level, or discarding its changes on purpose, deletes the copy. The next time
the workshop opens, `pending()` lists the copies left, and `restore` makes each a document again:
the file as it is on disk with the recovered data as one undoable edit, so it is unsaved (the
designer decides) and undo shows the file's own version. Pure: no pygame.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.rules.safe_json import JsonFileError, parse_json_text
from game.rules.saves.store import Store, StoreError, default_root
from game.workshop.campaign_edit import CampaignDocument
from game.workshop.model import Document

FOLDER = "workshop_recovery"
VERSION = 1
EVERY_S = 2.0  # a copy at most this often while edits keep coming
CAMPAIGN = "campaign"  # a copy's kind for the campaign structure (a level's: its game)


def store() -> Store:
    return Store(default_root("data") / FOLDER)


def name_for(doc: Document) -> str:
    """The copy's name: from the level file's full path (the same file finds its copy again),
    a fresh one for a level never saved."""
    if doc.path is not None:
        return "file-" + hashlib.sha256(str(Path(doc.path).resolve()).encode("utf-8")).hexdigest()[:16]
    return "new-" + uuid.uuid4().hex[:16]


@dataclass(frozen=True)
class Copy:
    """A recovery copy left by an earlier run."""

    name: str  # the store's document name
    path: Path | None  # the level file it belongs to (None: a level never saved)
    level_id: str
    title: str
    kind: str
    text: str
    written: float  # when (seconds since the epoch)

    @property
    def data(self) -> dict:
        return parse_json_text(self.text, self.name)


class Recovery:
    """Keeps `doc`'s recovery copy up to date: `tick()` after edits (throttled), `flush()` at
    once, `discard()` after a save or a discard."""

    def __init__(self, doc: Document, name: str | None = None, clock: Callable[[], float] = time.monotonic):
        self.doc = doc
        self.name = name or name_for(doc)
        self.clock = clock
        self.store = store()
        self.written: int | None = None  # the document version the copy holds (None: no copy)
        self.last = float("-inf")
        self.problem: str | None = None  # the last write's failure, in a sentence

    def tick(self) -> None:
        """After an edit: write the copy if the document changed since it, at most every EVERY_S."""
        if self.clock() - self.last >= EVERY_S:
            self.flush()

    def flush(self) -> None:
        """Write the copy now if the document has unsaved changes not in it yet (and delete it
        when undo went back to the saved file)."""
        if not self.doc.dirty:
            if self.written is not None:
                self.discard()
            return
        if self.written == self.doc.version:
            return
        data = self.doc.data
        campaign = isinstance(self.doc, CampaignDocument)
        about = data["campaign"] if campaign else data
        copy = {
            "path": str(self.doc.path) if self.doc.path is not None else None,
            "id": "campaign" if campaign else str(data.get("id", "")),
            "title": str(about.get("title", "")),
            "kind": CAMPAIGN if campaign else str(data.get("kind", "")),
            # The data as JSON text: its keys keep their order (the store sorts an object's keys).
            "text": json.dumps(data, ensure_ascii=False, indent=1),
            "written": time.time(),
        }
        self.last = self.clock()
        try:
            self.store.save(self.name, copy, VERSION)
        except (StoreError, ValueError) as error:
            self.problem = f"could not keep a recovery copy: {error}"
            return
        self.problem = None
        self.written = self.doc.version

    def discard(self) -> None:
        """The copy is no longer needed (saved, or discarded on purpose)."""
        self.store.delete(self.name)
        self.written = None


def pending() -> list[Copy]:
    """The recovery copies left by earlier runs, newest first (unreadable ones left out)."""
    found = []
    keeper = store()
    try:
        names = sorted(path.stem for path in keeper.root.glob("*.json"))
    except OSError:
        return []
    for name in names:
        try:
            document = keeper.load(name, VERSION)
            data = document.data
            text = data["text"]
            parse_json_text(text, name)
        except (KeyError, TypeError, ValueError, JsonFileError):
            continue
        if document.problem or not isinstance(text, str):
            continue
        path = data.get("path")
        found.append(
            Copy(
                name,
                Path(path) if isinstance(path, str) else None,
                str(data.get("id", "")),
                str(data.get("title", "")),
                str(data.get("kind", "")),
                text,
                float(data.get("written", 0.0)) if isinstance(data.get("written"), (int, float)) else 0.0,
            )
        )
    return sorted(found, key=lambda copy: -copy.written)


def forget(copy: Copy) -> None:
    store().delete(copy.name)


def restore(copy: Copy) -> Document:
    """The recovered document: the level file as it is now (or a new level of its game) with the
    recovered data put in as one undoable edit, so it shows as unsaved."""
    from game.workshop import io
    from game.workshop.kinds import find_editor_kind

    if copy.kind == CAMPAIGN and copy.path is not None:
        campaign = CampaignDocument(copy.path)  # WorkshopFileError: the campaign file is gone
        campaign.replace_all(copy.data, "recover unsaved work")
        return campaign
    doc = None
    if copy.path is not None:
        try:
            data, original = io.load(copy.path)
            doc = Document(data, copy.path, original)
        except io.WorkshopFileError:
            doc = None
    if doc is None:
        editor = find_editor_kind(copy.kind) or find_editor_kind(copy.data.get("kind"))
        start = editor.new_level() if editor is not None else {}
        doc = Document(start, copy.path)
    doc.replace_all(copy.data, "recover unsaved work")
    return doc
