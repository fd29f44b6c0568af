"""One agent interface: every AI level of every game in the registry answers `act(observation,
budget_ms)` with a Decision holding a legal action and an explanation in words."""

from __future__ import annotations

import random

import pytest

from ai.agents import install
from game.rules.game_api import Decision, Explanation
from game.rules.registry import GAMES

install()
CASES = [(name, level) for name, kind in GAMES.items() for level in kind.agents]
BUDGET_MS = 15
MOVES = 6


def test_every_game_has_ai_levels():
    assert all(kind.agents for kind in GAMES.values()), [name for name, kind in GAMES.items() if not kind.agents]


@pytest.mark.parametrize("name, level", CASES, ids=[f"{name}-{level}" for name, level in CASES])
def test_every_ai_level_acts_legally_with_words(name, level):
    kind = GAMES[name]
    state = kind.new_state({}, 5)
    agents = [kind.agents[level](seat) for seat in (0, 1)]
    rng = random.Random(5)
    for _ in range(MOVES):
        if state.is_terminal:
            break
        player = state.current_player
        decision = agents[player].act(state.observation(player), BUDGET_MS)
        assert isinstance(decision, Decision)
        assert state.is_legal(decision.action), f"{name} {level} chose {decision.action!r}"
        assert isinstance(decision.explanation, Explanation) and decision.explanation.headline.strip()
        assert all(isinstance(text, str) and text.strip() for text, _score in decision.explanation.options)
        state.apply(decision.action)
        if rng.random() < 0.3 and not state.is_terminal:  # the other side plays something else
            state.apply(rng.choice(state.legal_actions()))


def test_install_is_idempotent():
    before = {name: sorted(kind.agents) for name, kind in GAMES.items()}
    install()
    assert {name: sorted(kind.agents) for name, kind in GAMES.items()} == before


def test_the_registry_names_the_level_agent_makers_and_self_plays_of_the_ai_layer():
    import importlib

    for name, kind in GAMES.items():
        if kind.level_agents:
            module, _, function = kind.level_agents.partition(":")
            assert callable(getattr(importlib.import_module(module), function)), name
    assert {name for name, kind in GAMES.items() if kind.self_play is not None} >= {"cards", "gomoku"}
    steps = GAMES["cards"].self_play("random", 5.0, 0, 1).steps
    assert all(next(steps) >= 1 for _ in range(3))
