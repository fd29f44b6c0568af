"""The replay viewer: a game watched again, position by position, with the AI's thoughts.

`app.push("replay_viewer", path=Path)` (a file) or `replay=Replay`. The game is played back on
the same engine (`Playback`, game/rules/replays/playback.py); each position is drawn by the
game's own scene through its front end (positions.py). Play and pause, step, jump to the start,
the end or a turn, change the speed; the move list is clickable; for a move an AI made, what it
weighed (the same words as the Tab view). Hidden cards show as the person who moved saw them; once
the game is over, H (or the button) shows every hand.

A replay that cannot be read, or no longer plays on this Duelmind, says so in a sentence and is
left as it is.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.client import theme
from game.client.replays import viewer_view
from game.client.replays.positions import Seats
from game.client.replays.viewer_view import BOARD, MOVES, SPEEDS, TIMELINE, row_height
from game.client.scene import Scene
from game.client.widgets import Button, hover_buttons, press_buttons
from game.i18n import N_, _, pgettext
from game.rules.replays import Playback, Replay, ReplayError, ReplayMismatch, read_replay

DEFAULT_SPEED = 2  # an index of SPEEDS: 2 moves a second
MODES = {  # how a replay's game was played, translated where shown
    "quick": N_("Quick match"),
    "hotseat": N_("Hot-seat"),
    "campaign": N_("Campaign"),
    "watch": N_("AI against AI"),
}
# The viewer's buttons whose words change (the arrows are signs): English, translated when drawn.
PLAY, PAUSE, SLOWER, FASTER = "Play", "Pause", N_("Slower"), N_("Faster")  # play/pause: `play_word`
SHOW_HANDS, HANDS_AS_SEEN, BACK = N_("Show all hands"), N_("Hands as seen"), N_("Back")


def play_word(label: str) -> str:
    """Play or Pause as a player (of recordings) says it: not a game's "Play" (start one)."""
    return pgettext("replay", "Pause") if label == PAUSE else pgettext("replay", "Play")


def player_problem(error: Exception) -> str:
    """A replay's problem as a player reads it: without the folder the file is in, and a move
    that no longer plays named by its number, not by its text."""
    # The folder is the game's business, not the player's: the file's name is enough.
    text = re.sub(r"(?:[A-Za-z]:)?[\\/][^\s:()'\"]*[\\/]([^\\/\s:()'\"]+)", r"\1", str(error))
    if isinstance(error, ReplayMismatch):
        found = re.match(
            r"action (\d+) \(.*?\) no longer replays: (.*); the replay was recorded by Duelmind (\S+)$", text
        )
        if found:
            # TRANSLATORS: {why} is the game's own reason, in English; {version} a version number.
            words = _(
                "Move {number} of this replay no longer plays on this version of Duelmind ({why}). "
                "It was recorded by Duelmind {version}. The file is kept."
            )
            return words.format(number=found.group(1), why=found.group(2), version=found.group(3))
        words = _("This replay no longer plays on this version of Duelmind ({why}). The file is kept.")
        return words.format(why=text)
    if "recorded by a newer Duelmind" in text:
        return _("It was recorded by a newer version of Duelmind: update Duelmind to watch it. The file is kept.")
    text = re.sub(r"^(\S+\.replay\.json): not a readable replay \(\1: (.*)\)$", r"\1: \2", text)
    # TRANSLATORS: {why} names the file and what is wrong in it, in English.
    return _("The file is damaged ({why}). The file is kept.").format(why=text)


