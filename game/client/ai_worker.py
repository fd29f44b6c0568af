"""The AI off the render loop: warm worker processes that run the searches.

A search in a thread of the client's own process competes with rendering for the GIL (measured
here at 24-26 ms per frame); a separate process does not. Workers are started with the "spawn"
context (the same on every OS and inside a PyInstaller bundle), warmed up by importing the AI
and running a tiny search, and then answer requests one at a time. A client-side thread per
worker owns the pipe: `submit` returns an `AIJob` at once and the frame loop polls `job.done`.

Every game's AI is asked the same way: the request "act" with {game, agent (the AI level's
name), seed, game_id, seat, observation, budget_ms} is answered by the game registry's agent
(`game_kind(game).agents[agent](seed)`, installed by `ai/agents.py`) with {action, explanation
(a `game.rules.game_api.Explanation`), ms}. Agents are stateful within a game (a card AI's draft
memory and planned turn, a skirmish AI's plan), so each worker keeps them in a dict keyed by
(game id, seat); requests about one game always go to the same worker. Every request also
carries the agent's name and seed, so a restarted worker rebuilds the agent and carries on.
The card draft is not part of the card game's state: it keeps its own requests ("card_new_game",
"card_draft"); "end_game" (or its old names) forgets a game's agents.

This module must not import pygame: the workers import it.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any, Sequence

# --------------------------------------------------------------------------- AI discovery


def card_agent_names() -> list[str]:
    """The card AIs the registry offers (weakest first); just "random" until it exists."""
    try:
        from ai.cards.registry import AGENTS
    except ImportError as error:
        if "registry" not in str(error):
            raise
        return ["random"]
    return list(AGENTS)


def make_card_agent(name: str, seed: int):
    try:
        from ai.cards.registry import make_agent
    except ImportError as error:
        if "registry" not in str(error) or name != "random":
            raise
        from ai.cards.random_agent import RandomAgent

        return RandomAgent(seed)
    return make_agent(name, seed)


def skirmish_agent_names() -> list[str]:
    """The skirmish AIs (weakest first), or [] when the skirmish AI is not there."""
    try:
        from ai.skirmish.registry import agent_names
    except ImportError:
        return []
    return agent_names()


def gomoku_levels() -> list[str]:
    """The gomoku AI's levels (weakest first), or [] when the gomoku AI is not there."""
    try:
        from ai.gomoku import LEVELS
    except ImportError:
        return []
    return list(LEVELS)


# --------------------------------------------------------------------------- worker side


@dataclass(frozen=True)
class AgentSpec:
    game_id: str
    seat: int
    name: str
    seed: int
    lanes: int


class _WorkerState:
    def __init__(self):
        # (game id, seat) -> (game, AI level name, agent): stateful agents (a card AI's draft
        # memory and planned turn, a skirmish AI's turn plan) keep their memory within a game.
        self.agents: dict[tuple[str, int], tuple[str, str, Any]] = {}
        import ai.agents

        ai.agents.install()
        if ai.agents.SHARED_GOMOKU_MEMORIES is None:  # one per level for the worker's life
            ai.agents.SHARED_GOMOKU_MEMORIES = {}

    def agent(self, game: str, name: str, seed: int, game_id: str, seat: int):
        """The agent playing `seat` of game `game_id` (made by the registry when first asked for,
        or when the seat's AI changed)."""
        key = (game_id, seat)
        kept = self.agents.get(key)
        if kept is None or kept[:2] != (game, name):
            from game.rules.registry import game_kind

            factories = game_kind(game).agents
            if name not in factories:
                raise ValueError(f"no {game} AI {name!r}; known: {', '.join(factories)}")
            kept = self.agents[key] = (game, name, factories[name](seed))
        return kept[2]

    def card_agent(self, spec: AgentSpec):
        """The card agent of `spec` (ai.agents.CardTurnAgent), ready for its game."""
        key = (spec.game_id, spec.seat)
        kept = self.agents.get(key)
        if kept is None or kept[:2] != ("cards", spec.name):
            from ai.agents import CardTurnAgent

            agent = CardTurnAgent(make_card_agent(spec.name, spec.seed))
            agent.new_game(spec.seat, spec.lanes)
            kept = self.agents[key] = ("cards", spec.name, agent)
        return kept[2]

    def end_game(self, game_id: str) -> None:
        for key in [key for key in self.agents if key[0] == game_id or key[0].startswith(game_id + ":")]:
            del self.agents[key]


