"""`duelmind referee`: LOCM matches between two external bot programs, CodinGame style.

Every game starts both bots afresh (shell commands, run in their own process group), plays the
draft (both see the same offers: PICK n / CHOOSE id / PASS) and then the battle with this
project's engine, sending each bot exactly the referee's text for its turn and reading one
answer line within the time limit. A timeout, a bot that exits or closes its output, or an
answer that cannot be parsed loses the game at once; well-formed but illegal actions are
skipped with a warning (shown with --verbose). Seats alternate: p1 moves first in odd-numbered
games, p2 in even-numbered ones, and both games of a pair use the same draft offers and deck
shuffles. At the end: each bot's wins with a Wilson 95% interval, and its reply times. A line
per game on stdout and a progress bar on stderr (`--no-progress`); `--json` prints one JSON
document instead of the lines.

A bot can never hang the referee: answers are read by threads into bounded queues and waited
for with deadlines, input is written without blocking, and each bot's process group is killed
when its game ends.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import select
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from game.rules.cards.actions import ActionSyntaxError
from game.rules.cards.battle import Battle
from game.rules.cards.draft import DRAFT_CARDS, OFFER_SIZE, Draft, DraftAnswerError, parse_draft_answer
from game.rules.cards.locm import OFFICIAL_CARDLIST
from game.rules.cards.model import Card
from game.rules.safe_json import JsonFileError, read_json_file
from game.rules.cards.protocol import battle_input, draft_input, play_turn
from game.tools.args import PROGRAM, ProgressBar, add_output_arguments, positive_ms, print_json, progress_wanted
from game.tools.stats import percentile, wilson_interval

DEFAULT_POOL = OFFICIAL_CARDLIST
MAX_ANSWER_BYTES = 1 << 16  # a longer answer line loses (a flooding bot)
MAX_QUEUED_LINES = 256  # answer lines buffered per bot; a flooding bot then blocks on its own writes
MAX_BATTLE_TURNS = 400  # the rune rules end every game long before this

_EOF = object()


@dataclass
class Limits:
    """Time limits in milliseconds (CodinGame: 1000 for the first turn of each phase, then
    100, or 200 in the battle with two lanes)."""

    draft_first_ms: float = 1000.0
    draft_ms: float = 100.0
    first_turn_ms: float = 1000.0
    turn_ms: float = 100.0


class BotFailure(Exception):
    """A bot lost by failing: timeout, crash, closed output, unparseable answer."""

    def __init__(self, seat: int, reason: str):
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


class BotProcess:
    """One bot program for one game: answers are read line by line by a thread."""

    def __init__(self, command: str, seat: int, cwd: str | Path | None = None):
        self.command = command
        self.seat = seat
        posix = os.name == "posix"
        self.proc = subprocess.Popen(
            command,
            shell=True,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            start_new_session=posix,
        )
        self._posix = posix
        # Every process the bot started, seen while it ran (`track`): a child that left the
        # process group (setsid, a daemon) would outlive the group kill of `close`.
        self._descendants: dict[int, object] = {}
        self.input_closed = False
        if posix:
            os.set_blocking(self.proc.stdin.fileno(), False)
        self.lines: queue.Queue = queue.Queue(maxsize=MAX_QUEUED_LINES)
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True, name=f"bot{seat}-out"),
            threading.Thread(target=self._read_stderr, daemon=True, name=f"bot{seat}-err"),
        ]
        for thread in self._threads:
            thread.start()

    # ------------------------------------------------------------------ threads

    def _read_stdout(self) -> None:
        stream = self.proc.stdout
        while not self._stop.is_set():
            try:
                line = stream.readline(MAX_ANSWER_BYTES)
            except (OSError, ValueError):
                line = b""
            if not line:
                self._put(_EOF)
                return
            self._put(line)

    def _put(self, item) -> None:
        while not self._stop.is_set():
            try:
                self.lines.put(item, timeout=0.05)
                return
            except queue.Full:
                continue

    def _read_stderr(self) -> None:
        stream = self.proc.stderr
        while not self._stop.is_set():
            try:
                line = stream.readline(4096)
            except (OSError, ValueError):
                return
            if not line:
                return
            self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())

    # ------------------------------------------------------------------ exchange

    def send(self, text: str, deadline: float) -> None:
        if self.input_closed:
            return
        data = text.encode()
        fd = self.proc.stdin.fileno()
        try:
            if not self._posix:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
                return
            while data:
                try:
                    written = os.write(fd, data)
                    data = data[written:]
                except BlockingIOError:
                    remaining = deadline - time.perf_counter()
                    if remaining <= 0:
                        raise BotFailure(self.seat, "does not read its input (timeout while sending the turn)")
                    select.select([], [fd], [], remaining)
        except OSError:
            # BrokenPipeError and friends: the bot stopped reading (it exited, most likely).
            # Its answer may still be waiting in its output, so reading decides: a line, or
            # the end of its output (a loss).
            self.input_closed = True

    def receive(self, deadline: float, limit_ms: float) -> str:
        try:
            item = self.lines.get(timeout=max(0.0, deadline - time.perf_counter()))
        except queue.Empty:
            raise BotFailure(self.seat, f"timed out (no answer within {limit_ms:g} ms)") from None
        if item is _EOF:
            raise BotFailure(self.seat, f"closed its output ({self._exit_text()})")
        if not item.endswith(b"\n") and len(item) >= MAX_ANSWER_BYTES:
            raise BotFailure(self.seat, f"answer line longer than {MAX_ANSWER_BYTES} bytes")
        return item.decode("utf-8", "replace").rstrip("\r\n")

    def _exit_text(self) -> str:
        try:
            code = self.proc.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return "still running"
        return f"exit code {code}"

    def track(self) -> None:
        """Note the bot's descendants now (children of children included): called after every
        reply and when the game ends, so that `close` ends those that left its process group."""
        self._descendants.update((child.pid, child) for child in _descendants_of(self.proc.pid))

    def _end_descendants(self) -> None:
        """Terminate every descendant seen (and their own children), wait briefly, kill the rest."""
        import psutil

        known = list(self._descendants.values())
        for process in list(known):
            try:
                known += process.children(recursive=True)
            except (psutil.Error, OSError):
                pass
        alive = []
        for process in {process.pid: process for process in known}.values():
            try:
                if process.is_running():
                    process.terminate()
                    alive.append(process)
            except (psutil.Error, OSError):
                pass
        still = _wait_ended(alive, 0.5)
        for process in still:
            try:
                process.kill()
            except (psutil.Error, OSError):
                pass
        _wait_ended(still, 0.5)

    def close(self) -> None:
        """Kill the bot's whole process group, then every descendant that left the group, and
        release the pipes and threads."""
        self._stop.set()
        self.track()
        if self._posix or self.proc.poll() is None:  # a group: the shell's children too
            try:
                if self._posix:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                else:
                    self.proc.kill()
            except (ProcessLookupError, PermissionError, OSError):
                pass
        try:
            self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            pass
        self._end_descendants()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        for thread in self._threads:
            thread.join(timeout=0.5)


def _descendants_of(pid: int) -> list:
    """psutil.Process objects of every process below `pid` (none when it has gone)."""
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except (psutil.Error, OSError):
        return []


def _wait_ended(processes: list, seconds: float) -> list:
    """Wait up to `seconds` for `processes` to end; those still running. A zombie has ended (an
    orphan's zombie waits for its new parent, not for us)."""
    import psutil

    def running(process) -> bool:
        try:
            return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
        except (psutil.Error, OSError):
            return False

    deadline = time.monotonic() + seconds
    left = [process for process in processes if running(process)]
    while left and time.monotonic() < deadline:
        time.sleep(0.02)
        left = [process for process in left if running(process)]
    return left


# ----------------------------------------------------------------------------------- games


def _phases() -> dict[str, list[float]]:
    return {"first": [], "draft": [], "battle": []}


@dataclass
class GameReport:
    winner: int  # seat
    reason: str  # why the loser lost
    turns: int
    # Reply times per seat: "first" (the first draft and first battle turn: start-up included),
    # "draft" and "battle" (the later turns of each phase).
    reply_ms: list[dict[str, list[float]]] = field(default_factory=lambda: [_phases(), _phases()])
    warnings: list[str] = field(default_factory=list)
    failure: BotFailure | None = None
    stderr_tail: list[list[str]] = field(default_factory=lambda: [[], []])
    decks: list[list[int]] = field(default_factory=list)  # the two decks' base ids in draw order
    actions: list[str] = field(default_factory=list)  # every action played, the ends of turns included


def play_game(
    commands: Sequence[str],
    pool: Sequence[Card],
    rng: random.Random,
    lanes: int = 1,
    limits: Limits = Limits(),
    decks: Sequence[Sequence[Card]] | None = None,
    cwd: str | Path | None = None,
    log: Callable[[str], None] | None = None,
) -> GameReport:
    """One game between two bot commands (commands[0] moves first), each started afresh."""
    report = GameReport(winner=-1, reason="", turns=0)
    bots: list[BotProcess] = []
    try:
        for seat, command in enumerate(commands):
            bots.append(BotProcess(command, seat, cwd))

        def exchange(seat: int, text: str, limit_ms: float, phase: str) -> str:
            started = time.perf_counter()
            deadline = started + limit_ms / 1000.0
            bots[seat].send(text, deadline)
            answer = bots[seat].receive(deadline, limit_ms)
            report.reply_ms[seat][phase].append((time.perf_counter() - started) * 1000.0)
            bots[seat].track()  # after the clock: the bot's time does not pay for it
            return answer

        if decks is None:
            draft = Draft(pool, rng)
            for pick, offer in enumerate(draft.offers):
                limit = limits.draft_first_ms if pick == 0 else limits.draft_ms
                for seat in (0, 1):
                    answer = exchange(
                        seat, draft_input(pick, seat, offer, lanes), limit, "first" if pick == 0 else "draft"
                    )
                    try:
                        draft.choose(seat, parse_draft_answer(answer, offer))
                    except DraftAnswerError as error:
                        raise BotFailure(seat, f"bad draft answer {answer[:80]!r}: {error}") from None
            decks = draft.decks(rng)
        battle = Battle.from_decks(decks, lanes)
        report.decks = [[card.base_id for card in deck] for deck in decks]
        first = [True, True]
        while battle.winner is None:
            if battle.turn > MAX_BATTLE_TURNS:
                raise RuntimeError("the battle did not end")
            seat = battle.current
            limit = limits.first_turn_ms if first[seat] else limits.turn_ms
            phase = "first" if first[seat] else "battle"
            first[seat] = False
            answer = exchange(seat, battle_input(battle), limit, phase)
            played: list = []
            try:
                warnings = play_turn(battle, answer, played)
                report.actions += [action.text(lanes) for action in played]
            except ActionSyntaxError as error:
                raise BotFailure(seat, f"unparseable answer {answer[:80]!r}: {error}") from None
            for warning in warnings:
                text = f"turn {battle.turn}, player {seat + 1}: illegal action skipped: {warning}"
                report.warnings.append(text)
                if log is not None:
                    log(text)
        report.winner = battle.winner
        report.turns = battle.turn
        report.reason = "lost the battle"
    except BotFailure as failure:
        report.winner = 1 - failure.seat
        report.reason = failure.reason
        report.failure = failure
    finally:
        for bot in bots:
            bot.close()
        for bot in bots:
            report.stderr_tail[bot.seat] = list(bot.stderr_tail)
    return report


@dataclass
class MatchResult:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])  # p1, p2
    reply_ms: list[dict[str, list[float]]] = field(default_factory=lambda: [_phases(), _phases()])  # p1, p2
    failures: list[int] = field(default_factory=lambda: [0, 0])
    results: list[dict] = field(default_factory=list)  # per game: winner, seats, turns, why the loser lost


