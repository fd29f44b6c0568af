"""Hand-computed expectations for every LOCM rule (../shared/docs/locm-rules.md).

Positions are built by hand: player 0 to move at the start of its first turn, decks of
unplayable fillers, then creatures and cards placed with the builders."""

from __future__ import annotations

import pytest

from game.rules.cards import FACE, IllegalAction, attack, summon, use
from game.rules.cards.actions import END_TURN
from game.rules.cards.battle import Battle
from game.rules.cards.model import CardType
from game.rules.cards.protocol import battle_input, play_turn
from tests.cards.builders import FILLER, creature_card, fresh_battle, give, item_card, put
from game.rules.events import EventKind


def test_instance_ids_follow_deck_positions():
    battle = Battle.from_decks([[FILLER] * 30, [FILLER] * 30])
    assert [i.uid for i in battle.sides[0].hand] == [1, 3, 5, 7, 9]  # 4 opening + 1 turn draw
    assert [i.uid for i in battle.sides[1].hand] == [2, 4, 6, 8, 10]  # 5 opening cards
    assert battle.sides[0].deck_size == 25 and battle.sides[1].deck_size == 25


# ---------------------------------------------------------------------------------- combat


def test_plain_trade_both_die_simultaneously():
    battle = fresh_battle()
    put(battle, 0, creature_card(3, 2), 101)
    put(battle, 1, creature_card(2, 3), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[0].board == [] and battle.sides[1].board == []


def test_survivors_keep_their_damage():
    battle = fresh_battle()
    attacker = put(battle, 0, creature_card(2, 5), 101)
    defender = put(battle, 1, creature_card(1, 4), 102)
    battle.apply(attack(101, 102))
    assert (attacker.defense, defender.defense) == (4, 2)
    assert not attacker.can_attack
    with pytest.raises(IllegalAction):
        battle.apply(attack(101, 102))  # once per turn


def test_ward_cancels_the_hit_and_is_lost():
    battle = fresh_battle()
    attacker = put(battle, 0, creature_card(3, 3), 101)
    defender = put(battle, 1, creature_card(2, 2, "W"), 102)
    battle.apply(attack(101, 102))
    assert defender.defense == 2 and defender.keywords == 0
    assert attacker.defense == 1


def test_a_hit_of_zero_keeps_ward():
    battle = fresh_battle()
    put(battle, 0, creature_card(0, 3), 101)
    defender = put(battle, 1, creature_card(2, 2, "W"), 102)
    battle.apply(attack(101, 102))
    assert defender.keywords != 0 and defender.defense == 2


def test_attacker_ward_absorbs_the_counterattack():
    battle = fresh_battle()
    attacker = put(battle, 0, creature_card(1, 1, "W"), 101)
    put(battle, 1, creature_card(5, 5), 102)
    battle.apply(attack(101, 102))
    assert attacker.defense == 1 and attacker.keywords == 0


def test_lethal_kills_any_creature_it_damages():
    battle = fresh_battle()
    put(battle, 0, creature_card(1, 1, "L"), 101)
    put(battle, 1, creature_card(5, 9), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].board == []
    assert battle.sides[0].board == []  # the 5 damage back killed the attacker


def test_defender_lethal_kills_the_attacker():
    battle = fresh_battle()
    put(battle, 0, creature_card(9, 9), 101)
    put(battle, 1, creature_card(1, 1, "L"), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[0].board == [] and battle.sides[1].board == []


def test_lethal_with_zero_attack_deals_nothing():
    battle = fresh_battle()
    put(battle, 0, creature_card(0, 3, "L"), 101)
    defender = put(battle, 1, creature_card(2, 2), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].board == [defender] and defender.defense == 2


def test_ward_stops_lethal():
    battle = fresh_battle()
    put(battle, 0, creature_card(1, 3, "L"), 101)
    defender = put(battle, 1, creature_card(1, 4, "W"), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].board == [defender] and defender.defense == 4 and defender.keywords == 0


def test_breakthrough_sends_the_excess_to_the_opponent():
    battle = fresh_battle()
    put(battle, 0, creature_card(7, 7, "B"), 101)
    put(battle, 1, creature_card(1, 2), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].health == 25  # 30 - (7 - 2)
    assert battle.sides[1].next_rune == 20  # the 25 rune broke...
    assert battle.sides[1].next_draw == 2  # ...earning a draw


def test_breakthrough_into_ward_gives_no_excess():
    battle = fresh_battle()
    put(battle, 0, creature_card(7, 7, "B"), 101)
    put(battle, 1, creature_card(1, 2, "W"), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].health == 30


def test_breakthrough_with_a_lethal_only_kill_gives_no_excess():
    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2, "BL"), 101)
    put(battle, 1, creature_card(0, 5), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].board == [] and battle.sides[1].health == 30


