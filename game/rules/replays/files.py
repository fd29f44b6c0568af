"""Replay files: read with a sentence for every problem, written atomically, and kept in a library.

A replay that cannot be read (not JSON, a field wrong, made by a newer Duelmind) raises
`ReplayError` naming the file and the field; the file is left as it is, never deleted or written
over: the library lists it as unreadable, and pruning keeps it. The library (`<data>/replays/`,
the folder saves use) keeps the newest `LIBRARY_LIMIT` replays plus every starred one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from game.rules.replays.model import REPLAY_FORMAT, Replay
from game.rules.safe_json import JsonFileError, JsonFileUnreadable, dumps_strict, parse_json_text, read_text_file
from game.rules.saves.store import StoreError, default_root, write_atomically

LIBRARY_LIMIT = 200  # the newest replays kept (starred ones are kept on top of these)
SUFFIX = ".replay.json"


class ReplayError(Exception):
    """A replay file that cannot be read or written; the message names the file and the field."""


def read_replay(path: str | Path) -> Replay:
    path = Path(path)
    try:
        data = parse_json_text(read_text_file(path), str(path))
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such replay file") from None
    except (JsonFileError, JsonFileUnreadable, OSError) as error:
        raise ReplayError(f"{path}: not a readable replay ({error})") from None
    return parse_replay(data, str(path))


def parse_replay(data, file: str) -> Replay:
    if not isinstance(data, dict):
        raise ReplayError(f"{file}: a replay is a JSON object, not {type(data).__name__}")
    found = data.get("format")
    if isinstance(found, int) and not isinstance(found, bool) and found > REPLAY_FORMAT:
        raise ReplayError(
            f"{file}: recorded by a newer Duelmind (replay format {found}; this one reads up to "
            f"{REPLAY_FORMAT}): update Duelmind to watch it; the file is kept"
        )
    try:
        return Replay.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(the whole file)"
        more = f" (and {error.error_count() - 1} more problems)" if error.error_count() > 1 else ""
        raise ReplayError(f"{file}: {where}: {first['msg']}{more}") from None


def replay_text(replay: Replay) -> str:
    return dumps_strict(replay.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"


def write_replay(path: str | Path, replay: Replay) -> Path:
    """Write `replay` atomically (a crash leaves the old file or the new one)."""
    path = Path(path)
    try:
        write_atomically(path, replay_text(replay).encode("utf-8"))
    except StoreError as error:
        raise ReplayError(str(error)) from None
    return path


@dataclass
class Entry:
    """A file of the library: its replay, or the sentence saying why it cannot be read."""

    path: Path
    replay: Replay | None
    problem: str | None = None


class ReplayLibrary:
    def __init__(self, folder: str | Path | None = None, limit: int = LIBRARY_LIMIT):
        self.folder = Path(folder) if folder is not None else default_root("data") / "replays"
        self.limit = limit

    def add(self, replay: Replay) -> Path:
        """Keep `replay` (a new file named after its time, game and mode), then prune."""
        stamp = replay.recorded.replace(":", "").replace("-", "").replace("+0000", "").replace("+00", "")
        base = f"{stamp[:15]}-{replay.game}-{replay.mode}"
        path = self.folder / f"{base}{SUFFIX}"
        counter = 2
        while path.exists():
            path = self.folder / f"{base}-{counter}{SUFFIX}"
            counter += 1
        write_replay(path, replay)
        self.prune()
        return path

    def entries(self) -> list[Entry]:
        """Every replay file, newest first (by name: names start with the time recorded)."""
        found = []
        for path in sorted(self.folder.glob(f"*{SUFFIX}"), reverse=True):
            try:
                found.append(Entry(path, read_replay(path)))
            except ReplayError as error:
                found.append(Entry(path, None, str(error)))
        return found

    def star(self, path: str | Path, starred: bool = True) -> Replay:
        replay = read_replay(path)
        replay.starred = starred
        write_replay(path, replay)
        return replay

    def delete(self, path: str | Path) -> None:
        path = Path(path)
        if path.parent.resolve() != self.folder.resolve() or not path.name.endswith(SUFFIX):
            raise ReplayError(f"{path} is not a replay of the library")
        path.unlink(missing_ok=True)

    def prune(self) -> list[Path]:
        """Delete the oldest readable, unstarred replays beyond the limit; returns them. An
        unreadable file is never deleted (it may be a newer Duelmind's, or the player's to fix)."""
        if len(list(self.folder.glob(f"*{SUFFIX}"))) <= self.limit:
            return []  # nothing can be over the limit: no file need be read (this runs at every game's end)
        kept = 0
        removed = []
        for entry in self.entries():
            if entry.replay is None or entry.replay.starred:
                continue
            kept += 1
            if kept > self.limit:
                entry.path.unlink(missing_ok=True)
                removed.append(entry.path)
        return removed


__all__ = ["Entry", "LIBRARY_LIMIT", "ReplayError", "ReplayLibrary", "parse_replay", "read_replay", "write_replay"]
