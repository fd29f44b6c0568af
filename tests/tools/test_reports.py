"""--report DIR: the charts hold the expected series (checked on the data and on the matplotlib
figures), the PNGs and the page that ties them together are written, and a missing matplotlib is
a sentence before any game is played."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest

pytest.importorskip("matplotlib", reason='the report extra is not installed: pip install -e ".[report]"')

from game.tools import reports
from tests.conftest import CARDLIST


def legend(chart: reports.Chart) -> list[str]:
    return chart.figure().axes[0].get_legend_handles_labels()[1]


def check_page(page: reports.Page, names: list[str]) -> str:
    assert [chart.name for chart in page.charts] == names
    for image in page.images:
        assert image.stat().st_size > 5000 and image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = page.index.read_text()
    assert all(f"src='{name}.png'" in text for name in names)
    return text


def test_balance_charts_flag_outliers_and_draw_mana_curves(tmp_path):
    from game.rules.cards.cardset import load_cardset
    from game.tools.balance import GameSummary, Settings, build_report, run_games

    cards = load_cardset().draftable
    results = run_games(Settings("random", seed=1), 8, progress=False)
    report = build_report(results, cards, Settings("random", seed=1))
    charts = {chart.name: chart for chart in reports.balance_charts(report, results)}
    assert list(charts) == ["card_win_rates", "first_player", "mana_curves", "turns"]
    wins = charts["card_win_rates"]
    drafted = [c for c in report.cards if c.drafted]
    assert wins.labels() == ["cards"] and len(wins.get("cards").y) == len(drafted)
    assert wins.get("cards").y == sorted(wins.get("cards").y, reverse=True)  # sorted, best first
    assert all(lo <= y <= hi for y, lo, hi in zip(wins.get("cards").y, wins.get("cards").low, wins.get("cards").high))
    first = charts["first_player"].get("win rate")
    assert first.x == ["first player", "second player"] and first.y[0] == report.first_wins / 8
    curves = charts["mana_curves"]
    assert legend(curves) == ["winning decks", "losing decks"]
    assert all(sum(s.y) == pytest.approx(30) for s in curves.series)  # a 30-card deck, costs 0..7+
    assert sorted(charts["turns"].get("games").y) == sorted(g.turns for g in results)

    # A card that always wins is flagged, in its own (red) series.
    a, b, c = (card.base_id for card in cards[:3])
    rigged = [
        GameSummary(
            i,
            i % 2,
            20,
            (frozenset([a, b]), frozenset([b, c])) if i % 2 == 0 else (frozenset([b, c]), frozenset([a, b])),
            (Counter(), Counter()),
            (Counter(), Counter()),
        )
        for i in range(60)
    ]
    rigged_report = build_report(rigged, cards[:3], Settings("random"), min_n=50)
    rigged_chart = reports.balance_charts(rigged_report, rigged)[0]
    assert legend(rigged_chart) == ["cards", "outliers"]
    assert [x.split()[0] for x in rigged_chart.get("outliers").x] == [str(a), str(c)]
    assert any("wins too often" in note for note in rigged_chart.notes)

    text = check_page(
        reports.balance_page(report, results, tmp_path, "the text report"),
        ["card_win_rates", "first_player", "mana_curves", "turns"],
    )
    assert "the text report" in text and "Outliers" in text


def test_the_balance_command_writes_its_report_and_keeps_its_text(tmp_path, capsys):
    from main import main

    command = ["cards", "balance", "--games", "6", "--ai", "random", "--jobs", "1", "--no-progress"]
    assert main(command) == 0
    plain = capsys.readouterr().out
    assert main([*command, "--report", str(tmp_path / "report")]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[:-1] == plain.splitlines()[:-1]  # the text stays as it is (but the time)
    assert "report written to" in captured.err and (tmp_path / "report" / "index.html").stat().st_size > 1000


def test_arena_charts_seats_decision_times_and_overruns(tmp_path):
    from game.tools.arena import run_match

    results = run_match("easy", "random", 4, budget_ms=5.0, seed=1, pool=CARDLIST, progress=False)
    charts = {chart.name: chart for chart in reports.arena_charts(results, "easy", "random", 5.0)}
    assert list(charts) == ["first_player", "turns", "decision_times", "overruns"]
    seats = charts["first_player"].get("easy")
    assert seats.x == ["moving first", "moving second", "all games"] and len(seats.low) == 3
    assert legend(charts["decision_times"]) == ["easy", "random"]
    assert len(charts["decision_times"].get("easy").y) == sum(g.p1_decisions for g in results)
    overruns = charts["overruns"]
    assert legend(overruns) == ["easy", "random"] and overruns.reference == 0.0
    assert len(overruns.get("random").y) == sum(len(g.p2_turn_ms) for g in results)
    assert "turns over the 5 ms budget" in overruns.notes[0]
    check_page(reports.arena_page(results, "easy", "random", 5.0, tmp_path, "text"), list(charts))


def test_levels_charts_objective_hit_rates(tmp_path):
    from game.rules.levels import load_level
    from game.rules.levels.loader import find_level
    from game.tools.simulate_levels import report, run_games

    path = find_level("c1_first_spark")
    outcomes = run_games(str(path), 3, "random", budget_ms=5.0, progress=False)
    data = report(load_level(path), outcomes, "random", "level", 5.0)
    charts = {chart.name: chart for chart in reports.levels_charts(data, outcomes)}
    assert list(charts) == ["objectives", "turns", "seconds", "stars"]
    objectives = charts["objectives"]
    assert legend(objectives) == ["level won", "objectives"]
    assert objectives.get("objectives").y == [o["rate"] for o in data["objectives"]]
    assert objectives.get("level won").y == [data["win_rate"]]
    assert sum(charts["stars"].get("games").y) == 3
    check_page(reports.levels_page(data, outcomes, tmp_path, "text"), list(charts))


def test_a_ladder_matrix_reads_both_ways():
    chart = reports.ladder_matrix(["easy", "hard"], {("easy", "hard"): (3.0, 10)})
    assert chart.get("easy").y == [None, 0.3] and chart.get("hard").y == [pytest.approx(0.7), None]
    assert chart.figure().axes[0].get_images()


def test_without_matplotlib_report_says_how_to_install_it(monkeypatch, capsys):
    from main import main

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    assert main(["cards", "balance", "--games", "2", "--ai", "random", "--report", "out"]) == 2
    err = capsys.readouterr().err
    assert 'pip install -e ".[report]"' in err and "Traceback" not in err


def test_levels_simulate_report_json_output_unchanged(tmp_path, capsys):
    from main import main

    command = ["levels", "simulate", "c1_guard_duty", "--games", "2", "--player", "easy", "--json", "--budget-ms", "10"]
    assert main(command) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*command, "--report", str(tmp_path)]) == 0
    with_report = json.loads(capsys.readouterr().out)
    plain.pop("seconds_per_game"), with_report.pop("seconds_per_game")
    assert plain == with_report and (tmp_path / "objectives.png").exists()


def test_the_gomoku_ladder_runs_through_the_execution_layer_and_draws_its_matrix(tmp_path, capsys):
    from main import main

    results = tmp_path / "ladder.jsonl"
    command = [
        "bench",
        "gomoku",
        "--sections",
        "ladder",
        "--pairs",
        "novice:easy",
        "--games",
        "2",
        "--budget-ms",
        "10",
        "--jobs",
        "1",
        "--results",
        str(results),
        "--report",
        str(tmp_path / "report"),
    ]
    assert main(command) == 0
    out = capsys.readouterr().out
    assert "easy vs novice" in out and len(results.read_text().splitlines()) == 1 + 2
    games = [json.loads(line)["game"] for line in results.read_text().splitlines()[1:]]
    charts = reports.ladder_charts(games, [("novice", "easy")], 10.0)
    matrix, replies = charts
    points = sum(1.0 if g["winner"] == "easy" else 0.5 if g["winner"] is None else 0.0 for g in games)
    assert matrix.labels() == ["novice", "easy"] and matrix.get("easy").y == [points / 2, None]
    assert replies.labels() == ["novice", "easy"]
    assert (tmp_path / "report" / "win_rate_matrix.png").stat().st_size > 5000
    assert main(command) == 0  # resumed: both games read back, none played
    assert "easy vs novice" in capsys.readouterr().out and len(results.read_text().splitlines()) == 3
