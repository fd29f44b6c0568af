"""Duelmind's shipped card set (levels/cards/core.json) and the balance tool that tunes it."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.rules.cards.actions import END_TURN, NO_TARGET, Kind, summon
from game.rules.cards.battle import Battle
from game.rules.cards.cardset import default_card_files, load_cardset
from game.rules.cards.draft import Draft
from game.rules.cards.effects import _neighbours
from game.rules.cards.model import KEYWORD_BITS, CardType, Choice, Do, Target, Trigger
from game.rules.cards.state import BOARD_LIMIT, HAND_LIMIT
from game.rules.cards.protocol import battle_input
from game.rules.events import EventKind


@pytest.fixture(scope="module")
def core():
    return load_cardset()


def random_decks(pool, rng: random.Random):
    draft = Draft(pool, rng)
    for _ in draft.offers:
        for seat in (0, 1):
            draft.choose(seat, rng.randrange(3))
    return draft.decks(rng)


# ------------------------------------------------------------------------------ the data


def test_the_shipped_files_load_and_the_validate_command_passes(capsys):
    from main import main

    assert [path.name for path in default_card_files()] == ["core.json"]
    assert main(["cards", "validate"]) == 0
    assert "ok: " in capsys.readouterr().out


def test_the_set_is_big_and_varied_enough(core):
    draftable = core.draftable
    assert len(draftable) >= 100
    assert sum(1 for card in draftable if card.effects) >= 30
    effects = [effect for card in core.cards.values() for effect in card.effects]
    assert {e.trigger for e in effects} == set(Trigger)
    assert {e.action for e in effects} == set(Do)
    assert {e.target for e in effects} == set(Target)
    creature_choices = {
        e.choose or Choice.ANY_CREATURE
        for card in draftable
        for e in card.effects
        if card.is_creature and e.target == Target.CHOSEN
    }
    assert creature_choices == set(Choice)
    for bit in KEYWORD_BITS:
        assert any(card.keywords & bit for card in draftable if card.is_creature), bit
    assert {card.cost for card in draftable if card.is_creature} == set(range(13))
    assert {card.type for card in draftable} == set(CardType)
    for card_type in (CardType.GREEN, CardType.RED, CardType.BLUE):
        assert sum(1 for card in draftable if card.type == card_type) >= 5


def test_every_token_is_summoned_by_some_card_and_never_drafted(core):
    tokens = {card.base_id for card in core.cards.values() if card.token}
    summoned = {e.token.base_id for card in core.cards.values() for e in card.effects if e.token is not None}
    assert tokens and tokens == summoned
    assert not tokens & {card.base_id for card in core.draftable}


def test_names_are_unique_and_none_is_borrowed_from_locm(core, locm_cards):
    names = [card.name.casefold() for card in core.cards.values()]
    assert len(names) == len(set(names))
    locm_names = {card.name.casefold() for card in locm_cards.values()}
    assert not set(names) & locm_names
    assert not {card.text for card in core.cards.values() if card.text} & {card.text for card in locm_cards.values()}


def test_every_card_has_rules_text_unless_it_is_a_plain_creature(core):
    for card in core.cards.values():
        plain = card.is_creature and not (
            card.keywords or card.effects or card.my_health or card.opp_health or card.draw
        )
        assert bool(card.text) != plain, card


# ------------------------------------------------------------------------------ games with the set


def _expected_aura(board, creature):
    attack = defense = 0
    for source in board:
        if source is creature or not source.card.has_aura:
            continue
        for effect in source.effects:
            if effect.trigger == Trigger.AURA and (
                effect.target != Target.ADJACENT or creature in _neighbours(board, source)
            ):
                attack += effect.attack
                defense += effect.defense
    return attack, defense


def test_random_games_with_the_set_keep_every_invariant(core):
    pool = core.draftable
    lanes_seen = Counter()
    for game in range(300):
        rng = random.Random(game)
        lanes = 1 + game % 2
        battle = Battle.from_decks(random_decks(pool, rng), lanes, seed=rng.getrandbits(64))
        assert battle.effects_on
        while battle.winner is None:
            actions = battle.legal_actions()
            battle.apply(rng.choice(actions))
            for side in battle.sides:
                assert len(side.board) <= BOARD_LIMIT and len(side.hand) <= HAND_LIMIT
                for lane in range(lanes):
                    assert sum(1 for c in side.board if c.lane == lane) <= BOARD_LIMIT // lanes
                for creature in side.board:
                    assert creature.defense > 0 and creature.attack >= 0
                    assert creature.aura == _expected_aura(side.board, creature)
            uids = [c.uid for side in battle.sides for c in side.board]
            assert len(uids) == len(set(uids)) and max(uids, default=1) <= 255
            assert battle.turn < 200
        lanes_seen[lanes] += 1
    assert lanes_seen == {1: 150, 2: 150}


def _play_recorded(decks, lanes, seed, rng):
    battle = Battle.from_decks(decks, lanes, seed=seed)
    actions, inputs, events = [], [battle_input(battle)], []
    while battle.winner is None:
        action = rng.choice(battle.legal_actions())
        actions.append(action)
        events.append(battle.apply(action))
        if action.kind == Kind.END_TURN and battle.winner is None:
            inputs.append(battle_input(battle))
    return battle, actions, inputs, events


@pytest.mark.parametrize("lanes", [1, 2])
def test_a_game_replays_identically_from_its_seed_and_actions(core, lanes):
    rng = random.Random(lanes)
    decks = random_decks(core.draftable, rng)
    seed = rng.getrandbits(64)
    played, actions, inputs, events = _play_recorded(decks, lanes, seed, rng)
    assert any(e.kind is EventKind.TRIGGER for turn in events for e in turn)
    replay = Battle.from_decks(decks, lanes, seed=seed)
    replay_inputs = [battle_input(replay)]
    for action, expected in zip(actions, events):
        assert replay.apply(action) == expected
        if action.kind == Kind.END_TURN and replay.winner is None:
            replay_inputs.append(battle_input(replay))
    assert replay_inputs == inputs and replay.winner == played.winner
    # Another effect seed gives another game (random targets), so the seed really matters.
    assert any(_play_recorded(decks, lanes, other, random.Random(lanes * 7))[2] != inputs for other in range(3))


def test_random_agent_games_through_play_game(core):
    from ai.cards.agent import play_game
    from ai.cards.random_agent import RandomAgent

    for game in range(20):
        result = play_game(
            [RandomAgent(2 * game), RandomAgent(2 * game + 1)], core.draftable, random.Random(game), lanes=1 + game % 2
        )
        assert result.winner in (0, 1)
        assert all(len(deck) == 30 and not any(card.token for card in deck) for deck in result.decks)


# ------------------------------------------------------------------------------ the balance tool


def _summary(index, winner, decks, offer):
    from game.tools.balance import GameSummary

    return GameSummary(
        index,
        winner,
        20,
        (frozenset(decks[0]), frozenset(decks[1])),
        (Counter(offer), Counter(offer)),
        (Counter(decks[0]), Counter(decks[1])),
    )


def test_balance_statistics_count_decks_and_flag_outliers(core):
    from game.tools.balance import Settings, build_report

    cards = core.draftable[:3]
    a, b, c = (card.base_id for card in cards)
    # Card a is in the winner's deck 60 times out of 60; b is in both decks (one win, one loss
    # each game); c is always in the loser's deck.
    results = [_summary(i, i % 2, [[a, b], [b, c]] if i % 2 == 0 else [[b, c], [a, b]], (a, b, c)) for i in range(60)]
    report = build_report(results, cards, Settings("random"), min_n=50)
    by_id = {s.card_id: s for s in report.cards}
    assert (by_id[a].wins, by_id[a].drafted) == (60, 60)
    assert (by_id[b].wins, by_id[b].drafted) == (60, 120) and by_id[b].win_rate == 0.5
    assert (by_id[c].wins, by_id[c].drafted) == (0, 60)
    assert [(s.card_id, why.split(":")[0]) for s, why in report.outliers] == [
        (a, "wins too often"),
        (c, "wins too rarely"),
    ]
    assert report.first_wins == 30 and report.first_interval[0] < 0.5 < report.first_interval[1]
    assert (by_id[a].picked, by_id[a].offered, by_id[b].picked, by_id[b].offered) == (60, 120, 120, 120)
    assert by_id[a].pick_rate == 0.5
    assert not build_report(results, cards, Settings("random"), min_n=61).outliers


def test_the_balance_command_prints_its_sections(capsys):
    from main import main

    assert main(["cards", "balance", "--games", "4", "--ai", "random", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    for section in ("## First player", "first-player win rate", "n=4", "## Cards", "## Outliers"):
        assert section in out, section
    assert main(["cards", "balance", "--games", "4", "--ai", "random", "--jobs", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["first_player"]["n"] == 4
    assert sum(card["drafted"] for card in data["cards"]) >= 4 * 2 * 10


def test_the_same_seed_gives_the_same_games_whatever_the_jobs(core):
    from game.tools.balance import Settings, run_games

    one = run_games(Settings("random", seed=5), 6, jobs=1, progress=False)
    two = run_games(Settings("random", seed=5), 6, jobs=2, progress=False)
    assert [(g.winner, g.turns, g.decks) for g in one] == [(g.winner, g.turns, g.decks) for g in two]


def test_an_ai_that_cannot_play_targeted_summons_is_caught_before_the_run(tmp_path, monkeypatch):
    from ai.cards import registry
    from ai.cards.agent import CardAgent, Decision
    from game.tools.balance import Settings, preflight

    class Untargeted(CardAgent):
        """Summons creatures the LOCM way, without the target their play effect needs."""

        name = "untargeted"

        def decide(self, observation, budget_ms):
            for action in observation.battle.legal_actions():
                if action.kind == Kind.SUMMON and action.target != NO_TARGET:
                    return Decision([summon(action.card, action.lane)])
            return Decision([END_TURN])

    monkeypatch.setitem(registry.AGENTS, "untargeted", Untargeted)
    cards = [
        {
            "id": i,
            "name": f"Zapper {i}",
            "type": "creature",
            "cost": 0,
            "attack": 1,
            "defense": 1,
            "effects": [{"trigger": "play", "action": "damage", "target": "chosen", "choose": "enemy", "amount": 1}],
        }
        for i in (1, 2, 3)
    ]
    path = tmp_path / "zappers.json"
    path.write_text(json.dumps({"version": 1, "name": "zappers", "cards": cards}), encoding="utf-8")
    problem = preflight(Settings("untargeted", (str(path),)))
    assert problem is not None and "illegal action" in problem and "needs a target" in problem
    assert preflight(Settings("random", (str(path),))) is None


# ------------------------------------------------------------------------------ the AIs and Duelmind's effects
# The AIs plan whole turns on the observed battle, where a card drawn by an effect is hidden and
# random targets fall as the observation's generator says, not as the game's will.


def _ai_position(core, seed: int = 0) -> Battle:
    by_name = {card.name: card for card in core.cards.values()}
    deck = [by_name["Gravel Golem"]] * 28 + [by_name["Lamplighter"], by_name["Bombardier"]]
    battle = Battle.from_decks([deck, deck], 1, seed)  # effect cards in the decks: effects on
    for side in battle.sides:
        side.hand = []
    return battle


def _draw_position(core) -> Battle:
    from tests.cards.builders import give

    battle = _ai_position(core)
    battle.sides[0].mana = 1
    give(battle, 0, next(c for c in core.cards.values() if c.name == "Lamplighter"), 101)  # Summon: draw a card
    return battle


def _guard_position(core, seed: int) -> Battle:
    """Bombardier (whenever it attacks, 2 damage to a random enemy creature) against two 2/2 Guards:
    whether the Guard it attacks or the other one dies decides what may attack next."""
    from tests.cards.builders import put

    battle = _ai_position(core, seed)
    by_name = {card.name: card for card in core.cards.values()}
    put(battle, 0, by_name["Bombardier"], 103)
    put(battle, 0, by_name["Gravel Golem"], 105)
    picket = next(c for c in core.cards.values() if c.token and c.name == "Brass Picket")
    put(battle, 1, picket, 102)
    put(battle, 1, picket, 104)
    return battle


@pytest.mark.parametrize("ai", ["rule_bot.RuleAgent", "planner.PlannerAgent"])
def test_the_ais_play_a_card_that_draws_and_then_the_card_drawn(core, ai):
    import importlib

    from ai.cards.agent import play_turn

    module, name = ai.split(".")
    agent = getattr(importlib.import_module(f"ai.cards.{module}"), name)(0)
    battle = _draw_position(core)
    drawn = battle.sides[0].deck[battle.sides[0].deck_pos]
    record = play_turn(battle, agent, 50.0)
    assert battle.creature(101) is not None and record.actions[-1] == END_TURN
    assert drawn.uid in {i.uid for i in battle.sides[0].hand}  # drawn now, kept (no mana left)


def test_the_rule_bot_replans_when_a_random_effect_spoils_its_plan(core):
    from ai.cards.agent import play_turn
    from ai.cards.rule_bot import RuleAgent

    replans = 0
    for seed in range(12):
        battle = _guard_position(core, seed)
        record = play_turn(battle, RuleAgent(0), 50.0)
        assert battle.current == 1 and battle.winner is None
        replans += record.replans
    assert replans > 0  # the position does spoil some plans


def test_the_guides_card_example_is_a_valid_card(tmp_path):
    """The example card of the card guide (docs/levels/cards.md, "How to write a card")."""
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "levels" / "cards.md").read_text(encoding="utf-8")
    section = guide.split("## How to write a card", 1)[1].split("\n## ", 1)[0]
    example = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    path = tmp_path / "example.json"
    path.write_text(json.dumps({"version": 1, "name": "example", "cards": [example]}), encoding="utf-8")
    card = load_cardset([path]).cards[example["id"]]
    assert card.text and card.effects
    assert example["id"] not in load_cardset().cards  # a free id, as the guide suggests


def test_the_rule_bot_aims_a_summon_effect_at_the_right_side(core):
    """Arc Tinkerer (summon: 1 damage to a creature) with a 1-defense creature on each side: the
    damage goes to the enemy one (the first legal target listed is the bot's own)."""
    from ai.cards.agent import play_turn
    from ai.cards.rule_bot import RuleAgent
    from tests.cards.builders import creature_card, give, put

    by_name = {card.name: card for card in core.cards.values()}
    battle = _ai_position(core)
    battle.sides[0].mana = 2
    weakling = creature_card(1, 1)
    put(battle, 0, weakling, 103, ready=False)
    put(battle, 1, weakling, 104)
    give(battle, 0, by_name["Arc Tinkerer"], 101)
    record = play_turn(battle, RuleAgent(0), 50.0)
    assert record.actions[0].kind.name == "SUMMON" and record.actions[0].target == 104
    assert battle.creature(103) is not None and battle.creature(104) is None
