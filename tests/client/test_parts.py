"""Smaller parts of the client: the animation queue, the explanation overlay, the AI workers."""

from __future__ import annotations

import pygame

from game.client.ai_worker import AgentSpec, AIPool, card_agent_names
from game.client.anim import Anim, AnimationQueue
from game.client.explain_overlay import draw_explanation, explanation_lines


def test_animation_steps_run_in_order_and_groups_together():
    queue = AnimationQueue(speed=2.0)
    log = []
    first = Anim("a", 100, on_start=lambda: log.append("a start"), on_end=lambda: log.append("a end"))
    second = Anim("b", 200, on_end=lambda: log.append("b end"))
    queue.then(first)
    queue.also(second)  # runs with the first
    queue.call(lambda: log.append("call"))
    queue.then(Anim("c", 100, on_end=lambda: log.append("c end")))
    queue.update(25)  # 50 ms of animation at speed 2
    assert log == ["a start"] and first.t == 0.5 and second.t == 0.25 and queue.busy
    queue.update(50)  # a done at 100 ms, b at 150 of 200
    assert log == ["a start"]
    queue.update(25)  # b done; the call runs; c starts with the leftover time
    assert log == ["a start", "a end", "b end", "call"]
    queue.update(1000)
    assert log[-1] == "c end" and not queue.busy


def test_finish_skips_everything():
    queue = AnimationQueue()
    ends = []
    for i in range(5):
        queue.then(Anim("x", 500, on_end=lambda i=i: ends.append(i)))
    queue.finish()
    assert ends == [0, 1, 2, 3, 4] and not queue.busy


def test_explanation_is_rendered_generically():
    explanation = {
        "ai": "hard",
        "iterations": 1234,
        "value": 0.5321,
        "considered": [
            {"action": "ATTACK 3 -1", "visits": 40, "score": 0.71},
            {"action": "SUMMON 5", "visits": 12, "score": 0.4},
        ],
        "pv": [(7, 7), (8, 8)],
        "rules": ["lethal first", "then trades"],
        "timing": {"ms": 98.5, "nodes": 4000},
    }
    rows = explanation_lines(explanation)
    kinds = [kind for kind, _ in rows]
    assert ("line", "ai: hard") in rows and ("line", "iterations: 1234") in rows and ("line", "value: 0.532") in rows
    table = next(content for kind, content in rows if kind == "table")
    assert table[0] == ["action", "visits", "score"] and table[1][0] == ["ATTACK 3 -1", "40", "0.71"]
    assert ("line", "pv: 7,7; 8,8") in rows
    assert ("line", "  lethal first") in rows and ("heading", "timing") in rows
    assert kinds.count("heading") == 3
    surface = pygame.Surface((800, 500))
    draw_explanation(surface, pygame.Rect(0, 0, 800, 500), "What the AI considered", explanation)
    draw_explanation(surface, pygame.Rect(0, 0, 800, 500), "nothing", None)


def test_worker_keeps_agents_per_game_and_reports_errors(ai_pool):
    name = card_agent_names()[0]
    spec = AgentSpec("game-1", 1, name, 3, 1)
    assert ai_pool.submit("card_new_game", spec=spec).wait(60)
    job = ai_pool.submit("nonsense")
    assert job.wait(30) and job.error and "unknown request" in job.error
    assert ai_pool.submit("ping").wait(30)


def test_worker_process_restarts_after_dying():
    pool = AIPool(1)
    try:
        job = pool.submit("ping")
        assert job.wait(60) and job.result == "pong"
        worker = pool.workers[0]
        first_pid = worker.process.pid
        worker.process.kill()
        worker.process.join(5)
        job = pool.submit("ping")
        assert job.wait(60) and job.result == "pong"  # a fresh worker answers
        assert worker.process.pid != first_pid
    finally:
        pool.close()
