"""Asking an AI for its move without stopping the render loop: one request at a time to the
worker pool, polled once per frame. Shared by every scene that has an AI seat (duel, gomoku,
skirmish). Every game asks the same request, "act" (game/client/ai_worker.py), and gets one
action with its `Explanation`; the card AI keeps the rest of its planned turn in the worker, so
a card turn is several requests.

The driver keeps what all of them need: the turn's budget (a turn may take several requests;
each gets what is left, never less than a floor), the answer's timing for `bench ui`, and a
generation count so that an answer to a position that no longer exists (after an undo) is
dropped. What to ask (the game, the seat's AI, the observation) and what to do with the
action stay with the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.rules.cards.decisions import remaining_budget


@dataclass
class AIAnswer:
    result: dict | None  # the worker's answer (None when it failed)
    error: str | None  # the worker's traceback text when it failed


class AIDriver:
    def __init__(self):
        self.job = None
        self.turn = None  # what identifies the turn being played (the spent time resets with it)
        self.spent_ms = 0.0
        self.request_budget_ms = 0.0
        self.generation = 0
        self.stats: list[dict] = []  # per answer: budget_ms, ms (in the worker), wait_ms (seen by the client)

    @property
    def thinking(self) -> bool:
        return self.job is not None

    @property
    def elapsed_ms(self) -> float:
        return self.job.age * 1000 if self.job is not None else 0.0

    def cancel(self) -> None:
        """Forget the request under way (the position changed under it)."""
        self.generation += 1
        self.job = None

    def poll(self, turn, budget_ms: float, submit: Callable[[float], object]) -> AIAnswer | None:
        """Call once per frame while the AI is to act. The first call of a turn sends a request
        (`submit(budget)` returns the pool's job); later calls return None until the answer is
        in, then the AIAnswer (its time counts against the turn's budget)."""
        if turn != self.turn:
            self.turn, self.spent_ms = turn, 0.0
        if self.job is None:
            self.request_budget_ms = remaining_budget(budget_ms, self.spent_ms)
            self.job = submit(self.request_budget_ms)
            self.job.generation = self.generation
            return None
        if not self.job.done:
            return None
        job, self.job = self.job, None
        if job.generation != self.generation:
            return None
        if job.error:
            return AIAnswer(None, job.error)
        self.spent_ms += job.result.get("ms", 0.0)
        self.stats.append(
            {"budget_ms": self.request_budget_ms, "ms": job.result.get("ms", 0.0), "wait_ms": job.age * 1000}
        )
        return AIAnswer(job.result, None)
