"""The scene of a two-player board game (gomoku, Connect Four): the turn flow (a person's move,
the AI's paced move through the shared AIDriver, undo), the result and pause, the buttons under
the side panel, the hover and keyboard cursor, the side panel's title, players, status line and
HUD, the toast and the dialogue box's place.

A game's scene fills in the board: where a mouse position points (`target_at`), its own keys
(`handle_key`), the events' animations (`event_animations`), what its AI's "act" request
differs in (`ai_observation`, `ai_move`, `move_text`), why a person's move is refused and where it
is (`refusal_text`, `move_centre`), and the
drawing (`draw`, and the side panel's parts: `rules_text`, `draw_player_icon`,
`game_over_text`, `status_hint`, `draw_moves`, `key_hints`). A move is what the game's match
takes (gomoku: a point (x, y); Connect Four: a column)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.ai_driver import AIDriver
from game.client.anim import Anim, AnimationQueue
from game.client.scene import Scene
from game.client.resources import font
from game.client.widgets import (
    Button,
    draw_text,
    fit_text,
    hover_buttons,
    panel,
    press_buttons,
    text_surface,
    wrap_text,
)
from game.i18n import _, language, pgettext
from game.rules.game_api import Explanation

SIDE = pygame.Rect(730, 30, 520, 660)  # the side panel: title, players, status, HUD, moves, buttons
AI_PAUSE_MS = 250
REFUSAL_MS = 2800  # how long a refused move's reason stays by the board and in the status line


def button_words(label: str) -> str:
    """A side-panel button's English label in the player's language: a board game's Undo takes
    a move back, which some languages say apart from an editor's undo (悔棋, not 撤销)."""
    return pgettext("board game", "Undo") if label == "Undo" else _(label)


