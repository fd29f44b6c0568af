"""The card game in every language: each card's rules text, name and type fit its frame wherever
a card shows its rules (every card of levels/cards/core.json and of the LOCM list the quick match
uses); the rules text is worded per language with Russian's cases and plural forms, and stays
English for the card files, the referee and the bots; the duel's log follows a language switch;
and the draft, the duel (its log, a card's tooltip, the Tab view), the deck editor and the deck
choice keep every text in its place in English, Chinese, Russian, Thai and the pseudo-locale."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.client.ai_worker import AgentSpec
from game.client.cards.card_render import Role, layout_card
from game.client.cards.card_words import card_name, rules_text
from game.client.cards.duel_scene import DuelScene
from game.client.cards.duel_view import THOUGHTS
from game.client.cards.duel_words import now
from game.client.explain_overlay import draw_card_thoughts
from game.client.cards.match import CardMatch
from game.client.match import MatchSetup
from game.rules.cards.actions import Kind, _intern
from game.rules.cards.cardset import load_cardset
from game.rules.cards.locm import load_official_cards
from game.rules.cards.text import PLAYER, card_text
from game.rules.levels import load_level
from game.rules.levels.player_deck import deck_problems
from tests.cards.builders import fresh_battle, give, put
from tests.client.campaign_helpers import open_map, won_before
from tests.client.driver import click, move, run_until, step
from tests.client.text_layout import drawn_texts, layout_problems

LANGUAGES = ["en", "zh-CN", "ru", "th", "en-XA"]
# Where a card shows its whole rules text: the workshop's card panel and picker (150, 170), the
# deck editor's preview (230) and the duel's card under the mouse (ZOOM_WIDTH, 250). The narrowest
# of them is checked: a wider face has more room.
RULES_WIDTHS = (150,)
# The pseudo-locale is 40 % longer than English on purpose; the player's screens hold it, the
# workshop's narrow panel does not (a designer reads it in English).
PSEUDO_WIDTHS = (230,)
CHAPTER_ONE = ("c1_first_spark", "c1_guard_duty", "c1_clear_the_floor", "c1_hold_the_line", "c1_apprentice_trial")


@pytest.fixture(scope="module")
def every_card():
    return list(load_cardset().cards.values()) + list(load_official_cards().values())


@pytest.fixture(scope="module")
def named():
    return {card.name: card for card in load_cardset().cards.values()}


def _squashed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_fits_its_frame_in_each_language(every_card, language):
    pygame.init()
    assert i18n.set_language(language) == language
    widths = PSEUDO_WIDTHS if language == i18n.PSEUDO else RULES_WIDTHS
    wrong = []
    for card in every_card:
        body = rules_text(card) or None
        for width in widths:
            layout = layout_card(card, width)
            where = f"{card.name} at {width} px"
            roles = {role: [box for box in layout.texts if box.role == role] for role in Role}
            for role in (Role.NAME, Role.TYPE, Role.RULES):
                if not roles[role]:
                    wrong.append(f"{where}: no {role.value} fits")
            for box in layout.texts:
                drawn_w, drawn_h = box.measure()
                if drawn_w > box.area.width or not box.area.contains(box.rect):
                    wrong.append(f"{where}: {box.text!r} leaves its box")
            shown = "".join(box.text for box in roles[Role.RULES])
            if body is not None and roles[Role.RULES] and _squashed(shown) != _squashed(body):
                wrong.append(f"{where}: the rules text is cut: {shown!r}")
            if _squashed("".join(box.text for box in roles[Role.NAME])) != _squashed(card_name(card.name)):
                wrong.append(f"{where}: the name is cut")
    assert wrong == []


def test_the_rules_text_is_worded_per_language_and_the_rules_keep_english(named):
    mite, cache = named["Scrap Mite"], named["Blueprint Cache"]
    english = "Last breath: Deal 1 damage to a random enemy creature."
    assert card_text(mite) == mite.text == english
    i18n.set_language("ru")
    assert rules_text(mite) == "Последний вздох: Нанесите случайному вражескому существу 1 ед. урона."
    assert card_text(mite) == english and load_cardset().cards[mite.base_id].text == english  # the rules stay English
    # Russian's three plural forms: 1 карту (its own sentence), 2 карты, 5 карт.
    assert rules_text(cache) == "Возьмите 2 карты."
    assert card_text(replace(cache, effects=(replace(cache.effects[0], amount=5),)), PLAYER) == "Возьмите 5 карт."
    i18n.set_language("zh-CN")
    assert rules_text(mite) == "遗言：对一个随机敌方生物造成1点伤害。"
    assert rules_text(named["Bulwark Automaton"]) == "守护。每当它受到攻击时，使它获得+0/+1。"
    i18n.set_language("th")
    assert rules_text(cache) == "จั่วการ์ด 2 ใบ"


def test_a_decks_problems_are_said_in_the_players_language_and_english_for_the_checks():
    level = load_level("c2_round_one")
    from game.rules.levels.build import level_cardset

    cardset = level_cardset(level)
    cards = [card.base_id for card in cardset.draftable[:1]] * 3
    name = cardset.cards[cards[0]].name
    assert deck_problems(level, cards, cardset) == [f"3 copies of {name}: at most 2", "3 of 20 cards"]
    i18n.set_language("ru")
    assert deck_problems(level, cards, cardset, None, PLAYER, card_name) == [
        f"«{card_name(name)}» — 3 копии: можно не больше 2",
        "3 из 20 карт",
    ]
    assert deck_problems(level, cards, cardset)[1] == "3 of 20 cards"  # levels validate stays English


def _duel(app, named, lanes: int = 1) -> DuelScene:
    """A duel against the random AI with a hand, creatures on both sides and a few log lines."""
    battle = fresh_battle(lanes)
    hand = ["Scrap Mite", "Blueprint Cache", "Spark Flask", "Gearhound", "Oil Can"]
    given = [give(battle, 0, named[name], uid=200 + index) for index, name in enumerate(hand)]
    put(battle, 0, named["Bulwark Automaton"], uid=220, lane=0)
    put(battle, 1, named["Gearhound"], uid=240, lane=lanes - 1)
    battle.sides[0].mana = battle.sides[0].max_mana = 10
    setup = MatchSetup(game="cards", opponent="ai", difficulty="random", lanes=lanes)
    match = CardMatch(setup, battle, [], "languages", {1: AgentSpec("languages", 1, "random", 1, lanes)})
    duel = DuelScene(app, match)
    for instance in given:
        duel.instances[instance.uid] = instance
    app.push(duel)
    step(app, 3)
    for uid, kind in ((201, Kind.USE), (200, Kind.SUMMON)):  # "You use Blueprint Cache", "You summon Scrap Mite"
        duel.perform(next(action for action in duel.legal_actions() if action.card == uid and action.kind == kind))
    while duel.anims.busy:
        step(app)
    return duel


def test_the_duels_log_follows_a_language_switch(app, named):
    duel = _duel(app, named)
    lines = [text for text, _colour in duel.log]
    assert lines[-2:] == ["You use Blueprint Cache", "You summon Scrap Mite"]
    i18n.set_language("ru")
    assert [now(text) for text in lines[-2:]] == [
        "Вы применяете «{}»".format(card_name("Blueprint Cache")),
        "Вы призываете «{}»".format(card_name("Scrap Mite")),
    ]
    assert now(lines[0]) == "Дуэль начинается"  # the opening line too
    i18n.set_language("zh-CN")
    assert now(lines[-1]) == "你召唤了{}".format(card_name("Scrap Mite"))


class _TabView:
    """The duel's Tab view alone, as the duel draws it over the board."""

    def __init__(self, duel: DuelScene):
        self.duel = duel

    def draw(self, surface) -> None:
        model = self.duel.view_model()
        draw_card_thoughts(surface, THOUGHTS, model.explained_by, model.explanation, model.say_plan_step)


