"""The levels a new workshop document starts from: the README's minimal card puzzle and gomoku
level, and a three-against-three skirmish on the ruins, ready to edit (they validate as they are).
Each game's entry in the workshop's table (game/workshop/kinds.py) names its template."""

from __future__ import annotations


SCHEMA = "../schema/level.schema.json"  # as the shipped files and the README write it

CARD_PUZZLE = {
    "$schema": SCHEMA,
    "version": 1,
    "kind": "cards",
    "id": "new_puzzle",
    "title": "New Puzzle",
    "rules": {"lanes": 1, "style": "plain"},
    "first": "player",
    "player": {"deck": {"kind": "fixed", "cards": [25, 25, 25]}, "mana": 3, "hand": [], "board": []},
    "opponent": {
        "name": "Practice Dummy",
        "portrait": "dummy",
        "deck": {"kind": "fixed", "cards": [9, 9, 9]},
        "health": 6,
        "hand": [],
        "control": "scripted",
    },
    "objectives": [{"kind": "win_within", "turns": 1, "text": "Win this turn"}],
}

GOMOKU = {
    "$schema": SCHEMA,
    "version": 1,
    "kind": "gomoku",
    "id": "new_stones",
    "title": "New Stones",
    "rule": "freestyle",
    "size": 15,
    "opening": {"black": [], "white": []},
    "first": "player",
    "opponent": {"ai": "easy", "budget_ms": 300},
    "objectives": [{"kind": "win"}],
}

SKIRMISH = {
    "$schema": SCHEMA,
    "version": 1,
    "kind": "skirmish",
    "id": "new_skirmish",
    "title": "New Skirmish",
    "map": "ruins",
    "player": {
        "heroes": [{"hero": "knight", "at": [0, 1]}, {"hero": "mage", "at": [0, 4]}, {"hero": "cleric", "at": [0, 6]}]
    },
    "opponent": {
        "name": "Practice Dummy",
        "portrait": "dummy",
        "ai": "easy",
        "budget_ms": 300,
        "heroes": [
            {"hero": "berserker", "at": [9, 1]},
            {"hero": "rogue", "at": [9, 4]},
            {"hero": "ranger", "at": [9, 6]},
        ],
    },
    "objectives": [{"kind": "defeat_all"}],
}


def new_level(kind: str) -> dict:
    """A new level of game `kind`: its workshop editor's template (game/workshop/kinds.py), copied."""
    from game.workshop.kinds import editor_kind

    return editor_kind(kind).new_level()
