"""Skirmish: the arena with walls and heroes, movement and ability previews (targets lit only
when legal), hit/miss/crit numbers, statuses with their turns, the initiative bar, the AI's paced
and explainable turns (Tab), hot-seat with the pass screen.

The scene plays a match (game/client/match.py's SkirmishMatch; level_match.py for campaign
levels): the flow and input are here, the drawing in game/client/skirmish/view.py, and the table
from event to animation in game/client/skirmish/animator.py. The AI decides in the worker pool
(request "act", ai_worker.py) through the shared driver, one action per request.
"""

from __future__ import annotations

import pygame

from game.client.skirmish import view as view_draw
from game.client import theme
from game.client.ai_driver import AIDriver
from game.client.anim import Anim, AnimationQueue
from game.client.scene import Scene
from game.client.settings import AI_PACES
from game.client.skirmish.animator import BUILDERS, QUIET, TOGETHER, ArenaView, animate_progress
from game.client.skirmish.view import SIDE, Layout
from game.client.skirmish.view_model import SkirmishStage, SkirmishViewModel
from game.client.level_match import MatchHost
from game.client.sound import sound_for
from game.client.widgets import Button, hover_buttons, press_buttons
from game.rules.events import EventKind
from game.rules.game_api import Explanation
from game.rules.skirmish.actions import END, Act, cast, move
from game.rules.skirmish.model import TargetKind


