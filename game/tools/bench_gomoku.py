"""`duelmind bench gomoku`: speed, tactics, the opening book, a self-play ladder and
reply times.

Prints numbers only (no pass/fail):

* speed: alpha-beta alone for ``--speed-ms`` on stored middle-game positions: nodes/s, depth;
* tactics: time for VCF and for a full ``choose_move`` to find the stored forced wins, and
  whether the recorded winning move was played;
* openings: the book the ladder starts from (balanced positions, see ``write_openings``);
* ladder: adjacent levels and master vs novice, each opening of the book played once with
  each colour assignment: win rates with Wilson 95% intervals, per colour, and the moves of
  every game master did not win against novice (``--show-upsets``: every upset);
* reply times of every ladder move against the budget: p50/p95/p99/max and the overrun.

The ladder's games run through game/tools/execution.py: `--jobs` processes or a Dask cluster
(`--cluster`), `--results FILE.jsonl` to resume; `--report DIR` draws the win-rate matrix and
the reply times (game/tools/reports.py). A progress bar on stderr follows the speed, tactics and
ladder sections (`--no-progress`); `--json` prints one JSON document (a key per section run)
instead of the text.

The positions live in ``bench_positions.json`` and the book in ``openings.json`` in
``ai/gomoku/``; ``--write-positions`` / ``--write-openings`` regenerate them
(game/tools/gomoku_bench_data.py).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ai.gomoku import engine
from ai.gomoku.board import Board
from ai.gomoku.engine import LEVELS, analyse, warm_up
from ai.gomoku.search import AlphaBeta, SearchLimits
from ai.gomoku.threats import SearchContext, ThreatSearch, TimeUp, find_vcf
from game.rules.gomoku import GomokuState, Rule
from game.tools import execution
from game.tools.args import (
    ProgressBar,
    add_jobs_argument,
    add_output_arguments,
    positive_ms,
    print_json,
    progress_wanted,
)
from game.tools.gomoku_bench_data import (
    RULES,
    VCF_MOVES,
    describe_openings,
    load_openings,
    load_positions,
    state_from_record,
    write_openings,
    write_positions,
)
from game.tools.stats import percentile, wilson_interval


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games", type=int, default=40, help="ladder games per pairing (default 40: 20 openings x both colours)"
    )
    parser.add_argument("--budget-ms", type=positive_ms, default=1000.0, help="time per move in ladder games (ms)")
    parser.add_argument("--speed-ms", type=positive_ms, default=1000.0, help="search time per speed position (ms)")
    add_jobs_argument(parser, 2, help="worker processes for the ladder (default 2)")
    parser.add_argument("--rule", choices=sorted(RULES), default="freestyle", help="ladder rule")
    parser.add_argument("--quick", action="store_true", help="6 games per pairing, 150 ms, 3 speed positions")
    parser.add_argument(
        "--sections",
        type=parse_sections,
        default=",".join(SECTIONS),
        help=f"comma-separated subset of {','.join(SECTIONS)}",
    )
    parser.add_argument(
        "--pairs", default="", help="ladder pairings as weak:strong,... (default: adjacent levels + novice:master)"
    )
    parser.add_argument(
        "--show-upsets", action="store_true", help="print the moves of every game the stronger level did not win"
    )
    parser.add_argument(
        "--save",
        default="",
        metavar="FILE",
        help="write every ladder game (moves, times) to this JSON file (default: none)",
    )
    parser.add_argument(
        "--write-positions", action="store_true", help="regenerate bench_positions.json from self-play, then exit"
    )
    parser.add_argument(
        "--write-openings",
        action="store_true",
        help="regenerate the --rule's opening book (openings.json, openings_renju.json: balanced starting positions), "
        "then exit",
    )
    add_output_arguments(parser, json_help="print one JSON document on stdout (a key per section) instead of the text")
    execution.add_arguments(parser)
    parser.add_argument(
        "--report",
        type=Path,
        default=None,
        metavar="DIR",
        help="ladder: also write charts (PNG) and an index.html page into DIR (needs matplotlib)",
    )


SECTIONS = ("speed", "tactics", "openings", "ladder")


def parse_sections(text: str) -> str:
    """--sections: known names only (a typo would otherwise run nothing and exit 0)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in SECTIONS]
    if unknown or not names:
        what = (
            f"unknown section{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}"
            if unknown
            else "no section"
        )
        raise argparse.ArgumentTypeError(f"{what}; choose from {','.join(SECTIONS)} (comma-separated)")
    return ",".join(names)


