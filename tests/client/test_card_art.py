"""Card faces: every card has its picture, every word fits its box at every size, and faces and
pictures are painted once per look, never per frame."""

from __future__ import annotations

import pygame
import pytest

from game.client.cards import card_art, card_render

from game.client import paint
from game.client.cards.card_render import LARGE_WIDTH, Role, layout_card, render_card
from game.client.cards.card_summary import summary_candidates
from game.client.cards.duel_layout import BOARD_CARD, HAND_CARD, hand_card_width
from game.client.cards.duel_view import ZOOM_WIDTH
from game.client.cards.draft_scene import OFFER_WIDTH
from game.rules.cards.cardset import load_cardset
from game.rules.cards.locm import load_official_cards
from game.rules.cards.model import KEYWORD_NAMES, CardType

SIZES = (HAND_CARD, hand_card_width(7), hand_card_width(8), BOARD_CARD, ZOOM_WIDTH, OFFER_WIDTH)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    yield


@pytest.fixture(scope="module")
def duelmind_cards():
    return list(load_cardset().cards.values())


@pytest.fixture(scope="module")
def official_cards():
    return list(load_official_cards().values())


@pytest.fixture(scope="module")
def every_card(duelmind_cards, official_cards):
    return duelmind_cards + official_cards


def test_every_card_resolves_to_an_existing_icon(duelmind_cards, official_cards):
    assert len(duelmind_cards) == 122 and len(official_cards) == 160
    for card in duelmind_cards:
        assert card.art, f"Duelmind card {card.base_id} ({card.name}) has no art in its card file"
        assert card_art.art_name(card) == card.art
        assert paint.icon_file(card.art).is_file(), card.art
    for card in official_cards:
        assert card.art == ""  # the rules never read assets: the client maps LOCM cards
        icon = card_art.locm_art(card)
        assert icon, f"LOCM card {card.base_id} ({card.name}) has no icon in locm_card_icons.json"
        assert card_art.art_name(card) == icon and paint.icon_file(icon).is_file(), icon


def test_keyword_badges_and_stand_ins_have_icons():
    for name in KEYWORD_NAMES:
        icon = card_art.keyword_icon_name(name)
        assert icon and paint.icon_file(icon).is_file(), name
    from game.rules.cards.model import Card

    for card_type in CardType:  # a card from a file without art still gets a picture
        card = Card(9999, "Nameless", card_type, 1, 1, 1)
        icon = card_art.art_name(card)
        assert icon and paint.icon_file(icon).is_file(), card_type


def test_a_custom_card_sharing_an_official_id_does_not_take_its_icon(official_cards):
    from dataclasses import replace

    impostor = replace(official_cards[0], name="Someone Else")
    assert card_art.locm_art(impostor) == ""


