"""Gomoku: the board with stones, hover preview, last move, winning line, renju forbidden points,
mouse and keyboard play (arrows + Enter), undo, the move list, and the AI's paced moves.

The scene plays a match (game/client/match.py: a quick match; level_match.py: a campaign
level) and animates the typed events its moves return (EVENT_ANIMATIONS); the AI's requests go
through the shared driver (ai_driver.py). The turn flow, undo, input, buttons, side panel and the
AI's "act" request are the board games' (game/client/board_game/); this module adds the board,
its keys and what the AI's request differs in (its observation, its answer as a point)."""

from __future__ import annotations

import pygame
import pytweening

from game.client import theme
from game.client.anim import Anim
from game.client.board_game.scene import BoardScene
from game.client.explain_overlay import draw_gomoku_thoughts
from game.client.resources import font
from game.client.widgets import draw_text, vertical_gradient
from game.i18n import N_, _, ngettext
from game.rules.events import EventKind
from game.client.gomoku.match import FOUL_WORDS
from game.rules.gomoku import BLACK, EMPTY, WHITE, Rule, format_move
from game.rules.gomoku.rules import POINT_LETTERS, WALL, point_name

BOARD = pygame.Rect(40, 30, 660, 660)
A_FOUL = N_("A foul")  # a foul the words below do not know (a newer rules module's)
RULE_LABELS = {  # translated where drawn
    Rule.FREESTYLE: N_("Freestyle: five or more wins"),
    Rule.STANDARD: N_("Standard: exactly five wins"),
    Rule.RENJU: N_("Renju: black may not make double threes, double fours or overlines"),
}

_BACKGROUND: dict = {}


def _background() -> pygame.Surface:
    surface = _BACKGROUND.get("gomoku")
    if surface is None:
        surface = vertical_gradient((theme.WIDTH, theme.HEIGHT), (34, 40, 60), (16, 18, 28))
        _BACKGROUND["gomoku"] = surface
    return surface


