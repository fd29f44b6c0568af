"""The skirmish AIs: legal play in whole games, the tree's scores and JSON export, the usage
rules' pruning, the explanation, the hard AI's team value, and thinking within the budget."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.skirmish.hard import HardAgent, team_value
from ai.skirmish.match import play_match
from ai.skirmish.registry import agent_names, make_agent
from ai.skirmish.tree import TreeAgent, TreeSearch, candidates, explain
from game.rules.skirmish import SkirmishState, cast
from game.tools.skirmish_cli import schedule, wilson
from tests.skirmish.helpers import SHIPPED, work_clock

TEAM = ["knight", "mage", "cleric"]


def fresh(team=TEAM, arena="ruins", seed=3):
    return SkirmishState(SHIPPED, arena, [team, team], seed)


@pytest.mark.parametrize("name", agent_names())
def test_every_ai_plays_a_whole_game_legally(name):
    # play_match applies every action with apply(), which raises on an illegal one.
    opponent = make_agent("easy", 2)
    result = play_match(fresh(["rogue", "druid", "ranger"], "pillars", 11), [make_agent(name, 1), opponent], 15)
    assert result.winner in (0, 1, 2) and result.actions


def test_tree_scores_float_up_and_export_as_json():
    state = fresh()
    for _ in range(3):  # walk the knight a little closer so that the tree has choices
        state.apply(state.legal_actions()[1])
    search = TreeSearch(state, time.perf_counter() + 0.2, keep_tree=True, max_depth=3)
    tree = search.tree_json()
    assert tree["depth"] >= 1 and tree["branch"]
    scores = [node["score"] for node in tree["branch"]]
    assert scores == sorted(scores, reverse=True)

    def check(node):
        if "branch" in node:
            best = node["branch"][0]["score"]
            assert node["score"] == pytest.approx(node["selfScore"] + best, abs=0.2)
            for child in node["branch"]:
                check(child)

    for node in tree["branch"]:
        check(node)
    words = explain(state, search.nodes)
    hero = state.active_hero
    assert words.startswith(f"{state.names[hero.uid - 1]} (Knight) planned to ") and "Score" not in words


def test_usage_rules_prune_heals_on_healthy_allies():
    state = fresh(["cleric", "knight", "mage"])
    while state.active_hero.cls.id != "cleric" or state.current_player != 0:
        state.apply(state.legal_actions()[0])
    cleric = state.active_hero
    ally = state.heroes[1]
    assert not any(a.ability == "mend" for a in candidates(state, cleric))
    assert cast("mend", *ally.cell) in state.legal_actions()  # legal, just not worth thinking about
    ally.health = ally.cls.health * 0.5
    assert cast("mend", *ally.cell) in candidates(state, cleric)


def test_team_value_prefers_a_kill():
    state = fresh()
    before = team_value(state, 0)
    hurt = state.clone()
    hurt.heroes[3].health -= 60
    hurt.heroes[4].health -= 60
    killed = state.clone()
    killed.heroes[4].health = 0
    killed.heroes[4].alive = False
    assert team_value(hurt, 0) > before and team_value(killed, 1) < team_value(state, 1)
    assert team_value(killed, 0) - before > 0


@pytest.mark.parametrize("agent", [TreeAgent(1), HardAgent(1)], ids=["medium", "hard"])
def test_searches_stay_near_their_budget(agent):
    """On a work clock (tests/skirmish/helpers.py): a search that ignores its deadline overruns
    by the same amount on any machine."""
    state = fresh(["berserker", "warlock", "ranger"], "pillars", 5)
    overruns = []
    with work_clock() as clock:
        for _ in range(12):
            if state.is_over:
                break
            started = clock.now
            action = agent.act(state.observation(state.current_player), 30)
            overruns.append((clock.now - started) * 1000 - 30)
            state.apply(action)
    assert overruns and max(overruns) < 10, overruns  # a few copies' work past the deadline at most


def test_bench_schedule_is_mirrored_and_from_both_sides():
    plan = schedule(6, 1, sorted(SHIPPED.classes), sorted(SHIPPED.arenas))
    assert [g[4] for g in plan] == [0, 1] * 3
    for first, second in zip(plan[::2], plan[1::2]):
        assert first[1:4] == second[1:4]
    distinct = schedule(6, 1, sorted(SHIPPED.classes), sorted(SHIPPED.arenas), both_sides=False)
    assert len({(g[1], g[2], g[3]) for g in distinct}) == 6 and {g[4] for g in distinct} == {0}
    low, high = wilson(100, 200)
    assert low == pytest.approx(0.431, abs=0.001) and high == pytest.approx(0.569, abs=0.001)


@settings(max_examples=6, deadline=None)
@given(
    st.sampled_from(["random", "easy", "greedy"]),
    st.sampled_from(["random", "easy", "greedy"]),
    st.lists(st.sampled_from(sorted(SHIPPED.classes)), min_size=3, max_size=3, unique=True),
    st.sampled_from(sorted(SHIPPED.arenas)),
    st.integers(0, 2**31),
)
def test_cheap_ais_play_legally_on_random_set_ups(a, b, team, arena, seed):
    result = play_match(SkirmishState(SHIPPED, arena, [team, team], seed), [make_agent(a, seed), make_agent(b, 1)], 5)
    assert result.winner in (0, 1, 2)
