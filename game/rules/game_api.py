"""The one shape every Duelmind game has: a state with legal actions, applied one at a time.

Modelled on OpenSpiel's Python games (a State with `legal_actions`, `apply_action`, `clone`,
the algorithms apart) and python-chess (value-type moves, `push`/`pop`). Every game in the
registry (`game/rules/registry.py`) implements `GameState`; the generic AI search, the level
sessions, the replay format and the conformance test (`tests/architecture/test_game_api.py`)
use nothing else.

- Players are numbered from 0 in every game (seat 0 moves first unless a game says otherwise).
- `apply(action)` plays a legal action and returns what happened (`game.rules.events.Event`);
  an illegal one raises `IllegalAction` and leaves the state as it was.
- An action is a value (a tuple, a dataclass, a string): equal actions compare equal, and the
  game kind turns one into JSON and back (`GameKind.action_to_json` / `action_from_json`).
- `observation(player)` is what that player may see: hidden cards and future draws are not in it.
- `winner` is the winning player once `is_terminal`; None while the game goes on and in a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from game.rules.events import Event

Action = TypeVar("Action")
JsonValue = Any  # what json.loads gives: dict, list, str, int, float, bool or None


class IllegalAction(ValueError):
    """An action the rules do not allow in this state (the state is unchanged)."""


@runtime_checkable
class GameState(Protocol[Action]):
    """What every game's state offers (see the module's docstring for the rules of the shape)."""

    @property
    def current_player(self) -> int: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    def legal_actions(self) -> list[Action]: ...

    def is_legal(self, action: Action) -> bool: ...

    def apply(self, action: Action) -> list[Event]: ...

    def clone(self) -> GameState[Action]: ...

    def observation(self, player: int) -> Any: ...


@dataclass
class Explanation:
    """What an AI considered, in one shape for every game's Tab view: a headline, the options it
    weighed (best first, each with a player's sentence and a score from 0 to 1 for the bar), and
    facts such as the time it used. Words only: no raw coordinates or internal names."""

    headline: str
    options: list[tuple[str, float]] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "headline": self.headline,
            "options": [[text, score] for text, score in self.options],
            "facts": list(self.facts),
        }

    @classmethod
    def from_json(cls, data: dict) -> Explanation:
        return cls(
            str(data.get("headline", "")),
            [(str(t), float(s)) for t, s in data.get("options", [])],
            [str(fact) for fact in data.get("facts", [])],
        )


@dataclass
class Decision:
    """An agent's answer: the action to play and, optionally, why. `warnings`: what the agent
    was told to do and could not (a level's scripted opponent skipping an action whose target is
    gone), for the level designer; the level session keeps them (`LevelSession.warnings`)."""

    action: Any
    explanation: Explanation | None = None
    warnings: list[str] = field(default_factory=list)


class Agent(Protocol):
    """Every AI of every game: what its player may see plus a time budget in, a legal action out."""

    def act(self, observation: Any, budget_ms: float) -> Decision: ...


__all__ = ["Action", "Agent", "Decision", "Explanation", "GameState", "IllegalAction", "JsonValue"]