class BoardScene(Scene):
    music = "gomoku"
    dialogue_box = pygame.Rect(716, 380, 554, 330)  # story lines mid-game sit over the side panel

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match  # a quick match or a campaign level's (game/client/board_game/match.py)
        self.level_run = match.level_run
        self.state = match.state
        self.controllers = match.controllers  # seat 0 plays first
        self.hotseat = match.hotseat
        self.cursor = self.first_cursor()
        self.hover = None
        self.anims = AnimationQueue(app.settings.animation_speed)
        self.ai = AIDriver()
        self.explanation: Explanation | None = None  # the AI's last move's, for the Tab view
        self.overlay = False
        self.result_shown = False
        self.time = 0.0
        # The last move the rules refused: (why, the move, when); shown for REFUSAL_MS.
        self.refusal: tuple[str, object, float] | None = None
        self.moves_bottom = SIDE.bottom - 100  # where the move list ends (over the key hints), set when drawn
        y = SIDE.bottom - 70
        choices = match.buttons(self)
        width = (SIDE.width - 20 * (len(choices) + 1)) // len(choices)
        self.button_labels = [label for label, _action in choices]  # English; translated when drawn
        self.buttons = [
            Button(pygame.Rect(SIDE.x + 20 + i * (width + 20), y, width, 54), button_words(label), action)
            for i, (label, action) in enumerate(choices)
        ]

    @property
    def ai_stats(self) -> list[dict]:
        return self.ai.stats

    # ------------------------------------------------------------------ what each game fills in

    def first_cursor(self):
        """The keyboard cursor's place when the scene opens."""
        raise NotImplementedError

    def target_at(self, pos):
        """The move a mouse position points at (None: off the board)."""
        raise NotImplementedError

    def handle_key(self, name: str) -> None:
        """A game's own keys (cursor moves, playing the cursor's move)."""

    def event_animations(self) -> dict:
        """The game's animation table: event kind -> (scene, event) -> Anim."""
        raise NotImplementedError

    def refusal_text(self, move) -> str:
        """Why the rules refuse a person's `move`, in the player's words ("": say nothing)."""
        return ""

    def move_centre(self, move) -> tuple[int, int]:
        """Where on the screen `move` is (the refusal's note points there)."""
        raise NotImplementedError

    def ai_observation(self):
        """What the AI's request sends: the game's observation of the board now (a copy)."""
        raise NotImplementedError

    def ai_move(self, action):
        """The move (what the match takes) of the AI's answer's action."""
        return action

    def move_text(self, move) -> str:
        """A move in words, for the error of an AI that chose an illegal one."""
        return repr(move)

    def seat_name(self, seat: int) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------------ flow

    def seat_of(self, player: int) -> int:
        return self.match.seat_of(player)

    def ai_name(self, default: str | None = None) -> str:
        """The AI seat's name (`default`, else "The computer", when no seat is the AI's)."""
        found = next((self.seat_name(seat) for seat in (0, 1) if self.controllers[seat] == "ai"), None)
        return found if found is not None else (default if default is not None else _("The computer"))

    def human_to_move(self) -> bool:
        return (
            not self.match.over
            and self.controllers[self.seat_of(self.state.current_player)] == "human"
            and not self.anims.busy
        )

    def play_move(self, move, pause_ms: float = 0.0) -> bool:
        if not self.match.is_legal(move):
            return False
        if pause_ms:
            self.anims.then(Anim("pause", pause_ms))
        animations = self.event_animations()
        self.refusal = None
        for event in self.match.apply(move):
            build = animations.get(event.kind)
            if build is not None:
                self.anims.then(build(self, event))
        self.match.after_action(self)
        return True

    def drive_ai(self) -> None:
        """Each frame while nothing animates and the game goes on: ask the AI (the worker pool's
        "act" request, game/client/ai_worker.py), play its answer."""
        seat = self.seat_of(self.state.current_player)
        if self.controllers[seat] != "ai":
            return
        answer = self.ai.poll(
            len(self.state.moves), self.match.ai_budget_ms(self.app), lambda budget: self._ask_ai(seat, budget)
        )
        if answer is None:
            return
        if answer.error:
            self.app.push("error", title=_("The AI failed"), message=answer.error)
            return
        self.explanation = answer.result.get("explanation")
        move = self.ai_move(answer.result["action"])
        if not self.play_move(move, pause_ms=AI_PAUSE_MS):
            self.app.push("error", title=_("The AI chose an illegal move"), message=self.move_text(move))

    def _ask_ai(self, seat: int, budget: float):
        game = self.match.kind
        # The agents add the stones or discs on the board to the seed: a move depends only on
        # the seed and the position (the same after an undo, or in another worker).
        game_id = f"{game}:{self.match.seed}"
        return self.app.pool.submit(
            "act",
            route=0,
            game=game,
            agent=self.match.ai_level(seat),
            seed=self.match.seed,
            game_id=game_id,
            seat=seat,
            observation=self.ai_observation(),
            budget_ms=budget,
            language=language(),  # the AI's thoughts (Tab) in the player's language
        )

    def human_play_move(self, move) -> None:
        """A person's move; one the rules refuse says why, by the board and in the status line
        (a sound alone told nothing: issue #31)."""
        if not self.play_move(move):
            self.app.play_sound("foul_refused")
            words = self.refusal_text(move)
            self.refusal = (words, move, self.time) if words else None

    def shown_refusal(self) -> tuple[str, object] | None:
        """The refused move's reason and move while it is still shown."""
        if self.refusal is None or self.time - self.refusal[2] >= REFUSAL_MS:
            return None
        # Worded again (the board is as it was refused): a language switch meanwhile reaches it.
        return self.refusal_text(self.refusal[1]) or self.refusal[0], self.refusal[1]

    def undo(self) -> None:
        if not self.match.can_undo or not self.state.moves or self.anims.busy:
            return
        self.ai.cancel()  # a search under way answers a position that no longer exists
        self.state.undo()
        if not self.hotseat:
            # Back to the human's turn: take the AI's reply and the human's move.
            while self.state.moves and self.controllers[self.seat_of(self.state.current_player)] != "human":
                self.state.undo()
        self.result_shown = False

    def open_pause(self) -> None:
        self.match.open_pause(self)

    def note_resumed(self) -> None:
        """A saved game was replayed into this board (levels)."""
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
            else:
                self.handle_key(name)
            return
        if intent.kind == "move":
            self.hover = self.target_at(intent.pos)
            if self.hover is not None:
                self.cursor = self.hover
            hover_buttons(self.buttons, intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if press_buttons(self.buttons, intent.pos, lambda: self.app.play_sound("click")):
                return
            target = self.target_at(intent.pos)
            if target is not None and self.human_to_move():
                self.cursor = target
                self.human_play_move(target)

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
        self.drive_ai()

    # ------------------------------------------------------------------ drawing

    def draw_toast(self, surface: pygame.Surface) -> None:
        if self.match.toast is not None:
            self.match.toast.draw(surface)

    def rules_text(self) -> str:
        """The side panel's line under the title."""
        raise NotImplementedError

    def draw_player_icon(self, surface: pygame.Surface, x: int, y: int, player: int) -> None:
        raise NotImplementedError

    def game_over_text(self) -> str:
        return _("Game over")

    def status_hint(self) -> str:
        """The status line while a person is to move."""
        return self.match.move_hint

    def draw_moves(self, surface: pygame.Surface, x: int, y: int) -> None:
        """The move list, from `y` down to the hints over the buttons."""
        raise NotImplementedError

    def key_hints(self) -> str:
        """The line of keys over the buttons ("": none)."""
        raise NotImplementedError

    def status_line(self) -> tuple[str, bool]:
        """The status line while a person is to move, and whether it warns (a refused move)."""
        refusal = self.shown_refusal()
        if refusal is not None:
            return refusal[0], True
        return self.status_hint(), False

    def draw_refusal(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A refused move's reason in a note by the move (above it, or below near the top),
        kept inside the board's `area`; it fades in its last half second."""
        refusal = self.shown_refusal()
        if refusal is None:
            return
        words, move = refusal
        cx, cy = self.move_centre(move)
        label = text_surface(words, 18, theme.TEXT, True)
        note = pygame.Rect(0, 0, label.get_width() + 28, label.get_height() + 16)
        note.centerx = cx
        note.bottom = cy - 26
        if note.top < area.top:
            note.top = cy + 26
        note.clamp_ip(area)
        left = REFUSAL_MS - (self.time - self.refusal[2]) if self.refusal else 0
        alpha = max(0, min(255, int(255 * left / 500)))
        layer = pygame.Surface(note.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.PANEL[:3], 240), layer.get_rect(), border_radius=10)
        pygame.draw.rect(layer, theme.BAD, layer.get_rect(), 3, border_radius=10)
        layer.blit(label, label.get_rect(center=layer.get_rect().center))
        layer.set_alpha(alpha)
        surface.blit(layer, note)

    def draw_side(self, surface: pygame.Surface) -> None:
        """The panel, laid out top down by the font's own line heights: the lines wrap (or,
        one-line names, shrink to the width) so a large text size pushes, never overlaps."""
        panel(surface, SIDE, theme.PANEL, theme.PANEL_BORDER, radius=16)
        x = SIDE.x + 24
        width = SIDE.width - 48
        title = _(self.match.title)  # a quick match's game (marked N_) or a level's title
        size = fit_text(title, 34 if len(title) < 20 else 28, width, True)
        y = draw_text(surface, title, (x, SIDE.y + 18), size, theme.ACCENT, bold=True).bottom
        for line in wrap_text(self.rules_text(), 16, width):
            y = draw_text(surface, line, (x, y), 16, theme.TEXT_DIM).bottom
        y += 8
        row = max(38, font(20, True).get_height() + 4)
        for seat in (0, 1):
            player = self.match.player_of(seat)
            self.draw_player_icon(
                surface, x, y + (font(20, True).get_height() - 24) // 2, player
            )  # by the name's middle
            current = self.state.current_player == player and not self.match.over
            to_move = (
                draw_text(surface, _("to move"), (SIDE.right - 24, y + 2), 16, theme.ACCENT, anchor="topright")
                if current
                else None
            )
            room = (to_move.left - 12 if to_move else SIDE.right - 24) - (x + 34)
            label = self.match.label(player)
            colour = theme.TEXT if current else theme.TEXT_DIM
            draw_text(surface, label, (x + 34, y), fit_text(label, 20, room, current), colour, bold=current)
            y += row
        y += 8
        if self.ai.thinking:
            dots = "." * (1 + int(self.time / 300) % 3)
            # TRANSLATORS: {dots} is one to three dots that grow while the AI thinks.
            text = _("{name} is thinking{dots}  {seconds} s").format(
                name=self.ai_name(), dots=dots, seconds=f"{self.ai.elapsed_ms / 1000:.1f}"
            )
            y = draw_text(surface, text, (x, y), 18, theme.ACCENT, width=width).bottom
        elif self.match.over:
            for line in wrap_text(self.game_over_text(), 18, width, True):
                y = draw_text(surface, line, (x, y), 18, theme.ACCENT, bold=True).bottom
        elif self.human_to_move():
            text, warning = self.status_line()
            for line in wrap_text(text, 17, width, warning):
                y = draw_text(surface, line, (x, y), 17, theme.BAD if warning else theme.TEXT_DIM, bold=warning).bottom
        else:
            y += font(17).get_height()
        moves_y = max(SIDE.y + 228, y + 10)
        if self.match.hud is not None:
            height = self.match.hud.height(width)
            self.match.hud.draw(surface, pygame.Rect(x, moves_y, width, height))
            moves_y += height + 12
        # The key hints sit over the buttons, wrapped; the move list fills what is between.
        hints = wrap_text(self.key_hints(), 15, width) if self.key_hints() else []
        line = font(15).get_height()
        hints_top = (
            min(SIDE.bottom - 96, self.buttons[0].rect.top - 6 - line * len(hints)) if hints else SIDE.bottom - 80
        )
        self.moves_bottom = hints_top - 4
        # A tall level HUD (objectives and a twist) at a large text size may leave no room: the
        # move list, whose moves the board shows too, steps aside rather than run into the hints.
        if moves_y + font(18, True).get_height() + max(24, font(16).get_height()) + 4 <= self.moves_bottom:
            self.draw_moves(surface, x, moves_y)
        for button, label in zip(self.buttons, self.button_labels):
            button.label = button_words(label)  # follows a language switch made in Settings mid-game
            button.draw(surface)
        for index, text in enumerate(hints):
            draw_text(surface, text, (x, hints_top + index * line), 15, theme.TEXT_DIM)
