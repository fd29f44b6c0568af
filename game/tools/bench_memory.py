"""`duelmind bench memory`: does a card AI's (or the gomoku master's) memory stay flat over
many decisions?

Cards: one agent plays both seats of in-process games (a fresh draft each game, the official LOCM
list) for `--decisions` decisions. Gomoku (`--game gomoku`): the level plays both colours of games
from the opening book, each colour with one `GameMemory` for the whole run, as the Gomocup brain
keeps one for its life. Python's own allocations are traced (tracemalloc) and read after a
garbage collection at evenly spaced checkpoints, so the numbers are what the AI keeps alive, not
what the collector has yet to free. It prints each checkpoint and the growth from the first
checkpoint to the last and over the second half: caches (card values, creature values) fill
during the first few hundred decisions; a leak keeps growing in the second half too. A progress
bar on stderr counts the decisions (`--no-progress`); `--json` prints one JSON document instead.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tracemalloc

from game.tools.args import PROGRAM, ProgressBar, add_output_arguments, positive_ms, print_json, progress_wanted


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("cards", "gomoku"), default="cards", help="which game's AI")
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


def measure(
    ai: str, decisions: int, budget_ms: float, lanes: int, checkpoints: int, seed: int, bar: ProgressBar | None = None
) -> list[tuple[int, int]]:
    """(decisions made, traced bytes alive) at each checkpoint."""
    from ai.cards.agent import play_turn, start_game
    from ai.cards.registry import make_agent
    from game.tools.arena import DEFAULT_POOL, load_pool

    pool = load_pool(DEFAULT_POOL)
    agents = [make_agent(ai, seed=seed), make_agent(ai, seed=seed + 1)]
    marks = {max(1, decisions * k // checkpoints) for k in range(1, checkpoints + 1)}
    series: list[tuple[int, int]] = []
    made = 0
    game = 0
    tracemalloc.start()
    try:
        while made < decisions:
            rng = random.Random(f"bench-memory:{seed}:{game}")
            game += 1
            battle, _, known_cards = start_game(agents, pool, rng, lanes)
            while battle.winner is None and made < decisions:
                record = play_turn(battle, agents[battle.current], budget_ms, known_cards)
                before = made
                made += len(record.seconds)
                if bar is not None:
                    bar.update(min(made, decisions) - before)
                if any(before < mark <= made for mark in marks):
                    gc.collect()
                    series.append((made, tracemalloc.get_traced_memory()[0]))
    finally:
        tracemalloc.stop()
    return series


def measure_gomoku(
    level: str, decisions: int, budget_ms: float, checkpoints: int, bar: ProgressBar | None = None
) -> list[tuple[int, int]]:
    """(moves made, traced bytes alive) at each checkpoint, for ``level`` playing both colours."""
    import json
    from pathlib import Path

    from ai.agents import GomokuAgent
    from ai.gomoku import GameMemory, warm_up
    from game.rules.gomoku.game import GomokuGame
    from game.rules.gomoku import GomokuState

    book = json.loads((Path(__file__).parents[2] / "ai/gomoku/openings.json").read_text())["openings"]
    warm_up()
    marks = {max(1, decisions * k // checkpoints) for k in range(1, checkpoints + 1)}
    series: list[tuple[int, int]] = []
    made = 0
    game = 0
    tracemalloc.start()
    try:
        memories = {1: GameMemory(), 2: GameMemory()}
        while made < decisions:
            state = GomokuState(15)
            for x, y in book[game % len(book)]["moves"]:
                state.play(x, y)
            game += 1
            # Through the one agent interface: the agent searches move `made` with the seed
            # `made` (its seed plus the stones on the board), each colour with its memory.
            agents = {
                colour: GomokuAgent(level, made - len(state.moves), memory) for colour, memory in memories.items()
            }
            while not state.is_over and made < decisions:
                state.play(*agents[state.current_player].act(GomokuGame(state), budget_ms).action)
                made += 1
                if bar is not None:
                    bar.update()
                if made in marks:
                    gc.collect()
                    series.append((made, tracemalloc.get_traced_memory()[0]))
    finally:
        tracemalloc.stop()
    return series


def run(args: argparse.Namespace) -> int:
    if args.decisions < 1 or args.checkpoints < 2:
        print("bench memory: --decisions must be at least 1 and --checkpoints at least 2", file=sys.stderr)
        return 2
    if args.game == "gomoku":
        from ai.gomoku import LEVELS

        level = args.ai or "master"
        if level not in LEVELS:
            print(f"bench memory: unknown gomoku level {level!r}; levels: {', '.join(LEVELS)}", file=sys.stderr)
            return 2
        with ProgressBar(args.decisions, "bench memory", progress_wanted(args), unit="decision") as bar:
            series = measure_gomoku(level, args.decisions, args.budget_ms, args.checkpoints, bar)
        title = f"gomoku {level}, {args.budget_ms:g} ms per move: Python memory alive after a collection (tracemalloc)"
        data = {"game": "gomoku", "ai": level, "budget_ms": args.budget_ms}
    else:
        from ai.cards.registry import make_agent

        ai = args.ai or "hard"
        try:
            make_agent(ai)
        except (KeyError, ValueError) as error:
            print(f"bench memory: {error.args[0]}", file=sys.stderr)
            return 2
        with ProgressBar(args.decisions, "bench memory", progress_wanted(args), unit="decision") as bar:
            series = measure(ai, args.decisions, args.budget_ms, args.lanes, args.checkpoints, args.seed, bar)
        title = (
            f"{ai}, {args.lanes} lane{'s' if args.lanes > 1 else ''}, {args.budget_ms:g} ms per turn: "
            f"Python memory alive after a collection (tracemalloc)"
        )
        data = {"game": "cards", "ai": ai, "lanes": args.lanes, "budget_ms": args.budget_ms, "seed": args.seed}
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
