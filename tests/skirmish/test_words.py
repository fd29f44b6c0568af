"""Issue #31 (skirmish seams): heroes have names, and every word a player reads about a skirmish
action (the registry's action in words, the AIs' explanations) names heroes and cells as the
board does (column letters, row numbers from 1), never protocol text, raw coordinates or scores."""

from __future__ import annotations

import re

import pytest

from ai.agents import SkirmishTeamAgent
from ai.skirmish.registry import agent_names, make_agent
from ai.skirmish.tree import step_words
from game.rules.skirmish.actions import END, cast, move
from game.rules.skirmish.game import SkirmishGame, cell_name, describe_action, new_state
from game.rules.skirmish.names import NAMES, hero_names, level_names
from game.rules.skirmish.state import SkirmishState
from tests.skirmish.helpers import SHIPPED

DEVELOPER_TEXT = [
    re.compile(r"\b(MOVE|CAST|END)\b"),  # protocol words
    re.compile(r"\d+\s*,\s*\d+"),  # raw coordinates such as 9,7
    re.compile(r"Score", re.IGNORECASE),
    re.compile(r"\b[a-z]+_[a-z]+\b"),  # ability ids such as shield_bash
    re.compile(r"\b(Knight|Mage|Cleric|Rogue|Druid|Berserker|Ranger|Warlock|Monk) \d\b"),  # "Rogue 2"
]


def test_cells_are_named_as_the_board_labels_them():
    assert cell_name(0, 0) == "a1"
    assert cell_name(2, 3) == "c4"
    assert cell_name(11, 7) == "l8"


def test_names_are_distinct_deterministic_and_keep_a_levels_names():
    first = hero_names(1, 6)
    assert first == ("Mirela", "Elowen", "Tarin", "Garrick", "Thalia", "Fenwick")  # recorded for seed 1
    assert hero_names(1, 6) == first and len(set(first)) == 6 and set(first) <= set(NAMES)
    assert hero_names(2, 6) != first
    given = hero_names(1, 6, {2: "Tarin", 5: "Captain Brenna"})
    assert given[1] == "Tarin" and given[4] == "Captain Brenna"
    assert given.count("Tarin") == 1 and len(set(given)) == 6  # a drawn name never repeats a given one
    assert level_names([["Hana", None, None], [None, "your cleric", None]], 1)[0] == "Hana"
    assert level_names([["Hana", None, None], [None, "your cleric", None]], 1)[4] == "your cleric"


def test_a_heroes_label_is_its_name_and_class_unless_the_name_says_the_class():
    state = SkirmishState(SHIPPED, "corridors", [["cleric", "knight", "mage"], ["rogue", "cleric", "druid"]], 1)
    state.names = ("Orla", "Kael", "Tarin", "Hana", "your cleric", "Captain Brenna")
    assert state.label(1) == "Orla (Cleric)"
    assert state.label(5) == "Your cleric"  # capitalised, and not "your cleric (Cleric)"
    assert state.label(6) == "Captain Brenna (Druid)"


def test_actions_in_words_name_the_hero_the_ability_the_target_and_the_cell():
    game = new_state({"arena": "corridors", "teams": [["berserker"] * 3, ["knight"] * 3]}, 1)
    state = game.match
    state.names = ("Orla", "Kael", "Tarin", "Hana", "Bram", "Wren")
    assert state.active_hero.uid == 1 and state.active_hero.cell == (0, 0)
    state.heroes[3].cell = (1, 0)  # Hana (Knight) next to Orla
    assert describe_action(game, move(0, 1)) == "Orla (Berserker) moves to a2"
    assert describe_action(game, END) == "Orla (Berserker) ends the turn"
    assert describe_action(game, cast("strike", 1, 0)) == "Orla (Berserker) uses Strike on Hana (Knight) at b1"
    assert describe_action(game, cast("battle_cry", 0, 0)) == "Orla (Berserker) uses Battle Cry"
    assert describe_action(game, cast("leap", 2, 0)) == "Orla (Berserker) uses Leap to reach c1"
    assert step_words(state, move(0, 1)) == "walk to a2"
    assert step_words(state, cast("strike", 1, 0)) == "use Strike on Hana (Knight) at b1"


@pytest.mark.parametrize("name", agent_names())
def test_every_skirmish_ais_explanation_is_in_words(name):
    game = new_state({"arena": "pillars", "teams": [["knight", "mage", "druid"], ["rogue", "cleric", "berserker"]]}, 4)
    agent = SkirmishTeamAgent(make_agent(name, 1))
    texts = []
    for _ in range(12):
        if game.is_terminal:
            break
        decision = agent.act(game.observation(game.current_player), 40)
        explanation = decision.explanation
        texts += [explanation.headline, *explanation.facts, *(option for option, _ in explanation.options)]
        game.apply(decision.action)
    assert texts and all(texts)
    for text in texts:
        for pattern in DEVELOPER_TEXT:
            assert not pattern.search(text), (name, text)
    labels = {game.match.label(uid) for uid in range(1, 7)}
    assert all(any(label in text for label in labels) for text in texts if "moves to" in text)
    if name == "medium":  # the search's plan, in a sentence naming the hero
        assert any(" planned to " in text for text in texts)


def test_a_skirmish_game_keeps_its_names_through_observation():
    game = new_state({}, 9)
    assert isinstance(game.observation(0), SkirmishGame)
    assert game.observation(0).match.names == game.match.names == hero_names(9, 6)
