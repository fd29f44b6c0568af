"""Gomoku levels: the opponent, an opening of placed stones, the objectives (win, win within N
moves, survive, a forced win the validator proves) and the lines said after a move.

Rules layer: no pygame, no AI (the AI names are the levels of ai/gomoku/settings.py).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints, field_validator

from game.rules.levels.board_level import BoardEvent, BoardOpponent, BoardSurvive, BoardWin, BoardWinWithin
from game.rules.levels.level_base import LevelBase, LevelModel, ObjectiveBase, SideName
from game.rules.levels.modifiers import GomokuTwist

GomokuAIName = Literal["novice", "easy", "medium", "hard", "master"]


class GomokuOpponent(BoardOpponent):
    ai: GomokuAIName


class Opening(LevelModel):
    black: list[Annotated[str, StringConstraints(pattern=r"^\s*\d+\s*,\s*\d+\s*$", max_length=16)]] = Field(
        max_length=400, default_factory=list, description='stones as "x,y" (column, row from the top-left)'
    )
    white: list[Annotated[str, StringConstraints(pattern=r"^\s*\d+\s*,\s*\d+\s*$", max_length=16)]] = Field(
        default_factory=list, max_length=400
    )


class GomokuWin(BoardWin):
    pass


class GomokuWinWithin(BoardWinWithin):
    pass


class GomokuSurvive(BoardSurvive):
    pass


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


class GomokuEvent(BoardEvent):
    """A line said after the player's N-th move."""


class GomokuLevel(LevelBase):
    kind: Literal["gomoku"]
    rule: Literal["freestyle", "standard", "renju"] = "freestyle"
    size: int = Field(15, ge=15, le=20)
    opening: Opening = Field(default_factory=Opening)
    first: SideName = Field("player", description="who moves first from the opening (that side's colour follows)")
    opponent: GomokuOpponent
    objectives: list[GomokuObjective] = Field(min_length=1, max_length=200)
    events: list[GomokuEvent] = Field(default_factory=list, max_length=200)
    # left out of dumps when unset, so a level without a twist keeps its digest (saves, the curve)
    twist: GomokuTwist | None = Field(None, exclude_if=lambda value: value is None, description="blocked points")
