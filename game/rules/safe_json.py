"""Reading a JSON file safely: the one place where levels, cards, saves and settings are parsed.

Whatever the bytes, `read_json_file` either returns plain JSON data that the rest of the game can
trust, or raises `JsonFileError` naming the file, the JSON path and the problem in plain words.
The guarantees: the file is at most `MAX_BYTES`; it is UTF-8 (a byte-order mark is allowed); it
parses as standard JSON (no `NaN`, `Infinity`, or numbers such as `1e400` that overflow to
infinity; no integer with more digits than Python converts); it is nested at most `MAX_DEPTH`
levels deep (deeper data would crash the recursive validators and renderers later); and no
string, key or value, holds a control character other than newline and tab (a NUL crashes the
font renderer) or a lone UTF-16 surrogate (`"\\ud800"` parses, but is not text: it cannot be
written back as UTF-8). A file that exists but cannot be read raises `JsonFileUnreadable`, which callers
must keep apart: its content is unknown, so it must never be overwritten.
"""

from __future__ import annotations

import json
import math
import re
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


def check_data(data: Any, source: str) -> None:
    """Depth and characters of already parsed data (JsonFileError on the first problem)."""
    stack: list[tuple[Any, tuple, int]] = [(data, (), 1)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, str):
            bad = bad_character(value)
            if bad:
                raise JsonFileError(source, json_path(where),
                                    f"the text holds {bad}; remove it (only newlines and tabs are allowed)")
        elif isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise JsonFileError(source, json_path(where), f"nested too deeply (more than {MAX_DEPTH} levels)")
            if isinstance(value, dict):
                for key, item in value.items():
                    bad = bad_character(key)
                    if bad:
                        raise JsonFileError(source, json_path(where), f"a key holds {bad}")
                    stack.append((item, (*where, key), depth + 1))
            else:
                stack.extend((item, (*where, index), depth + 1) for index, item in enumerate(value))


def parse_json_text(text: str, source: str) -> Any:
    """Parse `text` as strict JSON and check it (see the module docstring); JsonFileError otherwise."""
    try:
        data = json.loads(text, parse_float=_finite_float, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise JsonFileError(source, "", f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}") from None
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
        raise JsonFileError(source, "", f"not UTF-8 text (byte {error.start} is 0x{raw[error.start]:02x}); "
                                        f"save the file as UTF-8") from None


def read_text_file(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    """A UTF-8 text file of at most `max_bytes`. FileNotFoundError when missing, JsonFileUnreadable
    when it exists but cannot be read, JsonFileError when it is too large or not UTF-8."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise JsonFileError(str(path), "", "is a folder, not a file") from None
    except OSError as error:
        raise JsonFileUnreadable(error.errno, f"cannot read {path}: {error.strerror or error}") from None
    if len(raw) > max_bytes:
        raise JsonFileError(str(path), "", f"larger than {max_bytes // (1024 * 1024)} MB; not a Duelmind file")
    return decode_utf8(raw, str(path))


def read_json_file(path: str | Path, max_bytes: int = MAX_BYTES) -> Any:
    """Read and check one JSON file (see the module docstring for the guarantees and errors)."""
    return parse_json_text(read_text_file(path, max_bytes), str(path))


def dumps_strict(data: Any, **options) -> str:
    """`json.dumps` that refuses NaN and infinities instead of writing non-standard JSON."""
    return json.dumps(data, allow_nan=False, **options)
