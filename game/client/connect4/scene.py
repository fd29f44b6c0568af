"""Connect Four: the board (a blue frame, red and yellow discs dropping with an eased bounce, the
last disc marked, the winning four drawn through), mouse and keyboard play (a column under the
mouse or chosen with Left/Right, dropped with a click, Enter or Space), undo in quick matches,
the AI's move off the render loop (match.ThreadJob through the shared AIDriver) and its
thoughts on Tab, the move list, the objectives of a level, and the result screen.

Opened as `app.push("connect4", setup=MatchSetup(game="connect4", ...))` for a quick match (the
quick match screen's start_match does it), `run=LevelRun` for a campaign level (level_run.py),
or `match=` a ready match object. The scene plays the match; it never knows which it is.
"""

from __future__ import annotations

import pygame
import pytweening

from game.client import theme
from game.client.ai_driver import AIDriver
from game.client.anim import Anim, AnimationQueue
from game.client.connect4 import view
from game.client.connect4.match import COLOURS, Connect4Match, LevelConnect4Match, ThreadJob
from game.client.scene import Scene
from game.client.widgets import Button, draw_text, hover_buttons, panel, press_buttons
from game.rules.connect4 import column_name
from game.rules.events import EventKind

AI_PAUSE_MS = 250
DROP_MS = 420  # a fall from the top of a 6-row board


