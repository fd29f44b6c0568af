"""A gomoku brain speaking the Gomocup (Piskvork) manager protocol on stdin/stdout.

    duelmind brain gomocup [--level master] [--seed N] [--verbose]

Supported: START n / RECTSTART n,n (n = 15..20), RESTART, BEGIN, TURN x,y, BOARD ... DONE,
TAKEBACK x,y (the last move only), INFO (timeout_turn, timeout_match, time_left, rule; other
keys are ignored), ABOUT and END. Unknown commands get ``UNKNOWN``, malformed ones ``ERROR``
followed by the offending line and what is wrong with it; the brain keeps running either way. Rules come from ``INFO rule`` (bit 1 exact five, bit 4 renju; the
continuous-game and caro bits are not supported and are reported with a DEBUG line).

The protocol handling lives in ``GomocupBrain`` (one input line in, output lines out) so that
it can be tested without a process; ``run`` only connects it to stdin/stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from game.rules.gomoku import BLACK, EMPTY, WHITE, GomokuState, Rule, format_move, parse_move
from game.rules.gomoku.rules import MAX_SIZE, MIN_SIZE
from game.tools.deadlines import AdaptiveMargin
from game.version import __version__

VERSION = __version__  # the game's own (game/version.py)
ABOUT = f'name="Duelmind", version="{VERSION}", author="Duelmind developers", country="International"'

# Limits used until the manager sends INFO (Gomocup's usual per-move limit).
DEFAULT_TIMEOUT_TURN_MS = 5000
# The manager's "no match limit" value of time_left.
UNLIMITED_TIME_LEFT_MS = 2147483647
# INFO numbers are clamped to this (the protocol's values are 32-bit): a huge value such as
# 1 followed by 400 zeros would overflow the float arithmetic of the move budget.
MAX_INFO_NUMBER = 2147483647
# timeout_turn 0 means "play as fast as possible": the AI still needs a moment for its tactics.
FAST_MOVE_MS = 20.0
MIN_BUDGET_MS = 5.0
# Kept back from every limit: a share for jitter in the search's own clock checks plus a fixed
# amount for writing the answer and the manager's measuring.
SAFETY_SHARE = 0.10
SAFETY_MS = 50.0
# The match clock is spread over this many of our moves still to come (clamped by the room
# left on the board); early moves get less than the turn limit when the match clock is tight.
MIN_MOVES_TO_GO = 10
MAX_MOVES_TO_GO = 40

# INFO rule bits (the protocol sends a sum of these).
RULE_BIT_EXACT_FIVE = 1
RULE_BIT_CONTINUOUS = 2
RULE_BIT_RENJU = 4
RULE_BIT_CARO = 8

ChooseMove = Callable[..., tuple[int, int]]


def rule_from_info(bits: int) -> Rule:
    if bits & RULE_BIT_RENJU:
        return Rule.RENJU
    if bits & (RULE_BIT_EXACT_FIVE | RULE_BIT_CARO):
        return Rule.STANDARD
    return Rule.FREESTYLE


def move_limit_ms(timeout_turn_ms: int, time_left_ms: int | None, empty_points: int) -> float | None:
    """The time this move may take: the smaller of the turn limit and a fair share of the match
    time left; None for a turn limit of 0 ("play as fast as possible")."""
    if timeout_turn_ms <= 0:
        return None
    limit = float(timeout_turn_ms)
    if time_left_ms is not None and time_left_ms < UNLIMITED_TIME_LEFT_MS:
        moves_to_go = max(MIN_MOVES_TO_GO, min(MAX_MOVES_TO_GO, empty_points // 2))
        limit = min(limit, max(time_left_ms, 0) / moves_to_go)
    return limit


def move_budget_ms(
    timeout_turn_ms: int, time_left_ms: int | None, empty_points: int, margin: AdaptiveMargin | None = None
) -> float:
    """Milliseconds the AI may think for this move: its limit (`move_limit_ms`) minus the safety
    margin (10 % and 50 ms on an idle machine; more when `margin` has seen answers go out late),
    never below a few milliseconds. A turn limit of 0 asks for the fastest play."""
    limit = move_limit_ms(timeout_turn_ms, time_left_ms, empty_points)
    if limit is None:
        return FAST_MOVE_MS
    margin = margin if margin is not None else AdaptiveMargin(SAFETY_SHARE, SAFETY_MS, adaptive=False)
    return max(MIN_BUDGET_MS, limit - margin.margin_ms(limit))


class ProtocolError(ValueError):
    """A malformed or impossible command: answered with ERROR."""


class GomocupBrain:
    """The protocol state machine: feed it lines with ``handle``; it returns the reply lines."""

    def __init__(
        self,
        choose_move: ChooseMove,
        level: str = "master",
        seed: int | None = None,
        warm_up: Callable[[Rule], None] | None = None,
        verbose: bool = False,
        clock: Callable[[], float] = time.perf_counter,
        margin: AdaptiveMargin | None = None,
    ) -> None:
        self.choose_move = choose_move
        self.level = level
        self.seed = seed
        self.warm_up = warm_up
        self.verbose = verbose
        self.clock = clock
        # kept back from each move's limit: grows with how late answers went out (game/tools/deadlines.py)
        self.margin = margin if margin is not None else AdaptiveMargin(SAFETY_SHARE, SAFETY_MS)
        # (started, deadline, CPU time at the start) of the move being answered
        self.thinking: tuple[float, float, float] | None = None
        self.rule = Rule.FREESTYLE
        self.size: int | None = None
        self.state: GomokuState | None = None
        self.timeout_turn_ms = DEFAULT_TIMEOUT_TURN_MS
        self.timeout_match_ms = 0
        self.time_left_ms: int | None = None
        self.finished = False
        # The opponent's move that ended the game (answered with ERROR, so not on the board) and
        # the result: BEGIN and TURN are refused until a new game or a TAKEBACK of that move.
        self._ended: tuple[tuple[int, int], str] | None = None
        # While a BOARD command is being read: the stones so far, and the first bad line if any.
        self._board_stones: list[tuple[int, int, int]] | None = None
        self._board_problem: str | None = None
        self._warmed: set[Rule] = set()

    # --- dispatch ---------------------------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The reply lines to one input line. Never raises: a malformed line gets ``ERROR``
        naming it, an unknown command ``UNKNOWN``, and a bug an ``ERROR`` instead of a traceback
        (the brain must keep answering in the middle of a match)."""
        text = line.strip()
        if not text:
            return []  # the manager ignores empty lines and so do we
        if self._board_stones is not None:
            try:
                return self._board_line(text)
            except Exception as problem:  # a bug: drop the unfinished BOARD, keep the game as it was
                self._board_stones, self._board_problem = None, None
                return [f"ERROR {_quote(text)}: internal error, {type(problem).__name__}: {problem}"]
        # An ERROR reply leaves the game exactly as it was: a command changes the brain's state
        # only when it is accepted (a TURN whose stone was kept after a failed reply would make
        # the brain count the next TURN as its own colour: a desynchronised game).
        saved = self._snapshot()
        try:
            word, _, argument = text.partition(" ")
            handler = self._HANDLERS.get(word.upper())
            if handler is None:
                return [f"UNKNOWN command {word[:40]!r}"]
            return handler(self, argument.strip())
        except ProtocolError as problem:
            self._restore(saved)
            return [f"ERROR {_quote(text)}: {problem}"]
        except Exception as problem:
            self._restore(saved)
            return [f"ERROR {_quote(text)}: internal error, {type(problem).__name__}: {problem}"]

    def _snapshot(self) -> tuple:
        state = self.state
        return (
            state.clone() if state is not None else None,
            self.size,
            self.rule,
            self.timeout_turn_ms,
            self.timeout_match_ms,
            self.time_left_ms,
            self.finished,
            self._ended,
        )

    def _restore(self, saved: tuple) -> None:
        (
            self.state,
            self.size,
            self.rule,
            self.timeout_turn_ms,
            self.timeout_match_ms,
            self.time_left_ms,
            self.finished,
            self._ended,
        ) = saved
        self._board_stones, self._board_problem = None, None

    # --- commands ---------------------------------------------------------------------------

    def _start(self, argument: str) -> list[str]:
        size = self._parse_int(argument, "START needs the board size, e.g. START 15")
        return self._new_game(size)

    def _rectstart(self, argument: str) -> list[str]:
        try:
            width, height = parse_move(argument)
        except ValueError:
            raise ProtocolError("expected RECTSTART width,height, e.g. RECTSTART 15,15") from None
        if width != height:
            raise ProtocolError("only square boards are supported")
        return self._new_game(width)

    def _new_game(self, size: int) -> list[str]:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ProtocolError(f"unsupported size {size}; this brain plays {MIN_SIZE}..{MAX_SIZE}")
        self.size = size
        self.state = GomokuState(size, self.rule)
        self._ended = None
        self._warm_up()
        return ["OK"]

    def _restart(self, argument: str) -> list[str]:
        if self.size is None:
            raise ProtocolError("no game to restart: send START first")
        return self._new_game(self.size)

    def _begin(self, argument: str) -> list[str]:
        state = self._require_game()
        if state.is_over or self._ended is not None:
            raise ProtocolError("the game is over")
        return self._our_move()

    def _turn(self, argument: str) -> list[str]:
        state = self._require_game()
        x, y = self._parse_point(argument)
        if state.is_over or self._ended is not None:
            raise ProtocolError("the game is over")
        if state.at(x, y) != EMPTY:
            raise ProtocolError(f"{x},{y} is occupied")
        state.play(x, y)
        if state.is_over:
            # Not accepted: the stone is taken back (an ERROR leaves the board as it was).
            result = self._result_text()
            state.undo()
            self._ended = ((x, y), result)
            return [f"ERROR the game is over after {x},{y}: {result}"]
        return self._our_move()

    def _board(self, argument: str) -> list[str]:
        self._require_game()
        self._board_stones = []
        self._board_problem = None
        return []

    def _takeback(self, argument: str) -> list[str]:
        state = self._require_game()
        x, y = self._parse_point(argument)
        if self._ended is not None and self._ended[0] == (x, y):  # the move that ended the game
            self._ended = None
            return ["OK"]
        if state.at(x, y) == EMPTY:
            raise ProtocolError(f"there is no stone on {x},{y}")
        # Only the last move can be taken back: removing a stone from the middle of the game
        # would leave a position that was never played. After BOARD the stones' order is the
        # order they were sent in (the protocol sends them in the order played).
        last = state.moves[-1]
        if last != (x, y):
            raise ProtocolError(f"only the last move ({format_move(last)}) can be taken back")
        state.undo()
        return ["OK"]

    def _info(self, argument: str) -> list[str]:
        key, _, value = argument.partition(" ")
        key, value = key.lower(), value.strip()
        if key not in ("timeout_turn", "timeout_match", "time_left", "rule"):
            return []  # max_memory, game_type, folder, evaluate...: nothing to do with them
        try:
            number = int(value)
        except ValueError:  # not a number, or more digits than Python converts
            return [f"DEBUG ignored INFO {key}: {value[:40]!r} is not an integer"]
        # Clamped: a huge number would overflow the budget's float arithmetic.
        number = max(-MAX_INFO_NUMBER, min(MAX_INFO_NUMBER, number))
        if key == "timeout_turn":
            self.timeout_turn_ms = max(number, 0)
        elif key == "timeout_match":
            self.timeout_match_ms = max(number, 0)
        elif key == "time_left":
            self.time_left_ms = number
        else:
            return self._set_rule(number)
        return []

    def _set_rule(self, bits: int) -> list[str]:
        replies = []
        if bits & RULE_BIT_CONTINUOUS:
            replies.append("DEBUG continuous game is not supported; playing single games")
        if bits & RULE_BIT_CARO:
            replies.append("DEBUG caro is not supported; playing exactly five")
        rule = rule_from_info(bits)
        if rule != self.rule:
            self.rule = rule
            state = self.state
            if state is not None:
                black = [m for m in state.moves if state.at(*m) == BLACK]
                white = [m for m in state.moves if state.at(*m) == WHITE]
                try:
                    self.state = GomokuState.from_stones(black, white, state.size, rule)
                except ValueError as problem:
                    replies.append(f"DEBUG the position is not valid under the new rule ({problem}); board cleared")
                    self.state = GomokuState(state.size, rule)
            self._warm_up()
        return replies

    def _about(self, argument: str) -> list[str]:
        return [ABOUT]

    def _end(self, argument: str) -> list[str]:
        self.finished = True
        return []

    _HANDLERS: dict[str, Callable[[GomocupBrain, str], list[str]]] = {
        "START": _start,
        "RECTSTART": _rectstart,
        "RESTART": _restart,
        "BEGIN": _begin,
        "TURN": _turn,
        "BOARD": _board,
        "TAKEBACK": _takeback,
        "INFO": _info,
        "ABOUT": _about,
        "END": _end,
    }

    # --- BOARD ------------------------------------------------------------------------------

    def _board_line(self, text: str) -> list[str]:
        assert self._board_stones is not None
        if text.upper() == "DONE":
            return self._board_done()
        if text[0].isalpha():
            # A command instead of DONE: drop the unfinished BOARD and obey the command.
            self._board_stones = None
            return ["ERROR BOARD: not finished with DONE before " + _quote(text), *self.handle(text)]
        parts = text.split(",")
        try:
            x, y, field = (int(part) for part in parts)
        except ValueError:
            self._board_problem = self._board_problem or f"bad BOARD line {text[:40]!r}"
            return []
        if field not in (1, 2):
            self._board_problem = self._board_problem or (
                "continuous-game stones (field 3) are not supported"
                if field == 3
                else f"bad field {field} in {text[:40]!r}"
            )
        self._board_stones.append((x, y, field))
        return []

    def _board_done(self) -> list[str]:
        stones, problem = self._board_stones or [], self._board_problem
        self._board_stones, self._board_problem = None, None
        if problem is not None:
            return [f"ERROR BOARD: {problem}"]
        assert self.size is not None
        ours = [(x, y) for x, y, field in stones if field == 1]
        theirs = [(x, y) for x, y, field in stones if field == 2]
        # We are to move: equal counts mean we are black, one stone more for them means white.
        if len(ours) == len(theirs):
            black, white = ours, theirs
        elif len(theirs) == len(ours) + 1:
            black, white = theirs, ours
        else:
            return [f"ERROR BOARD: {len(ours)} own and {len(theirs)} opponent stones: not our turn"]
        try:
            state = GomokuState.from_stones(black, white, self.size, self.rule)
        except ValueError as problem:
            return [f"ERROR BOARD: {problem}"]
        if state.is_over:  # not accepted: the brain's board stays as it was
            return [f"ERROR BOARD: the game is over: {_result_text(state)}"]
        saved = self._snapshot()
        self.state, self._ended = state, None
        try:
            return self._our_move()
        except Exception:
            self._restore(saved)
            raise

    # --- thinking ---------------------------------------------------------------------------

    def _our_move(self) -> list[str]:
        state = self.state
        assert state is not None
        started = self.clock()
        empty = state.board.count(EMPTY)
        budget = move_budget_ms(self.timeout_turn_ms, self.time_left_ms, empty, self.margin)
        self.thinking = (started, started + budget / 1000.0, time.process_time())
        replies = []
        try:
            move = self.choose_move(state.clone(), budget, self.level, self.seed)
        except Exception as problem:  # the brain must answer something legal whatever happens
            replies.append(f"DEBUG AI failed ({type(problem).__name__}: {problem}); fallback move")
            move = None
        if move is None or not state.is_legal(*move):
            if move is not None:
                replies.append(f"DEBUG AI move {move} is not legal here; fallback move")
            move = _fallback_move(state)
        state.play(*move)
        if self.verbose:
            spent = (self.clock() - started) * 1000.0
            replies.append(f"DEBUG {format_move(move)} in {spent:.0f} ms (budget {budget:.0f} ms)")
        return [*replies, format_move(move)]

    def answered(self) -> None:
        """The reply to a move was written: note how late it went out (for the next margins)."""
        if self.thinking is not None:
            started, deadline, cpu_before = self.thinking
            self.margin.observe(started, started, deadline, self.clock(), time.process_time() - cpu_before)
            self.thinking = None

    def _warm_up(self) -> None:
        """Build the pattern tables of every rule, once, while START is answered: managers
        send the rule (INFO rule) after START and start the first move's clock right after,
        so a table built then (~0.2 s for the exact-five rules) would eat that move's time."""
        if self.warm_up is not None:
            started, cpu_before = self.clock(), time.process_time()
            for rule in Rule:
                if rule not in self._warmed:
                    self.warm_up(rule)
                    self._warmed.add(rule)
            # Flat-out work before the first move: how busy the machine is, before any move says it.
            self.margin.note_busy(time.process_time() - cpu_before, self.clock() - started)

    # --- helpers ----------------------------------------------------------------------------

    def _require_game(self) -> GomokuState:
        if self.state is None:
            raise ProtocolError("no game: send START first")
        return self.state

    def _parse_point(self, argument: str) -> tuple[int, int]:
        try:
            return parse_move(argument, self.size)
        except ValueError as problem:
            raise ProtocolError(str(problem)) from None

    @staticmethod
    def _parse_int(argument: str, usage: str) -> int:
        try:
            return int(argument)
        except ValueError:
            raise ProtocolError(usage) from None

    def _result_text(self) -> str:
        assert self.state is not None
        return _result_text(self.state)


