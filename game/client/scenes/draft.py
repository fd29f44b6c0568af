"""The draft: pick 1 of 3 cards, 30 times, with the deck's mana curve shown.

The AI drafts the same offers secretly in its worker (one request per pick); "auto" decks are
drafted for a player by the strongest card AI. Hot-seat: player 1 makes all 30 picks, then the
device is passed and player 2 makes theirs (both see the same offers; picks stay secret).
"""

from __future__ import annotations

import random

import pygame

from game.rules.cards.battle import Battle
from game.rules.cards.draft import Draft
from game.client import theme
from game.client.ai_worker import AgentSpec, card_agent_names
from game.client.card_render import CARD_RATIO, render_card
from game.client.match import MatchSetup, new_game_id
from game.client.scene import Scene
from game.client.widgets import backdrop, draw_text, panel

OFFER_WIDTH = 230
CURVE_BUCKETS = ["0", "1", "2", "3", "4", "5", "6", "7+"]


def seat_label(setup: MatchSetup, seat: int) -> str:
    if setup.opponent == "hotseat":
        return f"Player {seat + 1}"
    if setup.opponent == "watch":
        return f"AI {seat + 1}"
    return "You" if setup.controllers()[seat] == "human" else "Opponent"


class DraftScene(Scene):
    name = "draft"

    def __init__(self, app, setup: MatchSetup, pool):
        super().__init__(app)
        self.setup = setup
        self.rng = random.Random(setup.seed)
        self.draft = Draft(pool, self.rng)
        self.game_id = new_game_id()
        controllers = setup.controllers()
        names = card_agent_names()
        strongest = names[-1]
        self.specs: dict[int, AgentSpec] = {}  # seats the worker plays in the battle
        self.drafters: dict[int, AgentSpec] = {}  # seats whose picks the worker makes
        for seat, who in enumerate(controllers):
            seed = self.rng.randrange(1 << 30)
            if who == "ai":
                spec = AgentSpec(self.game_id, seat, setup.difficulty, seed, setup.lanes)
                self.specs[seat] = self.drafters[seat] = spec
            elif setup.draft == "auto":
                self.drafters[seat] = AgentSpec(self.game_id, seat, strongest, seed, setup.lanes)
        self.human_seats = [seat for seat, who in enumerate(controllers) if who == "human" and seat not in self.drafters]
        self.jobs: dict[int, object] = {}
        self.picker: int | None = None  # the human seat picking now (None while waiting)
        self.focus = 0
        self.hover: int | None = None
        self.finished = False
        self.time = 0.0
        for spec in self.drafters.values():
            self.app.pool.submit("card_new_game", route=0, spec=spec)

    def on_enter(self) -> None:
        if self.human_seats:
            self._next_picker()

    # ------------------------------------------------------------------ flow

    def _next_picker(self) -> None:
        remaining = [seat for seat in self.human_seats if len(self.draft.picks[seat]) < len(self.draft.offers)]
        if not remaining:
            self.picker = None
            return
        seat = remaining[0]
        if self.setup.opponent == "hotseat":
            from game.client.scenes.pass_device import PassDeviceScene

            self.picker = None
            label = seat_label(self.setup, seat)

            def ready(seat=seat):
                self.picker = seat

            self.app.push(PassDeviceScene(self.app, label, ready, "Draft your deck: 30 picks, the other player cannot see them"))
        else:
            self.picker = seat

    def on_exit(self) -> None:
        if not self.finished and self.drafters:  # left mid-draft: free the worker's agents
            self.app.pool.submit("card_end_game", route=0, game_id=self.game_id)

    def offer_rects(self) -> list[pygame.Rect]:
        height = int(OFFER_WIDTH * CARD_RATIO)
        total = 3 * OFFER_WIDTH + 2 * 50
        left = (theme.WIDTH - total) // 2
        return [pygame.Rect(left + i * (OFFER_WIDTH + 50), 120, OFFER_WIDTH, height) for i in range(3)]

    def pick(self, index: int) -> None:
        if self.picker is None:
            return
        seat = self.picker
        self.draft.choose(seat, index)
        self.app.play_sound("play")
        if len(self.draft.picks[seat]) >= len(self.draft.offers):
            self._next_picker()

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        for seat, spec in self.drafters.items():
            job = self.jobs.get(seat)
            picks = self.draft.picks[seat]
            if job is not None and job.done:
                del self.jobs[seat]
                if job.error:
                    from game.client.scenes.error import ErrorScene

                    self.app.replace(ErrorScene(self.app, "The AI could not draft", job.error))
                    return
                self.draft.choose(seat, int(job.result))
            elif job is None and len(picks) < len(self.draft.offers):
                pick = len(picks)
                self.jobs[seat] = self.app.pool.submit("card_draft", route=0, spec=spec, offer=self.draft.offers[pick],
                                                       picked=list(picks), pick=pick)
        if not self.finished and self.draft.is_complete and not self.jobs:
            self.finished = True
            decks = self.draft.decks(self.rng)
            battle = Battle.from_decks(decks, self.setup.lanes)
            from game.client.scenes.duel import DuelScene

            self.app.replace(DuelScene(self.app, self.setup, battle, self.draft.cards, self.game_id, self.specs))

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name == "back":
                from game.client.scenes.pause import PauseScene

                self.app.push(PauseScene(self.app))
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
            draw_text(surface, "Drafting…", (theme.WIDTH // 2, 300), 48, theme.ACCENT, bold=True, anchor="center")
            bar = pygame.Rect(theme.WIDTH // 2 - 250, 370, 500, 22)
            panel(surface, bar, theme.PANEL, theme.PANEL_BORDER, radius=10)
            fill = bar.copy()
            fill.width = int(bar.width * done / total)
            if fill.width:
                pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=10)
            draw_text(surface, "Decks are drawn from the same offers; the AI's picks stay secret",
                      (theme.WIDTH // 2, 420), 18, theme.TEXT_DIM, anchor="center")
            return
        pick = len(self.draft.picks[seat])
        offer = self.draft.offers[min(pick, len(self.draft.offers) - 1)]
        title = f"{seat_label(self.setup, seat)}: pick {pick + 1} of {len(self.draft.offers)}"
        if seat_label(self.setup, seat) == "You":
            title = f"Pick {pick + 1} of {len(self.draft.offers)}"
        draw_text(surface, title, (theme.WIDTH // 2, 50), 40, theme.ACCENT, bold=True, anchor="center", shadow=True)
        draw_text(surface, "Click a card (or Left/Right + Enter) to add it to your deck", (theme.WIDTH // 2, 92), 18,
                  theme.TEXT_DIM, anchor="center")
        for index, (card, rect) in enumerate(zip(offer, self.offer_rects())):
            lifted = rect.move(0, -10) if index == self.focus else rect
            if index == self.focus:
                glow = lifted.inflate(14, 14)
                pygame.draw.rect(surface, theme.ACCENT, glow, 4, border_radius=22)
            surface.blit(render_card(card, OFFER_WIDTH), lifted)
        self._draw_curve(surface, self.draft.picks[seat])
        ai_seats = [s for s in self.drafters if s != seat]
        if ai_seats and self.setup.opponent != "hotseat":
            other = ai_seats[0]
            draw_text(surface, f"Opponent drafting secretly: {len(self.draft.picks[other])}/{len(self.draft.offers)}",
                      (theme.WIDTH - 30, 30), 16, theme.TEXT_DIM, anchor="topright")

    def _draw_curve(self, surface: pygame.Surface, picks) -> None:
        box = pygame.Rect(240, 478, 800, 222)
        panel(surface, box, theme.PANEL, theme.PANEL_BORDER, radius=14, alpha=220)
        counts = [0] * len(CURVE_BUCKETS)
        for card in picks:
            counts[min(card.cost, 7)] += 1
        creatures = sum(1 for card in picks if card.is_creature)
        draw_text(surface, "Your deck's mana curve", (box.x + 20, box.y + 12), 20, theme.TEXT, bold=True)
        draw_text(surface, f"{len(picks)} cards  ·  {creatures} creatures  ·  {len(picks) - creatures} items",
                  (box.right - 20, box.y + 14), 18, theme.TEXT_DIM, anchor="topright")
        top = max(6, max(counts))
        slot = (box.width - 80) / len(counts)
        base_y = box.bottom - 34
        for index, count in enumerate(counts):
            x = box.x + 40 + index * slot
            height = int((base_y - box.y - 60) * count / top)
            bar = pygame.Rect(int(x + slot * 0.2), base_y - height, int(slot * 0.6), height)
            if height:
                pygame.draw.rect(surface, theme.MANA, bar, border_radius=6)
                draw_text(surface, str(count), (bar.centerx, bar.y - 4), 18, theme.TEXT, bold=True, anchor="midbottom")
            draw_text(surface, CURVE_BUCKETS[index], (bar.centerx, base_y + 6), 18, theme.TEXT_DIM, anchor="midtop")
