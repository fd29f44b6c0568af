"""Skirmish levels: the arena, each team's three heroes, the objectives (defeat all, survive,
protect a hero, reach a cell) and the lines said when a round starts or a hero falls.

Rules layer: no pygame, no AI (the AI names are those of ai/skirmish/registry.py).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Discriminator, Field, StringConstraints, Tag, field_validator, model_validator

from game.rules.skirmish.data import InlineMap
from game.rules.levels.level_base import Label, LevelBase, LevelModel, Line, ObjectiveBase, at_least_one
from game.rules.levels.modifiers import SkirmishTwist
from game.rules.text_fields import MAX_HERO_NAME, Name

SkirmishAIName = Literal["random", "easy", "greedy", "medium", "hard"]  # ai/skirmish/registry.py


Cell = Annotated[list[int], Field(min_length=2, max_length=2, description="[x, y]: column, row from the top-left")]


class SkirmishHero(LevelModel):
    """A hero on the arena when the level starts: its class, its cell, and optionally a label
    (objectives and events name it) and a name shown in the objectives."""

    hero: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")] = Field(
        description="a hero class id of levels/skirmish/heroes.json (knight, mage, cleric, ...)"
    )
    at: Cell
    label: Label | None = None
    name: Name | None = Field(
        None, min_length=1, max_length=MAX_HERO_NAME, description="shown in objectives instead of the label"
    )
    health: int | None = Field(None, ge=1, le=999, description="starts wounded: this much health (at most the class's)")


class SkirmishSide(LevelModel):
    heroes: list[SkirmishHero] = Field(min_length=3, max_length=3, description="three heroes (the game's team size)")


class SkirmishOpponent(SkirmishSide):
    name: Name = Field("Opponent", min_length=1, max_length=MAX_HERO_NAME)
    portrait: str | None = Field(None, pattern=r"^[a-z0-9_]+$")
    ai: SkirmishAIName
    budget_ms: int = Field(300, ge=5, le=10000, description="the AI's thinking time per action")


def _rounds(value: int | None, what: str) -> int | None:
    return value if value is None else at_least_one(value, what)


class SkirmishDefeatAll(ObjectiveBase):
    kind: Literal["defeat_all"]
    within: int | None = Field(None, description="by the end of round N", json_schema_extra={"minimum": 1})

    @field_validator("within")
    @classmethod
    def _within(cls, value):
        return _rounds(value, "within")


class SkirmishSurvive(ObjectiveBase):
    kind: Literal["survive"]
    rounds: int = Field(description="rounds to live through with a hero standing", json_schema_extra={"minimum": 1})

    @field_validator("rounds")
    @classmethod
    def _rounds(cls, value: int) -> int:
        return at_least_one(value, "rounds")


class SkirmishProtect(ObjectiveBase):
    kind: Literal["protect"]
    label: Label = Field(description="the labelled hero of the player's that must not fall")


class SkirmishReach(ObjectiveBase):
    kind: Literal["reach"]
    cell: Cell
    hero: Label | None = Field(None, description="the labelled hero of the player's that must get there (default: any)")
    within: int | None = Field(None, description="by the end of round N", json_schema_extra={"minimum": 1})

    @field_validator("within")
    @classmethod
    def _within(cls, value):
        return _rounds(value, "within")


SkirmishObjective = Annotated[
    Union[SkirmishDefeatAll, SkirmishSurvive, SkirmishProtect, SkirmishReach], Field(discriminator="kind")
]


class SkirmishWhen(LevelModel):
    """When a skirmish event fires (once): exactly one condition (`hero` goes with `health_at_most`)."""

    round: int | None = Field(None, description="at the start of round N", json_schema_extra={"minimum": 1})
    died: Label | None = Field(None, description="when the labelled hero (either side) falls")
    health_at_most: int | None = Field(
        None, ge=0, le=999, description="when the health of the labelled hero `hero` (either side) drops to N or less"
    )
    hero: Label | None = Field(None, description="the labelled hero whose health `health_at_most` watches")

    @model_validator(mode="after")
    def _one(self) -> "SkirmishWhen":
        given = [name for name in ("round", "died", "health_at_most") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError(
                "give exactly one of round, died, health_at_most" + (f" (found {', '.join(given)})" if given else "")
            )
        if self.round is not None:
            at_least_one(self.round, "round")
        if (self.health_at_most is None) != (self.hero is None):
            raise ValueError('"health_at_most" and "hero" go together: the labelled hero whose health is watched')
        return self


class SkirmishEvent(LevelModel):
    """Lines said when something happens during the fight."""

    when: SkirmishWhen
    say: list[Line] = Field(min_length=1, max_length=200)


def _map_form(value) -> str:
    return "named" if isinstance(value, str) else "inline"


# A map file's name, or the map itself: a tagged union so that a broken inline map is reported on
# its own fields, not also as "not a string".
LevelMap = Annotated[
    Union[
        Annotated[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")], Tag("named")],
        Annotated[InlineMap, Tag("inline")],
    ],
    Discriminator(_map_form),
]


class SkirmishLevel(LevelBase):
    kind: Literal["skirmish"]
    map: LevelMap = Field(
        description="an arena of levels/skirmish/maps/ by name (corridors, pillars, ruins, ...), or a map written here"
    )
    player: SkirmishSide = Field(description="the player's team (the first team)")
    opponent: SkirmishOpponent
    objectives: list[SkirmishObjective] = Field(min_length=1, max_length=200)
    events: list[SkirmishEvent] = Field(default_factory=list, max_length=200)
    # left out of dumps when unset, so a level without a twist keeps its digest (saves, the curve)
    twist: SkirmishTwist | None = Field(None, exclude_if=lambda value: value is None, description="the storm, changed")
