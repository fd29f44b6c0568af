"""Reading and writing a level file for the workshop: read through the game's one JSON reader
(`game.rules.safe_json`), written back atomically in the file's own layout (`jsontext`).

A save writes a temporary file beside the level, fsyncs it and renames it over the old one (the
old file's permissions kept), as `game.rules.saves.store` does for saves: a crash leaves the old
file or the new one, never half of one. Pure: no pygame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.workshop import jsontext
from game.rules.safe_json import JsonFileError, JsonFileUnreadable, parse_json_text, read_text_file
from game.rules.saves.store import StoreError, write_atomically


class WorkshopFileError(Exception):
    """A level file the workshop cannot open or save; the message is a sentence for the designer."""


def load(path: str | Path) -> tuple[dict, jsontext.Original]:
    """The level file's data and its original text; WorkshopFileError when it is not usable JSON."""
    path = Path(path)
    try:
        text = read_text_file(path)
        data = parse_json_text(text, str(path))
    except FileNotFoundError:
        raise WorkshopFileError(f"{path}: file not found") from None
    except (JsonFileError, JsonFileUnreadable) as error:
        raise WorkshopFileError(str(error)) from None
    if not isinstance(data, dict):
        raise WorkshopFileError(f"{path}: a level file is a JSON object {{...}}, not {type(data).__name__}")
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
