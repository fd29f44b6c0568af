"""Determinization never invents a card: sampled opponent cards come from the draft offers with
their multiplicity, and the own deck is exactly the true remaining multiset."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.cards.inference import DraftMemory, HiddenSampler, match_seen
from ai.cards.ismcts import ISMCTSAgent
from game.rules.cards.actions import END_TURN
from game.rules.cards.battle import Battle
from game.rules.cards.draft import Draft
from game.rules.cards.observation import count_cards


def _can_assign(cards, offers) -> bool:
    """Independent check (simple augmenting paths): each card from a distinct offer holding it."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set) -> bool:
        for j, offer in enumerate(offers):
            if j in seen or all(c.base_id != cards[i].base_id for c in offer):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(cards)))


def _game(cards, seed: int, lanes: int, steps: int):
    rng = random.Random(seed)
    memory = DraftMemory()
    draft = Draft(cards, rng)
    for pick, offer in enumerate(draft.offers):
        memory.record(offer, pick)
        for seat in (0, 1):
            # A drafter with a taste: mostly the first card, so repeated cards are common.
            draft.choose(seat, 0 if rng.random() < 0.6 else rng.randrange(len(offer)))
    battle = Battle.from_decks(draft.decks(rng), lanes)
    for _ in range(steps):  # random play, stopping before the game ends
        actions = battle.legal_actions()
        after = battle.clone()
        after.do(rng.choice(actions[1:]) if len(actions) > 1 and rng.random() < 0.85 else END_TURN)
        if after.winner is not None:
            break
        battle = after
    return battle, draft, memory, rng


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), lanes=st.sampled_from([1, 2]), steps=st.integers(0, 300))
def test_sampled_cards_are_always_possible(locm_cards, seed, lanes, steps):
    battle, draft, memory, rng = _game(list(locm_cards.values()), seed, lanes, steps)
    seat = battle.current
    observation = battle.observation(seat, draft.cards)
    opponent = battle.sides[1 - seat]
    true_hidden = [i.card for i in opponent.hand] + [i.card for i in opponent.remaining_deck()]
    offered = {card.base_id for offer in draft.offers for card in offer}
    sampler = HiddenSampler(observation, memory.offers, rng, lambda card: card.attack)
    assert sampler.from_draft
    true_mine = count_cards([i.card for i in battle.sides[seat].remaining_deck()])
    for _ in range(5):
        determinization = sampler.sample()
        assert count_cards(determinization.my_cards) == true_mine
        hidden = determinization.opponent_cards
        assert len(hidden) == len(true_hidden)
        assert {card.base_id for card in hidden} <= offered
        # Multiplicity: with the cards already played, one card per distinct offer.
        whole = list(observation.opponent_seen) + hidden
        per_card = Counter(card.base_id for card in whole)
        for base_id, count in per_card.items():
            assert count <= sum(1 for offer in draft.offers if any(c.base_id == base_id for c in offer))
        assert _can_assign(whole, draft.offers)
        # The filled battle keeps every visible fact and hides nothing any more.
        full = determinization.fill(observation.battle)
        assert [i.uid for i in full.sides[1 - seat].hand] == [i.uid for i in opponent.hand]
        assert all(i.card is not None for side in full.sides for i in (*side.hand, *side.remaining_deck()))
        assert count_cards([i.card for i in full.sides[seat].remaining_deck()]) == true_mine


def test_the_true_deck_is_always_matchable(locm_cards):
    """The real opponent deck passes the same check, so the sampler's condition is not too strict."""
    for seed in range(40):
        battle, draft, memory, rng = _game(list(locm_cards.values()), seed, 1, 0)
        for seat in (0, 1):
            assert match_seen(draft.picks[seat], memory.offers, rng) is not None
            assert _can_assign(draft.picks[seat], draft.offers)


def test_a_card_never_offered_is_never_sampled(locm_cards):
    """Even a heavily weighted card outside the offers cannot appear."""
    cards = list(locm_cards.values())
    battle, draft, memory, rng = _game(cards, 7, 1, 40)
    offered = {card.base_id for offer in draft.offers for card in offer}
    outsider = next(card for card in cards if card.base_id not in offered)
    observation = battle.observation(battle.current, [*draft.cards, outsider])
    sampler = HiddenSampler(observation, memory.offers, rng, lambda card: 100.0 if card is outsider else 0.0)
    for _ in range(50):
        assert outsider.base_id not in {card.base_id for card in sampler.sample().opponent_cards}


def test_the_agent_remembers_the_offers_and_forgets_them_between_games(locm_cards):
    cards = list(locm_cards.values())
    rng = random.Random(5)
    draft = Draft(cards, rng)
    agent = ISMCTSAgent(seed=1)
    agent.new_game(0, 1)
    for pick, offer in enumerate(draft.offers):
        draft.choose(0, agent.draft_pick(offer, draft.picks[0], pick))
    assert agent.memory.offers == [tuple(offer) for offer in draft.offers]
    agent.new_game(1, 1)
    assert agent.memory.offers == []


def test_without_a_draft_the_pool_is_used(locm_cards):
    cards = list(locm_cards.values())
    battle, draft, _, rng = _game(cards, 11, 1, 30)
    observation = battle.observation(battle.current, draft.cards)
    sampler = HiddenSampler(observation, [], rng)
    assert not sampler.from_draft
    pool_ids = {card.base_id for card in draft.cards}
    assert {card.base_id for card in sampler.sample().opponent_cards} <= pool_ids


def test_each_determinization_brings_its_own_luck(locm_cards):
    """The observation's random-effect generator is a fixed 0; a filled determinization gets a
    sampled state, so simulations do not all roll the same random effects."""
    cards = list(locm_cards.values())
    battle, draft, _, rng = _game(cards, 11, 1, 30)
    observation = battle.observation(battle.current, draft.cards)
    assert observation.battle.rng_state == 0
    sampler = HiddenSampler(observation, [], rng)
    states = {sampler.sample().fill(observation.battle).rng_state for _ in range(20)}
    assert len(states) == 20 and 0 not in states
