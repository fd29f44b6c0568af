"""`bench connect4`: a tiny run in this process (easy plays fast: its node cap is small)."""

from __future__ import annotations

import json

from game.tools import bench_connect4


def test_a_tiny_match_reports_rates_intervals_and_times(capsys):
    assert bench_connect4.main(["--games", "4", "--levels", "medium,easy", "--no-progress", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["levels"] == ["medium", "easy"]
    first, second = report["first"], report["second"]
    assert first["wins"] + second["wins"] + report["draws"] == 4
    assert first["moving_first"]["n"] == first["moving_second"]["n"] == 2  # colours alternate
    low, high = first["wilson95"]
    assert 0.0 <= low <= first["rate"] <= high <= 1.0
    assert {"p50", "p95", "p99", "max"} <= set(first["move_ms"])


def test_the_same_run_plays_the_same_games():
    one = bench_connect4.play_game("easy", "medium", 3, 60_000.0, 7)
    two = bench_connect4.play_game("easy", "medium", 3, 60_000.0, 7)
    assert one["moves"] == two["moves"] and one["winner"] == two["winner"] and one["opener"] == "second"


def test_the_text_report(capsys):
    assert bench_connect4.main(["--games", "2", "--levels", "easy,easy", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "move time" in out and "p99" in out


def test_bad_levels_and_sizes_are_refused(capsys):
    assert bench_connect4.main(["--levels", "hard", "--no-progress"]) == 2
    assert bench_connect4.main(["--levels", "hard,godlike", "--no-progress"]) == 2
    assert bench_connect4.main(["--columns", "12", "--no-progress"]) == 2
    assert bench_connect4.main(["--games", "0", "--no-progress"]) == 2
    assert "bench connect4:" in capsys.readouterr().err
