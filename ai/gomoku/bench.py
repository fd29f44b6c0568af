"""`python main.py bench gomoku`: speed, tactics, a self-play ladder and reply times.

Prints numbers only (no pass/fail):

* speed: alpha-beta alone for ``--speed-ms`` on stored middle-game positions: nodes/s, depth;
* tactics: time for VCF and for a full ``choose_move`` to find the stored forced wins, and
  whether the recorded winning move was played;
* ladder: adjacent levels (and master vs novice) from varied openings, both colours, with win
  rates, Wilson 95% intervals and sample sizes; every reply's time against the budget.

The positions live in ``bench_positions.json`` beside this file; ``--write-positions``
regenerates them from the engine's own self-play.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from multiprocessing import Pool
from pathlib import Path

from ai.gomoku.board import Board
from ai.gomoku.engine import LEVELS, analyse, warm_up
from ai.gomoku.search import AlphaBeta, SearchLimits
from ai.gomoku.threats import SearchContext, ThreatSearch, TimeUp
from game.gomoku import GomokuState, Rule

POSITIONS_FILE = Path(__file__).with_name("bench_positions.json")
RULES = {"freestyle": Rule.FREESTYLE, "standard": Rule.STANDARD, "renju": Rule.RENJU}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20, help="ladder games per pairing (default 20)")
    parser.add_argument("--budget-ms", type=float, default=300.0, help="time per move in ladder games (ms)")
    parser.add_argument("--speed-ms", type=float, default=1000.0, help="search time per speed position (ms)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the ladder (default 2)")
    parser.add_argument("--rule", choices=sorted(RULES), default="freestyle", help="ladder rule")
    parser.add_argument("--quick", action="store_true", help="6 games per pairing, 150 ms, 3 speed positions")
    parser.add_argument("--sections", default="speed,tactics,ladder",
                        help="comma-separated subset of speed,tactics,ladder")
    parser.add_argument("--pairs", default="", help="ladder pairings as weak:strong,... (default: adjacent + master:novice)")
    parser.add_argument("--show-upsets", action="store_true",
                        help="print the moves of every game the stronger level did not win")
    parser.add_argument("--write-positions", action="store_true",
                        help="regenerate bench_positions.json from self-play, then exit")


def run(args: argparse.Namespace) -> int:
    if args.write_positions:
        write_positions()
        return 0
    if args.quick:
        args.games, args.budget_ms, args.speed_ms = min(args.games, 6), min(args.budget_ms, 150.0), 500.0
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    data = load_positions()
    for rule in RULES.values():
        warm_up(rule)
    if "speed" in sections:
        bench_speed(data["middle_game"][: 3 if args.quick else None], args.speed_ms)
    if "tactics" in sections:
        bench_tactics(data["tactical"])
    if "ladder" in sections:
        pairs = parse_pairs(args.pairs) if args.pairs else default_pairs()
        bench_ladder(pairs, args.games, args.budget_ms, args.jobs, RULES[args.rule], args.show_upsets)
    return 0


# --- positions -------------------------------------------------------------------------------


def load_positions() -> dict:
    return json.loads(POSITIONS_FILE.read_text())


def state_from_record(record: dict) -> GomokuState:
    state = GomokuState(record.get("size", 15), RULES[record["rule"]])
    for x, y in record["moves"]:
        state.play(x, y)
    return state


def random_opening(rule: Rule, seed: int, stones: int = 3, size: int = 15) -> GomokuState:
    """``stones`` random stones (alternating colours) in the 5x5 centre region."""
    rng = random.Random(seed)
    state = GomokuState(size, rule)
    centre = size // 2
    while len(state.moves) < stones:
        x, y = centre + rng.randint(-2, 2), centre + rng.randint(-2, 2)
        if state.is_legal(x, y):
            state.play(x, y)
    return state


def find_vcf(state: GomokuState, seconds: float, max_fours: int = 24) -> list[tuple[int, int]] | None:
    """The VCF our threat search finds for the side to move (as points), or None."""
    board = Board.from_state(state)
    context = SearchContext(board, time.perf_counter() + seconds, time.perf_counter)
    try:
        line = ThreatSearch(context).vcf(max_fours)
    except TimeUp:
        return None
    return None if line is None else [board.point(p) for p in line]


def write_positions(games_per_rule: int = 12) -> None:
    """Collect middle-game and tactical (VCF) positions from hard-vs-master self-play."""
    middle: list[dict] = []
    tactical: list[dict] = []
    wanted_tactical = {"freestyle": 6, "standard": 3, "renju": 3}
    for rule_name, rule in RULES.items():
        warm_up(rule)
        found = 0
        for game in range(games_per_rule):
            if found >= wanted_tactical[rule_name]:
                break
            state = random_opening(rule, 1000 + game)
            levels = ("hard", "master") if game % 2 else ("master", "hard")
            recorded_middle = False
            while not state.is_over:
                level = levels[0] if state.current_player == 1 else levels[1]
                if len(state.moves) >= 12:
                    line = find_vcf(state, 2.0)
                    if line and len(line) >= 5:
                        tactical.append({"rule": rule_name, "moves": [list(m) for m in state.moves],
                                         "winning_move": list(line[0]), "vcf_length": len(line)})
                        found += 1
                        break
                    if rule == Rule.FREESTYLE and not recorded_middle and len(state.moves) >= 16 and line is None:
                        middle.append({"rule": rule_name, "moves": [list(m) for m in state.moves]})
                        recorded_middle = True
                move = analyse(state, 300, level, seed=game)[0]
                state.play(*move)
    POSITIONS_FILE.write_text(json.dumps({"middle_game": middle, "tactical": tactical}, indent=1) + "\n")
    print(f"wrote {len(middle)} middle-game and {len(tactical)} tactical positions to {POSITIONS_FILE}")


# --- speed -----------------------------------------------------------------------------------


def bench_speed(records: list[dict], speed_ms: float) -> None:
    print(f"== speed: alpha-beta alone, {speed_ms:.0f} ms per position (master limits)")
    rates = []
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
        print(f"  position {index:2d} ({len(state.moves):2d} stones): depth {result.depth:2d}, "
              f"{result.nodes:6d} nodes, {rate:7.0f} nodes/s, best {board.point(result.move)}")
    if rates:
        print(f"  mean {statistics.mean(rates):.0f} nodes/s over {len(rates)} positions")


# --- tactics ---------------------------------------------------------------------------------


def bench_tactics(records: list[dict]) -> None:
    print("== tactics: stored forced wins (VCF) from self-play")
    for index, record in enumerate(records):
        state = state_from_record(record)
        expected = tuple(record["winning_move"])
        start = time.perf_counter()
        line = find_vcf(state, 5.0)
        vcf_ms = (time.perf_counter() - start) * 1000.0
        start = time.perf_counter()
        move, info = analyse(state, 1000, "master")
        move_ms = (time.perf_counter() - start) * 1000.0
        print(f"  {index:2d} {record['rule']:9s} VCF of {record['vcf_length']:2d} plies: "
              f"threat search {vcf_ms:7.1f} ms ({'found' if line and line[0] == expected else 'MISSED'}), "
              f"choose_move {move_ms:6.1f} ms -> {move} {'= recorded' if move == expected else '!= ' + str(expected)}"
              f" ({info['reason']})")


# --- ladder ----------------------------------------------------------------------------------


def default_pairs() -> list[tuple[str, str]]:
    pairs = [(LEVELS[i], LEVELS[i + 1]) for i in range(len(LEVELS) - 1)]
    return pairs + [(LEVELS[0], LEVELS[-1])]


def parse_pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in text.split(","):
        weak, strong = item.split(":")
        if weak not in LEVELS or strong not in LEVELS:
            raise SystemExit(f"unknown level in {item!r}; levels: {', '.join(LEVELS)}")
        pairs.append((weak, strong))
    return pairs


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(task: tuple) -> dict:
    """One ladder game; returns the winner's level (or None for a draw) and reply times."""
    black, white, opening_seed, budget_ms, rule = task
    warm_up(rule)
    state = random_opening(rule, opening_seed)
    rng = random.Random(opening_seed * 7919 + (black == "novice"))
    times: list[tuple[str, float]] = []
    while not state.is_over:
        level = black if state.current_player == 1 else white
        start = time.perf_counter()
        move = analyse(state, budget_ms, level, seed=rng.getrandbits(32))[0]
        times.append((level, (time.perf_counter() - start) * 1000.0))
        state.play(*move)
    winner = None if state.winner == 0 else (black if state.winner == 1 else white)
    return {"black": black, "white": white, "winner": winner, "moves": len(state.moves), "times": times,
            "record": [list(move) for move in state.moves]}