def _screens(app, draft, duel, home_ready):
    """(name, scene) for the card game's screens in the current language: the draft and the duel
    made once (they follow a language switch), the deck editor and choice made anew (they are
    worded when made: Settings cannot be opened over them)."""
    yield "draft", draft
    move(app, duel.layout().hand_rect(duel.bottom, 202).center)  # a card's tooltip: Spark Flask
    yield "duel, a card in the hand under the mouse", duel
    move(app, duel.layout().all_creature_rects()[220].center)  # a Guard: its reminder beside it
    yield "duel, a creature and its keyword reminder", duel
    from ai.agents import _card_explanation

    children = [{"actions": ["SUMMON 202 0", "ATTACK 220 -1"], "visits": 12 - n, "mean": 0.6} for n in range(10)]
    duel.explanation = _card_explanation(
        duel.battle, {"children": children, "ms": 640}, _intern(Kind.END_TURN, 0, 0, 0)
    )
    duel.explained_by = duel.seat_label(1)
    yield "duel, the Tab view", _TabView(duel)  # its own texts: the board's texts lie under its panel
    campaign_map, editor_args = home_ready
    editor = app.make("deck_editor", **editor_args)
    editor.edit.build()
    editor.edit.message = editor.edit.problems()[0] if editor.edit.problems() else editor.edit.message
    editor.hover, editor.mouse = ("card", editor.shown()[0].base_id), (300, 300)
    yield "deck editor", editor
    level = load_level("c2_round_one")
    yield "deck choice", app.make("deck_choice", level=level, progress=campaign_map.progress)


