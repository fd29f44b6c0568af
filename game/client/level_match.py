"""A campaign level as a match: the draft, duel, gomoku and skirmish scenes play it exactly as they play a
quick match, and these classes fill in what a level changes. Moves go through the level's
session (objectives, scripted events, the story lines said during play); the objectives HUD
replaces the match info; the opponent is the level's (scripted: decides in-process; AI: the
worker pool, at the level's budget); after every action the HUD follows the board, the lines
said open a dialogue when the animations reach them, and the game is saved; at the end the
closing lines come, then the level's result screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.client import replay_recorder, theme
from game.client.anim import Anim
from game.client.widgets import draw_text, panel, text_surface
from game.i18n import _

NEVER = 1e12  # an animation step that lasts until something ends it
TOAST_MS = 3500


class Toast:
    """A short message over the board for a few seconds."""

    def __init__(self, centre):
        self.centre = centre
        self.text = ""
        self.age = 0.0

    def show(self, text: str) -> None:
        self.text, self.age = text, 0.0

    def update(self, dt_ms: float) -> None:
        self.age += dt_ms

    def draw(self, surface: pygame.Surface) -> None:
        if not self.text or self.age > TOAST_MS:
            return
        alpha = int(255 * min(1.0, (TOAST_MS - self.age) / 500))
        width = text_surface(self.text, 18, theme.TEXT, True).get_width() + 40
        box = pygame.Rect(0, 0, width, 44)
        box.center = self.centre
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), (20, 24, 36), theme.ACCENT, radius=12, alpha=230)
        draw_text(layer, self.text, (width // 2, 22), 18, theme.TEXT, bold=True, anchor="center")
        layer.set_alpha(alpha)
        surface.blit(layer, box)


def _no_log(text: str, colour=None) -> None:
    """A host without a log (gomoku, Connect Four): log lines are dropped."""


@dataclass(frozen=True)
class MatchHost:
    """What a match may do to the screen that plays it: the matches' `after_action(host)`,
    `finish(host)` and `open_pause(host)` get this, never the scene.

    - `app`: push screens (result, pause, dialogue), play sounds, read settings;
    - `anims`: the scene's animation queue (a story line waits in it for the animations so far);
    - `end_game`: let the worker's AI for this game go (before a result or leaving);
    - `add_log`: a line in the scene's log (text, colour);
    - `dialogue_box`: where story lines said mid-game sit (None: the dialogue's default place).

    Any object with these attributes will do: a scene that still passes itself (gomoku and
    Connect Four scenes have `app`, `anims` and `dialogue_box`) keeps working with `_LevelHooks`,
    which only uses `app`, `anims` and `dialogue_box`.
    """

    app: Any
    anims: Any  # game.client.anim.AnimationQueue
    end_game: Callable[[], None] = lambda: None
    add_log: Callable[..., None] = _no_log
    dialogue_box: pygame.Rect | None = None


class _LevelHooks:
    """What every level match (cards, skirmish, gomoku, Connect Four) shares: the story lines,
    saves, pause and the end. A level match class puts it first in its bases, before the quick
    match's class, and calls `self._join(run)` in its __init__; it must have `hud` (an object with
    `show(statuses)`) and `toast`. The scene calls, with a `MatchHost` (or any object with
    `app`, `anims` and `dialogue_box`; see MatchHost):

    - `after_action(host)` after every action of either side: queues the HUD update and the
      lines said in `host.anims`, keeps the closing lines for the end, saves the game;
    - `finish(host)` once, when `over` and the animations are done: the closing lines, then the
      level's result screen;
    - `open_pause(host)`: the pause menu (leave, restart).

    None of them reads or changes anything else of the scene.
    """

    run = None
    ending_lines: list

    def _join(self, run) -> None:
        """What every level match keeps: its run, the level, the closing lines still to say."""
        self.run = run
        self.level = run.session.level
        self.ending_lines = []

    @property
    def level_run(self):
        return self.run

    @property
    def session(self):
        return self.run.session

    # The rules go through the level's session (objectives, scripted events, the lines said).
    def apply(self, action) -> list:
        return self.session.apply(action)

    @property
    def over(self) -> bool:
        return self.session.over

    def seat_label(self, seat: int) -> str:
        return _("You") if seat == self.session.player_seat else self.level.opponent.name

    def seat_portrait(self, seat: int, app) -> str:
        if seat == self.session.player_seat:
            return app.settings.portrait
        return self.level.opponent.portrait or self.level.opponent.name

    def opening_log(self) -> list[str]:
        return [self.level.title] + ([self.level.summary] if self.level.summary else [])

    def ai_budget_ms(self, app) -> float:
        return self.run.budget_ms()

    def queue_lines(self, host, lines) -> None:
        """Say `lines` once the animations queued so far have played; play waits for the reader."""
        step = Anim("say", NEVER)

        def start(step=step):
            def done():
                step.duration = 0.0  # the queue moves on at the next frame

            box = host.dialogue_box  # gomoku: beside the board, not over it
            host.app.push("dialogue", lines=lines, on_done=done, **({"box": box} if box is not None else {}))

        step.on_start = start
        host.anims.then(step)

    def after_action(self, host) -> None:
        """The HUD (when the board shows it), the lines said, a save."""
        if self.run.follow_language():  # a language switched mid-level: the lines to come in it
            self.level = self.run.level
        session = self.session
        statuses = session.objectives()
        host.anims.call(lambda statuses=statuses: self.hud.show(statuses))
        lines = session.dialogue()
        if session.over:
            self.ending_lines += lines
        elif lines:
            self.queue_lines(host, lines)
        replay_recorder.note_thought(self, host)
        self.run.checkpoint()

    def finish(self, host) -> None:
        """Record the result, say the closing lines, then show the level's result screen."""
        self.run.finish()
        self.run.replay_path = replay_recorder.keep(self, host.app)  # "Watch again" on the result
        lines, self.ending_lines = self.ending_lines, []
        host.app.push("dialogue", lines=lines, on_done=lambda: host.app.push("level_result", run=self.run))

    def rematch(self, app) -> None:
        self.run.restart()

    def open_pause(self, host) -> None:
        host.app.push("pause", leave=self.run.quit, quit_label=self.run.quit_label(), restart=self.run.restart)
