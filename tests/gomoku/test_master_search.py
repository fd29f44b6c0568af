"""Master's use of its time and memory: the game memory carried from move to move (and its
bound), the defence that still narrows the root when the clock stops it, and the later
iterations given to unsettled positions. Every search runs on a ``WorkClock``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from ai.gomoku import GameMemory, WorkClock, analyse, engine
from ai.gomoku.board import Board
from ai.gomoku.defence import Defence
from ai.gomoku.threats import SearchContext, ThreatSearch
from game.rules.gomoku import GomokuState, Rule, parse_move

MIDDLE_GAMES = json.loads((Path(__file__).parents[2] / "ai/gomoku/bench_positions.json").read_text())["middle_game"]


def middle_game(index: int) -> GomokuState:
    state = GomokuState(15)
    for x, y in MIDDLE_GAMES[index]["moves"]:
        state.play(x, y)
    return state


def test_the_game_memory_lets_the_same_search_go_deeper():
    # The second search of a position finds the first one's transposition table and threat
    # verdicts, so the same work budget reaches further.
    first_depths, second_depths = [], []
    for index in range(4):
        memory = GameMemory()
        first_depths.append(analyse(middle_game(index), 300, "master", clock=WorkClock(), memory=memory)[1]["depth"])
        assert len(memory.threats) > 0
        second_depths.append(analyse(middle_game(index), 300, "master", clock=WorkClock(), memory=memory)[1]["depth"])
    assert all(second >= first for first, second in zip(first_depths, second_depths))
    assert sum(second_depths) > sum(first_depths)


def test_the_game_memory_is_bounded_and_follows_the_level_and_rule():
    memory = GameMemory(max_threat_entries=100)
    board = Board.from_state(middle_game(0))
    master = engine.LEVEL_SETTINGS["master"]
    threats, tables = memory.for_move(master, board)
    threats.vcf_failed.update((key, 1) for key in range(150))
    tables.tt_keys[5] = 12345
    tables.history[3] = 8
    threats_again, tables_again = memory.for_move(master, board)
    assert threats_again is threats and len(threats) == 0  # over the bound: cleared
    assert tables_again is tables and tables.tt_keys[5] == 12345 and tables.history[3] == 4  # kept, history aged
    renju_board = Board(15, Rule.RENJU)
    _, renju_tables = memory.for_move(master, renju_board)
    assert renju_tables is not tables and renju_tables.tt_keys[5] == 0


def test_the_brain_and_the_client_worker_keep_a_memory():
    # Their searches go through the memory (the levels below master ignore it).
    memory = GameMemory()
    state = middle_game(1)
    analyse(state, 100, "hard", clock=WorkClock(), memory=memory)
    assert memory.tables is None
    analyse(state, 100, "master", clock=WorkClock(), memory=memory)
    assert memory.tables is not None


# Black (to move after white's 9th stone would be the lost game's 10,6) has a forced win by
# threats were it to move now, so white must defend.
LOST_GAME = "9,5 9,7 8,6 7,7 8,7 8,8 8,5 9,9 6,6".split()


def threatened_position() -> GomokuState:
    state = GomokuState(15)
    for text in LOST_GAME:
        state.play(*parse_move(text))
    return state


@pytest.mark.parametrize("keep_partial", [True, False])
def test_an_interrupted_defence_still_narrows_the_root(keep_partial):
    settings = dataclasses.replace(engine.LEVEL_SETTINGS["master"], keep_partial_defence=keep_partial)
    board = Board.from_state(threatened_position())
    context = SearchContext(board, float("inf"), lambda: 0.0)
    legal = sorted(board.candidates)
    defence = Defence(context, ThreatSearch(context), settings, legal)
    finished = engine._phase(context, float("inf"), 2_000, defence.run)  # stopped after 2,000 nodes
    assert finished is None and defence.threatened and 0 < defence.checked < len(defence.candidates)
    moves = defence.root_moves(False)
    if not keep_partial:
        assert moves is None  # the old way: an interrupted defence searched every move
        return
    assert moves and set(moves) <= set(defence.candidates) and len(moves) < len(legal)
    assert moves == (defence.safe or defence.candidates[defence.checked :])
    complete = Defence(context, ThreatSearch(context), settings, legal)
    assert complete.run() and complete.root_moves(True) == complete.safe


def test_unsettled_positions_get_later_iterations():
    # With every new iteration allowed until 90 % of the time when the last one changed the
    # best move, the search never ends shallower and sometimes goes deeper (at 400 ms on the
    # work clock one of the ten stored positions gets an extra iteration; at 300 ms none does).
    # (Without the defence's recheck, whose time in threatened positions would blur the comparison.)
    master = dataclasses.replace(engine.LEVEL_SETTINGS["master"], recheck_threats=0)
    hasty = dataclasses.replace(master, iteration_start_share=0.5, unstable_start_share=0.5)
    patient = dataclasses.replace(master, iteration_start_share=0.5, unstable_start_share=0.9)
    depths = {}
    for name, settings in (("hasty", hasty), ("patient", patient)):
        engine.LEVEL_SETTINGS[name] = settings
        try:
            depths[name] = [
                analyse(middle_game(index), 400, name, clock=WorkClock())[1]["depth"]
                for index in range(len(MIDDLE_GAMES))
            ]
        finally:
            del engine.LEVEL_SETTINGS[name]
    assert all(p >= h for h, p in zip(depths["hasty"], depths["patient"]))
    assert sum(depths["patient"]) > sum(depths["hasty"])


def test_bench_memory_measures_the_gomoku_master(capsys):
    from game.tools import bench_memory

    series = bench_memory.measure_gomoku("master", decisions=6, budget_ms=20.0, checkpoints=3)
    assert [made for made, _ in series] == [2, 4, 6] and all(size > 0 for _, size in series)
    assert bench_memory.main(["--game", "gomoku", "--decisions", "4", "--checkpoints", "2", "--budget-ms", "10"]) == 0
    assert "gomoku master" in capsys.readouterr().out
    assert bench_memory.main(["--game", "gomoku", "--ai", "grandmaster"]) == 2
    assert "unknown gomoku level 'grandmaster'" in capsys.readouterr().err


def test_the_threat_space_bench_counts_the_stored_wins(capsys):
    import re

    from game.tools import bench_gomoku

    tactical = bench_gomoku.load_positions()["tactical"][:3]
    bench_gomoku.bench_threat_space(tactical, node_limit=5_000)
    out = capsys.readouterr().out
    counts = re.findall(r"(\d+) threats \(\d free\): (\d+) wins, (\d+) unfinished, ([\d,]+) nodes", out)
    assert [threats for threats, *_ in counts] == ["3", "4"]
    # Each stored position is a VCF win for the side to move, so every VCT finds at least those.
    assert all(int(wins) >= 3 and int(nodes.replace(",", "")) > 0 for _, wins, _, nodes in counts)
