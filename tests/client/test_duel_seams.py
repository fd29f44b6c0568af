"""Issue #31's card duel seams: previews that never cover combat, items without a target, labels
that say what happened and stay in the window, hints kept out of the log, a board that does not
re-flow, and a whole turn played by keyboard alone."""

from __future__ import annotations

import pygame
import pytest

from game.client.ai_worker import AgentSpec
from game.client.cards.duel_drag import DragKind, targets_nothing
from game.client.cards.duel_layout import slot_rects
from game.client.cards.duel_scene import DuelScene
from game.client.cards.duel_view import DuelView
from game.client.cards.match import CardMatch
from game.client.match import MatchSetup
from game.rules.cards.actions import FACE, Kind, _intern
from game.rules.cards.cardset import load_cardset
from game.rules.events import Event, EventKind
from tests.cards.builders import fresh_battle, give, put
from tests.client.driver import click, drag, key, move, step


@pytest.fixture(scope="module")
def named():
    return {card.name: card for card in load_cardset().cards.values()}


def _duel(app, hand=(), mine=(), theirs=(), lanes: int = 1) -> DuelScene:
    """A duel against the random AI (Pip) with these cards in the hand and on the boards."""
    battle = fresh_battle(lanes)
    given = [give(battle, 0, card, uid=200 + index) for index, card in enumerate(hand)]
    for index, card in enumerate(mine):
        put(battle, 0, card, uid=220 + index, lane=index % lanes)
    for index, card in enumerate(theirs):
        put(battle, 1, card, uid=240 + index, lane=index % lanes)
    battle.sides[0].mana = battle.sides[0].max_mana = 10
    setup = MatchSetup(game="cards", opponent="ai", difficulty="random", lanes=lanes)
    match = CardMatch(setup, battle, [], "seams", {1: AgentSpec("seams", 1, "random", 1, lanes)})
    duel = DuelScene(app, match)
    for instance in given:  # cards given to the hand are not in the deck the scene indexed
        duel.instances[instance.uid] = instance
    app.push(duel)
    step(app, 3)
    assert duel.human_to_act()
    return duel


# ----------------------------------------------------------------------------- 2: previews


def test_the_preview_shows_at_rest_and_hides_while_aiming_and_while_an_attack_plays(app, named):
    duel = _duel(app, mine=[named["Gearhound"]], theirs=[named["Bulwark Automaton"]])
    view = DuelView()
    target = duel.layout().all_creature_rects()[240]
    move(app, target.center)
    assert view.preview(duel.view_model())[0] is named["Bulwark Automaton"]
    click(app, duel.layout().all_creature_rects()[220].center)  # the attacker picked up: aiming
    move(app, target.center)
    assert duel.drag is not None and view.preview(duel.view_model()) is None
    click(app, target.center)  # the attack plays
    assert duel.drag is None and duel.anims.busy
    assert view.preview(duel.view_model()) is None
    while duel.anims.busy:
        step(app)
    assert view.preview(duel.view_model()) is not None  # at rest again, the mouse still on it


# ----------------------------------------------------------------------------- 3: no target


def test_items_that_target_nothing_are_told_apart(named):
    assert targets_nothing(named["Blueprint Cache"]) and targets_nothing(named["Smoke Bomb"])
    assert targets_nothing(named["Backfire Charge"])  # its damage goes to the opponent, always
    assert not targets_nothing(named["Spark Flask"])  # a creature or the opponent: the player chooses
    assert not targets_nothing(named["Acid Flask"]) and not targets_nothing(named["Oil Can"])
    assert not targets_nothing(named["Sparkwick"])


def test_an_item_without_a_target_is_dropped_anywhere_on_the_table(app, named):
    duel = _duel(app, hand=[named["Blueprint Cache"]], mine=[named["Gearhound"]], theirs=[named["Bulwark Automaton"]])
    source = duel.card_rect(200)
    drag(app, source.center, duel.layout().board_zone(0).center)  # our own side of the board
    assert [action.text() for _, action in duel.battle.sides[0].actions] == ["USE 200 -1"]
    assert duel.log[-1][0] == "You use Blueprint Cache"


def test_dropping_it_back_on_the_hand_cancels_it(app, named):
    duel = _duel(app, hand=[named["Blueprint Cache"], named["Smoke Bomb"]])
    drag(app, duel.card_rect(200).center, duel.card_rect(201).center)
    assert duel.battle.sides[0].actions == [] and duel.drag is None


