"""Renju fouls for black: double-three (with false threes), double-four (also on one line),
overline, and a five winning over any foul. Diagrams: X black, O white, . empty, * the point
under test, other letters name points referred to in the test. Black is to move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.gomoku import BLACK, WHITE, GomokuState, Rule
from game.rules.gomoku.rules import forbidden_points, renju_foul
from tests.gomoku.board_diagrams import position
from game.rules.events import Event, EventKind

# --- double-three ----------------------------------------------------------------------------

CROSS_THREES = """
    . . . . . . .
    . . . . . . .
    . . . X . . .
    . . . X . . .
    . X X * . . .
    . . . . . . .
    . . . . . . .
"""


def test_two_open_threes_make_a_double_three():
    state, marks = position(CROSS_THREES)
    assert state.foul_at(*marks["*"]) == "double-three"
    assert not state.is_legal(*marks["*"])
    assert marks["*"] not in state.legal_actions()


def test_forbidden_points_of_the_cross_is_exactly_the_crossing():
    # Every other point near the four stones makes at most one three (hand-checked: e.g. the
    # point diagonal between the two arms makes one three on the anti-diagonal only).
    state, marks = position(CROSS_THREES)
    assert state.forbidden_points() == [marks["*"]]


def test_white_has_no_fouls_and_other_rules_have_none():
    state, marks = position(CROSS_THREES, to_move=WHITE)
    # with white to move the same point is not reported as forbidden for anyone
    assert state.forbidden_points() == []
    assert state.foul_at(*marks["*"], player=WHITE) is None
    for rule in (Rule.FREESTYLE, Rule.STANDARD):
        state, marks = position(CROSS_THREES, rule)
        assert state.foul_at(*marks["*"]) is None
        assert state.forbidden_points() == []
        assert state.is_legal(*marks["*"])


def test_split_three_counts_as_a_three():
    # horizontal: X . X *  -> filling the gap gives the straight four .XXXX.
    state, marks = position(
        """
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . X . X * . . .
        . . . . . . . .
        . . . . . . . .
        """
    )
    assert state.foul_at(*marks["*"]) == "double-three"


def test_three_blocked_at_one_end_is_not_a_three():
    # vertical: O X X * . .  -> the four X X X X would touch O, so it can never be straight
    state, marks = position(
        """
        . . . . . . .
        . . . O . . .
        . . . X . . .
        . . . X . . .
        . X X * . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert state.foul_at(*marks["*"]) is None
    assert state.is_legal(*marks["*"])


def test_three_boxed_in_by_white_two_away_is_not_a_three():
    # vertical: O . X X * . O  -> either four touches an O
    state, marks = position(
        """
        . . . . . . .
        . . . O . . .
        . . . . . . .
        . . . X . . .
        . . . X . . .
        . X X * . . .
        . . . . . . .
        . . . O . . .
        """
    )
    assert state.foul_at(*marks["*"]) is None


def test_three_against_the_board_edge_is_not_a_three():
    # horizontal along the left edge: |X X * . .  -> the four would touch the edge
    state, marks = position(
        """
        . . . . .
        . . X . .
        . . X . .
        X X * . .
        . . . . .
        . . . . .
        """,
        origin=(0, 4),
    )
    assert state.foul_at(*marks["*"]) is None
    # the same shape one column further in is a double-three
    state, marks = position(
        """
        . . . . . .
        . . . X . .
        . . . X . .
        . X X * . .
        . . . . . .
        . . . . . .
        """,
        origin=(0, 4),
    )
    assert state.foul_at(*marks["*"]) == "double-three"


@pytest.mark.parametrize(
    "row_with_far_stone, row_without",
    [
        ("O . X X * . . X .", "O . X X * . . . ."),
        # the mirror image, so that both ends of the four are checked
        (". X . . * X X . O", ". . . . * X X . O"),
    ],
)
def test_three_whose_four_would_run_into_an_overline_is_false(row_with_far_stone, row_without):
    # horizontal: O . X X * . . X  -> the left four touches O; the right four X X X X . X would
    # make six on its far end, so it is not straight: no three on this line (and the vertical
    # X X * is the only three).
    diagram = """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        {row}
        . . . . . . . . .
        . . . . . . . . .
    """
    state, marks = position(diagram.format(row=row_with_far_stone), origin=(2, 3))
    assert state.foul_at(*marks["*"]) is None
    # without the far stone the horizontal three is real
    state, marks = position(diagram.format(row=row_without), origin=(2, 3))
    assert state.foul_at(*marks["*"]) == "double-three"


