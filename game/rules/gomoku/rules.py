"""Gomoku rules: the variants, line scanning and renju foul detection.

Everything here is a pure function over a flat board (a list indexed ``y * size + x`` holding
EMPTY/BLACK/WHITE) so that the state class, the AI and the tests share one implementation.
Functions that probe a move may place a stone temporarily, but always restore the board.

Renju definitions used (RIF rules, black only):

* five: exactly five in an unbroken row; it always wins, even if the same move is also a foul;
* overline: six or more in an unbroken row;
* four: a row to which one more stone adds an exact five; a straight four (``.XXXX.``) has two
  such points but is one four, while ``X.XXX.X`` or ``XX.XX.XX`` hold two fours on one line;
* three: a row to which one more stone adds a straight four, where that stone is not itself a
  forbidden point (so the check is recursive: a "three" whose completion is a foul is false);
* double-three / double-four: one move makes two threes / two fours at once.
"""

from __future__ import annotations

from enum import IntEnum

EMPTY, BLACK, WHITE = 0, 1, 2
# Off-board marker used when a line is read as a list of cells; it blocks like an enemy stone.
WALL = 3

MIN_SIZE, MAX_SIZE = 15, 20
# The four line directions as (dx, dy): horizontal, vertical, diagonal, anti-diagonal.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

FOUL_OVERLINE = "overline"
FOUL_DOUBLE_FOUR = "double-four"
FOUL_DOUBLE_THREE = "double-three"

# How far a line is read around a point: a five-window through the point reaches 4 cells away
# and deciding that filling it gives an *exact* five needs one more cell beyond.
_REACH = 5


class Rule(IntEnum):
    """The variants, numbered as in the Gomocup protocol's ``INFO rule``."""

    FREESTYLE = 0  # five or more in a row wins
    STANDARD = 1  # exactly five wins; an overline does not (for either colour)
    RENJU = 4  # black: exactly five, no double-three/double-four/overline; white: five or more


def opponent(player: int) -> int:
    return WHITE if player == BLACK else BLACK


def check_size(size: int) -> None:
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")


def format_move(move: tuple[int, int]) -> str:
    """The Gomocup text form of a move: ``"x,y"``."""
    x, y = move
    return f"{x},{y}"


def parse_move(text: str, size: int | None = None) -> tuple[int, int]:
    """Parse ``"x,y"`` (spaces around the numbers allowed); with ``size``, also bounds-check."""
    parts = text.strip().split(",")
    if len(parts) != 2:
        raise ValueError(f"a move is 'x,y', got {text!r}")
    try:
        x, y = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(f"a move is two integers 'x,y', got {text!r}") from None
    if size is not None and not (0 <= x < size and 0 <= y < size):
        raise ValueError(f"move {x},{y} is off the {size}x{size} board")
    return x, y


# The notation a person reads (Renju International Federation): the column as a letter a, b, c, ...
# from the left (i included; up to t on a 20x20 board) and the row as a number from 1 at the
# bottom, so the centre of a 15x15 board is "h8". Boards and protocols keep their own (x, y)
# from the top-left (format_move/parse_move); only what people read goes through these two.
POINT_LETTERS = "abcdefghijklmnopqrst"


def point_name(point: tuple[int, int], size: int) -> str:
    """The RIF name of board point (x, y) (y counted from the top) on a size x size board: ``"h8"``."""
    x, y = point
    return f"{POINT_LETTERS[x]}{size - y}"


def parse_point(text: str, size: int) -> tuple[int, int]:
    """(x, y) of a point named in RIF notation (``"h8"``, any case, spaces around allowed)."""
    name = text.strip().lower()
    letter, digits = name[:1], name[1:]
    column = POINT_LETTERS.find(letter) if letter else -1
    if column < 0 or not digits.isdigit():
        raise ValueError(f"a point is a letter and a row number, such as 'h8', got {text!r}")
    row = int(digits)
    if not (column < size and 1 <= row <= size):
        last = POINT_LETTERS[size - 1]
        raise ValueError(f"point {text.strip()!r} is off the {size}x{size} board (a1 to {last}{size})")
    return column, size - row


def run_through(board: list[int], size: int, x: int, y: int, dx: int, dy: int, player: int) -> list[tuple[int, int]]:
    """The unbroken row of ``player`` stones along (dx, dy) through (x, y), in line order.

    (x, y) itself counts as ``player``'s whatever it holds, so this also answers "what row would
    a stone here make".
    """
    before: list[tuple[int, int]] = []
    cx, cy = x - dx, y - dy
    while 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == player:
        before.append((cx, cy))
        cx, cy = cx - dx, cy - dy
    after: list[tuple[int, int]] = []
    cx, cy = x + dx, y + dy
    while 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == player:
        after.append((cx, cy))
        cx, cy = cx + dx, cy + dy
    before.reverse()
    return before + [(x, y)] + after


