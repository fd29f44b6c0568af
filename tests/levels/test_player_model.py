"""The player model (ai/player_model.py): a stronger AI with a weaker one's slips, for measuring
the campaign; and `levels report`, the curve it measures, held to its bands."""

from __future__ import annotations

import pytest

from ai.agents import install
from ai.levels.opponents import make_opponent, make_player
from ai.player_model import PLAYER_MODEL, PlayerModel
from game.rules.game_api import Decision
from game.rules.levels import load_level
from game.rules.levels.session import LevelSession
from game.rules.registry import GAMES
from game.tools.campaign_report import BAND_HALF_WIDTH, MAX_STEP, LevelRow, band_problems, targets


class _Says:
    def __init__(self, word):
        self.word = word

    def act(self, observation, budget_ms):
        return Decision(self.word)


def test_the_model_slips_at_its_rate_and_is_the_same_for_a_seed():
    model = PlayerModel(_Says("good"), _Says("slip"), 0.25, seed=4)
    first = [model.act(None, 10).action for _ in range(2000)]
    again = PlayerModel(_Says("good"), _Says("slip"), 0.25, seed=4)
    assert [again.act(None, 10).action for _ in range(2000)] == first
    assert 0.22 < first.count("slip") / 2000 < 0.28 and model.slips == first.count("slip")


@pytest.mark.parametrize("level_id", ["c1_hold_the_line", "g2_four_three", "s1_first_muster", "x_four_in_the_gears"])
def test_the_model_plays_a_level_of_every_game_to_its_end(level_id):
    install()
    level = load_level(level_id)
    assert GAMES[level.kind].player_model is not None
    session = LevelSession.create(level, seed=2)
    session.start()
    me, rival = make_player(session, PLAYER_MODEL, 5), make_opponent(session)
    assert isinstance(me, PlayerModel)
    for _ in range(2000):
        if session.over:
            break
        session.run_turn(me if session.is_player_turn else rival, 20)
    assert session.over and me.decisions > 0


def _row(level, rate, target):
    return LevelRow(level, "c" if target else "", "cards", "d", 40, round(rate * 40), rate, 0, 1, 5, "turns", 3, target)


def test_the_bands_fall_from_the_first_chapter_to_the_last_and_catch_a_level_outside():
    assert targets(["a", "b", "c"]) == {"a": 0.9, "b": 0.662, "c": 0.425}
    inside = [_row("one", 0.92, 0.9), _row("two", 0.80, 0.9), _row("bonus", 0.10, None), _row("three", 0.65, 0.662)]
    assert band_problems(inside) == []  # a bonus level may be as hard as it likes
    outside = [_row("one", 0.92, 0.9), _row("two", 0.70, 0.9), _row("three", 0.48, 0.662)]
    assert band_problems(outside) == [
        f"two: won 70%, its chapter aims at 90% (+/- {BAND_HALF_WIDTH:.0%})",
        f"two: 22% harder than one (at most {MAX_STEP:.0%})",
        f"three: won 48%, its chapter aims at 66% (+/- {BAND_HALF_WIDTH:.0%})",
        f"three: 22% harder than two (at most {MAX_STEP:.0%})",
    ]


def test_levels_report_measures_levels_and_writes_its_table(tmp_path, capsys):
    import json

    from game.cli import main

    out = tmp_path / "curve.json"
    status = main(
        ["levels", "report", "--games", "2", "--level", "c1_first_spark", "--no-progress", "--write", str(out)]
    )
    assert status == 0
    text = capsys.readouterr().out
    assert "c1_first_spark" in text and "expected play time for a middling player" in text
    document = json.loads(out.read_text())
    (row,) = document["levels"]
    assert row["level"] == "c1_first_spark" and row["games"] == 2 and row["target"] == 0.9
