"""Skirmish levels: the model and its checks, the objectives (defeat_all, survive, protect, reach),
events, saves that replay, the campaign chapter, and `levels simulate` on a skirmish level."""

from __future__ import annotations

import json

from ai.levels.opponents import make_opponent, make_player
from game.rules.levels import LevelSession
from game.rules.levels.checks import check_level
from game.rules.levels.loader import load_campaign, load_level
from game.rules.levels.model import LEVEL_ADAPTER
from game.rules.skirmish.actions import END
from tests.levels.helpers import merge
from tests.skirmish.helpers import work_clock

BASE = {
    "kind": "skirmish",
    "id": "test_skirmish",
    "title": "Test",
    "map": "ruins",
    "player": {
        "heroes": [
            {"hero": "knight", "at": [1, 3], "label": "brenna"},
            {"hero": "mage", "at": [0, 4]},
            {"hero": "cleric", "at": [0, 6]},
        ]
    },
    "opponent": {
        "ai": "easy",
        "budget_ms": 20,
        "heroes": [
            {"hero": "berserker", "at": [9, 1], "label": "brute"},
            {"hero": "rogue", "at": [9, 4]},
            {"hero": "ranger", "at": [9, 6]},
        ],
    },
    "objectives": [{"kind": "defeat_all"}],
}


def skirmish(**changes):
    return LEVEL_ADAPTER.validate_python(merge(BASE, changes))


def problems(**changes) -> list[str]:
    return [f"{p.path}: {p.message}" for p in check_level(skirmish(**changes), "t.json")]


def play(level, seed: int = 0, player: str = "hard", budget: float = 20):
    """The level played to its end by two AIs on a work clock, so that the same games are
    played on a busy machine (pytest -n 2) as on an idle one."""
    session = LevelSession.create(level, seed)
    session.start()
    me, rival = make_player(session, player, seed), make_opponent(session)
    with work_clock():
        while not session.over:
            session.run_turn(me if session.is_player_turn else rival, budget)
    return session


def test_a_valid_level_has_no_problems_and_starts_heroes_on_its_cells():
    level = skirmish()
    assert problems() == []
    session = LevelSession.create(level, 3)
    session.start()
    assert [h.cell for h in session.state.heroes] == [(1, 3), (0, 4), (0, 6), (9, 1), (9, 4), (9, 6)]
    assert session.kind == "skirmish" and session.phase == "play"


def test_checks_name_the_json_path():
    heroes = json.loads(json.dumps(BASE["player"]["heroes"]))
    heroes[1] = {"hero": "magee", "at": [3, 1]}  # a misspelt class on a wall
    heroes[2] = {"hero": "cleric", "at": [1, 3]}  # the knight's cell
    found = problems(
        player={"heroes": heroes}, objectives=[{"kind": "defeat_all"}, {"kind": "protect", "label": "brute"}]
    )
    assert '$.player.heroes[1].hero: there is no hero class "magee" (did you mean "mage"?)' in found
    assert "$.player.heroes[1].at: 3,1 is a wall on Ruins" in found
    assert any(f.startswith("$.player.heroes[2].at: 1,3 is already taken") for f in found)
    assert any(f.startswith('$.objectives[1].label: no hero of the player\'s is labelled "brute"') for f in found)
    assert problems(map="ruin") == ['$.map: there is no map "ruin" (did you mean "ruins"?)']
    assert problems(player={"heroes": [{"hero": "knight", "at": [10, 3]}] + BASE["player"]["heroes"][1:]}) == [
        "$.player.heroes[0].at: 10,3 is outside the map (Ruins is 10 wide and 8 high)"
    ]
    assert problems(objectives=[{"kind": "survive", "rounds": 30}])[0].startswith("$.objectives[0].rounds:")
    assert problems(objectives=[{"kind": "protect", "label": "brenna"}])[0].startswith("$.objectives:")
    assert problems(objectives=[{"kind": "reach", "cell": [3, 1]}]) == [
        "$.objectives[0].cell: 3,1 is not a floor cell of Ruins: no hero can stand there"
    ]


def test_defeat_all_and_protect_are_settled_by_the_fight():
    session = play(
        skirmish(objectives=[{"kind": "defeat_all"}, {"kind": "protect", "label": "brenna", "required": False}])
    )
    assert session.result.won and session.state.winner == 0
    assert [s.state for s in session.objectives()] == ["met", "met" if session.state.heroes[0].alive else "failed"]
    assert session.objectives()[1].text == "Keep Brenna standing"


def test_survive_is_met_when_the_round_after_starts():
    session = LevelSession.create(skirmish(objectives=[{"kind": "survive", "rounds": 1}]), 0)
    session.start()
    while not session.over:
        session.apply(END)
    assert session.result.won and session.state.round == 2


def test_losing_every_hero_fails_the_level():
    session = play(skirmish(objectives=[{"kind": "survive", "rounds": 20}], opponent={"ai": "hard"}), player="random")
    assert session.over and (session.result.won == (session.state.winner != 1))


def test_reach_with_a_named_hero_and_events_say_their_lines():
    level = skirmish(
        objectives=[{"kind": "reach", "cell": [2, 7], "hero": "brenna", "within": 3}],
        events=[{"when": {"round": 2}, "say": [{"speaker": "Corin", "text": "Round two."}]}],
    )
    session = play(level)
    assert session.result.won, session.objectives()
    assert session.state.heroes[0].cell == (2, 7) and session.state.round <= 3


def test_died_events_and_saves_replay_exactly():
    level = skirmish(events=[{"when": {"died": "brute"}, "say": [{"speaker": "Corin", "text": "My brute!"}]}])
    session = LevelSession.create(level, 7)
    session.start()
    me, rival = make_player(session, "hard", 1), make_opponent(session)
    said = []
    for _ in range(12):
        session.run_turn(me if session.is_player_turn else rival, 10)
        said += [line.text for line in session.dialogue()]
    data = session.save_data()
    twin = LevelSession.resume(level, json.loads(json.dumps(data)))
    assert [h.cell for h in twin.state.heroes] == [h.cell for h in session.state.heroes]
    assert [h.health for h in twin.state.heroes] == [h.health for h in session.state.heroes]
    while not session.over:
        session.run_turn(me if session.is_player_turn else rival, 10)
        said += [line.text for line in session.dialogue()]
    if not session.state.heroes[3].alive:
        assert "My brute!" in said


def test_the_campaign_has_a_skirmish_chapter_of_four_levels():
    chapter = next(c for c in load_campaign().chapters if c.id == "proving_yard")
    levels = [load_level(level_id) for level_id in chapter.levels]
    assert len(levels) >= 4 and all(level.kind == "skirmish" for level in levels)
    kinds = {o.kind for level in levels for o in level.objectives}
    assert {"defeat_all", "survive", "protect", "reach"} <= kinds


def test_levels_simulate_plays_a_skirmish_level(capsys):
    import main

    assert (
        main.main(
            ["levels", "simulate", "s1_first_muster", "--games", "2", "--budget-ms", "10", "--no-progress", "--json"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "skirmish" and data["games"] == 2 and "rounds" in data
