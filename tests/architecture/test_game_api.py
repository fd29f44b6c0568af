"""The conformance test every game in the registry passes (OpenSpiel's `api_test` in spirit):
random playouts to the end with every applied action legal, illegal actions refused with the
state unchanged, `clone()` independent of the original, replay from (setup, seed, actions)
giving the same events, actions through JSON and back, words for every action, and the
observation hiding what the player may not see. A new game in `game/rules/registry.py` is
tested here without a line of its own, except its hidden-information check below."""

from __future__ import annotations

import json
import random

import pytest

from game.rules.game_api import GameState, IllegalAction
from game.rules.registry import GAMES, game_kind

# Setups tried per game (a game not named here is tried with its defaults).
SETUPS = {
    "cards": [{}, {"lanes": 2}, {"cards": "locm"}],
    "gomoku": [{"size": 15}, {"rule": "renju"}],
    "skirmish": [{}, {"arena": "pillars", "teams": [["berserker", "warlock", "ranger"], ["knight", "mage", "cleric"]]}],
}
SEEDS = (1, 2, 3)
MAX_STEPS = 5000  # every game ends long before (cards by deck-out, gomoku by a full board)


def _cards_hidden(state, observation, player) -> list[str]:
    seen = observation.battle
    leaks = []
    if any(instance.card is not None for instance in seen.sides[1 - player].hand):
        leaks.append("the opponent's hand")
    for side in (0, 1):
        if any(instance.card is not None for instance in seen.sides[side].remaining_deck()):
            leaks.append(f"the order of player {side}'s deck (a future draw)")
    if state.rng_state != 0 and seen.rng_state == state.rng_state:
        leaks.append("the random generator (future random effects)")
    return leaks


def _skirmish_hidden(state, observation, player) -> list[str]:
    if observation.match.rng.getstate() == state.match.rng.getstate():
        return ["the random generator (future rolls)"]
    return []


def _perfect_information(state, observation, player) -> list[str]:
    return [] if observation.legal_actions() == state.legal_actions() else ["a different position"]


# What each game's observation must hide. A new game must say here what its players may not see.
HIDDEN = {
    "cards": _cards_hidden,
    "skirmish": _skirmish_hidden,
    "gomoku": _perfect_information,
    "connect4": _perfect_information,
}

CASES = [(name, setup) for name in GAMES for setup in SETUPS.get(name, [{}])]


def _look(state: GameState) -> tuple:
    """What a player can tell about a state from outside: to check a state did not change."""
    return (
        state.current_player if not state.is_terminal else None,
        state.is_terminal,
        state.winner,
        tuple(map(repr, state.legal_actions())),
    )


@pytest.mark.parametrize("name, setup", CASES, ids=[f"{name}-{json.dumps(setup)}" for name, setup in CASES])
def test_random_playouts_keep_the_shape(name, setup):
    kind = game_kind(name)
    for seed in SEEDS:
        rng = random.Random(seed)
        state = kind.new_state(setup, seed)
        assert isinstance(state, GameState)
        played, events, earlier = [], [], []
        for _step in range(MAX_STEPS):
            if state.is_terminal:
                break
            assert state.current_player in (0, 1)
            legal = state.legal_actions()
            assert legal, "a running game always has a legal action"
            action = rng.choice(legal)
            assert state.is_legal(action)
            # An action legal earlier and not now is refused, and the state stays as it was.
            stale = next((old for old in reversed(earlier[-20:]) if old not in legal), None)
            if stale is not None:
                before = _look(state)
                assert not state.is_legal(stale)
                with pytest.raises(IllegalAction):
                    state.apply(stale)
                assert _look(state) == before
            # JSON and back gives the same action; every action has words.
            text = json.dumps(kind.action_to_json(action))
            assert kind.action_from_json(json.loads(text)) == action
            words = kind.describe_action(state, action)
            assert isinstance(words, str) and words.strip()
            # A clone moves on its own.
            if rng.random() < 0.1:
                before = _look(state)
                twin = state.clone()
                twin.apply(action)
                assert _look(state) == before
            player = state.current_player
            leaks = HIDDEN[name](state, state.observation(player), player)
            assert leaks == [], f"{name}'s observation shows {leaks}"
            events.append(state.apply(action))
            played.append(json.loads(text))
            earlier.append(action)
        assert state.is_terminal, f"{name} did not end within {MAX_STEPS} actions"
        assert state.winner in (None, 0, 1)
        assert state.legal_actions() == []
        # Replay: the same setup, seed and actions give the same events, step by step.
        again = kind.new_state(setup, seed)
        for value, happened in zip(played, events):
            assert again.apply(kind.action_from_json(value)) == happened
        assert _look(again) == _look(state)
        assert _look(kind.replay(setup, seed, played)) == _look(state)


@pytest.mark.parametrize("name", list(GAMES))
def test_nonsense_action_json_is_refused_in_a_sentence(name):
    kind = game_kind(name)
    for nonsense in (None, {"x": 1}, [1.5, 2], "FLY AWAY", True):
        with pytest.raises(ValueError) as refused:
            action = kind.action_from_json(nonsense)
            if not kind.new_state({}, 0).is_legal(action):  # well-formed but never legal: fine
                raise ValueError("not legal here")
        assert str(refused.value)


def test_every_game_names_what_its_observation_hides():
    assert set(GAMES) <= set(HIDDEN), "add the new game's hidden-information check to HIDDEN"


def test_the_registry_is_a_plain_table():
    """Every game is in GAMES from the start: importing a game's modules adds nothing."""
    before = set(GAMES)
    for kind in GAMES.values():
        kind.new_state({}, 0)
    assert set(GAMES) == before


def test_a_count_of_turns_reads_as_words_in_each_games_unit():
    assert [
        game_kind(name).count_turns(n) for name, n in (("cards", 1), ("cards", 3), ("gomoku", 1), ("skirmish", 12))
    ] == [
        "1 turn",
        "3 turns",
        "1 move",
        "12 rounds",
    ]
