"""Embers (#32): a map's '~' floor burns a hero who starts its turn there by the map's
hazard_damage, after poison and the storm, through shields; the medium and hard AIs do not end a
turn on embers when a floor cell does as well."""

from __future__ import annotations

import dataclasses

import pytest

from ai.skirmish.registry import make_agent
from game.rules.events import EventKind
from game.rules.skirmish.actions import END
from game.rules.skirmish.model import Roster
from game.rules.skirmish.state import EMBERS, STORM, SkirmishState
from tests.skirmish.helpers import arena, dummy, six, work_clock

ROWS = ["........", "........", "........", "........", "........", "........"]


def embers_state(embers, *, damage=3, classes=None, storm=(0, 0), spawns=None, seed=0) -> SkirmishState:
    base = arena(ROWS, spawns=spawns)
    place = dataclasses.replace(
        base, hazards=frozenset(embers), hazard_damage=damage, storm_round=storm[0], storm_damage=storm[1]
    )
    classes = classes or six(*[dummy(f"d{i}") for i in range(6)])
    roster = Roster({c.id: c for c in classes}, {}, {"test": place})
    ids = [c.id for c in classes]
    return SkirmishState(roster, "test", [ids[:3], ids[3:]], seed=seed)


def damage_events(events):
    return [(e.card, e.target, e.value) for e in events if e.kind is EventKind.DAMAGE]


def test_a_hero_starting_its_turn_on_embers_takes_the_maps_damage():
    # Team 0 spawns on (0,0), (0,2), (0,4): the first two are embers. Turn order is uid 1..6
    # (equal initiative: team 0 first in round 1, then slot order).
    state = embers_state({(0, 0), (0, 2)})
    assert damage_events(state.start_events) == [(1, EMBERS, 3)]
    assert state.heroes[0].health == 97
    assert damage_events(state.apply(END)) == [(2, EMBERS, 3)]
    assert state.heroes[1].health == 97
    assert damage_events(state.apply(END)) == []  # uid 3 stands on floor
    assert state.heroes[2].health == 100
    assert state.diagram().splitlines()[1] == "........"
    assert state.diagram().splitlines()[0] == "1......4"


def test_embers_burn_after_the_storm_and_through_a_shield():
    from game.rules.skirmish.hero import Status
    from game.rules.skirmish.model import StatusKind

    state = embers_state({(0, 0)}, damage=2, storm=(1, 4))
    assert damage_events(state.start_events) == [(1, STORM, 4), (1, EMBERS, 2)]
    assert state.heroes[0].health == 94
    hero = state.heroes[0]
    hero.statuses[StatusKind.SHIELD] = Status(turns=5, amount=50, source=1)
    for _ in range(9):  # round 1's five other turns; round 2 (team 1 first): three, then uid 1
        state.apply(END)
    assert state.active_hero.uid == 1 and state.round == 2
    assert hero.health == 94 - 8 - 2
    assert hero.statuses[StatusKind.SHIELD].amount == 50


def strike(name: str, embers) -> SkirmishState:
    """uid 1 (a melee dummy with 8 energy: two steps cost 4, a hit 4) at d2 faces uid 4 at f3, one
    hit from falling. The cells next to it two steps away are e3 (4,2) and f2 (5,1)."""
    classes = six(
        dummy("striker", energy=8), dummy("a", initiative=1), dummy("b", initiative=1), dummy("target", health=10)
    )
    spawns = (((3, 1), (0, 5), (1, 5)), ((5, 2), (7, 5), (6, 5)))
    state = embers_state(embers, classes=classes, spawns=spawns, seed=4)
    agent = make_agent(name, 7)
    hero = state.heroes[0]
    assert state.active_hero is hero
    with work_clock():
        while state.active_hero is hero and not state.is_over:
            state.apply(agent.act(state.observation(0), 40))
    return state


@pytest.mark.parametrize("name", ["medium", "hard"])
@pytest.mark.parametrize(("burning", "safe"), [((4, 2), (5, 1)), ((5, 1), (4, 2))])
def test_the_ai_strikes_from_the_cell_that_is_not_embers(name, burning, safe):
    # Without the embers both AIs strike from f2 (5,1) and end their turn there.
    state = strike(name, {burning})
    assert state.heroes[0].cell == safe
    assert not state.heroes[3].alive


@pytest.mark.parametrize("name", ["medium", "hard"])
def test_the_ai_still_stands_on_embers_for_a_kill(name):
    state = strike(name, {(4, 2), (5, 1)})
    assert state.heroes[0].cell in {(4, 2), (5, 1)}
    assert not state.heroes[3].alive
