"""One store object for every file the game saves: versioned JSON documents written atomically.

Rules layer: no pygame. A document is a JSON object with a top-level ``version`` field, read
through ``game.rules.safe_json`` (size, UTF-8, depth, finite numbers, no control characters).
Loading runs an upgrader hook when the file is older than the code. A file whose content is bad
(not JSON, not an object, a version newer than this code knows) is moved aside to
``NAME.json.corrupt-<timestamp>`` and reported, never overwritten. A file that exists but cannot
be read at all (permissions, an I/O error) is left where it is and is never saved over: the
store refuses to write that document until a later start can read it. Saving writes a temporary
file in the same folder, flushes and fsyncs it, then renames it over the old file with
``os.replace`` so a crash leaves either the old or the new file, never half of one; the new
file keeps the old one's permissions, and a read-only file is not replaced. Temporary files
that a killed save left behind (``.NAME.json.*.tmp`` older than STALE_TEMP_SECONDS) are removed
from every folder this module writes to: a store's folder when it first loads or saves there, and
any other folder (the workshop's level folders) the first time `write_atomically` writes into it
in this process.

Where files live: ``$DUELMIND_HOME/<kind>`` when that variable is set (tests), else the
platform's user config or data folder (platformdirs).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from game.rules.safe_json import JsonFileError, JsonFileUnreadable, dumps_strict, parse_json_text, read_text_file

APP_NAME = "duelmind"
HOME_VARIABLE = "DUELMIND_HOME"

STALE_TEMP_SECONDS = 60  # a save takes milliseconds: an older temp file of ours is a killed save's

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
        # Files that exist but could not be read, or could not be moved aside: never written over.
        self._blocked: set[Path] = set()
        self._cleaned = False

    def path(self, name: str) -> Path:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise ValueError(f"bad document name {name!r}")
        return self.root / f"{name}.json"

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def load(self, name: str, version: int, default: dict | None = None, upgrade: Upgrader | None = None) -> Document:
        """Read document ``name`` at ``version``.

        Missing file: the default (a copy). Older version: ``upgrade`` is applied step by step
        (without one, the data is kept as it is). Unreadable file: moved aside, the default is
        returned and ``problem`` explains it."""
        fallback = json.loads(json.dumps(default or {}))
        path = self.path(name)
        self.clean_stale_temp_files()
        try:
            text = read_text_file(path)
            data = parse_json_text(text, path.name)
        except FileNotFoundError:
            return Document(fallback, version)
        except (JsonFileUnreadable, OSError) as error:
            self._blocked.add(path)
            problem = (
                f"{path.name} exists but could not be read ({error}); it is kept as it is, and nothing "
                f"will be saved over it until it can be read"
            )
            return Document(fallback, version, problem=problem, existed=True)
        except JsonFileError as error:
            return self._unreadable(
                path,
                fallback,
                version,
                error.message if error.json_path == "" else f"{error.json_path}: {error.message}",
            )
        try:
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
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            return self._unreadable(path, fallback, version, str(error))
        return Document(data, version, upgraded_from=upgraded_from, existed=True)

    def _unreadable(self, path: Path, fallback: dict, version: int, reason: str) -> Document:
        moved = self.move_aside(path)
        if moved is None:
            self._blocked.add(path)
        where = f"moved to {moved.name}" if moved else "left in place"
        problem = f"{path.name} was unreadable ({reason}); {where}, using defaults"
        return Document(fallback, version, problem=problem, moved_to=moved, existed=True)

    def is_blocked(self, name: str) -> bool:
        """True when `name` exists but could not be read: saving it would lose the player's data."""
        return self.path(name) in self._blocked

    def clean_stale_temp_files(self) -> list[Path]:
        """Remove ``.NAME.json.*.tmp`` files of ours left by a save that was killed mid-write
        (older than STALE_TEMP_SECONDS, so a save running in another instance is not touched);
        once per store. Returns the files removed."""
        if self._cleaned:
            return []
        self._cleaned = True
        return clean_stale_temp_files(self.root)

    def save(self, name: str, data: dict, version: int) -> Path:
        """Write ``data`` (plus its version) atomically; raises StoreError on failure."""
        path = self.path(name)
        self.clean_stale_temp_files()  # a store that only saves still sweeps the folder it writes to
        if path in self._blocked:
            raise StoreError(f"{path} is unreadable and could not be moved aside; not overwriting it")
        document = dict(data)
        document["version"] = version
        try:
            text = dumps_strict(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
            raw = text.encode("utf-8")  # a lone surrogate cannot be: fail before touching the file
        except (TypeError, ValueError) as error:  # UnicodeEncodeError is a ValueError
            raise StoreError(f"{name}: data is not JSON: {error}") from None
        write_atomically(path, raw)
        return path

    def delete(self, name: str) -> None:
        if self.is_blocked(name):
            return  # unreadable, not known to be ours to lose
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


_swept: set[str] = set()  # folders write_atomically has swept in this process


def clean_stale_temp_files(folder: Path) -> list[Path]:
    """Remove this module's temporary files (``.NAME.json.*.tmp``, regular files only) older than
    STALE_TEMP_SECONDS from `folder`; returns the files removed. Never raises."""
    removed = []
    now = time.time()
    try:
        candidates = list(Path(folder).glob(".*.json.*.tmp"))
    except (OSError, RuntimeError):
        return []
    for temp in candidates:
        try:
            info = temp.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                temp.unlink()
                removed.append(temp)
        except OSError:
            pass
    return removed


def write_atomically(path: Path, raw: bytes) -> None:
    """Replace `path` with `raw` so that a crash leaves the old file or the new one, never half of
    one: a temporary file beside it, fsync, rename. The new file keeps the old one's permissions
    (a file new to the folder: 0666 less the umask); a read-only file is not replaced.
    StoreError with a sentence when it cannot be written."""
    mode = None
    try:
        existing = path.stat()
    except FileNotFoundError:
        existing = None
    except OSError as error:
        raise StoreError(f"could not save {path}: {error}") from None
    if existing is not None:
        mode = stat.S_IMODE(existing.st_mode)
        if not os.access(path, os.W_OK) or not mode & stat.S_IWUSR:
            raise StoreError(f"{path} is read-only; not replacing it")
    temp_name = None
    folder_key = os.path.abspath(path.parent)
    if folder_key not in _swept:  # every folder written to is swept of killed saves' temp files once
        _swept.add(folder_key)
        clean_stale_temp_files(path.parent)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        # mkstemp makes its file 0600; the new file keeps the old one's permissions, and a file
        # new to the folder gets the usual ones (0666 less the umask), as any editor would write it.
        os.chmod(temp_name, mode if mode is not None else 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
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


def _umask() -> int:
    """The process's umask: Linux shows it in /proc; elsewhere it is read by setting it and
    putting it back (there is no plain getter; the moment between is a few instructions)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    current = os.umask(0o022)
    os.umask(current)
    return current


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
