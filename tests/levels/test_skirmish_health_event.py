"""A skirmish event that fires when a labelled hero's health drops to N or less
(`{"health_at_most": N, "hero": label}`): when it fires, once, the model's pairing of the two
keys and the check of a label no hero has."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from game.rules.levels import LevelSession
from game.rules.skirmish.actions import END
from tests.levels.test_skirmish_levels import problems, skirmish


def _said(session) -> list[str]:
    return [line.text for line in session.dialogue()]


def test_health_at_most_fires_once_when_the_labelled_hero_drops_to_n():
    level = skirmish(
        opponent={
            "ai": "easy",
            "heroes": [
                {"hero": "berserker", "at": [9, 1], "label": "brute", "health": 60},
                {"hero": "rogue", "at": [9, 4]},
                {"hero": "ranger", "at": [9, 6]},
            ],
        },
        events=[
            {"when": {"health_at_most": 60, "hero": "brute"}, "say": [{"speaker": "Corin", "text": "at 60"}]},
            {"when": {"health_at_most": 59, "hero": "brute"}, "say": [{"speaker": "Corin", "text": "at 59"}]},
            {"when": {"health_at_most": 129, "hero": "brenna"}, "say": [{"speaker": "Corin", "text": "knight"}]},
        ],
    )
    session = LevelSession.create(level, 0)
    session.start()
    # The brute starts at 60: "at most 60" holds at once, "at most 59" does not; the knight is whole (130).
    assert _said(session) == ["at 60"]
    brute = session.state.heroes[3]
    brute.health = 59
    session.apply(END)
    assert _said(session) == ["at 59"]
    brute.health = 10
    session.state.heroes[0].health = 130
    session.apply(END)
    assert _said(session) == []  # each event fires once; the knight is above 129
    session.state.heroes[0].health = 129
    session.apply(END)
    assert _said(session) == ["knight"]


def test_health_at_most_needs_its_hero_and_a_label_that_exists():
    with pytest.raises(ValidationError, match='"health_at_most" and "hero" go together'):
        skirmish(events=[{"when": {"health_at_most": 5}, "say": [{"speaker": "A", "text": "b"}]}])
    with pytest.raises(ValidationError, match="give exactly one of round, died, health_at_most"):
        skirmish(
            events=[
                {"when": {"round": 2, "health_at_most": 5, "hero": "brute"}, "say": [{"speaker": "A", "text": "b"}]}
            ]
        )
    found = problems(events=[{"when": {"health_at_most": 5, "hero": "brutus"}, "say": [{"speaker": "A", "text": "b"}]}])
    assert found == ['$.events[0].when.hero: no hero is labelled "brutus"']