def wins_with_overline(rule: Rule, player: int) -> bool:
    """Whether six or more in a row wins for ``player`` under ``rule``."""
    return rule == Rule.FREESTYLE or (rule == Rule.RENJU and player == WHITE)


def is_five(length: int, rule: Rule, player: int) -> bool:
    """Whether an unbroken row of ``length`` ``player`` stones wins under ``rule``.

    The five-in-a-row rule itself, written once: exactly five always wins; six or more wins
    only where overlines do (see ``wins_with_overline``). The state's win detection, the AI's
    pattern tables and its win-in-one check all ask this function.
    """
    return length == 5 or (length > 5 and wins_with_overline(rule, player))


def row_length(board: list[int], size: int, x: int, y: int, dx: int, dy: int, player: int) -> int:
    """Length of ``run_through`` without building the list: (x, y) counts as ``player``'s."""
    length = 1
    cx, cy = x - dx, y - dy
    while 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == player:
        length += 1
        cx, cy = cx - dx, cy - dy
    cx, cy = x + dx, y + dy
    while 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == player:
        length += 1
        cx, cy = cx + dx, cy + dy
    return length


def makes_five(board: list[int], size: int, x: int, y: int, player: int, rule: Rule) -> bool:
    """Whether a ``player`` stone on (x, y) makes a winning row under ``rule`` (the point may be
    empty: nothing is placed)."""
    return any(is_five(row_length(board, size, x, y, dx, dy, player), rule, player) for dx, dy in DIRECTIONS)


def winning_line(board: list[int], size: int, x: int, y: int, rule: Rule) -> list[tuple[int, int]] | None:
    """The winning row made by the stone at (x, y), or None. Only lines through it are scanned.

    An exact five is preferred over an overline when one stone makes both, so that under
    every rule the reported row is the one that decides the game.
    """
    player = board[y * size + x]
    overline: list[tuple[int, int]] | None = None
    for dx, dy in DIRECTIONS:
        row = run_through(board, size, x, y, dx, dy, player)
        if is_five(len(row), rule, player):
            if len(row) == 5:
                return row
            overline = overline or row
    return overline


def scan_winner(board: list[int], size: int, rule: Rule) -> int | None:
    """The colour that has a winning row anywhere on the board (full rescan; for checks/tests)."""
    for y in range(size):
        for x in range(size):
            if board[y * size + x] in (BLACK, WHITE) and winning_line(board, size, x, y, rule):  # not a WALL
                return board[y * size + x]
    return None


# --- renju fouls -------------------------------------------------------------------------


def _read_line(board: list[int], size: int, x: int, y: int, dx: int, dy: int) -> list[int]:
    """Cells at offsets -_REACH.._REACH along (dx, dy) from (x, y); off-board cells are WALL."""
    cells = []
    for k in range(-_REACH, _REACH + 1):
        cx, cy = x + k * dx, y + k * dy
        cells.append(board[cy * size + cx] if 0 <= cx < size and 0 <= cy < size else WALL)
    return cells


def _count_fours(cells: list[int]) -> int:
    """Fours through the centre of ``cells`` (centre holds a black stone).

    A four is a set of four black stones that one more stone turns into an exact five. Every
    five-window holding four black stones and one empty point, with no black stone right outside
    it, is such a set; a straight four shows up as two windows with the same stones, so the
    distinct stone sets are counted.
    """
    stone_sets = set()
    for start in range(_REACH - 4, _REACH + 1):
        window = cells[start : start + 5]
        if window.count(BLACK) == 4 and window.count(EMPTY) == 1:
            if cells[start - 1] != BLACK and cells[start + 5] != BLACK:
                stone_sets.add(tuple(i for i in range(start, start + 5) if cells[i] == BLACK))
    return len(stone_sets)


def _makes_straight_four(cells: list[int]) -> bool:
    """Whether the centre's unbroken black row is a straight four: ``.XXXX.`` where both empty
    ends give an exact five (so no black stone just beyond either end)."""
    low = _REACH
    while low > 0 and cells[low - 1] == BLACK:
        low -= 1
    high = _REACH
    while high < len(cells) - 1 and cells[high + 1] == BLACK:
        high += 1
    if high - low + 1 != 4:
        return False
    return cells[low - 1] == EMPTY and cells[high + 1] == EMPTY and cells[low - 2] != BLACK and cells[high + 2] != BLACK


def _is_three(board: list[int], size: int, x: int, y: int, dx: int, dy: int, cells: list[int]) -> bool:
    """Whether the black stone at (x, y) forms a (true) three along (dx, dy).

    A three is real when some empty point within reach turns the centre's row into a straight
    four and that point is not forbidden for black (checked with both stones on the board).
    """
    for offset in range(-3, 4):
        index = _REACH + offset
        if offset == 0 or cells[index] != EMPTY:
            continue
        cells[index] = BLACK
        straight = _makes_straight_four(cells)
        cells[index] = EMPTY
        if not straight:
            continue
        qx, qy = x + offset * dx, y + offset * dy
        q_index = qy * size + qx
        board[q_index] = BLACK
        try:
            completion_foul = _foul_of_placed_stone(board, size, qx, qy)
        finally:
            board[q_index] = EMPTY
        if completion_foul is None:
            return True
    return False


