"""`duelmind bench connect4`: two Connect Four levels play each other; win rates and move times.

Game i of a run: the first level of ``--levels`` moves first in even games and second in odd
ones, and both agents are seeded from ``--seed`` and i, so a run is the same on any machine (the
levels are capped by nodes; ``--budget-ms`` only matters when it is too short for the caps).

Prints, for each level: wins out of n with the rate and its Wilson 95% interval, overall and
per colour; the draws; the game length; the move times (p50/p95/p99/max, nearest rank). The
games run through game/tools/execution.py (``--jobs`` processes, ``--cluster``, ``--results``
to resume); ``--json`` prints one JSON document instead of the text; a progress bar goes to
stderr unless ``--no-progress``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass

from ai.connect4 import LEVELS, Connect4Agent
from game.rules.connect4 import Connect4State, check_size
from game.tools import execution
from game.tools.args import add_jobs_argument, add_output_arguments, positive_ms, print_json, progress_wanted
from game.tools.stats import percentile, wilson_interval

TOOL = "bench connect4"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games",
        type=int,
        default=120,
        help="games to play (default 120; colours alternate, so an even number is fair)",
    )
    parser.add_argument(
        "--levels",
        default="hard,medium",
        help=f"the two levels, first,second (default hard,medium; levels: {', '.join(LEVELS)})",
    )
    parser.add_argument(
        "--budget-ms",
        type=positive_ms,
        default=10_000.0,
        help="time per move (ms; default 10000, so the levels' node caps decide)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--columns", type=int, default=7, help="board columns (4..10, default 7)")
    parser.add_argument("--rows", type=int, default=6, help="board rows (4..10, default 6)")
    add_jobs_argument(parser, 1, help="worker processes (default 1: this process)")
    add_output_arguments(parser)
    execution.add_arguments(parser)


def parse_levels(text: str) -> tuple[str, str]:
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise ValueError(f"--levels: expected two levels as first,second (e.g. hard,medium), not {text!r}")
    for name in names:
        if name not in LEVELS:
            raise ValueError(f"--levels: unknown level {name!r}; levels: {', '.join(LEVELS)}")
    return names[0], names[1]


@dataclass(frozen=True)
class MatchJob:
    """Game i: level `first` opens in even games, `second` in odd ones; seeds from (seed, i)."""

    first: str
    second: str
    games: int
    budget_ms: float
    seed: int
    columns: int = 7
    rows: int = 6
    tool: str = TOOL
    chunk: int = 2

    def identity(self) -> dict:
        return {
            "levels": [self.first, self.second],
            "games": self.games,
            "budget_ms": self.budget_ms,
            "seed": self.seed,
            "columns": self.columns,
            "rows": self.rows,
        }

    def setup(self) -> None:
        pass

    def play(self, index: int) -> dict:
        return play_game(self.first, self.second, index, self.budget_ms, self.seed, self.columns, self.rows)

    def encode(self, result: dict) -> dict:
        return result

    def decode(self, data: dict) -> dict:
        return data


def play_game(
    first: str, second: str, index: int, budget_ms: float, seed: int, columns: int = 7, rows: int = 6
) -> dict:
    """One game; `winner` is "first" / "second" (the --levels order) or None for a draw."""
    names = ("first", "second") if index % 2 == 0 else ("second", "first")  # seat 0, seat 1
    levels = {"first": first, "second": second}
    agents = [Connect4Agent(levels[names[seat]], seed=(seed * 1_000_003 + index) * 2 + seat) for seat in (0, 1)]
    state = Connect4State(columns, rows)
    times: dict[str, list[float]] = {"first": [], "second": []}
    while not state.is_terminal:
        seat = state.current_player
        start = time.perf_counter()
        decision = agents[seat].act(state.observation(seat), budget_ms)
        times[names[seat]].append((time.perf_counter() - start) * 1000.0)
        state.apply(decision.action)
    winner = None if state.winner is None else names[state.winner]
    return {"index": index, "opener": names[0], "winner": winner, "moves": list(state.moves), "times": times}


def summarise(first: str, second: str, results: list[dict]) -> dict:
    n = len(results)
    report: dict = {"levels": [first, second], "games": n, "draws": sum(r["winner"] is None for r in results)}
    for side, level in (("first", first), ("second", second)):
        wins = sum(r["winner"] == side for r in results)
        entry = _rate(wins, n)
        for colour, opener in (("moving_first", True), ("moving_second", False)):
            games = [r for r in results if (r["opener"] == side) == opener]
            entry[colour] = _rate(sum(r["winner"] == side for r in games), len(games))
        times = [t for r in results for t in r["times"][side]]
        entry["move_ms"] = (
            {
                "moves": len(times),
                "p50": percentile(times, 0.5),
                "p95": percentile(times, 0.95),
                "p99": percentile(times, 0.99),
                "max": max(times),
            }
            if times
            else {"moves": 0}
        )
        entry["level"] = level
        report[side] = entry
    lengths = [len(r["moves"]) for r in results]
    report["moves_per_game"] = (
        {"mean": statistics.fmean(lengths), "p50": percentile(lengths, 0.5), "min": min(lengths), "max": max(lengths)}
        if lengths
        else {}
    )
    return report


def _rate(wins: int, n: int) -> dict:
    low, high = wilson_interval(wins, n)
    return {"wins": wins, "n": n, "rate": wins / n if n else 0.0, "wilson95": [low, high]}


def format_report(report: dict, budget_ms: float) -> list[str]:
    first, second = report["levels"]
    n = report["games"]
    lines = [f"== Connect Four: {first} vs {second}, {n} games, colours alternated, {budget_ms:g} ms per move"]
    for side in ("first", "second"):
        e = report[side]
        low, high = e["wilson95"]
        lines.append(f"{e['level']:>7}: {e['wins']}/{e['n']} wins = {e['rate']:.1%} (95% CI {low:.1%}..{high:.1%})")
        for colour, label in (("moving_first", "moving first"), ("moving_second", "moving second")):
            c = e[colour]
            lines.append(
                f"{'':>9}{label}: {c['wins']}/{c['n']} = {c['rate']:.1%} "
                f"({c['wilson95'][0]:.1%}..{c['wilson95'][1]:.1%})"
            )
    draws = report["draws"]
    lines.append(f"  draws: {draws}/{n}" + (f" = {draws / n:.1%}" if n else ""))
    length = report["moves_per_game"]
    if length:
        lines.append(
            f"  moves per game: mean {length['mean']:.1f}, median {length['p50']}, {length['min']}..{length['max']}"
        )
    for side in ("first", "second"):
        t = report[side]["move_ms"]
        if t["moves"]:
            lines.append(
                f"  {report[side]['level']:>7} move time (ms, {t['moves']} moves): p50 {t['p50']:.1f}, "
                f"p95 {t['p95']:.1f}, p99 {t['p99']:.1f}, max {t['max']:.1f}"
            )
    return lines


def run(args: argparse.Namespace) -> int:
    try:
        first, second = parse_levels(args.levels)
        check_size(args.columns, args.rows)
        if args.games < 1:
            raise ValueError(f"--games must be at least 1, not {args.games}")
        backend = execution.backend_for(args)
    except (ValueError, execution.RunError) as error:
        print(f"{TOOL}: {error}", file=sys.stderr)
        return 2
    job = MatchJob(first, second, args.games, args.budget_ms, args.seed, args.columns, args.rows)
    try:
        results = execution.run_games(job, args.games, backend, args.results, progress_wanted(args))
    except execution.RunError as error:
        print(f"{TOOL}: {error}", file=sys.stderr)
        return 2
    report = summarise(first, second, results)
    report["budget_ms"] = args.budget_ms
    report["seed"] = args.seed
    report["board"] = [args.columns, args.rows]
    if args.json:
        print_json(report)
    else:
        print("\n".join(format_report(report, args.budget_ms)), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="duelmind bench connect4", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
