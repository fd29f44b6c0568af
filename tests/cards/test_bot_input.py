"""game.rules.cards.bot_input: the CodinGame turn text read back into an Observation.

The round trip is the main test: for states of random games, parsing `battle_input(battle)` must
give an observation that matches the battle in everything the text tells (and prints back the
very same text, with the very same legal actions)."""

from __future__ import annotations

import random

import pytest

from game.rules.cards.actions import Kind
from game.rules.cards.battle import Battle
from game.rules.cards.bot_input import DraftInput, ProtocolError, is_player_line, parse_turn_input, turn_length
from game.rules.cards.draft import Draft
from game.rules.cards.model import CardType
from game.rules.cards.protocol import battle_input, draft_input

from tests.cards.builders import creature_card, fresh_battle, give, item_card, put


def _random_battle_states(cards, lanes: int, games: int, seed: int):
    """(battle at the start of a turn) for every turn of `games` random games."""
    pool = list(cards.values())
    for game in range(games):
        rng = random.Random(seed * 1000 + game)
        draft = Draft(pool, rng)
        for offer in draft.offers:
            draft.choose(0, rng.randrange(3))
            draft.choose(1, rng.randrange(3))
        battle = Battle.from_decks(draft.decks(rng), lanes)
        while battle.winner is None:
            yield battle
            while True:
                action = rng.choice(battle.legal_actions())
                battle.do(action)
                if battle.winner is not None or action.kind == Kind.END_TURN:
                    break


def _check_matches(observation, battle, exact_turns: bool):
    seat = battle.current
    assert observation.player == seat
    parsed = observation.battle
    assert parsed.lanes == battle.lanes and parsed.current == seat
    for side_index in (0, 1):
        mine, real = parsed.sides[side_index], battle.sides[side_index]
        assert mine.health == real.health
        assert mine.turn_mana == real.turn_mana
        assert mine.next_rune == real.next_rune
        assert mine.deck_size == real.deck_size
        assert len(mine.hand) == len(real.hand)
        assert [i.uid for i in mine.remaining_deck()] == [i.uid for i in real.remaining_deck()]
        assert all(i.card is None for i in mine.remaining_deck())
        assert [(c.uid, c.attack, c.defense, c.keywords, c.lane, c.card.base_id) for c in mine.board] == [
            (c.uid, c.attack, c.defense, c.keywords, c.lane, c.card.base_id) for c in real.board
        ]
        # Without the bot's own turn count, turns follow from the mana only below the cap.
        if exact_turns or battle.sides[seat].max_mana < 12:
            assert (mine.max_mana, mine.bonus_mana, mine.turns) == (real.max_mana, real.bonus_mana, real.turns)
    me, real_me = parsed.sides[seat], battle.sides[seat]
    assert me.mana == real_me.mana
    assert me.drawn == real_me.drawn
    assert parsed.sides[1 - seat].next_draw == battle.sides[1 - seat].next_draw
    assert [(i.uid, i.card.base_id, i.card.cost, i.card.attack, i.card.defense) for i in me.hand] == [
        (i.uid, i.card.base_id, i.card.cost, i.card.attack, i.card.defense) for i in real_me.hand
    ]
    assert all(c.can_attack for c in me.board)
    assert all(i.card is None for i in parsed.sides[1 - seat].hand)
    enemy_hand = {i.uid for i in parsed.sides[1 - seat].hand}
    assert all((uid - 1) % 2 == 1 - seat for uid in enemy_hand)
    assert not enemy_hand & {c.uid for c in parsed.sides[1 - seat].board}
    assert battle_input(parsed) == battle_input(battle)
    assert set(parsed.legal_actions()) == set(battle.legal_actions())


@pytest.mark.parametrize("lanes", [1, 2])
def test_round_trip_over_random_games(locm_cards, lanes):
    checked = 0
    for battle in _random_battle_states(locm_cards, lanes, games=25, seed=lanes):
        _check_matches(parse_turn_input(battle_input(battle)), battle, exact_turns=False)
        seat = battle.current
        known = parse_turn_input(battle_input(battle), seat=seat, turn=battle.sides[seat].turns, cards=locm_cards)
        _check_matches(known, battle, exact_turns=True)
        assert all(i.card is locm_cards[i.card.base_id] for i in known.me.hand)
        checked += 1
    assert checked > 300


def test_round_trip_mid_game_with_effects_columns_hidden(locm_cards):
    """A creature that fought shows 0 0 0 in its last columns; the parse keeps that."""
    battle = fresh_battle()
    put(battle, 0, locm_cards[59], 1)  # Sea Ghost: +1 health, -1 opponent on summon
    enemy = put(battle, 1, locm_cards[59], 2)
    enemy.shows_effects = False
    text = battle_input(battle)
    assert "59 2 -1 0 7 7 7 ------ 0 0 0" in text and "59 1 1 0 7 7 7 ------ 1 -1 0" in text
    observation = parse_turn_input(text)
    assert battle_input(observation.battle) == text
    assert [c.shows_effects for c in observation.battle.sides[1].board] == [False]


