"""What the board games' levels share (gomoku, Connect Four): the opponent (an AI level with a
budget per move), the objectives counted in the player's own moves (win, win within N moves,
survive N of the opponent's moves) and the lines said after the player's N-th move. Each game
subclasses them under its own names (its level schema names them so) and narrows `ai` to its AI's
levels.

Rules layer: no pygame, no AI."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from game.rules.levels.level_base import LevelModel, Line, ObjectiveBase, at_least_one
from game.rules.text_fields import MAX_HERO_NAME, Name


class BoardOpponent(LevelModel):
    name: Name = Field("Opponent", min_length=1, max_length=MAX_HERO_NAME)
    portrait: str | None = Field(None, pattern=r"^[a-z0-9_]+$")
    ai: str  # each game's subclass narrows it to its AI's levels
    budget_ms: int = Field(500, ge=5, le=10000, description="thinking time per move")


class BoardWin(ObjectiveBase):
    kind: Literal["win"]


class BoardWinWithin(ObjectiveBase):
    kind: Literal["win_within"]
    moves: int = Field(description="the player's own moves", json_schema_extra={"minimum": 1})

    @field_validator("moves")
    @classmethod
    def _moves(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"win within {value} moves leaves no move to win with: use at least 1")
        return value


class BoardSurvive(ObjectiveBase):
    kind: Literal["survive"]
    moves: int = Field(description="the opponent's moves to live through", json_schema_extra={"minimum": 1})

    @field_validator("moves")
    @classmethod
    def _moves(cls, value: int) -> int:
        return at_least_one(value, "moves")


class BoardEvent(LevelModel):
    """A line said after the player's N-th move."""

    after_move: int = Field(json_schema_extra={"minimum": 1})
    say: Line

    @field_validator("after_move")
    @classmethod
    def _move(cls, value: int) -> int:
        return at_least_one(value, "after_move")