def _check_layout(card, width, attack=None, defense=None, keywords=None) -> None:
    layout = layout_card(card, width, attack, defense, keywords)
    where = f"{card.name} ({card.base_id}) at {width} px"
    bounds = layout.rect
    assert layout.height == int(width * card_render.CARD_RATIO)
    for part in (layout.art, layout.name_plate, layout.cost, layout.attack, layout.defense, layout.rules_box):
        if part is not None:
            assert bounds.contains(part), f"{where}: {part} leaves the card"
    for name, rect in layout.keywords:
        assert layout.art.contains(rect), f"{where}: the {name} badge leaves the picture"
    for box in layout.texts:
        drawn_w, drawn_h = box.measure()
        assert drawn_w <= box.rect.width, f"{where}: {box.role} {box.text!r} is {drawn_w} px in {box.rect.width}"
        assert drawn_h <= box.rect.height, f"{where}: {box.role} {box.text!r} is {drawn_h} px high in {box.rect.height}"
        assert box.area.contains(box.rect), f"{where}: {box.role} {box.text!r} leaves its area"
        assert bounds.contains(box.area), f"{where}: the {box.role} area leaves the card"
        assert box.size >= 7, f"{where}: {box.role} {box.text!r} at {box.size} px"
    names = [box for box in layout.texts if box.role == Role.NAME]
    assert names, f"{where}: the name is missing"
    assert " ".join(box.text for box in names) == " ".join(card.name.split()), f"{where}: the name was cut"
    assert len(names) <= 2
    for box in names:
        assert box.size >= 8, f"{where}: name at {box.size} px"
        assert layout.name_plate.contains(box.rect)
    assert Role.COST in {box.role for box in layout.texts}
    if card.type == CardType.CREATURE:
        assert {Role.ATTACK, Role.DEFENSE} <= {box.role for box in layout.texts}
    summaries = [box for box in layout.texts if box.role == Role.SUMMARY]
    if summaries:  # whole sentences on lines one under the other, never a cut one
        assert " ".join(box.text for box in summaries) in summary_candidates(card), where
        assert all(upper.rect.bottom - 1 <= lower.rect.y for upper, lower in zip(summaries, summaries[1:])), where
    if width >= LARGE_WIDTH:
        assert [box for box in layout.texts if box.role == Role.RULES], f"{where}: no rules text"
        assert not summaries
    elif summary_candidates(card):
        assert summaries, f"{where}: no effect summary fits"


def test_no_text_overflows_its_box_at_any_size(every_card):
    for card in every_card:
        for width in SIZES:
            _check_layout(card, width)


def test_board_stats_of_two_digits_and_many_keywords_still_fit(every_card):
    for card in every_card:
        if card.type == CardType.CREATURE:
            _check_layout(card, BOARD_CARD, attack=card.attack + 11, defense=max(0, card.defense - 3), keywords=63)
            _check_layout(card, ZOOM_WIDTH, attack=99, defense=99, keywords=63)


def test_tiny_faces_keep_only_cost_and_stats(duelmind_cards):
    layout = layout_card(duelmind_cards[0], 46)
    assert {box.role for box in layout.texts} <= {Role.COST, Role.ATTACK, Role.DEFENSE}
    assert render_card(duelmind_cards[0], 46).get_size() == (46, int(46 * card_render.CARD_RATIO))


def test_faces_and_pictures_are_painted_once_per_look(duelmind_cards, official_cards):
    card_art.clear_caches()
    card_render.clear_face_cache()
    cards = duelmind_cards[:30] + official_cards[:30]  # a duel's worth of cards
    for _ in range(3):
        for card in cards:
            for width in (HAND_CARD, BOARD_CARD, ZOOM_WIDTH):
                image = render_card(card, width)
                assert image.get_size() == (width, int(width * card_render.CARD_RATIO))
    looks = {(card, width) for card in cards for width in (HAND_CARD, BOARD_CARD, ZOOM_WIDTH)}
    pictures = {
        (card_art.art_name(card), card_art.family_of(card), layout_card(card, width).art.size) for card, width in looks
    }
    assert card_render.face_cache_info()["renders"] == len(looks)
    assert card_art.cache_info()["renders"] == len(pictures)
    # A creature whose stats change gets a new face, but its picture is not painted again.
    creature = next(card for card in cards if card.type == CardType.CREATURE)
    render_card(creature, BOARD_CARD, creature.attack + 1, creature.defense)
    assert card_render.face_cache_info()["renders"] == len(looks) + 1
    assert card_art.cache_info()["renders"] == len(pictures)


def test_the_picture_is_composed_not_pasted(duelmind_cards):
    """The picture has a painted background (many colours, no transparent pixel) and the icon
    is tinted: hardly any of the white of the SVG file is left (only its lit rim)."""
    card = duelmind_cards[0]
    image = card_art.card_art(card, (100, 70))
    assert image.get_size() == (100, 70)
    samples = [tuple(image.get_at((x, y))) for x in range(0, 100, 2) for y in range(0, 70, 2)]
    assert len(set(samples)) > 300
    assert all(p[3] == 255 for p in samples)
    assert sum(1 for p in samples if min(p[:3]) >= 250) < len(samples) * 0.03
    families = {str(card_art.family_of(c)) for c in duelmind_cards}
    assert {"creature:guard", "creature:high", "green:low", "red:mid", "blue:low"} <= families