def test_cards_are_rebuilt_from_line_values_when_unknown():
    battle = fresh_battle()
    card = creature_card(3, 4, "GW", cost=3, my_health=2, base_id=77)
    give(battle, 0, card, 1)
    observation = parse_turn_input(battle_input(battle))
    rebuilt = observation.me.hand[0].card
    assert rebuilt.name == "#77"
    assert (rebuilt.type, rebuilt.cost, rebuilt.attack, rebuilt.defense, rebuilt.keywords, rebuilt.my_health) == (
        CardType.CREATURE,
        3,
        3,
        4,
        card.keywords,
        2,
    )
    assert card in observation.card_pool or rebuilt in observation.card_pool


@pytest.mark.parametrize("lanes", [1, 2])
def test_draft_turns_give_the_offer(locm_cards, lanes):
    offer = (locm_cards[1], locm_cards[151], locm_cards[116])
    for seat in (0, 1):
        parsed = parse_turn_input(draft_input(7, seat, offer, lanes))
        assert isinstance(parsed, DraftInput)
        assert (parsed.pick, parsed.seat, parsed.lanes) == (7, seat, lanes)
        assert [c.base_id for c in parsed.offer] == [1, 151, 116]
        assert [c.name for c in parsed.offer] == ["#1", "#151", "#116"]
        named = parse_turn_input(draft_input(7, seat, offer, lanes), cards=locm_cards)
        assert [c.name for c in named.offer] == ["Slimer", "Decimate", "Emperor Nightmare"]


def test_offer_equality_ignores_only_the_name(locm_cards):
    parsed = parse_turn_input(draft_input(0, 0, (locm_cards[64], locm_cards[141], locm_cards[160])))
    for rebuilt, real in zip(parsed.offer, (locm_cards[64], locm_cards[141], locm_cards[160])):
        assert (
            rebuilt.base_id,
            rebuilt.type,
            rebuilt.cost,
            rebuilt.attack,
            rebuilt.defense,
            rebuilt.keywords,
            rebuilt.my_health,
            rebuilt.opp_health,
            rebuilt.draw,
        ) == (
            real.base_id,
            real.type,
            real.cost,
            real.attack,
            real.defense,
            real.keywords,
            real.my_health,
            real.opp_health,
            real.draw,
        )


def test_old_four_field_player_lines(locm_cards):
    for battle in _random_battle_states(locm_cards, 1, games=2, seed=9):
        lines = battle_input(battle).split("\n")
        lines[0] = " ".join(lines[0].split()[:4])
        lines[1] = " ".join(lines[1].split()[:4])
        observation = parse_turn_input("\n".join(lines))
        assert observation.me.health == battle.sides[battle.current].health
        assert observation.me.drawn == 1 and observation.opponent.next_draw == 1
        assert set(observation.battle.legal_actions()) == set(battle.legal_actions())


def test_two_lanes_detected_without_cards_from_an_opponent_summon():
    text = "30 3 20 25 1\n28 3 21 25 1\n5 1\n40 SUMMON 8 1\n0\n"
    observation = parse_turn_input(text)
    assert observation.battle.lanes == 2
    assert observation.player == 0  # the opponent summoned id 8: it is the second player
    assert parse_turn_input(text.replace("SUMMON 8 1", "SUMMON 8")).battle.lanes == 1


def test_second_player_bonus_mana_split(locm_cards):
    battle = fresh_battle()
    battle.do(battle.legal_actions()[0])  # end turn 1: player 1 starts with 2 mana (1 + bonus)
    observation = parse_turn_input(battle_input(battle))
    me = observation.me
    assert observation.player == 1
    assert (me.max_mana, me.bonus_mana, me.mana, me.turns) == (1, 1, 2, 1)


def test_turn_length_and_player_lines():
    assert turn_length(["30 1 25 25 1", "30 1 25 25 1"]) is None
    assert turn_length(["a", "b", "5 2"]) is None
    assert turn_length(["a", "b", "5 2", "x", "y", "3"]) == 9
    assert turn_length(["a", "b", "0 0", "0"]) == 4
    with pytest.raises(ProtocolError, match="line 3: opponent hand and action counts"):
        turn_length(["a", "b", "5"])
    with pytest.raises(ProtocolError, match="line 14: card count: 'x' is not an integer"):
        turn_length(["a", "b", "0 0", "x"], first_line=11)
    assert is_player_line("30 1 25 25 1") and is_player_line("30 1 25 25")
    assert not is_player_line("5 0") and not is_player_line("3") and not is_player_line("30 1 x 25 1")
    assert not is_player_line("12 ATTACK 3 -1")


