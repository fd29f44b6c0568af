"""`python main.py bench engine`: random-vs-random throughput (reports numbers; no speed limit
is asserted here, the numbers go in the README)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from game.tools.bench_engine import bench, random_battle, random_draft, report

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
    assert result["actions"] == sum(random_battle(random_draft(list(locm_cards.values()), rng), rng, 2)[0]
                                    for rng in [random.Random(3)] for _ in range(20))
    assert result["actions_per_game"] == pytest.approx(result["actions"] / 20)
    assert 0 < result["draft_seconds"] < result["seconds"]
    assert result["battle_actions_per_s"] > result["actions_per_s"]
    text = report(result)
    assert "2 lanes: 20 games" in text and "baseline" not in text


def test_command_prints_both_lane_variants_in_absolute_figures():
    result = subprocess.run([sys.executable, "main.py", "bench", "engine", "--games", "30"], capture_output=True,
                            text=True, cwd=REPO_ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("1 lane: 30 games") and lines[2].startswith("2 lanes: 30 games")
    for line in lines[1:]:
        assert re.search(r"\d+ games/s, \d+\.\dk actions/s \(\d+\.\dk/s in the battle alone\)", line), line
        assert " x" not in line  # no ratio to a figure measured elsewhere
    print("\n" + result.stdout)
