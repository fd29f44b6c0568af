"""The skirmish AIs by name (weakest first), for the bench, the CLI and the client.

To add an AI, add one line to AGENTS: its name and a callable taking a seed that returns a fresh
agent. Imports happen inside the callables so that naming an AI loads only that AI."""

from __future__ import annotations

from typing import Callable

from ai.skirmish.agent import SkirmishAgent
from game.rules.skirmish.actions import Action
from game.rules.skirmish.state import SkirmishState


def _random(seed):
    from ai.skirmish.random_agent import RandomAgent

    return RandomAgent(seed)


def _easy(seed):
    from ai.skirmish.easy import EasyAgent

    return EasyAgent(seed)


def _greedy(seed):
    from ai.skirmish.greedy import GreedyAgent

    return GreedyAgent(seed)


def _medium(seed):
    from ai.skirmish.tree import TreeAgent

    return TreeAgent(seed)


def _hard(seed):
    from ai.skirmish.hard import HardAgent

    return HardAgent(seed)


AGENTS: dict[str, Callable[[int | None], SkirmishAgent]] = {
    "random": _random,
    "easy": _easy,
    "greedy": _greedy,
    "medium": _medium,
    "hard": _hard,
}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str, seed: int | None = None) -> SkirmishAgent:
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown skirmish AI {name!r}; known: {', '.join(agent_names())}") from None
    return factory(seed)


def choose(name: str, state: SkirmishState, budget_ms: float, seed: int | None = None) -> Action:
    """One decision by a fresh agent of the named AI on `state` (use agents for whole games:
    medium and hard keep their turn plan between calls)."""
    return make_agent(name, seed).act(state, budget_ms)