def test_breakthrough_lethal_with_more_attack_than_defense_still_breaks_through():
    battle = fresh_battle()
    put(battle, 0, creature_card(6, 6, "BL"), 101)
    put(battle, 1, creature_card(0, 2), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[1].health == 26


def test_drain_on_the_opponent_heals_by_the_attack():
    battle = fresh_battle()
    put(battle, 0, creature_card(3, 3, "D"), 101)
    battle.apply(attack(101, FACE))
    assert (battle.sides[0].health, battle.sides[1].health) == (33, 27)


def test_drain_on_a_creature_heals_by_the_attack_not_the_damage_needed():
    battle = fresh_battle()
    put(battle, 0, creature_card(4, 9, "D"), 101)
    put(battle, 1, creature_card(0, 1), 102)
    battle.apply(attack(101, 102))
    assert battle.sides[0].health == 34


def test_drain_into_ward_heals_nothing_and_defending_drain_heals_nothing():
    battle = fresh_battle()
    put(battle, 0, creature_card(4, 9, "D"), 101)
    put(battle, 1, creature_card(1, 5, "W"), 102)
    put(battle, 0, creature_card(1, 9), 103)
    put(battle, 1, creature_card(2, 5, "D"), 104)
    battle.apply(attack(101, 102))
    battle.apply(attack(103, 104))
    assert battle.sides[0].health == 30 and battle.sides[1].health == 30


# ---------------------------------------------------------------------------------- targeting


def test_guard_must_be_attacked_first():
    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2), 101)
    put(battle, 1, creature_card(1, 1), 102)
    put(battle, 1, creature_card(1, 1, "G"), 104)
    legal = set(battle.legal_actions())
    assert attack(101, 104) in legal
    assert attack(101, 102) not in legal and attack(101, FACE) not in legal
    with pytest.raises(IllegalAction, match="Guard"):
        battle.apply(attack(101, FACE))


def test_guard_protects_only_its_own_lane():
    battle = fresh_battle(lanes=2)
    put(battle, 0, creature_card(2, 2), 101, lane=0)
    put(battle, 0, creature_card(2, 2), 103, lane=1)
    put(battle, 1, creature_card(1, 1, "G"), 102, lane=0)
    put(battle, 1, creature_card(1, 1), 104, lane=1)
    legal = {a for a in battle.legal_actions() if a.kind == 2}
    assert legal == {attack(101, 102), attack(103, 104), attack(103, FACE)}
    with pytest.raises(IllegalAction, match="other lane"):
        battle.apply(attack(101, 104))


def test_summoned_creatures_wait_a_turn_unless_they_have_charge():
    battle = fresh_battle()
    give(battle, 0, creature_card(2, 2, cost=1), 101)
    give(battle, 0, creature_card(2, 2, "C"), 103)
    battle.apply(summon(101))
    battle.apply(summon(103))
    attackers = {a.card for a in battle.legal_actions() if a.kind == 2}
    assert attackers == {103}


def test_green_charge_lets_a_fresh_creature_attack_but_not_twice():
    battle = fresh_battle()
    give(battle, 0, creature_card(2, 2), 101)
    give(battle, 0, item_card(CardType.GREEN, keywords="C"), 103)
    give(battle, 0, item_card(CardType.GREEN, keywords="C"), 105)
    battle.apply(summon(101))
    battle.apply(use(103, 101))
    battle.apply(attack(101, FACE))
    assert battle.sides[1].health == 28
    battle.apply(use(105, 101))
    assert attack(101, FACE) not in battle.legal_actions()


def test_board_limits_one_lane_and_per_lane():
    battle = fresh_battle()
    for uid in range(101, 112, 2):
        put(battle, 0, creature_card(), uid)
    give(battle, 0, creature_card(), 201)
    assert summon(201) not in battle.legal_actions()
    assert "full" in battle.illegal_reason(summon(201))
    two = fresh_battle(lanes=2)
    for uid in (101, 103, 105):
        put(two, 0, creature_card(), uid, lane=0)
    give(two, 0, creature_card(), 201)
    assert summon(201, 1) in two.legal_actions() and summon(201, 0) not in two.legal_actions()


def test_mana_is_paid_and_limits_plays():
    battle = fresh_battle()
    give(battle, 0, creature_card(cost=1), 101)
    give(battle, 0, creature_card(cost=1), 103)
    battle.apply(summon(101))
    assert battle.sides[0].mana == 0
    assert "costs 1" in battle.illegal_reason(summon(103))


# ---------------------------------------------------------------------------------- items


def test_green_item_adds_keywords_then_stats():
    battle = fresh_battle()
    target = put(battle, 0, creature_card(1, 1), 101)
    give(battle, 0, item_card(CardType.GREEN, 2, 3, "GW"), 103)
    battle.apply(use(103, 101))
    assert (target.attack, target.defense, target.keywords) == (3, 4, 8 | 32)


