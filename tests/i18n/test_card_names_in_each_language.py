"""Card names in every language (levels/cards/translations/<lang>.json): every card of the shipped
card files is translated, each translated name is drawn whole by the card renderer on a full
hand's narrowest card, a hand card, a board card and a large one, never smaller than the English
names shrink to, every character of the data's translations has a glyph in the shipped fonts, and
the client's lookup follows a language switch."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import i18n
from game.client import data_text
from game.paths import levels_dir
from game.rules.cards.cardset import load_cardset
from game.rules.levels.translations import DATA_LANGUAGES, card_coverage, load_translations

CARDS = levels_dir() / "cards"
SMALLEST_PIXELS = 8  # an English name's floor in a full hand's narrowest card (tests/client/test_game_text_scale.py)


@pytest.mark.parametrize("language", DATA_LANGUAGES)
def test_every_card_name_and_flavor_is_translated_and_nothing_is_stale(language):
    report = card_coverage(CARDS, language)
    assert (report.problems, report.missing, report.unused) == ([], [], [])


@pytest.mark.parametrize("language", DATA_LANGUAGES)
def test_every_translated_name_fits_the_card_frame(language):
    from game.client import resources
    from game.client.cards.card_render import Role, layout_card
    from game.client.cards.duel_layout import BOARD_CARD, HAND_CARD, hand_card_width

    pygame.font.init()
    table = load_translations(CARDS, language)
    cut = []
    for card in load_cardset().cards.values():
        name = table.card_text(card.name)
        assert name != card.name, f"{card.name} is not translated into {language}"
        shown = dataclasses.replace(card, name=name)
        for width in (hand_card_width(8), HAND_CARD, BOARD_CARD, 200):
            layout = layout_card(shown, width)
            boxes = [box for box in layout.texts if box.role == Role.NAME]
            whole = " ".join(box.text for box in boxes) == " ".join(name.split())
            fits = all(box.measure()[0] <= box.rect.width and layout.name_plate.contains(box.rect) for box in boxes)
            small = any(resources.font(box.size, True).get_height() < SMALLEST_PIXELS for box in boxes)
            if not whole or not fits or small:
                cut.append((name, width))
    assert cut == []


@pytest.mark.parametrize("language", DATA_LANGUAGES)
@pytest.mark.parametrize("data", ["cards", "campaign"])
def test_every_character_of_the_data_translations_has_a_glyph(data, language):
    """No card name or campaign text draws a box: its characters are in the shipped fonts (a rare
    hanzi is not: use another word, or re-run build_scripts/subset_fonts.py, which keeps them)."""
    from game.client import resources

    pygame.font.init()
    family = resources.font(18).family
    text = (levels_dir() / data / "translations" / f"{language}.json").read_text(encoding="utf-8")
    assert sorted({c for c in text if not c.isspace() and not family.covers(family.choose(c), c)}) == []


def test_the_clients_card_names_follow_the_language():
    card = next(card for card in load_cardset().cards.values() if card.name == "Scrap Mite")
    try:
        i18n.set_language("ru")
        assert data_text.card_name(card) == "Ржавый клещ"
        i18n.set_language("zh-CN")
        assert data_text.card_name(card) == "废铁虫"
        i18n.set_language("en-XA")
        assert data_text.card_name(card) == i18n.pseudo("Scrap Mite")
        i18n.set_language("en")
        assert data_text.card_name(card) == "Scrap Mite"
    finally:
        i18n.set_language("en")
