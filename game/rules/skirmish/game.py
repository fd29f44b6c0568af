"""Skirmish as a registry game (`game/rules/registry.py`): `SkirmishGame` puts the shared shape
(`game/rules/game_api.py`: `is_terminal`, `winner` None in a draw) over `SkirmishState`, whose
`winner` also says DRAW because its searches and objectives read it that way. Teams are the
players (0 and 1); the active hero's team moves."""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from game.rules.game_api import IllegalAction, JsonValue
from game.rules.skirmish.actions import Act, Action, ActionSyntaxError, parse_action
from game.rules.skirmish.data import load_roster
from game.rules.skirmish.model import MOVE_VERBS, Roster, TargetKind
from game.rules.skirmish.state import DRAW, SkirmishState

DEFAULT_TEAM = ("knight", "mage", "cleric")
DEFAULT_ARENA = "ruins"


@lru_cache(maxsize=1)
def shipped_roster() -> Roster:
    return load_roster()


class SkirmishGame:
    """A skirmish match in the shared shape; `match` is the SkirmishState underneath."""

    __slots__ = ("match",)

    def __init__(self, match: SkirmishState):
        self.match = match

    @property
    def current_player(self) -> int:
        return self.match.current_player

    @property
    def is_terminal(self) -> bool:
        return self.match.is_over

    @property
    def winner(self) -> int | None:
        return None if self.match.winner in (None, DRAW) else self.match.winner

    def legal_actions(self) -> list[Action]:
        return self.match.legal_actions()

    def is_legal(self, action: Action) -> bool:
        return self.match.illegal_reason(action) is None

    def apply(self, action: Action) -> list:
        reason = self.match.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason)
        return self.match.apply(action)

    def clone(self) -> SkirmishGame:
        return SkirmishGame(self.match.clone())

    def observation(self, player: int) -> SkirmishGame:
        return SkirmishGame(self.match.observation(player))


def new_state(setup: Mapping, seed: int) -> SkirmishGame:
    """A match on "arena" between "teams" (two lists of three hero class ids)."""
    teams = setup.get("teams") or [list(DEFAULT_TEAM), list(DEFAULT_TEAM)]
    return SkirmishGame(SkirmishState(shipped_roster(), str(setup.get("arena", DEFAULT_ARENA)), teams, seed))


def action_to_json(action: Action) -> JsonValue:
    return action.text()


def action_from_json(value: JsonValue) -> Action:
    if not isinstance(value, str):
        raise ValueError(f"a skirmish action is text such as 'MOVE 3 4', not {value!r}")
    try:
        return parse_action(value)
    except ActionSyntaxError as error:
        raise ValueError(str(error)) from None


def describe_action(state: SkirmishGame, action: Action) -> str:
    """The action in a player's words: the hero's name and class, the ability's name, the target
    hero and the cell as the board labels them ("Kael (Ranger) uses Strike on Orla (Cleric) at d4")."""
    match = state.match
    hero = match.active_hero
    who = match.label(hero.uid)
    where = cell_name(action.x, action.y)
    if action.kind == Act.END:
        return f"{who} ends the turn"
    if action.kind == Act.MOVE:
        return f"{who} moves to {where}"
    ability = match.roster.abilities.get(action.ability)
    if ability is None:
        return f"{who} uses an ability at {where}"
    if ability.target == TargetKind.SELF:
        return f"{who} uses {ability.name}"
    if any(e.verb in MOVE_VERBS for e in ability.effects):
        return f"{who} uses {ability.name} to reach {where}"
    target = match.hero_at(action.cell)
    if target is not None and target.uid != hero.uid:
        return f"{who} uses {ability.name} on {match.label(target.uid)} at {where}"
    return f"{who} uses {ability.name} at {where}"


def cell_name(x: int, y: int) -> str:
    """A board cell as a player reads it: a column letter and a row number from 1 (the board's
    edges are labelled the same way)."""
    return f"{chr(ord('a') + x)}{y + 1}"


_cell = cell_name
