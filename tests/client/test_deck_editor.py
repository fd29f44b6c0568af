"""The deck editor and the deck choice at a level's start, driven like a person: open the editor
from the campaign map, fill a deck with clicks and keys, save it, bring it to a level where the
player brings a deck; the result names the cards won; the editor's text fits at 100 % and 150 %."""

from __future__ import annotations

import pygame
import pytest

from game.client import resources
from game.client.scenes.level_result import LevelResultScene
from game.rules.saves.collection import Collection
from game.rules.saves.progress import Progress
from tests.client.campaign_helpers import open_map, progress_store, read_dialogues, start_from_map, won_before
from tests.client.driver import click, key, move, step
from tests.client.text_layout import drawn_texts, layout_problems

CHAPTER_ONE = ("c1_first_spark", "c1_guard_duty", "c1_clear_the_floor", "c1_hold_the_line", "c1_apprentice_trial")


@pytest.fixture
def home(tmp_path):
    return tmp_path / "home"  # DUELMIND_HOME of the app fixture


def open_editor(app, home):
    won_before(home, *CHAPTER_ONE)
    campaign_map = open_map(app)
    click(app, campaign_map.decks.rect.center)
    assert app.top.name == "deck_editor"
    return campaign_map, app.top


def saved_decks(home) -> list[tuple[str, list[int]]]:
    collection = Collection(Progress(progress_store(home)))
    return [(deck.name, deck.cards) for deck in collection.decks]


def test_build_a_deck_save_it_and_bring_it_to_a_level(app, home):
    campaign_map, editor = open_editor(app, home)
    edit = editor.edit
    assert edit.level.id == "c2_round_one" and (edit.size, edit.max_copies) == (20, 2)
    first_ten = [card.base_id for _, card in editor.card_rects()[:10]]
    for rect, _ in editor.card_rects()[:10]:
        click(app, rect.center)
        click(app, rect.center)
    assert len(edit.cards) == 20 and edit.problems() == []
    click(app, editor.card_rects()[0][0].center)  # a third copy is refused, in words
    assert len(edit.cards) == 20 and edit.message.startswith("At most 2 copies of ")
    key(app, pygame.K_DELETE)  # the keys are on the card clicked last: one copy out
    assert len(edit.cards) == 19 and edit.problems() == ["19 of 20 cards"]
    key(app, pygame.K_RETURN)
    assert len(edit.cards) == 20
    click(app, editor.save_button.rect.center)
    [(name, cards)] = saved_decks(home)
    assert name == "My deck" and sorted(cards) == sorted(first_ten * 2)
    key(app, pygame.K_ESCAPE)
    assert app.top is campaign_map

    start_from_map(app, campaign_map, "c2_round_one")
    choice = app.top
    assert choice.name == "deck_choice"
    assert [(title, note, playable) for title, note, _, playable in choice.rows] == [
        ("My deck", "Ready for this level", True),
        ("The level's deck", "20 cards chosen for this level", True),
    ]
    click(app, choice.menu.buttons[0].rect.center)
    read_dialogues(app)
    duel = app.top
    assert duel.name == "duel"
    run = duel.match.run
    assert sorted(run.session.deck) == sorted(first_ten * 2)

    # the win's cards are named on the result screen
    run.session._finish("won", "All objectives met.")
    run.finish()
    assert run.cards_won == [19, 42, 45, 57, 59, 148]
    result = LevelResultScene(app, run)
    lines = " ".join(text for text, _ in result.footer)
    assert (
        "New cards for your decks: Arc Tinkerer, Stormrider, Quench Priest, Lightning Drake, Cinder Wraith, "
        "Incendiary Shell" in lines
    )


def test_an_illegal_deck_says_why_and_cannot_be_chosen(app, home):
    won_before(home, *CHAPTER_ONE)
    progress = Progress(progress_store(home))
    Collection(progress).save_deck("Too many", [25, 25, 25] + [26] * 2)
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "c2_round_one")
    rows = app.top.rows
    assert [(title, note, playable) for title, note, _, playable in rows[:1]] == [
        ("Too many", "3 copies of Gravel Golem: at most 2", False),
    ]
    assert not app.top.menu.buttons[0].enabled


