"""Small builders for hand-made levels in tests (card ids are from levels/cards/core.json)."""

from __future__ import annotations

import copy

from game.rules.levels.model import LEVEL_ADAPTER
from game.rules.levels.session import LevelSession

GOLEM = 25  # Gravel Golem, 2 mana 3/3
HOUND = 37  # Voltaic Hound, 3 mana 3/2 Charge
BRUTE = 33  # Bellows Brute, 3 mana 4/3 Breakthrough
FOUNDRY_GUARD = 26  # 3 mana 2/5 Guard
BELLRINGER = 9  # 1 mana 0/3 Guard
KNIGHT = 28  # Copperclad Knight, 3 mana 3/3 Ward
SPARK_FLASK = 141  # blue, 1 mana: 2 damage to an enemy creature or the opponent
TEMPERED_BLADE = 103  # green, 2 mana: +3/+0
RUST_SPRAY = 121  # red, 1 mana: -2/+0
STEAMHULK = 68  # 6 mana 6/7
RIVET_DRONE = 3  # 0 mana 0/2 Guard

BASE_CARDS = {
    "kind": "cards",
    "id": "test_level",
    "title": "Test",
    "rules": {"lanes": 1, "style": "duelmind"},
    "player": {"deck": {"cards": [GOLEM] * 6}},
    "opponent": {"deck": {"cards": [GOLEM] * 6}, "control": "scripted"},
    "objectives": [{"kind": "win"}],
}


def merge(base: dict, changes: dict) -> dict:
    result = copy.deepcopy(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict) and key not in ("deck",):
            result[key] = merge(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


def card_level(**changes):
    return LEVEL_ADAPTER.validate_python(merge(BASE_CARDS, changes))


def gomoku_level(**changes):
    base = {
        "kind": "gomoku",
        "id": "test_gomoku",
        "title": "Test",
        "opponent": {"ai": "novice", "budget_ms": 20},
        "objectives": [{"kind": "win"}],
    }
    return LEVEL_ADAPTER.validate_python(merge(base, changes))


def started(level, seed: int = 0):
    session = LevelSession.create(level, seed)
    session.start()
    return session


def uid(session, label: str) -> int:
    return session.labels[label]
