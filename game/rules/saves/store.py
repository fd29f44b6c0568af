"""One store object for every file the game saves: versioned JSON documents written atomically.

Rules layer: no pygame. A document is a JSON object with a top-level ``version`` field. Loading
runs an upgrader hook when the file is older than the code; a file that cannot be read (bad
JSON, not an object, a version newer than this code knows) is moved aside to
``NAME.json.corrupt-<timestamp>`` and reported, never overwritten. Saving writes a temporary
file in the same folder, flushes and fsyncs it, then renames it over the old file with
``os.replace`` so a crash leaves either the old or the new file, never half of one.

Where files live: ``$DUELMIND_HOME/<kind>`` when that variable is set (tests), else the
platform's user config or data folder (platformdirs).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

APP_NAME = "duelmind"
HOME_VARIABLE = "DUELMIND_HOME"

# upgrade(data, from_version) -> data at the next version (called once per version step).
Upgrader = Callable[[dict, int], dict]


class StoreError(Exception):
    """A document could not be written (the message says which file and why)."""


def default_root(kind: str = "data") -> Path:
    """The folder for ``kind`` ("config" or "data"): under $DUELMIND_HOME if set."""
    if kind not in ("config", "data"):
        raise ValueError(f"kind must be 'config' or 'data', not {kind!r}")
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home) / kind
    import platformdirs

    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass
class Document:
    """A loaded document: its data (at the current version), and what went wrong, if anything."""

    data: dict
    version: int
    problem: str | None = None  # a sentence for the player when the file was unreadable
    moved_to: Path | None = None  # where the unreadable file now is
    upgraded_from: int | None = None
    existed: bool = field(default=False)


class Store:
    def __init__(self, root: Path | str | None = None, kind: str = "data"):
        self.root = Path(root) if root is not None else default_root(kind)
        # Unreadable files that could not be moved aside: never written over.
        self._blocked: set[Path] = set()

    def path(self, name: str) -> Path:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise ValueError(f"bad document name {name!r}")
        return self.root / f"{name}.json"

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def load(self, name: str, version: int, default: dict | None = None,
             upgrade: Upgrader | None = None) -> Document:
        """Read document ``name`` at ``version``.

        Missing file: the default (a copy). Older version: ``upgrade`` is applied step by step
        (without one, the data is kept as it is). Unreadable file: moved aside, the default is
        returned and ``problem`` explains it."""
        fallback = json.loads(json.dumps(default or {}))
        path = self.path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Document(fallback, version)
        except OSError as error:
            return Document(fallback, version, problem=f"could not read {path}: {error}")
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError(f"expected a JSON object, found {type(data).__name__}")
            found = data.get("version", 0)
            if not isinstance(found, int) or isinstance(found, bool) or found < 0:
                raise ValueError(f"bad version field {found!r}")
            if found > version:
                raise ValueError(f"version {found} is newer than this game understands ({version})")
            upgraded_from = None
            if found < version and upgrade is not None:
                upgraded_from = found
                for step in range(found, version):
                    data = upgrade(data, step)
                    if not isinstance(data, dict):
                        raise ValueError(f"the upgrader returned {type(data).__name__} at version {step}")
            data["version"] = version
        except (ValueError, TypeError, KeyError) as error:
            moved = self.move_aside(path)
            if moved is None:
                self._blocked.add(path)
            where = f"moved to {moved.name}" if moved else "left in place"
            problem = f"{path.name} was unreadable ({error}); {where}, using defaults"
            return Document(fallback, version, problem=problem, moved_to=moved, existed=True)
        return Document(data, version, upgraded_from=upgraded_from, existed=True)

    def save(self, name: str, data: dict, version: int) -> Path:
        """Write ``data`` (plus its version) atomically; raises StoreError on failure."""
        path = self.path(name)
        if path in self._blocked:
            raise StoreError(f"{path} is unreadable and could not be moved aside; not overwriting it")
        document = dict(data)
        document["version"] = version
        try:
            text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        except (TypeError, ValueError) as error:
            raise StoreError(f"{name}: data is not JSON: {error}") from None
        temp_name = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp_name, path)
            temp_name = None
            _fsync_dir(path.parent)
        except OSError as error:
            raise StoreError(f"could not save {path}: {error}") from None
        finally:
            if temp_name is not None:
                try:
                    os.unlink(temp_name)
                except OSError:
                    pass
        return path

    def delete(self, name: str) -> None:
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass

    @staticmethod
    def move_aside(path: Path) -> Path | None:
        """Rename an unreadable file to ``NAME.json.corrupt-<time>`` (never over another file);
        returns the new path, or None when it could not be renamed."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        counter = 1
        while target.exists():
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
            counter += 1
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a folder (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