def _result_text(state: GomokuState) -> str:
    if state.winner == 0:
        return "draw"
    colour = "black" if state.winner == BLACK else "white"
    if state.foul is not None:
        return f"black played a forbidden {state.foul}; white wins"
    return f"{colour} wins"


def _quote(text: str) -> str:
    """A protocol line as shown in an ERROR reply: quoted, cut to 60 characters, control
    characters escaped (so the reply stays one line)."""
    return repr(text[:60])


def _fallback_move(state: GomokuState) -> tuple[int, int]:
    """The legal point nearest the centre: only used if the AI fails."""
    centre = (state.size - 1) / 2
    return min(state.legal_actions(), key=lambda m: (abs(m[0] - centre) + abs(m[1] - centre), m))


# --- command line ---------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", default="master", help="AI level (default: master, the strongest)")
    parser.add_argument("--seed", type=int, default=None, help="fix the AI's random choices")
    parser.add_argument("--verbose", action="store_true", help="report each move's thinking time on DEBUG lines")
    parser.add_argument(
        "--margin",
        choices=("adaptive", "fixed"),
        default="adaptive",
        help="time kept back from each move's limit: adaptive (grows with the lateness seen on a busy "
        "machine; the default) or fixed (10 %% and 50 ms, for comparison: `duelmind bench deadlines`)",
    )


