"""The one-line effect summaries on card faces: the rules text rewritten shorter and shorter
(pure text; card_render measures the candidates and keeps the first that fits)."""

from __future__ import annotations

import pytest

from game.client.cards.card_summary import summary_candidates
from game.rules.cards.cardset import load_cardset
from game.rules.cards.locm import load_official_cards


@pytest.fixture(scope="module")
def cards_by_name():
    return {card.name: card for card in load_cardset().cards.values()}


@pytest.mark.parametrize(
    "name, expected",
    [
        # "Last breath: Deal 1 damage to a random enemy creature."
        ("Scrap Mite", ("Last breath: 1 dmg to random enemy", "Death: 1 dmg to random foe", "Death: …")),
        # "Charge. Summon: You lose 2 health." (Charge is a badge on the face)
        ("Ember Mote", ("Summon: -2 health", "Summon: -2 HP", "Summon: …")),
        # "Last breath: Summon a 1/1 Cog Sprite."
        ("Gearling", ("Last breath: Summon a 1/1 Cog Sprite", "Death: summon 1/1", "Death: …")),
        # "Guard. Whenever it is attacked, give it +0/+1."
        ("Bulwark Automaton", ("Attacked: +0/+1", "Hit: +0/+1", "Hit: …")),
        # "Ward. At the end of your turn, you gain 1 health."
        ("Quicksilver Adept", ("Turn end: +1 health", "Turn end: +1 HP", "Turn end: …")),
    ],
)
def test_summaries_shorten_step_by_step(cards_by_name, name, expected):
    assert summary_candidates(cards_by_name[name]) == expected


def test_every_summary_list_gets_shorter_and_never_repeats():
    cards = list(load_cardset().cards.values()) + list(load_official_cards().values())
    with_effects = 0
    for card in cards:
        candidates = summary_candidates(card)
        with_effects += bool(candidates)
        assert len(set(candidates)) == len(candidates), card.name
        assert all(len(later) <= len(earlier) for earlier, later in zip(candidates, candidates[1:])), (
            card.name,
            candidates,
        )
    assert with_effects > 50  # the check above ran over real effects, not empty lists
