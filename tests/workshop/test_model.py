"""The workshop's document without a window: placing, moving and removing cards, stones,
objectives and story lines; undo and redo; live problems with their paths in words."""

from __future__ import annotations

from game.workshop import edits, forms
from game.workshop.edits import Slot
from game.workshop.model import Document, describe_path, parse_path
from game.workshop.templates import new_level


def card_doc() -> Document:
    return Document(new_level("cards"))


def test_place_move_remove_and_undo_redo():
    doc = card_doc()
    assert not doc.dirty and doc.problems == []
    hound = edits.place_card(doc, "player", "hand", 37, name="Voltaic Hound")
    assert hound == Slot("player", "hand", 0) and doc.get(("player", "hand")) == [37]
    golem = edits.place_card(doc, "player", "board", 25)
    assert doc.get(("player", "board")) == [{"card": 25}]
    edits.set_entry_field(doc, golem, "label", "golem")
    assert doc.get(("player", "board", 0)) == {"card": 25, "label": "golem"}
    moved = edits.move_card(doc, hound, "opponent", "deck", 0)
    assert moved == Slot("opponent", "deck", 0) and doc.get(("opponent", "deck", "cards")) == [37, 9, 9, 9]
    assert doc.get(("player", "hand")) == []
    edits.remove_card(doc, moved)
    assert doc.get(("opponent", "deck", "cards")) == [9, 9, 9]
    labels = [doc.undo() for _ in range(4)]
    assert labels == [
        "remove Voltaic Hound from the opponent's deck",
        "move Voltaic Hound to the opponent's deck",
        "set label of Gravel Golem",
        "put Gravel Golem on your board",
    ]
    assert doc.get(("player", "hand")) == [37] and "board" in doc.data["player"] and doc.get(("player", "board")) == []
    assert doc.redo() == "put Gravel Golem on your board" and doc.get(("player", "board")) == [{"card": 25}]
    edits.place_card(doc, "player", "deck", 41)
    assert doc.redo() is None  # a new edit clears the redo stack
    while doc.undo():
        pass
    assert doc.data == new_level("cards") and not doc.dirty


def test_board_lanes_and_slots():
    doc = card_doc()
    edits.set_value(doc, ("rules", "lanes"), 2)
    edits.place_card(doc, "opponent", "board", 9, lane=1)
    edits.place_card(doc, "opponent", "board", 25, lane=0)
    edits.place_card(doc, "opponent", "board", 26, index=0, lane=0)
    board = doc.get(("opponent", "board"))
    assert board == [{"card": 26}, {"card": 25}, {"card": 9, "lane": 1}]
    assert edits.board_lanes(doc, "opponent") == [[0, 1], [2]]
    slot = edits.move_card(doc, Slot("opponent", "board", 0), "opponent", "board", 0, lane=1)
    assert doc.get(slot.path()) == {"card": 26, "lane": 1} and edits.board_lanes(doc, "opponent") == [[0], [1, 2]]
    edits.set_entry_field(doc, slot, "ready", False)
    edits.move_card(doc, slot, "player", "hand")  # off the board: only the card (and a label) stay
    assert doc.get(("player", "hand")) == [26]


def test_typing_merges_into_one_edit_and_saving_starts_a_new_one():
    doc = card_doc()
    for text in ("M", "My", "My P", "My Puzzle"):
        edits.set_value(doc, ("title",), text)
    assert len(doc.undo_stack) == 1 and doc.get(("title",)) == "My Puzzle"
    doc.undo()
    assert doc.get(("title",)) == "New Puzzle"


def test_a_reward_field_on_a_level_without_rewards_makes_the_rewards_object():
    doc = card_doc()
    assert "rewards" not in doc.data
    edits.set_value(doc, ("rewards", "message"), None)  # clearing what is not there: no edit
    assert not doc.undo_stack
    edits.set_value(doc, ("rewards", "message"), "The gate opens.")
    assert doc.data["rewards"] == {"message": "The gate opens."}
    assert len(doc.undo_stack) == 1
    doc.undo()
    assert "rewards" not in doc.data


