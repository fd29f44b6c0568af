"""`python main.py bench engine`: random-vs-random throughput (reports numbers; no speed limit
is asserted here, the numbers go in docs/benchmarks.md), and `--vs-gym-locm`, the same-run comparison with
gym-locm's engine (an optional measuring tool: its tests run without it, and a real run only
where it is installed)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

import main
from game.tools.bench_engine import bench, load_gym_locm, random_battle, random_draft, report, versus_gym_locm

from tests.conftest import REPO_ROOT


@pytest.mark.parametrize("lanes", [1, 2])
def test_random_games_end_and_are_reproducible(locm_cards, lanes):
    pool = list(locm_cards.values())
    first = [random_battle(random_draft(pool, rng), rng, lanes) for rng in [random.Random(4)] for _ in range(5)]
    again = [random_battle(random_draft(pool, rng), rng, lanes) for rng in [random.Random(4)] for _ in range(5)]
    assert first == again
    assert all(actions > 10 and winner in (0, 1) for actions, winner in first)


def test_random_draft_gives_two_decks_of_thirty(locm_cards):
    decks = random_draft(list(locm_cards.values()), random.Random(1))
    assert [len(deck) for deck in decks] == [30, 30]


def test_bench_counts(locm_cards):
    result = bench(list(locm_cards.values()), games=20, lanes=2, seed=3)
    assert result["games"] == 20 and result["lanes"] == 2
    assert result["actions"] == sum(
        random_battle(random_draft(list(locm_cards.values()), rng), rng, 2)[0]
        for rng in [random.Random(3)]
        for _ in range(20)
    )
    assert result["actions_per_game"] == pytest.approx(result["actions"] / 20)
    assert 0 < result["draft_seconds"] < result["seconds"]
    assert result["battle_actions_per_s"] > result["actions_per_s"]
    text = report(result)
    assert "2 lanes: 20 games" in text and "baseline" not in text


def test_command_prints_both_lane_variants_in_absolute_figures():
    result = subprocess.run(
        [sys.executable, "main.py", "bench", "engine", "--games", "30"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("1 lane: 30 games") and lines[2].startswith("2 lanes: 30 games")
    for line in lines[1:]:
        assert re.search(r"\d+ games/s, \d+\.\dk actions/s \(\d+\.\dk/s in the battle alone\)", line), line
        assert " x" not in line  # no ratio to a figure measured elsewhere
    print("\n" + result.stdout)


def _without_gym_locm(monkeypatch) -> None:
    """As if gym-locm were not installed, wherever it is (a None entry makes `import` fail)."""
    monkeypatch.setitem(sys.modules, "gym_locm", None)


def test_vs_gym_locm_without_it_says_how_to_install_and_exits_2(monkeypatch, capsys):
    _without_gym_locm(monkeypatch)
    assert load_gym_locm() is None
    assert main.main(["bench", "engine", "--games", "2", "--vs-gym-locm"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing measured: the flag asks for a comparison it cannot make
    assert "--vs-gym-locm needs gym-locm" in captured.err
    assert "pip install --ignore-requires-python --no-deps gym-locm" in captured.err
    assert "gymnasium" in captured.err and "never a dependency" in captured.err


def test_vs_gym_locm_without_it_from_the_command_line():
    code = (
        "import sys; sys.modules['gym_locm'] = None; import main; "
        "sys.exit(main.main(['bench', 'engine', '--games', '2', '--vs-gym-locm']))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, timeout=120)
    assert result.returncode == 2
    assert "--vs-gym-locm needs gym-locm" in result.stderr and "--no-deps gym-locm" in result.stderr


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--lanes", "1"], "compares two-lane games"),
        (["--pool", str(REPO_ROOT / "levels/cards/core.json")], "drop --pool"),
    ],
)
def test_vs_gym_locm_compares_two_lanes_on_the_locm_cards_only(capsys, extra, message):
    assert main.main(["bench", "engine", "--games", "2", "--vs-gym-locm", *extra]) == 2
    assert message in capsys.readouterr().err


GYM_LOCM = load_gym_locm()
needs_gym_locm = pytest.mark.skipif(
    GYM_LOCM is None,
    reason="gym-locm is not installed (optional, for measuring only: "
    "pip install --ignore-requires-python --no-deps gym-locm, plus gymnasium and numpy)",
)


@needs_gym_locm
def test_vs_gym_locm_plays_the_same_number_of_games_alternated(locm_cards):
    pool = list(locm_cards.values())
    ours, theirs = versus_gym_locm(pool, games=5, seed=3, gym=GYM_LOCM)
    assert ours["games"] == theirs["games"] == 5 and ours["lanes"] == theirs["lanes"] == 2
    # Our side of the comparison is exactly the plain bench's games.
    assert ours["actions"] == bench(pool, games=5, lanes=2, seed=3)["actions"]
    assert theirs["actions"] > 5 * 10 and 0 < theirs["draft_seconds"] < theirs["seconds"]


@needs_gym_locm
def test_vs_gym_locm_command_prints_both_figures_and_the_ratio():
    result = subprocess.run(
        [sys.executable, "main.py", "bench", "engine", "--games", "4", "--vs-gym-locm"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("1 lane: 4 games") and lines[2].startswith("2 lanes: 4 games")
    assert re.match(
        r"gym-locm \S+, same run, alternated with ours: 2 lanes: 4 games in [\d.]+ s: \d+ games/s", lines[3]
    )
    assert re.fullmatch(r"Duelmind / gym-locm, 2 lanes, same run: \d+\.\d\dx", lines[4])
    print("\n" + result.stdout)
