"""The random AI: a uniformly random legal action, but END only one time in ten when there is
anything else to do (uniform play ends turns at once half the time and never fights)."""

from __future__ import annotations

from ai.skirmish.agent import SkirmishAgent
from game.rules.skirmish.actions import END, Action


class RandomAgent(SkirmishAgent):
    name = "random"

    def act(self, state, budget_ms: float) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1 or self.rng.random() < 0.1:
            return END
        return self.rng.choice(actions[1:])
