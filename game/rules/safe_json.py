"""Reading a JSON file safely: the one place where levels, cards, saves and settings are parsed.

Whatever the bytes, `read_json_file` either returns plain JSON data that the rest of the game can
trust, or raises `JsonFileError` naming the file, the JSON path and the problem in plain words.
The guarantees: the file is at most `MAX_BYTES`; it is UTF-8 (a byte-order mark is allowed); it
parses as standard JSON (no `NaN`, `Infinity`, or numbers such as `1e400` that overflow to
infinity; no integer with more digits than Python converts); it is nested at most `MAX_DEPTH`
levels deep (deeper data would crash the recursive validators and renderers later); and no
string, key or value, holds a control character other than newline and tab (a NUL crashes the
font renderer) or a lone UTF-16 surrogate (`"\\ud800"` parses, but is not text: it cannot be
written back as UTF-8); and no object holds the same key twice (JSON parsers silently keep the last
one, so half of what the designer wrote would be ignored). Only regular files are read: a FIFO, a
socket or a device at the path would block the reader forever or never end, so the path is checked
before it is opened, opened without blocking, and the opened descriptor checked again. A file that
exists but cannot be read (permissions, an I/O error, a symbolic link loop, not a regular file)
raises `JsonFileUnreadable`, which callers must keep apart: its content is unknown, so it must never
be overwritten.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

MAX_BYTES = 8 * 1024 * 1024  # the largest shipped file is about 100 KB
MAX_DEPTH = 64  # the deepest shipped data is 7 levels deep
# Control characters (C0 and DEL, C1) except newline and tab: never in text we show or store.
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Half of a UTF-16 pair on its own: only a JSON escape such as "\ud800" makes one.
_SURROGATE = re.compile(r"[\ud800-\udfff]")


class JsonFileError(ValueError):
    """The file's content is not usable JSON; `str()` is a sentence naming the file and where."""

    def __init__(self, source: str, path: str, message: str):
        self.source = source
        self.json_path = path
        self.message = message
        super().__init__(f"{source}: {path}: {message}" if path else f"{source}: {message}")


class JsonFileUnreadable(OSError):
    """The file exists but could not be read (permissions, an I/O error): keep it, never overwrite it."""


class NotARegularFile(JsonFileUnreadable):
    """The path names a FIFO, a socket or a device (or a symbolic link loop), not a file to read.

    `str()` is the sentence "PATH is not a regular file (a FIFO)"; `strerror` is the part after
    the path, for callers that print "PATH: cannot read: STRERROR"."""

    def __init__(self, path: str | Path, what: str):
        super().__init__(errno.EINVAL, what)
        self.filename = str(path)
        self.sentence = f"{path} {what}"

    def __str__(self) -> str:
        return self.sentence


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    return "not a file"


def shorten(text: str, limit: int = 80) -> str:
    """`text` cut to at most `limit` characters, with "…" when cut: a value quoted in a message
    (a 7 MB name is not echoed in full)."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def cap_problems(problems: list, source: str, limit: int = 50, make=None) -> list:
    """At most `limit` of one file's problems, then one line saying how many more there are
    ("... and 3,999,950 more problems in this file"). `make(text)` builds that last item (default:
    the text "SOURCE: ... and N more problems in this file")."""
    if len(problems) <= limit:
        return problems
    rest = len(problems) - limit
    text = f"... and {rest:,} more problem{'s' if rest != 1 else ''} in this file"
    return problems[:limit] + [make(text) if make is not None else f"{source}: {text}"]


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large to store")
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def json_path(parts) -> str:
    """`$.a[2].b` for the keys and indexes `parts` (a key that is no identifier is quoted)."""
    text = "$"
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _IDENTIFIER.match(part):
            text += f".{part}"
        else:
            text += f"[{json.dumps(part)}]"
    return text


def bad_character(text: str) -> str | None:
    """Why `text` cannot be shown or stored (a control character other than newline and tab, or a
    lone surrogate), or None when it can."""
    found = _CONTROL.search(text)
    if found:
        return f"a control character (U+{ord(found.group()):04X})"
    found = _SURROGATE.search(text)
    if found:
        return f"an invalid character (a lone surrogate, U+{ord(found.group()):04X})"
    return None


class _DuplicateKeys(dict):
    """An object of the parsed JSON in which a key appeared more than once (the first such key)."""

    duplicate: str = ""


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict:
    data = dict(pairs)
    if len(data) == len(pairs):
        return data
    seen: set[str] = set()
    marked = _DuplicateKeys(data)
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


def check_data(data: Any, source: str) -> None:
    """Depth, characters and duplicate keys of already parsed data (JsonFileError on the first
    problem). The walk keeps one frame per level, not one path per value: a list of a million
    items costs no extra memory."""

    def check(value: Any, frames: list) -> None:
        where = lambda: json_path([frame[0] for frame in frames[1:]])  # noqa: E731 (only on a problem)
        if isinstance(value, str):
            bad = bad_character(value)
            if bad:
                raise JsonFileError(
                    source, where(), f"the text holds {bad}; remove it (only newlines and tabs are allowed)"
                )
        elif isinstance(value, (dict, list)):
            if len(frames) > MAX_DEPTH:
                raise JsonFileError(source, where(), f"nested too deeply (more than {MAX_DEPTH} levels)")
            if isinstance(value, _DuplicateKeys):
                path = json_path([frame[0] for frame in frames[1:]] + [value.duplicate])
                raise JsonFileError(
                    source,
                    path,
                    f"the key {json.dumps(shorten(value.duplicate))} appears more than once in this object; keep one",
                )
            if isinstance(value, dict):
                for key in value:
                    bad = bad_character(key)
                    if bad:
                        raise JsonFileError(source, where(), f"a key holds {bad}")
            frames.append([None, iter(value.items() if isinstance(value, dict) else enumerate(value))])

    frames: list[list] = [[None, iter([(None, data)])]]
    while frames:
        frame = frames[-1]
        step = next(frame[1], None)
        if step is None:
            frames.pop()
            continue
        frame[0], item = step
        check(item, frames)


def parse_json_text(text: str, source: str) -> Any:
    """Parse `text` as strict JSON and check it (see the module docstring); JsonFileError otherwise."""
    try:
        data = json.loads(
            text, parse_float=_finite_float, parse_constant=_reject_constant, object_pairs_hook=_object_pairs
        )
    except json.JSONDecodeError as error:
        raise JsonFileError(
            source, "", f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise JsonFileError(source, "", f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as error:  # a non-finite number, NaN/Infinity, or an integer too long to convert
        message = str(error)
        if "integer string conversion" in message or "digits" in message:
            message = "a number has too many digits"
        raise JsonFileError(source, "", message) from None
    check_data(data, source)
    return data


def decode_utf8(raw: bytes, source: str) -> str:
    """The bytes as text (a leading byte-order mark is dropped); JsonFileError if not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise JsonFileError(
            source, "", f"not UTF-8 text (byte {error.start} is 0x{raw[error.start]:02x}); save the file as UTF-8"
        ) from None


