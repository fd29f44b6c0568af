"""Connect Four levels: the board, an opening of columns already played, who moves next, the
opponent (an AI level of ai/connect4/agents.py), the objectives (win, win within N moves, survive
N moves) and the lines said after a move.

Rules layer: no pygame, no AI. Columns are written as the letters the board shows ("a" is the
left column); a blocked cell as its column letter and its row counted from the bottom ("d1" is
the bottom cell of column d). `check_connect4` finds what the model alone cannot see (an opening
that cannot be played or is already over, objectives the board has no room for), each problem
with its JSON path, like the other games' checks.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints

from game.rules.connect4.state import COLUMN_NAMES, MAX_SIZE, MIN_SIZE, Connect4State
from game.rules.game_api import IllegalAction
from game.rules.levels.board_level import BoardEvent, BoardOpponent, BoardSurvive, BoardWin, BoardWinWithin
from game.rules.levels.level_base import LevelBase, SideName
from game.rules.levels.problems import Problem, json_path

Connect4AIName = Literal["easy", "medium", "hard"]  # the levels of ai/connect4/agents.py
ColumnLetter = Annotated[str, StringConstraints(pattern=r"^[a-j]$")]
CellName = Annotated[str, StringConstraints(pattern=r"^[a-j]([1-9]|10)$")]


def column_index(letter: str) -> int:
    """ "a" -> 0."""
    return COLUMN_NAMES.index(letter)


def cell_of(name: str) -> tuple[int, int]:
    """ "d1" -> (3, 0): the column, and the row counted from the bottom (0-based)."""
    return COLUMN_NAMES.index(name[0]), int(name[1:]) - 1


class Connect4Opponent(BoardOpponent):
    ai: Connect4AIName


class Connect4Win(BoardWin):
    pass


class Connect4WinWithin(BoardWinWithin):
    pass


class Connect4Survive(BoardSurvive):
    pass


Connect4Objective = Annotated[Union[Connect4Win, Connect4WinWithin, Connect4Survive], Field(discriminator="kind")]


class Connect4Event(BoardEvent):
    """A line said after the player's N-th move."""


class Connect4Level(LevelBase):
    kind: Literal["connect4"]
    columns: int = Field(7, ge=MIN_SIZE, le=MAX_SIZE)
    rows: int = Field(6, ge=MIN_SIZE, le=MAX_SIZE)
    opening: list[ColumnLetter] = Field(
        default_factory=list,
        max_length=MAX_SIZE * MAX_SIZE,
        description='the columns already played, in order, the first side\'s disc first (e.g. ["d", "d", "c"])',
    )
    blocked: list[CellName] = Field(
        default_factory=list,
        max_length=MAX_SIZE * MAX_SIZE,
        description='cells that hold no disc, as column letter and row from the bottom ("d1": the bottom of column d)',
    )
    first: SideName = Field("player", description="who moves first from the opening (that side's colour follows)")
    opponent: Connect4Opponent
    objectives: list[Connect4Objective] = Field(min_length=1, max_length=200)
    events: list[Connect4Event] = Field(default_factory=list, max_length=200)

    def blocked_cells(self) -> list[tuple[int, int]]:
        return [cell_of(name) for name in self.blocked]

    def opening_columns(self) -> list[int]:
        return [column_index(letter) for letter in self.opening]

    def opening_state(self) -> Connect4State:
        """The board after the opening (IllegalAction / ValueError for one that cannot be played:
        the checks say which)."""
        return Connect4State.from_moves(self.opening_columns(), self.columns, self.rows, self.blocked_cells())

    def kind_text(self) -> str:
        """A few words for the campaign map."""
        within = [o.moves for o in self.objectives if o.kind == "win_within" and o.required]
        if within:
            return f"Connect Four puzzle: win in {min(within)}"
        return f"Connect Four, {self.columns}x{self.rows}"


def check_connect4(level: Connect4Level, file: str, prove: object = None) -> list[Problem]:
    """The level's problems the model cannot see alone (each with its JSON path)."""
    problems: list[Problem] = []

    def problem(parts: list, message: str) -> None:
        problems.append(Problem(file, json_path(parts), message))

    seen: dict[tuple[int, int], int] = {}
    for index, name in enumerate(level.blocked):
        column, row = cell_of(name)
        if column >= level.columns or row >= level.rows:
            problem(["blocked", index], f"{name} is off the {level.columns}x{level.rows} board")
        elif (column, row) in seen:
            problem(["blocked", index], f"{name} is blocked twice (also blocked[{seen[(column, row)]}])")
        else:
            seen[(column, row)] = index
    for index, letter in enumerate(level.opening):
        if column_index(letter) >= level.columns:
            problem(
                ["opening", index],
                f"there is no column {letter} on a board of {level.columns} columns "
                f"(a to {COLUMN_NAMES[level.columns - 1]})",
            )
    if problems:
        return problems
    state = Connect4State(level.columns, level.rows, blocked=level.blocked_cells())
    if state.is_terminal:
        problem(["blocked"], "the blocked cells leave no cell to play on")
        return problems
    for index, letter in enumerate(level.opening):
        column = column_index(letter)
        if state.is_terminal:
            end = "a win" if state.winner is not None else "a full board"
            problem(
                ["opening", index],
                f"the game was already over ({end}) before this move: an opening must leave a game to play",
            )
            return problems
        if not state.is_legal(column):
            problem(["opening", index], f"move {index + 1} cannot be played: {state.why_illegal(column)}")
            return problems
        state.push(column)
    if state.is_terminal:
        if state.winner is not None:
            side = "the first side" if state.winner == 0 else "the second side"
            problem(
                ["opening"],
                f"the opening is already won ({side} has four in a row): an opening must leave a game to play",
            )
        else:
            problem(["opening"], "the opening fills the board: it leaves no move to play")
        return problems
    empty = len(state.cells_of(state.empty_cells))
    player_first = level.first == "player"
    player_moves = (empty + (1 if player_first else 0)) // 2
    opponent_moves = (empty + (0 if player_first else 1)) // 2
    if not any(o.required for o in level.objectives):
        problem(["objectives"], "at least one objective must be required (\"required\": true)")
    for index, objective in enumerate(level.objectives):
        parts = ["objectives", index]
        if objective.kind == "win_within" and objective.moves > player_moves:
            problem(
                parts + ["moves"],
                f"{objective.moves} moves is more than the board has room for ({player_moves} of the player's)",
            )
        if objective.kind == "survive" and objective.moves > opponent_moves:
            problem(
                parts + ["moves"],
                f"survive {objective.moves} moves cannot happen: the board has room for "
                f"{opponent_moves} more moves of the opponent's",
            )
    for index, event in enumerate(level.events):
        if event.after_move > player_moves:
            problem(["events", index, "after_move"], f"the player never makes {event.after_move} moves on this board")
    return problems


__all__ = [
    "Connect4Event",
    "Connect4Level",
    "Connect4Objective",
    "Connect4Opponent",
    "Connect4Survive",
    "Connect4Win",
    "Connect4WinWithin",
    "IllegalAction",
    "cell_of",
    "check_connect4",
    "column_index",
]