def run_match(
    p1: str,
    p2: str,
    games: int,
    pool: Sequence[Card],
    lanes: int = 1,
    seed: int = 0,
    limits: Limits = Limits(),
    decks: Sequence[Sequence[Card]] | None = None,
    cwd: str | Path | None = None,
    verbose: bool = False,
    out: Callable[[str], None] = print,
    on_game: Callable[[], None] | None = None,
    replays: Path | None = None,
) -> MatchResult:
    """`games` games between bot commands p1 and p2, seats swapped every other game; `out`
    gets a line per game, `on_game()` is called after each; with `replays` (a folder), each game
    is written there as a replay file (the pool must be the official list, which replays name)."""
    result = MatchResult()
    names = ("p1", "p2")
    for index in range(games):
        swapped = index % 2 == 1
        commands = (p2, p1) if swapped else (p1, p2)
        rng = random.Random(f"{seed}:{index // 2}")  # both games of a pair: the same offers and shuffles
        log = out if verbose else None
        report = play_game(commands, pool, rng, lanes, limits, decks, cwd, log)
        winner = (1 - report.winner) if swapped else report.winner  # 0 = p1, 1 = p2
        loser = 1 - winner
        result.games += 1
        result.wins[winner] += 1
        for seat in (0, 1):
            bot = (1 - seat) if swapped else seat
            for phase, times in report.reply_ms[seat].items():
                result.reply_ms[bot][phase] += times
        detail = f"in {report.turns} turns" if report.failure is None else f"{names[loser]} {report.reason}"
        if report.failure is not None:
            result.failures[loser] += 1
        result.results.append(
            {
                "game": index + 1,
                "winner": names[winner],
                "p1_moved": "second" if swapped else "first",
                "turns": report.turns,
                "loser_failed": report.failure is not None,
                "reason": report.reason,
                "warnings": len(report.warnings),
            }
        )
        out(
            f"game {index + 1}: {names[winner]} beat {names[loser]} ({names[0]} moved "
            f"{'second' if swapped else 'first'}) {detail}"
        )
        if verbose and report.failure is not None:
            loser_seat = (1 - loser) if swapped else loser
            for line in report.stderr_tail[loser_seat][-5:]:
                out(f"    {names[loser]} stderr: {line}")
        if replays is not None:
            write_game_replay(replays / f"game-{index + 1:03d}.replay.json", report, commands, lanes)
        if on_game is not None:
            on_game()
    return result


