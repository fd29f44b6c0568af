"""legal_actions() is exactly the set of actions illegal_reason() accepts: sound (the property tests
check that too) and complete, with no duplicates and END_TURN first. The generator is the
search's hand-tuned inner loop and illegal_reason() the plain statement of the rules, so each
checks the other, in random games of both variants, with the LOCM cards and with Duelmind's
(targeted summons, tokens, auras)."""

from __future__ import annotations

import random

import pytest

from game.rules.cards.actions import END_TURN, FACE, attack, summon, use
from game.rules.cards.battle import Battle
from game.rules.cards.cardset import load_cardset
from game.rules.cards.draft import run_draft


def _candidates(battle: Battle) -> set:
    """Every action the current player could name: each hand card and board creature against
    every id in play, FACE, both lanes, with and without a summon target."""
    me = battle.sides[battle.current]
    ids = [c.uid for side in battle.sides for c in side.board] + [FACE]
    found = {END_TURN}
    for instance in me.hand:
        for lane in (0, 1):
            found.add(summon(instance.uid, lane))
            found.update(summon(instance.uid, lane, target) for target in ids)
        found.update(use(instance.uid, target) for target in ids)
    for creature in me.board:
        found.update(attack(creature.uid, target) for target in ids)
    return found


def _games(pool, lanes: int, games: int, seed: int):
    rng = random.Random(seed)
    pick = lambda seat, pick, offer: rng.randrange(len(offer))  # noqa: E731
    for game in range(games):
        _, decks = run_draft(pool, rng, [pick, pick])
        battle = Battle.from_decks(decks, lanes, seed=game)
        while battle.winner is None:
            yield battle
            battle.do(rng.choice(battle.legal_actions()))


@pytest.mark.parametrize("lanes", [1, 2])
@pytest.mark.parametrize("cards", ["locm", "duelmind"])
def test_legal_actions_are_exactly_the_actions_the_rules_accept(locm_cards, cards, lanes):
    pool = list(locm_cards.values()) if cards == "locm" else load_cardset().draftable
    states = 0
    for battle in _games(pool, lanes, games=6, seed=lanes):
        legal = battle.legal_actions()
        assert legal[0] is END_TURN and len(set(legal)) == len(legal)
        accepted = {action for action in _candidates(battle) if battle.illegal_reason(action) is None}
        assert set(legal) == accepted
        states += 1
    assert states > 200