def run(args: argparse.Namespace) -> int:
    from ai.agents import GomokuAgent
    from ai.gomoku import LEVELS, GameMemory, warm_up
    from game.rules.gomoku.game import GomokuGame

    if args.level not in LEVELS:
        print(f"unknown level {args.level!r}; levels: {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    # One memory for the brain's life: its entries are exact positions, so what one move (or
    # game) learnt stays true in the next, and its size is bounded.
    memory = GameMemory()

    def remembering_choose_move(state, budget_ms, level, seed):
        """The move of the gomoku agent (the one agent interface, ai/agents.py), searched with
        the brain's `seed` (the agent's seed plus the stones on the board) and its memory."""
        base = None if seed is None else seed - len(state.moves)
        return GomokuAgent(level, base, memory).act(GomokuGame(state), budget_ms).action

    margin = AdaptiveMargin(SAFETY_SHARE, SAFETY_MS, adaptive=args.margin == "adaptive")
    brain = GomocupBrain(
        remembering_choose_move, args.level, args.seed, warm_up=warm_up, verbose=args.verbose, margin=margin
    )
    return serve(brain, sys.stdin.buffer, sys.stdout)


def serve(brain: GomocupBrain, commands, replies) -> int:
    """Answer the commands read from the binary stream ``commands`` until END or end of input."""
    while not brain.finished:
        raw = commands.readline()
        if not raw:
            break
        for reply in brain.handle(raw.decode("utf-8", errors="replace")):
            replies.write(reply + "\n")
            replies.flush()
        brain.answered()
    return 0
