"""Duelmind's triggered effects and auras, with hand-computed expectations (order as documented
in game/rules/cards/effects.py)."""

from __future__ import annotations

import random

from game.rules.cards import FACE, attack, summon, use
from game.rules.cards.actions import END_TURN, NO_TARGET
from game.rules.cards.battle import Battle
from game.rules.cards.model import CardType, Choice, Do, Effect, Target, Trigger, parse_keywords
from tests.cards.builders import FILLER, creature_card, give, item_card, put
from game.rules.events import EventKind


def effect(trigger, action, target=Target.SELF, **values) -> Effect:
    if "keywords" in values:
        values["keywords"] = parse_keywords(values["keywords"])
    return Effect(Trigger(trigger), Do(action), Target(target), **values)


def with_effects(card, *effects):
    from dataclasses import replace

    return replace(card, effects=tuple(effects))


def effect_battle(*cards, lanes: int = 1, seed: int = 0) -> Battle:
    """A battle whose decks include `cards` (so the effect machinery is on), hands emptied."""
    deck = [FILLER] * 25 + list(cards)
    battle = Battle.from_decks([deck, [FILLER] * 30], lanes, seed)
    for side in battle.sides:
        side.hand = []
    battle.sides[0].mana = 10
    return battle


def test_locm_battles_keep_the_effect_machinery_off(locm_cards):
    battle = Battle.from_decks([list(locm_cards.values())[:30]] * 2)
    assert not battle.effects_on and not battle.auras_on


def test_battlecry_with_a_chosen_enemy_target():
    bolt = with_effects(creature_card(2, 2), effect("play", "damage", "chosen", amount=3, choose=Choice.ENEMY))
    battle = effect_battle(bolt)
    give(battle, 0, bolt, 101)
    put(battle, 1, creature_card(1, 3), 102)
    summons = {a for a in battle.legal_actions() if a.kind == 1}
    assert summons == {summon(101, 0, 102), summon(101, 0, FACE)}
    assert "needs a target" in battle.illegal_reason(summon(101))
    battle.apply(summon(101, 0, 102))
    assert battle.sides[1].board == []
    give(battle, 0, bolt, 103)
    battle.apply(summon(103, 0, FACE))
    assert battle.sides[1].health == 27


def test_battlecry_without_valid_targets_is_a_plain_summon():
    buff = with_effects(
        creature_card(1, 1), effect("play", "buff", "chosen", attack=2, choose=Choice.FRIENDLY_CREATURE)
    )
    battle = effect_battle(buff)
    give(battle, 0, buff, 101)
    assert summon(101) in battle.legal_actions()
    battle.apply(summon(101))
    assert battle.sides[0].board[0].attack == 1


def test_deathrattle_summons_a_token_in_its_lane():
    token = creature_card(1, 1, base_id=5001)
    pod = with_effects(creature_card(1, 1), effect("death", "summon", "me", token=token, amount=2))
    battle = effect_battle(pod, lanes=2)
    put(battle, 0, creature_card(3, 3), 101, lane=1)
    put(battle, 1, pod, 102, lane=1)
    battle.apply(attack(101, 102))
    tokens = battle.sides[1].board
    assert [(c.card.base_id, c.lane) for c in tokens] == [(5001, 1), (5001, 1)]
    assert all(c.uid % 2 == 0 and c.uid > 60 for c in tokens)  # the owner's parity, above deck ids
    assert len({c.uid for c in tokens}) == 2


def test_chained_deathrattles_resolve_in_death_order_until_stable():
    # Each bomb deals 1 to all creatures when it dies: three 1-defense bombs chain-react.
    bomb = with_effects(creature_card(0, 1), effect("death", "damage", "all_creatures", amount=1))
    battle = effect_battle(bomb)
    put(battle, 0, creature_card(5, 5), 101)
    put(battle, 1, bomb, 102)
    put(battle, 1, bomb, 104)
    put(battle, 0, bomb, 103)
    put(battle, 1, creature_card(1, 3), 106)
    events = battle.apply(attack(101, 102))
    deaths = [e.card for e in events if e.kind is EventKind.DEATH]
    # 102 dies in combat; its blast kills 103 and 104 (swept: the acting player's board first);
    # then 103's and 104's blasts each hit 101 (5 -> 4 -> 3 -> 2) and 106 (3 -> 2 -> 1 -> 0).
    assert deaths == [102, 103, 104, 106]
    assert battle.creature(101).defense == 5 - 0 - 1 - 1 - 1