def write_game_replay(path: Path, report: GameReport, commands: Sequence[str], lanes: int) -> Path:
    """One referee game as a replay (game/rules/replays/): the decks it was played with, every
    action, and the bot command in each seat."""
    from game.rules.replays import Outcome, Replay, Seat, write_replay

    ending = f"player {report.winner + 1} won" + (
        f"; player {2 - report.winner} {report.reason}" if report.failure else ""
    )
    replay = Replay(
        game="cards",
        mode="referee",
        seed=0,  # the referee's battles have no random effects (LOCM cards): from_decks' seed
        setup={"lanes": lanes, "cards": "locm", "decks": report.decks},
        players=[Seat(kind="ai", name=f"player {seat + 1}", ai=command) for seat, command in enumerate(commands)],
        actions=list(report.actions),
        result=Outcome(winner=report.winner, text=ending),
    )
    return write_replay(path, replay)


def _times(values: list[float]) -> dict | None:
    if not values:
        return None
    return {"replies": len(values), "p50": percentile(values, 0.5), "p99": percentile(values, 0.99), "max": max(values)}


def report_json(result: MatchResult, p1: str, p2: str, settings: dict) -> dict:
    """The match as one JSON document (`--json`): the settings, each bot's figures, every game."""
    players = []
    for bot, (name, command) in enumerate((("p1", p1), ("p2", p2))):
        wins = result.wins[bot]
        low, high = wilson_interval(wins, result.games)
        players.append(
            {
                "name": name,
                "command": command,
                "wins": wins,
                "win_rate": wins / result.games if result.games else 0.0,
                "wilson95": [low, high],
                "lost_by_failing": result.failures[bot],
                "reply_ms": {phase: _times(times) for phase, times in result.reply_ms[bot].items()},
            }
        )
    return {**settings, "games": result.games, "players": players, "results": result.results}


