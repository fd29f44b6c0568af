"""Reading and writing a level file for the workshop: read through the game's one JSON reader
(`game.rules.safe_json`), written back atomically in the file's own layout (`jsontext`).

A save writes a temporary file beside the level, fsyncs it and renames it over the old one (the
old file's permissions kept), as `game.rules.saves.store` does for saves: a crash leaves the old
file or the new one, never half of one. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import _

import os
from pathlib import Path
from typing import Any

from game.workshop import jsontext
from game.rules.safe_json import JsonFileError, JsonFileUnreadable, parse_json_text, read_text_file
from game.rules.saves.store import StoreError, write_atomically


class WorkshopFileError(Exception):
    """A level file the workshop cannot open or save; the message is a sentence for the designer."""


class BrokenFile(WorkshopFileError):
    """A file read as text that is not a JSON object (a missing comma, a stray bracket): the
    raw editor (game/client/scenes/workshop_raw.py) opens `path` to fix it by hand."""

    def __init__(self, message: str, path: Path):
        super().__init__(message)
        self.path = path


def load(path: str | Path) -> tuple[dict, jsontext.Original]:
    """The level file's data and its original text; WorkshopFileError when it is not usable JSON
    (BrokenFile when its text could be read: it can be fixed in the raw editor)."""
    path = Path(path)
    try:
        text = read_text_file(path)
    except FileNotFoundError:
        raise WorkshopFileError(_("{file}: file not found").format(file=path)) from None
    except (JsonFileError, JsonFileUnreadable) as error:
        raise WorkshopFileError(str(error)) from None
    try:
        data = parse_json_text(text, str(path))
    except JsonFileError as error:
        raise BrokenFile(str(error), path) from None
    if not isinstance(data, dict):
        raise BrokenFile(f"{path}: a level file is a JSON object {{...}}, not {type(data).__name__}", path)
    return data, jsontext.parse(text)


def text_for(data: dict, original: jsontext.Original | None = None) -> str:
    return jsontext.dump(data, original)


def save(path: str | Path, data: dict, original: jsontext.Original | None = None) -> jsontext.Original:
    """Write the level atomically; returns the new original (the next save diffs against it)."""
    path = Path(path)
    text = text_for(data, original)
    write_atomic(path, text)
    return jsontext.parse(text)


def write_atomic(path: Path, text: str) -> None:
    """The store's atomic write (temp file, fsync, rename; permissions kept, read-only refused)."""
    try:
        write_atomically(path, text.encode("utf-8"))
    except StoreError as error:
        raise WorkshopFileError(str(error)) from None


def same_text(path: str | Path, data: Any, original: jsontext.Original | None) -> bool:
    """Whether saving `data` would leave the file at `path` exactly as it is."""
    try:
        return Path(path).read_text(encoding="utf-8") == text_for(data, original)
    except OSError:
        return False


SCHEMA_FILE = "level.schema.json"


def schema_reference(path: str | Path) -> str:
    """What a level saved at `path` writes as its `$schema`: the exported level schema
    (levels/schema/level.schema.json), relative to the file's folder, so an editor beside it finds
    it ("../schema/level.schema.json" in levels/campaign); an absolute file URI when no relative
    path leads there (another drive)."""
    from game.rules.levels.model import schema_dir

    schema = (schema_dir() / SCHEMA_FILE).resolve()
    folder = Path(path).resolve().parent
    try:
        return Path(os.path.relpath(schema, folder)).as_posix()
    except ValueError:  # Windows: the level and the game on different drives
        return schema.as_uri()


def managed_schema(value: Any) -> bool:
    """Whether a level's `$schema` is the workshop's to keep pointing at the level schema: a local
    path to it (none, a web address or another schema a designer chose is left alone)."""
    return isinstance(value, str) and value.endswith(SCHEMA_FILE) and "://" not in value.replace("file://", "")
