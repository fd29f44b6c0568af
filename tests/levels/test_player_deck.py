"""A level where the player brings their own deck: the reasons a deck is not legal (exact words),
the session built from the deck brought (and saved with the game), the suggested deck played
without one, the deck built with a mana curve, and the checks `levels validate` runs."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules.levels.build import level_cardset
from game.rules.levels.checks import CardChecks, check_collection
from game.rules.levels.loader import load_campaign, load_campaign_levels
from game.rules.levels.player_deck import (
    auto_build,
    build_from_collection,
    deck_pool,
    deck_problems,
    mana_curve,
    suggested_cards,
)
from game.rules.levels.session import LevelSession, ResumeError
from tests.levels.helpers import BRUTE, FOUNDRY_GUARD, GOLEM, HOUND, KNIGHT, STEAMHULK, card_level

ALLOWED = [GOLEM, HOUND, BRUTE, KNIGHT, STEAMHULK]
SUGGESTED = [GOLEM, GOLEM, HOUND, HOUND, BRUTE, BRUTE]


def deck_level(**deck):
    spec = {"kind": "player", "size": 6, "max_copies": 2, "allowed": ALLOWED, "suggested": SUGGESTED}
    return card_level(player={"deck": {**spec, **deck}})


def test_the_reasons_a_deck_is_not_legal_in_a_players_words():
    level = deck_level()
    cards = level_cardset(level)
    deck = [GOLEM, GOLEM, GOLEM, HOUND, FOUNDRY_GUARD]
    assert deck_problems(level, deck, cards) == [
        "Foundry Guard is not allowed in this level",
        "3 copies of Gravel Golem: at most 2",
        "5 of 6 cards",
    ]
    assert deck_problems(level, SUGGESTED, cards) == []
    owned = {GOLEM, HOUND}  # Bellows Brute is not among the player's cards
    assert deck_problems(level, SUGGESTED, cards, owned) == ["Bellows Brute is not in your collection"]
    assert deck_problems(level, SUGGESTED + [KNIGHT], cards) == ["7 of 6 cards"]
    # one unknown card is one problem, whatever its copies
    assert deck_problems(level, [9999] * 6, cards) == ["Card 9999 does not exist in this level's card set"]


def test_the_pool_is_the_allowed_cards_by_cost():
    level = deck_level()
    assert [card.base_id for card in deck_pool(level, level_cardset(level))] == [GOLEM, KNIGHT, BRUTE, HOUND, STEAMHULK]


def test_the_session_is_built_from_the_deck_the_player_brings_and_saves_it():
    level = deck_level()
    mine = [KNIGHT, KNIGHT, STEAMHULK, STEAMHULK, GOLEM, HOUND]
    session = LevelSession.create(level, 7, mine)
    session.start()
    side = session.battle.sides[session.player_seat]
    assert Counter(instance.card.base_id for instance in side.deck) == Counter(mine)
    assert session.save_data()["deck"] == mine
    session.apply("PASS")  # the player's first turn ends; the scripted opponent then plays
    resumed = LevelSession.resume(level, session.save_data())
    again = resumed.battle.sides[resumed.player_seat]
    assert [i.card.base_id for i in again.deck] == [i.card.base_id for i in side.deck]
    assert resumed.actions == session.actions[: len(resumed.actions)]


def test_a_save_whose_deck_no_longer_fits_the_level_does_not_resume():
    session = LevelSession.create(deck_level(), 7, SUGGESTED)
    session.start()
    data = session.save_data()
    smaller = deck_level(size=4, suggested=SUGGESTED[:4])  # the level was edited since the save
    with pytest.raises(ResumeError, match="the deck is not legal for this level: 6 of 4 cards"):
        LevelSession.resume(smaller, data)


def test_without_a_deck_the_session_plays_the_suggested_one():
    level = deck_level()
    session = LevelSession.create(level, 3)
    session.start()
    side = session.battle.sides[session.player_seat]
    assert Counter(instance.card.base_id for instance in side.deck) == Counter(SUGGESTED)
    assert "deck" not in session.save_data()


def test_a_converted_campaign_level_plays_its_old_deck_the_same_way():
    """c2_round_one's suggested deck is the shuffled deck it had: the same seed deals the same hand."""
    from game.rules.levels.loader import load_level

    level = load_level("c2_round_one")
    cards = level_cardset(level)
    assert deck_problems(level, suggested_cards(level, cards), cards) == []
    session = LevelSession.create(level, 11)
    session.start()
    hand = [i.card.base_id for i in session.battle.sides[session.player_seat].hand]
    brought = LevelSession.create(level, 11, suggested_cards(level, cards))
    brought.start()
    assert [i.card.base_id for i in brought.battle.sides[brought.player_seat].hand] == hand


def test_the_auto_built_deck_is_legal_and_follows_the_mana_curve():
    from game.rules.levels.loader import load_level

    level = load_level("c2_round_one")  # every card of the set allowed, 20 cards, at most 2
    cards = level_cardset(level)
    deck = auto_build(deck_pool(level, cards), 30, 2)
    assert len(deck) == 30 and max(Counter(deck).values()) == 2
    curve = mana_curve(deck, cards)
    # the curve's shares for 30 cards: 0-1 mana 5, 2: 7, 3: 6, 4: 5, 5: 4, 6 and more 3
    assert [curve[0] + curve[1], curve[2], curve[3], curve[4], curve[5], curve[6] + curve[7]] == [5, 7, 6, 5, 4, 3]
    owned = set(load_campaign().starting_cards)
    built = build_from_collection(level, cards, owned)
    assert deck_problems(level, built, cards, owned) == []


def test_auto_build_stops_short_when_the_cards_run_out():
    level = deck_level()
    cards = level_cardset(level)
    assert sorted(auto_build(deck_pool(level, cards), 30, 2)) == sorted(
        [GOLEM, GOLEM, BRUTE, BRUTE, KNIGHT, KNIGHT, HOUND, HOUND, STEAMHULK, STEAMHULK]
    )


def test_validate_says_what_is_wrong_with_a_player_deck():
    bad = deck_level(suggested=[{"card": GOLEM, "count": 3}, HOUND, HOUND, BRUTE])
    problems = [(p.path, p.message) for p in CardChecks(bad, "x.json").run()]
    assert problems == [
        ("$.player.deck.suggested", "the suggested deck is not legal: 3 copies of Gravel Golem: at most 2"),
    ]
    not_enough = deck_level(allowed=[GOLEM, HOUND], size=6, suggested=[])
    assert [(p.path, p.message) for p in CardChecks(not_enough, "x.json").run()] == [
        ("$.player.deck", "no deck of 6 cards can be built: 2 cards are allowed, at most 2 of each"),
    ]
    opponent = card_level(opponent={"deck": {"kind": "player"}, "control": "scripted"})
    assert [(p.path, p.message) for p in CardChecks(opponent, "x.json").run()] == [
        ("$.opponent.deck.kind", "only the player brings a deck of their own: give the opponent a deck"),
    ]


def test_the_campaign_gives_enough_cards_for_each_player_deck_level():
    campaign = load_campaign()
    levels = load_campaign_levels(campaign)
    order = [level_id for level_id in campaign.level_ids() if level_id in levels]
    assert check_collection(campaign, levels, order, "campaign.json") == []
    poor = campaign.model_copy(update={"starting_cards": [GOLEM, HOUND]})
    problems = check_collection(poor, levels, order, "levels/campaign/campaign.json")
    assert problems[0].file == "levels/campaign/c2_round_one.json"
    assert problems[0].message.startswith("a player reaching this level owns 2 of its allowed cards")
