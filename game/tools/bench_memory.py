"""`duelmind bench memory`: does a card AI's (or the gomoku master's) memory stay flat over
many decisions?

The game's AI plays itself as its registry entry says (`self_play`, from ai/agents.py), through
the one agent interface: cards, one agent on both seats of in-process games (a fresh draft each
game, the official LOCM list) for `--decisions` decisions (plans); gomoku (`--game gomoku`), the
level on both colours of games from the opening book, each colour with one `GameMemory` for the
whole run, as the Gomocup brain keeps one for its life. Python's own allocations are traced
(tracemalloc) and read after a garbage collection at evenly spaced checkpoints, so the numbers
are what the AI keeps alive, not what the collector has yet to free. It prints each checkpoint and the growth from the first
checkpoint to the last and over the second half: caches (card values, creature values) fill
during the first few hundred decisions; a leak keeps growing in the second half too. A progress
bar on stderr counts the decisions (`--no-progress`); `--json` prints one JSON document instead.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
from typing import Iterator

from game.tools.args import PROGRAM, ProgressBar, add_output_arguments, positive_ms, print_json, progress_wanted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from game.rules.registry import GAMES

    parser.add_argument("--game", choices=list(GAMES), default="cards", help="which game's AI (one with a self-play)")
    parser.add_argument(
        "--ai",
        default=None,
        help="the card AI (a registry name, options allowed; default hard) or gomoku level (default master)",
    )
    parser.add_argument("--decisions", type=int, default=1000, help="decisions to make in all")
    parser.add_argument("--budget-ms", type=positive_ms, default=50.0, help="thinking time per turn")
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=2, help="cards: one lane or two")
    parser.add_argument("--checkpoints", type=int, default=10, help="memory readings, evenly spaced")
    parser.add_argument("--seed", type=int, default=0, help="cards: seed of the drafts and the AIs")
    add_output_arguments(parser)


def trace(
    steps: Iterator[int], decisions: int, checkpoints: int, bar: ProgressBar | None = None
) -> list[tuple[int, int]]:
    """(decisions made, traced bytes alive) at each checkpoint, over a self-play's `steps` (each
    yields the decisions it made) until `decisions` are made."""
    marks = {max(1, decisions * k // checkpoints) for k in range(1, checkpoints + 1)}
    series: list[tuple[int, int]] = []
    made = 0
    tracemalloc.start()
    try:
        for step in steps:
            before = made
            made += step
            if bar is not None:
                bar.update(min(made, decisions) - before)
            if any(before < mark <= made for mark in marks):
                gc.collect()
                series.append((made, tracemalloc.get_traced_memory()[0]))
            if made >= decisions:
                break
    finally:
        tracemalloc.stop()
    return series


def measure(
    ai: str, decisions: int, budget_ms: float, lanes: int, checkpoints: int, seed: int, bar: ProgressBar | None = None
) -> list[tuple[int, int]]:
    """(decisions made, traced bytes alive) at each checkpoint, for a card AI playing itself."""
    from ai.agents import card_self_play

    return trace(card_self_play(ai, budget_ms, seed, lanes).steps, decisions, checkpoints, bar)


def measure_gomoku(
    level: str, decisions: int, budget_ms: float, checkpoints: int, bar: ProgressBar | None = None
) -> list[tuple[int, int]]:
    """(moves made, traced bytes alive) at each checkpoint, for ``level`` playing both colours."""
    from ai.agents import gomoku_self_play

    return trace(gomoku_self_play(level, budget_ms).steps, decisions, checkpoints, bar)


def run(args: argparse.Namespace) -> int:
    from ai.agents import install
    from game.rules.registry import GAMES, game_kind

    if args.decisions < 1 or args.checkpoints < 2:
        print("bench memory: --decisions must be at least 1 and --checkpoints at least 2", file=sys.stderr)
        return 2
    install()
    self_play = game_kind(args.game).self_play  # what the game's AI offers (ai/agents.py)
    if self_play is None:
        known = ", ".join(name for name, kind in GAMES.items() if kind.self_play is not None)
        print(f"bench memory: the {args.game} AI has no self-play to measure; games with one: {known}", file=sys.stderr)
        return 2
    try:
        play = self_play(args.ai, args.budget_ms, args.seed, args.lanes)
    except (KeyError, ValueError) as error:
        print(f"bench memory: {error.args[0]}", file=sys.stderr)
        return 2
    with ProgressBar(args.decisions, "bench memory", progress_wanted(args), unit="decision") as bar:
        series = trace(play.steps, args.decisions, args.checkpoints, bar)
    title = f"{play.title}: Python memory alive after a collection (tracemalloc)"
    data = play.facts
    growth = {}
    for label, start in (("all", series[0]), ("second_half", series[len(series) // 2])):
        first, last = start[1], series[-1][1]
        growth[label] = {
            "from_decision": start[0],
            "to_decision": series[-1][0],
            "bytes": last - first,
            "percent": (last / first - 1) * 100,
        }
    if args.json:
        print_json(dict(data, checkpoints=[{"decisions": made, "bytes": size} for made, size in series], growth=growth))
        return 0
    print(title)
    for made, size in series:
        print(f"  after {made:5d} decisions: {size / 1024:9.1f} KiB")
    for label, figures in growth.items():
        print(
            f"growth, {label.replace('_', ' ')} (decision {figures['from_decision']} to {figures['to_decision']}): "
            f"{figures['bytes'] / 1024:+.1f} KiB ({figures['percent']:+.1f}%)"
        )
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog=f"{PROGRAM} bench memory", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