# The split three X . * X (horizontal) can only become a straight four on the gap "a"; the
# vertical X X * is a plain three. Variants below make "a" forbidden, which makes the
# horizontal three false and the move legal.
SPLIT_THREE_REAL = """
    . . . . . . . .
    . . . . X . . .
    . . . . X . . .
    . . X a * X . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
"""

# "a" would make the straight four X X X X horizontally plus the vertical four X X X X below
# it (blocked by O): two fours, so "a" is a double-four point for black.
SPLIT_THREE_GAP_IS_DOUBLE_FOUR = """
    . . . . . . . .
    . . . . X . . .
    . . . . X . . .
    . . X a * X . .
    . . . X . . . .
    . . . X . . . .
    . . . X . . . .
    . . . O . . . .
"""

# "a" would make the straight four horizontally plus two open threes (vertical a X X and
# diagonal X X a): a 4-3-3, forbidden as a double-three; found by checking "a" recursively.
SPLIT_THREE_GAP_IS_DOUBLE_THREE = """
    . . . . . . . .
    . X . . X . . .
    . . X . X . . .
    . . X a * X . .
    . . . X . . . .
    . . . X . . . .
    . . . . . . . .
    . . . . . . . .
"""

# "a" would make an overline vertically (X X X a X X).
SPLIT_THREE_GAP_IS_OVERLINE = """
    . . . . . . . .
    . . . X . . . .
    . . . X X . . .
    . . . X X . . .
    . . X a * X . .
    . . . X . . . .
    . . . X . . . .
    . . . . . . . .
"""


def test_split_three_with_a_free_gap_is_real():
    state, marks = position(SPLIT_THREE_REAL)
    assert state.foul_at(*marks["*"]) == "double-three"


def _without(diagram: str, row: int, replacement: str) -> str:
    """The diagram with one row replaced (rows counted from 0)."""
    rows = diagram.strip("\n").splitlines()
    rows[row] = "    " + replacement
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    "diagram, gap_foul, defused",
    [
        # without the vertical four under "a" the position is SPLIT_THREE_REAL
        (SPLIT_THREE_GAP_IS_DOUBLE_FOUR, "double-four", SPLIT_THREE_REAL),
        # without the diagonal stones "a" is a legal 4-3
        (
            SPLIT_THREE_GAP_IS_DOUBLE_THREE,
            "double-three",
            _without(
                _without(SPLIT_THREE_GAP_IS_DOUBLE_THREE, 1, ". . . . X . . ."),
                2,
                ". . . . X . . .",
            ),
        ),
        # without the stones above "a" its column holds only a X X: a legal 4-3
        (
            SPLIT_THREE_GAP_IS_OVERLINE,
            "overline",
            _without(
                _without(
                    _without(SPLIT_THREE_GAP_IS_OVERLINE, 1, ". . . . . . . ."),
                    2,
                    ". . . . X . . .",
                ),
                3,
                ". . . . X . . .",
            ),
        ),
    ],
)
def test_three_completed_only_on_a_forbidden_point_is_false(diagram, gap_foul, defused):
    state, marks = position(diagram)
    star, gap = marks["*"], marks["a"]
    # the reason: with a black stone on *, the only completion point of the horizontal three
    # is a foul
    probe, _ = position(diagram.replace("*", "X"))
    assert probe.foul_at(*gap) == gap_foul
    # so * makes one real three only, and is legal
    assert state.foul_at(*star) is None
    assert state.is_legal(*star)
    # control: once "a" is no longer forbidden, the horizontal three is real again
    state, marks = position(defused)
    assert state.foul_at(*marks["*"]) == "double-three"


