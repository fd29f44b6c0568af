"""`duelmind gomocup match`: a local Gomocup manager, two brain programs playing gomoku
over the Piskvork protocol from book openings, colours swapped per pair, time limits enforced.

Every game starts both brains afresh (shell commands, each in its own process group), sends
``START``, the ``INFO`` limits (timeout_turn, timeout_match, max_memory, game_type, rule, and
time_left before each move), then the opening: a brain's first request is ``BEGIN`` on an empty
board or ``BOARD`` ... ``DONE`` with the stones so far (in the order played), later ones
``TURN x,y``. ``MESSAGE`` and ``DEBUG`` lines are shown with --verbose and otherwise skipped.
A brain loses the game at once when it answers late (past the turn limit or its match clock),
answers anything but a point (``ERROR``, ``UNKNOWN``, garbage), plays off the board or on a
stone, exits, or refuses ``START``; in renju a black foul loses as the rules say. At the end:
each brain's score with a Wilson 95% interval, per colour, failures by reason, and its reply
times (p50/p99/max). A line per game on stdout and a progress bar on stderr (`--no-progress`);
`--json` prints one JSON document instead.

A brain can never hang the runner: the process handling is the LOCM referee's (answers read by
threads into bounded queues and waited for with deadlines, input written without blocking,
each brain's process group killed when its game ends).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.gomoku import BLACK, WHITE, GomokuState, Rule, format_move, parse_move
from game.rules.gomoku.rules import MAX_SIZE, MIN_SIZE
from game.rules.safe_json import JsonFileError, json_path, read_json_file, read_text_file
from game.tools.referee import BotFailure, BotProcess
from game.tools.stats import percentile, wilson_interval
from game.tools.args import (
    PROGRAM,
    ProgressBar,
    add_jobs_argument,
    add_output_arguments,
    positive_ms,
    print_json,
    progress_wanted,
)

BOOK = Path(__file__).resolve().parents[2] / "ai" / "gomoku" / "openings.json"
RENJU_BOOK = BOOK.with_name("openings_renju.json")
BOOK_SIZE = 15  # the book's openings are written for 15x15 and centred on larger boards
RULES = {"freestyle": Rule.FREESTYLE, "standard": Rule.STANDARD, "renju": Rule.RENJU}
# INFO rule bits of the Piskvork protocol: 1 exact five, 4 renju.
RULE_BITS = {Rule.FREESTYLE: 0, Rule.STANDARD: 1, Rule.RENJU: 4}
GAME_TYPE_BRAIN_VS_BRAIN = 1
SKIPPED_PREFIXES = ("MESSAGE", "DEBUG")
COLOUR_NAMES = {BLACK: "black", WHITE: "white"}
MAX_MATCH_MS = 86_400_000.0  # --match-ms: a day


@dataclass(frozen=True)
class MatchConfig:
    size: int = 15
    rule: Rule = Rule.FREESTYLE
    turn_ms: float = 1000.0  # INFO timeout_turn: the limit of every reply
    match_ms: float = 0.0  # INFO timeout_match: each brain's clock for a game (0: none)
    start_ms: float = 10_000.0  # START (the process starting included) must be answered by then
    max_memory: int = 0  # INFO max_memory in bytes (0: no limit; not enforced, only announced)


@dataclass
class GameRecord:
    index: int
    opening: int  # index in the openings list
    commands: tuple[str, str]  # black's, white's
    names: tuple[str, str]  # "p1"/"p2" for black, white
    moves: list[tuple[int, int]] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)  # per move; 0 for the opening's stones
    opening_length: int = 0
    winner: int | None = None  # BLACK, WHITE, or 0 for a draw
    reason: str = ""
    failed: int | None = None  # the colour whose brain failed (timeout, crash, bad answer)
    reply_ms: dict[int, list[float]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    start_ms: dict[int, float] = field(default_factory=dict)
    stderr_tail: dict[int, list[str]] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    psq: Path | None = None  # where its .psq record was written


# ------------------------------------------------------------------------------- openings


def load_openings(path: str | Path | None = None) -> list[list[tuple[int, int]]]:
    """Openings as move lists (black first, 15x15 coordinates).

    ``path`` is the project's book by default, or a file: JSON like the book
    (``{"openings": [{"moves": [[x, y], ...]}, ...]}``), a JSON list of move lists, or text with
    one opening per line as ``x,y`` points separated by spaces (``#`` starts a comment).
    Raises ValueError naming the file and the problem.
    """
    source = Path(path) if path else BOOK
    openings: list[list[tuple[int, int]]] = []
    try:
        if source.suffix.lower() == ".json":
            data = read_json_file(source)  # size, UTF-8, depth, finite numbers: JsonFileError naming the file
        else:
            text = read_text_file(source)
    except FileNotFoundError:
        raise ValueError(f"cannot read openings from {source}: no such file") from None
    except JsonFileError as error:
        raise ValueError(str(error)) from None
    except OSError as error:  # JsonFileUnreadable and friends
        raise ValueError(f"cannot read openings from {source}: {error.strerror or error}") from None
    if source.suffix.lower() == ".json":
        top = ["openings"] if isinstance(data, dict) else []
        items = data.get("openings") if isinstance(data, dict) else data
        if not isinstance(items, list):
            raise ValueError(f"{source}: {json_path(top)}: expected a list of openings or {{\"openings\": [...]}}")
        for number, item in enumerate(items):
            where = [*top, number]
            moves = item.get("moves") if isinstance(item, dict) else item
            if isinstance(item, dict):
                where.append("moves")
            if not isinstance(moves, list):
                raise ValueError(
                    f"{source}: {json_path(where)}: opening {number}: expected [[x, y], ...], got {_shown(moves)}"
                )
            opening = []
            for step, move in enumerate(moves):
                if not (
                    isinstance(move, list)
                    and len(move) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 for v in move)
                ):
                    raise ValueError(
                        f"{source}: {json_path([*where, step])}: opening {number}: expected a point "
                        f"[x, y] of whole numbers on the board, got {_shown(move)}"
                    )
                opening.append((move[0], move[1]))
            openings.append(opening)
    else:
        for number, line in enumerate(text.splitlines(), 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                openings.append([parse_move(token) for token in line.split()])
            except ValueError as error:
                raise ValueError(f"{source}, line {number}: {error}") from None
    if not openings:
        raise ValueError(f"{source}: no openings")
    return openings


def _shown(value) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def opening_state(moves: Sequence[tuple[int, int]], config: MatchConfig) -> GomokuState:
    """The opening played on the match's board (centred when it is larger than 15x15);
    ValueError if a stone is off the board, repeated, or the opening is already decided."""
    shift = (config.size - BOOK_SIZE) // 2 if config.size > BOOK_SIZE else 0
    state = GomokuState(config.size, config.rule)
    for x, y in moves:
        if state.is_over:
            raise ValueError("the opening is already decided")
        state.play(x + shift, y + shift)
    if state.is_over:
        raise ValueError("the opening is already decided")
    return state


# ------------------------------------------------------------------------------- one game


class Brain:
    """One brain process for one game, speaking the Piskvork protocol."""

    def __init__(self, command: str, colour: int, cwd: str | Path | None, log: Callable[[str], None] | None):
        self.colour = colour
        self.process = BotProcess(command, colour, cwd)
        self.log = log
        self.started = False  # has it been sent its first move request?

    def send(self, lines: Sequence[str], deadline: float) -> None:
        self.process.send("".join(line + "\n" for line in lines), deadline)

    def answer(self, deadline: float, limit_ms: float) -> str:
        """The next line that is not MESSAGE/DEBUG, before ``deadline``."""
        while True:
            line = self.process.receive(deadline, limit_ms).strip()
            if line.upper().startswith(SKIPPED_PREFIXES) or not line:
                if self.log is not None and line:
                    self.log(f"    {COLOUR_NAMES[self.colour]}: {line[:200]}")
                continue
            return line

    def close(self) -> None:
        try:
            self.send(["END"], time.perf_counter() + 0.05)
        except BotFailure:
            pass
        self.process.close()


def play_game(
    index: int,
    black: str,
    white: str,
    names: tuple[str, str],
    opening_index: int,
    opening: Sequence[tuple[int, int]],
    config: MatchConfig,
    cwd: str | Path | None = None,
    log: Callable[[str], None] | None = None,
) -> GameRecord:
    """One game: ``black`` and ``white`` are the brains' shell commands."""
    state = opening_state(opening, config)
    record = GameRecord(
        index,
        opening_index,
        (black, white),
        names,
        moves=list(state.moves),
        times_ms=[0.0] * len(state.moves),
        opening_length=len(state.moves),
    )
    brains: dict[int, Brain] = {}
    clock_left = {BLACK: config.match_ms, WHITE: config.match_ms}
    try:
        for colour, command in ((BLACK, black), (WHITE, white)):
            brains[colour] = Brain(command, colour, cwd, log)
        for colour, brain in brains.items():
            started = time.perf_counter()
            deadline = started + config.start_ms / 1000.0
            brain.send([f"START {config.size}"], deadline)
            reply = brain.answer(deadline, config.start_ms)
            if reply.upper() != "OK":
                raise BotFailure(colour, f"refused START {config.size}: {reply[:80]!r}")
            record.start_ms[colour] = (time.perf_counter() - started) * 1000.0
            brain.process.track()
            info = [
                f"INFO timeout_turn {config.turn_ms:.0f}",
                f"INFO timeout_match {config.match_ms:.0f}",
                f"INFO max_memory {config.max_memory}",
                f"INFO game_type {GAME_TYPE_BRAIN_VS_BRAIN}",
                f"INFO rule {RULE_BITS[config.rule]}",
            ]
            brain.send(info, time.perf_counter() + config.start_ms / 1000.0)
        while not state.is_over:
            colour = state.current_player
            brain = brains[colour]
            request = _move_request(state, brain)
            limit_ms = config.turn_ms
            if config.match_ms > 0:
                request.insert(0, f"INFO time_left {max(clock_left[colour], 0):.0f}")
                limit_ms = min(limit_ms, clock_left[colour])
            started = time.perf_counter()
            deadline = started + max(limit_ms, 0.0) / 1000.0
            brain.send(request, deadline)
            brain.started = True
            reply = brain.answer(deadline, limit_ms)
            spent = (time.perf_counter() - started) * 1000.0
            if spent > limit_ms:  # a line read just after the deadline still came late
                raise BotFailure(colour, f"timed out (answered after {spent:.0f} ms of {limit_ms:.0f})")
            clock_left[colour] -= spent
            record.reply_ms[colour].append(spent)
            brain.process.track()  # the processes it started (after the clock: its time does not pay)
            move = _parse_answer(reply, state, colour)
            state.play(*move)
            record.moves.append(move)
            record.times_ms.append(spent)
        record.winner = state.winner
        if state.winner == 0:
            record.reason = "draw (the board is full)" if state.board.count(0) == 0 else "draw"
        elif state.foul is not None:
            record.reason = f"black played a forbidden {state.foul} at {format_move(state.moves[-1])}"
        else:
            record.reason = "five in a row"
    except BotFailure as failure:
        record.failed = failure.seat
        record.winner = WHITE if failure.seat == BLACK else BLACK
        record.reason = f"{COLOUR_NAMES[failure.seat]} {failure.reason}"
    finally:
        for brain in brains.values():
            brain.close()
        for colour, brain in brains.items():
            record.stderr_tail[colour] = list(brain.process.stderr_tail)
    return record


def _move_request(state: GomokuState, brain: Brain) -> list[str]:
    if brain.started:
        return [f"TURN {format_move(state.moves[-1])}"]
    if not state.moves:
        return ["BEGIN"]
    lines = ["BOARD"]
    for number, (x, y) in enumerate(state.moves):
        colour = BLACK if number % 2 == 0 else WHITE
        lines.append(f"{x},{y},{1 if colour == brain.colour else 2}")
    lines.append("DONE")
    return lines


def _parse_answer(reply: str, state: GomokuState, colour: int) -> tuple[int, int]:
    try:
        x, y = parse_move(reply)
    except ValueError:
        raise BotFailure(colour, f"answered {reply[:80]!r} instead of a move x,y") from None
    if not state.on_board(x, y):
        raise BotFailure(colour, f"played {x},{y}, off the {state.size}x{state.size} board")
    if state.at(x, y) != 0:
        raise BotFailure(colour, f"played the occupied point {x},{y}")
    return x, y


# ------------------------------------------------------------------------------- a match


@dataclass
class MatchResult:
    records: list[GameRecord] = field(default_factory=list)

    def games_of(self, name: str) -> list[tuple[GameRecord, int]]:
        """(record, colour the brain played) for every game of brain ``name``."""
        return [(r, BLACK if r.names[0] == name else WHITE) for r in self.records if name in r.names]


def run_match(
    p1: str,
    p2: str,
    games: int,
    openings: Sequence[Sequence[tuple[int, int]]],
    config: MatchConfig,
    jobs: int = 1,
    cwd: str | Path | None = None,
    psq_dir: str | Path | None = None,
    verbose: bool = False,
    out: Callable[[str], None] = print,
    on_game: Callable[[], None] | None = None,
) -> MatchResult:
    """``games`` games: game g plays opening g // 2 (the list is cycled), p1 black in even games
    and white in odd ones, so each opening is played once with each colour assignment. ``out``
    gets a line per game (``None``: no lines), ``on_game()`` is called after each."""
    tasks = []
    for index in range(games):
        opening_index = (index // 2) % len(openings)
        black, white = ((p1, "p1"), (p2, "p2")) if index % 2 == 0 else ((p2, "p2"), (p1, "p1"))
        tasks.append((index, black, white, opening_index))
    lock = threading.Lock()
    log = (lambda line: _locked(lock, out, line)) if verbose else None
    result = MatchResult()

    def one(task) -> GameRecord:
        index, (black, black_name), (white, white_name), opening_index = task
        record = play_game(
            index, black, white, (black_name, white_name), opening_index, openings[opening_index], config, cwd, log
        )
        if psq_dir is not None:
            try:
                record.psq = write_psq(record, Path(psq_dir) / f"game_{index + 1:03d}.psq", config.size)
                write_game_replay(record.psq.with_suffix(".replay.json"), record, config)
            except OSError as error:  # the game is kept (in the summary); only its record file is missing
                record.messages.append(f"could not write its .psq record into {psq_dir}: {error.strerror or error}")
                with lock:
                    print(f"gomocup match: game {index + 1}: {record.messages[-1]}", file=sys.stderr, flush=True)
        with lock:
            if out is not None:
                out(describe_game(record, verbose))
            if on_game is not None:
                on_game()
        return record

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        result.records = sorted(pool.map(one, tasks), key=lambda r: r.index)
    return result


def _locked(lock: threading.Lock, out: Callable[[str], None], line: str) -> None:
    with lock:
        out(line)


def describe_game(record: GameRecord, verbose: bool = False) -> str:
    black, white = record.names
    stones = len(record.moves)
    if record.winner == 0:
        outcome = f"draw ({record.reason})"
    else:
        loser = WHITE if record.winner == BLACK else BLACK
        winner_name = black if record.winner == BLACK else white
        loser_name = black if loser == BLACK else white
        outcome = (
            f"{winner_name} beat {loser_name}: {record.reason}"
            if record.failed is None
            else f"{winner_name} won, {loser_name} ({record.reason})"
        )
    line = f"game {record.index + 1}: opening {record.opening + 1}, {black} black, {white} white: {outcome}, {stones} stones"
    if verbose and record.failed is not None:
        tail = record.stderr_tail.get(record.failed, [])[-5:]
        line += "".join(f"\n    stderr: {text}" for text in tail)
    return line


def _game_json(record: GameRecord) -> dict:
    return {
        "game": record.index + 1,
        "opening": record.opening + 1,
        "black": record.names[0],
        "white": record.names[1],
        "winner": None
        if record.winner is None
        else "draw"
        if record.winner == 0
        else record.names[0]
        if record.winner == BLACK
        else record.names[1],
        "reason": record.reason,
        "failed": None if record.failed is None else COLOUR_NAMES[record.failed],
        "moves": [list(move) for move in record.moves],
        "opening_length": record.opening_length,
    }


def report_json(result: MatchResult, commands: dict[str, str], config: MatchConfig) -> dict:
    """The match as one JSON document (`--json`): the settings, each brain's figures, every game."""
    brains = []
    for name, command in commands.items():
        played = result.games_of(name)
        wins = sum(1 for r, colour in played if r.winner == colour)
        draws = sum(1 for r, _ in played if r.winner == 0)
        score = wins + 0.5 * draws
        low, high = wilson_interval(score, len(played)) if played else (0.0, 1.0)
        failures: dict[str, int] = {}
        for r, colour in played:
            if r.failed == colour:
                reason = r.reason.split(" ", 1)[1].split(" (", 1)[0]
                failures[reason] = failures.get(reason, 0) + 1
        times = [ms for r, colour in played for ms in r.reply_ms[colour]]
        brains.append(
            {
                "name": name,
                "command": command,
                "games": len(played),
                "wins": wins,
                "draws": draws,
                "score": score,
                "score_rate": score / len(played) if played else 0.0,
                "wilson95": [low, high],
                "as_colour": {
                    COLOUR_NAMES[colour]: {
                        "games": sum(1 for _, c in played if c == colour),
                        "wins": sum(1 for r, c in played if c == colour and r.winner == colour),
                    }
                    for colour in (BLACK, WHITE)
                },
                "lost_by_failing": failures,
                "reply_ms": {
                    "replies": len(times),
                    "p50": percentile(times, 0.5),
                    "p99": percentile(times, 0.99),
                    "max": max(times),
                }
                if times
                else None,
            }
        )
    return {
        "games": len(result.records),
        "rule": config.rule.name.lower(),
        "size": config.size,
        "turn_ms": config.turn_ms,
        "match_ms": config.match_ms,
        "brains": brains,
        "results": [_game_json(record) for record in result.records],
    }


def summary(result: MatchResult, commands: dict[str, str], config: MatchConfig) -> list[str]:
    games = len(result.records)
    lines = [
        f"{games} games, {config.rule.name.lower()}, {config.size}x{config.size}, {config.turn_ms:g} ms per move"
        + (f", {config.match_ms:g} ms per game" if config.match_ms else "")
    ]
    for name, command in commands.items():
        played = result.games_of(name)
        wins = sum(1 for r, colour in played if r.winner == colour)
        draws = sum(1 for r, _ in played if r.winner == 0)
        score = wins + 0.5 * draws
        low, high = wilson_interval(score, len(played)) if played else (0.0, 1.0)
        per_colour = []
        for colour in (BLACK, WHITE):
            mine = [r for r, c in played if c == colour]
            per_colour.append(f"as {COLOUR_NAMES[colour]} {sum(1 for r in mine if r.winner == colour)}/{len(mine)}")
        failures: dict[str, int] = {}
        for r, colour in played:
            if r.failed == colour:
                reason = r.reason.split(" ", 1)[1].split(" (", 1)[0]
                failures[reason] = failures.get(reason, 0) + 1
        rate = score / len(played) if played else 0.0
        lines.append(
            f"{name}: {score:g}/{len(played)} = {rate:.1%} (95% Wilson interval {low:.1%}-{high:.1%}), "
            f"{', '.join(per_colour)}, draws {draws}  [{command}]"
        )
        if failures:
            lines.append(
                "    lost by failing: " + "; ".join(f"{reason} x{n}" for reason, n in sorted(failures.items()))
            )
        times = [ms for r, colour in played for ms in r.reply_ms[colour]]
        if times:
            lines.append(
                f"    replies: {len(times)}, p50 {percentile(times, 0.5):.1f} ms, p99 {percentile(times, 0.99):.1f} ms, "
                f"max {max(times):.1f} ms (limit {config.turn_ms:g} ms)"
            )
        starts = [r.start_ms[colour] for r, colour in played if colour in r.start_ms]
        if starts:
            lines.append(f"    start-up (START answered): max {max(starts):.0f} ms")
    return lines


def write_game_replay(path: Path, record: GameRecord, config: MatchConfig) -> Path:
    """The game as a Duelmind replay (game/rules/replays/), beside its .psq record: the opening's
    stones and every move, the brains' commands, the result."""
    from game.rules.replays import Outcome, Replay, Seat, write_replay

    winner = {BLACK: 0, WHITE: 1}.get(record.winner) if record.winner else None
    replay = Replay(
        game="gomoku",
        mode="gomocup",
        seed=0,
        setup={"size": config.size, "rule": config.rule.name.lower()},
        players=[
            Seat(kind="ai", name=f"{colour} ({name})", ai=command)
            for colour, name, command in zip(("black", "white"), record.names, record.commands)
        ],
        actions=[[x, y] for x, y in record.moves],
        result=Outcome(winner=winner, text=record.reason),
    )
    return write_replay(path, replay)


def write_psq(record: GameRecord, path: Path, size: int) -> Path:
    """The game as a Piskvork .psq record: 1-based ``x,y,ms`` per move, then the brains. The file
    is new: when ``path`` exists (an earlier match's record), ``NAME-2.psq``, ``NAME-3.psq``... is
    used instead, so no record is ever written over. Returns the path written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"Piskvorky {size}x{size}, 11:11, 0"]
    lines += [f"{x + 1},{y + 1},{ms:.0f}" for (x, y), ms in zip(record.moves, record.times_ms)]
    lines += ["-1", record.commands[0], record.commands[1], "-1"]
    text = "\n".join(lines) + "\n"
    for attempt in range(1, 10_000):
        target = path if attempt == 1 else path.with_name(f"{path.stem}-{attempt}{path.suffix}")
        try:
            with open(target, "x", encoding="utf-8") as handle:  # "x": never over an existing file
                handle.write(text)
            return target
        except FileExistsError:
            continue
    raise FileExistsError(f"{path} and 9998 other names are taken")


def check_psq_folder(folder: str | Path) -> Path:
    """--psq, checked before the first game: a folder (created if missing) that can be written;
    ValueError with a sentence otherwise (a game must never be played only to lose its record)."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise ValueError(
            f"--psq {path} is a file; --psq takes a folder, where one .psq record per game is "
            "written (game_001.psq, ...; existing records are kept, new ones get fresh names)"
        )
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"--psq {path}: cannot create the folder ({error.strerror or error})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise ValueError(f"--psq {path}: the folder cannot be written")
    return path


# ------------------------------------------------------------------------------- command


def match_ms(text: str) -> float:
    """--match-ms: 0 (no match clock) or a time in ms up to a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a time in ms (0: no match clock), not {text!r}") from None
    if not math.isfinite(value) or value < 0 or value > MAX_MATCH_MS:
        raise argparse.ArgumentTypeError(
            f"expected a time in ms from 0 (no match clock) to {MAX_MATCH_MS:.0f} (a day), not {text!r}"
        )
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--p1",
        required=True,
        metavar="CMD",
        help=f'shell command of the first brain (e.g. "{PROGRAM} brain gomocup --level hard")',
    )
    parser.add_argument("--p2", required=True, metavar="CMD", help="shell command of the second brain")
    parser.add_argument(
        "--games",
        type=int,
        default=2,
        help="games to play; game g uses opening g//2, colours swap every game (default 2)",
    )
    parser.add_argument(
        "--rule", choices=sorted(RULES), default="freestyle", help="the rule of five (default freestyle)"
    )
    parser.add_argument("--size", type=int, default=15, help=f"board size {MIN_SIZE}..{MAX_SIZE} (default 15)")
    parser.add_argument(
        "--turn-ms", type=positive_ms, default=1000.0, help="time per move, INFO timeout_turn (default 1000)"
    )
    parser.add_argument(
        "--match-ms",
        type=match_ms,
        default=0.0,
        help="each brain's time per game, INFO timeout_match (default 0: no match clock)",
    )
    parser.add_argument(
        "--start-ms", type=positive_ms, default=10_000.0, help="time to start and answer START (default 10000)"
    )
    parser.add_argument(
        "--max-memory", type=int, default=0, help="INFO max_memory in bytes (announced only; default 0: no limit)"
    )
    parser.add_argument(
        "--openings",
        metavar="FILE",
        default=None,
        help="openings file (JSON like ai/gomoku/openings.json, or one 'x,y x,y ...' per line); "
        "default: the project's book for the rule (ai/gomoku/openings_renju.json for renju)",
    )
    parser.add_argument(
        "--psq",
        metavar="DIR",
        default=None,
        help="write every game as a Piskvork .psq file and a Duelmind replay (NAME.replay.json) into this folder (created if missing; "
        "existing files are never overwritten: a taken name gets a -2, -3... suffix)",
    )
    add_jobs_argument(parser, 1, help="games played at once (each brain thinks on one core; default 1)")
    parser.add_argument("--verbose", action="store_true", help="show MESSAGE/DEBUG lines and failing brains' stderr")
    add_output_arguments(
        parser,
        json_help="print one JSON document on stdout (settings, each brain's figures, every game) instead of the lines",
    )


def run(args: argparse.Namespace) -> int:
    def fail(message: str) -> int:
        print(f"gomocup match: {message}", file=sys.stderr)
        return 2

    if not MIN_SIZE <= args.size <= MAX_SIZE:
        return fail(f"--size must be {MIN_SIZE}..{MAX_SIZE}, not {args.size}")
    if args.games < 1:
        return fail("--games must be at least 1")
    if args.turn_ms <= 0 or args.match_ms < 0 or args.start_ms <= 0:
        return fail("--turn-ms and --start-ms must be positive, --match-ms zero or positive")
    config = MatchConfig(
        size=args.size,
        rule=RULES[args.rule],
        turn_ms=args.turn_ms,
        match_ms=args.match_ms,
        start_ms=args.start_ms,
        max_memory=args.max_memory,
    )
    try:
        # Renju has a book of its own (balanced under renju); the other rules play the freestyle one.
        openings = load_openings(args.openings or (RENJU_BOOK if config.rule == Rule.RENJU else None))
        for number, opening in enumerate(openings):
            try:
                opening_state(opening, config)
            except ValueError as error:
                raise ValueError(
                    f"opening {number + 1} ({' '.join(format_move(m) for m in opening)}): {error}"
                ) from None
        if args.psq is not None:
            check_psq_folder(args.psq)
    except ValueError as error:
        return fail(str(error))

    with ProgressBar(args.games, "gomocup match", progress_wanted(args)) as bar:

        def out(line: str) -> None:  # with --json, stdout is the document's: the --verbose lines go to stderr
            bar.write(line, sys.stderr if args.json else sys.stdout)

        result = run_match(
            args.p1,
            args.p2,
            args.games,
            openings,
            config,
            jobs=args.jobs,
            psq_dir=args.psq,
            verbose=args.verbose,
            out=None if args.json and not args.verbose else out,
            on_game=bar.update,
        )
    commands = {"p1": args.p1, "p2": args.p2}
    if args.json:
        print_json(report_json(result, commands, config))
        return 0
    for line in summary(result, commands, config):
        print(line, flush=True)
    return 0
