"""No text leaves its button: every button of every main screen, at the size it is drawn."""

from __future__ import annotations

import pytest

from game.client.cards.match import CardMatch


from game.client.gomoku.match import GomokuMatch


from game.client.match import MatchSetup


from game.client.skirmish.match import SkirmishMatch
from game.client.widgets import Button, ButtonColumn, text_surface
from game.rules.cards.battle import Battle
from tests.client.driver import step

PADDING = 8  # the label keeps at least this far from each side of its button


def buttons_of(scene) -> list[Button]:
    found = []
    for value in vars(scene).values():
        if isinstance(value, Button):
            found.append(value)
        elif isinstance(value, ButtonColumn):
            found += value.buttons
        elif isinstance(value, (list, tuple)):
            found += [item for item in value if isinstance(item, Button)]
    return found


def overflowing(buttons: list[Button]) -> list[str]:
    wrong = []
    for button in buttons:
        width = text_surface(button.label, button.size, bold=True).get_width()
        if width + 2 * PADDING > button.rect.width:
            wrong.append(f"{button.label!r}: {width} px of text in a {button.rect.width} px button")
    return wrong


def _scenes(app):
    pool = app.card_pool_loader().cards
    duel = CardMatch(
        MatchSetup(opponent="hotseat"), Battle.from_decks([list(pool[:30]), list(pool[30:60])]), pool, "layout", {}
    )
    yield app.make("title")
    yield app.make("quick_match")
    yield app.make("settings")
    yield app.make("pause")
    yield app.make("pause", leave=lambda: None, quit_label="Quit to campaign map", restart=lambda: None)
    yield app.make("result", headline="Victory!", detail="after 9 turns", good=True, on_rematch=lambda: None)
    yield app.make("duel", match=duel)
    yield app.make("gomoku", match=GomokuMatch(MatchSetup(game="gomoku", opponent="hotseat")))
    yield app.make("skirmish", match=SkirmishMatch(MatchSetup(game="skirmish", opponent="hotseat")))
    yield app.make("campaign_map")
    yield app.make("workshop")


def test_every_button_label_fits_its_button(app):
    wrong, checked = {}, {}
    for scene in _scenes(app):
        app.reset(scene)
        step(app, 2)
        buttons = buttons_of(scene)
        checked[scene.name] = len(buttons)
        problems = overflowing(buttons)
        if problems:
            wrong[scene.name] = problems
    assert wrong == {}
    assert sum(checked.values()) >= 30 and all(checked[name] for name in ("title", "pause", "result", "gomoku")), (
        checked
    )


def test_the_check_catches_a_label_too_wide():
    import pygame

    assert overflowing([Button(pygame.Rect(0, 0, 60, 40), "A label far too long for this", None)])


# ----------------------------------------------------------------------------- the duel's hand

LANES = (1, 2)  # the rules' lane counts (Battle refuses any other)


def _longest_names(count: int):
    from game.rules.cards.cardset import load_cardset
    from game.client.widgets import text_surface

    cards = [card for card in load_cardset().cards.values() if not card.token]
    return sorted(cards, key=lambda card: -text_surface(card.name, 14, bold=True).get_width())[:count]


def test_the_longest_names_are_long_ones():
    longest = _longest_names(8)
    assert len(longest) == 8 and min(len(card.name) for card in longest) >= 14, [c.name for c in longest]


@pytest.mark.parametrize("lanes", LANES)
def test_a_full_hand_of_the_longest_names_shows_every_name_whole(app, lanes):
    """Eight cards side by side: no card covers a neighbour, and each face shows its whole name."""
    from game.client.cards.card_render import Role, layout_card
    from game.client.cards.duel_layout import CENTER, DuelLayout
    from tests.cards.builders import fresh_battle, give

    battle = fresh_battle(lanes)
    cards = _longest_names(8)
    for index, card in enumerate(cards):
        give(battle, 0, card, uid=500 + index)
    rects = DuelLayout(battle, 0).hand_rects(0)
    assert len(rects) == 8
    assert all(left.right <= right.x for left, right in zip(rects, rects[1:])), rects
    assert all(CENTER.contains(rect) for rect in rects)
    assert {rect.bottom for rect in rects} == {DuelLayout(fresh_battle(lanes), 0).hand_rects(0, extra=1)[0].bottom}
    for card, rect in zip(cards, rects):
        names = [box for box in layout_card(card, rect.width).texts if box.role == Role.NAME]
        assert " ".join(box.text for box in names) == card.name, (card.name, rect.width)


def test_hand_cards_keep_their_size_until_the_row_is_full():
    from game.client.cards.duel_layout import HAND_CARD, hand_card_width

    assert [hand_card_width(n) for n in (1, 5, 6, 7, 8)] == [HAND_CARD, HAND_CARD, HAND_CARD, 109, 94]
