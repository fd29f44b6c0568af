"""Gomoku levels: the opponent, an opening of placed stones, the objectives (win, win within N
moves, survive, a forced win the validator proves) and the lines said after a move.

Rules layer: no pygame, no AI (the AI names are the levels of ai/gomoku/settings.py).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints, field_validator

from game.rules.levels.level_base import LevelBase, LevelModel, Line, ObjectiveBase, SideName, at_least_one
from game.rules.text_fields import MAX_HERO_NAME, Name

GomokuAIName = Literal["novice", "easy", "medium", "hard", "master"]


class GomokuOpponent(LevelModel):
    name: Name = Field("Opponent", min_length=1, max_length=MAX_HERO_NAME)
    portrait: str | None = Field(None, pattern=r"^[a-z0-9_]+$")
    ai: GomokuAIName
    budget_ms: int = Field(500, ge=5, le=10000, description="thinking time per move")


class Opening(LevelModel):
    black: list[Annotated[str, StringConstraints(pattern=r"^\s*\d+\s*,\s*\d+\s*$", max_length=16)]] = Field(
        max_length=400, default_factory=list, description='stones as "x,y" (column, row from the top-left)'
    )
    white: list[Annotated[str, StringConstraints(pattern=r"^\s*\d+\s*,\s*\d+\s*$", max_length=16)]] = Field(
        default_factory=list, max_length=400
    )


class GomokuWin(ObjectiveBase):
    kind: Literal["win"]


class GomokuWinWithin(ObjectiveBase):
    kind: Literal["win_within"]
    moves: int = Field(description="the player's own moves", json_schema_extra={"minimum": 1})

    @field_validator("moves")
    @classmethod
    def _moves(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"win within {value} moves leaves no move to win with: use at least 1")
        return value


class GomokuSurvive(ObjectiveBase):
    kind: Literal["survive"]
    moves: int = Field(description="the opponent's moves to live through", json_schema_extra={"minimum": 1})

    @field_validator("moves")
    @classmethod
    def _moves(cls, value: int) -> int:
        return at_least_one(value, "moves")


class GomokuForcedWin(ObjectiveBase):
    kind: Literal["forced_win"]
    moves: int = Field(
        description="win within N own moves; the validator proves a forced win (by fours) exists",
        json_schema_extra={"minimum": 1},
    )

    @field_validator("moves")
    @classmethod
    def _moves(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"a forced win in {value} moves is impossible: use at least 1")
        return value


GomokuObjective = Annotated[
    Union[GomokuWin, GomokuWinWithin, GomokuSurvive, GomokuForcedWin], Field(discriminator="kind")
]


class GomokuEvent(LevelModel):
    """A line said after the player's N-th move."""

    after_move: int = Field(json_schema_extra={"minimum": 1})
    say: Line

    @field_validator("after_move")
    @classmethod
    def _move(cls, value: int) -> int:
        return at_least_one(value, "after_move")


class GomokuLevel(LevelBase):
    kind: Literal["gomoku"]
    rule: Literal["freestyle", "standard", "renju"] = "freestyle"
    size: int = Field(15, ge=15, le=20)
    opening: Opening = Field(default_factory=Opening)
    first: SideName = Field("player", description="who moves first from the opening (that side's colour follows)")
    opponent: GomokuOpponent
    objectives: list[GomokuObjective] = Field(min_length=1, max_length=200)
    events: list[GomokuEvent] = Field(default_factory=list, max_length=200)
