"""The campaign's measured difficulty curve is kept with the levels (issue #33).

`levels/campaign_curve.json` is what `duelmind levels report --games 30 --jobs 2 --write
levels/campaign_curve.json` measured (levels changed since were measured again with `--changed`
or `--level ID`, which merge their rows into the file): every campaign level played by the player
model. Each row carries the digest of the level it measured, so a level edited since then fails
here until it is measured again; the stored rows must keep the bands of
`game.tools.campaign_report`, except the levels listed in KNOWN_OUTSIDE (each with the reason), so
a new level out of its band fails; and the rows' minutes, summed, must come to three to four
hours.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.rules.levels.loader import load_level
from game.rules.levels.session import level_digest
from game.tools.campaign_report import LevelRow, band_problems, campaign_order, expected_minutes, targets

CURVE = Path(__file__).resolve().parents[2] / "levels" / "campaign_curve.json"

# Levels the player model still plays outside their band, and why. A level that comes into its
# band must leave this table too (the test compares the sets), so it only ever shrinks on purpose.
KNOWN_OUTSIDE: set[str] = set()  # none since 2026-11-27 (docs/levels/difficulty.md, "The stored curve")


@pytest.fixture(scope="module")
def curve() -> dict:
    return json.loads(CURVE.read_text(encoding="utf-8"))


def _rows(curve: dict) -> list[LevelRow]:
    return [LevelRow(**row) for row in curve["levels"]]


def test_the_curve_was_measured_by_the_player_model_at_enough_games(curve):
    assert curve["player"] == "human" and curve["games"] >= 20 and curve["budget_ms"] is None
    assert all(row.games == curve["games"] for row in _rows(curve))


def test_every_campaign_level_has_a_row_in_play_order(curve):
    assert [(row.level, row.chapter) for row in _rows(curve)] == campaign_order()


def test_every_row_measured_the_level_as_it_is_now(curve):
    stale = [row.level for row in _rows(curve) if row.digest != level_digest(load_level(row.level))]
    assert stale == [], f"changed since measured, run levels report --level for: {stale}"


def test_every_row_aims_at_its_chapters_target(curve):
    order = campaign_order()
    aims = targets(list(dict.fromkeys(chapter for _, chapter in order if chapter)))
    assert [row.target for row in _rows(curve)] == [aims.get(chapter) for _, chapter in order]
    assert aims[order[0][1]] == 0.9 and aims["final"] == 0.425


def test_the_stored_curve_keeps_its_bands_but_for_the_known_levels(curve):
    problems = band_problems(_rows(curve))
    outside = {problem.split(":")[0] for problem in problems}
    assert outside == KNOWN_OUTSIDE, problems


def test_the_band_check_would_catch_a_level_falling_out(curve):
    # Guards the test above: the same rows with one in-band chapter level made unwinnable must
    # show up, both as out of its band and as a step too hard after the level before it.
    rows = _rows(curve)
    index = next(i for i, row in enumerate(rows) if i and row.target is not None and row.level not in KNOWN_OUTSIDE)
    rows[index] = dataclasses.replace(rows[index], win_rate=0.0)
    names = [problem.split(":")[0] for problem in band_problems(rows)]
    assert names.count(rows[index].level) == 2


def test_every_rows_minutes_follow_the_time_model(curve):
    assert [row.minutes for row in _rows(curve)] == [
        round(expected_minutes(load_level(row.level), row.mean_length, row.win_rate), 1) for row in _rows(curve)
    ]


def test_the_campaign_takes_a_middling_player_three_to_four_hours(curve):
    # Issue #33: three to four hours for a player of middling skill, retries and bonus levels
    # included (the minutes of each row: game/tools/campaign_report.py, expected_minutes).
    total = sum(row.minutes for row in _rows(curve))
    assert 180 <= total <= 240, f"{total:.0f} minutes"