def _handle(state: _WorkerState, kind: str, payload: dict):
    if kind == "act":
        return _act(state, payload)
    if kind == "ping":
        return "pong"
    if kind == "warm":
        return _warm(payload.get("cards") or [], payload.get("agent", "random"), payload.get("gomoku_level"))
    if kind == "card_new_game":  # before the draft: the card AIs remember their picks
        spec: AgentSpec = payload["spec"]
        state.agents.pop((spec.game_id, spec.seat), None)
        state.card_agent(spec)
        return True
    if kind == "card_draft":  # the draft is not part of the card game's state: a request of its own
        agent = state.card_agent(payload["spec"])
        return agent.agent.draft_pick(payload["offer"], payload["picked"], payload["pick"])
    if kind in ("end_game", "card_end_game", "skirmish_end_game"):
        state.end_game(payload["game_id"])
        return True
    raise ValueError(f"unknown request {kind!r}")


def _act(state: _WorkerState, payload: dict) -> dict:
    """One decision of the AI level `payload["agent"]` of game `payload["game"]` for `seat` of
    game `game_id` on `observation` (what that seat may see): {action, explanation (an
    Explanation), ms}."""
    agent = state.agent(payload["game"], payload["agent"], payload["seed"], payload["game_id"], payload["seat"])
    language = payload.get("language")
    if language:  # the explanation in the player's language (a request without one: as before)
        from game import i18n

        if i18n.language() != i18n.normalise(language):
            i18n.set_language(language)
    started = time.perf_counter()
    decision = agent.act(payload["observation"], payload["budget_ms"])
    return {
        "action": decision.action,
        "explanation": decision.explanation,
        "ms": (time.perf_counter() - started) * 1000.0,
    }


def _warm(cards: Sequence, agent_name: str, gomoku_level: str | None) -> dict:
    """Import the AIs and run one tiny search of each, so the first real move is not slow."""
    report = {}
    started = time.perf_counter()
    if len(cards) >= 2:
        from game.rules.cards.battle import Battle

        # Best effort: a card AI that fails here fails again in a game, where the client
        # replaces it; the warm-up reports the error instead of failing.
        try:
            agent = make_card_agent(agent_name, 0)
            agent.new_game(0, 1)
            deck = [cards[i % len(cards)] for i in range(30)]
            battle = Battle.from_decks([deck, deck])
            agent.decide(battle.observation(0, list(cards)), 10.0)
            report["cards_ms"] = (time.perf_counter() - started) * 1000.0
        except Exception as error:
            report["cards_error"] = f"{agent_name}: {type(error).__name__}: {error}"
    if gomoku_level is not None:
        import ai.gomoku as gomoku_ai
        from game.rules.gomoku import GomokuState

        begun = time.perf_counter()
        if hasattr(gomoku_ai, "warm_up"):
            gomoku_ai.warm_up()
        state = GomokuState(15)
        state.play(7, 7)
        gomoku_ai.choose_move(state, 10.0, gomoku_level, 0)
        report["gomoku_ms"] = (time.perf_counter() - begun) * 1000.0
    return report


def _worker_main(conn) -> None:
    state = _WorkerState()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request_id, kind, payload = message
        started = time.perf_counter()
        try:
            result = _handle(state, kind, payload)
            reply = (request_id, True, result, time.perf_counter() - started)
        except Exception as error:  # sent back to the client, which shows it
            text = f"{type(error).__name__}: {error}\n{traceback.format_exc(limit=6)}"
            reply = (request_id, False, text, time.perf_counter() - started)
        try:
            conn.send(reply)
        except (OSError, EOFError):
            return


# --------------------------------------------------------------------------- client side