def test_three_with_one_forbidden_and_one_free_completion_is_real():
    # horizontal: . X * X . -> straight four on "a" or on "b"; "b" is an overline point
    # (vertical X X X b X X) but "a" is free, so the three is real.
    diagram = """
        . . . . . . . . .
        . . . . X . X . .
        . . . . X . X . .
        . . . . . . X . .
        . . a X * X b . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . . . .
    """
    probe, probe_marks = position(diagram.replace("*", "X"))
    assert probe.foul_at(*probe_marks["b"]) == "overline"
    assert probe.foul_at(*probe_marks["a"]) is None
    state, marks = position(diagram)
    assert state.foul_at(*marks["*"]) == "double-three"


def test_four_and_three_is_legal():
    # horizontal four O X X X * (one way to five), vertical open three X X *
    state, marks = position(
        """
        . . . . . . .
        . . . . . . .
        . . . . X . .
        . . . . X . .
        O X X X * . .
        . . . . . . .
        . . . . . . .
        """,
        origin=(2, 3),
    )
    assert state.foul_at(*marks["*"]) is None


def test_four_three_three_is_a_double_three():
    # horizontal four plus two open threes (vertical and diagonal)
    state, marks = position(
        """
        . . . . . . .
        . . . . . . .
        . . X . X . .
        . . . X X . .
        O X X X * . .
        . . . . . . .
        . . . . . . .
        """,
        origin=(2, 3),
    )
    # the diagonal X X * comes down-right from row 2, the vertical X X * stands above *
    assert state.foul_at(*marks["*"]) == "double-three"


# --- double-four ---------------------------------------------------------------------------


def test_two_fours_in_two_lines_make_a_double_four():
    state, marks = position(
        """
        . . . . O . .
        . . . . X . .
        . . . . X . .
        . . . . X . .
        O X X X * . .
        . . . . . . .
        """
    )
    assert state.foul_at(*marks["*"]) == "double-four"


@pytest.mark.parametrize(
    "row",
    [
        "X . X * X . X",  # X.XXX.X with the move in the middle of the three
        "X . * X X . X",  # the same shape, the move at the end of the three
        "X X . * X . X X",  # XX.XX.XX
        "X X X . * . X X X",  # XXX.X.XXX
    ],
)
def test_two_fours_on_one_line_make_a_double_four(row):
    state, marks = position(row, origin=(2, 7))
    assert state.foul_at(*marks["*"]) == "double-four"


def test_straight_four_is_a_single_four():
    state, marks = position(". X X X * . .", origin=(3, 7))
    assert state.foul_at(*marks["*"]) is None


def test_four_whose_completions_give_overlines_is_no_four():
    # horizontal: O X X X * . X  -> either empty point would make six, so no four here;
    # with the vertical four that leaves one four: legal.
    blocked = """
        . . . . O . .
        . . . . X . .
        . . . . X . .
        . . . . X . .
        O X X X * . X
        . . . . . . .
    """
    state, marks = position(blocked, origin=(2, 3))
    assert state.foul_at(*marks["*"]) is None
    # replace the far X by an empty point and the horizontal four is real: double-four
    state, marks = position(blocked.replace("* . X", "* . ."), origin=(2, 3))
    assert state.foul_at(*marks["*"]) == "double-four"


# --- overline and five ---------------------------------------------------------------------


def test_six_in_a_row_is_an_overline_foul():
    state, marks = position("X X X * X X", origin=(3, 7))
    assert state.foul_at(*marks["*"]) == "overline"


def test_seven_in_a_row_is_an_overline_foul():
    state, marks = position("X X X * X X X", origin=(3, 7))
    assert state.foul_at(*marks["*"]) == "overline"


def test_black_playing_a_foul_loses():
    state, marks = position("X X X * X X", origin=(3, 7))
    x, y = marks["*"]
    assert state.play(x, y) == WHITE
    assert state.winner == WHITE
    assert state.foul == "overline"
    assert state.winning_line is None
    assert state.is_over


