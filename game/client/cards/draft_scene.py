"""The draft: pick 1 of 3 cards, 30 times, with the deck's mana curve shown.

The AI drafts the same offers secretly in its worker (one request per pick); "auto" decks are
drafted for a player by the strongest card AI. Hot-seat: player 1 makes all 30 picks, then the
device is passed and player 2 makes theirs (both see the same offers; picks stay secret).
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.cards.card_render import CARD_RATIO, render_card
from game.client.cards.card_words import card_name
from game.client.cards.duel_words import is_you
from game.i18n import _, ngettext
from game.client.level_match import MatchHost
from game.client.scene import Scene
from game.client.resources import font
from game.client.widgets import backdrop, draw_text, fit_text, panel, wrap_text

OFFER_WIDTH = 230
CURVE_BUCKETS = ["0", "1", "2", "3", "4", "5", "6", "7+"]


class DraftScene(Scene):
    name = "draft"
    music = "duel"

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match  # a DraftMatch (quick match) or LevelDraftMatch (campaign level)
        self.level_run = match.level_run
        self.jobs: dict[int, object] = {}
        self.picker: int | None = None  # the human seat picking now (None while waiting)
        self.focus = 0
        self.hover: int | None = None
        self.finished = False
        self.time = 0.0
        for spec in match.drafters.values():
            self.app.pool.submit("card_new_game", route=0, spec=spec)

    @property
    def draft(self):
        return self.match.draft

    def on_enter(self) -> None:
        if self.match.human_seats and self.picker is None:
            self._next_picker()

    # ------------------------------------------------------------------ flow

    def _next_picker(self) -> None:
        remaining = [seat for seat in self.match.human_seats if self.match.picks_left(seat) > 0]
        if not remaining:
            self.picker = None
            return
        seat = remaining[0]
        if self.match.hotseat:
            self.picker = None

            def ready(seat=seat):
                self.picker = seat

            self.app.push(
                "pass_device",
                player_label=self.match.seat_label(seat),
                on_ready=ready,
                detail=_("Draft your deck: 30 picks, the other player cannot see them"),
            )
        else:
            self.picker = seat

    def note_resumed(self) -> None:
        """A saved game was replayed into this draft (levels): the picks so far show in the curve."""

    def on_exit(self) -> None:
        if not self.finished and self.match.drafters:  # left mid-draft: free the worker's agents
            self.app.pool.submit("card_end_game", route=0, game_id=self.match.game_id)

    def offer_rects(self) -> list[pygame.Rect]:
        height = int(OFFER_WIDTH * CARD_RATIO)
        total = 3 * OFFER_WIDTH + 2 * 50
        left = (theme.WIDTH - total) // 2
        return [pygame.Rect(left + i * (OFFER_WIDTH + 50), 120, OFFER_WIDTH, height) for i in range(3)]

    def pick(self, index: int) -> None:
        if self.picker is None:
            return
        seat = self.picker
        self.match.choose(seat, index)
        self.app.play_sound("play")
        if self.match.picks_left(seat) <= 0:
            self._next_picker()

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        match = self.match
        for seat in (0, 1):
            match.local_pick(seat)
        for seat, spec in match.drafters.items():
            job = self.jobs.get(seat)
            if job is not None and job.done:
                del self.jobs[seat]
                if job.error:
                    self.app.replace("error", title=_("The AI could not draft"), message=job.error)
                    return
                match.choose(seat, int(job.result))
            elif job is None and match.picks_left(seat) > 0:
                picked = match.picked(seat)
                self.jobs[seat] = self.app.pool.submit(
                    "card_draft", route=0, spec=spec, offer=match.offer(seat), picked=picked, pick=len(picked)
                )
        if not self.finished and match.complete and not self.jobs:
            self.finished = True
            match.to_duel(self.app)

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name == "back":
                self.match.open_pause(MatchHost(self.app, anims=None))  # the draft has no animations
            elif intent.name in ("left", "right"):
                self.focus = (self.focus + (1 if intent.name == "right" else -1)) % 3
            elif intent.name == "confirm":
                self.pick(self.focus)
            return
        if intent.kind == "move":
            self.hover = next((i for i, rect in enumerate(self.offer_rects()) if rect.collidepoint(intent.pos)), None)
            if self.hover is not None:
                self.focus = self.hover
        elif intent.kind == "press" and intent.button == 1:
            for index, rect in enumerate(self.offer_rects()):
                if rect.collidepoint(intent.pos):
                    self.pick(index)
                    return

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        seat = self.picker
        if seat is None:
            done = sum(len(p) for p in self.draft.picks)
            total = 2 * len(self.draft.offers)
            draw_text(surface, _("Drafting…"), (theme.WIDTH // 2, 300), 48, theme.ACCENT, bold=True, anchor="center")
            bar = pygame.Rect(theme.WIDTH // 2 - 250, 370, 500, 22)
            panel(surface, bar, theme.PANEL, theme.PANEL_BORDER, radius=10)
            fill = bar.copy()
            fill.width = int(bar.width * done / total)
            if fill.width:
                pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=10)
            draw_text(
                surface,
                _("Decks are drawn from the same offers; the AI's picks stay secret"),
                (theme.WIDTH // 2, 420),
                18,
                theme.TEXT_DIM,
                anchor="center",
            )
            return
        pick = len(self.draft.picks[seat])
        offer = self.match.offer(seat)
        label, number, total = self.match.seat_label(seat), pick + 1, len(self.draft.offers)
        if is_you(label):
            title = _("Pick {number} of {total}").format(number=number, total=total)
        else:
            title = _("{player}: pick {number} of {total}").format(player=label, number=number, total=total)
        draw_text(surface, title, (theme.WIDTH // 2, 50), 40, theme.ACCENT, bold=True, anchor="center", shadow=True)
        draw_text(
            surface,
            _("Click a card (or Left/Right + Enter) to add it to your deck"),
            (theme.WIDTH // 2, 92),
            18,
            theme.TEXT_DIM,
            anchor="center",
        )
        for index, (card, rect) in enumerate(zip(offer, self.offer_rects())):
            lifted = rect.move(0, -10) if index == self.focus else rect
            if index == self.focus:
                glow = lifted.inflate(14, 14)
                pygame.draw.rect(surface, theme.ACCENT, glow, 4, border_radius=22)
            surface.blit(render_card(card, OFFER_WIDTH), lifted)
        self._draw_curve(surface, self.draft.picks[seat])
        self._draw_deck_list(surface, self.draft.picks[seat])
        ai_seats = [s for s in self.match.drafters if s != seat]
        if ai_seats and not self.match.hotseat:
            name = self.match.seat_label(ai_seats[0])
            draw_text(
                surface,
                _("{player} drafts too, in secret").format(player=name),
                (theme.WIDTH - 24, 14),
                15,
                theme.TEXT_DIM,
                anchor="topright",
            )

    def _draw_deck_list(self, surface: pygame.Surface, picks) -> None:
        """The cards picked so far, by cost, as a compact deck list beside the offers."""
        box = pygame.Rect(1052, 40, 214, 430)
        panel(surface, box, theme.PANEL, theme.PANEL_BORDER, radius=14, alpha=200)
        heading = draw_text(surface, _("Your deck"), (box.x + 14, box.y + 10), 18, theme.TEXT, bold=True)
        if not picks:
            for index, line in enumerate(wrap_text(_("Your picks appear here"), 14, box.width - 28)):
                draw_text(
                    surface, line, (box.x + 14, heading.bottom + 4 + index * font(14).get_height()), 14, theme.TEXT_DIM
                )
            return
        counts: dict = {}
        for card in picks:
            key = (card.cost, card_name(card.name))
            counts[key] = counts.get(key, 0) + 1
        rows = sorted(counts.items())
        last = picks[-1]
        y = max(box.y + 38, heading.bottom + 2)
        step = max(19, font(14).get_height())  # a row: the font's line at a large text size
        room = (box.bottom - 10 - y) // step
        if len(rows) > room:
            room -= 1  # the last line says how many more there are, inside the box
        for (cost, name), count in rows[:room]:
            colour = theme.ACCENT if name == card_name(last.name) else theme.TEXT
            draw_text(surface, str(cost), (box.x + 22, y + step // 2), 14, theme.MANA, bold=True, anchor="center")
            # TRANSLATORS: a card in the deck list and how many copies of it there are.
            label = name if count == 1 else _("{card} x{count}").format(card=name, count=count)
            size = fit_text(label, 14, box.width - 50, minimum=11)
            draw_text(surface, label, (box.x + 36, y + step // 2), size, colour, anchor="midleft")
            y += step
        if len(rows) > room:
            more = ngettext("and {count} more", "and {count} more", len(rows) - room).format(count=len(rows) - room)
            draw_text(surface, more, (box.x + 36, y), 13, theme.TEXT_DIM, width=box.width - 50)

    def _draw_curve(self, surface: pygame.Surface, picks) -> None:
        box = pygame.Rect(240, 478, 800, 222)
        panel(surface, box, theme.PANEL, theme.PANEL_BORDER, radius=14, alpha=220)
        counts = [0] * len(CURVE_BUCKETS)
        for card in picks:
            counts[min(card.cost, 7)] += 1
        creatures = sum(1 for card in picks if card.is_creature)
        title = draw_text(surface, _("Your deck's mana curve"), (box.x + 20, box.y + 12), 20, theme.TEXT, bold=True)
        items = len(picks) - creatures
        summary = "  ·  ".join(
            (
                ngettext("{count} card", "{count} cards", len(picks)).format(count=len(picks)),
                ngettext("{count} creature", "{count} creatures", creatures).format(count=creatures),
                ngettext("{count} item", "{count} items", items).format(count=items),
            )
        )
        room = box.right - 20 - title.right - 16  # beside the title; it shrinks only if it would reach it
        draw_text(surface, summary, (box.right - 20, box.y + 14), 18, theme.TEXT_DIM, anchor="topright", width=room)
        top = max(6, max(counts))
        slot = (box.width - 80) / len(counts)
        label = font(18, True).get_height()
        base_y = min(box.bottom - 34, box.bottom - 6 - label)
        highest = max(box.y + 60, title.bottom + label + 2)  # the tallest bar's count stays under the title
        for index, count in enumerate(counts):
            x = box.x + 40 + index * slot
            height = int((base_y - highest) * count / top)
            bar = pygame.Rect(int(x + slot * 0.2), base_y - height, int(slot * 0.6), height)
            if height:
                pygame.draw.rect(surface, theme.MANA, bar, border_radius=6)
                draw_text(surface, str(count), (bar.centerx, bar.y - 4), 18, theme.TEXT, bold=True, anchor="midbottom")
            draw_text(surface, CURVE_BUCKETS[index], (bar.centerx, base_y + 6), 18, theme.TEXT_DIM, anchor="midtop")
