"""One replay file for every Duelmind game: what was played, by whom, and what the AIs thought.

A replay is JSON (`Replay.model_dump(mode="json")`), versioned by `format`. It holds either a
quick match's `setup` (the options `GameKind.new_state(setup, seed)` takes) or a `level` (its id
or path, with the level's digest when it was played), the `seed`, and the `actions` in order:

- a quick match's actions as the game kind writes them (`GameKind.action_to_json`);
- a level's actions as its session writes them (`LevelSession.actions`: text, draft picks too).

`players` says who sat in each seat (a person, or an AI level with its budget); `thoughts` maps
an action's index to the `Explanation` (game/rules/game_api.py) of the AI that chose it; `result`
says how it ended in words; `rules` is the Duelmind version that recorded it. Playing one back
is `game.rules.replays.playback`; reading and keeping the files, `game.rules.replays.files`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.version import __version__

REPLAY_FORMAT = 1  # bumped when a field changes meaning; a newer file is refused with a sentence

Mode = Literal["quick", "hotseat", "campaign", "watch", "simulate", "referee", "gomocup"]


class Seat(BaseModel):
    """Who played a seat: a person (`name`) or an AI (`ai` level, `budget_ms` per turn or move)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "ai"]
    name: str = ""
    ai: str | None = None
    budget_ms: float | None = None
    portrait: str = ""  # the face the client showed for the seat (its viewer shows it again)


class Outcome(BaseModel):
    """How it ended: the winning seat (None for a draw or an unfinished game) and in words."""

    model_config = ConfigDict(extra="forbid")

    winner: int | None = None
    text: str = ""
    won: bool | None = None  # a level: whether the player met its objectives


class Replay(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: int = REPLAY_FORMAT
    game: str  # the registry's name of the game (game/rules/registry.py)
    mode: Mode
    seed: int
    setup: dict[str, Any] = Field(default_factory=dict)  # a quick match's options
    level: str | None = None  # a level's id (campaign) or file path
    level_digest: str | None = None  # game.rules.levels.session.level_digest when it was played
    level_title: str = ""  # the level's title as the player saw it (lists name it by this)
    players: list[Seat] = Field(default_factory=list)
    actions: list[Any] = Field(default_factory=list)
    thoughts: dict[int, dict] = Field(default_factory=dict)  # action index -> Explanation.to_json()
    result: Outcome = Field(default_factory=Outcome)
    rules: str = __version__  # the Duelmind version that recorded it
    recorded: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    starred: bool = False

    @property
    def is_level(self) -> bool:
        return self.level is not None


__all__ = ["Mode", "Outcome", "REPLAY_FORMAT", "Replay", "Seat"]
