"""Connect Four rules: hand-made positions for each way to win, the draw, gravity, illegal drops,
undo, replays and JSON; random playouts for the GameState promises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.connect4 import Connect4State, action_from_json, action_to_json, describe_action
from game.rules.events import Event, EventKind
from game.rules.game_api import GameState, IllegalAction


def snapshot(state: Connect4State) -> tuple:
    return (
        state.moves,
        state.boards,
        state.key(),
        state.current_player,
        state.is_terminal,
        state.winner,
        tuple(state.legal_actions()),
        state.diagram(),
    )


def test_conforms_to_the_game_api():
    state = Connect4State()
    assert isinstance(state, GameState)
    assert state.current_player == 0 and not state.is_terminal and state.winner is None
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 6]


def test_gravity_stacks_discs_from_the_bottom():
    state = Connect4State()
    assert state.apply(3) == [Event(EventKind.STONE, player=0, point=(3, 0))]
    assert state.apply(3) == [Event(EventKind.STONE, player=1, point=(3, 1))]
    assert state.apply(2) == [Event(EventKind.STONE, player=0, point=(2, 0))]
    assert state.cell(3, 0) == 0 and state.cell(3, 1) == 1 and state.cell(2, 0) == 0 and state.cell(3, 2) is None
    assert state.current_player == 1
    assert state.diagram().splitlines()[-3:] == [". . . O . . .", ". . X X . . .", "a b c d e f g"]


def test_horizontal_win():
    # X: a1 b1 c1, O: a2 b2 c2, then X d1
    state = Connect4State.from_moves([0, 0, 1, 1, 2, 2])
    events = state.apply(3)
    assert events[-1] == Event(EventKind.WIN, player=0, line=((0, 0), (1, 0), (2, 0), (3, 0)))
    assert state.is_terminal and state.winner == 0 and state.legal_actions() == []


def test_vertical_win_for_the_second_player():
    # X scatters, O stacks column g four times
    state = Connect4State.from_moves([0, 6, 1, 6, 0, 6, 1])
    events = state.apply(6)
    assert events[0] == Event(EventKind.STONE, player=1, point=(6, 3))
    assert events[1] == Event(EventKind.WIN, player=1, line=((6, 0), (6, 1), (6, 2), (6, 3)))
    assert state.winner == 1


def test_rising_diagonal_win():
    # X on a1 b2 c3 d4, supported by O and X discs below
    moves = [0, 1, 1, 2, 3, 2, 2, 3, 3, 6, 3]
    state = Connect4State.from_moves(moves[:-1])
    assert not state.is_terminal
    events = state.apply(moves[-1])
    assert events[-1].kind is EventKind.WIN and events[-1].player == 0
    assert events[-1].line == ((0, 0), (1, 1), (2, 2), (3, 3))


def test_falling_diagonal_win():
    # X on d4 e3 f2 g1 (the mirror image of the rising one)
    moves = [6, 5, 5, 4, 3, 4, 4, 3, 3, 0, 3]
    state = Connect4State.from_moves(moves[:-1])
    assert not state.is_terminal
    events = state.apply(moves[-1])
    assert events[-1].line == ((3, 3), (4, 2), (5, 1), (6, 0))
    assert state.winner == 0


def test_a_five_counts_and_its_line_is_all_five():
    state = Connect4State.from_moves([0, 0, 1, 1, 3, 3, 4, 4])
    events = state.apply(2)
    assert events[-1].line == ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))


def test_full_board_without_four_is_a_draw():
    # 4x4: columns filled in the pattern X O X O / O X O X per column pair: no four anywhere
    moves = [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2]
    state = Connect4State.from_moves(moves[:-1], columns=4, rows=4)
    assert not state.is_terminal
    events = state.apply(moves[-1])
    assert events[-1] == Event(EventKind.DRAW_GAME)
    assert state.is_terminal and state.winner is None and state.legal_actions() == []
    assert "." not in state.diagram()


@pytest.mark.parametrize("action", [7, -1, 3.0, "3", True, None])
def test_illegal_columns_raise_and_change_nothing(action):
    state = Connect4State.from_moves([3, 3, 4])
    before = snapshot(state)
    assert not state.is_legal(action)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert snapshot(state) == before


def test_full_column_raises_and_changes_nothing():
    state = Connect4State.from_moves([2] * 6)
    before = snapshot(state)
    assert 2 not in state.legal_actions() and not state.is_legal(2)
    with pytest.raises(IllegalAction, match="column c is full"):
        state.apply(2)
    assert snapshot(state) == before


def test_no_move_after_the_end():
    state = Connect4State.from_moves([0, 1, 0, 1, 0, 1, 0])
    assert state.winner == 0
    with pytest.raises(IllegalAction, match="over"):
        state.apply(2)


def test_undo_takes_back_a_win_and_a_disc():
    state = Connect4State.from_moves([0, 0, 1, 1, 2, 2])
    before = snapshot(state)
    state.apply(3)
    assert state.undo() == 3
    assert snapshot(state) == before
    assert state.undo() == 2 and state.moves == (0, 0, 1, 1, 2)
    with pytest.raises(IndexError):
        Connect4State().undo()


def test_replay_from_moves_matches_applying_them():
    moves = [3, 3, 2, 4, 4, 5, 1]
    state = Connect4State()
    for move in moves:
        state.apply(move)
    assert snapshot(Connect4State.from_moves(moves)) == snapshot(state)
    with pytest.raises(IllegalAction, match="move 7"):
        Connect4State.from_moves([0] * 7)


def test_json_round_trip_and_validation():
    for column in range(7):
        assert action_from_json(action_to_json(column), columns=7) == column
    for bad in (True, False, 1.0, "2", None, [1], -1, 10):
        with pytest.raises(ValueError):
            action_from_json(bad)
    with pytest.raises(ValueError, match="0 to 6"):
        action_from_json(7, columns=7)
    with pytest.raises(ValueError):
        action_to_json(True)


def test_describe_action_uses_column_letters():
    state = Connect4State()
    assert describe_action(state, 0) == "Drop in column a"
    assert describe_action(state, 3) == "Drop in column d"
    with pytest.raises(ValueError):
        describe_action(state, 7)


@pytest.mark.parametrize("columns, rows", [(3, 6), (11, 6), (7, 3), (7, 11), (7.0, 6), (True, 6)])
def test_board_sizes_outside_4_to_10_are_refused(columns, rows):
    with pytest.raises(ValueError, match="Connect Four"):
        Connect4State(columns, rows)


def test_smallest_and_largest_boards():
    small = Connect4State(4, 4)
    assert small.legal_actions() == [0, 1, 2, 3]
    big = Connect4State.from_moves([9, 0, 9, 0, 9, 0, 9], columns=10, rows=10)
    assert big.winner == 0 and big.diagram().splitlines()[-1] == "a b c d e f g h i j"


def test_blocked_cells_hold_no_disc_and_raise_the_floor():
    state = Connect4State(blocked=[(0, 1)])
    assert state.cell(0, 1) == -1 and state.height(0) == 2
    assert state.apply(0) == [Event(EventKind.STONE, player=0, point=(0, 2))]
    for _ in range(3):
        state.apply(0)
    assert not state.is_legal(0)
    assert state.diagram().splitlines()[4] == "# . . . . . ."
    with pytest.raises(ValueError):
        Connect4State(blocked=[(7, 0)])


def test_threat_cells():
    state = Connect4State.from_moves([1, 1, 2, 2, 3])  # X: b1 c1 d1; O: b2 c2
    assert state.cells_of(state.winning_cells(0)) == [(0, 0), (4, 0)]
    assert state.cells_of(state.winning_cells(1)) == []
    assert len(state.cells_of(state.playable_cells())) == 7


def test_observation_is_an_independent_copy():
    state = Connect4State.from_moves([3])
    seen = state.observation(1)
    seen.apply(3)
    assert state.moves == (3,)
    with pytest.raises(ValueError):
        state.observation(2)


@settings(max_examples=60, deadline=None)
@given(columns=st.integers(4, 8), rows=st.integers(4, 7), choices=st.lists(st.integers(0, 1000), max_size=80))
def test_random_playouts_keep_the_promises(columns, rows, choices):
    state = Connect4State(columns, rows)
    history = [snapshot(state)]
    picks = iter(choices)
    while not state.is_terminal:
        actions = state.legal_actions()
        assert actions, "a game that is not over has a legal action"
        action = actions[next(picks, 0) % len(actions)]
        assert state.is_legal(action)
        twin = state.clone()
        events = state.apply(action)
        assert events[0].kind is EventKind.STONE and events[0].point[0] == action
        assert snapshot(twin) == history[-1], "the clone does not follow the original"
        history.append(snapshot(state))
    assert state.legal_actions() == []
    if state.winner is None:
        assert len(state.moves) == columns * rows
    else:
        assert len(state.winning_line()) >= 4 and state.winner == (len(state.moves) - 1) % 2
    assert snapshot(Connect4State.from_moves(state.moves, columns, rows)) == history[-1]
    while state.moves:
        history.pop()
        state.undo()
        assert snapshot(state) == history[-1]
