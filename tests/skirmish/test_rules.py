"""Skirmish rules with hand-computed numbers: movement, turn order, each effect kind, statuses,
cooldowns, hit and crit, deaths and the end of the match. Rolls are scripted (ScriptedRng)."""

from __future__ import annotations

import random

import pytest

from game.rules.events import EventKind
from game.rules.skirmish import DRAW, END, IllegalAction, cast, move, parse_action
from game.rules.skirmish.hero import Status
from game.rules.skirmish.model import Affects, DamageKind, Effect, Resource, Shape, StatusKind, TargetKind, Verb
from tests.skirmish.helpers import ScriptedRng, ability, dummy, six, state

FAR = [(0, 7), (1, 7), (8, 7), (9, 7)]  # parking cells for the fillers


def duel(a, b, a_cell=(0, 0), b_cell=(1, 0), **kw):
    """Hero 1 (class a) against hero 4 (class b); the fillers stand in the bottom corners."""
    classes = six(a, dummy("ally", initiative=1), dummy("ally2", initiative=1), b)
    return state(
        [classes[0], classes[1], classes[2], classes[3], classes[4], classes[5]],
        cells=[a_cell, FAR[0], FAR[1], b_cell, FAR[2], FAR[3]],
        **kw,
    )


def kinds(events):
    return [e.kind for e in events]


def test_moving_costs_energy_per_step_of_the_shortest_walk():
    s = duel(dummy("a"), dummy("b"), b_cell=(9, 0))
    assert s.active_hero.uid == 1 and s.active_hero.energy == 10
    events = s.apply(move(3, 0))
    assert events[0].kind == EventKind.MOVE and events[0].line == ((1, 0), (2, 0), (3, 0)) and events[0].value == 6
    assert s.active_hero.cell == (3, 0) and s.active_hero.energy == 4
    assert move(6, 0) not in s.legal_actions()  # 3 steps, 6 energy: only 4 left
    with pytest.raises(IllegalAction):
        s.apply(move(6, 0))
    s.apply(move(5, 0))  # energy 0: nothing left to do, the turn ends by itself
    assert s.active_hero.uid == 4


