"""No text leaves its button: every button of every main screen, at the size it is drawn."""

from __future__ import annotations


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