class AIJob:
    """One request's future: poll `done`, then read `result` or `error`."""

    def __init__(self, kind: str):
        self.kind = kind
        self.submitted = time.perf_counter()
        self.result: Any = None
        self.error: str | None = None
        self.seconds = 0.0  # time the worker spent on it
        self._event = threading.Event()

    @property
    def done(self) -> bool:
        return self._event.is_set()

    @property
    def age(self) -> float:
        """Seconds since submission (for the thinking indicator)."""
        return time.perf_counter() - self.submitted

    def wait(self, timeout: float | None = None) -> bool:
        return self._event.wait(timeout)

    def _finish(self, ok: bool, value: Any, seconds: float) -> None:
        if ok:
            self.result = value
        else:
            self.error = str(value)
        self.seconds = seconds
        self._event.set()


class _Worker:
    def __init__(self, context, index: int):
        self.context = context
        self.index = index
        self.requests: queue.Queue = queue.Queue()
        self.process = None
        self.conn = None
        self.closed = False
        self.thread = threading.Thread(target=self._serve, name=f"ai-worker-{index}", daemon=True)
        self.thread.start()

    def _start(self) -> None:
        parent, child = self.context.Pipe()
        process = self.context.Process(
            target=_worker_main, args=(child,), name=f"duelmind-ai-{self.index}", daemon=True
        )
        process.start()
        child.close()
        self.process, self.conn = process, parent

    def _serve(self) -> None:
        counter = 0
        while True:
            item = self.requests.get()
            if item is None:
                break
            job, kind, payload = item
            counter += 1
            try:
                if self.process is None or not self.process.is_alive():
                    self._start()
                self.conn.send((counter, kind, payload))
                request_id, ok, value, seconds = self.conn.recv()
                job._finish(ok, value, seconds)
            except (EOFError, OSError, BrokenPipeError) as error:
                self._stop_process()
                job._finish(False, f"the AI worker stopped ({type(error).__name__}: {error})", 0.0)
            except Exception as error:  # e.g. a payload that does not pickle
                job._finish(False, f"{type(error).__name__}: {error}", 0.0)
        self._stop_process()

    def _stop_process(self) -> None:
        conn, process = self.conn, self.process
        self.conn = self.process = None
        if conn is not None:
            try:
                conn.send(None)
            except (OSError, EOFError, BrokenPipeError):
                pass
        if process is not None:
            process.join(timeout=2.0)
            if process.is_alive():
                process.terminate()
                process.join(timeout=2.0)
        if conn is not None:
            conn.close()

    def submit(self, kind: str, payload: dict) -> AIJob:
        job = AIJob(kind)
        if self.closed:
            job._finish(False, "the AI pool is closed", 0.0)
        else:
            self.requests.put((job, kind, payload))
        return job

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.requests.put(None)


class AIPool:
    """A few warm AI worker processes. `route` picks the worker (one game, one worker)."""

    def __init__(self, workers: int = 1):
        self.context = multiprocessing.get_context("spawn")
        self.workers = [_Worker(self.context, index) for index in range(max(1, workers))]
        self.warm_job: AIJob | None = None

    def submit(self, kind: str, route: int = 0, **payload) -> AIJob:
        return self.workers[route % len(self.workers)].submit(kind, payload)

    def warm(self, cards: Sequence = (), agent: str | None = None, gomoku_level: str | None = None) -> list[AIJob]:
        """Warm every worker (imports + a tiny search); returns the jobs (no need to wait)."""
        if agent is None:
            agent = card_agent_names()[-1]  # the strongest imports the most
        if gomoku_level is None:
            levels = gomoku_levels()
            gomoku_level = levels[0] if levels else None
        jobs = [
            worker.submit("warm", {"cards": list(cards)[:40], "agent": agent, "gomoku_level": gomoku_level})
            for worker in self.workers
        ]
        self.warm_job = jobs[0]
        return jobs

    def close(self) -> None:
        for worker in self.workers:
            worker.close()
        for worker in self.workers:
            worker.thread.join(timeout=5.0)