def _unreadable(path: Path, error: OSError) -> JsonFileUnreadable:
    if error.errno == errno.ELOOP:
        return NotARegularFile(path, "is a symbolic link loop (it leads back to itself), not a file")
    return JsonFileUnreadable(error.errno, f"cannot read {path}: {error.strerror or error}")


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)


def _open_descriptor(path: Path) -> int:
    """Open for reading without blocking (a FIFO that appeared after the check does not block)."""
    return os.open(path, _OPEN_FLAGS)


def read_bytes_file(path: str | Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The first `max_bytes` + 1 bytes of a regular file, never blocking on a FIFO or a device.

    FileNotFoundError when missing; JsonFileError for a folder; NotARegularFile (a
    JsonFileUnreadable) for a FIFO, socket, device or symbolic link loop; JsonFileUnreadable when
    it cannot be read otherwise."""
    path = Path(path)
    try:  # before opening: opening a FIFO for reading blocks until a writer comes, maybe forever
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise
    except OSError as error:
        raise _unreadable(path, error) from None
    if stat.S_ISDIR(mode):
        raise JsonFileError(str(path), "", "is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise NotARegularFile(path, f"is not a regular file ({_kind_of(mode)})")
    try:  # without blocking, and the opened file checked again: the path may have changed since
        fd = _open_descriptor(path)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise JsonFileError(str(path), "", "is a folder, not a file") from None
    except OSError as error:
        raise _unreadable(path, error) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(
                path, "is a folder, not a file" if stat.S_ISDIR(mode) else f"is not a regular file ({_kind_of(mode)})"
            )
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            return handle.read(max_bytes + 1)
    except NotARegularFile:
        raise
    except OSError as error:
        raise _unreadable(path, error) from None
    finally:
        if fd >= 0:
            os.close(fd)


def read_text_file(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    """A UTF-8 text file of at most `max_bytes`. FileNotFoundError when missing, JsonFileUnreadable
    when it exists but cannot be read (NotARegularFile for a FIFO, a device or a symbolic link
    loop), JsonFileError when it is a folder, too large or not UTF-8."""
    path = Path(path)
    raw = read_bytes_file(path, max_bytes)
    if len(raw) > max_bytes:
        raise JsonFileError(str(path), "", f"larger than {max_bytes // (1024 * 1024)} MB; not a Duelmind file")
    return decode_utf8(raw, str(path))


def read_json_file(path: str | Path, max_bytes: int = MAX_BYTES) -> Any:
    """Read and check one JSON file (see the module docstring for the guarantees and errors)."""
    return parse_json_text(read_text_file(path, max_bytes), str(path))


def safe_resolve(path: str | Path) -> Path:
    """`path` made absolute with its symbolic links followed as far as they go, never raising
    (Python 3.11's `Path.resolve` raises RuntimeError on a symbolic link loop)."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def dumps_strict(data: Any, **options) -> str:
    """`json.dumps` that refuses NaN and infinities instead of writing non-standard JSON."""
    return json.dumps(data, allow_nan=False, **options)
