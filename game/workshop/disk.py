"""Noticing a level file changed by another program while the workshop has it open.

The editor keeps a `Stamp` of the file as it read or wrote it (its modification time, size and
a hash of its bytes). `look` compares the file now with it: an unchanged modification time and
size mean unchanged (no read); otherwise the bytes are hashed, so the editor can tell a program
that only touched the file (same text) from one that changed it. Pure: no pygame.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Stamp:
    mtime_ns: int
    size: int
    digest: str


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def stamp(path: str | Path) -> Stamp | None:
    """The file as it is now; None when it cannot be read (gone, a folder, no permission)."""
    path = Path(path)
    try:
        info = path.stat()
        raw = path.read_bytes()
    except OSError:
        return None
    return Stamp(info.st_mtime_ns, info.st_size, digest(raw))


def look(path: str | Path | None, known: Stamp | None) -> Stamp | None:
    """The file's stamp now when its time or size differ from `known` (its text may or may not
    have changed: compare the digests); None when they are the same, or there is nothing to
    compare (no file, never read). A file deleted meanwhile is not a change: saving writes it
    again and loses nobody's work."""
    if path is None or known is None:
        return None
    try:
        info = Path(path).stat()
    except OSError:
        return None
    if info.st_mtime_ns == known.mtime_ns and info.st_size == known.size:
        return None
    return stamp(path)