def test_red_item_removes_keywords_before_dealing_damage():
    battle = fresh_battle()
    target = put(battle, 1, creature_card(3, 3, "GW"), 102)
    give(battle, 0, item_card(CardType.RED, 0, -2, "BCDGLW"), 101)
    battle.apply(use(101, 102))
    assert (target.attack, target.defense, target.keywords) == (3, 1, 0)


def test_red_damage_is_stopped_by_ward_but_attack_loss_is_not():
    battle = fresh_battle()
    target = put(battle, 1, creature_card(3, 3, "W"), 102)
    give(battle, 0, item_card(CardType.RED, -5, -2), 101)
    battle.apply(use(101, 102))
    assert (target.attack, target.defense, target.keywords) == (0, 3, 0)  # attack never below 0


def test_red_item_can_kill():
    battle = fresh_battle()
    put(battle, 1, creature_card(3, 3), 102)
    give(battle, 0, item_card(CardType.RED, 0, -3), 101)
    events = battle.apply(use(101, 102))
    assert battle.sides[1].board == []
    assert [e.kind for e in events] == [EventKind.USE, EventKind.DAMAGE, EventKind.BUFF, EventKind.DEATH]


def test_blue_item_on_the_opponent_applies_defense_and_opponent_change_once_each():
    battle = fresh_battle()
    give(battle, 0, item_card(CardType.BLUE, 0, -3, my_health=2, opp_health=-1, draw=1), 101)
    battle.apply(use(101, FACE))
    assert battle.sides[1].health == 26  # 30 - 3 - 1
    assert battle.sides[0].health == 32 and battle.sides[0].next_draw == 2


def test_blue_item_on_a_creature_acts_like_red():
    battle = fresh_battle()
    target = put(battle, 1, creature_card(3, 5, "G"), 102)
    give(battle, 0, item_card(CardType.BLUE, 0, -2, "G"), 101)
    battle.apply(use(101, 102))
    assert (target.defense, target.keywords) == (3, 0)


def test_item_targets_by_colour():
    battle = fresh_battle()
    put(battle, 0, creature_card(), 101)
    put(battle, 1, creature_card(), 102)
    give(battle, 0, item_card(CardType.GREEN), 201)
    give(battle, 0, item_card(CardType.RED), 203)
    give(battle, 0, item_card(CardType.BLUE), 205)
    uses = {(a.card, a.target) for a in battle.legal_actions() if a.kind == 3}
    assert uses == {(201, 101), (203, 102), (205, 102), (205, FACE)}


# ---------------------------------------------------------------------------------- health, runes, draws


def test_summon_effects_change_health_and_next_draw():
    battle = fresh_battle()
    give(battle, 0, creature_card(my_health=2, opp_health=-1, draw=1), 101)
    battle.apply(summon(101))
    assert (battle.sides[0].health, battle.sides[1].health, battle.sides[0].next_draw) == (32, 29, 2)


def test_several_runes_break_at_once_and_each_earns_a_draw():
    battle = fresh_battle()
    put(battle, 0, creature_card(16, 1), 101)
    battle.apply(attack(101, FACE))
    enemy = battle.sides[1]
    assert (enemy.health, enemy.next_rune, enemy.next_draw) == (14, 10, 4)
    hand_before, deck_before = len(enemy.hand), enemy.deck_size
    battle.apply(END_TURN)
    assert len(enemy.hand) == hand_before + 4 and enemy.deck_size == deck_before - 4


def test_healing_back_above_a_broken_rune_does_not_restore_it():
    battle = fresh_battle()
    put(battle, 0, creature_card(6, 1), 101)
    give(battle, 1, creature_card(my_health=10), 102)
    battle.apply(attack(101, FACE))
    battle.apply(END_TURN)
    battle.sides[1].mana = 5
    battle.apply(summon(102))
    assert (battle.sides[1].health, battle.sides[1].next_rune) == (34, 20)


def test_drawing_from_an_empty_deck_breaks_the_next_rune_without_extra_draw():
    battle = fresh_battle(deck_size=6)  # player 1's 5 opening cards leave 1
    battle.apply(END_TURN)  # player 1 draws its last card
    battle.apply(END_TURN)  # player 0 (1 card left after 4+1 drawn) draws its last
    battle.apply(END_TURN)  # player 1's deck is empty now
    side = battle.sides[1]
    assert (side.health, side.next_rune, side.next_draw) == (25, 20, 1)
    assert battle.winner is None


