"""Gomoku rules: wins in every direction and at every edge, overlines per variant, draws,
undo, clone, the event API, move text, and random games checked against a full rescan.
Renju fouls have their own file (test_renju.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.gomoku import (
    BLACK,
    DIRECTIONS,
    EMPTY,
    WHITE,
    GomokuState,
    Rule,
    format_move,
    parse_move,
)
from tests.gomoku.board_diagrams import position
from game.rules.events import Event, EventKind

ALL_RULES = list(Rule)


def play_all(state: GomokuState, moves) -> None:
    for move in moves:
        state.play(*move)


def interleave(black_moves, white_moves):
    """Moves in playing order: black, white, black, ..."""
    order = []
    for turn in range(len(black_moves) + len(white_moves)):
        order.append((black_moves if turn % 2 == 0 else white_moves)[turn // 2])
    return order


def no_five_pattern(size: int) -> dict[tuple[int, int], int]:
    """A full-board colouring without five in a row anywhere, with 1 more black than white.

    Colour by (x + 2y) mod 4: rows read X X O O X X O O..., each row is shifted by two, so
    columns alternate X O X O, the anti-diagonals repeat X X O O and the diagonals
    X O O X X O O X: no run longer than two in any direction.
    """
    colours = {(x, y): BLACK if (x + 2 * y) % 4 < 2 else WHITE for y in range(size) for x in range(size)}
    blacks = sum(1 for colour in colours.values() if colour == BLACK)
    if blacks * 2 < size * size:  # swap so that black, who moves first, has the extra stone
        colours = {point: BLACK + WHITE - colour for point, colour in colours.items()}
    return colours


def rescan_winner(board: list[int], size: int, rule: Rule) -> int | None:
    """Independent full-board winner check: collect every maximal run and apply the rule."""
    winners = set()
    for y in range(size):
        for x in range(size):
            colour = board[y * size + x]
            if colour == EMPTY:
                continue
            for dx, dy in DIRECTIONS:
                px, py = x - dx, y - dy
                if 0 <= px < size and 0 <= py < size and board[py * size + px] == colour:
                    continue  # not the start of the run
                length = 0
                cx, cy = x, y
                while 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == colour:
                    length += 1
                    cx, cy = cx + dx, cy + dy
                exact_only = rule == Rule.STANDARD or (rule == Rule.RENJU and colour == BLACK)
                if length == 5 or (length > 5 and not exact_only):
                    winners.add(colour)
    assert len(winners) <= 1, "both colours have a winning row"
    return winners.pop() if winners else None


# --- construction ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [15, 16, 19, 20])
def test_new_state(size):
    state = GomokuState(size, Rule.STANDARD)
    assert state.size == size and state.rule is Rule.STANDARD
    assert state.board == [EMPTY] * size * size
    assert state.moves == []
    assert state.current_player == BLACK
    assert state.winner is None and state.winning_line is None and state.foul is None
    assert not state.is_over
    assert len(state.legal_actions()) == size * size
    assert state.legal_actions()[:2] == [(0, 0), (1, 0)]  # row-major: x varies fastest


@pytest.mark.parametrize("size", [14, 21, 0, -15])
def test_unsupported_sizes_are_rejected(size):
    with pytest.raises(ValueError):
        GomokuState(size)


def test_rule_numbers_are_the_gomocup_ones():
    assert (Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU) == (0, 1, 4)
    assert GomokuState(15, 4).rule is Rule.RENJU


def test_coordinates_are_column_then_row():
    state = GomokuState()
    state.play(3, 1)
    assert state.board[1 * 15 + 3] == BLACK
    assert state.at(3, 1) == BLACK
    assert state.diagram().splitlines()[1] == "...X..........."


# --- wins in every direction, at every edge --------------------------------------------------


def fives_touching_the_border(size: int, dx: int, dy: int):
    """Every row of five along (dx, dy) that has a cell on the board's edge (corners included)."""
    edge = (0, size - 1)
    for y in range(size):
        for x in range(size):
            cells = [(x + k * dx, y + k * dy) for k in range(5)]
            if not all(0 <= cx < size and 0 <= cy < size for cx, cy in cells):
                continue
            if any(cx in edge or cy in edge for cx, cy in cells):
                yield cells


