"""Settings: window size, full screen, volumes (master, music, effects) and mute, animation speed, AI
thinking time, how fast the AI's moves are shown, screen shake, your portrait and the level
designer's hints (saved at once)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.settings import AI_PACES, ANIMATION_SPEEDS, PLAYER_PORTRAITS, THINK_TIMES_MS, VOLUMES, WINDOW_SIZES
from game.client.widgets import Button, OptionRow, backdrop, draw_text


def _nearest(choices, value) -> int:
    return min(range(len(choices)), key=lambda i: abs(choices[i] - value))


def _percent(value) -> str:
    return f"{round(value * 100)}%"


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        sizes = list(WINDOW_SIZES)
        if s.size not in sizes:
            sizes.append(s.size)
        self.rows = [
            OptionRow("Window size", sizes, sizes.index(s.size), lambda v: f"{v[0]} x {v[1]}", self.set_size),
            OptionRow(
                "Full screen", [False, True], int(s.fullscreen), lambda v: "On" if v else "Off", self.set_fullscreen
            ),
            OptionRow("Master volume", VOLUMES, _nearest(VOLUMES, s.volume), _percent, self.set_volume),
            OptionRow(
                "Animation speed",
                ANIMATION_SPEEDS,
                _nearest(ANIMATION_SPEEDS, s.animation_speed),
                lambda v: f"{v:g}x",
                self.set_speed,
            ),
            OptionRow(
                "AI thinking time",
                THINK_TIMES_MS,
                _nearest(THINK_TIMES_MS, s.ai_think_ms),
                lambda v: f"{v / 1000:g} s per turn",
                self.set_think,
            ),
            # The sound rows come after the first five, which keep their places (tests and habits).
            OptionRow("Music volume", VOLUMES, _nearest(VOLUMES, s.music_volume), _percent, self.set_music_volume),
            OptionRow(
                "Effects volume", VOLUMES, _nearest(VOLUMES, s.effects_volume), _percent, self.set_effects_volume
            ),
            OptionRow("Mute", [False, True], int(s.mute), lambda v: "On" if v else "Off", self.set_mute),
            OptionRow(
                "AI's moves shown",
                list(AI_PACES),
                list(AI_PACES).index(s.ai_pace),
                str.capitalize,
                lambda v: self._set("ai_pace", v),
            ),
            OptionRow(
                "Screen shake",
                [False, True],
                int(s.screen_shake),
                lambda v: "On" if v else "Off",
                lambda v: self._set("screen_shake", bool(v)),
            ),
            OptionRow(
                "Your portrait",
                PLAYER_PORTRAITS,
                PLAYER_PORTRAITS.index(s.portrait),
                str.capitalize,
                lambda v: self._set("portrait", v),
            ),
            OptionRow(
                "Level designer hints",
                [False, True],
                int(s.designer),
                lambda v: "On" if v else "Off",
                lambda v: self._set("designer", bool(v)),
            ),
        ]
        for index, row in enumerate(self.rows):
            row.rect = pygame.Rect(theme.WIDTH // 2 - 380, 104 + index * 42, 760, 38)
        self.focus = 0
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 130, 614, 260, 52), "Back", self.close, primary=True)

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()

    def set_size(self, value) -> None:
        self.app.settings.width, self.app.settings.height = value
        self.app.apply_window_settings()
        self.app.save_settings()

    def set_fullscreen(self, value) -> None:
        self.app.settings.fullscreen = bool(value)
        self.app.apply_window_settings()
        self.app.save_settings()

    def set_volume(self, value) -> None:
        self.app.settings.volume = float(value)
        self.app.save_settings()
        self.app.play_sound("stone")

    def set_music_volume(self, value) -> None:
        self.app.settings.music_volume = float(value)
        self.app.save_settings()

    def set_effects_volume(self, value) -> None:
        self.app.settings.effects_volume = float(value)
        self.app.save_settings()
        self.app.play_sound("stone")  # a sample at the new level

    def set_mute(self, value) -> None:
        self.app.settings.mute = bool(value)
        self.app.save_settings()
        self.app.play_sound("click")

    def set_speed(self, value) -> None:
        self.app.settings.animation_speed = float(value)
        self.app.save_settings()

    def set_think(self, value) -> None:
        self.app.settings.ai_think_ms = int(value)
        self.app.save_settings()

    def close(self) -> None:
        self.app.pop()

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name in ("back", "confirm"):
                self.close()
                return
            if intent.name in ("up", "down"):
                self.focus = (self.focus + (1 if intent.name == "down" else -1)) % len(self.rows)
            elif intent.name in ("left", "right"):
                self.rows[self.focus].step(1 if intent.name == "right" else -1)
        elif intent.kind == "move":
            self.back.hovered = self.back.rect.collidepoint(intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if self.back.hit(intent.pos):
                self.close()
                return
            for index, row in enumerate(self.rows):
                if row.rect.collidepoint(intent.pos):
                    self.focus = index
                    row.click(intent.pos)
        for index, row in enumerate(self.rows):
            row.focused = index == self.focus

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_text(
            surface, "Settings", (theme.WIDTH // 2, 56), 48, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        for row in self.rows:
            row.draw(surface)
        self.back.draw(surface)
        draw_text(
            surface,
            f"Saved to {self.app.settings_file.path}",
            (theme.WIDTH // 2, 696),
            14,
            theme.TEXT_DIM,
            anchor="center",
        )