def test_filters_keys_and_decks_in_the_editor(app, home):
    _, editor = open_editor(app, home)
    edit = editor.edit
    everything = len(editor.shown())
    chip = next(rect for rect, label, _ in editor.chips if label == "Blue")
    click(app, chip.center)
    assert {card.type.name for card in editor.shown()} == {"BLUE"}
    click(app, next(rect for rect, label, _ in editor.chips if label == "All").center)
    assert len(editor.shown()) == everything
    click(app, (editor.chips[0][0].x - 60, editor.chips[0][0].centery))  # the search field
    for letter in "golem":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    step(app)
    assert edit.filter.text == "golem"
    assert [card.name for card in editor.shown()] == ["Gravel Golem", "Boilerplate Golem"]
    key(app, pygame.K_ESCAPE)  # Esc leaves the search field first, not the editor
    assert app.top is editor and editor.zone == "cards"
    key(app, pygame.K_RETURN)  # adds the first one
    assert edit.cards == [25]
    move(app, editor.card_rects()[0][0].center)
    assert editor.hover == ("card", 25)
    click(app, editor.foot_buttons[1].rect.center)  # Build for me
    assert len(edit.cards) == 20 and edit.problems() == []
    key(app, pygame.K_ESCAPE)  # leaving an unsaved deck asks first; Esc there stays
    assert app.top.name == "workshop_prompt" and app.top.title == "Save this deck?"
    key(app, pygame.K_ESCAPE)
    assert app.top is editor and editor.zone == "cards"
    key(app, pygame.K_BACKSPACE)  # over the cards: one copy of the card the keys are on out
    assert len(edit.cards) == 19
    key(app, pygame.K_RIGHT)  # the large card follows the keys
    assert editor.hover == ("card", editor.shown()[1].base_id)
    key(app, pygame.K_TAB)  # to the deck list: its first row
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert editor.hover == ("row", edit.entries()[0][0].base_id)
    key(app, pygame.K_TAB)  # to the search
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))  # typing in the search
    step(app)
    assert editor.zone == "search" and edit.filter.text == "golemx"
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="y"))  # typing over the cards searches too
    step(app)
    assert editor.zone == "search" and edit.filter.text == "golemxy"


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_editor_and_the_deck_choice_keep_their_text_in_place(app, home, scale):
    app.settings.text_scale = scale
    app.apply_accessibility()
    assert resources.text_scale() == scale
    campaign_map, editor = open_editor(app, home)
    editor.build()
    editor.edit.save()
    editor.edit.message = "At most 2 copies of Boilerplate Golem"
    step(app, 5)
    assert layout_problems(drawn_texts(editor)) == []
    key(app, pygame.K_ESCAPE)
    start_from_map(app, campaign_map, "c2_round_one")
    assert app.top.name == "deck_choice"
    assert layout_problems(drawn_texts(app.top)) == []


def test_edit_decks_from_the_level_start_and_come_back_to_the_choice(app, home):
    won_before(home, *CHAPTER_ONE)
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "c2_round_one")
    choice = app.top
    click(app, choice.menu.find("Edit decks").rect.center)
    editor = app.top
    assert editor.name == "deck_editor" and editor.edit.fixed and editor.edit.level.id == "c2_round_one"
    assert editor._arrows()[4:] == []  # no other level to check against from here
    click(app, editor.foot_buttons[1].rect.center)  # Build for me
    click(app, editor.save_button.rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.top is choice
    assert [(title, note) for title, note, _, _ in choice.rows] == [
        ("My deck", "Ready for this level"),
        ("The level's deck", "20 cards chosen for this level"),
    ]
    assert choice.menu.focus == 0  # the deck just saved


def test_leaving_with_changes_asks_and_a_damaged_decks_file_is_said(app, home):
    home.mkdir(parents=True, exist_ok=True)
    folder = progress_store(home).root
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decks.json").write_text('{"version": 1, "decks": [')
    _, editor = open_editor(app, home)
    assert app.banner is not None and app.banner[0].startswith("Your saved decks could not be read: decks.json")
    assert [p.name.startswith("decks.json.corrupt-") for p in folder.iterdir() if p.name.startswith("decks")] == [True]
    click(app, editor.card_rects()[0][0].center)
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "workshop_prompt" and app.top.title == "Save this deck?"
    click(app, app.top.menu.find("Save").rect.center)
    assert app.top.name == "campaign_map"
    assert saved_decks(home) == [("My deck", [editor.card_rects()[0][1].base_id])]
