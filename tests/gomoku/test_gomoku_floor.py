"""The floor as a rate (game/tools/gomoku_floor.py): which games it plays and what it prints."""

from __future__ import annotations

from game.rules.gomoku import BLACK, WHITE
from game.tools import gomoku_floor
from game.tools.gomoku_bench_data import load_openings


def test_every_opening_is_played_with_both_colours_in_every_seed_set():
    book = load_openings("renju")["openings"]
    tasks = gomoku_floor.tasks_for(["medium", "master"], "renju", range(2, 5))
    assert len(tasks) == 2 * 3 * len(book) * 2
    assert {(t[0], t[2], t[4], t[5]) for t in tasks} == {
        (level, index, colour, seed_set)
        for level in ("medium", "master")
        for index in range(len(book))
        for colour in (BLACK, WHITE)
        for seed_set in (2, 3, 4)
    }
    assert {(t[0], t[6]) for t in tasks} == {("medium", 300.0), ("master", 1000.0)}
    assert all(t[1] == "renju" and t[3] == book[t[2]]["moves"] for t in tasks)


def test_the_summary_counts_losses_and_draws_with_their_interval():
    results = [("hard", i, BLACK, 0, BLACK) for i in range(8)] + [
        ("hard", 3, WHITE, 1, BLACK),  # lost as white
        ("hard", 5, WHITE, 0, 0),  # a draw is not a loss
    ]
    assert gomoku_floor.summary(results, ["hard"]) == [
        "hard lost 1 of 10 to the novice (10.0%, 95% Wilson 1.8%-40.4%), drew 1",
        "    lost: opening 3 as white, seed set 1",
    ]


def test_an_unknown_level_is_refused(capsys):
    assert gomoku_floor.main(["--levels", "medium,grandmaster"]) == 2
    assert "unknown level 'grandmaster'" in capsys.readouterr().err
