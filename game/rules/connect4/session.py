"""Connect4Session: one attempt at a Connect Four level, with the surface of the other level
sessions (`start`, `apply`, `legal_actions`, `observation`, `run_turn`, `over`, `result`,
`objectives()`, `dialogue()`, `save_data()`, and `LevelSession.resume` replaying it).

Seats are the game's players: 0 drops first (red), 1 second (yellow). The level's opening is
played before the session starts (its discs are not moves of the level); `first` says whether
the player or the opponent has the next disc, and so which colour the player has. An action is
a column number; the saved actions are their JSON (`action_to_json`, as text: "3").
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from game.rules.connect4.level import Connect4Level
from game.rules.connect4.state import Connect4State, action_from_json, action_to_json, column_name
from game.rules.events import Event
from game.rules.game_api import IllegalAction
from game.rules.levels.objectives import BoardObjectiveTracker
from game.rules.levels.session import BoardSession, LevelOver


class Connect4ObjectiveTracker(BoardObjectiveTracker):
    """Connect Four objectives for the player's seat; moves are counted from the level's opening."""

    def __init__(self, objectives: Sequence, player_seat: int, opening_moves: int):
        super().__init__(objectives)
        self.seat = player_seat
        self.opening = opening_moves

    def moves_of(self, state: Connect4State, seat: int) -> int:
        """The discs `seat` dropped since the opening."""
        played = len(state.moves) - self.opening
        first = self.opening & 1  # the seat of the level's first move
        return (played + (1 if seat == first else 0)) // 2

    def moves_left(self, left: int) -> str:
        return f"{left} move{'s' if left != 1 else ''} left"

    def update(self, events, state: Connect4State) -> None:
        if self.outcome is not None:
            return
        mine = self.moves_of(state, self.seat)
        theirs = self.moves_of(state, 1 - self.seat)
        self.judge(
            state.is_terminal, state.winner == self.seat, state.is_terminal and state.winner is None, mine, theirs
        )


class Connect4Session(BoardSession):
    kind = "connect4"
    level: Connect4Level
    tracker: Connect4ObjectiveTracker

    def __init__(self, level: Connect4Level, seed: int = 0):
        super().__init__(level, seed)
        self.state = level.opening_state()
        self.state.seed = self.seed
        self.opening_moves = len(self.state.moves)
        to_move = self.state.current_player
        self.player_seat = to_move if level.first == "player" else 1 - to_move
        self.opponent_seat = 1 - self.player_seat
        self.tracker = Connect4ObjectiveTracker(level.objectives, self.player_seat, self.opening_moves)
        self._said = [False] * len(level.events)

    def legal_actions(self) -> list[int]:
        return self.state.legal_actions() if self.phase == "play" else []

    def is_legal(self, column: object) -> bool:
        return self.phase == "play" and self.state.is_legal(column)

    def saved_action(self, text: str) -> int:
        try:
            value = json.loads(text)
        except ValueError:
            raise IllegalAction(f"not a saved Connect Four move: {text!r}") from None
        return action_from_json(value, self.state.columns)

    def observation(self, seat: int | None = None) -> Connect4State:
        return self.state.observation(self.state.current_player if seat is None else seat)

    def apply(self, action: int | str) -> list[Event]:
        """Drop a disc for the side to move: a column number, or its saved JSON text ("3");
        IllegalAction with the reason, LevelOver after the end."""
        if self.over:
            raise LevelOver("the level is over")
        if self.phase != "play":
            raise IllegalAction("the level has not started")
        if isinstance(action, str):
            action = self.saved_action(action)
        actor = self.state.current_player
        events = self.state.apply(action)
        self.actions.append(json.dumps(action_to_json(action)))
        return self._after(events, actor)

    def run_turn(self, agent, budget_ms: float) -> list[tuple[int, list[Event]]]:
        """Let `agent` (a Connect Four agent: `act(state copy, budget_ms) -> Decision`) drop one
        disc for the side to move. Returns [(column, events)]."""
        decision = agent.act(self.observation(), budget_ms)
        column = decision.action
        if not self.state.is_legal(column):
            raise IllegalAction(
                f"{getattr(agent, 'name', 'the agent')} chose column "
                f"{column_name(column) if isinstance(column, int) and 0 <= column < 10 else column!r}: "
                f"{self.state.why_illegal(column)}"
            )
        played = [(column, self.apply(column))]
        self._took(decision)
        return played


__all__ = ["Connect4ObjectiveTracker", "Connect4Session"]