def test_walls_and_heroes_block_walking():
    rows = [
        "..#.......",
        "..#.......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ]
    s = duel(dummy("a"), dummy("b"), a_cell=(0, 0), b_cell=(1, 2), rows=rows)
    legal = s.legal_actions()
    assert move(3, 0) not in legal  # around the wall and hero 4 it is 7 steps
    assert move(1, 1) in legal and move(0, 4) in legal and move(1, 2) not in legal


def test_turn_order_by_initiative_with_alternating_ties():
    classes = six(
        dummy("a", initiative=5),
        dummy("b", initiative=3),
        dummy("c", initiative=1),
        dummy("d", initiative=5),
        dummy("e", initiative=4),
        dummy("f", initiative=1),
    )
    s = state(classes, cells=[(0, 0), (0, 2), (0, 4), (9, 0), (9, 2), (9, 4)])
    seen = []
    for _ in range(12):
        seen.append((s.round, s.active_hero.uid))
        s.apply(END)
    # Ties go to team (round + initiative + 1) % 2: at initiative 5 team 1 in round 1, team 0 in
    # round 2; at initiative 1 the other way round.
    assert seen == [(1, 4), (1, 1), (1, 5), (1, 2), (1, 6), (1, 3), (2, 1), (2, 4), (2, 5), (2, 2), (2, 3), (2, 6)]


def test_physical_damage_hit_amount_crit_and_armour():
    hit = ability("hit", Effect(Verb.DAMAGE, scale=1.0))
    s = duel(dummy("a", damage=(10, 14), hit=0.9, crit=0.2, abilities=(hit,)), dummy("b", armour=25))
    s.rng = ScriptedRng(0.5, 12, 0.1)  # hit, 12, crit
    events = s.apply(cast("hit", 1, 0))
    # 12 * 150 // 100 = 18; * 100 // 100 = 18; * (100 - 25) // 100 = 13
    assert kinds(events) == [EventKind.CAST, EventKind.CRIT, EventKind.DAMAGE]
    assert events[2].value == 13 and events[2].card == 4 and events[2].target == 1
    assert s.heroes[3].health == 87
    s.rng = ScriptedRng(0.9)  # 0.9 is not below the hit chance: a miss, and no more rolls
    events = s.apply(cast("hit", 1, 0))
    assert kinds(events) == [EventKind.CAST, EventKind.MISS] and s.heroes[3].health == 87


def test_physical_damage_scale_and_expected_value():
    hit = ability("hit", Effect(Verb.DAMAGE, scale=1.5))
    s = duel(dummy("a", damage=(10, 14), hit=0.9, crit=0.2, abilities=(hit,)), dummy("b", armour=25))
    s.rng = ScriptedRng(0.0, 21, 0.5)  # 10*1.5=15 .. 14*1.5=21
    s.apply(cast("hit", 1, 0))
    assert s.heroes[3].health == 100 - 21 * 75 // 100
    sim = duel(dummy("a", damage=(10, 14), hit=0.9, crit=0.2, abilities=(hit,)), dummy("b", armour=25)).simulation()
    sim.do(cast("hit", 1, 0))
    # 0.9 hit * mean 18 * (1 + 0.2 * 0.5) crit * 0.75 armour
    assert sim.heroes[3].health == pytest.approx(100 - 0.9 * 18 * 1.1 * 0.75)


def test_magic_damage_uses_power_resist_and_might():
    bolt = ability("bolt", Effect(Verb.DAMAGE, kind=DamageKind.MAGIC, power=(8, 12)), range=5)
    s = duel(dummy("a", abilities=(bolt,)), dummy("b", resist=20, armour=50), b_cell=(4, 0))
    s.heroes[0].statuses[StatusKind.MIGHT] = Status(2, 50, 1)
    s.rng = ScriptedRng(10)  # magic: one roll, no hit or crit
    events = s.apply(cast("bolt", 4, 0))
    assert events[-1].value == 12 and s.heroes[3].health == 88  # 10 * 150 // 100 = 15; * 80 // 100 = 12


def test_heal_is_capped_at_max_health():
    mend = ability("mend", Effect(Verb.HEAL, to=Affects.ALLIES, power=(20, 30)), target=TargetKind.ALLY, range=3)
    s = duel(dummy("a", abilities=(mend,)), dummy("b"), b_cell=(9, 0))
    s.heroes[1].cell = (2, 0)
    s.heroes[1].health = 50
    s.rng = ScriptedRng(25)
    assert s.apply(cast("mend", 2, 0))[-1].value == 25 and s.heroes[1].health == 75
    s.heroes[0].health = 90
    s.rng = ScriptedRng(25)
    events = s.apply(cast("mend", 0, 0))
    assert events[-1].kind == EventKind.HEAL and events[-1].value == 10 and s.heroes[0].health == 100


def test_shield_absorbs_then_breaks():
    hit = ability("hit")
    s = duel(dummy("a", abilities=(hit,), damage=(13, 13)), dummy("b"))
    s.heroes[3].statuses[StatusKind.SHIELD] = Status(2, 20, 4)
    s.rng = ScriptedRng(0.0, 13, 0.5)
    events = s.apply(cast("hit", 1, 0))
    assert kinds(events) == [EventKind.CAST, EventKind.ABSORB] and events[1].value == 13
    assert s.heroes[3].statuses[StatusKind.SHIELD].amount == 7 and s.heroes[3].health == 100
    s.rng = ScriptedRng(0.0, 13, 0.5)
    events = s.apply(cast("hit", 1, 0))
    assert kinds(events)[1:] == [EventKind.ABSORB, EventKind.EXPIRE, EventKind.DAMAGE] and events[-1].value == 6
    assert StatusKind.SHIELD not in s.heroes[3].statuses and s.heroes[3].health == 94


def test_statuses_land_without_rolls_and_count_down_on_their_hero_s_turns():
    venom = ability("venom", Effect(Verb.STATUS, status=StatusKind.POISON, duration=2, amount=6))
    s = duel(dummy("a", abilities=(venom,)), dummy("b", initiative=4))
    s.rng = ScriptedRng()  # no roll at all
    s.apply(cast("venom", 1, 0))
    b = s.heroes[3]
    b.statuses[StatusKind.SHIELD] = Status(3, 50, 4)  # poison goes through shields
    events = s.apply(END)
    assert s.active_hero is b and b.health == 94 and b.statuses[StatusKind.POISON].turns == 2
    assert EventKind.DAMAGE in kinds(events) and EventKind.ABSORB not in kinds(events)
    s.apply(END)  # end of b's turn: 2 -> 1
    assert b.statuses[StatusKind.POISON].turns == 1
    while s.active_hero is not b:
        s.apply(END)
    assert b.health == 88
    s.apply(END)
    assert StatusKind.POISON not in b.statuses


def test_regen_heals_at_turn_start():
    s = duel(dummy("a"), dummy("b", initiative=4))
    b = s.heroes[3]
    b.health = 90
    b.statuses[StatusKind.REGEN] = Status(1, 8, 4)
    s.apply(END)
    assert b.health == 98
    s.apply(END)
    assert StatusKind.REGEN not in b.statuses


def test_stun_skips_one_turn():
    bash = ability("bash", Effect(Verb.STATUS, status=StatusKind.STUN, duration=1))
    s = duel(dummy("a", abilities=(bash,)), dummy("b", initiative=4))
    s.apply(cast("bash", 1, 0))
    events = s.apply(END)
    assert EventKind.STUNNED in kinds(events)
    assert s.active_hero.uid not in (1, 4)  # b's turn went by
    assert StatusKind.STUN not in s.heroes[3].statuses
    while s.round == 1:
        s.apply(END)
    assert s.active_hero.uid == 4 and s.heroes[3].energy == 10  # round 2: b wins the tie and acts


def test_slow_and_haste_change_turn_energy():
    s = duel(dummy("a"), dummy("b", initiative=4))
    s.heroes[3].statuses[StatusKind.SLOW] = Status(1, 4, 1)
    s.heroes[3].statuses[StatusKind.HASTE] = Status(1, 1, 4)
    s.apply(END)
    assert s.active_hero.uid == 4 and s.active_hero.energy == 7


def test_taunt_forces_the_target():
    hit = ability("hit", range=3)
    s = duel(dummy("a", abilities=(hit,)), dummy("b", abilities=(hit,), initiative=4), a_cell=(0, 0), b_cell=(1, 0))
    s.heroes[1].cell = (1, 1)
    s.heroes[3].statuses[StatusKind.TAUNT] = Status(1, 0, 2)  # taunted by hero 2
    s.apply(END)
    casts = [a for a in s.legal_actions() if a.ability == "hit"]
    assert casts == [cast("hit", 1, 1)]
    s.heroes[1].alive = False  # a fallen taunter frees the choice
    assert [a for a in s.legal_actions() if a.ability == "hit"] == [cast("hit", 0, 0)]


def test_stat_statuses():
    hit = ability("hit", energy=1)
    a = dummy("a", abilities=(hit,), hit=0.8)
    s = duel(a, dummy("b", armour=20))
    s.heroes[0].statuses[StatusKind.WEAKEN] = Status(1, 25, 4)
    s.heroes[0].statuses[StatusKind.FOCUS] = Status(1, 20, 1)  # hit 1.0, crit 0.2
    s.heroes[3].statuses[StatusKind.SUNDER] = Status(1, 30, 1)  # armour 20 - 30 -> 0
    s.rng = ScriptedRng(0.95, 10, 0.5)
    s.apply(cast("hit", 1, 0))
    assert s.heroes[3].health == 100 - 10 * 75 // 100  # 7
    s.heroes[3].statuses[StatusKind.GUARD] = Status(1, 60, 4)  # 20 - 30 + 60 = 50
    s.heroes[0].statuses[StatusKind.BLIND] = Status(1, 30, 4)  # hit 1.0 - 0.3 = 0.7
    s.rng = ScriptedRng(0.75)
    assert kinds(s.apply(cast("hit", 1, 0)))[-1] == EventKind.MISS
    s.rng = ScriptedRng(0.5, 10, 0.5)
    s.apply(cast("hit", 1, 0))
    assert s.heroes[3].health == 93 - 7 * 50 // 100


def test_cooldowns_count_the_casters_turns():
    slow_hit = ability("slow_hit", cooldown=2, energy=1)
    free_hit = ability("free_hit", cooldown=0, energy=1)
    once = ability("once", cooldown=1, energy=1)
    s = duel(dummy("a", abilities=(slow_hit, free_hit, once)), dummy("b", health=999, initiative=4))
    s.rng = random.Random(1)
    s.apply(cast("slow_hit", 1, 0))
    s.apply(cast("free_hit", 1, 0))
    s.apply(cast("once", 1, 0))
    legal = s.legal_actions()
    assert cast("free_hit", 1, 0) in legal and cast("slow_hit", 1, 0) not in legal and cast("once", 1, 0) not in legal
    assert s.heroes[0].cooldowns == {"slow_hit": 2, "free_hit": 0, "once": 1}
    for _ in range(3):
        while s.active_hero.uid != 1 or s.heroes[0].energy < 10:
            s.apply(END)
        hero = s.heroes[0]
        assert all(v >= 0 for v in hero.cooldowns.values())
        if s.round == 2:
            assert cast("slow_hit", 1, 0) not in s.legal_actions() and cast("once", 1, 0) in s.legal_actions()
        if s.round == 3:
            assert cast("slow_hit", 1, 0) in s.legal_actions()
            break
        s.apply(END)


def test_restore_is_capped():
    rest = ability(
        "rest",
        Effect(Verb.RESTORE, to=Affects.CASTER, resource=Resource.ENERGY, amount=6),
        Effect(Verb.RESTORE, to=Affects.CASTER, resource=Resource.MANA, amount=15),
        energy=2,
        target=TargetKind.SELF,
        range=0,
    )
    s = duel(dummy("a", abilities=(rest,), mana=50), dummy("b"), b_cell=(9, 0))
    s.heroes[0].mana = 40
    events = s.apply(cast("rest", 0, 0))
    assert [(e.kind, e.value) for e in events[1:]] == [(EventKind.ENERGY, 2), (EventKind.MANA, 10)]
    assert s.heroes[0].energy == 10 and s.heroes[0].mana == 50


def test_push_stops_at_walls_and_collision_hurts():
    shove = ability("shove", Effect(Verb.PUSH, cells=2, power=(8, 8)))
    rows = [
        ".....#....",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ]
    s = duel(dummy("a", abilities=(shove,)), dummy("b"), a_cell=(2, 0), b_cell=(3, 0), rows=rows)
    s.rng = ScriptedRng(8)  # the collision roll
    events = s.apply(cast("shove", 3, 0))
    assert s.heroes[3].cell == (4, 0) and s.heroes[3].health == 92
    assert [e.kind for e in events] == [EventKind.CAST, EventKind.DISPLACE, EventKind.DAMAGE]
    s2 = duel(dummy("a", abilities=(shove,)), dummy("b"), a_cell=(2, 2), b_cell=(3, 2))
    s2.rng = ScriptedRng()
    s2.apply(cast("shove", 3, 2))
    assert s2.heroes[3].cell == (5, 2) and s2.heroes[3].health == 100


def test_pull_stops_next_to_the_caster():
    chain = ability("chain", Effect(Verb.PULL, cells=5), range=6)
    s = duel(dummy("a", abilities=(chain,)), dummy("b"), a_cell=(2, 2), b_cell=(6, 2))
    s.apply(cast("chain", 6, 2))
    assert s.heroes[3].cell == (3, 2)
    s = duel(dummy("a", abilities=(chain,)), dummy("b"), a_cell=(2, 2), b_cell=(6, 3))
    s.apply(cast("chain", 6, 3))  # |dx| 4 > |dy| 1: pulled along x only, past the caster's row
    assert s.heroes[3].cell == (1, 3)


def test_dash_walks_and_teleport_needs_sight_when_asked():
    rows = [
        "..#.......",
        "..#.......",
        "..#.......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ]
    dash = ability("dash", Effect(Verb.DASH), target=TargetKind.EMPTY, range=3, los=False)
    blink = ability("blink", Effect(Verb.TELEPORT), target=TargetKind.EMPTY, range=3, los=True)
    jump = ability("jump", Effect(Verb.TELEPORT), target=TargetKind.EMPTY, range=3, los=False)
    s = duel(dummy("a", abilities=(dash, blink, jump)), dummy("b"), a_cell=(1, 1), b_cell=(9, 0), rows=rows)
    legal = s.legal_actions()
    assert cast("dash", 3, 1) not in legal  # 2 cells away, but the walk around the wall takes 6 steps
    assert cast("dash", 1, 3) in legal and cast("blink", 3, 1) not in legal and cast("jump", 3, 1) in legal
    events = s.apply(cast("dash", 2, 3))
    assert s.heroes[0].cell == (2, 3) and events[-1].kind == EventKind.DISPLACE
    assert events[-1].line == ((1, 2), (1, 3), (2, 3)) and s.heroes[0].energy == 6  # no step costs


def test_areas_reach_the_right_heroes():
    fire = ability(
        "fire",
        Effect(Verb.DAMAGE, to=Affects.HEROES, kind=DamageKind.MAGIC, power=(5, 5)),
        target=TargetKind.CELL,
        range=6,
        shape=Shape.RADIUS,
        size=1,
    )
    s = duel(dummy("a", abilities=(fire,)), dummy("b"), a_cell=(1, 2), b_cell=(4, 4))
    s.heroes[1].cell = (4, 5)  # an ally of the caster, caught too
    s.heroes[4].cell = (5, 5)  # diagonal: Manhattan 2, outside
    s.rng = ScriptedRng(5, 5)
    s.apply(cast("fire", 4, 4))
    assert [h.health for h in s.heroes] == [100, 95, 100, 95, 100, 100]


def test_death_and_victory():
    hit = ability("hit")
    s = duel(dummy("a", abilities=(hit,), damage=(30, 30)), dummy("b"))
    for hero in s.heroes[4:]:
        hero.alive = False
    s.heroes[3].health = 20
    s.rng = ScriptedRng(0.0, 30, 0.9)
    events = s.apply(cast("hit", 1, 0))
    assert kinds(events)[-2:] == [EventKind.DEATH, EventKind.WIN] and events[-1].player == 0
    assert s.winner == 0 and s.is_over and s.legal_actions() == []
    assert s.hero_at((1, 0)) is None


def test_round_limit_is_a_draw():
    s = duel(dummy("a"), dummy("b"), round_limit=1)
    events = []
    while not s.is_over:
        events += s.apply(END)
    assert s.winner == DRAW and events[-1].kind == EventKind.DRAW_GAME and s.round == 1


def test_action_text_round_trip_and_errors():
    for action in (END, move(3, 4), cast("fireball", 5, 2)):
        assert parse_action(action.text()) == action
    assert cast("fireball", 5, 2).text() == "CAST fireball 5 2" and move(3, 4).text() == "MOVE 3 4"
    with pytest.raises(ValueError):
        parse_action("MOVE 3")
    s = duel(dummy("a"), dummy("b"))
    with pytest.raises(IllegalAction, match="no ability"):
        s.apply(cast("nothing", 1, 0))


def test_observation_hides_the_generator():
    s = duel(dummy("a"), dummy("b"), seed=42)
    seen = s.observation(0)
    assert seen.rng.getstate() != s.rng.getstate()
    twin = s.clone()
    assert twin.rng.getstate() == s.rng.getstate() and twin.rng is not s.rng


def test_the_storm_grows_each_round_from_its_round():
    import dataclasses

    s = duel(dummy("a"), dummy("b"))
    s.arena = dataclasses.replace(s.arena, storm_round=2, storm_damage=3)
    shield = Status(9, 50, 4)
    s.heroes[0].statuses[StatusKind.SHIELD] = shield  # the storm goes through shields
    while s.round == 1:
        s.apply(END)
    assert s.active_hero.uid == 4 and s.heroes[3].health == 97  # round 2: 3 x 1
    while s.round == 2:
        s.apply(END)
    assert s.heroes[0].health == 97 - 6 and s.heroes[0].statuses[StatusKind.SHIELD].amount == 50  # round 3: 3 x 2
