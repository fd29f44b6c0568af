"""The levels a new workshop document starts from: the README's minimal card puzzle and gomoku
level, ready to edit (they validate as they are)."""

from __future__ import annotations

import copy

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
    "opponent": {"name": "Practice Dummy", "portrait": "dummy", "deck": {"kind": "fixed", "cards": [9, 9, 9]},
                 "health": 6, "hand": [], "control": "scripted"},
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

TEMPLATES = {"cards": CARD_PUZZLE, "gomoku": GOMOKU}


def new_level(kind: str) -> dict:
    return copy.deepcopy(TEMPLATES[kind])