def filler_moves(size: int, avoid: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Points on a 3-spaced grid away from ``avoid``: five such stones never form anything."""
    return [
        (x, y)
        for y in range(1, size, 3)
        for x in range(1, size, 3)
        if all(max(abs(x - ax), abs(y - ay)) > 1 for ax, ay in avoid)
    ]


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("size", [15, 20])
@pytest.mark.parametrize("direction", DIRECTIONS, ids=str)
@pytest.mark.parametrize("winner", [BLACK, WHITE], ids=["black", "white"])
def test_five_wins_along_every_edge_and_corner(rule, size, direction, winner):
    dx, dy = direction
    fives = list(fives_touching_the_border(size, dx, dy))
    # horizontal/vertical: 2 full edges plus both ends of every other line
    if direction in ((1, 0), (0, 1)):
        assert len(fives) == 2 * (size - 4) + 2 * (size - 2)
    for number, cells in enumerate(fives):
        # vary which stone of the five is placed last: ends and middle
        last = cells[number % 5]
        winner_moves = [cell for cell in cells if cell != last] + [last]
        other_moves = filler_moves(size, cells)[: 5 if winner == WHITE else 4]
        if winner == BLACK:
            order = interleave(winner_moves, other_moves)
        else:
            order = interleave(other_moves, winner_moves)
        state = GomokuState(size, rule)
        play_all(state, order[:-1])
        assert state.winner is None, cells
        assert state.play(*order[-1]) == winner
        assert state.winning_line == cells  # in line order along (dx, dy)
        assert state.is_over and state.legal_actions() == []
        assert state.foul is None


# --- overlines per variant -------------------------------------------------------------------

BLACK_OVERLINE = "X X X * X X"  # the stone on * makes six


@pytest.mark.parametrize("colour", [BLACK, WHITE], ids=["black", "white"])
def test_overline_wins_in_freestyle(colour):
    row = BLACK_OVERLINE if colour == BLACK else BLACK_OVERLINE.replace("X", "O")
    state, marks = position(row, Rule.FREESTYLE, origin=(4, 7), to_move=colour)
    x, y = marks["*"]
    assert state.play(x, y) == colour
    assert state.winning_line == [(4 + k, 7) for k in range(6)]


@pytest.mark.parametrize("colour", [BLACK, WHITE], ids=["black", "white"])
def test_overline_does_not_win_in_standard(colour):
    row = BLACK_OVERLINE if colour == BLACK else BLACK_OVERLINE.replace("X", "O")
    state, marks = position(row + " . .", Rule.STANDARD, origin=(4, 7), to_move=colour)
    x, y = marks["*"]
    assert state.play(x, y) is None
    assert not state.is_over and state.winning_line is None and state.foul is None
    assert state.current_player != colour  # the game goes on


def test_standard_five_wins_even_next_to_an_overline_in_another_line():
    # horizontal five X X X X *, vertical overline through * (X X * X X X)
    state, marks = position(
        """
        . . . . X
        . . . . X
        X X X X *
        . . . . X
        . . . . X
        . . . . X
        """,
        Rule.STANDARD,
        origin=(3, 3),
    )
    x, y = marks["*"]
    assert state.play(x, y) == BLACK
    assert state.winning_line == [(x - 4 + k, y) for k in range(5)]


def test_freestyle_prefers_reporting_the_exact_five():
    # one move makes an overline vertically and a five horizontally: either wins; the line
    # reported is the five
    state, marks = position(
        """
        . . . . X
        . . . . X
        X X X X *
        . . . . X
        . . . . X
        . . . . X
        """,
        Rule.FREESTYLE,
        origin=(3, 3),
    )
    x, y = marks["*"]
    assert state.play(x, y) == BLACK
    assert state.winning_line == [(x - 4 + k, y) for k in range(5)]


# --- errors ----------------------------------------------------------------------------------


def test_play_rejects_occupied_and_off_board_points_and_finished_games():
    state = GomokuState()
    state.play(7, 7)
    with pytest.raises(ValueError, match="occupied"):
        state.play(7, 7)
    for x, y in [(-1, 0), (0, -1), (15, 0), (0, 15)]:
        with pytest.raises(ValueError, match="off"):
            state.play(x, y)
        assert not state.is_legal(x, y)
    assert state.moves == [(7, 7)] and state.current_player == WHITE
    play_all(state, [(0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)])
    assert state.winner == BLACK
    with pytest.raises(ValueError, match="over"):
        state.play(5, 5)
    assert not state.is_legal(5, 5)


def test_undo_on_an_empty_game_raises():
    with pytest.raises(ValueError):
        GomokuState().undo()


# --- draw ------------------------------------------------------------------------------------


def test_no_five_pattern_has_no_run_longer_than_two():
    colours = no_five_pattern(15)
    assert sum(1 for c in colours.values() if c == BLACK) == 113
    board = [colours[(i % 15, i // 15)] for i in range(225)]
    for y in range(15):
        for x in range(15):
            for dx, dy in DIRECTIONS:
                run = 0
                cx, cy = x, y
                while 0 <= cx < 15 and 0 <= cy < 15 and board[cy * 15 + cx] == board[y * 15 + x]:
                    run += 1
                    cx, cy = cx + dx, cy + dy
                assert run <= 2


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.name)
def test_full_board_without_five_is_a_draw(rule):
    colours = no_five_pattern(15)
    points = sorted(colours, key=lambda p: (p[1], p[0]))
    black_moves = [p for p in points if colours[p] == BLACK]
    white_moves = [p for p in points if colours[p] == WHITE]
    order = interleave(black_moves, white_moves)
    state = GomokuState(15, rule)
    play_all(state, order[:-1])
    assert state.winner is None and len(state.legal_actions()) == 1
    events = state.apply(order[-1])
    assert events == [Event(EventKind.STONE, player=BLACK, point=tuple(order[-1])), Event(EventKind.DRAW_GAME)]
    assert state.winner == 0 and state.is_over
    assert state.winning_line is None and state.foul is None
    assert state.legal_actions() == []
    state.undo()
    assert state.winner is None and state.legal_actions() == [order[-1]]


# --- undo, clone, events, text ---------------------------------------------------------------

BLACK_WINS = [(7, 7), (0, 0), (8, 8), (0, 2), (9, 9), (0, 4), (10, 10), (0, 6), (11, 11)]


def test_undo_restores_everything_after_a_win():
    state = GomokuState(15, Rule.STANDARD)
    play_all(state, BLACK_WINS[:-1])
    before = state.clone()
    assert state.play(11, 11) == BLACK
    assert state.winning_line == [(7, 7), (8, 8), (9, 9), (10, 10), (11, 11)]
    assert state.undo() == (11, 11)
    for name in ("board", "moves", "current_player", "winner", "winning_line", "foul"):
        assert getattr(state, name) == getattr(before, name), name
    assert state.legal_actions() == before.legal_actions()
    # the game goes on differently after the undo
    assert state.play(12, 3) is None and state.current_player == WHITE


def test_undo_restores_a_renju_foul():
    state, marks = position("X X X * X X", Rule.RENJU, origin=(3, 7))
    board, moves = state.board.copy(), state.moves.copy()
    forbidden = state.forbidden_points()
    assert forbidden == [marks["*"]]
    state.play(*marks["*"])
    assert state.foul == "overline" and state.winner == WHITE
    state.undo()
    assert state.foul is None and state.winner is None and state.current_player == BLACK
    assert state.board == board and state.moves == moves
    assert state.forbidden_points() == forbidden


def test_undo_everything_gives_the_empty_board():
    state = GomokuState(15, Rule.FREESTYLE)
    play_all(state, BLACK_WINS)
    for _ in BLACK_WINS:
        state.undo()
    assert state.board == [EMPTY] * 225 and state.moves == []
    assert state.current_player == BLACK and state.winner is None


def test_clone_is_independent():
    state = GomokuState(15, Rule.RENJU)
    play_all(state, BLACK_WINS[:4])
    copy = state.clone()
    copy.play(1, 1)
    copy.play(2, 2)
    assert state.moves == BLACK_WINS[:4] and state.at(1, 1) == EMPTY
    assert state.current_player == BLACK and copy.current_player == BLACK
    state.play(3, 3)
    assert copy.at(3, 3) == EMPTY
    observed = state.observation(WHITE)
    assert observed is not state and observed.board == state.board
    observed.play(4, 4)
    assert state.at(4, 4) == EMPTY


def test_apply_reports_stones_and_the_win():
    state = GomokuState()
    assert state.apply((7, 7)) == [Event(EventKind.STONE, player=BLACK, point=(7, 7))]
    assert state.apply((0, 0)) == [Event(EventKind.STONE, player=WHITE, point=(0, 0))]
    for move in BLACK_WINS[2:-1]:
        state.apply(move)
    assert state.apply((11, 11)) == [
        Event(EventKind.STONE, player=BLACK, point=(11, 11)),
        Event(EventKind.WIN, player=BLACK, line=((7, 7), (8, 8), (9, 9), (10, 10), (11, 11))),
    ]


def test_move_text_round_trip():
    assert format_move((3, 12)) == "3,12"
    assert parse_move("3,12") == (3, 12)
    assert parse_move(" 3 , 12 \r\n") == (3, 12)
    assert parse_move("19,0", size=20) == (19, 0)
    for bad in ["3", "3,4,5", "a,b", "", "3;4", "3,"]:
        with pytest.raises(ValueError):
            parse_move(bad)
    for off_board in ["15,0", "0,15", "-1,3"]:
        with pytest.raises(ValueError):
            parse_move(off_board, size=15)


def test_from_stones_decides_the_side_to_move_and_validates():
    state = GomokuState.from_stones([(7, 7)], [], rule=Rule.STANDARD)
    assert state.current_player == WHITE and state.moves == [(7, 7)]
    state = GomokuState.from_stones([(7, 7), (8, 8)], [(0, 0), (1, 1)])
    assert state.current_player == BLACK and state.moves == [(7, 7), (0, 0), (8, 8), (1, 1)]
    with pytest.raises(ValueError, match="alternate"):
        GomokuState.from_stones([], [(0, 0)])
    with pytest.raises(ValueError, match="alternate"):
        GomokuState.from_stones([(0, 0), (1, 0), (2, 0)], [(5, 5)])
    with pytest.raises(ValueError, match="two stones"):
        GomokuState.from_stones([(0, 0)], [(0, 0)])
    with pytest.raises(ValueError, match="off"):
        GomokuState.from_stones([(15, 0)], [])
    with pytest.raises(ValueError, match="winning"):
        GomokuState.from_stones([(x, 0) for x in range(5)], [(x, 5) for x in range(5)])


# --- random games ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule=st.sampled_from(ALL_RULES), size=st.sampled_from([15, 20]), data=st.data())
def test_random_games_stay_consistent(rule, size, data):
    state = GomokuState(size, rule)
    # Stones are drawn near the centre so that rows form and games end within a few dozen moves.
    low, high = size // 2 - 4, size // 2 + 4
    while not state.is_over and len(state.moves) < 80:
        actions = [(x, y) for x, y in state.legal_actions() if low <= x <= high and low <= y <= high]
        # Now and then black tries any empty point, as a protocol peer may (a renju foul loses).
        if rule == Rule.RENJU and data.draw(st.integers(0, 9)) == 0:
            actions = [(x, y) for x in range(low, high + 1) for y in range(low, high + 1) if state.at(x, y) == EMPTY]
        if not actions:
            break
        mover = state.current_player
        move = data.draw(st.sampled_from(actions))
        foul_expected = state.foul_at(*move) if mover == BLACK else None
        state.play(*move)

        blacks, whites = state.board.count(BLACK), state.board.count(WHITE)
        assert blacks + whites == len(state.moves)
        assert blacks - whites == (1 if state.current_player == WHITE else 0)
        assert state.foul == foul_expected
        rescanned = rescan_winner(state.board, size, rule)
        if state.foul is not None:
            assert state.winner == WHITE and mover == BLACK and rescanned is None
        elif state.winner in (BLACK, WHITE):
            assert state.winner == mover == rescanned
            line = state.winning_line
            assert move in line and all(state.at(*cell) == mover for cell in line)
            assert len(line) == 5 or (len(line) > 5 and rule != Rule.STANDARD)
        else:
            assert rescanned is None and state.winning_line is None
    if rule == Rule.RENJU and not state.is_over and state.current_player == BLACK:
        forbidden = set(state.forbidden_points())
        empty = {(i % size, i // size) for i, v in enumerate(state.board) if v == EMPTY}
        assert forbidden == {p for p in empty if state.foul_at(*p) is not None}
        assert set(state.legal_actions()) == empty - forbidden
    moves = list(state.moves)
    for expected in reversed(moves):
        assert state.undo() == expected
    assert state.board == [EMPTY] * size * size and state.current_player == BLACK
    assert state.winner is None and state.foul is None
