"""The card AIs by name, for the commands (`bot locm --ai`, `arena`) and the client.

To add an AI, add one line to AGENTS: its name and a callable taking a seed (int or None) that
returns a fresh `CardAgent`. Imports are done inside the callables so that naming an AI only
loads that AI.
"""

from __future__ import annotations

from typing import Callable

from ai.cards.agent import CardAgent


def _random(seed: int | None) -> CardAgent:
    from ai.cards.random_agent import RandomAgent

    return RandomAgent(seed)


def _easy(seed: int | None) -> CardAgent:
    from ai.cards.rule_bot import RuleAgent

    return RuleAgent(seed)


AGENTS: dict[str, Callable[[int | None], CardAgent]] = {
    "random": _random,
    "easy": _easy,
    "medium": lambda seed: __import__("ai.cards.planner", fromlist=["PlannerAgent"]).PlannerAgent(seed),
    "hard": lambda seed: __import__("ai.cards.ismcts", fromlist=["ISMCTSAgent"]).ISMCTSAgent(seed),
}


def agent_names() -> list[str]:
    """The registered names, in registration order (weakest first by convention)."""
    return list(AGENTS)


def make_agent(name: str, seed: int | None = None) -> CardAgent:
    """A fresh agent of the named AI (KeyError naming the known ones if there is none)."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown card AI {name!r}; known: {', '.join(agent_names())}") from None
    return factory(seed)
