"""The gomoku ladder's floor as a rate: how often each level loses to the novice.

Every opening of the rule's book is played with both colours, once per seed set (the seeds fix
the choices among near-equal moves, the novice's above all, so each set is other games from the
same openings). Every move is searched on a work clock (ai/gomoku's `WorkClock`: a budget is a
node count), so a game's result does not depend on the machine or its load and any lost game
can be replayed from the printed opening, colour and seed. Prints, per level, the games lost
(and drawn) with the Wilson 95% interval of the loss rate, and each lost game.

    python -m game.tools.gomoku_floor --levels medium,hard,master --rule renju --seed-sets 9 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from typing import Sequence

from game.tools.args import job_count
from game.tools.stats import wilson_interval

# The budgets of the floor test (tests/gomoku/test_regression_games.py): the levels below master
# are node-capped, so 300 ms of work is more than they use; master gets its 1 s match budget.
BUDGET_MS = {"medium": 300.0, "hard": 300.0, "master": 1000.0}


def play(task: tuple) -> tuple:
    """One game: (level, opening index, level's colour, seed set, winner colour)."""
    from ai.gomoku import WorkClock, choose_move, warm_up
    from game.rules.gomoku import BLACK, GomokuState
    from game.tools.gomoku_bench_data import RULES

    level, rule, index, moves, colour, seed_set, budget_ms = task
    warm_up(RULES[rule])
    state = GomokuState(15, RULES[rule])
    for x, y in moves:
        state.play(x, y)
    black, white = (level, "novice") if colour == BLACK else ("novice", level)
    seed = 1000 * seed_set + index
    turn = 0
    while not state.is_over:
        mover = black if state.current_player == BLACK else white
        state.play(*choose_move(state, budget_ms, mover, seed=seed + turn, clock=WorkClock()))
        turn += 1
    return level, index, colour, seed_set, state.winner


def tasks_for(levels: Sequence[str], rule: str, seed_sets: Sequence[int]) -> list[tuple]:
    from game.rules.gomoku import BLACK, WHITE
    from game.tools.gomoku_bench_data import load_openings

    book = load_openings(rule)["openings"]
    return [
        (level, rule, index, record["moves"], colour, seed_set, BUDGET_MS.get(level, 300.0))
        for level in levels
        for seed_set in seed_sets
        for index, record in enumerate(book)
        for colour in (BLACK, WHITE)
    ]


def summary(results: Sequence[tuple], levels: Sequence[str]) -> list[str]:
    from game.rules.gomoku import BLACK

    lines = []
    for level in levels:
        games = [r for r in results if r[0] == level]
        lost = [r for r in games if r[4] not in (0, r[2])]
        drawn = sum(1 for r in games if r[4] == 0)
        n = len(games)
        low, high = wilson_interval(len(lost), n)
        lines.append(
            f"{level} lost {len(lost)} of {n} to the novice ({len(lost) / n:.1%}, 95% Wilson {low:.1%}-{high:.1%})"
            f"{f', drew {drawn}' if drawn else ''}"
        )
        for _level, index, colour, seed_set, _winner in sorted(lost, key=lambda r: r[1:4]):
            lines.append(f"    lost: opening {index} as {'black' if colour == BLACK else 'white'}, seed set {seed_set}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    from tqdm import tqdm

    parser = argparse.ArgumentParser(prog="python -m game.tools.gomoku_floor", description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="medium,hard,master", help="levels that play the novice")
    parser.add_argument("--rule", choices=("freestyle", "renju"), default="freestyle", help="the rule and its book")
    parser.add_argument("--seed-sets", type=int, default=9, help="seed sets: games = book x 2 colours x this")
    parser.add_argument("--first-seed-set", type=int, default=0)
    parser.add_argument("--jobs", type=job_count, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    levels = [name for name in args.levels.split(",") if name]
    unknown = [name for name in levels if name not in BUDGET_MS]
    if unknown:
        print(f"gomoku_floor: unknown level {unknown[0]!r}; levels: {', '.join(BUDGET_MS)}", file=sys.stderr)
        return 2
    seed_sets = range(args.first_seed_set, args.first_seed_set + args.seed_sets)
    tasks = tasks_for(levels, args.rule, seed_sets)
    print(
        f"{args.rule}: {len(tasks) // len(levels)} games per level (the book's openings x both colours x "
        f"{args.seed_sets} seed sets), on the work clock ({', '.join(f'{lv} {BUDGET_MS[lv]:g} ms' for lv in levels)})"
    )
    with Pool(max(1, args.jobs)) as workers:
        results = list(tqdm(workers.imap_unordered(play, tasks), total=len(tasks), file=sys.stderr, unit="game"))
    print("\n".join(summary(results, levels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
