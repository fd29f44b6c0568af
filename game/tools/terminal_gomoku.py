"""Gomoku against the AI in a plain terminal (curses, no pygame).

    duelmind gomoku --terminal [--size N] [--rule freestyle|standard|renju]
                          [--level NAME] [--budget-ms MS] [--ai-first] [--seed N]

Arrow keys, hjkl or wasd move the cursor; Enter or space places a stone; u takes back your last
move and the AI's answer; n starts a new game once one is over; q quits.

Everything that decides what happens (key -> action, cursor movement, the game flow, the
picture of the board as text with style tags) is plain Python in ``TerminalGame`` and the
functions below, tested without a terminal. ``_play_in_curses`` only draws those lines and
reads keys.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from game.rules.gomoku import BLACK, EMPTY, WHITE, GomokuState, Rule
from game.rules.gomoku.rules import MAX_SIZE, MIN_SIZE, POINT_LETTERS
from game.rules.gomoku.rules import point_name as rif_point_name

RULE_NAMES = {"freestyle": Rule.FREESTYLE, "standard": Rule.STANDARD, "renju": Rule.RENJU}
DEFAULT_LEVEL = "medium"
DEFAULT_BUDGET_MS = 1000.0

# Actions the keys map to.
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
PLACE, UNDO, NEW_GAME, QUIT = "place", "undo", "new", "quit"

# Key names as produced by the curses layer (special keys by name, others as the character).
KEY_ACTIONS: dict[str, str] = {
    "KEY_UP": UP, "k": UP, "w": UP,
    "KEY_DOWN": DOWN, "j": DOWN, "s": DOWN,
    "KEY_LEFT": LEFT, "h": LEFT, "a": LEFT,
    "KEY_RIGHT": RIGHT, "l": RIGHT, "d": RIGHT,
    "\n": PLACE, "\r": PLACE, "KEY_ENTER": PLACE, " ": PLACE,
    "u": UNDO, "n": NEW_GAME, "q": QUIT,
}  # fmt: skip

STEPS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}

# Board picture. Every point is 3 characters wide: the symbol with a frame on both sides that
# shows the cursor [X], the AI's last move (O), a winning row *X*, or nothing.
SYMBOLS = {EMPTY: ".", BLACK: "X", WHITE: "O"}
FORBIDDEN_SYMBOL = "#"
FRAMES = {"cursor": "[]", "last": "()", "win": "**", None: "  "}
LABEL_WIDTH = 3  # row number column on the left: "15 "
CELL_WIDTH = 3

COLOUR_NAMES = {BLACK: "black", WHITE: "white"}

# A segment of a rendered line: its text and a style tag for the curses layer (None = plain).
Segment = tuple[str, str | None]
ChooseMove = Callable[..., tuple[int, int]]


def action_for_key(key: str) -> str | None:
    """The action for a key name (see KEY_ACTIONS); letters work in either case."""
    return KEY_ACTIONS.get(key, KEY_ACTIONS.get(key.lower()) if len(key) == 1 else None)


def move_cursor(cursor: tuple[int, int], action: str, size: int) -> tuple[int, int]:
    """The cursor after a movement action, kept on the board."""
    dx, dy = STEPS[action]
    x, y = cursor
    return min(max(x + dx, 0), size - 1), min(max(y + dy, 0), size - 1)


def point_name(point: tuple[int, int], size: int) -> str:
    """Board notation (RIF, as everywhere a person reads a point): column letter from the left
    and row number counted from the bottom ("h8")."""
    return rif_point_name(point, size)


def cell_column(x: int) -> int:
    """Screen column of the symbol of board column ``x`` in a rendered board line."""
    return LABEL_WIDTH + CELL_WIDTH * x + 1


class TerminalGame:
    """One human-versus-AI game and the cursor, driven by actions; knows nothing of curses."""

    def __init__(
        self,
        choose_move: ChooseMove,
        size: int = 15,
        rule: Rule = Rule.FREESTYLE,
        level: str = DEFAULT_LEVEL,
        budget_ms: float = DEFAULT_BUDGET_MS,
        ai_first: bool = False,
        seed: int | None = None,
    ) -> None:
        self.choose_move = choose_move
        self.level = level
        self.budget_ms = budget_ms
        self.seed = seed
        self.human = WHITE if ai_first else BLACK
        self.state = GomokuState(size, rule)
        self.cursor = (size // 2, size // 2)
        self.last_ai_move: tuple[int, int] | None = None
        self.message = "Your move." if not ai_first else ""

    @property
    def ai(self) -> int:
        return WHITE if self.human == BLACK else BLACK

    def ai_to_move(self) -> bool:
        return not self.state.is_over and self.state.current_player == self.ai

    def new_game(self) -> None:
        self.state = GomokuState(self.state.size, self.state.rule)
        self.last_ai_move = None
        self.message = "New game. Your move." if self.human == BLACK else "New game."

    def apply(self, action: str) -> None:
        """Carry out a non-quit action from the player (movement, place, undo, new game)."""
        if action in STEPS:
            self.cursor = move_cursor(self.cursor, action, self.state.size)
        elif action == PLACE:
            self._place()
        elif action == UNDO:
            self._undo()
        elif action == NEW_GAME:
            if self.state.is_over:
                self.new_game()
            else:
                self.message = "Finish this game first (or q to quit)."

    def _place(self) -> None:
        state = self.state
        if state.is_over:
            self.message = "The game is over: n for a new game, u to take back, q to quit."
            return
        if self.ai_to_move():
            return  # the AI is about to move; a key pressed meanwhile is ignored
        x, y = self.cursor
        name = point_name(self.cursor, state.size)
        if state.at(x, y) != EMPTY:
            self.message = f"{name} is taken."
            return
        foul = state.foul_at(x, y, self.human)
        if foul is not None:
            self.message = f"{name} is forbidden for black ({foul})."
            return
        state.play(x, y)
        self.message = self._result_message() if state.is_over else ""

    def _undo(self) -> None:
        """Take back the player's last move and the AI's answer to it (if it answered)."""
        state = self.state
        human_moves = state.moves[0 if self.human == BLACK else 1 :: 2]
        if not human_moves:
            self.message = "Nothing to take back."
            return
        if state.at(*state.moves[-1]) == self.ai:
            state.undo()
        state.undo()
        previous_ai = [m for m in state.moves if state.at(*m) == self.ai]
        self.last_ai_move = previous_ai[-1] if previous_ai else None
        self.message = "Move taken back. Your move."

    def ai_move(self) -> tuple[int, int]:
        """Let the AI play (call only when ai_to_move())."""
        move = self.choose_move(self.state.clone(), self.budget_ms, self.level, self.seed)
        self.state.play(*move)
        self.last_ai_move = move
        name = point_name(move, self.state.size)
        self.message = self._result_message() if self.state.is_over else f"AI played {name}. Your move."
        return move

    def _result_message(self) -> str:
        state = self.state
        if state.winner == 0:
            return "Draw: the board is full." + _AFTER_GAME
        if state.foul is not None:
            loser = "You" if self.human == BLACK else "The AI"
            return f"{loser} made a forbidden {state.foul}: white wins." + _AFTER_GAME
        line = state.winning_line or []
        row = f"{point_name(line[0], state.size)}-{point_name(line[-1], state.size)}" if line else ""
        who = "You win" if state.winner == self.human else "The AI wins"
        return f"{who} with {row}!" + _AFTER_GAME


_AFTER_GAME = "  n: new game, u: take back, q: quit"


def render(game: TerminalGame, thinking: bool = False) -> list[list[Segment]]:
    """The screen as lines of (text, style) segments. Styles: 'black', 'white' (stones),
    'cursor', 'last', 'win' (framed points), 'forbidden', 'status', 'title'."""
    state = game.state
    size = state.size
    winning = set(state.winning_line or [])
    forbidden = set(state.forbidden_points())  # only ever non-empty in renju with black to move
    header = " " * LABEL_WIDTH + "".join(f" {POINT_LETTERS[x]} " for x in range(size))
    lines: list[list[Segment]] = [[(_title(game), "title")], [(header, None)]]
    for y in range(size):
        label = f"{size - y:>2} "
        segments: list[Segment] = [(label, None)]
        for x in range(size):
            point = (x, y)
            colour = state.at(x, y)
            symbol, symbol_style = SYMBOLS[colour], COLOUR_NAMES.get(colour)
            if colour == EMPTY and point in forbidden:
                symbol, symbol_style = FORBIDDEN_SYMBOL, "forbidden"
            if point == game.cursor and not state.is_over:
                frame = "cursor"
            elif point in winning:
                frame = "win"
            elif point == game.last_ai_move:
                frame = "last"
            else:
                frame = None
            left, right = FRAMES[frame]
            segments += [(left, frame), (symbol, symbol_style), (right, frame)]
        segments.append((f" {size - y}", None))
        lines.append(segments)
    status = "thinking..." if thinking else game.message
    lines.append([(status, "status")])
    lines.append([(_help_line(game), None)])
    return lines


def render_text(game: TerminalGame, thinking: bool = False) -> list[str]:
    """The screen as plain strings (what render() draws, without the styles)."""
    return ["".join(text for text, _ in line) for line in render(game, thinking)]


def _title(game: TerminalGame) -> str:
    state = game.state
    you = f"{SYMBOLS[game.human]} {COLOUR_NAMES[game.human]}"
    ai = f"{SYMBOLS[game.ai]} {COLOUR_NAMES[game.ai]}, {game.level}"
    return (
        f"Gomoku {state.size}x{state.size}, {state.rule.name.lower()} - you: {you} - AI: {ai}"
        f" - move {len(state.moves) + (0 if state.is_over else 1)}"
    )


def _help_line(game: TerminalGame) -> str:
    cursor = point_name(game.cursor, game.state.size)
    legend = f"  {FORBIDDEN_SYMBOL} forbidden" if game.state.rule == Rule.RENJU else ""
    return f"[{cursor}] arrows/hjkl/wasd move, Enter/space place, u undo, q quit{legend}"


# --- curses --------------------------------------------------------------------------------


def _play_in_curses(game: TerminalGame) -> int:
    import curses

    def key_name(key: int | str) -> str:
        if isinstance(key, str):
            return key
        if key in (curses.KEY_ENTER, 10, 13):
            return "\n"
        return curses.keyname(key).decode("ascii", "replace") if key >= 256 else chr(key)

    def main(screen) -> int:
        styles = _curses_styles(curses)
        try:
            curses.curs_set(0)
        except curses.error:
            pass  # some terminals cannot hide the cursor; the board shows its own
        screen.keypad(True)
        while True:
            thinking = game.ai_to_move()
            _draw(curses, screen, render(game, thinking), styles)
            if thinking:
                game.ai_move()
                curses.flushinp()  # keys pressed while the AI thought are dropped
                continue
            key = screen.get_wch()
            action = action_for_key(key_name(key))
            if action == QUIT:
                return 0
            if action is not None:
                game.apply(action)

    # Size the screen from the terminal itself, not from LINES/COLUMNS in the environment:
    # those are often stale (GNU readline exports them, and children inherit the old values).
    curses.use_env(False)
    return curses.wrapper(main)


def _curses_styles(curses) -> dict[str | None, int]:
    """Attributes per style tag: framed points stand out by reverse/bold even without colours;
    with colours, each colour (black, white) and each mark gets its own hue."""
    styles: dict[str | None, int] = {
        None: curses.A_NORMAL,
        "title": curses.A_BOLD,
        "black": curses.A_BOLD,
        "white": curses.A_BOLD,
        "cursor": curses.A_REVERSE,
        "last": curses.A_BOLD,
        "win": curses.A_BOLD,
        "forbidden": curses.A_NORMAL,
        "status": curses.A_NORMAL,
    }
    if curses.has_colors():
        curses.start_color()
        try:
            curses.use_default_colors()
            background = -1  # the terminal's own background
        except curses.error:
            background = curses.COLOR_BLACK
        hues = {
            "black": curses.COLOR_CYAN,
            "white": curses.COLOR_YELLOW,
            "forbidden": curses.COLOR_RED,
            "last": curses.COLOR_GREEN,
            "win": curses.COLOR_MAGENTA,
            "status": curses.COLOR_GREEN,
        }
        for number, (name, hue) in enumerate(hues.items(), start=1):
            curses.init_pair(number, hue, background)
            styles[name] |= curses.color_pair(number)
    return styles


def _draw(curses, screen, lines: list[list[Segment]], styles: dict[str | None, int]) -> None:
    screen.erase()
    height, width = screen.getmaxyx()
    needed = max(sum(len(text) for text, _ in line) for line in lines)
    if height < len(lines) or width <= needed:
        screen.addnstr(0, 0, f"Please enlarge the terminal to {needed + 1}x{len(lines)} (q quits).", width - 1)
        screen.refresh()
        return
    for row, line in enumerate(lines):
        column = 0
        for text, style in line:
            screen.addstr(row, column, text, styles.get(style, curses.A_NORMAL))
            column += len(text)
    screen.refresh()


# --- command line --------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ai.gomoku import LEVELS

    parser.add_argument("--terminal", action="store_true", help="play in this terminal (curses)")
    parser.add_argument(
        "--size",
        type=int,
        default=15,
        choices=range(MIN_SIZE, MAX_SIZE + 1),
        metavar=f"{{{MIN_SIZE}..{MAX_SIZE}}}",
        help="board size (default 15)",
    )
    parser.add_argument(
        "--rule",
        choices=tuple(RULE_NAMES),
        default="freestyle",
        help="freestyle: five or more wins; standard: exactly five; "
        "renju: exactly five, black has forbidden moves (default freestyle)",
    )
    parser.add_argument(
        "--level", choices=LEVELS, default=DEFAULT_LEVEL, help=f"AI strength, weakest first (default {DEFAULT_LEVEL})"
    )
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=DEFAULT_BUDGET_MS,
        help=f"AI thinking time per move in milliseconds (default {DEFAULT_BUDGET_MS:.0f})",
    )
    parser.add_argument("--ai-first", action="store_true", help="the AI plays black and moves first")
    parser.add_argument("--seed", type=int, default=None, help="fix the AI's random choices")


def client_setup(args: argparse.Namespace):
    """The pygame client's gomoku match for these options (board size, rule, AI level, who
    moves first, the AI's seed; its thinking time is the client's --think-ms)."""
    import random

    from game.client.match import MatchSetup

    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    return MatchSetup(
        game="gomoku",
        opponent="ai",
        difficulty=args.level,
        human_seat=1 if args.ai_first else 0,
        rule=int(RULE_NAMES[args.rule]),
        size=args.size,
        seed=seed,
    )


def open_client_match(app, setup) -> None:
    """The title menu with the gomoku match over it (leaving the match returns to the title)."""
    from game.client.match import start_match

    app.push("title")
    start_match(app, setup)


def run(args: argparse.Namespace) -> int:
    if not args.terminal:
        from game.client.launch import run_client

        setup = client_setup(args)
        return run_client(
            lambda app: open_client_match(app, setup),
            think_ms=int(max(args.budget_ms, 1.0)),
            command="gomoku",
            no_display_hint="The graphical gomoku comes with the pygame client, which needs a display; "
            "without one, play in the terminal: duelmind gomoku --terminal",
        )
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(
            "duelmind gomoku --terminal needs an interactive terminal (stdin and stdout must be a TTY).",
            file=sys.stderr,
        )
        return 2
    try:
        import curses  # noqa: F401  (only checking it exists: Python on Windows lacks it)
    except ImportError:
        print(
            "duelmind gomoku --terminal needs the curses module (on Windows: pip install windows-curses).",
            file=sys.stderr,
        )
        return 2
    from ai.gomoku import choose_move, warm_up

    rule = RULE_NAMES[args.rule]
    warm_up(rule)
    game = TerminalGame(choose_move, args.size, rule, args.level, max(args.budget_ms, 1.0), args.ai_first, args.seed)
    return _play_in_curses(game)
