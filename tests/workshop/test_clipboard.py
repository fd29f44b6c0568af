"""The workshop's clipboard (game/workshop/clipboard.py): copy, cut, paste, duplicate and delete
several cards or heroes at once, each one undo step named in words, the clipboard's JSON exact,
and a paste into another level of the same game."""

from __future__ import annotations

import copy

import pytest

from game.rules.levels.loader import level_path
from game.workshop import clipboard, io
from game.workshop.edits import Slot
from game.workshop.kinds import editor_kind
from game.workshop.model import Document
from game.workshop.skirmish_field import HeroRef


def open_level(level_id: str) -> Document:
    data, original = io.load(level_path(level_id))
    return Document(data, level_path(level_id), original)


@pytest.fixture
def doc() -> Document:
    """Hold the Line: your hand 26 102 128 121 109; the opponent's hand stormrider (42), 37,
    brawler (65), 142; your board the squire (28, a Copperclad Knight)."""
    return open_level("c1_hold_the_line")


def test_copy_then_paste_two_cards_into_the_other_hand_is_one_undo_step(doc):
    before = copy.deepcopy(doc.data)
    clip = clipboard.Clipboard()
    # Picked in any order: the clipboard keeps the table's order.
    assert clipboard.copy_cards(doc, [Slot("player", "hand", 2), Slot("player", "hand", 0)], clip) == 2
    assert clip.data == {
        "game": "cards",
        "what": "cards",
        "items": [{"zone": "hand", "entry": 26}, {"zone": "hand", "entry": 128}],
    }
    assert doc.data == before and not doc.undo_stack  # copying changes nothing
    placed = clipboard.paste_cards(doc, "opponent", "hand", 1, clip=clip)
    assert placed == [Slot("opponent", "hand", 1), Slot("opponent", "hand", 2)]
    assert doc.get(("opponent", "hand")) == [
        {"card": 42, "label": "stormrider"},
        26,
        128,
        {"card": 37},
        {"card": 65, "label": "brawler"},
        {"card": 142},
    ]
    assert [edit.label for edit in doc.undo_stack] == ["paste Foundry Guard and Sleeping Draught"]
    assert doc.undo() == "paste Foundry Guard and Sleeping Draught"
    assert doc.data == before


def test_cut_three_cards_and_paste_them_on_the_board_keeps_their_labels(doc):
    before = copy.deepcopy(doc.data)
    clip = clipboard.Clipboard()
    slots = [Slot("opponent", "hand", 0), Slot("opponent", "hand", 2), Slot("opponent", "hand", 3)]
    assert clipboard.cut_cards(doc, slots, clip) == 3
    assert doc.get(("opponent", "hand")) == [{"card": 37}]
    assert clip.data["items"] == [
        {"zone": "hand", "entry": {"card": 42, "label": "stormrider"}},
        {"zone": "hand", "entry": {"card": 65, "label": "brawler"}},
        {"zone": "hand", "entry": {"card": 142}},
    ]
    placed = clipboard.paste_cards(doc, "player", "board", clip=clip)
    assert placed == [Slot("player", "board", 1), Slot("player", "board", 2), Slot("player", "board", 3)]
    assert doc.get(("player", "board")) == [
        {"card": 28, "label": "squire"},
        {"card": 42, "label": "stormrider"},
        {"card": 65, "label": "brawler"},
        {"card": 142},
    ]
    assert [edit.label for edit in doc.undo_stack] == ["cut 3 cards", "paste 3 cards"]
    doc.undo()
    doc.undo()
    assert doc.data == before


def test_duplicate_puts_each_copy_after_its_card(doc):
    made = clipboard.duplicate_cards(doc, [Slot("player", "hand", 3), Slot("player", "hand", 1)])
    assert doc.get(("player", "hand")) == [26, 102, 102, 128, 121, 121, 109]
    assert made == [Slot("player", "hand", 2), Slot("player", "hand", 5)]
    assert doc.undo_stack[-1].label == "duplicate Brass Plating and Rust Spray"