def test_the_log_names_a_target_only_when_the_card_has_one(app, named):
    duel = _duel(app, hand=[named["Smoke Bomb"], named["Spark Flask"]], theirs=[named["Bulwark Automaton"]])
    assert duel.describe(_intern(Kind.USE, 200, FACE, 0), 1) == "Pip uses Smoke Bomb"
    assert duel.describe(_intern(Kind.USE, 200, FACE, 0), 0) == "You use Smoke Bomb"
    assert duel.describe(_intern(Kind.USE, 201, FACE, 0), 0) == "You use Spark Flask on Pip"
    assert duel.describe(_intern(Kind.USE, 201, 240, 0), 0) == "You use Spark Flask on Bulwark Automaton"
    assert duel.say_plan_step("USE 200 -1") == "use Smoke Bomb"


# ----------------------------------------------------------------------------- 6: floating labels


def _float_of(duel, events):
    duel.animator.animate(events, duel.battle.clone())
    step(duel.app)
    return [anim for anim in duel.anims.active if anim.kind == "float"]


def test_a_broken_rune_and_a_full_hand_say_what_happened_beside_the_portrait(app):
    duel = _duel(app)
    floats = _float_of(duel, [Event(EventKind.RUNE, player=1, value=25), Event(EventKind.HAND_FULL, player=0)])
    words = {anim.data["text"]: anim.data["at"] for anim in floats}
    assert set(words) == {"A rune breaks: Pip draws a card", "Your hand is full"}
    layout = duel.layout()
    for seat, text in ((1, "A rune breaks: Pip draws a card"), (0, "Your hand is full")):
        hero = layout.hero(seat)
        portrait = pygame.Rect(hero.x + 8, hero.y + 8, 112, 112)
        assert not words[text].colliderect(portrait), text
        assert not words[text].colliderect(hero), text


def test_a_label_near_the_window_edge_slides_in_whole(app):
    from game.client.anim import Anim

    view = DuelView()
    duel = _duel(app)
    view.model = duel.view_model()
    sizes = []
    for left in (560, 1180):  # in the middle, then starting 100 px before the right edge
        surface = pygame.Surface((1280, 720))
        anim = Anim("float", 900, text="A rune breaks: you draw a card", colour=(255, 210, 120), label=True)
        anim.data["at"] = pygame.Rect(left, 200, 320, 36)
        view._draw_anim(surface, anim)
        drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        drawn.invert()
        box = drawn.get_bounding_rects()[0].unionall(drawn.get_bounding_rects())
        assert box.right <= 1280
        sizes.append(box.width)
    assert sizes[0] == sizes[1] > 200  # the same whole sentence, not cut by the window


# ----------------------------------------------------------------------------- 7: hints


def test_choosing_a_summons_target_is_a_hint_never_a_log_line(app, named):
    duel = _duel(app, hand=[named["Thunder Adept"]], theirs=[named["Bulwark Automaton"]])
    drag(app, duel.card_rect(200).center, duel.layout().board_zone(0).center)
    assert duel.drag is not None and duel.drag.kind is DragKind.CHOOSE
    assert duel.view_model().hint == "Choose a target for Thunder Adept  (right click or Esc cancels)"
    assert not any("Choose" in text for text, _ in duel.log)
    click(app, duel.layout().all_creature_rects()[240].center)
    assert duel.view_model().hint == "" and not any("Choose" in text for text, _ in duel.log)


# ----------------------------------------------------------------------------- 8: a stable board


def test_a_summon_stands_where_it_was_dropped_and_a_death_leaves_a_gap_until_the_turn_ends(app, named):
    duel = _duel(app, hand=[named["Gearhound"], named["Kiln Spirit"]], mine=[named["Bulwark Automaton"]])
    slots = slot_rects(1, duel.layout().board_zone(0))
    before = duel.layout().creature_rects(0)[220]
    assert before == slots[2]  # alone, a row is centred: the third of six slots
    drag(app, duel.card_rect(200).center, slots[5].center)  # dropped on the last slot
    while duel.anims.busy:
        step(app)
    rects = duel.layout().creature_rects(0)
    assert rects[220] == before and rects[200] == slots[5]
    # Dropped left of them, it still stands right of them (the rules' order, which adjacency
    # reads); no slot is free right of the last one, so that one steps aside, and only it.
    drag(app, duel.card_rect(201).center, slots[0].center)
    while duel.anims.busy:
        step(app)
    rects = duel.layout().creature_rects(0)
    assert rects[220] == before and rects[200] == slots[4] and rects[201] == slots[5]
    duel.view.sides[0].board = [c for c in duel.view.sides[0].board if c.uid != 201]  # it dies
    assert duel.layout().creature_rects(0) == {220: before, 200: slots[4]}  # a gap, nothing moves
    duel.view.current = 1  # the turn changes hands: the row closes up, centred
    assert duel.layout().creature_rects(0) == {220: slots[2], 200: slots[3]}


