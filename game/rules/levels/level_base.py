"""What every level file shares, whatever its game: the strict model all level data derives from,
ids and labels, the story and rewards, the objective's common fields and the level's header.

Rules layer: no pygame, no AI. `game.rules.levels.model` assembles the level kinds (cards here,
gomoku in gomoku_level.py, skirmish in skirmish_level.py) into the one model a level file is read by.
"""

from __future__ import annotations

import json
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from game.rules.text_fields import MAX_HERO_NAME, Name

LEVEL_VERSION: Final = 1  # Final: its type is Literal[1], what `version` accepts
# Caps on lists, far above any real level (the largest shipped list has a few dozen items): a
# small file of a million entries is refused at once instead of being checked entry by entry.
MAX_LINES = 200  # dialogue lines in one place
MAX_ITEMS = 1000  # card ids, level ids

LEVEL_ID_PATTERN = r"^[a-z0-9][a-z0-9_]{0,47}$"
LABEL_PATTERN = r"^[a-z][a-z0-9_]{0,31}$"
LevelId = Annotated[str, StringConstraints(pattern=LEVEL_ID_PATTERN)]
Label = Annotated[str, StringConstraints(pattern=LABEL_PATTERN)]
SideName = Literal["player", "opponent"]


def whole_version(value):
    """A `version` field before validation: the JSON number 1, not true or 1.0 (both equal 1 in
    Python, so a Literal[1] alone lets them through)."""
    if type(value) is not int:
        try:
            found = json.dumps(value)[:40]
        except (TypeError, ValueError):
            found = type(value).__name__
        raise ValueError(f"must be the whole number 1 (found {found})")
    return value


def at_least_one(value: int, what: str) -> int:
    if value < 1:
        raise ValueError(f"{what} must be at least 1 (got {value})")
    return value


class LevelModel(BaseModel):
    # strict: a number must be a JSON number and a flag true or false ("card": true is not card 1,
    # "ready": "no" is not True), as in the card files
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)


# ---------------------------------------------------------------------------------- story


class Line(LevelModel):
    """One line of dialogue."""

    speaker: Name = Field(min_length=1, max_length=MAX_HERO_NAME)
    text: str = Field(min_length=1, max_length=400)
    portrait: str | None = Field(None, pattern=r"^[a-z0-9_]+$", description="portrait image name (assets)")


class Story(LevelModel):
    before: list[Line] = Field(default_factory=list, max_length=MAX_LINES, description="shown before the level starts")
    after: list[Line] = Field(default_factory=list, max_length=MAX_LINES, description="shown after a win")
    after_loss: list[Line] = Field(default_factory=list, max_length=MAX_LINES, description="shown after a loss")


class Rewards(LevelModel):
    unlocks: list[LevelId] = Field(
        default_factory=list, max_length=MAX_ITEMS, description="levels unlocked by winning this one"
    )
    cards: list[int] = Field(
        default_factory=list, max_length=MAX_ITEMS, description="card ids added to the player's collection"
    )
    message: str = Field("", max_length=200)


class DifficultyStep(LevelModel):
    """What one campaign difficulty changes in a level's AI opponent (game/rules/levels/difficulty.py)."""

    ai: str | None = Field(None, description="the opponent's AI level at this difficulty (one of the game's AI levels)")
    budget_ms: int | None = Field(None, ge=5, le=10000, description="the opponent's thinking time at this difficulty")


class DifficultyLimits(LevelModel):
    """How far the player's difficulty setting (story, normal, hard) may move this level's AI
    opponent. Normal is the level as written; without a step, story is one AI level down and half
    the time, hard one level up and twice the time."""

    story: DifficultyStep | None = None
    hard: DifficultyStep | None = None
    fixed: bool = Field(False, description="true: the level plays the same at every difficulty")


class ObjectiveBase(LevelModel):
    required: bool = Field(True, description="false: a bonus objective (one star each)")
    text: str | None = Field(None, max_length=120, description="shown instead of the generated description")


class LevelBase(LevelModel):
    schema_: str | None = Field(None, alias="$schema", description="the JSON Schema, for editors")
    version: Literal[1] = LEVEL_VERSION

    _version = field_validator("version", mode="before")(classmethod(lambda cls, value: whole_version(value)))
    id: LevelId
    title: Name = Field(min_length=1, max_length=60)
    summary: str = Field("", max_length=200, description="one line for the level list")
    boss: bool = Field(False, description="shown as a boss fight")
    story: Story = Field(default_factory=Story)
    rewards: Rewards = Field(default_factory=Rewards)
    difficulty: DifficultyLimits = Field(
        default_factory=DifficultyLimits, description="what the campaign's difficulty setting changes"
    )
