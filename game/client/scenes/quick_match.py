"""Quick match setup: which game, against whom, and the variant.

The games offered are the ones the client has a front end for (game/client/front_ends.py), in the
registry's order; below Game, Opponent and Difficulty (the game's AI levels) come the game's own
lines, which its front end lists (`FrontEnd.quick_options`). Nothing here names a game.

The lines sit in fixed slots, as many as the game with the most lines needs: choosing another game
fills the same slots (the rest stay empty) instead of spreading the lines anew, and each value is
fitted between its arrows. A line's label is kept in English and translated when drawn."""

from __future__ import annotations

import random

import pygame

from game.client import theme
from game.client.front_ends import front_end, playable_games
from game.client.match import MatchSetup, QuickOption, start_match
from game.client.scene import Scene
from game.client.value_names import AI_LEVEL_NAMES, value_name
from game.i18n import N_, _
from game.client.widgets import Button, OptionRow, backdrop, draw_text, fit_text, hover_buttons, panel, press_buttons

TOP = 140  # the first slot's top
VALUE_SIZE = 22  # a value's font size when it fits between its arrows


class QuickMatchScene(Scene):
    name = "quick_match"

    def __init__(self, app):
        super().__init__(app)
        games = playable_games()
        # A game's title is its front end's (translated once front_ends.py marks it).
        self.game = OptionRow(N_("Game"), games, 0, lambda v: _(front_end(v).title(v)))
        self.opponent = OptionRow(
            N_("Opponent"), ["ai", "hotseat"], 0, lambda v: _("Computer") if v == "ai" else _("Hot-seat (2 players)")
        )
        self.ai_levels: dict[str, list[str]] = {}  # game -> its AI levels, weakest first ([]: no AI)
        self.difficulty: dict[str, OptionRow] = {}  # game -> its Difficulty line
        self.options: dict[str, list[QuickOption]] = {}  # game -> its own lines
        for game in games:
            self._add_game(game)
        self.focus = 0
        self.start = Button(
            pygame.Rect(theme.WIDTH // 2 + 10, 630, 260, 62), _("Start"), self.start_match, primary=True
        )
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 270, 630, 260, 62), _("Back"), self.app.pop)
        self._layout()

    def _vs_ai(self) -> bool:
        return self.opponent.value == "ai"

    def _add_game(self, game: str) -> None:
        client = front_end(game)
        levels = client.levels()
        default = levels.index(client.default_level) if client.default_level in levels else 0
        difficulty = OptionRow(
            N_("Difficulty"), levels or ["-"], default, lambda v: value_name(AI_LEVEL_NAMES, v, v.capitalize())
        )
        difficulty.enabled = lambda: self._vs_ai() and bool(levels)
        self.ai_levels[game] = levels
        self.difficulty[game] = difficulty
        self.options[game] = client.quick_match_options(self._vs_ai)

    def option(self, game: str, name: str):
        """Game `game`'s own line called `name` (an OptionRow, or the list of them for a line
        made of several, such as skirmish's three heroes): for tests and tools that set up the screen."""
        return next(option.row for option in self.options[game] if option.name == name)

    def rows(self) -> list[OptionRow]:
        game = self.game.value
        own = [row for option in self.options[game] for row in option.rows()]
        return [self.game, self.opponent, self.difficulty[game], *own]

    def slots(self) -> int:
        """How many lines the screen keeps room for: the most any game has."""
        return 3 + max(sum(len(option.rows()) for option in options) for options in self.options.values())

    def _layout(self) -> None:
        rows = self.rows()
        gap, height = (72, 60) if self.slots() <= 6 else (64, 54)
        for index, option in enumerate(rows):
            option.rect = pygame.Rect(theme.WIDTH // 2 - 380, TOP + index * gap, 760, height)
            option.focused = index == self.focus

    def setup(self) -> MatchSetup:
        game = self.game.value
        return MatchSetup(
            game=game,
            opponent=self.opponent.value if self.ai_levels[game] else "hotseat",  # no AI: two people
            difficulty=self.difficulty[game].value,
            seed=random.randrange(1 << 30),
            **{option.field: option.value for option in self.options[game]},
        )

    def start_match(self) -> None:
        start_match(self.app, self.setup(), replace_top=True)

    def handle(self, intent) -> None:
        rows = self.rows()
        if intent.kind == "action":
            if intent.name == "back":
                self.app.pop()
            elif intent.name in ("up", "down"):
                self.focus = (self.focus + (1 if intent.name == "down" else -1)) % len(rows)
            elif intent.name in ("left", "right"):
                rows[self.focus].step(1 if intent.name == "right" else -1)
                self.app.play_sound("click")
            elif intent.name == "confirm":
                self.start_match()
                return
            self._layout()
        elif intent.kind == "move":
            hover_buttons((self.start, self.back), intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if press_buttons((self.start, self.back), intent.pos, lambda: self.app.play_sound("click")):
                return
            for index, option in enumerate(rows):
                if option.rect.collidepoint(intent.pos):
                    self.focus = index
                    option.click(intent.pos)
                    self.app.play_sound("click")
            self.focus = min(self.focus, len(self.rows()) - 1)
            self._layout()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_text(
            surface, _("Quick match"), (theme.WIDTH // 2, 80), 52, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        for option in self.rows():
            _draw_row(surface, option)
        self.start.draw(surface)
        self.back.draw(surface)
        draw_text(
            surface,
            _("Up/Down: choose a line  ·  Left/Right: change it  ·  Enter: start  ·  Esc: back"),
            (theme.WIDTH // 2, 706),
            16,
            theme.TEXT_DIM,
            anchor="center",
        )


def _draw_row(surface: pygame.Surface, row: OptionRow) -> None:
    """A line as OptionRow draws it, but with the value shrunk to fit between the arrows (a game's
    title such as "Skirmish (team arena)" ran over them)."""
    enabled = row.enabled()
    focused = row.focused
    panel(
        surface,
        row.rect,
        theme.PANEL_LIGHT if focused else theme.PANEL,
        theme.ACCENT if focused else theme.PANEL_BORDER,
        radius=10,
    )
    text_colour = theme.TEXT if enabled else theme.DISABLED
    draw_text(surface, _(row.label), (row.rect.x + 20, row.rect.centery), 22, text_colour, anchor="midleft")
    left, right = row.arrows()
    for rect, glyph in ((left, "<"), (right, ">")):
        pygame.draw.rect(surface, theme.BACKGROUND_2, rect, border_radius=8)
        draw_text(
            surface, glyph, rect.center, 22, theme.ACCENT if enabled else theme.DISABLED, bold=True, anchor="center"
        )
    value = row.format(row.value) if enabled else "-"
    room = right.left - left.right - 12
    draw_text(
        surface,
        value,
        ((left.right + right.left) // 2, row.rect.centery),
        value_size(value, room),
        theme.ACCENT if enabled else theme.DISABLED,
        bold=True,
        anchor="center",
    )


def value_size(value: str, room: int) -> int:
    """The font size a line's value is drawn at to fit in `room` pixels between its arrows."""
    return fit_text(value, VALUE_SIZE, room, bold=True)
