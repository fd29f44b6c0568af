"""`duelmind bench deadlines` plays both protocol bots, each margin against the other, with CPU-bound
processes competing, and reports per margin; the burners are gone afterwards."""

from __future__ import annotations

import argparse
import re

from game.tools import bench_deadlines
from game.tools.bench_deadlines import Tally, add_arguments, run


def test_a_short_run_reports_both_margins_of_both_bots_and_stops_its_load(capsys, monkeypatch):
    started = []
    real_start = bench_deadlines.start_load
    monkeypatch.setattr(bench_deadlines, "start_load", lambda count: started.extend(real_start(count)) or started)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--turns", "1", "--load", "1", "--ai", "easy", "--gomoku-level", "easy"])
    assert run(args) == 0
    out = capsys.readouterr().out
    assert "1 CPU-bound process(es) competing" in out
    rows = re.findall(r"^  (adaptive|fixed) +(\d+) replies in (\d+) games, (\d+) late", out, re.M)
    assert [row[0] for row in rows] == ["adaptive", "fixed", "adaptive", "fixed"]  # cards, then gomoku
    assert all(int(replies) >= 1 and int(games) >= 1 for _, replies, games, _late in rows)
    assert len(started) == 1 and started[0].poll() is not None  # the burner was stopped


def test_a_tally_line_gives_the_late_rate_interval_and_percentiles():
    tally = Tally(replies=[10.0, 20.0, 30.0, 40.0], late=0, games=2)
    assert tally.line("fixed", "100 ms") == (  # percentiles by nearest rank (game/tools/stats.py)
        "  fixed     4 replies in 2 games, 0 late (rate 0.00-48.99 %, Wilson 95 %), "
        "p50 20.0 ms, p99 40.0 ms, max 40.0 ms (limit 100 ms)"
    )
