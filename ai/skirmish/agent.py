"""What every skirmish AI is: an object with `act(state, budget_ms) -> Action` that returns a
legal action for the active hero within the budget (the function form, `choose(...)`, is in registry.py).

Agents are given `state.observation(team)`, whose random generator is not the game's: they can
simulate (in expected-value mode, or by sampling from their own seed) but not read future rolls.
"""

from __future__ import annotations

import random
import time

from game.rules.skirmish.actions import Action
from game.rules.skirmish.state import SkirmishState

# Fraction of the budget a search may use before it stops expanding: the rest covers the work in
# flight (a node's candidate list takes up to ~9 ms when an area ability is checked on every cell
# in range; 0.06 ms at the median), choosing, returning, and a machine busy with other processes
# (on a 2-core machine at load 12, 0.7 left p99 overruns of +26 ms, 0.6 of +12 ms).
SAFETY = 0.5


class SkirmishAgent:
    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, state: SkirmishState, budget_ms: float) -> Action:
        raise NotImplementedError


def deadline(budget_ms: float, start: float | None = None) -> float:
    """The perf_counter time a search should stop expanding by."""
    return (time.perf_counter() if start is None else start) + budget_ms * SAFETY / 1000.0