def test_new_keys_go_where_a_designer_puts_them():
    doc = card_doc()
    edits.set_value(doc, ("summary",), "A first lesson")
    edits.add_line(doc, "before", "Magister Ilsa", "Six damage wins.", "ilsa")
    keys = list(doc.data)
    assert keys[:7] == ["$schema", "version", "kind", "id", "title", "summary", "story"]
    assert doc.get(("story", "before", 0)) == {
        "speaker": "Magister Ilsa",
        "portrait": "ilsa",
        "text": "Six damage wins.",
    }
    edits.set_value(doc, ("player", "health"), 12)
    assert list(doc.data["player"]) == ["deck", "health", "mana", "hand", "board"]
    edits.remove_line(doc, "before", 0)
    assert "story" not in doc.data


def test_objectives_and_the_opponent():
    doc = card_doc()
    index = edits.add_objective(doc, "keep_alive")
    assert doc.get(("objectives", index)) == {"kind": "keep_alive", "label": ""}
    assert any(p.path.startswith("$.objectives[1].label") for p in doc.problems)
    edits.set_objective_kind(doc, index, "survive")
    edits.set_value(doc, ("objectives", index, "required"), False)
    assert doc.get(("objectives", index)) == {"kind": "survive", "turns": 3, "required": False}
    edits.set_control(doc, "ai")
    assert doc.get(("opponent", "ai")) == "easy" and doc.problems == []
    edits.set_control(doc, "scripted")
    edits.toggle_rule(doc, "attack_face")
    turn = edits.add_script_turn(doc)
    edits.set_value(doc, ("opponent", "script", turn, "actions", 0), "SUMMON {card:37}")
    problems = doc.problems
    assert [p.path for p in problems] == ["$.opponent.script[0].actions[0]"]
    assert describe_path(parse_path(problems[0].path)) == "the opponent › script turn 1 › action 1"


def test_problems_are_those_of_levels_validate():
    doc = card_doc()
    edits.set_value(doc, ("player", "mana"), 40)
    edits.set_value(doc, ("id",), "Bad Id")
    messages = {p.path: p.message for p in doc.problems}
    assert set(messages) == {"$.player.mana", "$.id"}
    assert messages["$.player.mana"] == "must be at most 12 (found 40)"
    doc.undo()
    doc.undo()
    assert doc.problems == []


def test_gomoku_stones():
    doc = Document(new_level("gomoku"))
    edits.cycle_stone(doc, 7, 7)
    edits.cycle_stone(doc, 8, 7)
    edits.cycle_stone(doc, 8, 7)  # black -> white
    assert doc.get(("opening",)) == {"black": ["7,7"], "white": ["8,7"]}
    edits.set_stone(doc, 7, 7, None)
    assert doc.get(("opening", "black")) == [] and edits.stone_at(doc, 8, 7) == ("white", 0)
    assert [p.path for p in doc.problems] == ["$.opening"]  # white cannot have moved first
    doc.undo()
    edits.add_objective(doc, "forced_win")
    assert [p.path for p in doc.problems] == ["$.objectives[1].moves"]  # no forced win from this opening
    doc.undo()
    edits.set_value(doc, ("size",), 21)
    assert [p.path for p in doc.problems] == ["$.size"]


def test_the_forms_cover_each_tab():
    doc = card_doc()
    for tab in forms.tabs(doc):
        rows = forms.build(doc, tab)
        assert rows, tab
    rows = forms.build(doc, "Objectives")
    add_survive = next(row for row in rows if row.label == "+ survive")
    add_survive.action()
    assert doc.get(("objectives", 1, "kind")) == "survive"
    level = forms.build(doc, "Level")
    health = next(row for row in level if row.path == ("opponent", "health"))
    forms.apply(doc, health, 9)
    assert doc.get(("opponent", "health")) == 9
    event = forms.build(doc, "Events")
    next(row for row in event if row.label == "+ event at a turn").action()
    rows = forms.build(doc, "Events")  # the new event, open in the event builder
    assert [row.label for row in rows[:6]] == ["< All events", "Event 1", rows[2].label, "When", "Turn", "Whose"]
    assert rows[2].label == 'at the opponent\'s turn 2, Practice Dummy says "..."'
    gomoku = Document(new_level("gomoku"))
    assert "Opponent" not in forms.tabs(gomoku)


def test_paths_inside_validator_messages_read_as_words():
    from game.workshop.model import message_in_words

    assert (
        message_in_words("0,4 is already taken by the hero at $.player.heroes[1]")
        == "0,4 is already taken by the hero at your side › heroes 2"
    )
    assert message_in_words("a stone twice (at $.opening[3])") == "a stone twice (at opening 4)"
    assert message_in_words("costs $5 and nothing else") == "costs $5 and nothing else"
