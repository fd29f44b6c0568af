"""Objectives: tracked from the engine's events and state after every action.

`ObjectiveTracker` (cards) and `GomokuObjectiveTracker` share one shape: `update(events, state)`
after each action (and after the start), `status()` for the list shown to the player, and
`outcome` ("won", "lost" or None while the level goes on).

How a level ends: it is lost as soon as a required objective fails; it is won when every
required objective is met. The game ending settles whatever is still pending. A `keep_alive`
objective is never met early: it fails the moment its creature dies, and is met when the level
otherwise ends (won) with the creature on the board. Bonus objectives (required: false) still
pending when the level ends are not met.

Card turns: the player's turn N is the player's own N-th turn of the level; `survive` counts the
opponent's turns (met when the opponent's N-th turn ends with the player alive, or when the player
wins). A level set late in a duel (`turn`) counts from its start: the engine's side.turns minus
the turns played before it (`turns_before`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.rules.levels.model import SurviveObjective, WinWithinObjective
from game.rules.levels.skirmish_level import SkirmishDefeatAll, SkirmishProtect, SkirmishReach, SkirmishSurvive
from game.rules.events import EventKind

PENDING, MET, FAILED = "pending", "met", "failed"


@dataclass(frozen=True)
class ObjectiveStatus:
    index: int
    kind: str
    text: str
    required: bool
    state: str  # pending, met, failed
    detail: str = ""  # e.g. "turn 2 of 3", "4 moves left"


def describe(objective, label_names: dict[str, str] | None = None, turns_before: int = 0) -> str:
    """The sentence shown for an objective (its `text` if the level gives one). `turns_before`: the
    turns played before a level set late in a duel, so a turn number reads as the duel's (the HUD's)."""
    if objective.text:
        return objective.text
    kind = objective.kind
    if isinstance(objective, (SkirmishDefeatAll, SkirmishSurvive, SkirmishProtect, SkirmishReach)):
        return _describe_skirmish(objective, label_names or {})
    if kind == "win":
        return "Win"
    if kind == "win_within":
        if isinstance(objective, WinWithinObjective):
            return f"Win within {objective.turns} turn{'s' if objective.turns != 1 else ''}"
        return f"Win within {objective.moves} move{'s' if objective.moves != 1 else ''}"
    if kind == "forced_win":
        return f"Find the forced win in {objective.moves} move{'s' if objective.moves != 1 else ''}"
    if kind == "survive":
        if isinstance(objective, SurviveObjective):
            return f"Survive {objective.turns} enemy turn{'s' if objective.turns != 1 else ''}"
        return f"Survive {objective.moves} enemy move{'s' if objective.moves != 1 else ''}"
    if kind == "clear_board":
        return (
            "Clear the enemy board this turn"
            if objective.by_turn == 1
            else f"Clear the enemy board by your turn {turns_before + objective.by_turn}"
        )
    if kind == "keep_alive":
        name = (label_names or {}).get(objective.label, objective.label)
        return f"Keep {name} alive"
    return kind


def _describe_skirmish(objective, names: dict[str, str]) -> str:
    within = getattr(objective, "within", None)
    by = f" by round {within}" if within else ""
    if objective.kind == "defeat_all":
        return "Defeat every enemy hero" + by
    if objective.kind == "survive":
        return f"Survive {objective.rounds} round{'s' if objective.rounds != 1 else ''}"
    if objective.kind == "protect":
        return f"Keep {names.get(objective.label, objective.label)} standing"
    who = names.get(objective.hero, objective.hero) if objective.hero else "a hero"
    from game.rules.skirmish.game import cell_name  # the board's own edge labels (a1, b5, ...)

    return f"Bring {who} to {cell_name(*objective.cell)}" + by


class _Tracker:
    # objectives never met early: they hold until the level ends (then met unless failed)
    HELD = ("keep_alive",)
    turns_before = 0  # card levels set late in a duel: the own turns played before the level

    def __init__(self, objectives: Sequence, label_names: dict[str, str] | None = None):
        self.objectives = list(objectives)
        self.states = [PENDING] * len(self.objectives)
        self.details = [""] * len(self.objectives)
        self.outcome: str | None = None
        self.reason = ""  # why the level ended, for the result screen
        self.label_names = label_names or {}

    def status(self) -> list[ObjectiveStatus]:
        return [
            ObjectiveStatus(
                i, o.kind, describe(o, self.label_names, self.turns_before), o.required, self.states[i], self.details[i]
            )
            for i, o in enumerate(self.objectives)
        ]

    @property
    def stars(self) -> int:
        """1 for a won level, plus one per bonus objective met (at most 3)."""
        if self.outcome != "won":
            return 0
        bonus = sum(1 for o, s in zip(self.objectives, self.states) if not o.required and s == MET)
        return min(3, 1 + bonus)

    def _set(self, index: int, state: str) -> None:
        if self.states[index] == PENDING:
            self.states[index] = state

    def _settle_outcome(self, game_over: bool, final) -> None:
        """Decide the level from the required objectives; `final(i)` settles a pending one."""
        required = [i for i, o in enumerate(self.objectives) if o.required]
        if not any(self.states[i] == FAILED for i in required) and (
            game_over or all(self.states[i] == MET for i in required if self.objectives[i].kind not in self.HELD)
        ):
            for i, state in enumerate(self.states):
                if state == PENDING:
                    self._set(i, final(i))
        failed = [i for i in required if self.states[i] == FAILED]
        if failed:
            self.outcome = "lost"
            failure = describe(self.objectives[failed[0]], self.label_names, self.turns_before)
            self.reason = f"Objective failed: {failure}."
        elif all(self.states[i] == MET for i in required):
            self.outcome = "won"
            self.reason = "All objectives met."
        if self.outcome is not None:
            for i, state in enumerate(self.states):
                if state == PENDING:
                    self._set(i, FAILED)


class ObjectiveTracker(_Tracker):
    """Card objectives for the player at `player_seat`; `labels` maps labels to instance ids;
    `turns_before`: the own turns each side played before the level (its `turn` - 1)."""

    def __init__(
        self,
        objectives: Sequence,
        player_seat: int,
        labels: dict[str, int],
        label_names: dict[str, str] | None = None,
        turns_before: int = 0,
    ):
        super().__init__(objectives, label_names)
        self.player = player_seat
        self.labels = labels
        self.turns_before = turns_before

    def update(self, events, battle) -> None:
        """Call after the start and after every action with the events it produced."""
        if self.outcome is not None:
            return
        p, o = self.player, 1 - self.player
        me, enemy = battle.sides[p], battle.sides[o]
        dead = {e.card for e in events if e.kind is EventKind.DEATH}
        over = battle.winner is not None
        won = battle.winner == p

        before = self.turns_before
        my_turns, enemy_turns = me.turns - before, enemy.turns - before  # own turns of the level

        def turn_done(seat: int, n: int) -> bool:  # seat's own turn n of the level has ended
            turns = battle.sides[seat].turns - before
            return turns > n or (turns == n and battle.current != seat)

        for i, objective in enumerate(self.objectives):
            if self.states[i] != PENDING:
                continue
            kind = objective.kind
            if kind == "keep_alive":
                uid = self.labels.get(objective.label)
                if uid in dead:
                    self._set(i, FAILED)
                elif over and not won:
                    self._set(i, FAILED)
                continue
            if over:
                if kind == "clear_board":
                    self._set(i, MET if won and not enemy.board else FAILED)
                else:
                    self._set(i, MET if won else FAILED)
                continue
            if kind == "win_within":
                self.details[i] = f"turn {min(my_turns, objective.turns)} of {objective.turns}"
                if turn_done(p, objective.turns):
                    self._set(i, FAILED)
            elif kind == "survive":
                survived = min(enemy_turns - (1 if battle.current == o else 0), objective.turns)
                self.details[i] = f"{max(0, survived)} of {objective.turns}"
                if turn_done(o, objective.turns):
                    self._set(i, MET)
            elif kind == "clear_board":
                if not enemy.board and battle.current == p and my_turns <= objective.by_turn:
                    self._set(i, MET)
                elif turn_done(p, objective.by_turn):
                    self._set(i, FAILED)

        def final(i: int) -> str:
            objective = self.objectives[i]
            if objective.kind == "keep_alive":
                uid = self.labels.get(objective.label)
                return MET if any(c.uid == uid for c in me.board) else FAILED
            if objective.kind == "clear_board":
                return MET if not enemy.board else FAILED
            return FAILED

        self._settle_outcome(over, final)


class BoardObjectiveTracker(_Tracker):
    """The objectives of a board game where a player wins or not (gomoku, Connect Four): win,
    win within so many of the player's moves, survive so many of the opponent's. A subclass
    counts the moves and calls `judge` after each one."""

    win_within_kinds: tuple[str, ...] = ("win_within",)  # objectives met by a win in time

    def moves_left(self, left: int) -> str:
        return f"{left} move(s) left"

    def judge(self, over: bool, won: bool, drawn: bool, mine: int, theirs: int) -> None:
        for i, objective in enumerate(self.objectives):
            if self.states[i] != PENDING:
                continue
            if objective.kind == "survive":
                self.details[i] = f"{min(theirs, objective.moves)} of {objective.moves}"
                if over and not won and not drawn:
                    self._set(i, FAILED)
                elif won or drawn or theirs >= objective.moves:
                    self._set(i, MET)
            elif objective.kind in self.win_within_kinds:
                self.details[i] = self.moves_left(max(0, objective.moves - mine))
                if won and mine <= objective.moves:
                    self._set(i, MET)
                elif over or mine >= objective.moves:
                    self._set(i, FAILED)
            elif over:
                self._set(i, MET if won else FAILED)
        self._settle_outcome(over, lambda i: FAILED)


class GomokuObjectiveTracker(BoardObjectiveTracker):
    """Gomoku objectives for the player playing `player_colour`; moves are counted from the
    level's opening (its stones are not moves)."""

    def __init__(self, objectives: Sequence, player_colour: int, opening_moves: int):
        super().__init__(objectives)
        self.colour = player_colour
        self.opening = opening_moves

    win_within_kinds = ("win_within", "forced_win")

    def moves_of(self, state, colour: int) -> int:
        return sum(1 for x, y in state.moves[self.opening :] if state.at(x, y) == colour)

    def update(self, events, state) -> None:
        if self.outcome is not None:
            return
        over = state.winner is not None
        mine = self.moves_of(state, self.colour)
        theirs = self.moves_of(state, 3 - self.colour)
        self.judge(over, state.winner == self.colour, state.winner == 0, mine, theirs)
