"""Where a line of text may break, for scripts that do not put spaces between words.

- Latin and Cyrillic break at spaces only, as they always have (`wrap_text` keeps its old loop
  for such text: the same lines, pixel for pixel).
- Chinese (and Japanese kana) break between any two characters, with the usual forbidden
  positions (kinsoku): no line starts with closing punctuation (。，、！？）」』…), no line ends
  with opening punctuation (（「『《…); such a character stays with its neighbour.
- Thai breaks between words, found by maximal matching against a word list
  (game/client/thai_words.py); a run the list does not know stays whole, and is cut between
  character clusters (never between a consonant and its vowel or tone marks) only when it alone
  is wider than the line.

`units(paragraph)` gives the pieces a line is made of, each with whether a space goes before it;
`wrap_units` fills lines with them greedily, as `wrap_text` always did with words.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from game.client.thai_words import THAI_WORDS

# No line may start with these (closing marks, small kana, stops, the long ellipsis and dash).
NO_START = frozenset(
    "、。，．・：；？！゛゜ヽヾゝゞ々〻ー）］｝〕〉》」』】〙〗〟｠’”»›…‥〜～—–‐%％‰,.:;!?)]}"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
)
# No line may end with these (opening marks).
NO_END = frozenset("（［｛〔〈《「『【〘〖〝｟‘“«‹([{")

THAI_FIRST, THAI_LAST = 0x0E00, 0x0E7F
LEADING_VOWELS = frozenset("เแโใไ")  # written before the consonant they follow in speech
FOLLOWING = frozenset("ะาำๅๆ")  # never start a cluster


def is_cjk(char: str) -> bool:
    point = ord(char)
    return (
        0x3000 <= point <= 0x30FF  # CJK punctuation, kana
        or 0x3400 <= point <= 0x4DBF
        or 0x4E00 <= point <= 0x9FFF
        or 0xF900 <= point <= 0xFAFF
        or 0xFF00 <= point <= 0xFFEF  # full-width forms
        or 0x20000 <= point <= 0x3FFFF
    )


def is_thai(char: str) -> bool:
    return THAI_FIRST <= ord(char) <= THAI_LAST


def needs_units(text: str) -> bool:
    """Whether `text` holds a script that breaks without spaces (else: the old word wrap)."""
    return not text.isascii() and any(is_cjk(char) or is_thai(char) for char in text)


def thai_clusters(text: str) -> list[str]:
    """`text` cut where a break would not split a written syllable's pieces: marks above and
    below, following vowels and mai yamok stay with what precedes, a leading vowel with what
    follows."""
    clusters: list[str] = []
    for char in text:
        joins = clusters and (_is_mark(char) or char in FOLLOWING or clusters[-1][-1] in LEADING_VOWELS)
        if joins:
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


def _is_mark(char: str) -> bool:
    point = ord(char)
    return point == 0x0E31 or 0x0E34 <= point <= 0x0E3A or 0x0E47 <= point <= 0x0E4E


_LONGEST = max(len(word) for word in THAI_WORDS)


@lru_cache(maxsize=2048)
def thai_words(text: str) -> tuple[str, ...]:
    """A run of Thai letters cut into words: the cut with the fewest characters outside known
    words, then the fewest pieces (maximal matching). Unknown clusters next to each other stay
    one piece, and no cut falls inside a cluster."""
    clusters = thai_clusters(text)
    edges = [0]
    for cluster in clusters:
        edges.append(edges[-1] + len(cluster))
    at_edge = set(edges)
    size = len(text)
    # best[i]: (unknown characters, pieces, previous cut, whether the last piece is unknown)
    best: list[tuple[int, int, int, bool] | None] = [None] * (size + 1)
    best[0] = (0, 0, 0, False)
    for start in edges[:-1]:
        here = best[start]
        if here is None:
            continue
        unknown, pieces, _, _ = here
        for end in range(start + 1, min(size, start + _LONGEST) + 1):
            if end in at_edge and text[start:end] in THAI_WORDS:
                _offer(best, end, (unknown, pieces + 1, start, False))
        nxt = edges[edges.index(start) + 1]
        _offer(best, nxt, (unknown + nxt - start, pieces + 1, start, True))
    cuts, at, unknown_flags = [], size, []
    while at > 0:
        entry = best[at]
        assert entry is not None
        cuts.append((entry[2], at))
        unknown_flags.append(entry[3])
        at = entry[2]
    cuts.reverse()
    unknown_flags.reverse()
    words: list[str] = []
    previous_unknown = False
    for (start, end), unknown in zip(cuts, unknown_flags):
        if unknown and previous_unknown:
            words[-1] += text[start:end]
        else:
            words.append(text[start:end])
        previous_unknown = unknown
    return tuple(words)


def _offer(best: list, at: int, entry: tuple[int, int, int, bool]) -> None:
    if best[at] is None or entry[:2] < best[at][:2]:
        best[at] = entry


def _pieces(word: str) -> list[str]:
    """One space-free word cut where a line may break inside it, before the kinsoku rules."""
    pieces: list[str] = []
    other = ""  # Latin letters, digits and signs stay together
    thai = ""
    for char in word:
        if is_thai(char):
            if other:
                pieces.append(other)
                other = ""
            thai += char
            continue
        if thai:
            pieces.extend(thai_words(thai))
            thai = ""
        if is_cjk(char):
            if other:
                pieces.append(other)
                other = ""
            pieces.append(char)
        elif pieces and other == "" and char in NO_START:
            pieces.append(char)  # a stop after a hanzi: its own piece, glued on below
        else:
            other += char
    if thai:
        pieces.extend(thai_words(thai))
    if other:
        pieces.append(other)
    return pieces


def kinsoku(pieces: list[str]) -> list[str]:
    """Glue a piece that may not start a line to the one before, and one that may not end a line
    to the one after."""
    glued: list[str] = []
    for piece in pieces:
        if glued and (piece[0] in NO_START or glued[-1][-1] in NO_END):
            glued[-1] += piece
        else:
            glued.append(piece)
    return glued


def units(paragraph: str) -> list[tuple[str, bool]]:
    """The unbreakable pieces of one paragraph, each with whether a space stands before it."""
    out: list[tuple[str, bool]] = []
    for word in paragraph.split():
        for index, piece in enumerate(kinsoku(_pieces(word))):
            out.append((piece, index == 0))
    return out


def wrap_units(pieces: list[tuple[str, bool]], fits: Callable[[str], bool]) -> list[str]:
    """Lines filled greedily with `pieces`; `fits(text)` says whether a line fits. A piece alone
    wider than a line is cut between Thai clusters or characters when it has them; a Latin word
    stays whole (as before)."""
    lines: list[str] = []
    line = ""
    for piece, spaced in pieces:
        trial = f"{line} {piece}" if spaced and line else line + piece
        if fits(trial) or not line:
            line = trial
        else:
            lines.append(line)
            line = piece
        if not fits(line) and needs_units(line):
            head, line = _cut(line, fits)
            lines.extend(head)
    lines.append(line)
    return lines


def _cut(text: str, fits: Callable[[str], bool]) -> tuple[list[str], str]:
    """An over-wide line cut into lines that fit, between clusters (the last one returned apart,
    to be filled on)."""
    lines: list[str] = []
    line = ""
    for cluster in thai_clusters(text):
        if line and not fits(line + cluster):
            lines.append(line)
            line = cluster.lstrip()
        else:
            line += cluster
    return lines, line
