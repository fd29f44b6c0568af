"""`duelmind bench deadlines`: do the protocol bots answer in time on a busy machine?

The LOCM bot (`bot locm`) and the Gomocup brain (`gomocup brain`) play through their real
runners (the LOCM referee at CodinGame's limits; the Gomocup manager at `--gomoku-turn-ms` a
move) while `--load` CPU-bound processes compete for the cores. In every game one side keeps the
adaptive margin (game/tools/deadlines.py) and the other the fixed one (`--margin fixed`), seats
swapped every game, so both are measured in the same run under the same load. A late reply
loses its game at once (the runners enforce the limits), so "late" is the number of games a bot
lost by timing out; the figures per bot are its replies, its late replies with the Wilson 95 %
interval of the late rate, and its reply times (p50/p99/max) as the runner measured them.

Games are played until each bot has answered at least `--turns` battle turns (cards) or moves
(gomoku). Wall-clock figures from one machine under one load: compare the two margins of the
same run, not runs on different machines.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
from dataclasses import dataclass, field

from game.tools.args import positive_ms
from game.tools.stats import percentile, wilson_interval

DECK_SIZE = 30
STARTUP_MS = 10_000.0  # the first battle turn: the bot process starts in it (see bench_cards)
LATE_WORDS = "timed out"  # how both runners word a reply past its limit


class BenchError(Exception):
    """The bots did not play (a wrong command, a crash at start): said instead of looping."""


@dataclass
class Tally:
    replies: list[float] = field(default_factory=list)  # reply times, ms (battle turns or moves)
    late: int = 0
    games: int = 0

    def line(self, name: str, limit: str) -> str:
        count = len(self.replies)
        low, high = wilson_interval(self.late, count + self.late) if count + self.late else (0.0, 1.0)
        times = (
            f"p50 {percentile(self.replies, 0.5):.1f} ms, p99 {percentile(self.replies, 0.99):.1f} ms, "
            f"max {max(self.replies):.1f} ms"
            if self.replies
            else "no replies"
        )
        return (
            f"  {name:<9} {count} replies in {self.games} games, {self.late} late "
            f"(rate {100 * low:.2f}-{100 * high:.2f} %, Wilson 95 %), {times} (limit {limit})"
        )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot", choices=("locm", "gomocup", "both"), default="both", help="which protocol bot (default both)"
    )
    parser.add_argument("--turns", type=int, default=2000, help="replies per bot and game (default 2000)")
    parser.add_argument("--load", type=int, default=2, help="CPU-bound processes competing (default 2)")
    parser.add_argument("--ai", default="hard", help="the card AI of both LOCM bots (default hard)")
    parser.add_argument(
        "--lanes", type=int, choices=(1, 2), default=1, help="card battle lanes (default 1: 100 ms a turn)"
    )
    parser.add_argument("--gomoku-level", default="hard", help="the brains' AI level (default hard)")
    parser.add_argument(
        "--gomoku-turn-ms", type=positive_ms, default=300.0, help="the Gomocup limit per move (default 300)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")


def _command(*words: str) -> str:
    return " ".join(shlex.quote(word) for word in (sys.executable, "-m", "game.cli", *words))


def start_load(count: int) -> list[subprocess.Popen]:
    """`count` processes that only burn CPU until they are killed."""
    return [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL) for _ in range(count)
    ]


def stop_load(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.kill()
    for process in processes:
        process.wait()


def _late(reason: str) -> bool:
    return LATE_WORDS in reason


def bench_cards(args, out) -> dict[str, Tally]:
    """Referee games of the card AI with the adaptive margin (p1) against itself with the fixed one.
    Each pair of games starts from two random 30-card decks (no draft: the battle turns are what
    is measured, and the draft's 60 quick answers would only make the run longer). Without the
    draft the bot starts up (Python, its imports) inside its first battle turn, so that turn gets
    `STARTUP_MS` and is not counted among the replies."""
    from game.rules.cards.locm import load_cardlist
    from game.tools.referee import DEFAULT_POOL, Limits, run_match

    pool = list(load_cardlist(DEFAULT_POOL).values())
    commands = {
        margin: _command("bot", "locm", "--ai", args.ai, "--margin", margin) for margin in ("adaptive", "fixed")
    }
    limits = Limits(first_turn_ms=STARTUP_MS, turn_ms=200.0 if args.lanes == 2 else 100.0)
    tallies = {margin: Tally() for margin in commands}
    game = 0
    while min(len(t.replies) for t in tallies.values()) < args.turns:
        rng = random.Random(args.seed * 100_003 + game)
        decks = [[rng.choice(pool) for _ in range(DECK_SIZE)] for _ in range(2)]
        result = run_match(commands["adaptive"], commands["fixed"], 2, pool, args.lanes, 0, limits, decks, out=out)
        game += 2
        if not any(result.reply_ms[seat]["battle"] for seat in (0, 1)) and not any(
            _late(row["reason"]) for row in result.results
        ):
            reasons = "; ".join(row["reason"] for row in result.results)
            raise BenchError(f"the bots answered no battle turn ({reasons}); is {commands['fixed']} right?")
        for seat, margin in enumerate(("adaptive", "fixed")):
            tally = tallies[margin]
            tally.games += result.games
            tally.replies += result.reply_ms[seat]["battle"]
            names = ("p1", "p2")
            tally.late += sum(
                1
                for row in result.results
                if row["loser_failed"] and row["winner"] != names[seat] and _late(row["reason"])
            )
    return tallies


def bench_gomoku(args, out) -> dict[str, Tally]:
    """Gomocup games of the brain with the adaptive margin (p1) against itself with the fixed one,
    two at a time from the book's openings (each opening with both colour assignments)."""
    from game.rules.gomoku import BLACK, WHITE
    from game.tools.gomocup_match import MatchConfig, load_openings, run_match

    commands = {
        margin: _command("brain", "gomocup", "--level", args.gomoku_level, "--margin", margin)
        for margin in ("adaptive", "fixed")
    }
    config = MatchConfig(turn_ms=args.gomoku_turn_ms)
    openings = load_openings()
    tallies = {margin: Tally() for margin in commands}
    game = 0
    while min(len(t.replies) for t in tallies.values()) < args.turns:
        start = (args.seed * 7 + game) % len(openings)
        chosen = [openings[(start + i) % len(openings)] for i in range(2)]
        result = run_match(commands["adaptive"], commands["fixed"], 2, chosen, config, out=out)
        game += 2
        if not any(
            record.reply_ms[BLACK] or record.reply_ms[WHITE] or _late(record.reason) for record in result.records
        ):
            raise BenchError(f"the brains answered no move ({result.records[0].reason}); is {commands['fixed']} right?")
        for margin, name in (("adaptive", "p1"), ("fixed", "p2")):
            tally = tallies[margin]
            for record, colour in result.games_of(name):
                tally.games += 1
                tally.replies += record.reply_ms[colour]
                if record.failed == colour and _late(record.reason):
                    tally.late += 1
    return tallies


def _quiet(line: str) -> None:
    """The runners' line per game is not wanted here."""


def run(args: argparse.Namespace) -> int:
    if args.turns < 1 or args.load < 0:
        print("bench deadlines: --turns must be at least 1 and --load at least 0", file=sys.stderr)
        return 2
    load = start_load(args.load)
    print(f"bench deadlines: {args.load} CPU-bound process(es) competing; at least {args.turns} replies per bot")
    try:
        bots = ("locm", "gomocup") if args.bot == "both" else (args.bot,)
        for bot in bots:
            if bot == "locm":
                tallies = bench_cards(args, _quiet)
                limit = f"{200 if args.lanes == 2 else 100} ms"
                print(f"cards ({args.ai} against itself, {args.lanes} lane(s), battle turns):")
            else:
                tallies = bench_gomoku(args, None)
                limit = f"{args.gomoku_turn_ms:g} ms"
                print(f"gomoku ({args.gomoku_level} against itself, {args.gomoku_turn_ms:g} ms a move):")
            for margin, tally in tallies.items():
                print(tally.line(margin, limit), flush=True)
    except BenchError as error:
        print(f"bench deadlines: {error}", file=sys.stderr)
        return 1
    finally:
        stop_load(load)
    return 0