@pytest.fixture
def home_ready(app, tmp_path):
    home = tmp_path / "home"
    won_before(home, *CHAPTER_ONE)
    campaign_map = open_map(app)
    click(app, campaign_map.decks.rect.center)
    editor = app.top
    assert editor.name == "deck_editor"
    args = {"collection": editor.edit.collection, "cardset": editor.edit.cardset, "levels": editor.edit.levels}
    app.pop()
    return campaign_map, args


def test_the_card_screens_keep_their_text_in_place_in_each_language(app, named, home_ready):
    from game.client.cards.draft_scene import DraftScene

    from game.client.match import start_match

    start_match(app, MatchSetup(game="cards", opponent="ai", difficulty="random", draft="draft", seed=9))
    run_until(app, lambda: isinstance(app.top, DraftScene) and app.top.picker is not None, timeout=30)
    draft = app.top
    click(app, draft.offer_rects()[0].center)
    run_until(app, lambda: draft.picker is not None, timeout=30)
    duel = _duel(app, named, lanes=2)  # over the draft
    wrong, seen = {}, []
    for language in LANGUAGES:
        assert i18n.set_language(language) == language
        app.settings.language = language
        for name, scene in _screens(app, draft, duel, home_ready):  # the faces redraw at a switch
            problems = layout_problems(drawn_texts(scene))
            seen.append(name)
            if problems:
                wrong[f"{language}: {name}"] = problems
    assert wrong == {}
    assert len(seen) == 6 * len(LANGUAGES)  # the draft, the duel thrice, the deck editor and choice


def test_the_ai_worker_explains_the_card_ais_move_in_the_language_it_is_told():
    from ai.agents import install
    from game.client.ai_worker import _handle, _WorkerState
    from game.rules.registry import GAMES

    install()
    state = GAMES["cards"].new_state({}, 4)
    request = {
        "game": "cards",
        "agent": next(iter(GAMES["cards"].agents)),
        "seed": 3,
        "game_id": "languages",
        "seat": state.current_player,
        "observation": state.observation(state.current_player),
        "budget_ms": 20.0,
    }
    english = _handle(_WorkerState(), "act", request)["explanation"].headline
    russian = _handle(_WorkerState(), "act", {**request, "language": "ru"})["explanation"].headline
    assert i18n.language() == "ru"  # the worker keeps the language it was told
    assert english.isascii() and not russian.isascii() and russian != english
