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
from game.client.skirmish.controls import KEY_HINTS, SkirmishControls
from game.client.skirmish.log_lines import cast_lines
from game.client.skirmish.previews import CastPreview, cast_preview, move_warning, path_note
from game.client.skirmish.side_panel import button_rects
from game.client.skirmish.view import Layout
from game.client.skirmish.view_model import SkirmishStage, SkirmishViewModel
from game.client.level_match import MatchHost
from game.client.sound import sound_for
from game.rules.skirmish.words import hero_label, word
from game.client.widgets import Button
from game.i18n import _, generation, language, ngettext
from game.rules.game_api import Explanation
from game.rules.skirmish.actions import END, Act
from game.rules.skirmish.model import TargetKind


class SkirmishScene(SkirmishControls, Scene):
    name = "skirmish"
    music = "duel"
    dialogue_box = pygame.Rect(716, 380, 554, 330)
    raw_keys = True  # every key as its name: the digits pick abilities (input.py maps none)

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
        self._preview = CastPreview([])
        self.pending_move: tuple[int, int] | None = None  # a walk waiting for its second click
        self.keyboard = False  # the cursor is drawn while keys are in use
        self.mouse: tuple[int, int] | None = None
        self._cursor_for = 0  # the hero the cursor was put on
        self._grouping = False  # the last queued step holds an ability's hits (more may join it)
        self.ability_buttons: list[Button] = []
        self._buttons_key = None
        # What the animations change (SkirmishStage) and what the match may do (MatchHost): not the scene.
        self.stage = SkirmishStage(
            self.anims, self.view, self.state, self.floaters, self.hurt, self.crits, add_log=self.add_log, notes={}
        )
        if hasattr(match, "shown_round"):  # a level's HUD says the round on screen
            match.shown_round = lambda: self.view.round
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

    def aimed_cell(self):
        """The cell the chosen ability would be cast on now: the hero's own for a self-cast,
        else the hovered legal target (None: nothing to preview)."""
        if self.selected is None or not self.human_to_act():
            return None
        if self.selected.target == TargetKind.SELF:
            return self.state.active_hero.cell
        return self.hover_cell if self.hover_cell in self.targets() else None

    def cast_preview(self) -> CastPreview:
        """What the chosen ability would do at the aimed cell (cached per decision and cell)."""
        cell = self.aimed_cell()
        if cell is None:
            return CastPreview([self.selected.text] if self.selected is not None and self.human_to_act() else [])
        key = (self.decisions, self.selected.id, cell)
        if key != self._preview_key:
            self._preview_key = key
            self._preview = cast_preview(self.state, self.selected, cell)
            if self.selected.target == TargetKind.SELF:
                self._preview = CastPreview(
                    [self.selected.text, *self._preview.lines],
                    self._preview.affected,
                    self._preview.pushes,
                    self._preview.area,
                )
        return self._preview

    def preview_text(self) -> list[str]:
        return self.cast_preview().lines

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

    def status_line(self):
        if self.ai.thinking:
            dots = "." * (1 + int(self.time / 300) % 3)
            # TRANSLATORS: {dots} is one to three dots that grow while the AI thinks.
            words = _("{name} is thinking{dots}").format(
                name=self.match.seat_label(self.state.current_player), dots=dots
            )
            return (words, theme.ACCENT)
        if self.match.over:
            return (_("Game over"), theme.ACCENT)
        if self.human_to_act():
            hero = self.state.active_hero
            # TRANSLATORS: the skirmish's status line: "You: Orla (Cleric) to act".
            words = _("{side}: {hero} to act").format(
                side=self.match.seat_label(hero.team), hero=hero_label(self.state, hero.uid)
            )
            return (words, theme.GOOD)
        return None

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
        self.pending_move = None
        self.stage.notes.update(cast_lines(self.state, events))
        for event in events:
            self._queue(event)
        self.match.after_action(self.host)

    def human_act(self, action) -> None:
        if action in self.legal():
            self.perform(action)
        else:
            self.app.play_sound("foul_refused")

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
        self.add_log(_("Your saved game goes on"), theme.ACCENT)
        self.match.note_resumed()

    # ------------------------------------------------------------------ input

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
        if not self.match.over and self.state.active_hero.uid != self._cursor_for:
            self._cursor_for = self.state.active_hero.uid  # a new hero's turn: the cursor on it
            self.cursor = self.state.active_hero.cell
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
            detail=(_("Blue team: {hero} acts first") if team == 0 else _("Red team: {hero} acts first")).format(
                hero=hero_label(self.state, hero.uid)
            ),
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
                language=language(),  # the AI's thoughts (Tab) in the player's language
            ),
        )
        if answer is None:
            return
        if answer.error:
            self.app.push("error", title=_("The AI failed"), message=answer.error)
            return
        explanation = answer.result.get("explanation")  # game.rules.game_api.Explanation
        if explanation is not None and (explanation.options or explanation.facts) or self.explanation is None:
            # The Tab view (skirmish/view.py) draws the Explanation, with the time it took.
            if explanation is None:
                explanation = Explanation("")
            facts = list(explanation.facts)
            if not explanation.options and not facts:
                facts.append(_("This AI plays by simple rules: no search to explain."))
            seconds = f"{answer.result.get('ms', 0.0) / 1000:.2f}"
            facts.append(_("Thought for {seconds} s").format(seconds=seconds))
            self.explanation = Explanation(explanation.headline, list(explanation.options), facts)
            self.explained_by = self.match.seat_label(team)
        action = answer.result["action"]
        if action not in self.legal():
            self.app.push("error", title=_("The AI chose an illegal action"), message=action.text())
            return
        self.perform(action, pause_ms=pause_ms)

    # ------------------------------------------------------------------ drawing

    def _refresh_buttons(self) -> None:
        """One button per ability of the hero to act (rebuilt when the hero or its options change)."""
        hero = self.state.active_hero if not self.match.over else None
        acting = self.human_to_act()
        # The language's generation: a switch made in Settings mid-game relabels the buttons.
        key = (hero.uid if hero else 0, self.decisions, acting, self.selected.id if self.selected else "", generation())
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
        rects = button_rects(self.match.hud, len(hero.cls.abilities) + 1)
        for index, ability in enumerate(hero.cls.abilities):
            if ability.mana:
                cost = _("{energy} energy · {mana} mana").format(energy=ability.energy, mana=ability.mana)
            else:
                cost = _("{energy} energy").format(energy=ability.energy)
            cooldown = hero.cooldowns.get(ability.id, 0)
            ready = ngettext("ready in {count} turn", "ready in {count} turns", cooldown).format(count=cooldown)
            note = ready if cooldown else cost
            button = Button(
                rects[index],
                f"{index + 1}  {word(ability.name)}",
                (lambda i=index: self.select(i)),
                enabled=acting and ability.id in castable,
                note=note,
                size=16,
            )
            button.focused = self.selected is ability
            self.ability_buttons.append(button)
        self.ability_buttons.append(
            Button(rects[-1], _("End turn"), self.end_turn, enabled=acting, note=_("E / Space"), size=16)
        )

    def view_model(self) -> SkirmishViewModel:
        """What this frame shows, for the view (game/client/skirmish/view_model.py)."""
        my_turn = self.human_to_act()
        choosing = my_turn and self.selected is None
        moves = self.moves() if choosing else set()
        targets = self.targets() if my_turn and self.selected is not None else set()
        aiming = my_turn and self.selected is not None
        path = self.path_to(self.hover_cell) if choosing and self.hover_cell in moves else []
        preview = self.cast_preview()
        warning = move_warning(self.state, self.pending_move) if my_turn and self.pending_move is not None else ""
        return SkirmishViewModel(
            layout=self.layout,
            view=self.view,
            state=self.state,
            my_turn=my_turn,
            selected=self.selected,
            hover_cell=self.hover_cell,
            moves=moves,
            path=path,
            targets=targets,
            range_cells=self.range_cells() if aiming else [],
            area=preview.area if aiming else [],
            time=self.time,
            over=self.match.over,
            hurt=dict(self.hurt),
            anims=tuple(self.anims.active),
            floaters=tuple(self.floaters),
            initiative=self.initiative(),
            title=_(self.match.title),  # a quick match's (marked N_) or a level's title
            labels=(self.match.seat_label(0), self.match.seat_label(1)),
            hud=self.match.hud,
            toast=self.match.toast,
            inspected=self.inspected(),
            ability_buttons=self.ability_buttons,
            preview=preview.lines,
            status=self.status_line(),
            log=tuple(self.log),
            hint=self.hint(),
            overlay=self.overlay,
            explanation=self.explanation,
            explained_by=self.explained_by,
            key_hints=_(KEY_HINTS),
            names={h.uid: hero_label(self.state, h.uid) for h in self.state.heroes},
            path_note=path_note(self.state, path) if path else "",
            warning=warning,
            cursor=self.cursor if my_turn and self.keyboard else None,
            mouse=self.mouse,
            affected=preview.affected if aiming else frozenset(),
            pushes=preview.pushes if aiming else (),
        )

    def draw(self, surface: pygame.Surface) -> None:
        view_draw.draw(surface, self.view_model())
