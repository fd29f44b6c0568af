"""The card duel: hand, boards, heroes, drag to play, the AI's paced turns, hot-seat passing.

Rules come only from the engine: the moves on offer are `battle.legal_actions()`, filtered by
the card being dragged; applying one returns events that the animator replays on the view.

Hooks for a host that plays something else than a plain duel (a campaign level: see
scenes/level_duel.py): `apply_action` (what applying an action means), `game_over`, `ai_budget_ms`,
`play_ai_actions`, `open_pause`, `show_result`, and `hud` (drawn in place of the match info).
"""

from __future__ import annotations

import math
import time

import pygame

from game.rules.cards.actions import END_TURN, FACE, Action, Kind
from game.rules.cards.battle import Battle
from game.rules.cards.model import GUARD
from game.rules.events import EventKind
from game.client import theme
from game.client import duel_layout as L
from game.client.anim import AnimationQueue
from game.client.card_render import CARD_RATIO, keyword_letters, render_back, render_card
from game.client.duel_animator import DuelAnimator
from game.client.explain_overlay import draw_explanation
from game.client.match import MatchSetup
from game.client.scene import Scene
from game.client.scenes.draft import seat_label
from game.client.widgets import Button, draw_text, panel, vertical_gradient, wrap_text

ZOOM_WIDTH = 250
AI_PAUSE_MS = 380  # pause before each AI action, so a person can follow it
CLICK_DISTANCE = 10

_BACKGROUND: dict = {}
_BANNERS: dict = {}


def _background() -> pygame.Surface:
    surface = _BACKGROUND.get("duel")
    if surface is None:
        surface = vertical_gradient((theme.WIDTH, theme.HEIGHT), (30, 38, 58), (16, 18, 28))
        felt = pygame.Surface((L.CENTER.width, 388), pygame.SRCALPHA)
        pygame.draw.rect(felt, (40, 70, 62, 150), felt.get_rect(), border_radius=22)
        pygame.draw.rect(felt, (90, 140, 120, 160), felt.get_rect(), 2, border_radius=22)
        surface.blit(felt, (L.CENTER.x, 72))
        pygame.draw.line(surface, (90, 140, 120), (L.CENTER.x + 30, 265), (L.CENTER.right - 30, 265), 2)
        _BACKGROUND["duel"] = surface
    return surface


