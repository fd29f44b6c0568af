"""The campaign map's header buttons that have a key show it, and the Decks button's key (Tab,
the same action as a pad's Y) opens the deck editor as a click does (issue #33)."""

from __future__ import annotations

import pygame

from tests.client.campaign_helpers import open_map
from tests.client.driver import key
from tests.client.text_layout import drawn_texts, layout_problems


def test_tab_opens_the_decks_and_esc_comes_back_to_the_map(app):
    campaign_map = open_map(app)
    assert (campaign_map.back.note, campaign_map.decks.note) == ("Esc", "Tab")
    texts = [text for text, _rect, _box in drawn_texts(campaign_map)]
    assert "Tab" in texts and "Esc" in texts  # drawn under their buttons' labels
    assert layout_problems(drawn_texts(campaign_map)) == []
    key(app, pygame.K_TAB)
    assert app.top.name == "deck_editor"
    key(app, pygame.K_ESCAPE)
    assert app.top is campaign_map
