"""The card duel's scene: the flow of a match (whose turn, the AI's paced decisions, hot-seat
passing, the end) and the player's input (drag or click a card onto its target).

Rules come only from the match: the moves on offer are `match.legal_actions()`, filtered by the
card being dragged; applying one returns typed events that the animator (duel_animator.py)
replays on the view. The scene plays any match, a quick one or a campaign level
(game/client/match.py, level_match.py); drawing is in duel_view.py, the AI requests in
ai_driver.py.
"""

from __future__ import annotations

import math
import time

import pygame

from game.client.cards import duel_layout, duel_words
from game.client.ai_driver import AIDriver
from game.client.anim import AnimationQueue
from game.client.cards.card_render import render_card
from game.client.cards.card_words import card_name
from game.client.cards.duel_words import Said
from game.client.cards.duel_animator import DuelAnimator
from game.client.cards.board_slots import BoardSlots
from game.client.cards.duel_drag import Drag, DragKind, targets_nothing
from game.client.cards.duel_keys import KeyFocus
from game.client.cards.duel_view import ZOOM_WIDTH, DuelView
from game.client.cards.view_model import DuelStage, DuelViewModel
from game.client.level_match import MatchHost
from game.client.scene import Scene
from game.client.settings import AI_PACES
from game.client.widgets import Button
from game.rules.cards.actions import END_TURN, FACE, Action, Kind
from game.rules.cards.battle import Battle
from game.rules.cards.decisions import DecisionSteps
from game.rules.cards.state import IllegalAction
from game.rules.events import EventKind
from game.rules.game_api import Explanation
from game import i18n
from game.i18n import N_, _

CLICK_DISTANCE = 10
HITSTOP_MS = 90  # the frame holds this long when a big hit lands
SLOW_MOTION_MS = 1100  # the finishing blow plays in slow motion this long...
SLOW_MOTION = 0.3  # ...at this speed


class Effect:
    """A short visual that never holds up play (a dust ring, sparks, a flash): drawn by the view."""

    __slots__ = ("kind", "rect", "power", "age", "duration")

    def __init__(self, kind: str, rect, power: float, duration: float):
        self.kind, self.rect, self.power, self.age, self.duration = kind, rect, power, 0.0, duration


