"""The player model: an AI that plays a level the way a middling person does, for measuring how
hard the campaign is (`duelmind levels simulate LEVEL --player human`, `duelmind levels report`).

A person plays most moves about as well as a decent AI and, now and then, slips: a move made
without reading ahead, an attack that forgets a Guard, a stone placed for the look of it. The
model is that mixture, over the one agent interface: each decision is the stronger AI's, or with
probability `slip` the weaker one's. Which two AIs and how often it slips is each game's own
setting in the registry (`GameKind.player_model`, filled by `ai.agents.install()`); the spacing it
gives against the easy and medium AIs is measured in docs/benchmarks.md.
"""

from __future__ import annotations

import random

from game.rules.game_api import Decision

PLAYER_MODEL = "human"  # its name where an AI level's name is asked for (simulate's --player)


class PlayerModel:
    def __init__(self, strong, weak, slip: float, seed: int | None):
        self.strong = strong
        self.weak = weak
        self.slip = slip
        self.rng = random.Random(seed)
        self.name = PLAYER_MODEL
        self.slips = 0  # decisions the weaker AI made
        self.decisions = 0

    def draft_pick(self, offer, picked, pick: int) -> int:
        """A card draft is made with care: the stronger AI's pick."""
        return self.strong.draft_pick(offer, picked, pick)

    def act(self, observation, budget_ms: float) -> Decision:
        self.decisions += 1
        if self.rng.random() < self.slip:
            self.slips += 1
            return self.weak.act(observation, budget_ms)
        return self.strong.act(observation, budget_ms)


__all__ = ["PLAYER_MODEL", "PlayerModel"]
