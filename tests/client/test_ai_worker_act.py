"""The AI worker's one decision request, "act": every registered game's AI answers it with a
legal action and an Explanation, in the worker process as in the client's own; and the card AI,
asked one action at a time, plays exactly the turns it plans."""

from __future__ import annotations

import pickle

import pytest

from ai.agents import CardTurnAgent, install
from game.client.ai_worker import _handle, _WorkerState
from game.rules.cards.actions import END_TURN
from game.rules.cards.decisions import DecisionSteps
from game.rules.game_api import Explanation
from game.rules.registry import GAMES

install()
GAMES_WITH_AIS = [name for name, kind in GAMES.items() if kind.agents]
BUDGET_MS = 20.0


def _request(name: str, state, game_id: str = "test") -> dict:
    kind = GAMES[name]
    player = state.current_player
    return {
        "game": name,
        "agent": next(iter(kind.agents)),  # the weakest: quick
        "seed": 3,
        "game_id": game_id,
        "seat": player,
        "observation": state.observation(player),
        "budget_ms": BUDGET_MS,
    }


def test_every_game_has_an_ai_to_ask():
    assert set(GAMES_WITH_AIS) == set(GAMES)


@pytest.mark.parametrize("name", GAMES_WITH_AIS)
def test_act_answers_a_legal_action_with_an_explanation(name):
    state = GAMES[name].new_state({}, 4)
    worker = _WorkerState()
    for _ in range(3):
        if state.is_terminal:
            break
        result = _handle(worker, "act", _request(name, state))
        assert state.is_legal(result["action"]), result["action"]
        assert isinstance(result["explanation"], Explanation) and result["explanation"].headline.strip()
        assert result["ms"] >= 0.0
        pickle.loads(pickle.dumps(result))  # it crosses the pipe
        state.apply(result["action"])
    assert {key[0] for key in worker.agents} == {"test"}
    assert _handle(worker, "end_game", {"game_id": "test"}) is True
    assert not worker.agents


def test_the_worker_process_answers_act_for_every_registered_game(ai_pool):
    for name in GAMES_WITH_AIS:
        state = GAMES[name].new_state({}, 6)
        job = ai_pool.submit("act", **_request(name, state, game_id=f"pool-{name}"))
        assert job.wait(120), name
        assert job.error is None, job.error
        assert state.is_legal(job.result["action"]), (name, job.result["action"])
        assert isinstance(job.result["explanation"], Explanation)
        assert ai_pool.submit("end_game", game_id=f"pool-{name}").wait(60)


def test_an_unknown_ai_is_an_error_that_names_the_known_ones():
    state = GAMES["gomoku"].new_state({}, 0)
    request = dict(_request("gomoku", state), agent="nobody")
    with pytest.raises(ValueError, match="known"):
        _handle(_WorkerState(), "act", request)


class _CountingClock:
    """A clock that advances 2 microseconds a reading: a time-bound search reads it the same
    number of times whatever the machine's load, so it plays the same."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 2e-6
        return self.now


@pytest.mark.parametrize("ai_name", ["random", "easy", "medium"])
def test_the_card_agent_one_action_at_a_time_plays_its_whole_plans(ai_name, monkeypatch):
    """The client used to play a card AI's whole planned turn; asked one action at a time, the
    agent keeps its plan and the game goes exactly the same way."""
    import ai.cards.planner
    import ai.cards.search_common
    from ai.cards.registry import make_agent

    clock = _CountingClock()
    for module in (ai.cards.planner, ai.cards.search_common):
        monkeypatch.setattr(module, "time", clock)

    kind = GAMES["cards"]

    def whole_plans() -> list:
        clock.now = 0.0
        battle = kind.new_state({}, 11)
        agents = [make_agent(ai_name, seat) for seat in (0, 1)]
        for seat, agent in enumerate(agents):
            agent.new_game(seat, battle.lanes)
        played = []
        while battle.winner is None and battle.turn < 24:
            seat = battle.current
            decision = agents[seat].decide(battle.observation(seat), BUDGET_MS)
            for action in DecisionSteps(battle, list(decision.actions) or [END_TURN]):
                battle.apply(action)
                played.append(action)
        return played

    def one_at_a_time() -> list:
        clock.now = 0.0
        battle = kind.new_state({}, 11)
        agents = [CardTurnAgent(make_agent(ai_name, seat)) for seat in (0, 1)]
        played = []
        while battle.winner is None and battle.turn < 24:
            seat = battle.current
            decision = agents[seat].act(battle.observation(seat), BUDGET_MS)
            assert battle.is_legal(decision.action)
            battle.apply(decision.action)
            played.append(decision.action)
        return played

    expected = whole_plans()
    assert len(expected) > 24
    assert one_at_a_time() == expected


@pytest.mark.parametrize("name", GAMES_WITH_AIS)
def test_the_tab_view_draws_every_games_explanation(name):
    """The Tab view reads the one Explanation shape, whatever the game (the duel's and the
    gomoku board's entry points too)."""
    import pygame

    from game.client.explain_overlay import draw_card_thoughts, draw_gomoku_thoughts, draw_thoughts

    pygame.init()
    state = GAMES[name].new_state({}, 8)
    explanation = _handle(_WorkerState(), "act", _request(name, state))["explanation"]
    rect = pygame.Rect(20, 20, 600, 420)
    for draw in (
        lambda surface: draw_thoughts(surface, rect, "Pip", explanation),
        lambda surface: draw_card_thoughts(surface, rect, "Pip", explanation, str),
        lambda surface: draw_gomoku_thoughts(surface, rect, "Pip", explanation, str),
        lambda surface: draw_thoughts(surface, rect, "Pip", explanation.to_json()),
    ):
        surface = pygame.Surface((640, 480))
        draw(surface)
        assert pygame.transform.average_color(surface, rect) != (0, 0, 0, 255)