class DuelScene(Scene):
    name = "duel"

    def __init__(self, app, setup: MatchSetup, battle: Battle, draft_cards, game_id: str, specs: dict):
        super().__init__(app)
        self.setup = setup
        self.battle = battle
        self.view = battle.clone()
        self.draft_cards = list(draft_cards)
        self.game_id = game_id
        self.specs = specs  # seat -> AgentSpec for AI seats
        self.controllers = setup.controllers()
        self.instances = {i.uid: i for side in battle.sides for i in side.deck}
        humans = [seat for seat, who in enumerate(self.controllers) if who == "human"]
        self.hotseat = len(humans) == 2
        self.bottom = humans[0] if humans else 0
        # The seat whose hand is face up at the bottom (None: hidden until the pass screen is clicked).
        self.revealed: int | None = None if self.hotseat else self.bottom
        self.anims = AnimationQueue(app.settings.animation_speed)
        self.animator = DuelAnimator(self)
        self.log: list[tuple[str, tuple]] = []
        self.log_lines: list[tuple[str, tuple]] = []  # the log wrapped to the panel, newest last
        self.drag: dict | None = None
        self.mouse = (0, 0)
        self.overlay = False
        self.explanation: dict | None = None
        self.explained_by = ""
        self.ai_job = None
        self.ai_request_budget = 0.0
        self.ai_turn = -1
        self.ai_spent_ms = 0.0
        self.ai_stats: list[dict] = []  # per decision: budget_ms, ms (worker), wait_ms (client)
        self.result_shown = False
        self.ended = False
        self._version = 0  # bumped by every action applied to the model
        self._legal_key: int | None = None
        self._legal: list[Action] = []
        self.time = 0.0
        self.hud = None  # an object with draw(surface, rect), shown instead of the match info
        self.end_button = Button(L.END_TURN.copy(), "End turn", self.end_turn, primary=True, size=26)
        self.add_log("The duel begins", theme.ACCENT)
        # Card faces are drawn ahead in idle frame time, so a first sight never costs a frame.
        self._prerender = [(instance.card, width) for side in battle.sides for instance in side.deck
                           for width in (L.HAND_CARD, L.BOARD_CARD, ZOOM_WIDTH)]

    # ------------------------------------------------------------------ helpers

    def layout(self) -> L.DuelLayout:
        return L.DuelLayout(self.view, self.bottom)

    def seat_label(self, seat: int) -> str:
        return seat_label(self.setup, seat)

    def face_up(self, seat: int) -> bool:
        return seat == self.bottom and self.revealed == seat

    def visible_hand_seat(self) -> int | None:
        return self.revealed

    def turn_banner_text(self, seat: int) -> str:
        label = self.seat_label(seat)
        return "Your turn" if label == "You" else f"{label}'s turn" if self.hotseat else f"{label}'s turn"

    def add_log(self, text: str, colour=theme.TEXT) -> None:
        for line in wrap_text(text, 14, L.LOG.width - 26):
            self.log_lines.append((line, colour))
        self.log.append((text, colour))
        del self.log[:-60]
        del self.log_lines[:-40]

    def human_to_act(self) -> bool:
        return (not self.game_over() and self.controllers[self.battle.current] == "human"
                and not self.anims.busy and self.revealed == self.battle.current)

    def sync_view(self, snapshot: Battle) -> None:
        self.view = snapshot

    def card_of(self, uid: int, battle: Battle | None = None):
        """The card with instance id `uid` (deck cards, or tokens on a board)."""
        instance = self.instances.get(uid)
        if instance is not None:
            return instance.card
        for source in (battle, self.battle, self.view):
            creature = source.creature(uid) if source is not None else None
            if creature is not None:
                return creature.card
        return None

    def card_name(self, uid: int) -> str:
        card = self.card_of(uid)
        return card.name if card else f"#{uid}"

    def describe(self, action: Action, seat: int) -> str:
        who = self.seat_label(seat)
        if action.kind == Kind.END_TURN:
            return f"{who}: end of turn"
        name = self.card_name(action.card)
        if action.kind == Kind.SUMMON:
            lane = f" (lane {'left' if action.lane == 0 else 'right'})" if self.battle.lanes == 2 else ""
            return f"{who}: summon {name}{lane}"
        target = "the opponent" if action.target == FACE else self.card_name(action.target)
        if action.kind == Kind.ATTACK:
            return f"{who}: {name} attacks {target}"
        return f"{who}: {name} on {target}"

    # ------------------------------------------------------------------ playing

    def game_over(self) -> bool:
        return self.battle.winner is not None

    def apply_action(self, action: Action) -> list:
        """Apply `action` to the model; returns its events."""
        return self.battle.apply(action)

    def ai_budget_ms(self) -> float:
        return float(self.app.think_ms)

    def perform(self, action: Action, pause_ms: float = 0.0) -> None:
        """Apply one action to the model and queue its animations."""
        seat = self.battle.current
        self.add_log(self.describe(action, seat), theme.TEXT if self.controllers[seat] == "human" else (190, 200, 255))
        events = self.apply_action(action)
        self._version += 1
        for event in events:
            if event.kind is EventKind.DEATH:
                self.add_log(f"  {self.card_name(event.card)} dies", theme.TEXT_DIM)
            elif event.kind is EventKind.WIN:
                self.add_log(f"{self.seat_label(event.player)} win{'s' if self.seat_label(event.player) != 'You' else ''}!",
                             theme.ACCENT)
        self.animator.animate(events, self.battle.clone(), pause_ms)
        self.drag = None

    def end_turn(self) -> None:
        if self.human_to_act():
            self.perform(END_TURN)

    def legal_actions(self) -> list[Action]:
        """The engine's legal actions now, asked once per model change (drawing asks often)."""
        if self._legal_key != self._version:
            self._legal_key = self._version
            self._legal = self.battle.legal_actions()
        return self._legal

    def moves_for(self, uid: int, attack: bool) -> dict[tuple, list[Action]]:
        """Legal actions of one card, keyed by what the player drops it on. A summon whose play
        effect needs a chosen target has several actions per lane (one per target)."""
        moves: dict[tuple, list[Action]] = {}
        for action in self.legal_actions():
            if action.card != uid:
                continue
            if attack and action.kind == Kind.ATTACK or not attack and action.kind == Kind.USE:
                moves.setdefault(_target_key(action.target), []).append(action)
            elif not attack and action.kind == Kind.SUMMON:
                moves.setdefault(("lane", action.lane), []).append(action)
        return moves

    def choose_or_perform(self, uid: int, actions: list[Action] | None) -> bool:
        """Play the dropped card: at once, or after the player picks its effect's target."""
        if not actions or not self.human_to_act():
            return False
        if len(actions) == 1:
            self.perform(actions[0])
            return True
        self.drag = {"kind": "choose", "uid": uid, "start": self.mouse, "pos": self.mouse, "sticky": True,
                     "moves": {_target_key(action.target): [action] for action in actions}}
        self.add_log(f"Choose a target for {self.card_name(uid)} (right click cancels)", theme.ACCENT)
        return True

    def target_key_at(self, pos, kind: str = "") -> tuple | None:
        """What a drop at `pos` means: ("creature", uid), ("face",) or, for summons, ("lane", n)."""
        layout = self.layout()
        if kind == "summon":
            me = self.battle.current
            for lane in range(self.view.lanes):
                zone = layout.lane_zone(me, lane).union(layout.lane_zone(1 - me, lane))
                if zone.collidepoint(pos):
                    return ("lane", lane)
            return None
        for uid, rect in layout.all_creature_rects().items():
            if rect.collidepoint(pos):
                return ("creature", uid)
        if layout.hero(layout.top).collidepoint(pos):
            return ("face",)
        return None

    def target_rect(self, key: tuple) -> pygame.Rect | None:
        layout = self.layout()
        if key[0] == "face":
            return layout.hero(layout.top)
        if key[0] == "lane":
            return layout.lane_zone(self.battle.current, key[1])
        return layout.all_creature_rects().get(key[1])

    def card_rect(self, uid: int) -> pygame.Rect | None:
        """Where a card of the current player is drawn (hand or board), for input and tests."""
        layout = self.layout()
        rect = layout.all_creature_rects().get(uid)
        return rect if rect is not None else layout.hand_rect(self.bottom, uid)

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name == "back":
                self.open_pause()
            elif intent.name == "toggle_overlay":
                self.overlay = not self.overlay
            elif intent.name == "end_turn":
                self.end_turn()
            return
        if intent.kind == "move":
            self.mouse = intent.pos
            self.end_button.hovered = self.end_button.rect.collidepoint(intent.pos)
            if self.drag is not None:
                self.drag["pos"] = intent.pos
            return
        if intent.kind == "press":
            self.mouse = intent.pos
            if intent.button == 3:
                self.drag = None
                return
            if self.end_button.rect.collidepoint(intent.pos):
                self.drag = None
                self.end_turn()
                return
            if not self.human_to_act():
                return
            if self.drag is not None and self.drag["sticky"]:
                drag = self.drag
                if self.choose_or_perform(drag["uid"], drag["moves"].get(self.target_key_at(intent.pos, drag["kind"]))):
                    return
                self.drag = None
                if drag["kind"] == "choose":
                    return
            self._start_drag(intent.pos)
            return
        if intent.kind == "release" and intent.button == 1:
            self.mouse = intent.pos
            drag = self.drag
            if drag is None or drag["sticky"]:
                return
            start = drag["start"]
            if math.dist(start, intent.pos) < CLICK_DISTANCE:
                drag["sticky"] = True  # a click selects; the next click picks the target
                return
            if not self.choose_or_perform(drag["uid"], drag["moves"].get(self.target_key_at(intent.pos, drag["kind"]))):
                self.drag = None

    def open_pause(self) -> None:
        from game.client.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, on_quit=self.end_game))

    def _start_drag(self, pos) -> None:
        me = self.battle.current
        layout = self.layout()
        for uid, rect in layout.creature_rects(me).items():
            if rect.collidepoint(pos):
                moves = self.moves_for(uid, attack=True)
                if moves:
                    self.drag = {"kind": "attack", "uid": uid, "start": pos, "pos": pos, "moves": moves,
                                 "sticky": False}
                return
        for instance, rect in reversed(list(zip(self.view.sides[me].hand, layout.hand_rects(me)))):
            if rect.collidepoint(pos):
                moves = self.moves_for(instance.uid, attack=False)
                if moves:
                    kind = "summon" if instance.card.is_creature else "item"
                    self.drag = {"kind": kind, "uid": instance.uid, "start": pos, "pos": pos, "moves": moves,
                                 "sticky": False}
                return

    # ------------------------------------------------------------------ update

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        if self._prerender:
            deadline = time.perf_counter() + 0.003
            while self._prerender and time.perf_counter() < deadline:
                render_card(*self._prerender.pop())
        self.anims.speed = self.app.settings.animation_speed
        self.anims.update(dt_ms)
        if self.anims.busy or self.app.top is not self:  # e.g. an animation step opened a dialogue
            return
        battle = self.battle
        if self.game_over():
            if not self.result_shown:
                self.result_shown = True
                self.show_result()
            return
        seat = battle.current
        if self.controllers[seat] == "ai":
            self._drive_ai(seat)
        elif self.revealed != seat:
            if self.hotseat:
                self._pass_device(seat)
            else:
                self.revealed = seat

    def _pass_device(self, seat: int) -> None:
        from game.client.scenes.pass_device import PassDeviceScene

        self.revealed = None

        def ready():
            self.bottom = seat
            self.revealed = seat
            self.view = self.battle.clone()

        self.app.push(PassDeviceScene(self.app, self.seat_label(seat), ready, "Your hand is hidden until you click"))

    def _drive_ai(self, seat: int) -> None:
        if self.ai_turn != self.battle.turn:
            self.ai_turn = self.battle.turn
            self.ai_spent_ms = 0.0
        if self.ai_job is None:
            think = self.ai_budget_ms()
            budget = max(think - self.ai_spent_ms, min(5.0, think))
            self.ai_request_budget = budget
            observation = self.battle.observation(seat, self.draft_cards)
            self.ai_job = self.app.pool.submit("card_decide", route=0, spec=self.specs[seat], observation=observation,
                                               budget_ms=budget)
            return
        if not self.ai_job.done:
            return
        job, self.ai_job = self.ai_job, None
        if job.error:
            self._ai_failed(seat, job.error)
            return
        result = job.result
        self.ai_spent_ms += result["ms"]
        self.ai_stats.append({"budget_ms": self.ai_request_budget, "ms": result["ms"], "wait_ms": job.age * 1000})
        if result.get("explanation"):
            self.explanation = result["explanation"]
            self.explained_by = self.seat_label(seat)
        self.play_ai_actions(seat, result["actions"])

    def play_ai_actions(self, seat: int, actions) -> None:
        """Play an AI decision, paced. A later action that a random effect made illegal after the
        plan was made ends the decision (the AI is asked again); an illegal first one is a bug."""
        for index, action in enumerate(actions or [END_TURN]):
            if self.game_over() or self.battle.current != seat:
                break
            reason = self.battle.illegal_reason(action)
            if reason is not None:
                if index > 0:
                    break
                from game.client.scenes.error import ErrorScene

                self.app.push(ErrorScene(self.app, "The AI chose an illegal action", f"{action}: {reason}"))
                return
            self.perform(action, pause_ms=AI_PAUSE_MS)

    def _ai_failed(self, seat: int, error: str) -> None:
        """An AI bug must not end the player's game: say so, and let a simpler AI play on."""
        import sys
        from dataclasses import replace

        from game.client.ai_worker import card_agent_names

        spec = self.specs[seat]
        print(f"card AI {spec.name!r} failed:\n{error}", file=sys.stderr)
        fallbacks = [name for name in ("easy", "random") if name in card_agent_names() and name != spec.name]
        if not fallbacks:
            from game.client.scenes.error import ErrorScene

            self.app.push(ErrorScene(self.app, "The AI failed", error))
            return
        first_line = error.strip().splitlines()[0] if error.strip() else "unknown error"
        self.add_log(f"The {spec.name} AI failed ({first_line[:60]}); the {fallbacks[0]} AI plays on", theme.BAD)
        self.specs[seat] = replace(spec, game_id=f"{self.game_id}:fallback", name=fallbacks[0])

    def show_result(self) -> None:
        from game.client.scenes.result import ResultScene

        winner = self.battle.winner
        label = self.seat_label(winner)
        if self.hotseat or self.setup.opponent == "watch":
            headline, good = f"{label} wins!", None
        elif label == "You":
            headline, good = "Victory!", True
        else:
            headline, good = "Defeat", False
        detail = f"after {self.battle.turn} turns  ·  health {self.battle.sides[0].health} - {self.battle.sides[1].health}"
        self.end_game()
        self.app.push(ResultScene(self.app, headline, detail, good, self.rematch))

    def rematch(self) -> None:
        from game.client.match import start_match
        from game.client.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        start_match(self.app, self.setup.again())

    def end_game(self) -> None:
        if not self.ended:
            self.ended = True
            if self.specs:
                self.app.pool.submit("card_end_game", route=0, game_id=self.game_id)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_background(), (0, 0))
        layout = self.layout()
        active = {anim.kind: anim for anim in self.anims.active}
        hidden = {anim.data.get("hide") for anim in self.anims.active if anim.data.get("hide")}
        legal_keys = set(self.drag["moves"]) if self.drag else set()
        self._draw_lanes(surface, layout, legal_keys)
        for seat in (0, 1):
            self._draw_hero(surface, layout, seat, ("face",) in legal_keys and seat == layout.top)
        self._draw_boards(surface, layout, hidden, legal_keys)
        self._draw_hands(surface, layout)
        self._draw_side_panels(surface)
        for anim in self.anims.active:
            self._draw_anim(surface, anim)
        self._draw_drag(surface, layout)
        if not self.overlay:
            self._draw_zoom(surface, layout)
        if "banner" in active:
            self._draw_banner(surface, active["banner"])
        if self.overlay:
            draw_explanation(surface, pygame.Rect(232, 90, 816, 430),
                             f"What {self.explained_by or 'the AI'} considered", self.explanation)

    def _draw_lanes(self, surface, layout, legal_keys) -> None:
        if self.view.lanes == 2:
            for seat in (0, 1):
                zone = layout.board_zone(seat)
                pygame.draw.line(surface, (90, 140, 120), (zone.centerx, zone.y + 8), (zone.centerx, zone.bottom - 8), 2)
            draw_text(surface, "left lane", (L.CENTER.x + 20, 258), 14, (140, 180, 160), anchor="midleft")
            draw_text(surface, "right lane", (L.CENTER.right - 20, 258), 14, (140, 180, 160), anchor="midright")
        for key in legal_keys:
            if key[0] == "lane":
                zone = layout.lane_zone(self.battle.current, key[1]).inflate(-8, -8)
                glow = pygame.Surface(zone.size, pygame.SRCALPHA)
                pulse = 60 + int(40 * math.sin(self.time / 180))
                pygame.draw.rect(glow, (*theme.HIGHLIGHT, pulse), glow.get_rect(), border_radius=16)
                surface.blit(glow, zone)
                pygame.draw.rect(surface, theme.HIGHLIGHT, zone, 3, border_radius=16)

    def _draw_hero(self, surface, layout, seat: int, targeted: bool) -> None:
        side = self.view.sides[seat]
        rect = layout.hero(seat)
        current = self.view.current == seat and self.view.winner is None
        border = theme.TARGET if targeted else theme.ACCENT if current else theme.PANEL_BORDER
        panel(surface, rect, theme.PANEL, border, radius=16, width=4 if (targeted or current) else 2)
        if targeted:
            pulse = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(pulse, (*theme.TARGET, 50 + int(30 * math.sin(self.time / 150))), pulse.get_rect(),
                             border_radius=16)
            surface.blit(pulse, rect)
        label = self.seat_label(seat)
        draw_text(surface, label, (rect.x + 16, rect.y + 12), 22, theme.TEXT, bold=True)
        if self.ai_job is not None and self.controllers[seat] == "ai" and self.battle.current == seat:
            dots = "." * (1 + int(self.time / 300) % 3)
            draw_text(surface, f"thinking{dots}", (rect.right - 14, rect.y + 16), 15, theme.ACCENT, anchor="topright")
        # Health: a big heart-red number.
        pygame.draw.circle(surface, theme.HEALTH, (rect.x + 44, rect.y + 74), 28)
        pygame.draw.circle(surface, (255, 160, 150), (rect.x + 44, rect.y + 74), 28, 3)
        draw_text(surface, str(side.health), (rect.x + 44, rect.y + 74), 30, theme.TEXT, bold=True, anchor="center")
        draw_text(surface, "health", (rect.x + 44, rect.y + 112), 13, theme.TEXT_DIM, anchor="center")
        # Runes 25..5: filled while unbroken.
        for index, value in enumerate(range(25, 0, -5)):
            centre = (rect.x + 96 + index * 21, rect.y + 64)
            alive = value <= side.next_rune
            points = [(centre[0], centre[1] - 9), (centre[0] + 7, centre[1]), (centre[0], centre[1] + 9), (centre[0] - 7, centre[1])]
            pygame.draw.polygon(surface, (200, 160, 255) if alive else (60, 56, 76), points)
            pygame.draw.polygon(surface, (240, 220, 255) if alive else (90, 86, 110), points, 1)
        draw_text(surface, "runes", (rect.x + 138, rect.y + 82), 13, theme.TEXT_DIM, anchor="center")
        # Mana crystals.
        turn_mana = side.max_mana + side.bonus_mana
        draw_text(surface, f"{side.mana}/{turn_mana}", (rect.x + 96, rect.y + 102), 20, theme.MANA, bold=True)
        for index in range(min(turn_mana, 13)):
            x = rect.x + 16 + (index % 7) * 25
            y = rect.y + 134 + (index // 7) * 20
            colour = theme.MANA if index < side.mana else (50, 62, 90)
            pygame.draw.polygon(surface, colour, [(x + 8, y), (x + 16, y + 8), (x + 8, y + 16), (x, y + 8)])
        draw_text(surface, f"deck {side.deck_size}", (rect.x + 16, rect.bottom - 26), 16, theme.TEXT_DIM)
        draw_text(surface, f"hand {len(side.hand)}", (rect.right - 16, rect.bottom - 26), 16, theme.TEXT_DIM,
                  anchor="topright")

    def _draw_boards(self, surface, layout, hidden, legal_keys) -> None:
        dying = {anim.data["uid"]: anim for anim in self.anims.active if anim.kind == "death"}
        lunges = {anim.data["uid"]: anim for anim in self.anims.active if anim.kind == "lunge" and "to" in anim.data}
        glows = {anim.data["uid"] for anim in self.anims.active if anim.kind == "glow" and "at" not in anim.data}
        my_turn = self.human_to_act()
        rects = layout.all_creature_rects()
        attackers = {a.card for a in self.legal_actions() if a.kind == Kind.ATTACK} if my_turn else set()
        for seat in (0, 1):
            for creature in self.view.sides[seat].board:
                rect = rects.get(creature.uid)
                if rect is None or creature.uid in hidden:
                    continue
                image = render_card(creature.card, L.BOARD_CARD, creature.attack, creature.defense, creature.keywords)
                draw_rect = rect
                if creature.uid in lunges:
                    anim = lunges[creature.uid]
                    reach = math.sin(math.pi * anim.t) * 0.75
                    target = anim.data["to"].center
                    dx, dy = (target[0] - rect.centerx) * reach, (target[1] - rect.centery) * reach
                    draw_rect = rect.move(int(dx), int(dy))
                if creature.uid in dying:
                    anim = dying[creature.uid]
                    scale = max(0.05, 1.0 - anim.eased)
                    image = pygame.transform.rotozoom(image, anim.t * 25, scale)
                    image.set_alpha(int(255 * (1 - anim.t)))
                    draw_rect = image.get_rect(center=rect.center)
                if creature.keywords & GUARD:
                    pygame.draw.rect(surface, (170, 186, 210), draw_rect.inflate(10, 10), 4, border_radius=14)
                if creature.uid in attackers:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, draw_rect.inflate(6, 6), 3, border_radius=12)
                if ("creature", creature.uid) in legal_keys:
                    pulse = 3 + int(2 * math.sin(self.time / 120))
                    pygame.draw.rect(surface, theme.TARGET, draw_rect.inflate(12, 12), pulse + 2, border_radius=14)
                if creature.uid in glows:
                    pygame.draw.rect(surface, (255, 255, 200), draw_rect.inflate(8, 8), 4, border_radius=14)
                if self.drag and self.drag["uid"] == creature.uid:
                    pygame.draw.rect(surface, theme.ACCENT, draw_rect.inflate(8, 8), 4, border_radius=14)
                surface.blit(image, draw_rect)
                if seat == self.view.current and not creature.can_attack and self.view.winner is None:
                    draw_text(surface, "zz", (draw_rect.right - 8, draw_rect.y + 30), 14, theme.TEXT_DIM, anchor="topright")

    def _draw_hands(self, surface, layout) -> None:
        my_turn = self.human_to_act()
        legal_cards = {a.card for a in self.legal_actions() if a.kind in (Kind.SUMMON, Kind.USE)} if my_turn else set()
        for seat in (0, 1):
            side = self.view.sides[seat]
            rects = layout.hand_rects(seat)
            face = self.face_up(seat)
            hover_uid = self._hover_hand_uid(layout) if face else None
            hovered = None
            for instance, rect in zip(side.hand, rects):
                if self.drag and self.drag["uid"] == instance.uid and not self.drag["sticky"] and self.drag["kind"] != "attack":
                    continue
                if not face or instance.card is None:
                    surface.blit(render_back(rect.width), rect)
                    continue
                if instance.uid == hover_uid:
                    hovered = (instance, rect.move(0, -16))
                    continue
                self._draw_hand_card(surface, instance, rect, legal_cards)
            if hovered is not None:  # on top of its neighbours
                self._draw_hand_card(surface, hovered[0], hovered[1], legal_cards)
            if not face and seat == layout.bottom and side.hand:
                draw_text(surface, "hand hidden", (L.CENTER.centerx, L.HAND_Y + 80), 22, theme.TEXT, bold=True,
                          anchor="center", shadow=True)

    def _draw_hand_card(self, surface, instance, rect, legal_cards) -> None:
        if instance.uid in legal_cards:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=12)
        if self.drag and self.drag["uid"] == instance.uid:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 4, border_radius=14)
        surface.blit(render_card(instance.card, L.HAND_CARD), rect)

    def _hover_hand_uid(self, layout) -> int | None:
        if self.drag and not self.drag["sticky"]:
            return None
        seat = layout.bottom
        for instance, rect in reversed(list(zip(self.view.sides[seat].hand, layout.hand_rects(seat)))):
            if rect.collidepoint(self.mouse):
                return instance.uid
        return None

    def _draw_match_info(self, surface) -> None:
        box = pygame.Rect(16, 236, 200, 248)
        panel(surface, box, theme.BACKGROUND_2, theme.PANEL_BORDER, radius=14)
        if self.hud is not None:
            self.hud.draw(surface, box)
            return
        draw_text(surface, f"Turn {max(1, (self.view.turn + 1) // 2)}", (box.x + 16, box.y + 14), 24, theme.ACCENT, bold=True)
        lines = ["One lane" if self.view.lanes == 1 else "Two lanes"]
        for seat in (0, 1):
            who = self.controllers[seat]
            name = self.specs[seat].name if seat in self.specs else "human"
            lines.append(f"{self.seat_label(seat)}: {'AI ' + name if who == 'ai' else name}")
        lines += ["", "Drag a card to the board", "Drag a creature to attack", "Hover a card to read it",
                  "E / Space: end turn", "Esc: menu"]
        y = box.y + 50
        for line in lines:
            if line:
                draw_text(surface, line, (box.x + 16, y), 14, theme.TEXT_DIM)
            y += 20

    def _draw_side_panels(self, surface) -> None:
        self._draw_match_info(surface)
        panel(surface, L.LOG, theme.PANEL, theme.PANEL_BORDER, radius=14)
        draw_text(surface, "Action log", (L.LOG.x + 14, L.LOG.y + 10), 18, theme.ACCENT, bold=True)
        y = L.LOG.y + 38
        for text, colour in self.log_lines[-21:]:
            draw_text(surface, text, (L.LOG.x + 14, y), 14, colour)
            y += 18
        panel(surface, L.STATUS, theme.PANEL, theme.PANEL_BORDER, radius=14)
        seat = self.battle.current
        if self.game_over():
            status, detail = "Game over", ""
        elif self.controllers[seat] == "ai":
            status = f"{self.seat_label(seat)} is thinking" if self.ai_job is not None else f"{self.seat_label(seat)} plays"
            detail = ""
            if self.ai_job is not None:
                elapsed = self.ai_job.age * 1000
                bar = pygame.Rect(L.STATUS.x + 14, L.STATUS.y + 70, L.STATUS.width - 28, 10)
                pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=5)
                fill = bar.copy()
                fill.width = int(bar.width * min(1.0, elapsed / max(1.0, self.ai_request_budget)))
                pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=5)
                detail = f"{elapsed / 1000:.1f} s"
                for i in range(8):
                    angle = self.time / 140 + i * math.tau / 8
                    centre = (L.STATUS.right - 30 + math.cos(angle) * 12, L.STATUS.y + 26 + math.sin(angle) * 12)
                    pygame.draw.circle(surface, (*theme.ACCENT[:3],), centre, 2 + (i == 7) * 2)
        else:
            status = "Your move" if self.seat_label(seat) == "You" else f"{self.seat_label(seat)} to move"
            detail = "drag a card · E: end turn"
        draw_text(surface, status, (L.STATUS.x + 14, L.STATUS.y + 14), 17, theme.TEXT, bold=True)
        if detail:
            draw_text(surface, detail, (L.STATUS.x + 14, L.STATUS.y + 40), 15, theme.TEXT_DIM)
        draw_text(surface, "Tab: AI's reasoning" if self.specs else "Esc: menu", (L.STATUS.x + 14, L.STATUS.bottom - 26), 14,
                  theme.TEXT_DIM)
        self.end_button.enabled = self.human_to_act()
        self.end_button.draw(surface)

    def _draw_anim(self, surface, anim) -> None:
        if anim.kind == "fly" and "from" in anim.data:
            start, end = anim.data["from"], anim.data["to"]
            t = anim.eased
            x = start.x + (end.x - start.x) * t
            y = start.y + (end.y - start.y) * t
            width = int(start.width + (end.width - start.width) * t)
            if anim.data.get("shrink"):
                width = int(L.HAND_CARD * (1 - 0.5 * t))
            card = anim.data.get("card") or self.card_of(anim.data.get("uid", 0))
            if card is None:
                return
            # One cached face at a fixed size, scaled per frame (a face per width would be
            # drawn anew every frame and churn the cache).
            base = max(start.width, end.width, L.BACK_CARD)
            image = render_card(card, base) if anim.data.get("face") else render_back(base)
            width = max(20, width)
            image = pygame.transform.smoothscale(image, (width, int(width * CARD_RATIO)))
            surface.blit(image, (int(x), int(y)))
        elif anim.kind == "glow" and anim.data.get("at") is not None:
            rect = anim.data["at"].inflate(10, 10)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (255, 240, 160, int(160 * (1 - anim.t))), glow.get_rect(), 6, border_radius=14)
            surface.blit(glow, rect)
        elif anim.kind == "float" and anim.data.get("at") is not None:
            rect = anim.data["at"]
            rise = 40 * anim.eased
            size = 40 if anim.data.get("big") else 30
            draw_text(surface, anim.data["text"], (rect.centerx, rect.centery - rise), size, anim.data["colour"],
                      bold=True, anchor="center", shadow=True)

    def _draw_banner(self, surface, anim) -> None:
        t = anim.t
        alpha = int(255 * min(1.0, t * 4, (1 - t) * 4))
        text = anim.data["text"]
        image = _BANNERS.get(text)
        if image is None:
            image = pygame.Surface((L.CENTER.width, 90), pygame.SRCALPHA)
            image.fill((10, 12, 20, 190))
            draw_text(image, text, (L.CENTER.width // 2, 45), 54, theme.ACCENT, bold=True, anchor="center", shadow=True)
            _BANNERS[text] = image
        image.set_alpha(alpha)
        surface.blit(image, (L.CENTER.x, 222))

    def _draw_drag(self, surface, layout) -> None:
        drag = self.drag
        if drag is None:
            return
        pos = drag["pos"] if not drag["sticky"] else self.mouse
        if drag["kind"] == "attack" or drag["sticky"]:
            source = self.card_rect(drag["uid"])
            if source is None:
                return
            start = source.center
            _arrow(surface, start, pos, theme.TARGET if drag["kind"] != "summon" else theme.HIGHLIGHT)
        else:
            card = self.card_of(drag["uid"])
            image = render_card(card, L.HAND_CARD)
            surface.blit(image, image.get_rect(center=pos))
            if drag["kind"] == "item":
                _arrow(surface, (pos[0], pos[1] - 80), pos, theme.TARGET)

    def _draw_zoom(self, surface, layout) -> None:
        if self.drag and not self.drag["sticky"]:
            return
        card = stats = None
        anchor = None
        hand_uid = self._hover_hand_uid(layout) if self.face_up(layout.bottom) else None
        if hand_uid is not None:
            card = self.card_of(hand_uid)
            rect = layout.hand_rect(layout.bottom, hand_uid)
            anchor = ("hand", rect)
        else:
            for uid, rect in layout.all_creature_rects().items():
                if rect.collidepoint(self.mouse):
                    creature = self.view.creature(uid)
                    if creature is not None:
                        card = creature.card
                        stats = (creature.attack, creature.defense, creature.keywords)
                        anchor = ("board", rect)
                    break
        if card is None:
            return
        image = render_card(card, ZOOM_WIDTH, *(stats or ()))
        height = int(ZOOM_WIDTH * CARD_RATIO)
        kind, rect = anchor
        if kind == "hand":
            zoom = pygame.Rect(0, 0, ZOOM_WIDTH, height)
            zoom.midbottom = (rect.centerx, rect.y - 6)
        else:
            zoom = pygame.Rect(0, 0, ZOOM_WIDTH, height)
            zoom.midleft = (rect.right + 14, rect.centery)
            if zoom.right > L.CENTER.right + 200:
                zoom.midright = (rect.x - 14, rect.centery)
        zoom.clamp_ip(pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT))
        shadow = pygame.Surface((ZOOM_WIDTH + 12, height + 12), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=22)
        surface.blit(shadow, zoom.move(-2, 4))
        surface.blit(image, zoom)
        letters = keyword_letters(stats[2] if stats else card.keywords)
        if letters:
            lines = []
            for letter in letters:
                lines += wrap_text(theme.KEYWORD_HELP[letter], 15, 230)
            tip = pygame.Rect(0, 0, 250, 16 + 20 * len(lines))
            tip.topleft = (zoom.right + 8, zoom.y)
            if tip.right > theme.WIDTH:
                tip.topright = (zoom.x - 8, zoom.y)
            panel(surface, tip, (16, 20, 30), theme.ACCENT, radius=10, alpha=240)
            y = tip.y + 8
            for line in lines:
                draw_text(surface, line, (tip.x + 10, y), 15, theme.TEXT)
                y += 20


def _target_key(target: int) -> tuple:
    return ("face",) if target == FACE else ("creature", target)


def _arrow(surface, start, end, colour) -> None:
    pygame.draw.line(surface, (0, 0, 0), (start[0] + 2, start[1] + 2), (end[0] + 2, end[1] + 2), 7)
    pygame.draw.line(surface, colour, start, end, 5)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [end,
            (end[0] - 22 * math.cos(angle - 0.45), end[1] - 22 * math.sin(angle - 0.45)),
            (end[0] - 22 * math.cos(angle + 0.45), end[1] - 22 * math.sin(angle + 0.45))]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.circle(surface, colour, start, 8)
