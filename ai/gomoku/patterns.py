"""Line-pattern tables: what a stone on an empty point would make along one line.

For every empty point and each of the four directions the board keeps a *line key*: the
2*HALF cells around the point (HALF on each side, the point itself excluded), two bits per
cell (0 empty, 1 black, 2 white, 3 off the board), the farthest left cell in the lowest bits.
``pattern_table(rule)`` maps a key to one byte, ``black_code | white_code << 4``, where a code
says what that colour would make by playing the point, judged on that line alone:

    DEAD  no five can ever be made through the point on this line
    OL    an overline (six or more), which is no win under the exact-five rules
    L44   two fours on one line that are not a straight four (a renju foul for black)
    F1    one stone with room: one more stone makes an F2
    B2/F2 two: one more stone makes a B3 / an F3
    B3    a closed three: one more stone makes a four
    F3    an open three: one more stone makes a straight (open) four
    B4    a four: exactly one point then makes five
    F4    an open four: two points make five (cannot be stopped by one stone)
    F5    five: the game is won

HALF is 5 whenever a colour needs an *exact* five: a five through the point spans at most 4
cells on either side, and telling it from an overline needs the cell beyond. Freestyle needs 4.
Codes are computed once per rule from the 3-valued "own / empty / blocked" view of a line, with
everything beyond the first blocked cell cut off, so only a few thousand distinct lines are
ever classified; the full key table is then filled from per-side lookups.

Per point, the codes of the four directions are summed into a *pack* with three bits per code
(``PACK_VALUE``), so one integer holds how many directions show each code and, because higher
codes sit in higher bits, comparing packs ranks points by their strongest threat.
"""

from __future__ import annotations

from functools import lru_cache

from game.rules.gomoku import BLACK, WHITE, Rule
from game.rules.gomoku.rules import is_five, wins_with_overline