class Connect4Scene(Scene):
    name = "connect4"
    music = "gomoku"
    dialogue_box = pygame.Rect(716, 380, 554, 330)  # story lines mid-game sit over the side panel

    def __init__(self, app, setup=None, run=None, match=None):
        super().__init__(app)
        if match is None:
            match = LevelConnect4Match(run) if run is not None else Connect4Match(setup)
        self.match = match
        self.level_run = match.level_run
        self.state = match.state
        self.controllers = match.controllers
        self.hotseat = match.hotseat
        self.geometry = view.Geometry(self.state.columns, self.state.rows)
        self.cursor = self.state.columns // 2
        self.hover: int | None = None
        self.anims = AnimationQueue(app.settings.animation_speed)
        self.ai = AIDriver()
        self.explanation: dict | None = None
        self.overlay = False
        self.result_shown = False
        self.time = 0.0
        y = view.SIDE.bottom - 70
        choices = match.buttons(self)
        width = (view.SIDE.width - 20 * (len(choices) + 1)) // len(choices)
        self.buttons = [
            Button(pygame.Rect(view.SIDE.x + 20 + i * (width + 20), y, width, 54), label, action)
            for i, (label, action) in enumerate(choices)
        ]

    @property
    def ai_stats(self) -> list[dict]:
        return self.ai.stats

    # ------------------------------------------------------------------ flow

    def human_to_move(self) -> bool:
        return not self.match.over and self.controllers[self.state.current_player] == "human" and not self.anims.busy

    def ai_name(self) -> str:
        return next((self.match.name(seat) for seat in (0, 1) if self.controllers[seat] == "ai"), "The computer")

    def play(self, column: int, pause_ms: float = 0.0) -> bool:
        if not self.match.is_legal(column):
            return False
        if pause_ms:
            self.anims.then(Anim("pause", pause_ms))
        for event in self.match.apply(column):
            build = EVENT_ANIMATIONS.get(event.kind)
            if build is not None:
                self.anims.then(build(self, event))
        self.match.after_action(self)
        return True

    def human_play(self, column: int) -> None:
        """A person's disc; a full column says so."""
        self.cursor = column
        if not self.play(column):
            self.app.play_sound("foul_refused")

    def undo(self) -> None:
        if not self.match.can_undo or not self.state.moves or self.anims.busy:
            return
        self.ai.cancel()  # a search under way answers a position that no longer exists
        self.state.undo()
        if not self.hotseat:  # back to the person's turn: take the AI's reply and the person's disc
            while self.state.moves and self.controllers[self.state.current_player] != "human":
                self.state.undo()
        self.result_shown = False

    def open_pause(self) -> None:
        self.match.open_pause(self)

    def note_resumed(self) -> None:
        self.match.note_resumed()

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            name = intent.name
            if name == "back":
                self.open_pause()
            elif name == "toggle_overlay":
                self.overlay = not self.overlay
            elif name == "undo":
                self.undo()
            elif name in ("left", "right"):
                step = -1 if name == "left" else 1
                self.cursor = max(0, min(self.state.columns - 1, self.cursor + step))
                self.hover = None
            elif name in ("confirm", "end_turn", "down") and self.human_to_move():  # Enter, Space, Down
                self.human_play(self.cursor)
            return
        if intent.kind == "move":
            self.hover = self.geometry.column_at(intent.pos)
            if self.hover is not None:
                self.cursor = self.hover
            hover_buttons(self.buttons, intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if press_buttons(self.buttons, intent.pos, lambda: self.app.play_sound("click")):
                return
            column = self.geometry.column_at(intent.pos)
            if column is not None and self.human_to_move():
                self.human_play(column)

    # ------------------------------------------------------------------ update

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        for part in (self.match.hud, self.match.toast):
            if part is not None:
                part.update(dt_ms)
        self.anims.speed = self.app.settings.animation_speed
        self.anims.update(dt_ms)
        if self.match.can_undo:
            self.buttons[0].enabled = bool(self.state.moves) and not self.anims.busy
        if self.anims.busy or self.app.top is not self:  # e.g. an animation step opened a dialogue
            return
        if self.match.over:
            if not self.result_shown:
                self.result_shown = True
                self.match.finish(self)
            return
        seat = self.state.current_player
        if self.controllers[seat] != "ai":
            return
        level = self.match.ai_level(seat)
        seed = self.match.seed + len(self.state.moves)
        answer = self.ai.poll(
            len(self.state.moves),
            self.match.ai_budget_ms(self.app),
            lambda budget: ThreadJob(self.state.clone(), level, seed, budget),
        )
        if answer is None:
            return
        if answer.error:
            self.app.push("error", title="The AI failed", message=answer.error)
            return
        self.explanation = answer.result.get("explanation")
        column = answer.result["move"]
        if not self.play(column, pause_ms=AI_PAUSE_MS):
            self.app.push("error", title="The AI chose an illegal move", message=f"column {column!r}")

    # ------------------------------------------------------------------ drawing

    def _falling(self) -> tuple[dict, set]:
        """The discs still falling (cell -> its animation) and those whose fall has not begun."""
        falling = {anim.data["cell"]: anim for anim in self.anims.active if anim.kind == "drop"}
        pending = {anim.data["cell"] for step in list(self.anims.steps)[1:] for anim in step if anim.kind == "drop"}
        return falling, pending

    def draw(self, surface: pygame.Surface) -> None:
        geometry, state = self.geometry, self.state
        surface.blit(view.background(), (0, 0))
        view.draw_backing(surface, geometry)
        target = self.hover if self.hover is not None else self.cursor
        show_target = self.human_to_move()
        if show_target:
            view.draw_column_highlight(surface, geometry, target, state.is_legal(target))
        falling, pending = self._falling()
        radius = geometry.radius
        for cell in state.blocked:
            view.draw_gear(surface, geometry.centre(*cell), radius, angle=cell[0] * 0.4)
        for column in range(state.columns):
            for row in range(state.rows):
                seat = state.cell(column, row)
                if seat not in (0, 1) or (column, row) in pending:
                    continue
                centre = geometry.centre(column, row)
                anim = falling.get((column, row))
                if anim is not None:
                    top = geometry.drop_y
                    centre = (centre[0], top + (centre[1] - top) * anim.eased)
                view.draw_disc(surface, centre, radius, seat)
        if show_target and state.is_legal(target):  # where the disc would land, faintly
            landing = state.landing_row(target)
            if landing is not None:
                view.draw_disc(surface, geometry.centre(target, landing), radius, state.current_player, alpha=70)
        view.draw_frame(surface, geometry)
        if show_target:  # the disc in hand, over the chosen column
            x, _ = geometry.centre(target, 0)
            view.draw_disc(
                surface, (x, geometry.drop_y), radius, state.current_player, alpha=235 if state.is_legal(target) else 90
            )
        if state.moves and not falling and not pending:
            column = state.moves[-1]
            last = (column, state.height(column) - 1)
            if state.winner is None:
                view.draw_last_marker(surface, geometry, last, abs(((self.time / 600) % 2) - 1))
        line = state.winning_line() if state.winner is not None else ()
        if line and not falling and not pending:
            line_anim = next((a for a in self.anims.active if a.kind == "line"), None)
            view.draw_winning_line(surface, geometry, line, line_anim.eased if line_anim else 1.0)
        view.draw_column_labels(surface, geometry, target if show_target else None)
        self._draw_side(surface)
        if self.match.toast is not None:
            self.match.toast.draw(surface)
        if self.overlay:
            view.draw_thoughts(surface, pygame.Rect(90, 150, 580, 420), self.ai_name(), self.explanation)

    def _draw_side(self, surface) -> None:
        side = view.SIDE
        panel(surface, side, theme.PANEL, theme.PANEL_BORDER, radius=16)
        x = side.x + 24
        title = self.match.title
        draw_text(surface, title, (x, side.y + 18), 34 if len(title) < 20 else 28, theme.ACCENT, bold=True)
        state = self.state
        draw_text(
            surface, f"{state.columns} x {state.rows}  ·  four in a row wins", (x, side.y + 64), 16, theme.TEXT_DIM
        )
        for seat in (0, 1):
            y = side.y + 106 + seat * 38
            view.draw_disc(surface, (x + 12, y + 11), 12, seat)
            current = state.current_player == seat and not self.match.over
            draw_text(
                surface,
                self.match.label(seat),
                (x + 34, y),
                20,
                theme.TEXT if current else theme.TEXT_DIM,
                bold=current,
            )
            if current:
                draw_text(surface, "to move", (side.right - 24, y + 2), 16, theme.ACCENT, anchor="topright")
        status_y = side.y + 190
        if self.ai.thinking:
            dots = "." * (1 + int(self.time / 300) % 3)
            draw_text(
                surface,
                f"{self.ai_name()} is thinking{dots}  {self.ai.elapsed_ms / 1000:.1f} s",
                (x, status_y),
                18,
                theme.ACCENT,
            )
        elif self.match.over:
            if state.winner is None:
                text = "Game over: a draw"
            else:
                text = f"Game over: {COLOURS[state.winner]} connects four"
            draw_text(surface, text, (x, status_y), 18, theme.ACCENT, bold=True)
        elif self.human_to_move():
            who = f"{COLOURS[state.current_player]}: " if self.hotseat else ""
            draw_text(surface, who + self.match.move_hint, (x, status_y), 17, theme.TEXT_DIM)
        moves_y = side.y + 228
        if self.match.hud is not None:
            height = self.match.hud.height(side.width - 48)
            self.match.hud.draw(surface, pygame.Rect(x, moves_y, side.width - 48, height))
            moves_y += height + 12
        opening = getattr(getattr(self.match, "session", None), "opening_moves", 0)
        moves = state.moves[opening:]
        count = len(moves)
        draw_text(surface, f"{count} disc{'s' if count != 1 else ''} dropped", (x, moves_y), 18, theme.TEXT, bold=True)
        rows = max(1, (side.bottom - 100 - (moves_y + 30)) // 24)
        pairs = (count + 1) // 2
        first_pair = max(0, pairs - rows * 4)
        for pair in range(first_pair, pairs):
            index = pair - first_pair
            column_index, line = divmod(index, rows)
            mx = x + column_index * 118
            my = moves_y + 30 + line * 24
            draw_text(surface, f"{pair + 1:>2}.", (mx, my), 16, theme.TEXT_DIM)
            for k in (0, 1):
                if pair * 2 + k < count:
                    seat = (opening + pair * 2 + k) & 1
                    view.draw_disc(surface, (mx + 36 + k * 40, my + 9), 7, seat)
                    draw_text(surface, column_name(moves[pair * 2 + k]), (mx + 47 + k * 40, my), 16, theme.TEXT)
        for button in self.buttons:
            button.draw(surface)
        hints = "Tab: the AI's thoughts  ·  Esc: menu" if not self.hotseat else "Esc: menu"
        draw_text(surface, hints, (x, side.bottom - 96), 15, theme.TEXT_DIM)


def _drop_animation(scene: Connect4Scene, event) -> Anim:
    column, row = event.point
    rows = scene.state.rows
    fall = (rows - row + 0.5) / (rows + 0.5)  # a longer fall takes longer
    return Anim(
        "drop",
        DROP_MS * (0.55 + 0.45 * fall),
        ease=pytweening.easeOutBounce,
        cell=(column, row),
        seat=event.player,
        on_start=lambda: scene.app.play_sound("stone"),
    )


def _win_animation(scene: Connect4Scene, event) -> Anim:
    return Anim("line", 500, ease=pytweening.easeOutQuad, on_start=lambda: scene.app.play_sound("five_in_a_row"))


# The animation table: the events a drop returns (game/rules/events.py) -> an animation.
EVENT_ANIMATIONS = {
    EventKind.STONE: _drop_animation,
    EventKind.WIN: _win_animation,
}
