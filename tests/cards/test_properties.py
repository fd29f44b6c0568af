"""Property tests over thousands of random games in both board variants."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.cards.actions import Kind, attack, summon, use
from game.rules.cards.battle import BOARD_LIMIT, HAND_LIMIT, MAX_MANA, Battle
from game.rules.cards.draft import run_draft
from game.rules.cards.observation import count_cards
from game.rules.cards.protocol import battle_input


def _random_battle(cards, seed: int, lanes: int) -> tuple[Battle, random.Random]:
    rng = random.Random(seed)
    pick_randomly = lambda seat, pick, offer: rng.randrange(len(offer))  # noqa: E731
    _, decks = run_draft(list(cards.values()), rng, [pick_randomly, pick_randomly])
    return Battle.from_decks(decks, lanes), rng


def _check_invariants(battle: Battle) -> None:
    seen_ids = set()
    for seat, side in enumerate(battle.sides):
        if battle.lanes == 1:
            assert len(side.board) <= BOARD_LIMIT
        else:
            for lane in (0, 1):
                assert sum(1 for c in side.board if c.lane == lane) <= BOARD_LIMIT // 2
        assert len(side.hand) <= HAND_LIMIT
        assert 0 <= side.max_mana <= MAX_MANA and side.bonus_mana in (0, 1)
        assert seat == 1 or side.bonus_mana == 0
        assert 0 <= side.mana <= side.max_mana + side.bonus_mana
        assert side.next_rune in (0, 5, 10, 15, 20, 25)
        # Runes at or above the health are always broken already.
        assert side.health > side.next_rune or (side.health <= 0 and side.next_rune == 0)
        ids = [i.uid for i in side.hand] + [c.uid for c in side.board] + [i.uid for i in side.remaining_deck()]
        assert all((uid - 1) % 2 == seat for uid in ids)
        assert not seen_ids & set(ids)
        seen_ids.update(ids)
        for creature in side.board:
            assert creature.defense > 0 and creature.attack >= 0
    if battle.winner is None:
        assert all(side.health > 0 for side in battle.sides)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), lanes=st.sampled_from([1, 2]))
def test_random_games_keep_the_invariants(locm_cards, seed, lanes):
    battle, rng = _random_battle(locm_cards, seed, lanes)
    steps = 0
    while battle.winner is None:
        actions = battle.legal_actions()
        assert len(set(actions)) == len(actions)
        for action in actions:
            assert battle.illegal_reason(action) is None, action
        action = rng.choice(actions)
        events = battle.apply(action)
        if action.kind != Kind.END_TURN:
            assert events, action
        _check_invariants(battle)
        steps += 1
        assert steps < 5000
    assert battle.winner in (0, 1)
    loser = battle.sides[1 - battle.winner]
    winner = battle.sides[battle.winner]
    assert loser.health <= 0 or winner.health > 0


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), lanes=st.sampled_from([1, 2]), split=st.integers(0, 60))
def test_clones_evolve_identically_and_independently(locm_cards, seed, lanes, split):
    battle, rng = _random_battle(locm_cards, seed, lanes)
    for _ in range(split):
        if battle.winner is not None:
            return
        battle.do(rng.choice(battle.legal_actions()))
    twin = battle.clone()
    before = battle_input(battle)
    # Play the twin on, then check the original did not move.
    twin_rng = random.Random(seed ^ 0x5EED)
    played = []
    while twin.winner is None and len(played) < 40:
        action = twin_rng.choice(twin.legal_actions())
        twin.do(action)
        played.append(action)
    assert battle_input(battle) == before
    for action in played:
        battle.do(action)
    assert battle_input(battle) == battle_input(twin) and battle.winner == twin.winner


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    lanes=st.sampled_from([1, 2]),
    card=st.integers(-5, 70),
    target=st.integers(-3, 70),
    lane=st.integers(0, 1),
)
def test_illegal_actions_are_refused_and_change_nothing(locm_cards, seed, lanes, card, target, lane):
    battle, rng = _random_battle(locm_cards, seed, lanes)
    for _ in range(rng.randrange(40)):
        if battle.winner is not None:
            return
        battle.do(rng.choice(battle.legal_actions()))
    legal = set(battle.legal_actions())
    for action in (summon(card, lane if lanes == 2 else 0), attack(card, target), use(card, target)):
        reason = battle.illegal_reason(action)
        assert (reason is None) == (action in legal), (action, reason)
        if reason is not None:
            before = battle_input(battle)
            try:
                battle.apply(action)
            except ValueError:
                pass
            assert battle_input(battle) == before


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), lanes=st.sampled_from([1, 2]), steps=st.integers(0, 80))
def test_observations_hide_exactly_the_hidden_cards(locm_cards, seed, lanes, steps):
    battle, rng = _random_battle(locm_cards, seed, lanes)
    for _ in range(steps):
        if battle.winner is not None:
            return
        battle.do(rng.choice(battle.legal_actions()))
    player = battle.current
    observation = battle.observation(player)
    me, opponent = observation.me, observation.opponent
    assert all(i.card is not None for i in me.hand)
    assert all(i.card is None for i in opponent.hand)
    assert all(i.card is None for i in me.remaining_deck() + opponent.remaining_deck())
    assert count_cards(observation.my_deck) == count_cards([i.card for i in battle.sides[player].remaining_deck()])
    sample = observation.determinize(rng)
    assert battle_input(sample) == battle_input(battle)  # the player's view is unchanged
    assert [i.uid for i in sample.sides[1 - player].hand] == [i.uid for i in battle.sides[1 - player].hand]
    assert count_cards([i.card for i in sample.sides[player].remaining_deck()]) == count_cards(observation.my_deck)
    while sample.winner is None:  # a sampled battle is a full, playable battle
        sample.do(rng.choice(sample.legal_actions()))
