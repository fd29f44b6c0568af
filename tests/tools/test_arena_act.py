"""The arena plays the card AIs through the one agent interface (`act`, ai/agents.py): the games
are exactly those of the AIs' whole planned turns (`ai.cards.agent.play_game`), with one timing
per plan as before."""

from __future__ import annotations

import random

import pytest

from ai.agents import CardTurnAgent
from ai.cards.agent import play_game as play_whole_plans
from ai.cards.registry import make_agent
from game.rules.cards.battle import Battle
from game.tools.arena import DEFAULT_POOL, load_pool, play_game


def _recording(monkeypatch) -> list:
    played: list = []
    apply = Battle.apply

    def recorded(self, action):
        played.append(action.text(self.lanes))
        return apply(self, action)

    monkeypatch.setattr(Battle, "apply", recorded)
    return played


@pytest.mark.parametrize("names, lanes", [(("easy", "random"), 1), (("random", "easy"), 2)])
def test_act_plays_the_same_games_as_whole_plans(names, lanes, monkeypatch):
    pool = load_pool(DEFAULT_POOL)
    played = _recording(monkeypatch)
    before = play_whole_plans([make_agent(n, seed=4 + i) for i, n in enumerate(names)], pool, random.Random(9), lanes)
    whole = list(played)
    played.clear()
    agents = [CardTurnAgent(make_agent(n, seed=4 + i)) for i, n in enumerate(names)]
    winner, turns, records = play_game(agents, pool, random.Random(9), lanes, 100.0)
    assert played == whole
    assert (winner, turns) == (before.winner, before.turns)
    assert [len(turn.plan_seconds) for turn in records] == [len(record.seconds) for record in before.records]
    assert [turn.player for turn in records] == [record.player for record in before.records]
    assert all(len(turn.act_seconds) >= len(turn.plan_seconds) >= 1 for turn in records)
