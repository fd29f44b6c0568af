"""The card list loader, the action text forms and the draft."""

from __future__ import annotations

import random

import pytest

from game.rules.cards import END_TURN, FACE, ActionSyntaxError, CardType, parse_action, summon
from game.rules.cards.draft import Draft, DraftAnswerError, parse_draft_answer, run_draft
from game.rules.cards.locm import CardListError, parse_cardlist
from game.rules.cards.model import BREAKTHROUGH, GUARD, WARD, format_keywords, parse_keywords
from game.rules.cards.protocol import draft_input


def test_official_card_list_loads(locm_cards):
    assert len(locm_cards) == 160
    slimer = locm_cards[1]
    assert (slimer.name, slimer.type, slimer.cost, slimer.attack, slimer.defense, slimer.my_health) == (
        "Slimer",
        CardType.CREATURE,
        1,
        2,
        1,
        1,
    )
    axe = locm_cards[151]
    assert axe.type == CardType.RED and axe.defense == -99 and format_keywords(axe.keywords) == "BCDGLW"
    assert sum(1 for c in locm_cards.values() if c.type == CardType.BLUE) == 8


def test_card_list_errors_name_the_source_and_line():
    with pytest.raises(CardListError, match=r"cards.txt:2: unknown card type 'spell'"):
        parse_cardlist(
            "1 ; A ; creature ; 1 ; 1 ; 1 ; ------ ; 0 ; 0 ; 0 ; x\n"
            "2 ; B ; spell ; 1 ; 1 ; 1 ; ------ ; 0 ; 0 ; 0 ; x\n",
            source="cards.txt",
        )
    with pytest.raises(CardListError, match=r":1: expected at least 10"):
        parse_cardlist("1 ; A ; creature\n")
    with pytest.raises(CardListError, match=r":1: unknown keyword letter 'X'"):
        parse_cardlist("1 ; A ; creature ; 1 ; 1 ; 1 ; X----- ; 0 ; 0 ; 0 ; x\n")


def test_keywords_round_trip():
    assert parse_keywords("B--G-W") == BREAKTHROUGH | GUARD | WARD
    assert format_keywords(BREAKTHROUGH | GUARD | WARD) == "B--G-W"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("SUMMON 3", "SUMMON 3 0"),
        ("SUMMON 3 1", "SUMMON 3 1"),
        ("ATTACK 5 -1", "ATTACK 5 -1"),
        ("use 7 8", "USE 7 8"),
        ("ATTACK 5 -1 go face!", "ATTACK 5 -1"),
    ],
)
def test_action_text_round_trips(text, expected):
    assert parse_action(text).text(lanes=2) == expected


def test_actions_are_interned_and_immutable():
    assert summon(3, 1) is parse_action("SUMMON 3 1")
    assert parse_action("PASS") is END_TURN
    with pytest.raises(AttributeError):
        summon(3).card = 4


@pytest.mark.parametrize("text", ["", "ATTACK 5", "SUMMON x", "USE 1", "JUMP 1 2", "SUMMON 3 7"])
def test_malformed_actions_are_rejected(text):
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_draft_offers_are_shared_distinct_and_from_sixty_cards(locm_cards):
    draft = Draft(list(locm_cards.values()), random.Random(5))
    assert len(draft.cards) == 60 and len({c.base_id for c in draft.cards}) == 60
    assert len(draft.offers) == 30
    for offer in draft.offers:
        assert len({c.base_id for c in offer}) == 3 and set(offer) <= set(draft.cards)
    draft.choose(0, 2)
    assert draft.pick_number == 0  # waits for the other player
    draft.choose(1, 0)
    assert draft.pick_number == 1 and draft.picks[0][0] is draft.offers[0][2]


def test_run_draft_gives_two_shuffled_decks_of_picked_cards(locm_cards):
    draft, decks = run_draft(list(locm_cards.values()), random.Random(1), [lambda s, p, o: 0, lambda s, p, o: 2])
    assert [len(d) for d in decks] == [30, 30]
    assert sorted(c.base_id for c in decks[0]) == sorted(o[0].base_id for o in draft.offers)
    assert sorted(c.base_id for c in decks[1]) == sorted(o[2].base_id for o in draft.offers)


def test_draft_answers(locm_cards):
    offer = (locm_cards[5], locm_cards[9], locm_cards[44])
    assert parse_draft_answer("PICK 2", offer) == 2
    assert parse_draft_answer("CHOOSE 9", offer) == 1
    assert parse_draft_answer("PASS", offer) == 0
    for bad in ("PICK 3", "CHOOSE 10", "TAKE 1", "", "PICK"):
        with pytest.raises(DraftAnswerError):
            parse_draft_answer(bad, offer)


def test_draft_input_matches_the_protocol(locm_cards):
    offer = (locm_cards[1], locm_cards[2], locm_cards[3])
    text = draft_input(4, 1, offer)
    assert text.splitlines() == [
        "30 0 4 25 0",
        "30 0 5 25 0",
        "0 0",
        "3",
        "1 -1 0 0 1 2 1 ------ 1 0 0 ",
        "2 -1 0 0 1 1 2 ------ 0 -1 0 ",
        "3 -1 0 0 1 2 2 ------ 0 0 0 ",
    ]
    assert draft_input(4, 0, offer, lanes=2).splitlines()[1] == "30 0 4 25 0"
    assert draft_input(4, 0, offer, lanes=2).splitlines()[4].endswith(" -1 ")
    assert FACE == -1


# SHA-256 of the LOCM 1.2 list as the official referee ships it (the copy in ../shared/ when this
# list was vendored): any edit of the shipped copy shows here, with or without ../shared/ beside it.
OFFICIAL_CARDLIST_SHA256 = "a1354ef712812729ff7b7f9b9da032b38b0e9f2a434cfe5323cc67feb20d60b5"


def test_the_shipped_locm_list_is_the_official_one():
    import hashlib

    from game.rules.cards.locm import OFFICIAL_CARDLIST, load_cardlist, load_official_cards
    from tests.conftest import REFERENCE_CARDLIST

    cards = load_official_cards()
    assert len(cards) == 160 and sorted(cards) == list(range(1, 161))
    assert hashlib.sha256(OFFICIAL_CARDLIST.read_bytes()).hexdigest() == OFFICIAL_CARDLIST_SHA256
    assert "gym-locm" in (OFFICIAL_CARDLIST.parent / "NOTICE").read_text()
    if REFERENCE_CARDLIST.exists():
        assert cards == load_cardlist(REFERENCE_CARDLIST)
