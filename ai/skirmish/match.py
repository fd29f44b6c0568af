"""One headless skirmish match between two agents, with every decision timed: the loop the bench,
the CLI and the tests share. Each agent sees only its team's observation."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.rules.skirmish.state import SkirmishState


@dataclass
class MatchResult:
    winner: int | None  # 0, 1 or DRAW
    rounds: int
    actions: list[str] = field(default_factory=list)  # text forms, for replays
    think_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))  # per team


def play_match(state: SkirmishState, agents, budget_ms: float, max_actions: int = 5000) -> MatchResult:
    """Play to the end; agents[team].act(observation, budget_ms). Illegal actions raise."""
    result = MatchResult(None, 0)
    while not state.is_over and len(result.actions) < max_actions:
        team = state.current_player
        seen = state.observation(team)
        start = time.perf_counter()
        action = agents[team].act(seen, budget_ms)
        result.think_ms[team].append((time.perf_counter() - start) * 1000.0)
        state.apply(action)
        result.actions.append(action.text())
    result.winner, result.rounds = state.winner, state.round
    return result