def bench_ladder(pairs: list[tuple[str, str]], games: int, budget_ms: float, jobs: int, rule: Rule,
                 show_upsets: bool = False) -> None:
    from tqdm import tqdm

    print(f"== ladder: {games} games per pairing, {budget_ms:.0f} ms per move, {rule.name.lower()}, "
          f"openings of 3 random stones in the centre, colours alternate")
    tasks = []
    for weak, strong in pairs:
        for game in range(games):
            # Each opening is played twice, once with each colour assignment.
            seed = 1 + game // 2
            tasks.append((weak, strong, seed, budget_ms, rule) if game % 2 else (strong, weak, seed, budget_ms, rule))
    results = []
    with Pool(max(1, jobs)) as pool:
        for result in tqdm(pool.imap_unordered(play_game, tasks), total=len(tasks), desc="games", leave=False):
            results.append(result)
    for weak, strong in pairs:
        games_played = [r for r in results if {r["black"], r["white"]} == {weak, strong}]
        wins = sum(1 for r in games_played if r["winner"] == strong)
        draws = sum(1 for r in games_played if r["winner"] is None)
        as_black = [r for r in games_played if r["black"] == strong]
        black_wins = sum(1 for r in as_black if r["winner"] == strong)
        white_wins = wins - black_wins
        score = wins + 0.5 * draws
        n = len(games_played)
        low, high = wilson_interval(score, n)
        mean_moves = statistics.mean(r["moves"] for r in games_played) if games_played else 0
        print(f"  {strong:>6s} vs {weak:<6s}: {score:4.1f}/{n} = {score / max(n, 1):6.1%} "
              f"[95% CI {low:5.1%}-{high:5.1%}] (as black {black_wins}/{len(as_black)}, "
              f"as white {white_wins}/{n - len(as_black)}, draws {draws}, mean {mean_moves:.0f} stones)")
        if show_upsets:
            for r in games_played:
                if r["winner"] != strong:
                    print(f"    upset: black {r['black']}, white {r['white']}, winner {r['winner']}: {r['record']}")
    print(f"== reply times against the {budget_ms:.0f} ms budget (all ladder moves)")
    by_level: dict[str, list[float]] = {}
    for result in results:
        for level, ms in result["times"]:
            by_level.setdefault(level, []).append(ms)
    everything = [ms for values in by_level.values() for ms in values]
    for level in [name for name in LEVELS if name in by_level] + ["all"]:
        values = everything if level == "all" else by_level[level]
        p50, p95, p99 = percentile(values, 50), percentile(values, 95), percentile(values, 99)
        print(f"  {level:>6s}: n={len(values):5d} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  p99 {p99:6.1f} ms  "
              f"max {max(values):6.1f} ms  overrun p99 {max(0.0, p99 - budget_ms):5.1f} ms, "
              f"max {max(0.0, max(values) - budget_ms):5.1f} ms")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = (len(ordered) - 1) * q / 100.0
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)
