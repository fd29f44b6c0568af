"""Playing what an agent decided: the one rule every caller follows (the headless game loop,
level sessions, the client).

An agent answers with several actions to play in order. Each is checked just before it is
played: the first must be legal (else the agent has a bug: IllegalAction); a later one that has
become illegal (a random effect or a card drawn after the plan was made) ends the decision, and
the agent is asked again with what it can see now. The decision also ends with the turn or the
game. The time an agent gets is what is left of its turn's budget, never less than a small floor.
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence

from game.rules.cards.actions import Action, Kind
from game.rules.cards.state import IllegalAction

BUDGET_FLOOR_MS = 5.0  # an agent always gets a moment to answer, even when its turn's time is spent


def remaining_budget(budget_ms: float, spent_ms: float) -> float:
    """The time an agent gets for its next decision in a turn of `budget_ms` of which `spent_ms` is used."""
    return max(budget_ms - spent_ms, min(BUDGET_FLOOR_MS, budget_ms))


class DecisionSteps:
    """Iterate over the actions of a decision that may be played now, one at a time (the caller
    plays each before asking for the next). `replanned` says whether the decision was cut short
    because an action had become illegal."""

    def __init__(self, battle, actions: Sequence[Action], over: Callable[[], bool] | None = None):
        self.battle = battle
        self.actions = list(actions)
        self.over = over or (lambda: battle.winner is not None)
        self.seat = battle.current
        self.replanned = False

    def __iter__(self) -> Iterator[Action]:
        if not self.actions:
            raise IllegalAction("the decision has no action")
        for index, action in enumerate(self.actions):
            if self.over() or self.battle.current != self.seat:
                return
            reason = self.battle.illegal_reason(action)
            if reason is not None:
                if index == 0:
                    raise IllegalAction(f"{action.text(self.battle.lanes)}: {reason}")
                self.replanned = True
                return
            yield action
            if action.kind == Kind.END_TURN:
                return
