"""The effect summaries on small card faces: whole sentences in plain words (never cut with "…",
never "dmg", "opp" or "HP"), shorter and shorter, and on every card of the set one of them fits
its box at every size a small card is drawn."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client.cards.card_render import LARGE_WIDTH, TINY_WIDTH, Role, layout_card
from game.client.cards.card_summary import summary_candidates
from game.client.cards.draft_scene import OFFER_WIDTH
from game.client.cards.duel_layout import BOARD_CARD, HAND_CARD, hand_card_width
from game.rules.cards.cardset import load_cardset
from game.rules.cards.locm import load_official_cards

SMALL_SIZES = sorted(
    w for w in {HAND_CARD, hand_card_width(7), hand_card_width(8), BOARD_CARD, OFFER_WIDTH} if w < LARGE_WIDTH
)
SHORTHAND = re.compile(r"…|\.\.\.|\bdmg\b|\bopp\b|\bHP\b")


@pytest.fixture(scope="module")
def cards_by_name():
    return {card.name: card for card in load_cardset().cards.values()}


@pytest.mark.parametrize(
    "name, expected",
    [
        # "Last breath: Deal 1 damage to a random enemy creature."
        (
            "Scrap Mite",
            (
                "When it dies: deal 1 damage to a random enemy creature.",
                "On death: deals 1 damage to a random enemy.",
                "On death: 1 damage to a random foe.",
            ),
        ),
        # "Charge. Summon: You lose 2 health." (Charge is a badge on the face)
        ("Ember Mote", ("When played: you lose 2 health.", "Played: -2 health.")),
        # "Last breath: Summon a 1/1 Cog Sprite."
        ("Gearling", ("When it dies: summon a 1/1 Cog Sprite.", "On death: summon a 1/1 Cog Sprite.")),
        # "Guard. Whenever it is attacked, give it +0/+1."
        ("Bulwark Automaton", ("When attacked: give it +0/+1.", "When attacked: +0/+1.")),
        # "Ward. At the end of your turn, you gain 1 health."
        ("Quicksilver Adept", ("At the end of your turn: you gain 1 health.", "Turn end: +1 health.")),
        # "You lose 1 health. Deal 3 damage to your opponent. Draw a card next turn."
        (
            "Backfire Charge",
            (
                "You lose 1 health. Deal 3 damage to the enemy hero. You draw a card next turn.",
                "-1 health. Deals 3 damage to the enemy hero. Draw a card next turn.",
                "-1 health. 3 damage to the enemy hero. Draw a card next turn.",
            ),
        ),
        # "Draw 2 cards."
        ("Blueprint Cache", ("You draw 2 cards.", "Draw 2 cards.")),
    ],
)
def test_summaries_shorten_in_whole_sentences(cards_by_name, name, expected):
    assert summary_candidates(cards_by_name[name]) == expected


def test_every_summary_list_gets_shorter_and_never_uses_shorthand():
    cards = list(load_cardset().cards.values()) + list(load_official_cards().values())
    with_effects = 0
    for card in cards:
        candidates = summary_candidates(card)
        with_effects += bool(candidates)
        assert len(set(candidates)) == len(candidates), card.name
        assert all(len(later) < len(earlier) for earlier, later in zip(candidates, candidates[1:])), candidates
        for text in candidates:
            assert not SHORTHAND.search(text), (card.name, text)
            assert text.endswith("."), (card.name, text)  # a whole sentence
    assert with_effects > 50  # the check above ran over real effects, not empty lists


@pytest.mark.parametrize("width", SMALL_SIZES)
def test_every_card_of_the_set_shows_a_whole_summary_that_fits(width):
    pygame.init()
    checked = 0
    for card in load_cardset().cards.values():
        candidates = summary_candidates(card)
        if not candidates:
            continue
        layout = layout_card(card, width)
        lines = [box for box in layout.texts if box.role == Role.SUMMARY]
        where = f"{card.name} at {width} px"
        assert lines, f"{where}: no summary fits"
        assert " ".join(box.text for box in lines) in candidates, where
        for box in lines:
            drawn_w, drawn_h = box.measure()
            assert drawn_w <= box.area.width and box.area.contains(box.rect), f"{where}: {box.text!r} leaves its box"
            assert box.size >= 8, f"{where}: {box.text!r} at {box.size} px"
        checked += 1
    assert TINY_WIDTH <= width < LARGE_WIDTH and checked > 80