def _quiet(*_args, **_kwargs) -> None:
    """The echo of a --json run: the text report is not printed."""


def run(args: argparse.Namespace) -> int:
    if args.write_positions:
        write_positions()
        return 0
    if args.write_openings:
        write_openings(args.rule, jobs=args.jobs)
        return 0
    if args.quick:
        args.games, args.budget_ms, args.speed_ms = min(args.games, 6), min(args.budget_ms, 150.0), 500.0
    sections = set(parse_sections(args.sections).split(","))
    try:
        backend = execution.backend_for(args, report=args.report is not None and "ladder" in sections)
    except execution.RunError as error:
        print(f"bench gomoku: {error}", file=sys.stderr)
        return 2
    try:
        pairs = parse_pairs(args.pairs) if args.pairs else default_pairs()
    except ValueError as error:
        print(f"bench gomoku: {error}", file=sys.stderr)
        return 2
    echo = _quiet if args.json else print
    progress = progress_wanted(args)
    report: dict = {}
    data = load_positions()
    for rule in RULES.values():
        warm_up(rule)
    if "speed" in sections:
        report["speed"] = bench_speed(data["middle_game"][: 3 if args.quick else None], args.speed_ms, echo, progress)
    if "tactics" in sections:
        report["tactics"] = bench_tactics(data["tactical"], echo, progress)
        report["threat_space"] = bench_threat_space(
            data["middle_game"] + data["tactical"], echo=echo, progress=progress
        )
    book = load_openings(args.rule)
    if "openings" in sections:
        report["openings"] = describe_openings(book, echo)
    if "ladder" in sections:
        try:
            results = bench_ladder(
                pairs,
                args.games,
                args.budget_ms,
                args.jobs,
                RULES[args.rule],
                book,
                args.show_upsets,
                backend=backend,
                results_file=args.results,
                echo=echo,
                progress=progress,
            )
        except execution.RunError as error:
            print(f"bench gomoku: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(execution.interrupted_message("bench gomoku", args.results), file=sys.stderr)
            return 130
        report["ladder"] = ladder_json(results, pairs, args.games, args.budget_ms, args.rule)
        if args.save:
            Path(args.save).write_text(json.dumps(results) + "\n")
        if args.report is not None:
            from game.tools import reports

            page = reports.ladder_page(results, pairs, args.budget_ms, args.report)
            print(f"bench gomoku: report written to {page.index}", file=sys.stderr)
    if args.json:
        print_json(report)
    return 0


# --- speed -----------------------------------------------------------------------------------


def bench_speed(records: list[dict], speed_ms: float, echo=print, progress: bool = False) -> dict:
    echo(f"== speed: alpha-beta alone, {speed_ms:.0f} ms per position (master limits)")
    rates = []
    depths = []
    positions = []
    bar = ProgressBar(len(records), "bench gomoku speed", progress, unit="position")
    for index, record in enumerate(records):
        state = state_from_record(record)
        board = Board.from_state(state)
        start = time.perf_counter()
        deadline = start + speed_ms / 1000.0
        context = SearchContext(board, deadline, time.perf_counter)
        searcher = AlphaBeta(context, SearchLimits(max_depth=64, width=20))
        legal = [p for p in board.candidates if context.legal_for_mover(p)]
        result = searcher.search(legal, soft_deadline=deadline)
        elapsed = time.perf_counter() - start
        rate = result.nodes / elapsed
        rates.append(rate)
        depths.append(result.depth)
        positions.append(
            {
                "position": index,
                "stones": len(state.moves),
                "depth": result.depth,
                "nodes": result.nodes,
                "nodes_per_s": rate,
                "best": list(board.point(result.move)),
            }
        )
        bar.update()
        (bar.write if echo is print else echo)(
            f"  position {index:2d} ({len(state.moves):2d} stones): depth {result.depth:2d}, "
            f"{result.nodes:6d} nodes, {rate:7.0f} nodes/s, best {board.point(result.move)}"
        )
    bar.close()
    if rates:
        echo(
            f"  mean {statistics.mean(rates):.0f} nodes/s over {len(rates)} positions, depth "
            f"{min(depths)}-{max(depths)} (mean {statistics.mean(depths):.1f})"
        )
    return {
        "ms_per_position": speed_ms,
        "positions": positions,
        "mean_nodes_per_s": statistics.mean(rates) if rates else None,
        "depth": {"min": min(depths), "max": max(depths), "mean": statistics.mean(depths)} if depths else None,
    }


# --- tactics ---------------------------------------------------------------------------------


def bench_tactics(records: list[dict], echo=print, progress: bool = False) -> list[dict]:
    echo("== tactics: stored forced wins (VCF) from self-play")
    found = []
    bar = ProgressBar(len(records), "bench gomoku tactics", progress, unit="position")
    for index, record in enumerate(records):
        state = state_from_record(record)
        expected = tuple(record["winning_move"])
        start = time.perf_counter()
        line = find_vcf(state, VCF_MOVES, node_limit=1_000_000)
        vcf_ms = (time.perf_counter() - start) * 1000.0
        start = time.perf_counter()
        move, info = analyse(state, 1000, "master")
        move_ms = (time.perf_counter() - start) * 1000.0
        if not line:
            verdict = "MISSED"
        elif line[0] == expected:
            verdict = "found"
        else:  # a win from another first move (replayed by the tests)
            verdict = f"found, {len(line)} plies from {line[0]}"
        found.append(
            {
                "position": index,
                "rule": record["rule"],
                "vcf_length": record["vcf_length"],
                "vcf_ms": vcf_ms,
                "verdict": verdict,
                "choose_move_ms": move_ms,
                "move": list(move),
                "recorded": list(expected),
                "reason": info["reason"],
            }
        )
        bar.update()
        (bar.write if echo is print else echo)(
            f"  {index:2d} {record['rule']:9s} VCF of {record['vcf_length']:2d} plies: "
            f"threat search {vcf_ms:7.1f} ms ({verdict}), "
            f"choose_move {move_ms:6.1f} ms -> {move} {'= recorded' if move == expected else '!= ' + str(expected)}"
            f" ({info['reason']})"
        )
    bar.close()
    return found


def bench_threat_space(records: list[dict], node_limit: int = 40_000, echo=print, progress: bool = False) -> list[dict]:
    """The VCT on every stored position, for each side to move (the other side by a null move),
    3 threats (the first anywhere) and 4 (the first two anywhere): verdicts, nodes and time, the
    numbers a change to the threat search is judged by (deterministic apart from the times)."""
    echo(f"== threat space: VCT on {len(records)} stored positions x both sides, {node_limit:,} nodes at most")
    rows = []
    bar = ProgressBar(len(records) * 4, "bench gomoku threat space", progress, unit="search")
    for threats, free in ((3, 1), (4, 2)):
        found = unfinished = nodes = 0
        seconds = 0.0
        for record in records:
            for passed in (False, True):
                board = Board.from_state(state_from_record(record))
                if passed:
                    board.pass_turn()
                context = SearchContext(board, math.inf, time.perf_counter, node_limit)
                start = time.perf_counter()
                try:
                    found += ThreatSearch(context).vct(threats, 24, 8, free) is not None
                except TimeUp:
                    unfinished += 1
                seconds += time.perf_counter() - start
                nodes += context.nodes
                bar.update()
        rows.append(
            {
                "threats": threats,
                "free": free,
                "wins": found,
                "unfinished": unfinished,
                "nodes": nodes,
                "ms": seconds * 1000,
            }
        )
        (bar.write if echo is print else echo)(
            f"  {threats} threats ({free} free): {found} wins, {unfinished} unfinished, {nodes:,} nodes, "
            f"{seconds * 1000:.0f} ms ({seconds / max(nodes, 1) * 1e6:.1f} us/node)"
        )
    bar.close()
    return rows


# --- ladder ----------------------------------------------------------------------------------


def default_pairs() -> list[tuple[str, str]]:
    pairs = [(LEVELS[i], LEVELS[i + 1]) for i in range(len(LEVELS) - 1)]
    return pairs + [(LEVELS[0], LEVELS[-1])]


def parse_pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in text.split(","):
        if item.count(":") != 1:
            raise ValueError(f"--pairs: expected weak:strong, not {item!r}")
        weak, strong = item.split(":")
        if weak not in engine.LEVEL_SETTINGS or strong not in engine.LEVEL_SETTINGS:
            raise ValueError(f"--pairs: unknown level in {item!r}; levels: {', '.join(LEVELS)}")
        pairs.append((weak, strong))
    return pairs


def play_game(task: tuple) -> dict:
    """One ladder game from a book opening; returns the winner's level (None for a draw), the
    moves and every reply's time."""
    black, white, opening, game_seed, budget_ms, rule = task
    warm_up(rule)
    state = GomokuState(15, rule)
    for x, y in opening:
        state.play(x, y)
    rng = random.Random(game_seed)
    times: list[tuple[str, float]] = []
    while not state.is_over:
        level = black if state.current_player == 1 else white
        start = time.perf_counter()
        move = analyse(state, budget_ms, level, seed=rng.getrandbits(32))[0]
        times.append((level, (time.perf_counter() - start) * 1000.0))
        state.play(*move)
    winner = None if state.winner == 0 else (black if state.winner == 1 else white)
    return {
        "black": black,
        "white": white,
        "winner": winner,
        "moves": len(state.moves),
        "times": times,
        "opening": len(opening),
        "record": [list(move) for move in state.moves],
    }


def ladder_tasks(pairs: list[tuple[str, str]], games: int, budget_ms: float, rule: Rule, book: dict) -> list[tuple]:
    """Game g of a pairing plays book opening g // 2, the stronger level taking black in even
    games and white in odd ones (the book is cycled if it is too short)."""
    openings = [record["moves"] for record in book["openings"]]
    tasks = []
    for weak, strong in pairs:
        for game in range(games):
            opening = [tuple(m) for m in openings[(game // 2) % len(openings)]]
            colours = (strong, weak) if game % 2 == 0 else (weak, strong)
            tasks.append((*colours, opening, 7919 * game + 1, budget_ms, rule))
    return tasks


@dataclass(frozen=True)
class LadderJob:
    """The ladder for the execution layer (game/tools/execution.py): game i is task i of
    `ladder_tasks` over the shipped book, longest pairings first so the workers finish together."""

    pairs: tuple[tuple[str, str], ...]
    games: int  # per pairing
    budget_ms: float
    rule: str  # a RULES key
    tool: str = "bench gomoku ladder"
    chunk: int = 1

    def identity(self) -> dict:
        return {
            "pairs": [list(pair) for pair in self.pairs],
            "games": self.games,
            "budget_ms": self.budget_ms,
            "rule": self.rule,
        }

    def tasks(self) -> list[tuple]:
        tasks = ladder_tasks(list(self.pairs), self.games, self.budget_ms, RULES[self.rule], load_openings(self.rule))
        strength = {name: index for index, name in enumerate(engine.LEVEL_SETTINGS)}
        tasks.sort(key=lambda task: -max(strength[task[0]], strength[task[1]]))  # stable: a fixed order
        return tasks

    def setup(self) -> None:
        _LADDER["tasks"] = self.tasks()

    def play(self, index: int) -> dict:
        return play_game(_LADDER["tasks"][index])

    def encode(self, result: dict) -> dict:
        return result

    def decode(self, data: dict) -> dict:
        return data


_LADDER: dict = {}


def bench_ladder(
    pairs: list[tuple[str, str]],
    games: int,
    budget_ms: float,
    jobs: int,
    rule: Rule,
    book: dict,
    show_upsets: bool = False,
    backend: execution.Backend | None = None,
    results_file: Path | None = None,
    echo=print,
    progress: bool = True,
) -> list[dict]:
    echo(
        f"== ladder: {games} games per pairing, {budget_ms:.0f} ms per move, {rule.name.lower()}, "
        f"{min(len(book['openings']), (games + 1) // 2)} book openings x both colour assignments"
    )
    rule_name = next(name for name, value in RULES.items() if value == rule)
    job = LadderJob(tuple(tuple(pair) for pair in pairs), games, budget_ms, rule_name)
    results = execution.run_games(
        job, games * len(pairs), backend or execution.Backend.local(jobs), results_file, progress
    )
    for weak, strong in pairs:
        report_pair(results, weak, strong, show_upsets or (weak, strong) == (LEVELS[0], LEVELS[-1]), echo)
    report_times(results, budget_ms, echo)
    return results


def pair_figures(results: list[dict], weak: str, strong: str) -> dict:
    """The stronger level's score against the weaker (draws count half), per colour."""
    played = [r for r in results if {r["black"], r["white"]} == {weak, strong}]
    wins = sum(1 for r in played if r["winner"] == strong)
    draws = sum(1 for r in played if r["winner"] is None)
    as_black = [r for r in played if r["black"] == strong]
    black_wins = sum(1 for r in as_black if r["winner"] == strong)
    score = wins + 0.5 * draws
    low, high = wilson_interval(score, len(played))
    return {
        "strong": strong,
        "weak": weak,
        "games": len(played),
        "score": score,
        "score_rate": score / max(len(played), 1),
        "wilson95": [low, high],
        "wins": wins,
        "draws": draws,
        "as_black": [black_wins, len(as_black)],
        "as_white": [wins - black_wins, len(played) - len(as_black)],
        "mean_stones": statistics.mean(r["moves"] for r in played) if played else 0,
    }


def time_figures(results: list[dict], budget_ms: float) -> dict:
    """Reply-time percentiles per level and for all moves."""
    by_level: dict[str, list[float]] = {}
    for result in results:
        for level, ms in result["times"]:
            by_level.setdefault(level, []).append(ms)
    everything = [ms for values in by_level.values() for ms in values]
    names = [name for name in engine.LEVEL_SETTINGS if name in by_level]
    figures = {}
    for level in names + (["all"] if everything else []):
        values = everything if level == "all" else by_level[level]
        p99 = percentile(values, 0.99)
        figures[level] = {
            "n": len(values),
            "p50": percentile(values, 0.50),
            "p95": percentile(values, 0.95),
            "p99": p99,
            "max": max(values),
            "overrun_p99": max(0.0, p99 - budget_ms),
            "overrun_max": max(0.0, max(values) - budget_ms),
        }
    return figures


def ladder_json(results: list[dict], pairs: list[tuple[str, str]], games: int, budget_ms: float, rule: str) -> dict:
    return {
        "games_per_pairing": games,
        "budget_ms": budget_ms,
        "rule": rule,
        "pairings": [pair_figures(results, weak, strong) for weak, strong in pairs],
        "reply_ms": time_figures(results, budget_ms),
        "games": results,
    }


def report_pair(results: list[dict], weak: str, strong: str, list_upsets: bool, echo=print) -> None:
    played = [r for r in results if {r["black"], r["white"]} == {weak, strong}]
    wins = sum(1 for r in played if r["winner"] == strong)
    draws = sum(1 for r in played if r["winner"] is None)
    as_black = [r for r in played if r["black"] == strong]
    black_wins = sum(1 for r in as_black if r["winner"] == strong)
    white_wins = wins - black_wins
    score = wins + 0.5 * draws
    n = len(played)
    low, high = wilson_interval(score, n)
    mean_moves = statistics.mean(r["moves"] for r in played) if played else 0
    echo(
        f"  {strong:>6s} vs {weak:<6s}: {score:4.1f}/{n} = {score / max(n, 1):6.1%} "
        f"[95% CI {low:5.1%}-{high:5.1%}] (as black {black_wins}/{len(as_black)}, "
        f"as white {white_wins}/{n - len(as_black)}, draws {draws}, mean {mean_moves:.0f} stones)"
    )
    if list_upsets:
        for r in played:
            if r["winner"] != strong:
                outcome = "draw" if r["winner"] is None else f"{r['winner']} won"
                echo(
                    f"    not won: black {r['black']}, white {r['white']}, {outcome} "
                    f"(book opening = first {r['opening']} moves): {r['record']}"
                )


def report_times(results: list[dict], budget_ms: float, echo=print) -> None:
    echo(f"== reply times against the {budget_ms:.0f} ms budget (all ladder moves)")
    by_level: dict[str, list[float]] = {}
    for result in results:
        for level, ms in result["times"]:
            by_level.setdefault(level, []).append(ms)
    everything = [ms for values in by_level.values() for ms in values]
    names = [name for name in engine.LEVEL_SETTINGS if name in by_level]
    for level in names + ["all"]:
        values = everything if level == "all" else by_level[level]
        p50, p95, p99 = percentile(values, 0.50), percentile(values, 0.95), percentile(values, 0.99)
        echo(
            f"  {level:>6s}: n={len(values):5d} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  p99 {p99:6.1f} ms  "
            f"max {max(values):6.1f} ms  overrun p99 {max(0.0, p99 - budget_ms):5.1f} ms, "
            f"max {max(0.0, max(values) - budget_ms):5.1f} ms"
        )
