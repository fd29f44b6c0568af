"""The animation queue: the model is already final, the view animates the past.

A queue of steps; each step is a group of animations that run together, and the next step
starts when all of them have finished. An animation is data (kind + fields) with an eased
progress; scenes draw the active ones and apply each event to their view model in `on_start`
or `on_end`. Input that changes the game waits until `busy` is false.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Callable

import pytweening

# Reduced motion (Settings.reduced_motion): every queue plays this many times faster, and scenes
# ask `reduced_motion()` before shaking, freezing or bobbing anything. Set by the app.
REDUCED_MOTION_SPEEDUP = 2.0
_reduced = False


def set_reduced_motion(on: bool) -> None:
    global _reduced
    _reduced = bool(on)


def reduced_motion() -> bool:
    return _reduced


def idle_wave(time_ms: float, period: float) -> float:
    """sin(time_ms / period), for an idle pulse, bob or shake: 0 (held still) under reduced motion."""
    return 0.0 if _reduced else math.sin(time_ms / period)


class Anim:
    __slots__ = ("kind", "duration", "elapsed", "data", "on_start", "on_end", "ease", "started")

    def __init__(
        self,
        kind: str,
        duration_ms: float,
        on_start: Callable[[], None] | None = None,
        on_end: Callable[[], None] | None = None,
        ease: Callable[[float], float] = pytweening.easeOutQuad,
        **data,
    ):
        self.kind = kind
        self.duration = max(0.0, float(duration_ms))
        self.elapsed = 0.0
        self.data = data
        self.on_start = on_start
        self.on_end = on_end
        self.ease = ease
        self.started = False

    @property
    def t(self) -> float:
        """Raw progress 0..1."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def eased(self) -> float:
        return self.ease(self.t)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def __repr__(self) -> str:
        return f"Anim({self.kind!r}, {self.elapsed:.0f}/{self.duration:.0f} ms)"


class AnimationQueue:
    def __init__(self, speed: float = 1.0):
        self.speed = speed  # > 1 plays faster
        self.steps: deque[list[Anim]] = deque()

    def then(self, *anims: Anim) -> None:
        """Queue a new step made of `anims` (run together)."""
        if anims:
            self.steps.append(list(anims))

    def also(self, *anims: Anim) -> None:
        """Add `anims` to the last queued step (or start a step)."""
        if self.steps and not any(anim.started for anim in self.steps[-1]):
            self.steps[-1].extend(anims)
        else:
            self.then(*anims)

    def call(self, function: Callable[[], None]) -> None:
        """A zero-length step that runs `function` when reached (in order with the rest)."""
        self.then(Anim("call", 0, on_start=function))

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def active(self) -> list[Anim]:
        return self.steps[0] if self.steps else []

    def update(self, dt_ms: float) -> None:
        budget = dt_ms * self.speed * (REDUCED_MOTION_SPEEDUP if _reduced else 1.0)
        # Several short steps may finish within one frame; carry the leftover time forward.
        while self.steps:
            step = self.steps[0]
            for anim in step:
                if not anim.started:
                    anim.started = True
                    if anim.on_start:
                        anim.on_start()
            longest_left = max((anim.duration - anim.elapsed for anim in step), default=0.0)
            spend = min(budget, max(0.0, longest_left))
            for anim in step:
                anim.elapsed = min(anim.duration, anim.elapsed + spend)
            if all(anim.done for anim in step):
                self.steps.popleft()
                for anim in step:
                    if anim.on_end:
                        anim.on_end()
                budget -= spend
                if budget <= 0 and self.steps and self.steps[0] and self.steps[0][0].duration > 0:
                    break
            else:
                break

    def finish(self) -> None:
        """Run everything to the end at once (skip)."""
        guard = 0
        while self.steps and guard < 100000:
            self.update(1e9)
            guard += 1

    def fast_forward(self, hold: str = "say") -> None:
        """Play every queued step to its end at once, in order (starts, ends), stopping before a
        step that holds the game (`hold`: a story line, which waits for the reader)."""
        guard = 0
        while self.steps and guard < 100000:
            guard += 1
            step = self.steps[0]
            if any(anim.kind == hold for anim in step):
                return
            for anim in step:
                if not anim.started:
                    anim.started = True
                    if anim.on_start:
                        anim.on_start()
            for anim in step:
                anim.elapsed = anim.duration
            self.steps.popleft()
            for anim in step:
                if anim.on_end:
                    anim.on_end()

    def clear(self) -> None:
        self.steps.clear()
