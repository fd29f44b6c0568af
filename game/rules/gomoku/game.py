"""Gomoku as a registry game (`game/rules/registry.py`): `GomokuGame` puts the shared shape
(`game/rules/game_api.py`: players 0 and 1, `is_terminal`, `winner` None in a draw, actions as
values) over `GomokuState`, which keeps its own colours (BLACK 1, WHITE 2) because the Gomocup
protocol, the renju rules and the search speak them; black is player 0."""

from __future__ import annotations

from typing import Mapping

from game.rules.game_api import IllegalAction, JsonValue
from game.rules.gomoku.rules import BLACK, Rule, point_name
from game.rules.gomoku.state import DRAW, GomokuState, Move

RULES = {"freestyle": Rule.FREESTYLE, "standard": Rule.STANDARD, "renju": Rule.RENJU}


class GomokuGame:
    """A gomoku game in the shared shape; `board` is the GomokuState underneath."""

    __slots__ = ("board",)

    def __init__(self, board: GomokuState):
        self.board = board

    @property
    def current_player(self) -> int:
        return 0 if self.board.current_player == BLACK else 1

    @property
    def is_terminal(self) -> bool:
        return self.board.is_over

    @property
    def winner(self) -> int | None:
        winner = self.board.winner
        if winner is None or winner == DRAW:
            return None
        return 0 if winner == BLACK else 1

    def legal_actions(self) -> list[Move]:
        return self.board.legal_actions()

    def is_legal(self, action: Move) -> bool:
        return self.board.is_legal(*action)

    def apply(self, action: Move) -> list:
        if not self.is_legal(action):
            raise IllegalAction(f"{point_name(action, self.board.size)} is not a legal move here")
        return self.board.apply(action)

    def clone(self) -> GomokuGame:
        return GomokuGame(self.board.clone())

    def observation(self, player: int) -> GomokuGame:
        return self.clone()  # perfect information


def new_state(setup: Mapping, seed: int) -> GomokuGame:
    """An empty board: "size" (15 by default) and "rule" (freestyle, standard or renju)."""
    rule = setup.get("rule", "freestyle")
    rule = RULES[rule] if isinstance(rule, str) else Rule(rule)
    return GomokuGame(GomokuState(int(setup.get("size", 15)), rule))


def action_to_json(action: Move) -> JsonValue:
    return [int(action[0]), int(action[1])]


def action_from_json(value: JsonValue) -> Move:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        raise ValueError(f"a gomoku move is [x, y] (whole numbers), not {value!r}")
    return value[0], value[1]


def describe_action(state: GomokuGame, action: Move) -> str:
    colour = "Black" if state.current_player == 0 else "White"
    return f"{colour} plays {point_name(action, state.board.size)}"
