"""SkirmishSession: one attempt at a skirmish level, with the surface of the other level sessions
(`start`, `apply`, `legal_actions`, `observation`, `run_turn`, `over`, `result`, `objectives()`,
`dialogue()`, `save_data()`, and `LevelSession.resume` replaying it).

The player's team is team 0, the opponent's team 1 (seats are teams, as in SkirmishMatch). The
level's heroes start on the level's cells: the session plays on a copy of the map whose spawns are
those cells (one copy per level, so the line-of-sight cache is shared by its attempts). A "turn"
of the opponent (`run_turn`) is every action until a hero of the player's acts or the level ends;
its agent speaks the one interface (`act(state, budget_ms) -> Decision`: a skirmish AI behind
ai.agents.SkirmishTeamAgent), asked once per action with `budget_ms` each. The level's turns are the rounds played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.rules.events import Event, EventKind
from game.rules.levels.model import SkirmishLevel
from game.rules.levels.objectives import FAILED, MET, PENDING, _Tracker
from game.rules.levels.session import LevelOver, LevelSession
from game.rules.levels.skirmish_checks import level_arena, level_map_id, level_map_key, skirmish_roster
from game.rules.skirmish.actions import Action, parse_action
from game.rules.skirmish.game import SkirmishGame
from game.rules.skirmish.model import Roster
from game.rules.skirmish.state import DRAW, IllegalAction, SkirmishState

PLAYER, OPPONENT = 0, 1
# (map, spawns, storm) -> (the roster loaded, a copy whose map starts heroes on those cells)
_ROSTERS: dict[tuple, tuple[Roster, Roster]] = {}


def level_roster(level: SkirmishLevel) -> Roster:
    mine, theirs = (tuple((hero.at[0], hero.at[1]) for hero in side.heroes) for side in (level.player, level.opponent))
    spawns = (mine, theirs)
    twist = level.twist  # the storm of the level's twist (modifiers.py) replaces the arena's
    storm = (twist.storm_from_round, twist.storm_damage) if twist is not None else None
    key = (level_map_key(level), spawns, storm)
    base = skirmish_roster()
    cached = _ROSTERS.get(key)
    if cached is None or cached[0] is not base:  # levels/skirmish reloaded: a map file may have changed
        found = level_arena(level, base)
        if found is None:
            raise KeyError(f"there is no map {level.map!r}")  # the checks say so before any session
        arena = replace(found, spawns=spawns)
        if storm is not None:
            arena = replace(arena, storm_round=storm[0], storm_damage=storm[1])
        cached = _ROSTERS[key] = (base, Roster(base.classes, base.abilities, {**base.arenas, arena.id: arena}))
    return cached[1]


def hero_labels(level: SkirmishLevel) -> tuple[dict[str, int], dict[str, str]]:
    """label -> hero uid (1-3 the player's, 4-6 the opponent's), and label -> the name shown."""
    labels, names = {}, {}
    for team, side in enumerate((level.player, level.opponent)):
        for slot, hero in enumerate(side.heroes):
            if hero.label is not None:
                labels[hero.label] = team * 3 + slot + 1
                names[hero.label] = hero.name or hero.label.replace("_", " ").title()
    return labels, names


class SkirmishObjectiveTracker(_Tracker):
    """Skirmish objectives for team 0. A round counts as lived through when the next one starts
    (or the level ends in a win or a draw after it); `protect` is held like `keep_alive`."""

    HELD = ("protect",)

    def __init__(self, objectives: Sequence, labels: dict[str, int], label_names: dict[str, str]):
        super().__init__(objectives, label_names)
        self.labels = labels

    def update(self, events, state: SkirmishState) -> None:
        if self.outcome is not None:
            return
        over = state.winner is not None
        won = state.winner == PLAYER
        done_rounds = state.round - 1 if not over else state.round  # rounds fully played
        mine = state.team(PLAYER)
        for i, objective in enumerate(self.objectives):
            if self.states[i] != PENDING:
                continue
            kind = objective.kind
            within = getattr(objective, "within", None)
            if kind == "protect":
                hero = state.heroes[self.labels[objective.label] - 1]
                if not hero.alive or (over and not won):
                    self._set(i, FAILED)
            elif kind == "survive":
                self.details[i] = f"round {min(done_rounds, objective.rounds)} of {objective.rounds}"
                if won or (mine and done_rounds >= objective.rounds):
                    self._set(i, MET)
                elif over:
                    self._set(i, FAILED)
            elif kind == "defeat_all":
                if within:
                    self.details[i] = f"round {min(state.round, within)} of {within}"
                if won and (not within or state.round <= within):
                    self._set(i, MET)
                elif over or (within and done_rounds >= within):
                    self._set(i, FAILED)
            elif kind == "reach":
                cell = tuple(objective.cell)
                if objective.hero is not None:
                    heroes = [state.heroes[self.labels[objective.hero] - 1]]
                    heroes = [h for h in heroes if h.alive]
                else:
                    heroes = mine
                if within:
                    self.details[i] = f"round {min(state.round, within)} of {within}"
                if any(h.cell == cell for h in heroes) and (not within or state.round <= within):
                    self._set(i, MET)
                elif over or not heroes or (within and done_rounds >= within):
                    self._set(i, FAILED)

        def final(i: int) -> str:
            objective = self.objectives[i]
            if objective.kind == "protect":
                return (
                    MET if state.heroes[self.labels[objective.label] - 1].alive and state.winner != OPPONENT else FAILED
                )
            return FAILED

        self._settle_outcome(over, final)


class SkirmishSession(LevelSession):
    kind = "skirmish"
    player_seat = PLAYER
    opponent_seat = OPPONENT
    level: SkirmishLevel
    tracker: SkirmishObjectiveTracker

    @staticmethod
    def piece_names(level) -> dict[str, str]:
        return hero_labels(level)[1]

    def __init__(self, level: SkirmishLevel, seed: int = 0):
        super().__init__(level, seed)
        teams = [[hero.hero for hero in side.heroes] for side in (level.player, level.opponent)]
        self.state = SkirmishState(level_roster(level), level_map_id(level), teams, self.seed)
        for team, side in enumerate((level.player, level.opponent)):
            for slot, spec in enumerate(side.heroes):
                if spec.health is not None:
                    self.state.heroes[team * 3 + slot].health = spec.health
        self.labels, self.label_names = hero_labels(level)
        self.tracker = SkirmishObjectiveTracker(level.objectives, self.labels, self.label_names)
        self._said = [False] * len(level.events)

    @property
    def current_seat(self) -> int | None:
        return None if self.state.is_over else self.state.current_player

    def player_turns(self) -> int:
        return self.state.round

    def start(self) -> list[Event]:
        if self.phase != "new":
            raise RuntimeError("the session has already started")
        self._lines += self.level.story.before
        self.phase = "play"
        events = list(self.state.start_events)
        return self._after(events, None)

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions() if self.phase == "play" else []

    def observation(self, seat: int | None = None) -> SkirmishState:
        return self.state.observation(self.state.current_player if seat is None else seat)

    def apply(self, action: Action | str) -> list[Event]:
        """Play an action for the active hero; IllegalAction with the reason, LevelOver after the end."""
        if self.over:
            raise LevelOver("the level is over")
        if isinstance(action, str):
            action = self.saved_action(action)
        actor = self.state.current_player
        events = self.state.apply(action)
        self.actions.append(action.text())
        return self._after(events, actor)

    def saved_action(self, text: str) -> Action:
        return parse_action(text)

    @property
    def game_state(self) -> SkirmishGame:
        return SkirmishGame(self.state)  # the registry's shape over the session's match

    def replay(self, text: str) -> None:
        self.apply(text)

    def _after(self, events: list[Event], actor: int | None) -> list[Event]:
        dead = {e.card for e in events if e.kind is EventKind.DEATH}
        for index, event in enumerate(self.level.events):
            when = event.when
            due = (
                (when.round is not None and self.state.round >= when.round)
                or (when.died is not None and self.labels.get(when.died) in dead)
                or (when.health_at_most is not None and self._health(when.hero) <= when.health_at_most)
            )
            if due and not self._said[index]:
                self._said[index] = True
                self._lines += event.say
        self.tracker.update(events, self.state)
        if self.tracker.outcome is not None:
            self._finish(self.tracker.outcome, self.tracker.reason)
        elif self.state.is_over:  # cannot happen: the game's end settles every objective
            self._finish(
                "won" if self.state.winner == PLAYER else "lost",
                "Draw." if self.state.winner == DRAW else "The fight is over.",
            )
        self._mark_checkpoint(actor)
        return events

    def _health(self, label: str | None) -> float:
        """The labelled hero's health now (0 once fallen); a label no hero has never fires (the
        checks report it)."""
        uid = self.labels.get(label or "")
        return self.state.heroes[uid - 1].health if uid is not None else 1_000_000

    def run_turn(self, agent, budget_ms: float) -> list[tuple[Action, list[Event]]]:
        """Let `agent` (`act(state, budget_ms) -> Decision`, e.g. ai.agents.SkirmishTeamAgent) play
        the side to act until the other side's hero acts or the level ends, one action per act at
        `budget_ms` each."""
        seat = self.state.current_player
        played = []
        while not self.over and self.state.current_player == seat:
            decision = agent.act(self.observation(seat), budget_ms)
            played.append((decision.action, self.apply(decision.action)))
            self._took(decision)
        return played


__all__ = ["IllegalAction", "SkirmishObjectiveTracker", "SkirmishSession", "hero_labels", "level_roster"]
