"""The end of a game, presented: who won, their face in a crest over rays of light (victory) or
a cracked, grey crest under falling ash (defeat), the headline landing with a bounce, a sentence
saying what happened ("You lost to the Duelmind after 15 turns") and a line of detail; then
Rematch, Review the board (the modal steps aside to show the final board), Watch again (the
replay viewer on the game just played) and Menu. Everything
drawn per frame is cached surfaces moved or faded."""

from __future__ import annotations

import math
import random

import pygame
import pytweening

from game.client import theme
from game.client.anim import reduced_motion
from game.client.portraits import portrait
from game.client.review_bar import LABEL as REVIEW_LABEL
from game.client.review_bar import ReviewBar
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, fit_text, shade, text_surface
from game.i18n import N_, _

WATCH_LABEL = N_("Watch again")  # the replay of the game just played (game/client/replays/viewer.py)
INPUT_GRACE_MS = 450  # input ignored this long after the screen opens
ENTRANCE_MS = 650  # the crest and the headline land in this time
CREST = 150  # portrait size in the crest
GOLD, ASH = (255, 214, 120), (150, 156, 172)

_RAYS: dict = {}


def _rays(good: bool | None) -> pygame.Surface:
    """A fan of soft rays behind the crest (made once per kind of result)."""
    key = bool(good)
    if key not in _RAYS:
        size = 620
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        centre = size / 2
        colour = GOLD if good is not False else ASH
        for index in range(18):
            angle = index * math.tau / 18
            spread = 0.07
            points = [(centre, centre)] + [
                (centre + math.cos(angle + d) * size / 2, centre + math.sin(angle + d) * size / 2)
                for d in (-spread, spread)
            ]
            pygame.draw.polygon(surface, (*colour, 38 if good is not False else 18), points)
        for radius, alpha in ((120, 60), (90, 60), (60, 50)):
            pygame.draw.circle(surface, (*colour, alpha // (1 if good is not False else 3)), (centre, centre), radius)
        _RAYS[key] = surface
    return _RAYS[key]


class ResultScene(Scene):
    opaque = False
    name = "result"

    def __init__(
        self,
        app,
        headline: str,
        detail: str,
        good: bool | None,
        on_rematch,
        face: tuple[str, str] | None = None,
        sentence: str = "",
        replay=None,
    ):
        super().__init__(app)
        self.replay = replay  # the replay just written (a Path), or None: no "Watch again"
        self.headline = headline
        self.detail = detail
        self.good = good
        self.on_rematch = on_rematch
        self.face = face  # (portrait name, who): the winner's face, or yours after a defeat
        # What happened, in a sentence ("You lost to the Duelmind after 15 turns"); without one, the
        # face's name, unless the headline says it already or it is only "You".
        self.sentence = sentence or self._caption()
        self.review = ReviewBar()
        x = theme.WIDTH // 2 - 150
        # The headline, sentence and detail come translated from the match; the buttons are ours.
        entries = [(_("Rematch"), self.rematch), (_(REVIEW_LABEL), self.review.open)]
        if replay is not None:
            entries.append((_(WATCH_LABEL), self.watch_again))
        entries.append((_("Main menu"), self.menu_))
        # Four buttons close up a little to keep the key hints on the canvas.
        gap, height = (62, 52) if len(entries) == 3 else (54, 46)
        self.menu = ButtonColumn(
            [
                Button(
                    pygame.Rect(x, 476 + i * gap, 300, height),
                    label,
                    action,
                    primary=i == 0,
                    size=fit_text(label, 24, 300 - 16, bold=True),  # a longer language's words shrink to fit
                )
                for i, (label, action) in enumerate(entries)
            ]
        )
        rng = random.Random(headline)
        # Sparks rise after a victory; ash falls after a defeat: (x, start y, speed, size).
        self.motes = [
            (rng.uniform(250, 1030), rng.uniform(0, 720), rng.uniform(20, 60), rng.choice((2, 2, 3))) for _ in range(40)
        ]
        self.age = 0.0
        self.opened_ms = 0.0  # real time since the screen opened (input waits INPUT_GRACE_MS)

    def on_enter(self) -> None:
        self.app.play_sound("defeat" if self.good is False else "victory")

    def _caption(self) -> str:
        if self.face is None:
            return ""
        who = self.face[1]
        return "" if who in ("You", _("You")) or who in self.headline else who

    def rematch(self) -> None:
        self.on_rematch()

    def menu_(self) -> None:
        self.app.reset("title")

    def watch_again(self) -> None:
        """The replay viewer on the game just played (Esc there comes back here)."""
        self.app.push("replay_viewer", path=self.replay)

    def handle(self, intent) -> None:
        if self.opened_ms < INPUT_GRACE_MS and intent.kind in ("action", "press"):
            return  # the key or click that closed the last line must not choose here
        if self.review.handle(intent):
            return
        if intent.kind == "action" and intent.name == "rematch":
            self.rematch()
            return
        if intent.kind == "action" and intent.name == "back":
            self.menu_()
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def update(self, dt_ms: float) -> None:
        self.opened_ms += dt_ms
        self.age += dt_ms

    def draw(self, surface: pygame.Surface) -> None:
        if self.review.active:  # the final board, under a bar that leads back
            self.review.draw(surface)
            return
        shade(surface, min(215, int(self.age / 2)))
        good = self.good
        colour = theme.GOOD if good else theme.BAD if good is False else theme.ACCENT
        landed = self.landed()
        centre = (theme.WIDTH // 2, 200)
        rays = _rays(good)
        rays.set_alpha(255 if reduced_motion() else int(255 * min(1.0, self.age / ENTRANCE_MS)))
        surface.blit(rays, rays.get_rect(center=centre))
        self._draw_motes(surface)
        self._draw_crest(surface, centre, landed)
        headline = text_surface(self.headline, 64, colour, True)
        scale = max(0.05, landed)
        if scale != 1.0:
            headline = pygame.transform.smoothscale_by(headline, scale)
        shadow = text_surface(self.headline, 64, (0, 0, 0), True)
        if scale != 1.0:
            shadow = pygame.transform.smoothscale_by(shadow, scale)
        at = (theme.WIDTH // 2, 360)
        surface.blit(shadow, shadow.get_rect(center=(at[0] + 3, at[1] + 4)))
        surface.blit(headline, headline.get_rect(center=at))
        if self.age > ENTRANCE_MS * 0.6:
            if self.sentence:
                size = fit_text(self.sentence, 24, theme.WIDTH - 200, bold=True)
                draw_text(
                    surface, self.sentence, (at[0], 412), size, theme.TEXT, bold=True, anchor="center", shadow=True
                )
            draw_text(surface, self.detail, (at[0], 446), 19, theme.TEXT_DIM, anchor="center", shadow=True)
            self.menu.draw(surface)
            hint_y = 680 if self.replay is None else 704
            draw_text(surface, _("R: rematch  ·  Esc: menu"), (at[0], hint_y), 15, theme.TEXT_DIM, anchor="center")

    def landed(self) -> float:
        """How far the crest and headline have landed (they overshoot, then settle at 1); under
        reduced motion they are in place from the first frame."""
        if reduced_motion():
            return 1.0
        return pytweening.easeOutBack(min(1.0, self.age / ENTRANCE_MS))

    def mote_positions(self) -> list[tuple[int, int]]:
        """Where the rising sparks (victory) or falling ash (defeat) are now; held where they
        started under reduced motion."""
        rising = self.good is not False
        still = reduced_motion()
        seconds = 0.0 if still else self.age / 1000
        positions = []
        for x, y, speed, _size in self.motes:
            travel = (y - seconds * speed) if rising else (y + seconds * speed)
            sway = 0.0 if still else math.sin(seconds * 1.5 + x) * 6
            positions.append((int(x + sway), int(travel % 720)))
        return positions

    def _draw_crest(self, surface: pygame.Surface, centre, landed: float) -> None:
        ring = GOLD if self.good is not False else ASH
        radius = int((CREST // 2 + 14) * max(0.05, landed))
        pygame.draw.circle(surface, (20, 22, 32), centre, radius + 6)
        pygame.draw.circle(surface, ring, centre, radius + 6, 5)
        if self.face is None:
            draw_text(surface, "=", centre, 64, ring, bold=True, anchor="center")
            return
        face = portrait(self.face[0], self.face[1], CREST)
        if landed != 1.0:
            face = pygame.transform.smoothscale_by(face, max(0.05, min(1.2, landed)))
        if self.good is False:
            face = face.copy()
            face.fill((110, 110, 120), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(face, face.get_rect(center=centre))
        if self.good is False and self.age > ENTRANCE_MS:
            x, y = centre
            crack = [(x - 10, y - 78), (x + 4, y - 40), (x - 8, y - 8), (x + 10, y + 30), (x - 2, y + 76)]
            pygame.draw.lines(surface, (30, 30, 36), False, crack, 4)
        elif self.good is not False:
            for side in (-1, 1):  # laurels: two arcs of leaves
                for index in range(6):
                    angle = math.pi / 2 + side * (0.5 + index * 0.32)
                    leaf = (centre[0] + math.cos(angle) * (radius + 22), centre[1] + math.sin(angle) * (radius + 22))
                    pygame.draw.ellipse(surface, theme.GOOD, pygame.Rect(leaf[0] - 7, leaf[1] - 4, 14, 8))

    def _draw_motes(self, surface: pygame.Surface) -> None:
        colour = GOLD if self.good is not False else ASH
        for (x, y), (_x, _y, _speed, size) in zip(self.mote_positions(), self.motes):
            pygame.draw.circle(surface, colour, (x, y), size)
