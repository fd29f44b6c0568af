"""The random agent: uniform over legal actions (ending the turn included) and draft offers."""

from __future__ import annotations

from typing import Sequence

from ai.cards.agent import CardAgent, Decision
from game.rules.cards.battle import Battle
from game.rules.cards.model import Card
from game.rules.cards.observation import Observation


class RandomAgent(CardAgent):
    name = "random"

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        return self.rng.randrange(len(offer))

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        return Decision([self.rng.choice(observation.battle.legal_actions())])