def summary(result: MatchResult, p1: str, p2: str) -> list[str]:
    lines = [f"{result.games} games"]
    for bot, (name, command) in enumerate((("p1", p1), ("p2", p2))):
        wins = result.wins[bot]
        low, high = wilson_interval(wins, result.games)
        rate = wins / result.games if result.games else 0.0
        line = (
            f"{name}: {wins} wins ({rate:.1%}, 95% Wilson interval {low:.1%}-{high:.1%}), "
            f"{result.failures[bot]} lost by failing"
        )
        lines.append(f"{line}  [{command}]")
        for phase, label in (("battle", "battle turns"), ("draft", "draft turns"), ("first", "first turns (start-up)")):
            times = result.reply_ms[bot][phase]
            if times:
                lines.append(
                    f"    {label}: {len(times)} replies, p50 {percentile(times, 0.5):.1f} ms, "
                    f"p99 {percentile(times, 0.99):.1f} ms, max {max(times):.1f} ms"
                )
    return lines


# ----------------------------------------------------------------------------------- command


def _draft_limits(text: str) -> tuple[float, float]:
    parts = text.split("/")
    try:
        values = [positive_ms(part) for part in parts]
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected FIRST/THEN in ms, e.g. 1000/100, not {text!r}") from None
    if len(values) == 1:
        values *= 2
    if len(values) != 2:
        raise argparse.ArgumentTypeError(f"expected FIRST/THEN in ms, e.g. 1000/100, not {text!r}")
    return values[0], values[1]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--p1",
        required=True,
        metavar="CMD",
        help=f"shell command of the first bot (e.g. \"{PROGRAM} bot locm --ai easy\")",
    )
    parser.add_argument("--p2", required=True, metavar="CMD", help="shell command of the second bot")
    parser.add_argument("--games", type=int, default=2, help="games to play; seats swap every other game (default 2)")
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=1, help="one lane (CodinGame) or two (LOCM 1.2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the drafts and shuffles")
    parser.add_argument(
        "--decks",
        metavar="FILE",
        default=None,
        help="JSON: two lists of base ids in draw order (first player first); skips the draft",
    )
    parser.add_argument(
        "--pool",
        metavar="FILE",
        default=None,
        help="card list (LOCM text format); default: the LOCM 1.2 list shipped with the rules",
    )
    parser.add_argument("--first-turn-ms", type=positive_ms, default=1000.0, help="first battle turn (default 1000)")
    parser.add_argument(
        "--turn-ms", type=positive_ms, default=None, help="later battle turns (default 100, or 200 with two lanes)"
    )
    parser.add_argument(
        "--draft-ms",
        type=_draft_limits,
        default=(1000.0, 100.0),
        metavar="FIRST/THEN",
        help="first draft turn / later draft turns (default 1000/100)",
    )
    parser.add_argument("--verbose", action="store_true", help="print illegal-action warnings and failing bots' stderr")
    parser.add_argument(
        "--replays",
        type=Path,
        default=None,
        metavar="DIR",
        help="write each game into DIR as a replay file (watch it with 'duelmind replay FILE'); "
        "needs the official card list (no --pool)",
    )
    add_output_arguments(
        parser,
        json_help="print one JSON document on stdout (settings, each bot's figures, every game) instead of the lines",
    )


