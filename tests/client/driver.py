"""Drive the client like a person: real pygame events through the app's input mapping."""

from __future__ import annotations

import time

import pygame

FRAME_MS = 40.0  # simulated time per frame: animations run fast, the AI still thinks in real time


def step(app, frames: int = 1, dt: float = FRAME_MS) -> None:
    """Run `frames` frames of `dt` simulated ms each. Each frame also sleeps 1 ms, as the real
    loop waits for its next frame: a loop that renders back to back holds the GIL, and the
    thread that passes the AI worker's answers back then waits seconds for it (a whole duel
    against the AI took two minutes that way, under a second with the pause)."""
    for _ in range(frames):
        app.step(dt)
        time.sleep(0.001)


def _post(kind, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def move(app, pos) -> None:
    window = app.to_window(pos)
    _post(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0))
    step(app)


def click(app, pos, button: int = 1) -> None:
    window = app.to_window(pos)
    _post(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=window, button=button)
    _post(pygame.MOUSEBUTTONUP, pos=window, button=button)
    step(app)


def drag(app, start, end) -> None:
    a, b = app.to_window(start), app.to_window(end)
    _post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    step(app)
    middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    _post(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    _post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
    _post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    step(app)


def key(app, code) -> None:
    _post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    _post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    step(app)


def run_until(app, predicate, timeout: float = 60.0, dt: float = FRAME_MS) -> None:
    """Step frames until predicate() holds; fails the test after `timeout` real seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s; top scene: {app.top and app.top.name}")
        step(app, 1, dt)


def colours(surface: pygame.Surface, step_px: int = 7) -> int:
    """Distinct colours on a sampling grid (a blank or one-colour screen has 1 or 2)."""
    width, height = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, width, step_px) for y in range(0, height, step_px)})
