"""`python main.py bench gomoku`: speed, tactics, the opening book, a self-play ladder and
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
the reply times (game/tools/reports.py).

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
from game.tools.args import positive_ms
from game.tools.gomoku_bench_data import (RULES, VCF_MOVES, describe_openings, load_openings, load_positions,
                                          state_from_record, write_openings, write_positions)
from game.tools.stats import percentile, wilson_interval


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=40,
                        help="ladder games per pairing (default 40: 20 openings x both colours)")
    parser.add_argument("--budget-ms", type=positive_ms, default=1000.0, help="time per move in ladder games (ms)")
    parser.add_argument("--speed-ms", type=positive_ms, default=1000.0, help="search time per speed position (ms)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the ladder (default 2)")
    parser.add_argument("--rule", choices=sorted(RULES), default="freestyle", help="ladder rule")
    parser.add_argument("--quick", action="store_true", help="6 games per pairing, 150 ms, 3 speed positions")
    parser.add_argument("--sections", default="speed,tactics,openings,ladder",
                        help="comma-separated subset of speed,tactics,openings,ladder")
    parser.add_argument("--pairs", default="",
                        help="ladder pairings as weak:strong,... (default: adjacent levels + novice:master)")
    parser.add_argument("--show-upsets", action="store_true",
                        help="print the moves of every game the stronger level did not win")
    parser.add_argument("--save", default="", help="write every ladder game (moves, times) to this JSON file")
    parser.add_argument("--write-positions", action="store_true",
                        help="regenerate bench_positions.json from self-play, then exit")
    parser.add_argument("--write-openings", action="store_true",
                        help="regenerate openings.json (balanced starting positions), then exit")
    execution.add_arguments(parser)
    parser.add_argument("--report", type=Path, default=None, metavar="DIR",
                        help="ladder: also write charts (PNG) and an index.html page into DIR (needs matplotlib)")


def run(args: argparse.Namespace) -> int:
    if args.write_positions:
        write_positions()
        return 0
    if args.write_openings:
        write_openings()
        return 0
    if args.quick:
        args.games, args.budget_ms, args.speed_ms = min(args.games, 6), min(args.budget_ms, 150.0), 500.0
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    try:
        backend = execution.backend_for(args, report=args.report is not None and "ladder" in sections)
    except execution.RunError as error:
        print(f"bench gomoku: {error}", file=sys.stderr)
        return 2
    data = load_positions()
    for rule in RULES.values():
        warm_up(rule)
    if "speed" in sections:
        bench_speed(data["middle_game"][: 3 if args.quick else None], args.speed_ms)
    if "tactics" in sections:
        bench_tactics(data["tactical"])
        bench_threat_space(data["middle_game"] + data["tactical"])
    book = load_openings()
    if "openings" in sections:
        describe_openings(book)
    if "ladder" in sections:
        pairs = parse_pairs(args.pairs) if args.pairs else default_pairs()
        try:
            results = bench_ladder(pairs, args.games, args.budget_ms, args.jobs, RULES[args.rule], book,
                                   args.show_upsets, backend=backend, results_file=args.results)
        except execution.RunError as error:
            print(f"bench gomoku: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(execution.interrupted_message("bench gomoku", args.results), file=sys.stderr)
            return 130
        if args.save:
            Path(args.save).write_text(json.dumps(results) + "\n")
        if args.report is not None:
            from game.tools import reports

            page = reports.ladder_page(results, pairs, args.budget_ms, args.report)
            print(f"bench gomoku: report written to {page.index}", file=sys.stderr)
    return 0


# --- speed -----------------------------------------------------------------------------------


def bench_speed(records: list[dict], speed_ms: float) -> None:
    print(f"== speed: alpha-beta alone, {speed_ms:.0f} ms per position (master limits)")
    rates = []
    depths = []
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
        print(f"  position {index:2d} ({len(state.moves):2d} stones): depth {result.depth:2d}, "
              f"{result.nodes:6d} nodes, {rate:7.0f} nodes/s, best {board.point(result.move)}")
    if rates:
        print(f"  mean {statistics.mean(rates):.0f} nodes/s over {len(rates)} positions, depth "
              f"{min(depths)}-{max(depths)} (mean {statistics.mean(depths):.1f})")


# --- tactics ---------------------------------------------------------------------------------


def bench_tactics(records: list[dict]) -> None:
    print("== tactics: stored forced wins (VCF) from self-play")
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
        print(f"  {index:2d} {record['rule']:9s} VCF of {record['vcf_length']:2d} plies: "
              f"threat search {vcf_ms:7.1f} ms ({verdict}), "
              f"choose_move {move_ms:6.1f} ms -> {move} {'= recorded' if move == expected else '!= ' + str(expected)}"
              f" ({info['reason']})")


def bench_threat_space(records: list[dict], node_limit: int = 40_000) -> None:
    """The VCT on every stored position, for each side to move (the other side by a null move),
    3 threats (the first anywhere) and 4 (the first two anywhere): verdicts, nodes and time, the
    numbers a change to the threat search is judged by (deterministic apart from the times)."""
    print(f"== threat space: VCT on {len(records)} stored positions x both sides, {node_limit:,} nodes at most")
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
        print(f"  {threats} threats ({free} free): {found} wins, {unfinished} unfinished, {nodes:,} nodes, "
              f"{seconds * 1000:.0f} ms ({seconds / max(nodes, 1) * 1e6:.1f} us/node)")


# --- ladder ----------------------------------------------------------------------------------


def default_pairs() -> list[tuple[str, str]]:
    pairs = [(LEVELS[i], LEVELS[i + 1]) for i in range(len(LEVELS) - 1)]
    return pairs + [(LEVELS[0], LEVELS[-1])]


def parse_pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in text.split(","):
        weak, strong = item.split(":")
        if weak not in engine.LEVEL_SETTINGS or strong not in engine.LEVEL_SETTINGS:
            raise SystemExit(f"unknown level in {item!r}; levels: {', '.join(LEVELS)}")
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
    return {"black": black, "white": white, "winner": winner, "moves": len(state.moves), "times": times,
            "opening": len(opening), "record": [list(move) for move in state.moves]}


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
        return {"pairs": [list(pair) for pair in self.pairs], "games": self.games, "budget_ms": self.budget_ms,
                "rule": self.rule}

    def tasks(self) -> list[tuple]:
        tasks = ladder_tasks(list(self.pairs), self.games, self.budget_ms, RULES[self.rule], load_openings())
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


def bench_ladder(pairs: list[tuple[str, str]], games: int, budget_ms: float, jobs: int, rule: Rule, book: dict,
                 show_upsets: bool = False, backend: execution.Backend | None = None,
                 results_file: Path | None = None) -> list[dict]:
    print(f"== ladder: {games} games per pairing, {budget_ms:.0f} ms per move, {rule.name.lower()}, "
          f"{min(len(book['openings']), (games + 1) // 2)} book openings x both colour assignments")
    rule_name = next(name for name, value in RULES.items() if value == rule)
    job = LadderJob(tuple(tuple(pair) for pair in pairs), games, budget_ms, rule_name)
    results = execution.run_games(job, games * len(pairs), backend or execution.Backend.local(jobs), results_file)
    for weak, strong in pairs:
        report_pair(results, weak, strong, show_upsets or (weak, strong) == (LEVELS[0], LEVELS[-1]))
    report_times(results, budget_ms)
    return results


def report_pair(results: list[dict], weak: str, strong: str, list_upsets: bool) -> None:
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
    print(f"  {strong:>6s} vs {weak:<6s}: {score:4.1f}/{n} = {score / max(n, 1):6.1%} "
          f"[95% CI {low:5.1%}-{high:5.1%}] (as black {black_wins}/{len(as_black)}, "
          f"as white {white_wins}/{n - len(as_black)}, draws {draws}, mean {mean_moves:.0f} stones)")
    if list_upsets:
        for r in played:
            if r["winner"] != strong:
                outcome = "draw" if r["winner"] is None else f"{r['winner']} won"
                print(f"    not won: black {r['black']}, white {r['white']}, {outcome} "
                      f"(book opening = first {r['opening']} moves): {r['record']}")


def report_times(results: list[dict], budget_ms: float) -> None:
    print(f"== reply times against the {budget_ms:.0f} ms budget (all ladder moves)")
    by_level: dict[str, list[float]] = {}
    for result in results:
        for level, ms in result["times"]:
            by_level.setdefault(level, []).append(ms)
    everything = [ms for values in by_level.values() for ms in values]
    names = [name for name in engine.LEVEL_SETTINGS if name in by_level]
    for level in names + ["all"]:
        values = everything if level == "all" else by_level[level]
        p50, p95, p99 = percentile(values, 0.50), percentile(values, 0.95), percentile(values, 0.99)
        print(f"  {level:>6s}: n={len(values):5d} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  p99 {p99:6.1f} ms  "
              f"max {max(values):6.1f} ms  overrun p99 {max(0.0, p99 - budget_ms):5.1f} ms, "
              f"max {max(0.0, max(values) - budget_ms):5.1f} ms")