def load_decks(path: str | Path, cards: dict[int, Card]) -> list[list[Card]]:
    """Two decks from JSON (two lists of base ids); ValueError with the reason otherwise."""
    try:
        data = read_json_file(path)
    except (OSError, JsonFileError) as error:
        raise ValueError(f"cannot read decks from {path}: {error}") from None
    if not (isinstance(data, list) and len(data) == 2 and all(isinstance(deck, list) and deck for deck in data)):
        raise ValueError(f"{path}: expected two non-empty lists of base ids")
    decks = []
    for seat, deck in enumerate(data):
        for base_id in deck:
            if not isinstance(base_id, int) or base_id not in cards:
                raise ValueError(f"{path}: deck {seat + 1} names card {base_id!r}, which the pool does not have")
        decks.append([cards[base_id] for base_id in deck])
    return decks


def run(args: argparse.Namespace) -> int:
    from game.rules.cards.locm import CardListError, load_cardlist

    pool_path = Path(args.pool) if args.pool else DEFAULT_POOL
    if not pool_path.is_file():
        print(f"referee: card pool {pool_path} not found; pass --pool FILE", file=sys.stderr)
        return 2
    try:
        cards = load_cardlist(pool_path)
    except (CardListError, OSError) as error:
        print(f"referee: {error}", file=sys.stderr)
        return 2
    decks = None
    if args.decks:
        try:
            decks = load_decks(args.decks, cards)
        except ValueError as error:
            print(f"referee: {error}", file=sys.stderr)
            return 2
    if args.games < 1:
        print("referee: --games must be at least 1", file=sys.stderr)
        return 2
    if args.replays is not None and pool_path.resolve() != DEFAULT_POOL.resolve():
        print(
            "referee: --replays needs the official card list (replays name their cards by it); drop --pool",
            file=sys.stderr,
        )
        return 2
    distinct = len({card.base_id for card in cards.values()})
    if decks is None and distinct < OFFER_SIZE:
        print(
            f"referee: the card pool {pool_path} has {distinct} card{'' if distinct == 1 else 's'}; a draft offers "
            f"{OFFER_SIZE} different cards at each pick, so it needs at least {OFFER_SIZE} (up to {DRAFT_CARDS} are "
            "drawn); use a larger --pool, or --decks FILE to skip the draft",
            file=sys.stderr,
        )
        return 2
    turn_ms = args.turn_ms if args.turn_ms is not None else (200.0 if args.lanes == 2 else 100.0)
    limits = Limits(
        draft_first_ms=args.draft_ms[0], draft_ms=args.draft_ms[1], first_turn_ms=args.first_turn_ms, turn_ms=turn_ms
    )

    with ProgressBar(args.games, "referee", progress_wanted(args)) as bar:

        def out(line: str) -> None:  # with --json, stdout is the document's: the --verbose lines go to stderr
            bar.write(line, sys.stderr if args.json else sys.stdout)

        def per_game(line: str) -> None:
            if not args.json:
                out(line)

        result = run_match(
            args.p1,
            args.p2,
            args.games,
            list(cards.values()),
            args.lanes,
            args.seed,
            limits,
            decks,
            verbose=args.verbose,
            out=out if args.verbose else per_game,
            on_game=bar.update,
            replays=args.replays,
        )
    if args.json:
        print_json(
            report_json(
                result,
                args.p1,
                args.p2,
                {
                    "p1": args.p1,
                    "p2": args.p2,
                    "lanes": args.lanes,
                    "seed": args.seed,
                    "decks": args.decks,
                    "limits_ms": {
                        "draft_first": limits.draft_first_ms,
                        "draft": limits.draft_ms,
                        "first_turn": limits.first_turn_ms,
                        "turn": limits.turn_ms,
                    },
                },
            )
        )
        return 0
    for line in summary(result, args.p1, args.p2):
        print(line, flush=True)
    return 0