def test_start_and_end_of_turn_triggers():
    healer = with_effects(
        creature_card(1, 4),
        effect("turn_end", "heal", "me", amount=2),
        effect("turn_start", "damage", "opponent", amount=1),
    )
    battle = effect_battle(healer)
    put(battle, 0, healer, 101)
    battle.apply(END_TURN)
    assert battle.sides[0].health == 32
    battle.apply(END_TURN)
    assert battle.sides[1].health == 29


def test_attack_trigger_fires_before_damage_and_attacked_trigger_can_stop_the_fight():
    frenzy = with_effects(creature_card(1, 3), effect("attack", "buff", "self", attack=2))
    battle = effect_battle(frenzy)
    put(battle, 0, frenzy, 101)
    battle.apply(attack(101, FACE))
    assert battle.sides[1].health == 27  # 1 + 2 before the hit
    thorny = with_effects(creature_card(0, 5), effect("attacked", "damage", "partner", amount=2))
    second = effect_battle(thorny)
    put(second, 0, creature_card(4, 2), 101)
    target = put(second, 1, thorny, 102)
    second.apply(attack(101, 102))
    assert second.sides[0].board == [] and target.defense == 5  # the attacker died first


def test_aura_buffs_other_friendly_creatures_while_it_lives():
    banner = with_effects(creature_card(1, 2), effect("aura", "buff", "friendly_creatures", attack=1, defense=1))
    battle = effect_battle(banner)
    ally = put(battle, 0, creature_card(2, 2), 101)
    give(battle, 0, banner, 103)
    battle.apply(summon(103))
    assert (ally.attack, ally.defense) == (3, 3)
    assert battle.creature(103).attack == 1  # not itself
    give(battle, 0, creature_card(1, 1), 105)
    battle.apply(summon(105))
    assert (battle.creature(105).attack, battle.creature(105).defense) == (2, 2)
    # The banner dies: the bonus goes, but losing it never kills.
    ally.defense = 1
    put(battle, 1, creature_card(5, 5, "C"), 102)
    battle.apply(END_TURN)
    battle.apply(attack(102, 103))
    assert (ally.attack, ally.defense) == (2, 1)
    assert battle.creature(105).defense == 1


def test_adjacent_aura():
    post = with_effects(creature_card(0, 3), effect("aura", "buff", "adjacent", attack=2))
    battle = effect_battle(post)
    left = put(battle, 0, creature_card(1, 1), 101)
    give(battle, 0, post, 103)
    far = put(battle, 0, creature_card(1, 1), 105)
    battle.apply(summon(103))  # placed to the right of 105: neighbours are 105 only
    assert (left.attack, far.attack) == (1, 3)


def test_silence_removes_keywords_effects_and_auras():
    banner = with_effects(creature_card(1, 2, "G"), effect("aura", "buff", "friendly_creatures", attack=1))
    hush = with_effects(item_card(CardType.RED), effect("play", "silence", "chosen"))
    battle = effect_battle(banner, hush)
    source = put(battle, 1, banner, 102)
    ally = put(battle, 1, creature_card(1, 1), 104)
    battle._refresh_auras()
    assert ally.attack == 2
    give(battle, 0, hush, 101)
    battle.apply(use(101, 102))
    assert source.keywords == 0 and source.effects == () and ally.attack == 1


def test_destroy_ignores_ward_and_damage_does_not():
    doom = with_effects(item_card(CardType.RED), effect("play", "destroy", "chosen"))
    zap = with_effects(item_card(CardType.BLUE), effect("play", "damage", "enemy_creatures", amount=1))
    battle = effect_battle(doom, zap)
    put(battle, 1, creature_card(1, 9, "W"), 102)
    warded = put(battle, 1, creature_card(1, 9, "W"), 104)
    give(battle, 0, doom, 101)
    give(battle, 0, zap, 103)
    battle.apply(use(101, 102))
    battle.apply(use(103, FACE))
    assert battle.sides[1].board == [warded] and warded.defense == 9 and warded.keywords == 0