DEAD, OL, L44, F1, B2, F2, B3, F3, B4, F4, F5 = range(11)
CODE_NAMES = ("DEAD", "OL", "L44", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F5")

# One three-bit count field per code (DEAD has none): code c counts in bits 3*(c-1)..3*(c-1)+2.
PACK_VALUE = [0] + [1 << (3 * (code - 1)) for code in range(1, 11)]
OL_UNIT, L44_UNIT, F2_UNIT, F3_UNIT = PACK_VALUE[OL], PACK_VALUE[L44], PACK_VALUE[F2], PACK_VALUE[F3]
B3_UNIT, B4_UNIT, F4_UNIT, F5_UNIT = PACK_VALUE[B3], PACK_VALUE[B4], PACK_VALUE[F4], PACK_VALUE[F5]
FIELD_MASK = 7

EMPTY_CELL, OWN, BLOCKED = 0, 1, 2


def half_width(rule: Rule) -> int:
    """Cells read on each side of a point: 5 when some colour needs an exact five (to tell it
    from an overline), else 4."""
    exact_for_someone = not (wins_with_overline(rule, BLACK) and wins_with_overline(rule, WHITE))
    return 5 if exact_for_someone else 4


def _run_length(cells: tuple[int, ...], index: int) -> int:
    low = index
    while low > 0 and cells[low - 1] == OWN:
        low -= 1
    high = index
    last = len(cells) - 1
    while high < last and cells[high + 1] == OWN:
        high += 1
    return high - low + 1


class _Classifier:
    """Classifies lines (tuples of EMPTY_CELL/OWN/BLOCKED, the point at ``centre`` holding OWN)
    for ``colour`` under ``rule``; what counts as a five is the rules' ``is_five``."""

    def __init__(self, half: int, rule: Rule, colour: int) -> None:
        self.half = half
        self.rule = rule
        self.colour = colour
        # Renju black: two fives on one line that do not come from one straight four are two
        # fours (a foul), not an open four, and cannot be the target of a three.
        self.straight_fours_only = rule == Rule.RENJU and colour == BLACK
        self.memo: dict[tuple[int, ...], int] = {}

    def _is_five(self, length: int) -> bool:
        return is_five(length, self.rule, self.colour)

    def _five_points(self, cells: tuple[int, ...]) -> list[int]:
        """Empty cells that would complete a five through the centre."""
        centre = self.half
        points = []
        for index in range(centre - 4, centre + 5):
            if cells[index] != EMPTY_CELL:
                continue
            filled = cells[:index] + (OWN,) + cells[index + 1 :]
            low, high = min(index, centre), max(index, centre)
            # The new stone must join the centre's row, with only own stones between them.
            if any(filled[i] != OWN for i in range(low, high + 1)):
                continue
            if self._is_five(_run_length(filled, centre)):
                points.append(index)
        return points

    def classify(self, cells: tuple[int, ...]) -> int:
        code = self.memo.get(cells)
        if code is None:
            code = self._classify(cells)
            self.memo[cells] = code
        return code

    def _classify(self, cells: tuple[int, ...]) -> int:
        centre = self.half
        length = _run_length(cells, centre)
        if length >= 5:
            return F5 if self._is_five(length) else OL
        points = self._five_points(cells)
        if len(points) >= 2:
            straight = len(points) == 2 and abs(points[0] - points[1]) == 5
            return F4 if straight or not self.straight_fours_only else L44
        if len(points) == 1:
            return B4
        best = DEAD
        for index, cell in enumerate(cells):
            if cell != EMPTY_CELL:
                continue
            child = self.classify(cells[:index] + (OWN,) + cells[index + 1 :])
            best = max(best, _PROMOTION[child])
        return best


# What a line is now, given the best it becomes with one more stone.
_PROMOTION = {DEAD: DEAD, OL: DEAD, F1: DEAD, L44: B3, B2: DEAD, F2: F1, B3: B2, F3: F2, B4: B3, F4: F3, F5: B4}


def _side_views(half: int, colour: int) -> list[tuple[int, ...]]:
    """For each 2*half-bit side key, the colour's view of that side, nearest cell first,
    cut at the first blocked cell."""
    views = []
    for key in range(1 << (2 * half)):
        view: list[int] = []
        for position in range(half):
            digit = (key >> (2 * position)) & 3
            if digit == 0:
                view.append(EMPTY_CELL)
            elif digit == colour:
                view.append(OWN)
            else:
                view.append(BLOCKED)
                break
        views.append(tuple(view))
    return views


def _pad(view: tuple[int, ...], half: int) -> tuple[int, ...]:
    return view + (BLOCKED,) * (half - len(view))


@lru_cache(maxsize=None)
def pattern_table(rule: Rule) -> list[int]:
    """Line key -> ``black_code | white_code << 4`` for ``rule`` (built once per rule)."""
    rule = Rule(rule)
    half = half_width(rule)
    side_bits = 2 * half
    side_mask = (1 << side_bits) - 1
    per_colour_rows: list[list[list[int]]] = []
    for colour in (BLACK, WHITE):
        classifier = _Classifier(half, rule, colour)
        # Left keys store the farthest cell in the lowest bits; reverse so "nearest first".
        left_views = [tuple(reversed(_pad(v, half))) for v in _side_views(half, colour)]
        right_views = [_pad(v, half) for v in _side_views(half, colour)]
        # The left side key is stored most-distant-first, so read it back to front.
        reversed_left = _reverse_side_keys(half)
        distinct_left = sorted(set(left_views[reversed_left[k]] for k in range(1 << side_bits)))
        left_id = {view: i for i, view in enumerate(distinct_left)}
        distinct_right = sorted(set(right_views))
        right_id = {view: i for i, view in enumerate(distinct_right)}
        codes = [[classifier.classify(left + (OWN,) + right) for right in distinct_right] for left in distinct_left]
        left_of_key = [left_id[left_views[reversed_left[k]]] for k in range(1 << side_bits)]
        right_of_key = [right_id[right_views[k]] for k in range(1 << side_bits)]
        rows = []
        for right_key in range(1 << side_bits):
            column = right_of_key[right_key]
            by_left = [codes[left][column] for left in range(len(distinct_left))]
            rows.append([by_left[left_of_key[k]] for k in range(1 << side_bits)])
        per_colour_rows.append(rows)
    black_rows, white_rows = per_colour_rows
    table: list[int] = []
    for right_key in range(1 << side_bits):
        black_row, white_row = black_rows[right_key], white_rows[right_key]
        table.extend([b | (w << 4) for b, w in zip(black_row, white_row)])
    assert len(table) == 1 << (2 * side_bits) and side_mask
    return table


def _reverse_side_keys(half: int) -> list[int]:
    """Key with the cell order reversed, so a left-side key (farthest cell in the lowest bits)
    can be read nearest-first like a right-side key."""
    result = []
    for key in range(1 << (2 * half)):
        reversed_key = 0
        for position in range(half):
            reversed_key |= ((key >> (2 * position)) & 3) << (2 * (half - 1 - position))
        result.append(reversed_key)
    return result


def classify_line(rule: Rule, colour: int, cells: list[int]) -> int:
    """The code for ``colour`` playing the centre of ``cells`` (2*HALF+1 board values, with
    3 for off-board); a slow direct path used to check the tables in tests."""
    half = half_width(rule)
    classifier = _Classifier(half, Rule(rule), colour)
    view: list[int] = []
    for index, value in enumerate(cells):
        if index == half:
            view.append(OWN)
        elif value == 0:
            view.append(EMPTY_CELL)
        elif value == colour:
            view.append(OWN)
        else:
            view.append(BLOCKED)
    # Cut at the first blocked cell on each side, as the table does.
    for index in range(half - 1, -1, -1):
        if view[index] == BLOCKED:
            view[:index] = [BLOCKED] * index
            break
    for index in range(half + 1, 2 * half + 1):
        if view[index] == BLOCKED:
            view[index + 1 :] = [BLOCKED] * (2 * half - index)
            break
    return classifier.classify(tuple(view))


def line_key(cells: list[int]) -> int:
    """The table key of ``cells`` (2*HALF+1 values, centre ignored): see the module doc."""
    half = len(cells) // 2
    key = 0
    for position, value in enumerate(cells[:half] + cells[half + 1 :]):
        key |= value << (2 * position)
    return key
