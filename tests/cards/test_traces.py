"""Replay battles played by the official LOCM engine: every input a bot received must match ours
token by token, every action must be legal for us too, and the winner must agree."""

from __future__ import annotations

import gzip
import json

import pytest

from game.rules.cards.battle import Battle
from game.rules.cards.protocol import battle_input, play_turn, split_turn_input
from tests.conftest import TRACES

TRACE_FILES = ["official-1lane-100.jsonl.gz", "official-2lane-100.jsonl.gz"]


def _games(name):
    path = TRACES / name
    if not path.exists():
        pytest.skip(f"official traces not found at {path}")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


@pytest.mark.parametrize("name", TRACE_FILES)
def test_official_traces_replay_exactly(name, locm_cards):
    games = _games(name)
    assert len(games) == 100
    for number, game in enumerate(games):
        decks = [[locm_cards[base_id] for base_id in deck] for deck in game["decks"]]
        battle = Battle.from_decks(decks, lanes=game["lanes"])
        for turn_number, turn in enumerate(game["turns"]):
            where = f"{name} game {number} turn {turn_number}"
            assert battle.winner is None, where
            assert battle.current == turn["player"], where
            assert split_turn_input(battle_input(battle)) == split_turn_input(turn["input"]), where
            warnings = play_turn(battle, ";".join(turn["actions"]))
            assert warnings == [], f"{where}: {warnings}"
        assert battle.winner == game["winner"], f"{name} game {number}"


def test_traces_exercise_deck_out_in_both_variants():
    """The replays above are only as strong as what the traces exercise: check that players do
    reach turns with an empty deck (where every draw breaks a rune) in both variants."""
    for name in TRACE_FILES:
        empty_deck_turns = sum(1 for game in _games(name) for turn in game["turns"] if turn["input"].split()[2] == "0")
        assert empty_deck_turns > 50, name
