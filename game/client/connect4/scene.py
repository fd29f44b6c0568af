"""Connect Four: the board (a blue frame, red and yellow discs dropping with an eased bounce, the
last disc marked, the winning four drawn through), mouse and keyboard play (a column under the
mouse or chosen with Left/Right, dropped with a click, Enter or Space), undo in quick matches,
the AI's move off the render loop (the worker pool's "act" request, through the shared AIDriver)
and its thoughts on Tab, the move list, the objectives of a level, and the result screen.

Opened as `app.push("connect4", setup=MatchSetup(game="connect4", ...))` for a quick match (the
quick match screen's start_match does it), `run=LevelRun` for a campaign level (level_run.py),
or `match=` a ready match object. The scene plays the match; it never knows which it is. The
turn flow, undo, input, buttons, side panel and the AI's request are the board games'
(game/client/board_game/); this module adds the board, its keys, the drop animations and what
the AI's request differs in (its observation).
"""

from __future__ import annotations

import pygame
import pytweening

from game.client import theme
from game.client.anim import Anim, reduced_motion
from game.client.board_game.scene import BoardScene
from game.client.connect4 import view
from game.client.connect4.match import Connect4Match, LevelConnect4Match, colour_word
from game.client.resources import font
from game.client.widgets import draw_text
from game.i18n import _, ngettext
from game.rules.connect4 import column_name
from game.rules.events import EventKind

DROP_MS = 420  # a fall from the top of a 6-row board


class Connect4Scene(BoardScene):
    name = "connect4"

    def __init__(self, app, setup=None, run=None, match=None):
        if match is None:
            match = LevelConnect4Match(run) if run is not None else Connect4Match(setup)
        self.geometry = view.Geometry(match.state.columns, match.state.rows)
        super().__init__(app, match)

    def first_cursor(self) -> int:
        return self.state.columns // 2

    def target_at(self, pos) -> int | None:
        return self.geometry.column_at(pos)

    # ------------------------------------------------------------------ flow

    def seat_name(self, seat: int) -> str:
        return self.match.name(seat)

    def event_animations(self) -> dict:
        return EVENT_ANIMATIONS

    def play(self, column: int, pause_ms: float = 0.0) -> bool:
        return self.play_move(column, pause_ms)

    def human_play(self, column: int) -> None:
        """A person's disc; a full column says so."""
        self.cursor = column
        self.human_play_move(column)

    def refusal_text(self, column) -> str:
        # The rules' sentence stays English (the referee and the tools say it); the player's
        # one refusal, a full column, is said here in the player's language.
        if not self.state.why_illegal(column):
            return ""
        if 0 <= column < self.state.columns and not self.state.is_terminal:
            return _("Column {column} is full").format(column=column_name(column))
        return _("That column cannot be played")

    def move_centre(self, column) -> tuple[int, int]:
        return self.geometry.centre(column, self.state.rows - 1)

    # ------------------------------------------------------------------ input

    def handle_key(self, name: str) -> None:
        if name in ("left", "right"):
            step = -1 if name == "left" else 1
            self.cursor = max(0, min(self.state.columns - 1, self.cursor + step))
            self.hover = None
        elif name in ("confirm", "end_turn", "down") and self.human_to_move():  # Enter, Space, Down
            self.human_play(self.cursor)

    # ------------------------------------------------------------------ the AI's request

    def ai_observation(self):
        return self.state.observation(self.state.current_player)  # the whole board (a copy)

    def move_text(self, column) -> str:
        return f"column {column!r}"

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
        if show_target:  # the focus: the keyboard's column, or the one under the mouse
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
            x, _top = geometry.centre(target, 0)
            legal = state.is_legal(target)
            view.draw_disc(surface, (x, geometry.drop_y), radius, state.current_player, alpha=235 if legal else 90)
            if not legal:  # a full column: a cross over the disc in hand, not only a red glow
                view.draw_cross(surface, (x, geometry.drop_y), radius * 0.55)
            view.draw_column_focus(surface, geometry, target)
        if state.moves and not falling and not pending:
            column = state.moves[-1]
            last = (column, state.height(column) - 1)
            if state.winner is None:
                glow = 1.0 if reduced_motion() else abs(((self.time / 600) % 2) - 1)  # reduced motion: steady
                view.draw_last_marker(surface, geometry, last, glow)
        line = state.winning_line() if state.winner is not None else ()
        if line and not falling and not pending:
            line_anim = next((a for a in self.anims.active if a.kind == "line"), None)
            view.draw_winning_line(surface, geometry, line, line_anim.eased if line_anim else 1.0)
        view.draw_column_labels(surface, geometry, target if show_target else None)
        self.draw_refusal(surface, view.AREA)
        self.draw_side(surface)
        self.draw_toast(surface)
        if self.overlay:
            view.draw_thoughts(surface, pygame.Rect(90, 150, 580, 420), self.ai_name(), self.explanation)

    def rules_text(self) -> str:
        return _("{columns} × {rows}  ·  four in a row wins").format(columns=self.state.columns, rows=self.state.rows)

    def draw_player_icon(self, surface, x: int, y: int, seat: int) -> None:
        view.draw_disc(surface, (x + 12, y + 11), 12, seat)

    def game_over_text(self) -> str:
        if self.state.winner is None:
            return _("Game over: a draw")
        if self.state.winner == 0:
            return _("Game over: Red connects four")
        return _("Game over: Yellow connects four")

    def status_hint(self) -> str:
        if not self.hotseat:
            return _(self.match.move_hint)
        # TRANSLATORS: whose turn it is in a two-player game, then how to play: "Red: Click a column, ...".
        return _("{colour}: {hint}").format(colour=colour_word(self.state.current_player), hint=_(self.match.move_hint))

    def draw_moves(self, surface, x: int, moves_y: int) -> None:
        opening = getattr(getattr(self.match, "session", None), "opening_moves", 0)
        moves = self.state.moves[opening:]
        count = len(moves)
        heading = ngettext("{count} disc dropped", "{count} discs dropped", count).format(count=count)
        below = draw_text(surface, heading, (x, moves_y), 18, theme.TEXT, bold=True).bottom
        top, step = max(moves_y + 30, below + 2), max(24, font(16).get_height())
        rows = max(1, (self.moves_bottom - top) // step)
        pairs = (count + 1) // 2
        first_pair = max(0, pairs - rows * 4)
        for pair in range(first_pair, pairs):
            index = pair - first_pair
            column_index, line = divmod(index, rows)
            mx = x + column_index * 118
            my = top + line * step
            draw_text(surface, f"{pair + 1:>2}.", (mx, my), 16, theme.TEXT_DIM)
            for k in (0, 1):
                if pair * 2 + k < count:
                    seat = (opening + pair * 2 + k) & 1
                    view.draw_disc(surface, (mx + 36 + k * 40, my + step // 2 - 3), 7, seat)
                    draw_text(surface, column_name(moves[pair * 2 + k]), (mx + 47 + k * 40, my), 16, theme.TEXT)

    def key_hints(self) -> str:
        return _("Tab: the AI's thoughts  ·  Esc: menu") if not self.hotseat else _("Esc: menu")


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