def test_deck_out_with_no_runes_left_loses_at_turn_start():
    battle = fresh_battle(deck_size=6)
    battle.sides[1].next_rune = 0
    battle.sides[1].health = 3
    battle.apply(END_TURN)  # last card
    battle.apply(END_TURN)
    events = battle.apply(END_TURN)
    assert battle.sides[1].health == 0 and battle.winner == 0
    assert events[-1].kind is EventKind.WIN


def test_every_draw_past_the_turn_limit_breaks_a_rune():
    battle = fresh_battle()
    battle.sides[1].turns = 50  # its next turn is its 51st
    battle.sides[0].next_draw = 1
    battle.sides[1].next_draw = 2
    deck_before = battle.sides[1].deck_size
    battle.apply(END_TURN)
    side = battle.sides[1]
    assert (side.health, side.next_rune, side.deck_size) == (20, 15, deck_before)


def test_a_draw_with_a_full_hand_is_lost_and_the_card_stays():
    battle = fresh_battle()
    for uid in range(200, 208):
        give(battle, 1, creature_card(), uid)
    deck_before = battle.sides[1].deck_size
    battle.apply(END_TURN)
    assert len(battle.sides[1].hand) == 8 and battle.sides[1].deck_size == deck_before


def test_second_player_bonus_mana_lasts_until_a_turn_ends_with_no_mana():
    battle = fresh_battle()
    second = battle.sides[1]
    battle.apply(END_TURN)
    assert second.mana == 2  # turn 1: 1 + bonus
    battle.apply(END_TURN)
    battle.apply(END_TURN)
    assert second.mana == 3  # mana was left last turn: the bonus stays
    give(battle, 1, creature_card(cost=3), 300)
    battle.apply(summon(300))
    assert second.mana == 0
    battle.apply(END_TURN)
    battle.apply(END_TURN)
    assert second.mana == 3  # turn 3: 3 + no bonus
    assert second.bonus_mana == 0


def test_second_player_mana_caps_at_13_while_the_bonus_lasts():
    battle = fresh_battle()
    for _ in range(30):
        battle.sides[0].next_draw = 0
        battle.sides[1].next_draw = 0
        battle.apply(END_TURN)
    assert battle.sides[0].mana == 12
    battle.apply(END_TURN)
    assert battle.sides[1].mana == 13


def test_first_player_mana_grows_to_12():
    battle = fresh_battle()
    assert battle.sides[0].mana == 1
    battle.apply(END_TURN)
    battle.apply(END_TURN)
    assert battle.sides[0].mana == 2


# ---------------------------------------------------------------------------------- winning


def test_the_acting_player_wins_when_both_fall_in_one_action():
    battle = fresh_battle()
    give(battle, 0, creature_card(my_health=-40, opp_health=-40), 101)
    events = battle.apply(summon(101))
    assert battle.winner == 0
    assert events[-1].kind is EventKind.WIN and events[-1].player == 0


def test_the_opponent_wins_when_only_the_acting_player_falls():
    battle = fresh_battle()
    give(battle, 0, creature_card(my_health=-40), 101)
    battle.apply(summon(101))
    assert battle.winner == 1
    assert battle.legal_actions() == []


def test_lethal_attack_on_the_face_ends_the_battle():
    battle = fresh_battle()
    battle.sides[1].health = 3
    battle.sides[1].next_rune = 0
    put(battle, 0, creature_card(3, 1), 101)
    battle.apply(attack(101, FACE))
    assert battle.winner == 0
    with pytest.raises(IllegalAction, match="over"):
        battle.apply(END_TURN)


# ---------------------------------------------------------------------------------- protocol quirks


def test_summon_effect_columns_read_zero_once_the_creature_has_fought():
    battle = fresh_battle()
    give(battle, 0, creature_card(2, 5, "C", my_health=1, opp_health=-1, draw=1, base_id=77), 101)
    battle.apply(summon(101))
    battle.apply(END_TURN)
    assert "77 101 -1 0 0 2 5 -C---- 1 -1 1" in battle_input(battle)
    battle.apply(END_TURN)
    battle.apply(attack(101, FACE))
    battle.apply(END_TURN)
    assert "77 101 -1 0 0 2 5 -C---- 0 0 0" in battle_input(battle)


def test_play_turn_skips_illegal_actions_and_plays_the_rest():
    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2), 101)
    warnings = play_turn(battle, "ATTACK 555 -1; PASS; ATTACK 101 -1")
    assert len(warnings) == 1 and "555" in warnings[0]
    assert battle.sides[1].health == 28 and battle.current == 1


def test_play_turn_rejects_malformed_actions():
    from game.rules.cards.actions import ActionSyntaxError

    battle = fresh_battle()
    with pytest.raises(ActionSyntaxError):
        play_turn(battle, "ATTACK one two")
    with pytest.raises(ActionSyntaxError):
        play_turn(battle, "FLY 3")
