"""`bench memory`: checkpoints of the memory a card AI keeps alive, and clear errors."""

from __future__ import annotations

from game.tools import bench_memory


def test_checkpoints_are_evenly_spaced_and_measured(capsys):
    series = bench_memory.measure("medium", decisions=30, budget_ms=5.0, lanes=1, checkpoints=3, seed=1)
    assert [made for made, _ in series][-1] >= 30 and len(series) == 3
    assert all(size > 0 for _, size in series)
    assert [made for made, _ in series] == sorted(made for made, _ in series)


def test_the_report_and_bad_arguments(capsys):
    assert bench_memory.main(["--ai", "easy", "--decisions", "20", "--checkpoints", "2", "--budget-ms", "5"]) == 0
    out = capsys.readouterr().out
    assert "after" in out and "growth, second half" in out
    assert bench_memory.main(["--ai", "nobody"]) == 2
    assert bench_memory.main(["--ai", "hard:lethal=x"]) == 2
    assert bench_memory.main(["--decisions", "0"]) == 2
    assert "--decisions must be at least 1" in capsys.readouterr().err
