"""Property tests over many random games: invariants after every action, exact replays, apply
and do agreeing, clones independent, expected-value simulations drawing no random numbers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.skirmish import END, SkirmishState
from game.rules.skirmish.actions import Act
from tests.skirmish.helpers import SHIPPED, ScriptedRng

CLASSES = sorted(SHIPPED.classes)
ARENAS = sorted(SHIPPED.arenas)
setups = st.tuples(
    st.lists(st.sampled_from(CLASSES), min_size=3, max_size=3),
    st.lists(st.sampled_from(CLASSES), min_size=3, max_size=3),
    st.sampled_from(ARENAS),
    st.integers(0, 2**31),
    st.integers(0, 2**31),
)


def choose(state, rng):
    """Random play that fights: casts first when it can, END one time in eight."""
    actions = state.legal_actions()
    casts = [a for a in actions if a.kind == Act.CAST]
    if rng.random() < 0.125:
        return END
    if casts and rng.random() < 0.8:
        return rng.choice(casts)
    return rng.choice(actions)


def signature(state):
    return (
        state.winner,
        state.round,
        state.turn_index,
        tuple(state.order),
        tuple(
            (
                h.cell,
                h.health,
                h.mana,
                h.energy,
                h.alive,
                tuple(sorted(h.cooldowns.items())),
                tuple(sorted((k.value, v) for k, v in h.statuses.items())),
            )
            for h in state.heroes
        ),
    )


def check_invariants(state):
    living = [h for h in state.heroes if h.alive]
    assert len({h.cell for h in living}) == len(living)
    for hero in state.heroes:
        assert hero.health <= hero.cls.health
        if hero.alive:
            assert hero.health > 0 and state.grid.floor(hero.cell)
            assert 0 <= hero.mana <= hero.cls.mana
            assert hero.energy >= 0
            assert all(v >= 0 for v in hero.cooldowns.values())
            assert all(s.turns >= 1 for s in hero.statuses.values())
    if state.is_over:
        assert state.legal_actions() == []
    else:
        assert state.active_hero.alive
        assert state.legal_actions()[0] == END


def play(team0, team1, arena, seed, choice_seed, check=True):
    state = SkirmishState(SHIPPED, arena, [team0, team1], seed)
    rng = random.Random(choice_seed)
    actions, events = [], list(state.start_events)
    while not state.is_over:
        action = choose(state, rng)
        events += state.apply(action)
        actions.append(action)
        if check:
            check_invariants(state)
    return state, actions, events


@settings(max_examples=10, deadline=None)
@given(setups)
def test_random_games_keep_the_invariants_and_replay_exactly(setup):
    state, actions, events = play(*setup)
    assert state.winner in (0, 1, 2) and state.round <= state.arena.round_limit
    replay = SkirmishState(SHIPPED, setup[2], [setup[0], setup[1]], setup[3])
    replayed = list(replay.start_events)
    for action in actions:
        replayed += replay.apply(action)
    assert replayed == events and signature(replay) == signature(state)


@settings(max_examples=6, deadline=None)
@given(setups)
def test_do_matches_apply_and_clones_are_independent(setup):
    team0, team1, arena, seed, choice_seed = setup
    a = SkirmishState(SHIPPED, arena, [team0, team1], seed)
    b = a.clone()
    rng = random.Random(choice_seed)
    while not a.is_over:
        action = choose(a, rng)
        before = signature(a)
        probe = a.clone()
        probe.do(action)  # mutating a clone leaves the original alone
        assert signature(a) == before
        a.apply(action)
        b.do(action)
        assert signature(a) == signature(b)


@settings(max_examples=6, deadline=None)
@given(setups)
def test_expected_value_simulation_never_rolls(setup):
    team0, team1, arena, seed, choice_seed = setup
    sim = SkirmishState(SHIPPED, arena, [team0, team1], seed).simulation()
    sim.rng = ScriptedRng()  # any roll fails the test
    rng = random.Random(choice_seed)
    steps = 0
    while not sim.is_over and steps < 400:
        sim.do(choose(sim, rng))
        steps += 1
        check_invariants(sim)
