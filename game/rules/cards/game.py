"""The card duel as a registry game (`game/rules/registry.py`): setups, action JSON and words.

`Battle` itself is the `GameState` (players 0 and 1, `is_terminal`, `winner`, actions as
values); this module adds what the registry needs around it: a battle from a setup and a
seed, an action's JSON form (the CodinGame text, which the saves already use) and its words.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Mapping

from game.rules.cards.actions import Action, ActionSyntaxError, Kind, parse_action
from game.rules.cards.battle import Battle
from game.rules.cards.model import Card
from game.rules.game_api import JsonValue

DECK_SIZE = 30


@lru_cache(maxsize=2)
def _pool(card_set: str) -> tuple[Card, ...]:
    if card_set == "locm":
        from game.rules.cards.locm import load_official_cards

        return tuple(load_official_cards().values())
    from game.rules.cards.cardset import load_cardset

    return tuple(load_cardset().draftable)


def new_state(setup: Mapping, seed: int) -> Battle:
    """A battle ready for the first player's first turn. `setup`: "lanes" (1 or 2), "cards"
    ("duelmind": the game's own set with its random and triggered effects, the default;
    "locm": the official list), and optionally "decks" (two lists of card ids in draw order);
    without decks, each side gets 30 cards drawn from the set by `seed`."""
    lanes = int(setup.get("lanes", 1))
    pool = _pool(str(setup.get("cards", "duelmind")))
    decks = setup.get("decks")
    if decks is None:
        rng = random.Random(seed)
        chosen = [[rng.choice(pool) for _ in range(DECK_SIZE)] for _ in range(2)]
    else:
        by_id = {card.base_id: card for card in pool}
        chosen = [[by_id[int(card_id)] for card_id in deck] for deck in decks]
    return Battle.from_decks(chosen, lanes, seed)


def action_to_json(action: Action) -> JsonValue:
    return str(action)


def action_from_json(value: JsonValue) -> Action:
    if not isinstance(value, str):
        raise ValueError(f"a card action is text such as 'ATTACK 3 -1', not {value!r}")
    try:
        return parse_action(value)
    except ActionSyntaxError as error:
        raise ValueError(str(error)) from None


def describe_action(state: Battle, action: Action) -> str:
    """The action in a player's words (the duel log has the richer form)."""

    def name(uid: int) -> str:
        creature = state.creature(uid)
        if creature is not None:
            return creature.card.name
        for side in state.sides:
            for instance in side.hand:
                if instance.uid == uid and instance.card is not None:
                    return instance.card.name
        return "a card"

    if action.kind == Kind.SUMMON:
        return f"Summon {name(action.card)}" + (
            f" in the {'left' if action.lane == 0 else 'right'} lane" if state.lanes == 2 else ""
        )
    if action.kind == Kind.ATTACK:
        target = "the opponent" if action.target < 0 else name(action.target)
        return f"{name(action.card)} attacks {target}"
    if action.kind == Kind.USE:
        target = "" if action.target < 0 else f" on {name(action.target)}"
        return f"Use {name(action.card)}{target}"
    return "End the turn"
