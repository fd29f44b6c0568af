"""A campaign gomoku level on the ordinary gomoku screen, driven by its LevelSession: the level's
opening stones, moves through `session.apply` (objectives, the lines said after a move), the
objectives HUD in the side panel, the level's AI at its budget, and no undo (Restart instead)."""

from __future__ import annotations

import pygame

from game.client.objectives_hud import ObjectivesHUD
from game.client.scenes.gomoku import SIDE, GomokuScene
from game.client.scenes.level_common import LevelSceneMixin
from game.client.widgets import Button
from game.rules.gomoku import BLACK


class LevelGomokuScene(LevelSceneMixin, GomokuScene):
    name = "level_gomoku"

    def __init__(self, app, run):
        self.run = run
        super().__init__(app, run.setup)
        session = run.session
        self.level = session.level
        self.state = session.state
        self.title = self.level.title
        self.move_hint = "Click or arrows + Enter to play"
        self.ending_lines: list = []
        self.hud = ObjectivesHUD(session.objectives(), hints=["F5: read the level file again and restart"])
        y = SIDE.bottom - 70
        self.buttons = [
            Button(pygame.Rect(SIDE.x + 20, y, 230, 54), "Restart", self.run.restart),
            Button(pygame.Rect(SIDE.x + 270, y, 230, 54), "Menu", self.pause),
        ]

    def note_resumed(self, actions: int) -> None:
        self.toast(f"Saved game resumed: {actions} moves replayed")

    # ------------------------------------------------------------------ hooks

    def label(self, colour: int) -> str:
        name = "Black" if colour == BLACK else "White"
        who = "you" if colour == self.session.player_seat else self.level.opponent.name
        return f"{name} ({who})"

    def game_over(self) -> bool:
        return self.session.over

    def apply_move(self, x: int, y: int) -> None:
        self.session.apply((x, y))

    def ai_budget_ms(self) -> float:
        return self.run.budget_ms()

    def play(self, x: int, y: int, pause_ms: float = 0.0) -> bool:
        if not super().play(x, y, pause_ms):
            return False
        self.after_action()
        return True

    def undo(self) -> None:
        """No take-backs in a level (the objectives count moves); Restart starts it again."""

    def rematch(self) -> None:
        self.run.restart()

    def pause(self) -> None:
        self.open_pause()

    def update(self, dt_ms: float) -> None:
        self.hud.update(dt_ms)
        self.toast_age += dt_ms
        super().update(dt_ms)
        self.buttons[0].enabled = True

    def show_result(self) -> None:
        self.show_level_end()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_toast(surface, (40 + 330, 64))