class SkirmishScene(Scene):
    name = "skirmish"
    music = "duel"
    dialogue_box = pygame.Rect(716, 380, 554, 330)

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.level_run = match.level_run
        self.state = match.state
        self.controllers = match.controllers
        self.hotseat = match.hotseat
        self.layout = Layout(self.state.arena)
        self.view = ArenaView(self.state)
        self.anims = AnimationQueue(app.settings.animation_speed)
        self.ai = AIDriver()
        self.decisions = 0  # actions played: identifies an AI decision for the driver
        self.floaters: list = []
        self.hurt: dict[int, float] = {}
        self.crits: set = set()
        self.log: list[tuple[str, tuple]] = [(line, theme.TEXT_DIM) for line in match.opening_log()]
        self.time = 0.0
        self.hover_cell: tuple[int, int] | None = None
        self.cursor = self.state.active_hero.cell
        self.selected = None  # the Ability chosen, awaiting a target
        self.explanation: Explanation | None = None  # the AI's last telling decision (Tab)
        self.explained_by = ""
        self.overlay = False
        self.result_shown = False
        self.ended = False
        self.revealed: int | None = None  # hot-seat: the team the device was passed to
        self._legal_key = None
        self._legal: list = []
        self._preview_key = None
        self._preview: list[str] = []
        self._grouping = False  # the last queued step holds an ability's hits (more may join it)
        self.ability_buttons: list[Button] = []
        self._buttons_key = None
        # What the animations change (SkirmishStage) and what the match may do (MatchHost): not the scene.
        self.stage = SkirmishStage(
            self.anims, self.view, self.state, self.floaters, self.hurt, self.crits, add_log=self.add_log
        )
        self.host = MatchHost(
            app, self.anims, end_game=self.end_game, add_log=self.add_log, dialogue_box=self.dialogue_box
        )
        for event in self.state.start_events:  # the first round and turn
            self._queue(event)

    @property
    def ai_stats(self) -> list[dict]:
        return self.ai.stats

    # ------------------------------------------------------------------ queries for the view

    def legal(self) -> list:
        key = (self.decisions, self.state.round, self.state.turn_index)
        if key != self._legal_key:
            self._legal_key, self._legal = key, self.match.legal_actions()
        return self._legal

    def human_to_act(self) -> bool:
        return (
            not self.match.over
            and not self.anims.busy
            and self.app.top is self
            and self.controllers[self.state.current_player] == "human"
            and (not self.hotseat or self.revealed == self.state.current_player)
        )

    def moves(self) -> set:
        return {(a.x, a.y) for a in self.legal() if a.kind == Act.MOVE}

    def path_to(self, cell) -> list:
        return self.state.grid.path(self.state.active_hero.cell, cell, self.state.occupied())

    def targets(self) -> set:
        if self.selected is None:
            return set()
        return {(a.x, a.y) for a in self.legal() if a.kind == Act.CAST and a.ability == self.selected.id}

    def range_cells(self) -> list:
        """Cells within the selected ability's range (whether or not they are legal targets)."""
        ability, hero = self.selected, self.state.active_hero
        if ability is None or ability.target == TargetKind.SELF:
            return []
        hx, hy = hero.cell
        r = ability.range
        return [
            (x, y)
            for y in range(hy - r, hy + r + 1)
            for x in range(hx - r, hx + r + 1)
            if ability.min_range <= abs(x - hx) + abs(y - hy) <= r and self.state.arena.floor(x, y)
        ]

    def area_of(self, cell) -> list:
        ability = self.selected
        return self.state.grid.area(ability.shape, ability.size, self.state.active_hero.cell, cell)

    def inspected(self) -> int | None:
        """The hero the side panel shows: the one under the mouse, else the one whose turn it is."""
        if self.hover_cell is not None:
            hero = self.state.hero_at(self.hover_cell)
            if hero is not None and self.view.heroes[hero.uid].fade >= 1.0:
                return hero.uid
        return self.view.active or None

    def initiative(self) -> list[tuple[int, bool]]:
        """This round's turns still to come from the active hero on, then next round's (upcoming)."""
        state = self.state
        order = [uid for uid in state.order[max(0, state.turn_index) :] if state.heroes[uid - 1].alive]
        living = sorted(
            (h for h in state.heroes if h.alive),
            key=lambda h: (-h.cls.initiative, h.team != (state.round + 1 + h.cls.initiative + 1) % 2, h.slot),
        )
        return [(uid, False) for uid in order] + [(h.uid, True) for h in living]

    def preview_text(self) -> list[str]:
        """What the hovered target would do: expected damage and healing, hit chance."""
        if not self.human_to_act() or self.selected is None or self.hover_cell not in self.targets():
            return [self.selected.text] if self.selected is not None and self.human_to_act() else []
        key = (self.decisions, self.selected.id, self.hover_cell)
        if key != self._preview_key:
            self._preview_key = key
            sim = self.state.simulation()
            events = sim.apply(cast(self.selected.id, *self.hover_cell))
            names = {h.uid: f"{h.cls.name} {h.uid}" for h in self.state.heroes}
            lines = []
            hero = self.state.active_hero
            if any(e.kind == EventKind.DAMAGE for e in events) and any(
                eff.kind.value == "physical" and eff.verb.value == "damage" for eff in self.selected.effects
            ):
                lines.append(f"hit {hero.hit_chance():.0%}, crit {hero.crit_chance():.0%}; expected:")
            for e in events:
                if e.kind == EventKind.DAMAGE:
                    lines.append(f"  {names[e.card]}  -{e.value}")
                elif e.kind == EventKind.HEAL:
                    lines.append(f"  {names[e.card]}  +{e.value}")
                elif e.kind == EventKind.STATUS:
                    lines.append(f"  {names[e.card]}  {e.name} for {e.value}")
                elif e.kind == EventKind.DEATH:
                    lines.append(f"  {names[e.card]} would fall")
            self._preview = lines or [self.selected.text]
        return self._preview

    def status_line(self):
        if self.ai.thinking:
            dots = "." * (1 + int(self.time / 300) % 3)
            return (f"{self.match.seat_label(self.state.current_player)} is thinking{dots}", theme.ACCENT)
        if self.match.over:
            return ("Game over", theme.ACCENT)
        if self.human_to_act():
            hero = self.state.active_hero
            return (f"{self.match.seat_label(hero.team)}: {hero.cls.name} {hero.uid} to act", theme.GOOD)
        return None

    def hint(self) -> str:
        if self.selected is not None:
            return "Click a lit cell to cast  ·  right click / Esc: cancel  ·  arrows + Enter work too"
        return "Click a blue cell to move  ·  click an ability (N: next)  ·  E / Space: end the hero's turn"

    def add_log(self, text: str, colour=theme.TEXT) -> None:
        self.log.append((text, colour))
        del self.log[:-40]

    # ------------------------------------------------------------------ playing

    def _queue(self, event) -> None:
        """The event's animation (BUILDERS) with its sound; one ability's hits play together."""
        build = BUILDERS.get(event.kind)
        anim = build(self.stage, event) if build is not None else None
        if anim is None:
            return
        me = None if self.hotseat or "human" not in self.controllers else self.controllers.index("human")
        name = sound_for(event, None, me=me) if event.kind not in QUIET else None
        if name:
            first = anim.on_start

            def on_start(first=first, name=name):
                self.app.play_sound(name)
                if first:
                    first()

            anim.on_start = on_start
        together = event.kind in TOGETHER
        if together and self._grouping:
            self.anims.also(anim)
        else:
            self.anims.then(anim)
        self._grouping = together

    def perform(self, action, pause_ms: float = 0.0) -> None:
        if pause_ms:
            self.anims.then(Anim("pause", pause_ms))
        self._grouping = False
        events = self.match.apply(action)
        self.decisions += 1
        self.selected = None
        for event in events:
            self._queue(event)
        self.match.after_action(self.host)

    def human_act(self, action) -> None:
        if action in self.legal():
            self.perform(action)
        else:
            self.app.play_sound("foul_refused")

    def select(self, index: int) -> None:
        hero = self.state.active_hero
        if not self.human_to_act() or index >= len(hero.cls.abilities):
            return
        ability = hero.cls.abilities[index]
        if not any(a.kind == Act.CAST and a.ability == ability.id for a in self.legal()):
            self.app.play_sound("foul_refused")
            return
        self.app.play_sound("click")
        if ability.target == TargetKind.SELF:  # no target to choose: cast at once
            self.human_act(cast(ability.id, *hero.cell))
            return
        self.selected = None if self.selected is ability else ability

    def next_ability(self) -> None:
        """Keyboard: choose the next ability that can be cast now (N), or none after the last."""
        hero = self.state.active_hero
        if not self.human_to_act():
            return
        castable = [
            a
            for a in hero.cls.abilities
            if a.target != TargetKind.SELF and any(x.kind == Act.CAST and x.ability == a.id for x in self.legal())
        ]
        if not castable:
            return
        index = castable.index(self.selected) + 1 if self.selected in castable else 0
        self.selected = castable[index] if index < len(castable) else None
        self.app.play_sound("click")

    def click_cell(self, cell) -> None:
        if not self.human_to_act() or cell is None:
            return
        if self.selected is not None:
            if cell in self.targets():
                self.human_act(cast(self.selected.id, *cell))
            else:
                self.selected = None
            return
        if cell in self.moves():
            self.human_act(move(*cell))

    def end_turn(self) -> None:
        if self.human_to_act():
            self.human_act(END)

    def open_pause(self) -> None:
        self.match.open_pause(self.host)

    def end_game(self) -> None:
        if not self.ended:
            self.ended = True
            if self.match.specs:
                self.app.pool.submit("skirmish_end_game", route=0, game_id=self.match.game_id)

    def note_resumed(self) -> None:
        self.add_log("Your saved game goes on", theme.ACCENT)
        self.match.note_resumed()

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            name = intent.name
            if name == "back":
                if self.selected is not None:
                    self.selected = None
                else:
                    self.open_pause()
            elif name == "toggle_overlay":
                self.overlay = not self.overlay
            elif name == "end_turn":
                self.end_turn()
            elif name == "numbers":
                self.next_ability()
            elif name == "undo":
                self.selected = None
            elif name in ("up", "down", "left", "right"):
                dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[name]
                arena = self.state.arena
                self.cursor = (
                    max(0, min(arena.width - 1, self.cursor[0] + dx)),
                    max(0, min(arena.height - 1, self.cursor[1] + dy)),
                )
                self.hover_cell = self.cursor
            elif name == "confirm":
                self.click_cell(self.cursor)
            return
        if intent.kind == "move":
            self.hover_cell = self.layout.cell_at(intent.pos)
            if self.hover_cell is not None:
                self.cursor = self.hover_cell
            hover_buttons(self.ability_buttons, intent.pos)
        elif intent.kind == "press":
            if intent.button == 3:
                self.selected = None
                return
            if intent.button != 1:
                return
            if press_buttons(self.ability_buttons, intent.pos):
                return
            self.click_cell(self.layout.cell_at(intent.pos))

    # ------------------------------------------------------------------ update

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        for part in (self.match.hud, self.match.toast):
            if part is not None:
                part.update(dt_ms)
        for floater in self.floaters:
            floater.age += dt_ms
        self.floaters[:] = [f for f in self.floaters if f.age < f.duration]  # in place: the stage holds them
        hurt = {uid: left - dt_ms for uid, left in self.hurt.items() if left > dt_ms}
        self.hurt.clear()
        self.hurt.update(hurt)
        pace = AI_PACES.get(self.app.settings.ai_pace, AI_PACES["normal"])
        ai_acting = not self.match.over and self.controllers[self.state.current_player] == "ai"
        if ai_acting and pace[1] <= 0:
            self.anims.update(1e9)  # "instant": no animation for the AI's actions
        self.anims.speed = self.app.settings.animation_speed * (pace[1] if ai_acting else 1.0)
        self.anims.update(dt_ms)
        animate_progress(self.stage)
        self._refresh_buttons()
        if self.anims.busy or self.app.top is not self:
            return
        self.view.sync(self.state)
        if self.match.over:
            if not self.result_shown:
                self.result_shown = True
                self.match.finish(self.host)
            return
        team = self.state.current_player
        if self.controllers[team] == "ai":
            self._drive_ai(team, pace[0])
        elif self.hotseat and self.revealed != team:
            self._pass_device(team)

    def _pass_device(self, team: int) -> None:
        self.revealed = None

        def ready():
            self.revealed = team

        hero = self.state.active_hero
        self.app.push(
            "pass_device",
            player_label=self.match.seat_label(team),
            on_ready=ready,
            detail=f"{view_draw.TEAM_NAMES[team]} team: {hero.cls.name} {hero.uid} acts first",
        )

    def _drive_ai(self, team: int, pause_ms: float) -> None:
        from game.rules.skirmish.game import SkirmishGame

        spec = self.match.specs[team]
        answer = self.ai.poll(
            self.decisions,
            self.match.ai_budget_ms(self.app),
            lambda budget: self.app.pool.submit(
                "act",
                route=0,
                game="skirmish",
                agent=spec.name,
                seed=spec.seed,
                game_id=spec.game_id,
                seat=spec.seat,
                observation=SkirmishGame(self.match.observation(team)),
                budget_ms=budget,
            ),
        )
        if answer is None:
            return
        if answer.error:
            self.app.push("error", title="The AI failed", message=answer.error)
            return
        explanation = answer.result.get("explanation")  # game.rules.game_api.Explanation
        if explanation is not None and (explanation.options or explanation.facts) or self.explanation is None:
            # The Tab view (skirmish/view.py) draws the Explanation, with the time it took.
            if explanation is None:
                explanation = Explanation("")
            facts = list(explanation.facts)
            if not explanation.options and not facts:
                facts.append(f"The {spec.name} AI plays by simple rules: no search to explain.")
            facts.append(f"Thought for {answer.result.get('ms', 0.0) / 1000:.2f} s")
            self.explanation = Explanation(explanation.headline, list(explanation.options), facts)
            self.explained_by = self.match.seat_label(team)
        action = answer.result["action"]
        if action not in self.legal():
            self.app.push("error", title="The AI chose an illegal action", message=action.text())
            return
        self.perform(action, pause_ms=pause_ms)

    # ------------------------------------------------------------------ drawing

    def _refresh_buttons(self) -> None:
        """One button per ability of the hero to act (rebuilt when the hero or its options change)."""
        hero = self.state.active_hero if not self.match.over else None
        acting = self.human_to_act()
        key = (hero.uid if hero else 0, self.decisions, acting, self.selected.id if self.selected else "")
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.ability_buttons = []
        mine = (
            hero is not None
            and self.controllers[hero.team] == "human"
            and (not self.hotseat or self.revealed == hero.team)
        )
        if not mine:
            return
        castable = {a.ability for a in self.legal() if a.kind == Act.CAST}
        top = SIDE.y + 286
        for index, ability in enumerate(hero.cls.abilities):
            rect = pygame.Rect(SIDE.x + 18, top + index * 42, SIDE.width - 36, 36)
            cost = f"{ability.energy} en" + (f" · {ability.mana} mp" if ability.mana else "")
            cooldown = hero.cooldowns.get(ability.id, 0)
            note = f"ready in {cooldown}" if cooldown else cost
            button = Button(
                rect,
                f"{ability.name}  ({note})",
                (lambda i=index: self.select(i)),
                enabled=acting and ability.id in castable,
                size=16,
            )
            button.focused = self.selected is ability
            self.ability_buttons.append(button)
        end = pygame.Rect(SIDE.x + 18, top + len(hero.cls.abilities) * 42 + 2, SIDE.width - 36, 36)
        self.ability_buttons.append(Button(end, "End turn (E)", self.end_turn, enabled=acting, size=17))

    def view_model(self) -> SkirmishViewModel:
        """What this frame shows, for the view (game/client/skirmish/view_model.py)."""
        my_turn = self.human_to_act()
        choosing = my_turn and self.selected is None
        moves = self.moves() if choosing else set()
        targets = self.targets() if my_turn and self.selected is not None else set()
        aiming = my_turn and self.selected is not None
        return SkirmishViewModel(
            layout=self.layout,
            view=self.view,
            state=self.state,
            my_turn=my_turn,
            selected=self.selected,
            hover_cell=self.hover_cell,
            moves=moves,
            path=self.path_to(self.hover_cell) if choosing and self.hover_cell in moves else [],
            targets=targets,
            range_cells=self.range_cells() if aiming else [],
            area=self.area_of(self.hover_cell) if aiming and self.hover_cell in targets else [],
            time=self.time,
            over=self.match.over,
            hurt=dict(self.hurt),
            anims=tuple(self.anims.active),
            floaters=tuple(self.floaters),
            initiative=self.initiative(),
            title=self.match.title,
            labels=(self.match.seat_label(0), self.match.seat_label(1)),
            hud=self.match.hud,
            toast=self.match.toast,
            inspected=self.inspected(),
            ability_buttons=self.ability_buttons,
            preview=self.preview_text(),
            status=self.status_line(),
            log=tuple(self.log),
            hint=self.hint(),
            overlay=self.overlay,
            explanation=self.explanation,
            explained_by=self.explained_by,
        )

    def draw(self, surface: pygame.Surface) -> None:
        view_draw.draw(surface, self.view_model())
