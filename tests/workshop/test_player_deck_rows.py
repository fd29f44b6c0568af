"""The workshop edits a deck the player brings (`"deck": {"kind": "player", ...}`): the deck-kind
choice offers it (for the player's side only), choosing it writes the exact JSON (the fixed deck's
cards become the suggested deck), its rows set the size, the copies of a card, the allowed cards
and the suggested deck from the card picker, each change one undo step, validated live."""

from __future__ import annotations

from game.workshop import forms
from game.workshop.model import Document
from game.workshop.templates import new_level


def rows_named(doc: Document, label: str):
    return [row for row in forms.build(doc, "Level") if row.label == label]


def problems(doc: Document) -> list[tuple[str, str]]:
    return [(problem.path, problem.message) for problem in doc.problems]


def test_choosing_the_players_own_deck_writes_its_json_and_its_rows_edit_it():
    doc = Document(new_level("cards"))  # the player's fixed deck: three Gravel Golems (25)
    mine, theirs = rows_named(doc, "Deck")
    assert mine.choices == ("fixed", "shuffled", "draft", "player") and mine.names["player"] == "The player's own"
    assert theirs.choices == ("fixed", "shuffled", "draft")  # only the player brings a deck
    forms.apply(doc, mine, "player")
    assert doc.get(("player", "deck")) == {"kind": "player", "size": 30, "max_copies": 2, "suggested": [25, 25, 25]}
    assert doc.undo_stack[-1].label == "make your deck the player's own"
    assert problems(doc) == [
        ("$.player.deck.suggested", "the suggested deck is not legal: 3 copies of Gravel Golem: at most 2"),
        ("$.player.deck.suggested", "the suggested deck is not legal: 3 of 30 cards"),
    ]
    labels = [row.label for row in forms.build(doc, "Level")]
    at = labels.index("Cards in a deck")
    assert labels[at : at + 10] == [
        "Cards in a deck",
        "Copies of a card",
        "Allowed cards",
        "None listed: every card of the level",
        "Add a card",
        "Suggested deck",
        "Card 1",
        "Card 2",
        "Card 3",
        "Add a card",
    ]

    forms.apply(doc, rows_named(doc, "Cards in a deck")[0], 3)
    assert problems(doc) == [
        ("$.player.deck.suggested", "the suggested deck is not legal: 3 copies of Gravel Golem: at most 2")
    ]
    forms.apply(doc, rows_named(doc, "Copies of a card")[0], 3)
    assert problems(doc) == []
    rows_named(doc, "Add a card")[0].setter(9)  # the allowed cards: Chapel Bellringer alone
    assert doc.undo_stack[-1].label == "add Chapel Bellringer to allowed cards"
    assert doc.get(("player", "deck", "allowed")) == [9]
    assert problems(doc) == [
        ("$.player.deck.suggested", "the suggested deck is not legal: Gravel Golem is not allowed in this level")
    ]
    rows_named(doc, "Add a card")[0].setter(25)
    assert problems(doc) == []
    rows_named(doc, "Add a card")[1].setter(9)  # a fourth card in a deck of three
    assert doc.get(("player", "deck", "suggested")) == [25, 25, 25, 9]
    assert problems(doc) == [("$.player.deck.suggested", "the suggested deck is not legal: 4 of 3 cards")]
    assert doc.undo() == "add Chapel Bellringer to suggested deck"
    assert problems(doc) == []

    forms.apply(doc, rows_named(doc, "Deck")[0], "shuffled")  # back: the suggested deck is its cards
    assert doc.get(("player", "deck")) == {"kind": "shuffled", "cards": [25, 25, 25]}
    assert doc.undo() == "make your deck shuffled"
    assert doc.get(("player", "deck", "kind")) == "player"


def test_a_player_deck_takes_the_rules_deck_size():
    doc = Document(new_level("cards"))
    doc.data["rules"]["deck_size"] = 20
    doc.data["player"]["deck"] = {"kind": "fixed", "cards": []}
    doc.version += 1
    forms.apply(doc, rows_named(doc, "Deck")[0], "player")
    assert doc.get(("player", "deck")) == {"kind": "player", "size": 20, "max_copies": 2}
    assert rows_named(doc, "Suggested deck")[0].path == ("player", "deck", "suggested")
    assert [row.label for row in forms.build(doc, "Level")].count(
        "None listed: one is built from the allowed cards"
    ) == 1