# ----------------------------------------------------------------------------- 10: keyboard


def test_a_whole_turn_by_keyboard_alone(app, named):
    duel = _duel(app, hand=[named["Gearhound"]], mine=[named["Kiln Spirit"]], theirs=[named["Bulwark Automaton"]])
    key(app, pygame.K_1)  # the first hand card gets the focus ring
    model = duel.view_model()
    assert model.focus == duel.card_rect(200) and model.aim is None
    key(app, pygame.K_RETURN)  # picked up: its lane is the one target
    assert duel.drag is not None and duel.drag.uid == 200 and duel.view_model().aim is not None
    key(app, pygame.K_RETURN)
    while duel.anims.busy:
        step(app)
    assert [action.text() for _, action in duel.battle.sides[0].actions] == ["SUMMON 200"]
    key(app, pygame.K_UP)  # the creatures that can attack
    assert duel.view_model().focus == duel.layout().all_creature_rects()[220]
    key(app, pygame.K_RETURN)  # Kiln Spirit aims: the Guard, the only legal target
    assert duel.drag.kind is DragKind.ATTACK and duel.view_model().aim == duel.layout().all_creature_rects()[240]
    key(app, pygame.K_TAB)  # Tab cycles the targets (one here) instead of showing the AI's thoughts
    assert not duel.overlay and duel.view_model().aim == duel.layout().all_creature_rects()[240]
    key(app, pygame.K_RETURN)
    while duel.anims.busy:
        step(app)
    assert [action.text() for _, action in duel.battle.sides[0].actions][-1] == "ATTACK 220 240"
    key(app, pygame.K_e)
    assert "You end your turn" in [text for text, _ in duel.log]
    assert duel.battle.current == 1 or duel.battle.sides[0].turns == 2  # the AI's turn (or over already)


def test_escape_puts_a_picked_up_card_down_before_it_opens_the_menu(app, named):
    duel = _duel(app, hand=[named["Gearhound"]])
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    assert duel.drag is not None
    key(app, pygame.K_ESCAPE)
    assert duel.drag is None and app.top is duel
    key(app, pygame.K_ESCAPE)
    assert app.top is not duel  # the pause menu


def test_arrows_cycle_the_targets_of_a_picked_up_item(app, named):
    duel = _duel(app, hand=[named["Acid Flask"]], theirs=[named["Bulwark Automaton"], named["Gearhound"]])
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    rects = duel.layout().all_creature_rects()
    assert duel.view_model().aim == rects[240]
    key(app, pygame.K_RIGHT)
    assert duel.view_model().aim == rects[241]
    key(app, pygame.K_RIGHT)
    assert duel.view_model().aim == rects[240]  # round again


# ----------------------------------------------------------------------------- 5: the Tab view


LONG_PLANS = [
    (
        "Summon Ironclad Dreadnought, then Clockwork Assassin attacks Bulwark Automaton, then Chapel"
        " Bellringer attacks Pip",
        0.62,
    ),
    ("Use Acid Flask on Stormheart Leviathan, then summon Apprentice Alchemist, then attack Pip", 0.55),
    ("Summon Nightshade Alchemist, then summon Apprentice Alchemist", 0.41),
    ("Use Spark Flask on Pip, then summon Primordial Furnace", 0.30),
    ("End the turn", 0.05),
]


def test_every_weighed_option_is_listed_whole():
    from game.client.explain_overlay import BAR_WIDTH, fit_options

    pygame.init()
    width = 816 - 44 - BAR_WIDTH - 14  # the duel's Tab view
    size, wrapped = fit_options(LONG_PLANS, width, 300)
    assert len(wrapped) == 5
    assert [" ".join(lines) for lines in wrapped] == [text for text, _ in LONG_PLANS]
    assert sum(len(lines) * (size + 5) + 6 for lines in wrapped) <= 300 and size >= 12


def test_a_search_plan_is_told_in_plain_words():
    from game.client.explain_overlay import card_plans

    plans = card_plans({"children": [{"actions": ["PASS"], "mean": 0.15, "visits": 115}]})
    assert plans == [(["PASS"], 0.15, "Tried 115 times, won 15% of them")]
    plans = card_plans({"plans": [{"actions": [], "score": 3.0}, {"actions": [], "score": 1.0}]})
    assert [judged for _, _, judged in plans] == ["The best it found", "15% as good as its choice"]