def test_black_foul_event_list():
    state, marks = position(CROSS_THREES)
    x, y = marks["*"]
    assert state.apply((x, y)) == [
        Event(EventKind.STONE, player=BLACK, point=(x, y)),
        Event(EventKind.FOUL, player=BLACK, foul="double-three"),
        Event(EventKind.WIN, player=WHITE),
    ]


def test_exact_five_wins_over_a_double_four():
    # horizontal five X X X X * plus fours in the vertical (O X X X *) and diagonal (O X X X *)
    state, marks = position(
        """
        O . . . O . . .
        . X . . X . . .
        . . X . X . . .
        . . . X X . . .
        X X X X * . . .
        . . . . . . . .
        """,
        origin=(1, 3),
    )
    x, y = marks["*"]
    assert state.foul_at(x, y) is None
    assert state.play(x, y) == BLACK
    assert state.foul is None
    assert state.winning_line == [(x - 4, y), (x - 3, y), (x - 2, y), (x - 1, y), (x, y)]


def test_exact_five_wins_over_an_overline_in_another_line():
    state, marks = position(
        """
        . . . . X .
        . . . . X .
        . . . . X .
        X X X X * .
        . . . . X .
        . . . . X .
        """,
        origin=(2, 3),
    )
    x, y = marks["*"]
    assert state.foul_at(x, y) is None
    assert state.play(x, y) == BLACK
    assert state.winning_line == [(x - 4, y), (x - 3, y), (x - 2, y), (x - 1, y), (x, y)]


def test_white_overline_wins_in_renju():
    state, marks = position("O O O * O O", origin=(3, 7), to_move=WHITE)
    x, y = marks["*"]
    assert state.play(x, y) == WHITE
    assert state.winning_line == [(x - 3 + k, y) for k in range(6)]


# --- legal actions and draws ---------------------------------------------------------------