def test_give_remove_draw_and_mana():
    charger = with_effects(
        creature_card(2, 2),
        effect("play", "give", "self", keywords="CW"),
        effect("play", "draw", "me", amount=2),
        effect("play", "mana", "me", amount=1),
    )
    battle = effect_battle(charger)
    battle.sides[0].mana = 3
    hand_before = len(battle.sides[0].hand)
    give(battle, 0, charger, 101)
    battle.apply(summon(101))
    assert battle.sides[0].mana == 4 and len(battle.sides[0].hand) == hand_before + 2
    assert attack(101, FACE) in battle.legal_actions()
    stripper = with_effects(item_card(CardType.RED), effect("play", "remove", "chosen", keywords="G"))
    other = effect_battle(stripper)
    guard = put(other, 1, creature_card(1, 1, "GW"), 102)
    give(other, 0, stripper, 101)
    other.apply(use(101, 102))
    assert guard.keywords == parse_keywords("W")


def test_random_targets_replay_exactly_from_the_seed():
    shot = with_effects(creature_card(1, 1), effect("play", "damage", "random_enemy", amount=1))

    def outcome(seed):
        battle = effect_battle(shot, seed=seed)
        for uid in (102, 104, 106, 108):
            put(battle, 1, creature_card(1, 5), uid)
        for uid in (101, 103, 105, 107):
            give(battle, 0, shot, uid)
            battle.apply(summon(uid))
        return [c.defense for c in battle.sides[1].board]

    assert outcome(7) == outcome(7)
    assert sum(5 - d for d in outcome(7)) == 4
    assert len({tuple(outcome(seed)) for seed in range(20)}) > 1


def test_clones_share_no_effect_state():
    shot = with_effects(creature_card(1, 1), effect("play", "damage", "random_enemy", amount=1))
    battle = effect_battle(shot, seed=3)
    for uid in (102, 104, 106):
        put(battle, 1, creature_card(1, 5), uid)
    twin = battle.clone()
    for b in (battle, twin):
        give(b, 0, shot, 101)
        b.apply(summon(101))
    assert [c.defense for c in battle.sides[1].board] == [c.defense for c in twin.sides[1].board]


def test_effect_games_never_break_invariants():
    """Random games with every kind of effect: no crash, boards within limits, ids unique."""
    token = creature_card(1, 1, base_id=5002)
    pool = [
        with_effects(creature_card(2, 2), effect("play", "damage", "chosen", amount=2, choose=Choice.ENEMY)),
        with_effects(creature_card(1, 1), effect("death", "summon", "me", token=token, amount=2)),
        with_effects(creature_card(0, 1), effect("death", "damage", "all_creatures", amount=1)),
        with_effects(creature_card(1, 3), effect("aura", "buff", "adjacent", attack=1, defense=1)),
        with_effects(creature_card(2, 3), effect("turn_start", "summon", "me", token=token)),
        with_effects(creature_card(3, 3), effect("attacked", "damage", "partner", amount=1)),
        with_effects(item_card(CardType.RED, cost=1), effect("play", "silence", "chosen")),
        with_effects(item_card(CardType.BLUE, cost=1), effect("play", "damage", "random_enemy", amount=2)),
        creature_card(3, 3, "BCDGLW", cost=2),
    ]
    rng = random.Random(11)
    for game in range(300):
        decks = [[rng.choice(pool) for _ in range(30)] for _ in range(2)]
        battle = Battle.from_decks(decks, lanes=1 + game % 2, seed=game)
        while battle.winner is None:
            actions = battle.legal_actions()
            assert all(battle.illegal_reason(a) is None for a in actions)
            battle.apply(rng.choice(actions))
            for side in battle.sides:
                assert len(side.board) <= 6 and all(c.defense > 0 for c in side.board)
            uids = [c.uid for side in battle.sides for c in side.board]
            assert len(uids) == len(set(uids)) and max(uids, default=0) <= 255
        assert battle.turn < 200
    assert NO_TARGET == -2


def test_a_card_drawn_while_simulating_an_observation_stays_hidden_and_unplayable():
    """AIs plan on the redacted battle: a mid-turn draw pulls in a card they cannot know."""
    scholar = with_effects(creature_card(1, 1), effect("play", "draw", "me", amount=1))
    battle = effect_battle(scholar)
    give(battle, 0, scholar, 101)
    view = battle.observation(0).battle
    view.apply(summon(101))
    drawn = view.sides[0].hand[-1]
    assert drawn.card is None
    assert all(a.card != drawn.uid for a in view.legal_actions())
    assert "hidden" in view.illegal_reason(summon(drawn.uid))