def test_delete_several_cards_from_two_zones_in_one_step(doc):
    before = copy.deepcopy(doc.data)
    removed = clipboard.delete_cards(
        doc, [Slot("player", "deck", 0), Slot("player", "hand", 4), Slot("player", "deck", 7)]
    )
    assert removed == 3
    assert doc.get(("player", "hand")) == [26, 102, 128, 121]
    assert doc.get(("player", "deck", "cards")) == [31, 25, 26, 17, 41, 25]
    assert [edit.label for edit in doc.undo_stack] == ["remove 3 cards"]
    doc.undo()
    assert doc.data == before


def test_the_clipboard_outlives_its_level_and_refuses_another_game(doc):
    clip = clipboard.Clipboard()
    clipboard.copy_cards(doc, [Slot("player", "board", 0)], clip)
    other = Document(editor_kind("cards").new_level())  # a new card level: the copy pastes there
    hand = list(other.get(("player", "hand")) or [])
    clipboard.paste_cards(other, "player", "hand", clip=clip)
    assert other.get(("player", "hand")) == hand + [{"card": 28, "label": "squire"}]
    assert other.undo_stack[-1].label == "paste Copperclad Knight"
    stones = Document(editor_kind("gomoku").new_level())
    with pytest.raises(ValueError, match="^The clipboard holds cards from a card level: paste them into a card level$"):
        clipboard.paste_cards(stones, "player", "hand", clip=clip)
    with pytest.raises(ValueError, match="^Nothing copied yet"):
        clipboard.paste_cards(doc, "player", "hand", clip=clipboard.Clipboard())


def test_heroes_cut_copied_pasted_and_duplicated():
    """First Muster on its own small ruin: your knight Captain Brenna (label brenna) on 1,2, a mage
    on 0,3, a cleric on 0,4; the opponent's berserker 6,1 (58 health), rogue 6,3, ranger 6,5."""
    doc = open_level("s1_first_muster")
    before = copy.deepcopy(doc.data)
    clip = clipboard.Clipboard()
    assert clipboard.cut_heroes(doc, [HeroRef("opponent", 2), HeroRef("opponent", 1)], clip) == 2
    assert doc.get(("opponent", "heroes")) == [{"hero": "berserker", "at": [6, 1], "health": 58}]
    assert clipboard.copy_heroes(doc, [HeroRef("player", 1), HeroRef("player", 2)], clip) == 2
    assert clip.data == {
        "game": "skirmish",
        "what": "heroes",
        "items": [{"hero": "mage", "at": [0, 3], "health": 45}, {"hero": "cleric", "at": [0, 4], "health": 70}],
    }
    # Pasted from 7,3: the cleric keeps its place a row under the mage.
    assert clipboard.paste_heroes(doc, "opponent", (7, 3), clip) == [HeroRef("opponent", 1), HeroRef("opponent", 2)]
    assert doc.get(("opponent", "heroes")) == [
        {"hero": "berserker", "at": [6, 1], "health": 58},
        {"hero": "mage", "at": [7, 3], "health": 45},
        {"hero": "cleric", "at": [7, 4], "health": 70},
    ]
    with pytest.raises(ValueError, match="^Your team has room for no more heroes, not 1: a team has 3$"):
        clipboard.duplicate_heroes(doc, [HeroRef("player", 0)])
    clipboard.delete_heroes(doc, [HeroRef("player", 1)])
    # The copy stands on the free floor nearest 1,2 (of the four at one step, the first by row:
    # 1,1), without the label "brenna", which objectives and events use for the original.
    assert clipboard.duplicate_heroes(doc, [HeroRef("player", 0)]) == [HeroRef("player", 2)]
    assert doc.get(("player", "heroes", 2)) == {"hero": "knight", "at": [1, 1], "name": "Captain Brenna", "health": 64}
    assert [edit.label for edit in doc.undo_stack] == [
        "cut Rogue and Ranger",
        "paste Mage and Cleric",
        "remove Mage",
        "duplicate Captain Brenna",
    ]
    while doc.undo():
        pass
    assert doc.data == before
