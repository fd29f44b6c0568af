"""A font that is several fonts: each character is drawn with the first font of the chain that
has it (Inter, then Noto Sans SC, then Noto Sans Thai, then pygame's own), so Chinese, Russian
and Thai text and a stray symbol draw as letters, never as boxes.

`FontChain` answers what scenes ask of a pygame `Font` (`render`, `size`, `metrics`, the line
metrics), so every caller of `resources.font` measures what `draw_text` draws. Text the first
font covers entirely (all Latin and Cyrillic text) goes straight to it: its pixels and sizes are
exactly what they were before the chain existed. Other text is cut into runs of one font,
rendered run by run (HarfBuzz shapes each: Thai marks are placed by the font's GPOS) and joined
on one baseline.
"""

from __future__ import annotations

import struct
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from pathlib import Path

import pygame


def cmap_coverage(path: Path) -> frozenset[int]:
    """The code points a TrueType/OpenType file maps to glyphs (its Unicode cmap subtables of
    format 4 and 12): what the font can draw without a box. Empty when the file is unreadable."""
    try:
        data = path.read_bytes()
        tables = struct.unpack_from(">H", data, 4)[0]
        offset = None
        for index in range(tables):
            tag, _checksum, start, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
            if tag == b"cmap":
                offset = start
        if offset is None:
            return frozenset()
        points: set[int] = set()
        for index in range(struct.unpack_from(">H", data, offset + 2)[0]):
            platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * index)
            if (platform, encoding) not in {(3, 1), (3, 10), (0, 3), (0, 4), (0, 6)}:
                continue  # not Unicode
            points |= _subtable(data, offset + sub)
        return frozenset(points)
    except (OSError, struct.error):
        return frozenset()


def _subtable(data: bytes, at: int) -> set[int]:
    kind = struct.unpack_from(">H", data, at)[0]
    points: set[int] = set()
    if kind == 4:
        segments = struct.unpack_from(">H", data, at + 6)[0] // 2
        ends = struct.unpack_from(f">{segments}H", data, at + 14)
        starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
        deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
        ranges_at = at + 16 + 6 * segments
        offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
        for seg, (first, last, delta, range_offset) in enumerate(zip(starts, ends, deltas, offsets)):
            for point in range(first, last + 1):
                if point == 0xFFFF:
                    continue
                if range_offset == 0:
                    glyph = (point + delta) & 0xFFFF
                else:
                    where = ranges_at + 2 * seg + range_offset + 2 * (point - first)
                    glyph = struct.unpack_from(">H", data, where)[0]
                    glyph = (glyph + delta) & 0xFFFF if glyph else 0
                if glyph:
                    points.add(point)
    elif kind == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        for group in range(groups):
            first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * group)
            points.update(range(first if glyph else first + 1, last + 1))
    return points


@dataclass(frozen=True)
class FontFile:
    """One link of the chain: a file, the script HarfBuzz should shape it as, and whether its
    tall ascent may be cut to the first font's line (a CJK font's ascent is mostly room for
    marks the game never draws: hanzi and CJK punctuation stay inside Inter's line)."""

    path: Path
    script: str | None = None
    fits_first_line: bool = False


def _neutral(char: str) -> bool:
    """Spaces and punctuation: drawn with the font of the text around them when it has them (a
    Chinese sentence's “quotes” and … come from the Chinese font, not from Inter)."""
    return unicodedata.category(char)[0] in "PZ"


def _joins_previous(char: str) -> bool:
    """A combining mark (a Thai vowel or tone mark, a Cyrillic stress accent) stays with its base."""
    return unicodedata.category(char) in {"Mn", "Me", "Mc"} or char in "\u200d\u200c"


@dataclass(eq=False)
class Family:
    """The chain's files and what each covers, for one weight: which font draws a character,
    worked out once per character."""

    files: tuple[FontFile, ...]
    coverage: tuple[frozenset[int], ...] = ()
    _choice: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.coverage:
            self.coverage = tuple(cmap_coverage(link.path) for link in self.files)

    @property
    def last(self) -> int:
        """The index of pygame's own font, after the files: it draws what none of them has."""
        return len(self.files)

    def choose(self, char: str) -> int:
        """The first font that has `char` (pygame's own when none has)."""
        index = self._choice.get(char)
        if index is None:
            point = ord(char)
            index = next((i for i, points in enumerate(self.coverage) if point in points), self.last)
            self._choice[char] = index
        return index

    def covers(self, index: int, char: str) -> bool:
        return index < self.last and ord(char) in self.coverage[index]

    def runs(self, text: str) -> list[tuple[int, str]]:
        """`text` cut into (font index, run) pieces, in order."""
        return _runs(self, text)