def test_legal_actions_leave_out_exactly_the_forbidden_points():
    state, marks = position(SPLIT_THREE_REAL)
    forbidden = state.forbidden_points()
    empty = [(i % 15, i // 15) for i, v in enumerate(state.board) if v == 0]
    assert marks["*"] in forbidden
    assert sorted(state.legal_actions()) == sorted(set(empty) - set(forbidden))
    assert all(state.foul_at(*p) is not None for p in forbidden)
    assert all(state.foul_at(*p) is None for p in state.legal_actions())


# A full board without five (rows X X O O..., see test_rules.no_five_pattern) reworked so that
# row 7 reads O X X X * X X O: the last empty point * is an overline for black. "w" is the
# last white stone still to be played.
ONLY_AN_OVERLINE_LEFT = """
    X X O O X X O O X X O O X X O
    w O O X O O X X O O X X O O X
    X X O O X X O O X X O O X X O
    O O X X O O X X O O X X O O X
    X X O O X X O O X X O O X X O
    O O X X O O X X O O X X O O X
    X X O O X X O O X X O O X X O
    O O X O X X X * X X O X O O X
    X X O O X X O O X X O O X X O
    O O X X O O X X O O X X O O X
    X X O O X X O O X X O O X X O
    O O X X O O X X O O X X O O X
    X O O O X X O O X X O O X X O
    O O X X O O X X O O X X O O X
    X X O O X X O O X X O O X X O
"""


def test_black_left_with_only_forbidden_points_is_a_draw():
    state, marks = position(ONLY_AN_OVERLINE_LEFT, origin=(0, 0), to_move=WHITE)
    assert state.legal_actions() == [marks["w"], marks["*"]]  # white may still play either
    assert state.play(*marks["w"]) == 0
    assert state.winner == 0 and state.is_over and state.foul is None
    assert state.foul_at(*marks["*"]) == "overline"
    assert state.legal_actions() == []
    # built directly, the position is recognised as drawn too
    black = [(i % 15, i // 15) for i, v in enumerate(state.board) if v == BLACK]
    white = [(i % 15, i // 15) for i, v in enumerate(state.board) if v == WHITE]
    assert GomokuState.from_stones(black, white, rule=Rule.RENJU).winner == 0
    # in the other variants the same point is playable
    assert GomokuState.from_stones(black, white, rule=Rule.STANDARD).legal_actions() == [marks["*"]]


# --- cross-check against a definition-by-definition checker --------------------------------
# A second, deliberately naive implementation: a four is counted by its completion points (a
# straight four's two ends counting once), a three by trying every nearby point for a straight
# four. Random positions must get the same verdict from both at every empty point.

_LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


def _colour(board, size, x, y):
    return board[y * size + x] if 0 <= x < size and 0 <= y < size else None


def _row_length(board, size, x, y, dx, dy):
    length = 1
    for sign in (1, -1):
        k = 1
        while _colour(board, size, x + sign * k * dx, y + sign * k * dy) == BLACK:
            length, k = length + 1, k + 1
    return length


def _five_points(board, size, x, y, dx, dy):
    """Offsets k of empty points on the line whose stone makes an exact five through (x, y)."""
    found = []
    for k in range(-4, 5):
        qx, qy = x + k * dx, y + k * dy
        if k == 0 or _colour(board, size, qx, qy) != 0:
            continue
        board[qy * size + qx] = BLACK
        # exact five through q that reaches back to (x, y): |k| < 5 and no gap between them
        between = all(_colour(board, size, x + j * dx, y + j * dy) == BLACK for j in range(min(0, k), max(0, k) + 1))
        if between and _row_length(board, size, qx, qy, dx, dy) == 5:
            found.append(k)
        board[qy * size + qx] = 0
    return found


def _is_straight_four(board, size, x, y, dx, dy):
    points = _five_points(board, size, x, y, dx, dy)
    return _row_length(board, size, x, y, dx, dy) == 4 and len(points) == 2 and abs(points[0] - points[1]) == 5


def _naive_foul_of_stone(board, size, x, y):
    lengths = [_row_length(board, size, x, y, dx, dy) for dx, dy in _LINES]
    if 5 in lengths:
        return None
    if max(lengths) > 5:
        return "overline"
    fours = []
    for dx, dy in _LINES:
        count = len(_five_points(board, size, x, y, dx, dy))
        fours.append(1 if _is_straight_four(board, size, x, y, dx, dy) else count)
    if sum(fours) >= 2:
        return "double-four"
    threes = 0
    for (dx, dy), line_fours in zip(_LINES, fours):
        if line_fours:
            continue
        for k in range(-4, 5):
            qx, qy = x + k * dx, y + k * dy
            if k == 0 or _colour(board, size, qx, qy) != 0:
                continue
            board[qy * size + qx] = BLACK
            real = _is_straight_four(board, size, x, y, dx, dy) and _naive_foul_of_stone(board, size, qx, qy) is None
            board[qy * size + qx] = 0
            if real:
                threes += 1
                break
    return "double-three" if threes >= 2 else None


def naive_foul(board, size, x, y):
    board[y * size + x] = BLACK
    try:
        return _naive_foul_of_stone(board, size, x, y)
    finally:
        board[y * size + x] = 0


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    blacks=st.integers(4, 30),
    white_share=st.floats(0, 1),
    area=st.sampled_from([(5, 9), (4, 10), (3, 11), (0, 14)]),
)
def test_fouls_agree_with_a_naive_checker(seed, blacks, white_share, area):
    rng = random.Random(seed)
    low, high = area
    cells = [(x, y) for x in range(low, high + 1) for y in range(low, high + 1)]
    rng.shuffle(cells)
    whites = int(blacks * white_share)
    board = [0] * 225
    for number, (x, y) in enumerate(cells[: blacks + whites]):
        board[y * 15 + x] = BLACK if number < blacks else WHITE
    before = board.copy()
    verdicts = {}
    for index in range(225):
        if board[index] == 0:
            x, y = index % 15, index // 15
            verdict = renju_foul(board, 15, x, y)
            assert verdict == naive_foul(board, 15, x, y), (
                x,
                y,
                "\n" + "\n".join("".join(".XO"[board[r * 15 + c]] for c in range(15)) for r in range(15)),
            )
            if verdict:
                verdicts[(x, y)] = verdict
    assert board == before  # probing leaves the board as it was
    assert forbidden_points(board, 15) == sorted(verdicts, key=lambda p: (p[1], p[0]))