class ReplayViewerScene(Scene):
    name = "replay_viewer"
    raw_keys = True  # Space, Home, End, + and - as themselves (input.py maps none of them)

    def __init__(self, app, path: str | Path | None = None, replay: Replay | None = None):
        super().__init__(app)
        self.path = Path(path) if path is not None else None
        self.problem: str | None = None
        self.playback: Playback | None = None
        try:
            if replay is None:
                if self.path is None:
                    raise ReplayError("no replay was given")
                replay = read_replay(self.path)
            self.replay = replay
            self.playback = Playback(replay)
        except (ReplayError, ReplayMismatch) as error:
            self.problem = player_problem(error)
        self.position = 0
        self.playing = False
        self.speed = DEFAULT_SPEED
        self.clock = 0.0  # ms towards the next step while playing
        self.show_all = False
        self.thoughts_shown = True  # Tab hides and shows them, as in the games
        self.scroll = 0  # the move list's first row shown
        self._drawn: tuple | None = None  # (position, shown) of the board image below
        self._board_image: pygame.Surface | None = None
        self.buttons = self._make_buttons()
        if self.playback is not None:
            self.seats = self._seats()
            self.rows = self._rows()  # worded by the game's scene, which names the seats

    # ------------------------------------------------------------------ what is played back

    @property
    def last(self) -> int:
        return len(self.playback.states) - 1 if self.playback is not None else 0

    @property
    def over(self) -> bool:
        final = self.playback.final if self.playback is not None else None
        return final is not None and final.is_terminal

    def _game_seat(self, player: int) -> int:
        """The game's seat of `replay.players[player]` (a level lists the player first)."""
        session = self.playback.session
        if session is None:
            return player
        return session.player_seat if player == 0 else session.opponent_seat

    def _player_of(self, seat: int) -> int:
        return next((p for p in (0, 1) if self._game_seat(p) == seat), seat)

    def _seats(self) -> Seats:
        players = self.replay.players
        names = [_("Player {number}").format(number=1), _("Player {number}").format(number=2)]
        portraits = ["", ""]
        for player, seat in enumerate(players[:2]):
            names[self._game_seat(player)] = seat.name or (_("You") if seat.kind == "human" else _("The computer"))
            portraits[self._game_seat(player)] = seat.portrait
        return Seats((names[0], names[1]), (portraits[0], portraits[1]))

    def mover_name(self, index: int) -> str:
        """Who played action `index` (None for a card level's draft picks)."""
        mover = self.playback.movers[index]
        if mover is None:
            return ""
        players = self.replay.players
        if mover < len(players) and players[mover].name:
            return players[mover].name
        return _("Player {number}").format(number=mover + 1)

    def shown_seat(self) -> int | None:
        """Whose hidden cards are face up: everyone's with the toggle; else the one person at the
        screen, or in hot-seat (and AI against AI) the one to move, as they saw the game."""
        if self.show_all and self.over:
            return None
        humans = [self._game_seat(p) for p, seat in enumerate(self.replay.players[:2]) if seat.kind == "human"]
        if len(humans) == 1:
            return humans[0]
        state = self.playback.states[self.position]
        return state.current_player if state is not None and not state.is_terminal else humans[0] if humans else 0

    def turn_starts(self) -> list[int]:
        return self.playback.turn_starts()

    def _rows(self) -> list[tuple[str, int, str]]:
        """The move list: ("move", position after it, words) and, for games whose turns hold
        several actions, ("turn", its first position, "Turn n · who") headers."""
        starts = self.turn_starts()
        headers = len(starts) < len(self.playback.words)
        rows: list[tuple[str, int, str]] = []
        for index, words in enumerate(self._move_words()):
            if headers and index in starts:  # the games count turns their own way: no number here
                rows.append(("turn", index, _("{name}'s turn").format(name=self.mover_name(index))))
            who = self.mover_name(index)
            if headers or not who:
                rows.append(("move", index + 1, f"{index + 1}. {words}"))
            else:
                # TRANSLATORS: a replay's move list row: "12. Sister Maren: Black plays h8".
                rows.append(
                    ("move", index + 1, _("{number}. {name}: {move}").format(number=index + 1, name=who, move=words))
                )
        return rows

    def _move_words(self) -> list[str]:
        """Each move in the player's words: the game's match words them (`move_words`, on the
        state before it) where it can; a level's moves, and a game that cannot, keep the rules'
        English (`Playback.words`)."""
        playback = self.playback
        words = list(playback.words)
        position = self._position_of(0)
        reword = getattr(getattr(position, "scene", None), "match", None)
        reword = getattr(reword, "move_words", None)
        if reword is None or playback.session is not None:
            return words
        from game.rules.registry import game_kind

        kind = game_kind(self.replay.game)
        for index, value in enumerate(self.replay.actions[: len(words)]):
            try:
                words[index] = reword(playback.states[index], kind.action_from_json(value))
            except (ValueError, IndexError, KeyError, AttributeError):  # the rules' words stay
                continue
        return words

    # ------------------------------------------------------------------ moving through it

    def go(self, position: int) -> None:
        self.position = max(0, min(self.last, position))
        self._follow()

    def step_by(self, delta: int) -> None:
        self.playing = False
        self.go(self.position + delta)

    def next_turn(self, forward: bool) -> None:
        self.playing = False
        starts = self.turn_starts()
        if forward:
            self.go(next((s for s in starts if s > self.position), self.last))
        else:
            self.go(next((s for s in reversed(starts) if s < self.position), 0))

    def toggle_play(self) -> None:
        if self.playback is None:
            return
        if not self.playing and self.position >= self.last:
            self.position = 0  # Play at the end watches it again from the start
        self.playing = not self.playing
        self.clock = 0.0

    def faster(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))

    def toggle_thoughts(self) -> None:
        self.thoughts_shown = not self.thoughts_shown

    def toggle_hands(self) -> None:
        if self.over:
            self.show_all = not self.show_all

    def _follow(self) -> None:
        """Scroll the move list to keep the current move in sight."""
        if self.playback is None:
            return
        row = next((i for i, r in enumerate(self.rows) if r[0] == "move" and r[1] == self.position), 0)
        visible = (MOVES.height - 40) // row_height()
        if row < self.scroll:
            self.scroll = row
        elif row >= self.scroll + visible:
            self.scroll = row - visible + 1

    # ------------------------------------------------------------------ input

    def _make_buttons(self) -> list[Button]:
        y = 584
        specs = [
            ("|<", lambda: self.step_by(-self.last - 1), 56),
            ("<", lambda: self.step_by(-1), 56),
            (PLAY, self.toggle_play, 112),
            (">", lambda: self.step_by(1), 56),
            (">|", lambda: self.step_by(self.last + 1), 56),
            (SLOWER, lambda: self.faster(-1), 96),
            (FASTER, lambda: self.faster(1), 96),
        ]
        buttons, x = [], 24
        for label, action, width in specs:
            text = play_word(label) if label == PLAY else _(label)
            buttons.append(Button(pygame.Rect(x, y, width, 46), text, action, size=20, primary=label == PLAY))
            x += width + 10
        self.hands_button = Button(pygame.Rect(660, 640, 196, 40), _(SHOW_HANDS), self.toggle_hands, size=17)
        self.back_button = Button(pygame.Rect(1124, 8, 140, 40), _(BACK), self.app.pop, size=18)
        return buttons

    def all_buttons(self) -> list[Button]:
        self.back_button.label = _(BACK)  # the labels follow a language switch
        if self.playback is None:
            return [self.back_button]
        self.buttons[2].label = play_word(PAUSE if self.playing else PLAY)
        self.buttons[5].label, self.buttons[6].label = _(SLOWER), _(FASTER)
        self.hands_button.enabled = self.over
        self.hands_button.label = _(HANDS_AS_SEEN) if self.show_all else _(SHOW_HANDS)
        return self.buttons + [self.back_button] + ([self.hands_button] if self.hides_cards() else [])

    def hides_cards(self) -> bool:
        position = self._position()
        return bool(position is not None and getattr(position, "hides", False))

    KEYS = {
        "space": "play",
        "right": "next",
        "left": "previous",
        "home": "start",
        "end": "end",
        "page up": "turn_back",
        "page down": "turn_on",
        "up": "turn_back",
        "down": "turn_on",
        "+": "faster",
        "=": "faster",
        "[+]": "faster",
        "-": "slower",
        "[-]": "slower",
        "h": "hands",
        "tab": "thoughts",
    }

    def command(self, name: str) -> None:
        if self.playback is None:
            return
        actions = {
            "play": self.toggle_play,
            "next": lambda: self.step_by(1),
            "previous": lambda: self.step_by(-1),
            "start": lambda: self.step_by(-self.last - 1),
            "end": lambda: self.step_by(self.last + 1),
            "turn_back": lambda: self.next_turn(False),
            "turn_on": lambda: self.next_turn(True),
            "faster": lambda: self.faster(1),
            "slower": lambda: self.faster(-1),
            "hands": self.toggle_hands,
            "thoughts": self.toggle_thoughts,
        }
        actions[name]()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.app.pop()
            return
        if intent.kind == "key":
            name = self.KEYS.get(intent.name)
            if name:
                self.command(name)
            return
        if intent.kind == "action":  # a gamepad (its arrows and buttons)
            pad = {"left": "previous", "right": "next", "up": "turn_back", "down": "turn_on", "confirm": "play"}
            if intent.name in pad:
                self.command(pad[intent.name])
            return
        if intent.kind == "move":
            hover_buttons(self.all_buttons(), intent.pos)
        elif intent.kind == "wheel" and self.playback is not None and MOVES.collidepoint(intent.pos):
            most = max(0, len(self.rows) - (MOVES.height - 40) // row_height())
            self.scroll = max(0, min(most, self.scroll - int(intent.value or 0) * 3))
        elif intent.kind == "press" and intent.button == 1:
            if press_buttons(self.all_buttons(), intent.pos, lambda: self.app.play_sound("click")):
                return
            self._click(intent.pos)

    def _click(self, pos) -> None:
        if self.playback is None:
            return
        if TIMELINE.inflate(0, 16).collidepoint(pos):
            self.playing = False
            share = (pos[0] - TIMELINE.x) / max(1, TIMELINE.width)
            self.go(round(share * self.last))
            return
        row = self.row_at(pos)
        if row is not None:
            self.playing = False
            self.go(self.rows[row][1])

    def row_at(self, pos) -> int | None:
        if not MOVES.collidepoint(pos) or pos[1] < MOVES.y + 36:
            return None
        row = self.scroll + (pos[1] - MOVES.y - 36) // row_height()
        return row if 0 <= row < len(self.rows) else None

    def row_rect(self, row: int) -> pygame.Rect:
        """Where row `row` of the move list is drawn (tests click it)."""
        height = row_height()
        return pygame.Rect(MOVES.x + 8, MOVES.y + 36 + (row - self.scroll) * height, MOVES.width - 16, height)

    def update(self, dt_ms: float) -> None:
        if not self.playing or self.playback is None:
            return
        self.clock += dt_ms * SPEEDS[self.speed]
        while self.clock >= 1000.0 and self.playing:
            self.clock -= 1000.0
            self.go(self.position + 1)
            if self.position >= self.last:
                self.playing = False

    # ------------------------------------------------------------------ drawing

    def _position(self):
        """The game's scene over the current position (built once per position shown)."""
        if self.playback is None:
            return None
        state = self.playback.states[self.position]
        if state is None:
            return None
        key = (self.position, self.shown_seat())
        if getattr(self, "_position_key", None) != key:
            self._position_key = key
            self._position_cache = self._position_of(self.position, key[1])
        return self._position_cache

    def _position_of(self, position: int, shown: int | None = None):
        """The game's scene over position `position` (None: the game has none, or no state there)."""
        from game.client.front_ends import front_end

        state = self.playback.states[position]
        return None if state is None else front_end(self.replay.game).position(self.app, state, self.seats, shown)

    def board_image(self) -> pygame.Surface | None:
        position = self._position()
        if position is None:
            return None
        key = (self.position, self.shown_seat(), theme.GOOD)  # a palette switched mid-view redraws
        if key != self._drawn or self._board_image is None:
            canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            canvas.fill(theme.BACKGROUND)
            position.scene.draw(canvas)
            crop = canvas.subsurface(position.crop)
            scale = min(BOARD.width / crop.get_width(), BOARD.height / crop.get_height())
            size = (int(crop.get_width() * scale), int(crop.get_height() * scale))
            self._board_image = pygame.transform.smoothscale(crop, size)
            self._drawn = key
        return self._board_image

    def title(self) -> str:
        from game.rules.registry import game_kind

        replay = self.replay
        game = _(game_kind(replay.game).title)
        if replay.is_level and self.playback is not None and self.playback.session is not None:
            return f"{game} · {self.playback.session.level.title}"
        return f"{game} · {_(MODES[replay.mode]) if replay.mode in MODES else replay.mode.capitalize()}"

    def draw(self, surface: pygame.Surface) -> None:
        viewer_view.draw(surface, self)


__all__ = ["ReplayViewerScene", "player_problem"]