@lru_cache(maxsize=4096)
def _runs(family: Family, text: str) -> list[tuple[int, str]]:
    pieces: list[tuple[int, list[str]]] = []
    for char in text:
        if pieces and (_joins_previous(char) or (_neutral(char) and family.covers(pieces[-1][0], char))):
            pieces[-1][1].append(char)
            continue
        index = family.choose(char)
        if pieces and pieces[-1][0] == index:
            pieces[-1][1].append(char)
        else:
            pieces.append((index, [char]))
    return [(index, "".join(chars)) for index, chars in pieces]


class FontChain:
    """A pygame Font's interface over a chain of fonts of one pixel size (see the module doc)."""

    def __init__(self, family: Family, fonts: list):
        self.family = family
        self.fonts = fonts  # one per family file, then pygame's own; None where a file failed
        self.first = next(face for face in fonts if face is not None)
        self._fits = [link.fits_first_line for link in family.files] + [False]

    def __getattr__(self, name):  # anything else a Font has: the first font's
        return getattr(self.first, name)

    def get_height(self) -> int:
        return self.first.get_height()

    def get_linesize(self) -> int:
        return self.first.get_linesize()

    def get_ascent(self) -> int:
        return self.first.get_ascent()

    def get_descent(self) -> int:
        return self.first.get_descent()

    def _pieces(self, text: str) -> list[tuple[Any, str, bool]]:
        pieces = []
        for index, run in self.family.runs(text):
            face = self.fonts[index]
            fits = self._fits[index]
            if face is None:
                face, fits = self.fonts[-1], False
            pieces.append((face, run, fits))
        return pieces

    def _simple(self, text: str) -> bool:
        return text.isascii() or all(self.family.choose(c) == 0 for c in text)

    def _box(self, pieces) -> tuple[int, int]:
        """(above, below) the baseline: the first font's line, grown for a font whose marks
        reach further (Thai tone marks stacked over a vowel)."""
        above, below = self.first.get_ascent(), -self.first.get_descent()
        for face, _run, fits in pieces:
            if not fits:
                above, below = max(above, face.get_ascent()), max(below, -face.get_descent())
        return above, below

    def _height(self, above: int, below: int) -> int:
        return self.first.get_height() + (above - self.first.get_ascent()) + (below + self.first.get_descent())

    def size(self, text: str) -> tuple[int, int]:
        if self._simple(text):
            return self.first.size(text)
        pieces = self._pieces(text)
        width = sum(face.size(run)[0] for face, run, _fits in pieces)
        return width, self._height(*self._box(pieces))

    def render(self, text: str, antialias: bool, color, bgcolor=None, wraplength: int = 0) -> pygame.Surface:
        if self._simple(text) or "\n" in text:
            return self.first.render(text, antialias, color, bgcolor, wraplength)
        pieces = self._pieces(text)
        above, below = self._box(pieces)
        images = [(face, face.render(run, antialias, color, bgcolor)) for face, run, _fits in pieces]
        width = sum(image.get_width() for _face, image in images)
        surface = pygame.Surface((width, self._height(above, below)), pygame.SRCALPHA)
        # The text's own colour at zero alpha under the runs: their anti-aliased edges blend into
        # the colour, not into black (no dark fringe round the letters).
        surface.fill(pygame.Color(bgcolor) if bgcolor is not None else (*pygame.Color(color)[:3], 0))
        x = 0
        for face, image in images:
            surface.blit(image, (x, above - face.get_ascent()))
            x += image.get_width()
        return surface

    def metrics(self, text: str) -> list:
        """Each character's metrics from the font that draws it; None where no font has it."""
        out = []
        for char in text:
            index = self.family.choose(char)
            face = self.fonts[index] if index < self.family.last else None
            out.append(face.metrics(char)[0] if face is not None else None)
        return out

    def font_for(self, char: str) -> Path | None:
        """The file that draws `char` (None: pygame's own font)."""
        index = self.family.choose(char)
        return self.family.files[index].path if index < self.family.last else None