class GomokuScene(BoardScene):
    name = "gomoku"

    def __init__(self, app, match):
        super().__init__(app, match)  # a GomokuMatch: a quick match or a campaign level (LevelGomokuMatch)
        self._board_cache: pygame.Surface | None = None
        self.numbers = False  # move numbers on the stones (N)
        self._numbers_key = -1
        self._numbers: dict = {}

    def first_cursor(self) -> tuple[int, int]:
        size = self.state.size
        return (size // 2, size // 2)

    # ------------------------------------------------------------------ geometry

    @property
    def cell(self) -> float:
        return BOARD.width / self.state.size

    def point_centre(self, x: int, y: int) -> tuple[int, int]:
        return (int(BOARD.x + (x + 0.5) * self.cell), int(BOARD.y + (y + 0.5) * self.cell))

    def point_at(self, pos) -> tuple[int, int] | None:
        if not BOARD.collidepoint(pos):
            return None
        x = int((pos[0] - BOARD.x) / self.cell)
        y = int((pos[1] - BOARD.y) / self.cell)
        if self.state.on_board(x, y):
            return x, y
        return None

    def target_at(self, pos) -> tuple[int, int] | None:
        return self.point_at(pos)

    # ------------------------------------------------------------------ flow

    def move_numbers(self) -> dict:
        """Each stone's move number (stones of a level's opening have none)."""
        if self._numbers_key != len(self.state.moves):
            self._numbers_key = len(self.state.moves)
            self._numbers = {move: index + 1 for index, move in enumerate(self.state.moves)}
        return self._numbers

    def match_name(self, seat: int) -> str:
        name = self.match.who(BLACK if seat == 0 else WHITE)
        return name if name is not None else _("you")

    def seat_name(self, seat: int) -> str:
        return self.match_name(seat)

    def label(self, colour: int) -> str:
        return self.match.label(colour)

    def event_animations(self) -> dict:
        return EVENT_ANIMATIONS

    def play(self, x: int, y: int, pause_ms: float = 0.0) -> bool:
        return self.play_move((x, y), pause_ms)

    def human_play(self, x: int, y: int) -> None:
        """A person's move; a point the rules refuse (occupied, a renju foul for black) says so."""
        self.human_play_move((x, y))

    def foul_words(self, point) -> str:
        """Why renju forbids black `point` now ("Double three: forbidden for black"), or ""."""
        state = self.state
        if state.current_player != BLACK or not state.on_board(*point) or state.at(*point) != EMPTY:
            return ""
        foul = state.foul_at(*point)
        if not foul:
            return ""
        # TRANSLATORS: {foul} is a renju foul: "Double three", "Double four" or "Overline".
        return _("{foul}: forbidden for black").format(foul=_(FOUL_WORDS.get(foul, A_FOUL)))

    def refusal_text(self, move) -> str:
        if self.state.on_board(*move) and self.state.at(*move) == WALL:
            return _("That point is sealed")
        if self.state.on_board(*move) and self.state.at(*move) != EMPTY:
            return _("That point is taken")
        return self.foul_words(move)

    def move_centre(self, move) -> tuple[int, int]:
        return self.point_centre(*move)

    # ------------------------------------------------------------------ input

    def handle_key(self, name: str) -> None:
        if name == "numbers":
            self.numbers = not self.numbers
        elif name in ("up", "down", "left", "right"):
            dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[name]
            size = self.state.size
            self.cursor = (max(0, min(size - 1, self.cursor[0] + dx)), max(0, min(size - 1, self.cursor[1] + dy)))
            self.hover = None
        elif name == "confirm" and self.human_to_move():
            self.human_play(*self.cursor)

    # ------------------------------------------------------------------ the AI's request

    def ai_observation(self):
        from game.rules.gomoku.game import GomokuGame

        return GomokuGame(self.state.clone())  # the agent searches with seed + stones on the board

    def ai_move(self, action) -> tuple[int, int]:
        x, y = action
        return (x, y)

    def move_text(self, move) -> str:
        return format_move(move)

    # ------------------------------------------------------------------ drawing

    def _board_surface(self) -> pygame.Surface:
        if self._board_cache is None:
            surface = pygame.Surface(BOARD.inflate(40, 40).size, pygame.SRCALPHA)
            outer = surface.get_rect()
            pygame.draw.rect(surface, (0, 0, 0, 90), outer.move(4, 6), border_radius=18)
            pygame.draw.rect(surface, theme.BOARD_WOOD, outer, border_radius=18)
            grain = pygame.Surface(outer.size, pygame.SRCALPHA)
            for i in range(0, outer.height, 5):  # a faint wood grain
                pygame.draw.line(grain, (120, 80, 30, 10 + (i * 37) % 18), (12, i), (outer.width - 12, i + 4), 2)
            surface.blit(grain, (0, 0))
            size = self.state.size
            cell = self.cell
            offset = 20
            first = offset + cell / 2
            last = offset + (size - 0.5) * cell
            for i in range(size):
                p = offset + (i + 0.5) * cell
                pygame.draw.line(surface, theme.BOARD_LINE, (first, p), (last, p), 2 if i in (0, size - 1) else 1)
                pygame.draw.line(surface, theme.BOARD_LINE, (p, first), (p, last), 2 if i in (0, size - 1) else 1)
            for sx, sy in _star_points(size):
                pygame.draw.circle(
                    surface, theme.BOARD_LINE, (offset + (sx + 0.5) * cell, offset + (sy + 0.5) * cell), 4
                )
            self._board_cache = surface
        return self._board_cache

    def forbidden(self) -> list:
        """Black's forbidden points now (renju; the state caches them per position)."""
        return self.state.forbidden_points()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_background(), (0, 0))
        surface.blit(self._board_surface(), BOARD.move(-20, -20))
        size = self.state.size
        for index in range(size):  # RIF notation: a, b, c ... from the left, 1 at the bottom
            x, _top = self.point_centre(index, 0)
            for edge in (BOARD.y - 9, BOARD.bottom + 9):
                draw_text(surface, POINT_LETTERS[index], (x, edge), 13, theme.BOARD_LINE, bold=True, anchor="center")
            _left, y = self.point_centre(0, index)
            for edge in (BOARD.x - 10, BOARD.right + 10):
                draw_text(surface, str(size - index), (edge, y), 12, theme.BOARD_LINE, bold=True, anchor="center")
        radius = int(self.cell * 0.44)
        growing = {anim.data["point"]: anim for anim in self.anims.active if anim.kind == "stone"}
        pending = {anim.data["point"] for step in list(self.anims.steps)[1:] for anim in step if anim.kind == "stone"}
        state = self.state
        for index, value in enumerate(state.board):
            if value == EMPTY:
                continue
            point = (index % state.size, index // state.size)
            if value == WALL:  # a sealed point of the level's twist
                _sealed(surface, self.point_centre(*point), radius)
                continue
            if point in pending:
                continue
            scale = 1.0
            if point in growing:
                scale = 1.5 - 0.5 * growing[point].eased
            _stone(surface, self.point_centre(*point), int(radius * scale), value)
            if self.numbers:
                number = self.move_numbers().get(point)
                if number:
                    draw_text(
                        surface,
                        str(number),
                        self.point_centre(*point),
                        max(10, int(radius * 0.9)),
                        theme.STONE_WHITE if value == BLACK else theme.STONE_BLACK,
                        bold=True,
                        anchor="center",
                    )
        if state.moves and state.moves[-1] not in pending:
            last = state.moves[-1]
            _last_move_marker(surface, self.point_centre(*last), radius, state.at(*last))
        if state.current_player == BLACK and not self.match.over:
            for point in self.forbidden():
                _cross(surface, self.point_centre(*point), radius * 0.45)
        if state.winning_line and not pending:
            line_anim = next((a for a in self.anims.active if a.kind == "line"), None)
            t = line_anim.eased if line_anim else 1.0
            start = self.point_centre(*state.winning_line[0])
            end = self.point_centre(*state.winning_line[-1])
            tip = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            # A line through the five and a ring round each stone: told by shape, not by colour.
            pygame.draw.line(surface, theme.BOARD_LINE, start, tip, 12)
            pygame.draw.line(surface, theme.ACCENT, start, tip, 8)
            for point in state.winning_line:
                pygame.draw.circle(surface, theme.BOARD_LINE, self.point_centre(*point), radius + 5, 2)
                pygame.draw.circle(surface, theme.ACCENT, self.point_centre(*point), radius + 3, 3)
        if self.human_to_move():
            target = self.hover if self.hover is not None else self.cursor
            if target is not None and state.at(*target) == EMPTY:
                ghost = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
                colour = theme.STONE_BLACK if state.current_player == BLACK else theme.STONE_WHITE
                pygame.draw.circle(ghost, (*colour, 130), (radius + 1, radius + 1), radius)
                surface.blit(ghost, ghost.get_rect(center=self.point_centre(*target)))
                if not state.is_legal(*target):  # a forbidden point under the pointer: a bold cross
                    _cross(surface, self.point_centre(*target), radius * 0.62, 5)
            # The focus (keyboard cursor, or the point under the mouse): a dark-edged bright square,
            # seen on the wood and on stones of either colour.
            cx, cy = self.point_centre(*self.cursor)
            half = int(self.cell / 2)
            focus = pygame.Rect(cx - half, cy - half, half * 2, half * 2)
            pygame.draw.rect(surface, theme.BOARD_LINE, focus.inflate(4, 4), 2, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, focus, 3, border_radius=4)
        self.draw_refusal(surface, BOARD)
        self.draw_side(surface)
        self.draw_toast(surface)
        if self.overlay:
            who = self.ai_name(_("the AI"))
            draw_gomoku_thoughts(
                surface,
                pygame.Rect(70, 110, 600, 460),
                who,
                self.explanation,
                lambda point: point_name(point, self.state.size),
            )

    def rules_text(self) -> str:
        return _("{rule}  ·  {size}×{size}").format(rule=_(RULE_LABELS[self.state.rule]), size=self.state.size)

    def draw_player_icon(self, surface, x: int, y: int, colour: int) -> None:
        _stone(surface, (x + 12, y + 10), 11, colour)

    def status_hint(self) -> str:
        if self.state.rule == Rule.RENJU and self.state.current_player == BLACK:
            target = self.hover if self.hover is not None else self.cursor
            why = self.foul_words(target) if target is not None else ""
            return why or _("Crosses: forbidden for black")
        return _(self.match.move_hint)

    def draw_moves(self, surface, x: int, moves_y: int) -> None:
        count = len(self.state.moves)
        heading = draw_text(
            surface,
            ngettext("{count} move", "{count} moves", count).format(count=count),
            (x, moves_y),
            18,
            theme.TEXT,
            bold=True,
        )
        moves = self.state.moves
        top, step = max(moves_y + 28, heading.bottom + 2), max(22, font(16).get_height())
        rows = max(1, (self.moves_bottom - top) // step)
        first_pair = max(0, (len(moves) + 1) // 2 - rows * 2)
        for pair in range(first_pair, (len(moves) + 1) // 2):
            index = pair - first_pair
            column, line = divmod(index, rows)
            mx = x + column * 240
            my = top + line * step
            black = moves[pair * 2]
            text = f"{pair + 1:>3}. {_name(black, self.state.size)}"
            if pair * 2 + 1 < len(moves):
                text += f"   {_name(moves[pair * 2 + 1], self.state.size)}"
            draw_text(surface, text, (mx, my), 16, theme.TEXT)

    def key_hints(self) -> str:
        return "" if self.hotseat else _("Tab: the AI's thoughts  ·  N: move numbers  ·  Esc: menu")


def _name(move, size: int = 15) -> str:
    return point_name(move, size)


def _stone(surface, centre, radius: int, colour: int) -> None:
    radius = max(2, radius)
    pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 2, centre[1] + 3), radius)
    if colour == BLACK:
        pygame.draw.circle(surface, theme.STONE_BLACK, centre, radius)
        pygame.draw.circle(
            surface, (90, 90, 100), (centre[0] - radius // 3, centre[1] - radius // 3), max(1, radius // 4)
        )
    else:
        pygame.draw.circle(surface, theme.STONE_WHITE, centre, radius)
        pygame.draw.circle(surface, (190, 190, 180), centre, radius, 2)
        pygame.draw.circle(
            surface, (255, 255, 255), (centre[0] - radius // 3, centre[1] - radius // 3), max(1, radius // 4)
        )


def _sealed(surface, centre, radius: int) -> None:
    """A sealed point (a level's twist): a dark slate square with a ring, told from stones and
    from the forbidden cross by its shape."""
    cx, cy = centre
    slab = pygame.Rect(0, 0, radius * 2 - 2, radius * 2 - 2)
    slab.center = (cx, cy)
    pygame.draw.rect(surface, (0, 0, 0), slab.move(2, 3), border_radius=4)
    pygame.draw.rect(surface, (78, 70, 92), slab, border_radius=4)
    pygame.draw.rect(surface, theme.BOARD_LINE, slab, 2, border_radius=4)
    pygame.draw.circle(surface, (150, 136, 170), centre, max(3, radius // 2), 2)


def _cross(surface, centre, half: float, width: int = 3) -> None:
    """A forbidden point's cross: dark under theme.BAD, so its shape reads in any palette."""
    cx, cy = centre
    for colour, thickness in ((theme.BOARD_LINE, width + 3), (theme.BAD, width)):
        pygame.draw.line(surface, colour, (cx - half, cy - half), (cx + half, cy + half), thickness)
        pygame.draw.line(surface, colour, (cx - half, cy + half), (cx + half, cy - half), thickness)


def _last_move_marker(surface, centre, radius: int, colour: int) -> None:
    """The last stone's mark: a diamond in the other stone's colour, edged in the accent (a shape
    on the stone, not a red dot)."""
    cx, cy = centre
    d = max(4, radius // 2 - 1)
    points = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
    pygame.draw.polygon(surface, theme.STONE_WHITE if colour == BLACK else theme.STONE_BLACK, points)
    pygame.draw.polygon(surface, theme.ACCENT, points, 2)


def _star_points(size: int) -> list[tuple[int, int]]:
    edge = 3 if size < 17 else 4
    middle = size // 2
    points = [(edge, edge), (edge, size - 1 - edge), (size - 1 - edge, edge), (size - 1 - edge, size - 1 - edge)]
    if size % 2 == 1:
        points.append((middle, middle))
    return points


def _stone_animation(scene: GomokuScene, event) -> Anim:
    return Anim(
        "stone",
        200,
        ease=pytweening.easeOutBack,
        point=event.point,
        colour=event.player,
        on_start=lambda: scene.app.play_sound("stone"),
    )


def _win_animation(scene: GomokuScene, event) -> Anim | None:
    if not event.line:  # won by the opponent's foul
        return Anim("pause", 200)
    return Anim("line", 500, ease=pytweening.easeOutQuad, on_start=lambda: scene.app.play_sound("five_in_a_row"))


# The animation table: the gomoku events a move returns (game/rules/events.py) -> an animation.
EVENT_ANIMATIONS = {
    EventKind.STONE: _stone_animation,
    EventKind.WIN: _win_animation,
}