def _black_neighbours(board: list[int], size: int, x: int, y: int, dx: int, dy: int) -> int:
    """Black stones within 4 cells of (x, y) along (dx, dy), on both sides (not counting it)."""
    count = 0
    for k in (-4, -3, -2, -1, 1, 2, 3, 4):
        cx, cy = x + k * dx, y + k * dy
        if 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == BLACK:
            count += 1
    return count


def _may_be_foul(neighbour_counts: list[int]) -> bool:
    """Cheap necessary condition for a foul, from the black stones near a point per direction.

    Two threes or two fours in different lines need two directions with at least two other black
    stones; two fours in one line need at least four others (their two stone sets differ), and an
    overline needs five. Points failing this test can skip the full analysis.
    """
    return sum(1 for count in neighbour_counts if count >= 2) >= 2 or max(neighbour_counts) >= 4


def _foul_of_placed_stone(board: list[int], size: int, x: int, y: int) -> str | None:
    """The foul made by the black stone already standing at (x, y), or None."""
    neighbour_counts = [_black_neighbours(board, size, x, y, dx, dy) for dx, dy in DIRECTIONS]
    if not _may_be_foul(neighbour_counts):
        return None
    lengths = [row_length(board, size, x, y, dx, dy, BLACK) for dx, dy in DIRECTIONS]
    if any(is_five(length, Rule.RENJU, BLACK) for length in lengths):
        return None  # a five wins, whatever else the move makes
    if max(lengths) > 5:
        return FOUL_OVERLINE
    lines = [_read_line(board, size, x, y, dx, dy) for dx, dy in DIRECTIONS]
    four_counts = [_count_fours(cells) for cells in lines]
    if sum(four_counts) >= 2:
        return FOUL_DOUBLE_FOUR
    threes = 0
    for (dx, dy), cells, fours, nearby in zip(DIRECTIONS, lines, four_counts, neighbour_counts):
        # A line already holding a four is not also counted as a three (4-3 is legal).
        if fours or nearby < 2:
            continue
        if _is_three(board, size, x, y, dx, dy, cells):
            threes += 1
            if threes >= 2:
                return FOUL_DOUBLE_THREE
    return None


def standing_foul(board: list[int], size: int, x: int, y: int) -> str | None:
    """The foul the black stone already at (x, y) would have been had it been played last (as
    `renju_foul` for an empty point); None when it is not a foul or is part of a five."""
    if board[y * size + x] != BLACK:
        raise ValueError(f"no black stone on {x},{y}")
    return _foul_of_placed_stone(board, size, x, y)


def renju_foul(board: list[int], size: int, x: int, y: int) -> str | None:
    """The foul black would commit by playing the empty point (x, y): ``'overline'``,
    ``'double-four'``, ``'double-three'`` or None (also None when the move makes a five)."""
    index = y * size + x
    if board[index] != EMPTY:
        raise ValueError(f"point {x},{y} is not empty")
    board[index] = BLACK
    try:
        return _foul_of_placed_stone(board, size, x, y)
    finally:
        board[index] = EMPTY


def forbidden_points(board: list[int], size: int) -> list[tuple[int, int]]:
    """All empty points where a black stone would be a renju foul, in row-major order.

    Only points near enough black stones to pass the cheap pre-test are analysed fully; the
    neighbour counts are gathered by walking out from each black stone, which is much cheaper than
    scanning around every empty point.
    """
    area = size * size
    counts = [[0] * area for _ in DIRECTIONS]
    for index, value in enumerate(board):
        if value != BLACK:
            continue
        x, y = index % size, index // size
        for direction, (dx, dy) in enumerate(DIRECTIONS):
            per_point = counts[direction]
            for k in (-4, -3, -2, -1, 1, 2, 3, 4):
                cx, cy = x + k * dx, y + k * dy
                if 0 <= cx < size and 0 <= cy < size:
                    per_point[cy * size + cx] += 1
    result = []
    for index, value in enumerate(board):
        if value != EMPTY:
            continue
        if not _may_be_foul([counts[d][index] for d in range(len(DIRECTIONS))]):
            continue
        x, y = index % size, index // size
        if renju_foul(board, size, x, y) is not None:
            result.append((x, y))
    return result


def black_has_allowed_point(board: list[int], size: int) -> bool:
    """Whether black has any empty point that is not a foul (the scan stops at the first one)."""
    for index, value in enumerate(board):
        if value == EMPTY and renju_foul(board, size, index % size, index // size) is None:
            return True
    return False