def test_a_duel_draws_no_face_per_frame(app):
    """Once the duel's faces are drawn ahead, frames (hovering included) paint nothing new."""
    from game.client.match import MatchSetup, start_match
    from game.client.cards.duel_scene import DuelScene
    from game.client.scenes.pass_device import PassDeviceScene
    from tests.client.driver import click, move, run_until, step

    start_match(app, MatchSetup(game="cards", opponent="hotseat", draft="auto", lanes=1, seed=3))
    run_until(app, lambda: isinstance(app.top, PassDeviceScene) and app.find(DuelScene) is not None, timeout=60)
    click(app, app.top.button.rect.center)
    duel = app.find(DuelScene)
    run_until(app, lambda: app.top is duel and not duel.anims.busy and not getattr(duel, "_prerender", ()), timeout=60)
    layout = duel.layout()
    hand = layout.hand_rects(layout.bottom)
    assert hand
    move(app, hand[0].center)  # the hovered card's large face was drawn ahead too
    faces, pictures = card_render.face_cache_info()["renders"], card_art.cache_info()["renders"]
    for rect in hand:
        move(app, rect.center)
    step(app, 20)
    assert card_render.face_cache_info()["renders"] == faces
    assert card_art.cache_info()["renders"] == pictures


def test_a_card_file_naming_a_missing_icon_says_which_card_and_suggests_one(tmp_path):
    import json

    from game.rules.cards.cardset import CardSetError

    path = tmp_path / "set.json"
    cards = [
        {"id": 1, "name": "Imp", "type": "creature", "cost": 1, "attack": 1, "defense": 1, "art": "wolf-haed"},
        {"id": 2, "name": "Sly", "type": "creature", "cost": 1, "attack": 1, "defense": 1, "art": "../icon"},
        {"id": 3, "name": "Ok", "type": "creature", "cost": 1, "attack": 1, "defense": 1, "art": "wolf-head"},
    ]
    path.write_text(json.dumps({"version": 1, "name": "t", "cards": cards}), encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        load_cardset([path])
    assert caught.value.problems == [
        f"{path}: card 1 (Imp): art: no icon file assets/art/icons/wolf-haed.svg; did you mean 'wolf-head'?",
        (
            f"{path}: card 2 (Sly): art: '../icon' is not an icon name: lowercase letters and digits joined by '-', "
            "e.g. 'wolf-head'"
        ),
    ]


def test_the_card_back_has_the_faces_shape_and_is_painted_once_per_width():
    from game.client.cards.card_back import render_back
    from game.client.cards.card_render import CARD_RATIO

    for width in (28, HAND_CARD, 120):
        back = render_back(width)
        assert back.get_size() == (width, int(width * CARD_RATIO))
        assert render_back(width) is back
        w, h = back.get_size()
        assert back.get_at((0, 0)).a < 128 and back.get_at((w - 1, h - 1)).a < 128  # rounded corners
        mark = back.get_at((w // 2, h // 2 - round(w * 0.23)))
        field = back.get_at((w // 2, round(h * 0.85)))
        assert mark.a > 240 and mark.r > mark.b  # the gold diamond...
        assert field.a > 240 and field.b > field.g  # ... on the violet field


def test_a_changed_stat_is_marked_by_an_arrow_not_only_by_its_colour(duelmind_cards):
    card = next(card for card in duelmind_cards if card.type == CardType.CREATURE and card.defense > 1)
    layout = layout_card(card, BOARD_CARD, card.attack + 2, card.defense - 1)
    assert layout.changes == [(layout.attack, 1), (layout.defense, -1)]
    assert layout_card(card, BOARD_CARD).changes == []