class DuelScene(Scene):
    name = "duel"
    music = "duel"

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match  # a CardMatch: a quick match or a campaign level (LevelCardMatch)
        self.level_run = match.level_run
        self.battle = match.battle
        self.view = self.battle.clone()
        self.controllers = match.controllers
        self.instances = {i.uid: i for side in self.battle.sides for i in side.deck}
        self.seen: dict = {}  # uid -> card of the tokens seen on a board
        humans = [seat for seat, who in enumerate(self.controllers) if who == "human"]
        self.hotseat = len(humans) == 2
        self.bottom = humans[0] if humans else 0
        # The seat whose hand is face up at the bottom (None: hidden until the pass screen is clicked).
        self.revealed: int | None = None if self.hotseat else self.bottom
        self.anims = AnimationQueue(app.settings.animation_speed)
        self.slots = BoardSlots()  # where each creature stands on the mat, kept between frames
        self.keys = KeyFocus(self)  # the keyboard's focus: a card, then its target
        self.animator = DuelAnimator(
            DuelStage(
                anims=self.anims,
                shown=lambda: self.view,
                layout=self.layout,
                instances=self.instances,
                card_of=self.card_of,
                face_up=self.face_up,
                turn_banner_text=self.turn_banner_text,
                seat_label=self.seat_label,
                listener=lambda: None if self.hotseat else self.bottom,
                skipping=lambda: self.skipping,
                play_sound=lambda name: app.play_sound(name),
                set_tension=lambda tense: app.sounds.set_tension(tense),
                impact=self.impact,
                finishing_blow=self.finishing_blow,
                sync_view=self.sync_view,
            )
        )
        self.renderer = DuelView()
        self.ai = AIDriver()
        self.log: list[tuple[str, str | tuple]] = []
        self.drag: Drag | None = None
        self.mouse = (0, 0)
        self.overlay = False
        self.explanation: Explanation | None = None
        self.explained_by = ""
        self.result_shown = False
        self.ended = False
        self._version = 0  # bumped by every action applied to the model
        self._legal_key: int | None = None
        self._legal: list[Action] = []
        self.time = 0.0
        self.fx: list[Effect] = []
        self.shake = 0.0  # ms of screen shake left
        self.shake_power = 0.0
        self.hitstop = 0.0  # ms the animations stay frozen
        self.slow_motion = 0.0  # ms of slow motion left
        self.hurt = [0.0, 0.0]  # ms of red flash left on each portrait
        self.skipping = False  # fast-forwarding the AI's actions: no sounds or effects
        # Relabelled in the player's language where it is drawn (duel_panels.py).
        self.end_button = Button(duel_layout.END_TURN.copy(), N_("End turn"), self.end_turn, primary=True, size=26)
        # What the match may do to this screen (push screens, queue steps, log): not the scene itself.
        self.host = MatchHost(app, self.anims, end_game=self.end_game, add_log=self.add_log)
        for index, line in enumerate(match.opening_log()):
            self.add_log(Said(lambda line=line: _(line)), "ACCENT" if index == 0 else "TEXT_DIM")
        # Card faces are drawn ahead in idle frame time, so a first sight never costs a frame.
        seats = (0, 1)
        self.renderer.warm(self.view.lanes, [self.seat_portrait(s) for s in seats], [self.seat_label(s) for s in seats])
        self._prerender = [
            (instance.card, width)
            for side in self.battle.sides
            for instance in side.deck
            for width in (
                duel_layout.HAND_CARD,
                duel_layout.hand_card_width(7),
                duel_layout.hand_card_width(8),
                duel_layout.BOARD_CARD,
                ZOOM_WIDTH,
            )
        ]

    @property
    def ai_stats(self) -> list[dict]:
        return self.ai.stats

    def on_exit(self) -> None:
        self.end_game()  # an AI opponent's agent in the worker is let go

    # ------------------------------------------------------------------ helpers

    def layout(self) -> duel_layout.DuelLayout:
        return duel_layout.DuelLayout(self.view, self.bottom, self.slots)

    def seat_label(self, seat: int) -> str:
        return self.match.seat_label(seat)

    def seat_portrait(self, seat: int) -> str:
        return self.match.seat_portrait(seat, self.app)

    def say_plan_step(self, text: str) -> str:
        """An AI plan's action ("ATTACK 12 -1", protocol text) in words, with card names."""
        return duel_words.say_plan_step(self, text)

    def describe(self, action: Action, seat: int) -> str:
        """One log line, as a player says it: "You summon Mirror Smith", "Mirror Smith attacks you"."""
        return duel_words.describe(self, action, seat)

    def hint(self) -> str:
        """What the player is asked to do now (never logged)."""
        return duel_words.hint(self)

    def face_up(self, seat: int) -> bool:
        return seat == self.bottom and self.revealed == seat

    def visible_hand_seat(self) -> int | None:
        return self.revealed

    def turn_banner_text(self, seat: int) -> str:
        label = self.seat_label(seat)
        return _("Your turn") if duel_words.is_you(label) else _("{player}'s turn").format(player=label)

    def add_log(self, text: str, colour: str | tuple = "TEXT") -> None:
        """A log line; `colour` is a theme colour's name (looked up when drawn, so a palette chosen
        mid-game recolours the log) or a colour."""
        self.log.append((text, colour))  # wrapped to the panel when drawn, at the text size then
        del self.log[:-60]

    def human_to_act(self) -> bool:
        return (
            not self.match.over
            and self.controllers[self.battle.current] == "human"
            and not self.anims.busy
            and self.revealed == self.battle.current
        )

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
                self.seen[uid] = creature.card  # a token: the log names it again after it died
                return creature.card
        return self.seen.get(uid)

    def card_name(self, uid: int) -> str:
        card = self.card_of(uid)
        return card_name(card.name) if card else f"#{uid}"

    # ------------------------------------------------------------------ playing

    def perform(self, action: Action, pause_ms: float = 0.0) -> None:
        """Apply one action to the model and queue its animations."""
        seat = self.battle.current
        for side in self.battle.sides:  # the log's lines are worded again when drawn: keep the names
            for creature in side.board:
                self.card_of(creature.uid)
        self.add_log(
            Said(lambda: self.describe(action, seat)), "TEXT" if self.controllers[seat] == "human" else (190, 200, 255)
        )
        events = self.match.apply(action)
        self._version += 1
        for event in events:
            if event.kind is EventKind.DEATH:
                self.add_log(Said(lambda uid=event.card: duel_words.dies(self.card_name(uid))), "TEXT_DIM")
            elif event.kind is EventKind.WIN:
                label = self.seat_label(event.player)
                self.add_log(Said(lambda label=label: duel_words.wins(label)), "ACCENT")
        self.animator.animate(events, self.battle.clone(), pause_ms)
        self.drag = None
        self.match.after_action(self.host)

    def end_turn(self) -> None:
        if self.human_to_act():
            self.perform(END_TURN)

    def legal_actions(self) -> list[Action]:
        """The engine's legal actions now, asked once per model change (drawing asks often)."""
        if self._legal_key != self._version:
            self._legal_key = self._version
            self._legal = self.match.legal_actions()
        return self._legal

    def moves_for(self, uid: int, attack: bool) -> dict[tuple, list[Action]]:
        """Legal actions of one card, keyed by what the player drops it on. A summon whose play
        effect needs a chosen target has several actions per lane (one per target); an item that
        targets nothing has one, ("table",): dropped anywhere, it is used on the opponent (the
        rules want a target; every one plays the same)."""
        moves: dict[tuple, list[Action]] = {}
        if not attack and targets_nothing(self.card_of(uid)):
            use = [a for a in self.legal_actions() if a.card == uid and a.kind == Kind.USE and a.target == FACE]
            return {("table",): use} if use else {}
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
        self.drag = Drag(
            DragKind.CHOOSE,
            uid,
            self.mouse,
            self.mouse,
            sticky=True,
            moves={_target_key(action.target): [action] for action in actions},
        )
        self.keys.aim_first()
        return True

    def target_key_at(self, pos, kind: DragKind | None = None) -> tuple | None:
        """What a drop at `pos` means: ("creature", uid), ("face",) or, for summons, ("lane", n)."""
        layout = self.layout()
        if kind is DragKind.CAST:
            table = pygame.Rect(duel_layout.CENTER.x, 0, duel_layout.CENTER.width, duel_layout.HAND_Y)
            on_hero = layout.hero(0).collidepoint(pos) or layout.hero(1).collidepoint(pos)
            return ("table",) if table.collidepoint(pos) or on_hero else None
        if kind is DragKind.SUMMON:
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
        if key[0] == "table":
            return duel_layout.BOARD_TOP.union(duel_layout.BOARD_BOTTOM)
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

    def ai_acting(self) -> bool:
        """The AI's actions are being shown (a click or a key fast-forwards them)."""
        return self.anims.busy and self.controllers[self.view.current] == "ai" and not self.match.over

    def fast_forward(self) -> None:
        """Show the rest of the AI's queued actions at once (up to a story line, which waits)."""
        self.skipping = True
        try:
            self.anims.fast_forward()
        finally:
            self.skipping = False
        self.shake = self.hitstop = self.slow_motion = 0.0

    def handle(self, intent) -> None:
        if self.ai_acting() and (
            intent.kind == "press" or intent.kind == "action" and intent.name not in ("back", "toggle_overlay")
        ):
            self.fast_forward()
            return
        if intent.kind == "action":
            if self.keys.handle(intent.name):
                return
            if intent.name == "back":
                self.match.open_pause(self.host)
            elif intent.name == "toggle_overlay":
                self.overlay = not self.overlay
            elif intent.name == "end_turn":
                self.drag = None
                self.end_turn()
            return
        if intent.kind == "move":
            self.mouse = intent.pos
            self.end_button.hovered = self.end_button.rect.collidepoint(intent.pos)
            if self.drag is not None:
                self.drag.pos = intent.pos
            return
        if intent.kind == "press":
            self.mouse = intent.pos
            self.keys.mouse_used()
            if intent.button == 3:
                self.drag = None
                return
            if self.end_button.rect.collidepoint(intent.pos):
                self.drag = None
                self.end_turn()
                return
            if not self.human_to_act():
                return
            if self.drag is not None and self.drag.sticky:
                drag = self.drag
                if self.drop(drag, intent.pos):
                    return
                self.drag = None
                if drag.kind is DragKind.CHOOSE:
                    return
            self._start_drag(intent.pos)
            return
        if intent.kind == "release" and intent.button == 1:
            self.mouse = intent.pos
            drag = self.drag
            if drag is None or drag.sticky:
                return
            if math.dist(drag.start, intent.pos) < CLICK_DISTANCE:
                drag.sticky = True  # a click selects; the next click picks the target
                return
            if not self.drop(drag, intent.pos):
                self.drag = None

    def drop(self, drag: Drag, pos) -> bool:
        """The dragged (or clicked) card let go at `pos`: play it if that is one of its targets. A
        summon stands in the slot of its lane nearest to the drop."""
        key = self.target_key_at(pos, drag.kind)
        if drag.kind is DragKind.SUMMON and key is not None:
            self.slots.want(drag.uid, self.layout().slot_at(self.battle.current, key[1], pos))
        return self.choose_or_perform(drag.uid, drag.moves.get(key))

    def open_pause(self) -> None:
        self.match.open_pause(self.host)

    def _start_drag(self, pos) -> None:
        me = self.battle.current
        layout = self.layout()
        for uid, rect in layout.creature_rects(me).items():
            if rect.collidepoint(pos):
                moves = self.moves_for(uid, attack=True)
                if moves:
                    self.drag = Drag(DragKind.ATTACK, uid, pos, pos, moves)
                return
        for instance, rect in reversed(list(zip(self.view.sides[me].hand, layout.hand_rects(me)))):
            if rect.collidepoint(pos):
                moves = self.moves_for(instance.uid, attack=False)
                if moves:
                    self.drag = Drag(self.drag_kind(instance.card), instance.uid, pos, pos, moves)
                return

    @staticmethod
    def drag_kind(card) -> DragKind:
        if card.is_creature:
            return DragKind.SUMMON
        return DragKind.CAST if targets_nothing(card) else DragKind.ITEM

    # ------------------------------------------------------------------ update

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        if self._prerender:
            deadline = time.perf_counter() + 0.003
            while self._prerender and time.perf_counter() < deadline:
                render_card(*self._prerender.pop())
        for part in (self.match.hud, self.match.toast):
            if part is not None:
                part.update(dt_ms)
        anim_dt = self._feel(dt_ms)
        pace = AI_PACES.get(self.app.settings.ai_pace, AI_PACES["normal"])
        ai_acting = self.ai_acting()
        if ai_acting and pace[1] <= 0:
            self.fast_forward()
        self.anims.speed = self.app.settings.animation_speed * (pace[1] if ai_acting else 1.0)
        self.anims.update(anim_dt)
        if self.anims.busy or self.app.top is not self:  # e.g. an animation step opened a dialogue
            return
        if self.match.over:
            if not self.result_shown:
                self.result_shown = True
                self.match.finish(self.host)
            return
        seat = self.battle.current
        if self.controllers[seat] == "ai":
            self._drive_ai(seat)
        elif self.revealed != seat:
            if self.hotseat:
                self._pass_device(seat)
            else:
                self.revealed = seat

    # ------------------------------------------------------------------ game feel

    def _feel(self, dt_ms: float) -> float:
        """Age the effects; returns the time the animations get this frame (none during a
        hit-stop, a fraction in the finisher's slow motion)."""
        if self.app.settings.reduced_motion:  # Settings > Accessibility: no freeze, slow motion or shake
            self.hitstop = self.slow_motion = self.shake = 0.0
        for fx in self.fx:
            fx.age += dt_ms
        self.fx = [fx for fx in self.fx if fx.age < fx.duration]
        self.shake = max(0.0, self.shake - dt_ms)
        self.hurt = [max(0.0, h - dt_ms) for h in self.hurt]
        if self.hitstop > 0:
            self.hitstop = max(0.0, self.hitstop - dt_ms)
            return 0.0
        if self.slow_motion > 0:
            self.slow_motion = max(0.0, self.slow_motion - dt_ms)
            return dt_ms * SLOW_MOTION
        return dt_ms

    def impact(self, power: float, rect=None, kind: str = "hit", seat: int | None = None) -> None:
        """A blow or a landing of strength `power` (0..1): sparks or dust, and for big ones a
        hit-stop and a screen shake (unless shake is off in Settings)."""
        if self.skipping:
            return
        power = max(0.0, min(1.0, power))
        if rect is not None:
            self.fx.append(Effect(kind, rect, power, 380 if kind == "hit" else 320))
        if seat is not None:
            self.hurt[seat] = 260.0
        if power >= 0.5:
            self.hitstop = max(self.hitstop, HITSTOP_MS * power)
            if self.app.settings.screen_shake:
                self.shake = max(self.shake, 120 + 200 * power)
                self.shake_power = max(self.shake_power if self.shake > 0 else 0.0, 3 + 7 * power)

    def finishing_blow(self, rect=None) -> None:
        """The lethal hit: a flash, a heavy shake and a beat of slow motion."""
        if self.skipping:
            return
        self.fx.append(Effect("flash", rect, 1.0, 520))
        self.slow_motion = SLOW_MOTION_MS
        self.hitstop = HITSTOP_MS * 1.6
        if self.app.settings.screen_shake:
            self.shake, self.shake_power = 520.0, 12.0

    def shake_offset(self) -> tuple[int, int]:
        if self.shake <= 0:
            return (0, 0)
        fade = min(1.0, self.shake / 200)
        power = self.shake_power * fade
        return (int(power * math.sin(self.time * 0.09)), int(power * 0.7 * math.cos(self.time * 0.13)))

    def hurt_flash(self, seat: int) -> float:
        return self.hurt[seat] / 260.0

    def _pass_device(self, seat: int) -> None:
        self.revealed = None

        def ready():
            self.bottom = seat
            self.revealed = seat
            self.view = self.battle.clone()

        self.app.push(
            "pass_device",
            player_label=self.seat_label(seat),
            on_ready=ready,
            detail=_("Your hand is hidden until you click"),
        )

    def _drive_ai(self, seat: int) -> None:
        agent = self.match.local_agent(seat)
        if agent is not None:  # acts in-process (a level's scripted opponent): instant
            decision = agent.act(self.match.observation(seat), self.match.ai_budget_ms(self.app))
            self.match.session.warnings.extend(decision.warnings)
            if decision.explanation is not None:
                self.explanation, self.explained_by = decision.explanation, self.seat_label(seat)
            self.play_ai_actions(seat, [decision.action])
            return
        spec = self.match.specs[seat]
        # One action per request: the agent keeps the rest of its planned turn (ai/agents.py).
        answer = self.ai.poll(
            self.battle.turn,
            self.match.ai_budget_ms(self.app),
            lambda budget: self.app.pool.submit(
                "act",
                route=0,
                game="cards",
                agent=spec.name,
                seed=spec.seed,
                game_id=spec.game_id,
                seat=spec.seat,
                observation=self.match.observation(seat),
                budget_ms=budget,
                language=i18n.language(),  # the AI's thoughts (Tab) in the player's language
            ),
        )
        if answer is None:
            return
        if answer.error:
            self._ai_failed(seat, answer.error)
            return
        if answer.result.get("explanation"):
            self.explanation = answer.result["explanation"]
            self.explained_by = self.seat_label(seat)
        self.play_ai_actions(seat, [answer.result["action"]])

    def play_ai_actions(self, seat: int, actions) -> None:
        """Play an AI decision, paced (game/rules/cards/decisions.py says which actions play)."""
        try:
            pause = AI_PACES.get(self.app.settings.ai_pace, AI_PACES["normal"])[0]
            for action in DecisionSteps(self.battle, actions or [END_TURN], lambda: self.match.over):
                self.perform(action, pause_ms=pause)
        except IllegalAction as error:
            self.app.push("error", title=_("The AI chose an illegal action"), message=str(error))

    def _ai_failed(self, seat: int, error: str) -> None:
        """An AI bug must not end the player's game: say so, and let a simpler AI play on."""
        import sys
        from dataclasses import replace

        from game.client.ai_worker import card_agent_names

        spec = self.match.specs[seat]
        print(f"card AI {spec.name!r} failed:\n{error}", file=sys.stderr)
        fallbacks = [name for name in ("easy", "random") if name in card_agent_names() and name != spec.name]
        if not fallbacks:
            self.app.push("error", title=_("The AI failed"), message=error)
            return
        first_line = error.strip().splitlines()[0] if error.strip() else "unknown error"
        failed, fallback, reason = spec.name, fallbacks[0], first_line[:60]
        self.add_log(
            Said(
                lambda: _("The {failed} AI failed ({reason}); the {fallback} AI plays on").format(
                    failed=failed, reason=reason, fallback=fallback
                )
            ),
            "BAD",
        )
        self.match.specs[seat] = replace(spec, game_id=f"{self.match.game_id}:fallback", name=fallbacks[0])

    def note_resumed(self) -> None:
        """A saved game was replayed into this duel (levels)."""
        self.add_log(Said(lambda: _("Your saved game goes on")), "ACCENT")
        self.match.note_resumed()

    def end_game(self) -> None:
        if not self.ended:
            self.ended = True
            if self.match.specs:
                self.app.pool.submit("card_end_game", route=0, game_id=self.match.game_id)

    # ------------------------------------------------------------------ drawing

    def view_model(self) -> DuelViewModel:
        """What this frame shows, for the view (game/client/cards/view_model.py)."""
        my_turn = self.human_to_act()
        drag = self.drag
        return DuelViewModel(
            view=self.view,
            layout=self.layout(),
            current=self.battle.current,
            controllers=tuple(self.controllers),
            labels=(self.seat_label(0), self.seat_label(1)),
            portraits=(self.seat_portrait(0), self.seat_portrait(1)),
            face_up=(self.face_up(0), self.face_up(1)),
            my_turn=my_turn,
            legal=self.legal_actions() if my_turn else [],
            drag=drag,
            drag_source=self.card_rect(drag.uid) if drag is not None else None,
            hint=self.hint(),
            focus=self.keys.focus_rect(),
            aim=self.keys.aim_rect(),
            mouse=self.mouse,
            anims=tuple(self.anims.active),
            anims_busy=self.anims.busy,
            time=self.time,
            fx=tuple(self.fx),
            shake=self.shake_offset(),
            hurt=(self.hurt_flash(0), self.hurt_flash(1)),
            log=tuple(self.log),
            hud=self.match.hud,
            over=self.match.over,
            thoughts_available=bool(self.match.specs or self.explanation),
            overlay=self.overlay,
            explanation=self.explanation,
            explained_by=self.explained_by,
            say_plan_step=self.say_plan_step,
            ai_thinking=self.ai.thinking,
            ai_elapsed_ms=self.ai.elapsed_ms,
            ai_budget_ms=self.ai.request_budget_ms,
            end_button=self.end_button,
            card_of=self.card_of,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.view_model())


def _target_key(target: int) -> tuple:
    return ("face",) if target == FACE else ("creature", target)
