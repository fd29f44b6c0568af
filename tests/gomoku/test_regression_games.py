"""Games the AI once lost, replayed as tests, and the ladder's floor: no level from medium up
loses to the novice. Every search here runs on a ``WorkClock`` (a budget in work, not time),
so the moves are the same on any machine and under any load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.gomoku import WorkClock, choose_move
from ai.gomoku.board import Board
from ai.gomoku.threats import SearchContext, ThreatSearch
from game.rules.gomoku import BLACK, WHITE, GomokuState, parse_move

# Master (white) lost this freestyle game to a depth-2 negamax at 1 s per move. Black's 6,5
# (move 27) made a four and an open three at once, but the game was lost long before.
# Analysis (a threat prover: black may play fours and open threes, white may answer on EVERY
# empty point, a white answer counting as refuted when black then has a VCF):
#   after move 8 (white 9,9): no black win within 5 threats;
#   after move 10 (white 10,6): black wins with 4 threats, 11,5 first (depth 3 finds nothing);
#   after move 12 (white 10,5): black wins with 3 threats, as played (8,4 8,3 7,5 ...).
# So 10,6 was the first losing move. From the position before it, these white moves lose
# within 3 threats; 10,10 holds against 4.
LOST_GAME = (
    "9,5 9,7 8,6 7,7 8,7 8,8 8,5 9,9 6,6 10,6 11,5 10,5 8,4 8,3 7,5 10,10 11,11 7,9 6,10 5,7 "
    "7,6 5,6 9,4 10,3 10,4 7,4 6,5 5,5 5,4 9,8 4,3"
).split()
FIRST_LOSING_MOVE = 10  # 1-based: white's 10,6
LOSING_WITHIN_3 = {
    (8, 4),
    (8, 3),
    (9, 6),
    (7, 6),
    (10, 5),
    (5, 6),
    (6, 3),
    (9, 3),
    (9, 4),
    (4, 8),
    (10, 7),
    (7, 3),
    (5, 7),
    (6, 4),
    (10, 3),
    (5, 9),
    (4, 4),
}


def lost_game_position(moves: int) -> GomokuState:
    state = GomokuState(15)
    for text in LOST_GAME[:moves]:
        state.play(*parse_move(text))
    return state


def test_the_recorded_game_is_the_lost_one():
    state = lost_game_position(len(LOST_GAME))
    assert state.winner == BLACK and state.moves[26] == (6, 5)


def test_black_has_a_forced_win_after_the_first_losing_move():
    board = Board.from_state(lost_game_position(FIRST_LOSING_MOVE))
    context = SearchContext(board, float("inf"), lambda: 0.0)
    line = ThreatSearch(context).vct(4, 24, 8, free_threats=4)
    assert line is not None and board.point(line[0]) == (11, 5)


@pytest.mark.slow
def test_master_does_not_play_the_first_losing_move():
    state = lost_game_position(FIRST_LOSING_MOVE - 1)
    assert state.current_player == WHITE
    move = choose_move(state, 1000, "master", clock=WorkClock())
    lost_move = parse_move(LOST_GAME[FIRST_LOSING_MOVE - 1])
    assert move != lost_move
    assert move not in LOSING_WITHIN_3


def test_the_defence_recheck_drops_the_first_losing_move():
    # Black, were it to move, wins within 3 threats; five white moves stop every such win, and
    # the recheck (a 4-threat VCT, the first two threats anywhere) finds that 10,6 only delays it.
    from ai.gomoku.defence import Defence
    from ai.gomoku.settings import LEVEL_SETTINGS

    board = Board.from_state(lost_game_position(FIRST_LOSING_MOVE - 1))
    context = SearchContext(board, float("inf"), WorkClock())
    legal = sorted(board.candidates)
    defence = Defence(context, ThreatSearch(context), LEVEL_SETTINGS["master"], legal)
    assert defence.run() and defence.recheck()
    lost_move = board.index(*parse_move(LOST_GAME[FIRST_LOSING_MOVE - 1]))
    assert lost_move in defence.safe and defence.refuted == {lost_move}
    kept = {board.point(p) for p in defence.root_moves(True)}
    assert (9, 8) in kept and (10, 6) not in kept and not kept & LOSING_WITHIN_3
    assert len(board.moves) == FIRST_LOSING_MOVE - 1


def test_the_defence_recheck_never_drops_the_last_move():
    from ai.gomoku.defence import Defence
    from ai.gomoku.settings import LEVEL_SETTINGS

    board = Board.from_state(lost_game_position(FIRST_LOSING_MOVE - 1))
    context = SearchContext(board, float("inf"), WorkClock())
    lost_move = board.index(*parse_move(LOST_GAME[FIRST_LOSING_MOVE - 1]))
    defence = Defence(context, ThreatSearch(context), LEVEL_SETTINGS["master"], [lost_move])
    defence.threatened, defence.safe = True, [lost_move]
    assert defence.recheck() and defence.root_moves(True) == [lost_move] and not defence.refuted


# --- the ladder's floor ------------------------------------------------------------------------

OPENINGS = json.loads((Path(__file__).parents[2] / "ai/gomoku/openings.json").read_text())["openings"]


def play(black: str, white: str, opening: list[list[int]], budget_ms: float, seed: int) -> int:
    state = GomokuState(15)
    for x, y in opening:
        state.play(x, y)
    turn = 0
    while not state.is_over:
        level = black if state.current_player == BLACK else white
        state.play(*choose_move(state, budget_ms, level, seed=seed + turn, clock=WorkClock()))
        turn += 1
    return state.winner


# The floor over the whole book: medium and hard play every opening of the freestyle book with
# both colours against the novice (96 games), the seeds of `gomoku_floor`'s seed set 0 (its
# games are these). The book was rebuilt (#36) so that equal levels split each opening about
# evenly; on it medium lost none of these 48 games and hard one. The game still lost is a known
# failure, kept visible (strict: a fix must remove the mark). Over more seed sets and the renju
# book the levels lose about 1-4 % of their games to the novice (docs/benchmarks.md's gomoku
# floor section: `python -m game.tools.gomoku_floor`).
STILL_LOST = {("hard", 16, BLACK)}


def _floor_cases():
    for level in ("medium", "hard"):
        for opening in range(len(OPENINGS)):
            for colour in (BLACK, WHITE):
                marks = (
                    [pytest.mark.xfail(strict=True, reason=f"{level} still loses this game to the novice")]
                    if (level, opening, colour) in STILL_LOST
                    else []
                )
                name = f"{level}-opening{opening}-{'black' if colour == BLACK else 'white'}"
                yield pytest.param(level, opening, colour, marks=marks, id=name)


@pytest.mark.slow
@pytest.mark.parametrize("level, opening, colour", list(_floor_cases()))
def test_levels_from_medium_up_beat_the_novice(level, opening, colour):
    # Medium and hard are node-capped; the novice and the budget run on a WorkClock.
    moves = OPENINGS[opening]["moves"]
    black, white = (level, "novice") if colour == BLACK else ("novice", level)
    assert play(black, white, moves, 300, seed=opening) == colour


@pytest.mark.slow
@pytest.mark.parametrize("opening", [2, 3])
def test_master_beats_the_novice_with_either_colour(opening):
    # 1000 ms of work (~32,000 nodes a move), master's budget in a 1 s match. Openings 2 and 3
    # of the first book were the ones master lost at 400 ms; the rebuilt book's openings 2 and 3
    # are kept as the same check (master wins all four games at 1000 ms).
    moves = OPENINGS[opening]["moves"]
    assert play("master", "novice", moves, 1000, seed=7) == BLACK
    assert play("novice", "master", moves, 1000, seed=7) == WHITE