def test_the_card_ais_explanation_lists_its_plans_and_counts_them():
    from ai.agents import _card_explanation

    battle = fresh_battle()
    children = [{"actions": ["PASS"], "mean": 0.5, "visits": 10 + i} for i in range(10)]
    explanation = _card_explanation(battle, {"children": children, "ms": 800}, _intern(Kind.END_TURN, 0, 0, 0))
    assert len(explanation.options) == 8
    assert explanation.options[0] == ("End the turn. Tried 10 times, won 50% of them", 0.5)
    assert explanation.facts == ["Weighed 10 plans; the 8 best are listed", "Thought for 800 ms"]
    few = _card_explanation(battle, {"children": children[:3]}, _intern(Kind.END_TURN, 0, 0, 0))
    assert len(few.options) == 3 and few.facts == []


def test_in_two_lanes_the_arrows_choose_the_lane(app, named):
    duel = _duel(app, hand=[named["Gearhound"]], lanes=2)
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    layout = duel.layout()
    assert duel.view_model().aim == layout.lane_zone(0, 0)  # the left lane first
    key(app, pygame.K_RIGHT)
    assert duel.view_model().aim == layout.lane_zone(0, 1)
    key(app, pygame.K_RETURN)
    [(_, action)] = duel.battle.sides[0].actions
    assert (action.kind, action.card, action.lane) == (Kind.SUMMON, 200, 1)


# ----------------------------------------------------------------------------- 7: the draft's list


def test_the_drafts_deck_list_says_how_many_more_inside_its_box(app, monkeypatch, named):
    from game.client.cards import draft_scene
    from game.client.cards.draft_scene import DraftScene
    from game.client.widgets import draw_text

    drawn = []

    def recording(surface, text, pos, size, *args, **kwargs):
        drawn.append((text, pos, size))
        return draw_text(surface, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(draft_scene, "draw_text", recording)
    picks = sorted(named.values(), key=lambda card: (card.cost, card.name))[:30]  # 30 different cards
    DraftScene._draw_deck_list(None, pygame.Surface((1280, 720)), picks)
    box = pygame.Rect(1052, 40, 214, 430)  # the list's panel
    [(text, pos, size)] = [row for row in drawn if row[0].startswith("and ")]
    shown = [row for row in drawn if row[0] in {card.name for card in picks}]
    assert text == f"and {30 - len(shown)} more"
    assert pos[1] + size + 4 <= box.bottom and all(row[1][1] < pos[1] for row in shown)


# ----------------------------------------------------------------------------- 9, 11: pieces, shapes


def _recorded(monkeypatch, module, name):
    calls = []
    original = getattr(module, name)

    def record(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, record)
    return calls


def test_runes_and_mana_are_numbers_in_readable_type(app, monkeypatch):
    from game.client.cards import duel_hero

    duel = _duel(app)
    duel.view.sides[0].mana = 4
    duel.view.sides[1].next_rune = 20  # the opponent's first rune is broken
    texts = _recorded(monkeypatch, duel_hero, "draw_text")
    DuelView().draw(pygame.Surface((1280, 720)), duel.view_model())
    sizes = {}
    for surface, text, pos, size, *rest in texts:
        sizes.setdefault(text, []).append(size)
    assert sizes["mana 4/10"] == [17] and sizes["mana 0/1"] == [17]
    assert all(sizes[str(value)] == [11, 11] for value in (25, 20, 15, 10, 5))


def test_legal_targets_wear_a_reticle_not_only_a_red_outline(app, monkeypatch, named):
    from game.client.cards import duel_hero, duel_view

    duel = _duel(app, mine=[named["Gearhound"]], theirs=[named["Gearling"], named["Kiln Spirit"]])
    click(app, duel.layout().all_creature_rects()[220].center)  # the attacker picked up
    assert set(duel.drag.moves) == {("creature", 240), ("creature", 241), ("face",)}
    on_boards = _recorded(monkeypatch, duel_view, "reticle")
    on_faces = _recorded(monkeypatch, duel_hero, "reticle")
    DuelView().draw(pygame.Surface((1280, 720)), duel.view_model())
    rects = duel.layout().all_creature_rects()
    assert sorted(args[1][0] for args in on_boards) == sorted(rects[uid].centerx for uid in (240, 241))
    hero = duel.layout().hero(1)
    assert [args[1] for args in on_faces] == [(hero.x + 8 + 56, hero.y + 8 + 56)]
