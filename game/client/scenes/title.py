"""The title menu: Campaign, Quick match, Settings, Replays, Workshop, Quit."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.anim import reduced_motion
from game.client.cards.card_back import render_back
from game.client.resources import font
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, backdrop, draw_text, panel, wrap_text
from game.i18n import N_, _

# The menu's words, translated when drawn: a language chosen in Settings shows on return.
LABELS = (N_("Campaign"), N_("Quick match"), N_("Settings"), N_("Replays"), N_("Workshop"), N_("Quit"))


class TitleScene(Scene):
    name = "title"
    music = "title"

    def __init__(self, app):
        super().__init__(app)
        x = theme.WIDTH // 2 - 170
        rect = lambda i: pygame.Rect(x, 284 + i * 66, 340, 56)  # six buttons above the key hints
        self.menu = ButtonColumn(
            [
                Button(rect(0), _(LABELS[0]), self.campaign, primary=True),
                Button(rect(1), _(LABELS[1]), self.quick_match),
                Button(rect(2), _(LABELS[2]), self.open_settings),
                Button(rect(3), _(LABELS[3]), lambda: self.app.push("replays")),
                Button(rect(4), _(LABELS[4]), lambda: self.app.push("workshop")),
                Button(rect(5), _(LABELS[5]), self.quit),
            ]
        )
        self.time = 0.0

    def campaign(self) -> None:
        self.app.push("campaign_map")

    def quick_match(self) -> None:
        self.app.push("quick_match")

    def open_settings(self) -> None:
        self.app.push("settings")

    def quit(self) -> None:
        self.app.running = False

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            if self.app.notice:
                self.app.notice = None
            return
        if intent.kind == "press" and self.app.notice:
            self.app.notice = None
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def update(self, dt_ms: float) -> None:
        if not reduced_motion():  # the fan of cards sways; reduced motion holds it still
            self.time += dt_ms

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        for button, label in zip(self.menu.buttons, LABELS):
            button.label = _(label)
        # A fan of card backs and two stones: the two games.
        back = render_back(120)
        import math

        for i in range(5):
            angle = -24 + i * 12 + math.sin(self.time / 900 + i) * 1.5
            card = pygame.transform.rotozoom(back, -angle, 1.0)
            surface.blit(card, card.get_rect(center=(250 + i * 34, 470 + abs(i - 2) * 14)))
        for centre, colour in (((1010, 450), theme.STONE_BLACK), ((1070, 490), theme.STONE_WHITE)):
            pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 4, centre[1] + 6), 40)
            pygame.draw.circle(surface, colour, centre, 40)
            pygame.draw.circle(
                surface,
                (255, 255, 255) if colour == theme.STONE_BLACK else (200, 200, 190),
                (centre[0] - 13, centre[1] - 14),
                9,
            )
        logo = draw_text(
            surface, "DUELMIND", (theme.WIDTH // 2, 150), 96, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        draw_text(
            surface,
            _("Card duels, gomoku, skirmish and Connect Four against an AI that thinks like a player"),
            (theme.WIDTH // 2, max(222, logo.bottom + 8)),  # below the logo at a large text size
            22,
            theme.TEXT_DIM,
            anchor="center",
            width=theme.WIDTH - 80,
        )
        self.menu.draw(surface)
        draw_text(
            surface,
            _("Arrows + Enter, a gamepad or the mouse  ·  F11 full screen"),
            (theme.WIDTH // 2, 700),
            16,
            theme.TEXT_DIM,
            anchor="center",
            width=theme.WIDTH - 80,
        )
        if self.app.notice:
            lines = wrap_text(_(self.app.notice), 18, 760)  # a marked sentence (a failed save) follows the language
            line_height = font(18).get_linesize()  # grows with the text size setting
            box = pygame.Rect(0, 0, 800, 30 + line_height * len(lines))
            box.midtop = (theme.WIDTH // 2, 20)
            panel(surface, box, (70, 40, 40), theme.BAD)
            for i, line in enumerate(lines):
                draw_text(surface, line, (box.x + 20, box.y + 14 + i * line_height), 18, box=box)