GOOD = (
    "30 2 24 25 1\n30 2 24 25 1\n5 1\n40 SUMMON 2\n3\n"
    "59 1 0 0 7 7 7 ------ 1 -1 0\n"
    "125 3 1 0 3 1 4 ------ 0 0 0\n"
    "40 2 -1 0 3 2 3 --DG-- 0 0 0\n"
)


@pytest.mark.parametrize(
    "line_number, old, new, message",
    [
        (1, "30 2 24 25 1\n30 2", "30 two 24 25 1\n30 2", "my player line: 'two' is not an integer"),
        (1, "30 2 24 25 1\n30 2", "30 2 24\n30 2", "my player line needs 4 or 5 integers"),
        (2, "\n30 2 24 25 1\n5 1", "\n30 2 24 25 1 7 7\n5 1", "opponent's player line needs 4 or 5 integers"),
        (3, "\n5 1\n", "\n5 1 1\n", "opponent hand and action counts needs 2 integers"),
        (3, "\n5 1\n", "\n9 1\n", "opponent hand count 9 is out of range"),
        (4, "40 SUMMON 2", "40 JUMP 2", "opponent action: unknown action 'JUMP'"),
        (4, "40 SUMMON 2", "SUMMON 2", "opponent action line needs 'cardNumber ACTION"),
        (5, "\n3\n", "\nthree\n", "card count: 'three' is not an integer"),
        (6, "59 1 0 0 7 7 7 ------ 1 -1 0", "59 1 0 0 7 7 7 ------ 1 -1", "card line needs 11 fields"),
        (6, "59 1 0 0 7 7 7 ------ 1 -1 0", "59 1 0 0 7 7 7 --X--- 1 -1 0", "abilities '--X---'"),
        (7, "125 3 1 0", "125 3 5 0", "location 5 must be"),
        (7, "125 3 1 0", "125 3 1 7", "card type 7 must be"),
        (7, "125 3 1 0", "125 4 1 0", "instance id 4 is not one of player 0's ids"),
        (8, "40 2 -1 0", "40 2 -1 2", "a card on a board must be a creature"),
        (8, "--DG-- 0 0 0", "--DG-- 0 0 0 0", "card lines mix 11 and 12 columns"),
        (9, "0 0 0\n", "0 0 0\n125 5 1 0 3 1 4 ------ 0 0 0\n", "the counts announce 8 lines, the input has 9"),
    ],
)
def test_garbled_input_names_the_line(line_number, old, new, message):
    text = GOOD.replace(old, new, 1)
    assert text != GOOD
    with pytest.raises(ProtocolError) as caught:
        parse_turn_input(text)
    assert str(caught.value).startswith(f"line {line_number}: "), str(caught.value)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError) and caught.value.line == line_number


def test_good_reference_text_parses_and_first_line_offsets_messages():
    observation = parse_turn_input(GOOD)
    assert [i.uid for i in observation.me.hand] == [1]
    assert [c.uid for c in observation.me.board] == [3]
    assert [c.uid for c in observation.opponent.board] == [2]
    with pytest.raises(ProtocolError, match="^line 105: card count"):
        parse_turn_input(GOOD.replace("\n3\n", "\nthree\n"), first_line=101)
    with pytest.raises(ProtocolError, match="^line 1: empty turn input"):
        parse_turn_input("\n\n")
    with pytest.raises(ProtocolError, match="in the middle of the turn"):
        parse_turn_input("30 2 24 25 1\n30 2 24 25 1\n5 1\n")


def test_my_deck_and_pool_are_passed_on(locm_cards):
    battle = fresh_battle()
    item = item_card(CardType.RED, defense=-2, cost=1)
    give(battle, 0, item, 1)
    deck = [locm_cards[3]] * 5
    observation = parse_turn_input(battle_input(battle), my_deck=deck, card_pool=list(locm_cards.values()))
    assert observation.my_deck == deck
    assert len(observation.card_pool) == len(locm_cards)


def test_observation_with_unknown_deck_can_be_determinized(locm_cards):
    from game.rules.cards.observation import Observation

    battle = fresh_battle()
    observation = battle.observation(0, list(locm_cards.values()))
    unknown = Observation(0, observation.battle, None, [], observation.card_pool)
    sample = unknown.determinize(random.Random(0))
    assert sample.sides[0].deck_size == battle.sides[0].deck_size


def test_parsed_observation_without_deck_knowledge_can_be_determinized(locm_cards):
    battle = fresh_battle()
    give(battle, 0, locm_cards[3], 1)
    observation = parse_turn_input(battle_input(battle), cards=locm_cards, card_pool=list(locm_cards.values()))
    sample = observation.determinize(random.Random(0))
    assert sample.sides[0].deck_size == battle.sides[0].deck_size
    assert all(i.card is not None for i in sample.sides[0].remaining_deck())
    assert all(i.card is not None for i in sample.sides[1].hand)
