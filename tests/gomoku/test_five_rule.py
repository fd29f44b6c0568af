"""One five-in-a-row rule: the rules' ``is_five`` / ``makes_five`` decide, and the state's win
detection, the AI board's win-in-one check and the AI's pattern tables all agree with them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.gomoku.board import Board
from ai.gomoku.patterns import F5_UNIT
from game.rules.gomoku import BLACK, EMPTY, WHITE, GomokuState, Rule
from game.rules.gomoku import rules

ALL_RULES = (Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU)


@pytest.mark.parametrize(
    "rule, player, wins_at",
    [
        (Rule.FREESTYLE, BLACK, {5, 6, 7, 8, 9}),
        (Rule.FREESTYLE, WHITE, {5, 6, 7, 8, 9}),
        (Rule.STANDARD, BLACK, {5}),
        (Rule.STANDARD, WHITE, {5}),
        (Rule.RENJU, BLACK, {5}),
        (Rule.RENJU, WHITE, {5, 6, 7, 8, 9}),
    ],
)
def test_is_five_per_variant(rule, player, wins_at):
    assert {length for length in range(1, 10) if rules.is_five(length, rule, player)} == wins_at


@settings(max_examples=60, deadline=None)
@given(rule=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32 - 1), stones=st.integers(10, 90))
def test_state_board_and_tables_agree_on_every_winning_point(rule, seed, stones):
    # Random stones in a small square so that fours, fives and overlines are common.
    rng = random.Random(seed)
    size = 15
    cells = [EMPTY] * (size * size)
    region = [(x, y) for x in range(3, 12) for y in range(3, 12)]
    rng.shuffle(region)
    for index, (x, y) in enumerate(region[:stones]):
        cells[y * size + x] = BLACK if index % 2 == 0 else WHITE
    board = Board(size, rule)
    # Replay through the AI board in a legal alternating order (colours by parity above).
    blacks = [p for p in range(size * size) if cells[p] == BLACK]
    whites = [p for p in range(size * size) if cells[p] == WHITE]
    for turn in range(len(blacks) + len(whites)):
        board.play((blacks if turn % 2 == 0 else whites)[turn // 2])
    for p in range(size * size):
        if cells[p] != EMPTY:
            continue
        x, y = p % size, p // size
        for colour in (BLACK, WHITE):
            expected = rules.makes_five(cells, size, x, y, colour, rule)
            assert board.makes_five(p, colour) == expected
            assert (board.packs[colour][p] >= F5_UNIT) == expected, (x, y, colour)
            cells[p] = colour
            assert (rules.winning_line(cells, size, x, y, rule) is not None) == expected
            cells[p] = EMPTY


def test_the_state_wins_exactly_where_the_rules_say():
    # Standard rule: the sixth stone of a row does not win, the fifth of another does.
    state = GomokuState(15, Rule.STANDARD)
    for move in [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5), (4, 0), (3, 5), (5, 0), (9, 9)]:
        state.play(*move)
    assert rules.makes_five(state.board, 15, 3, 0, BLACK, Rule.STANDARD) is False  # six
    assert state.play(3, 0) is None
    assert rules.makes_five(state.board, 15, 4, 5, WHITE, Rule.STANDARD) is True
    assert state.play(4, 5) == WHITE and len(state.winning_line) == 5
