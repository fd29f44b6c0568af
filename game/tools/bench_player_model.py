"""`duelmind bench player`: where each game's player model (ai/player_model.py) stands, measured
in the same run against that game's easy and medium AIs.

Game i of a pairing: the model moves first in even games and second in odd ones; the model and
its opponent are seeded from ``--seed`` and i. Prints, per game and opponent, the model's wins,
the draws and the games with the Wilson 95% interval of its score (wins plus half the draws).
The card, gomoku and skirmish AIs think against the clock, so a run on another machine, or under
another load, plays other games: compare the intervals, not the counts.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor

from game.tools.args import add_jobs_argument, positive_ms
from game.tools.stats import wilson_interval

MAX_ACTIONS = 20_000  # far beyond any game's length: a game that long is a bug, not a draw


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable; default: all)")
    parser.add_argument(
        "--against", default="easy,medium", help="the AI levels to play, comma-separated (default easy,medium)"
    )
    parser.add_argument("--budget-ms", type=positive_ms, default=50.0, help="time per decision (ms; default 50)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    add_jobs_argument(parser, 1, help="worker processes (default 1: this process)")


def play(game: str, opponent: str, index: int, budget_ms: float, seed: int) -> int | None:
    """One game of the player model against `opponent`: 1 when the model won, 0 when it lost,
    None for a draw."""
    from ai.agents import install
    from ai.player_model import PlayerModel
    from game.rules.registry import game_kind

    install()
    kind = game_kind(game)
    assert kind.player_model is not None
    strong, weak, slip = kind.player_model
    base = seed * 1_000_003 + index * 4
    model = PlayerModel(kind.agents[strong](base), kind.agents[weak](base + 1), slip, base + 2)
    rival = kind.agents[opponent](base + 3)
    model_seat = index % 2
    agents = {model_seat: model, 1 - model_seat: rival}
    state = kind.new_state({}, base)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        player = state.current_player
        state.apply(agents[player].act(state.observation(player), budget_ms).action)
    else:
        raise RuntimeError(f"{game}: game {index} did not end within {MAX_ACTIONS} actions")
    return None if state.winner is None else int(state.winner == model_seat)


def run(args: argparse.Namespace) -> int:
    from ai.agents import install
    from game.rules.registry import GAMES

    install()
    games = args.game or [name for name, kind in GAMES.items() if kind.player_model is not None]
    opponents = [name.strip() for name in args.against.split(",") if name.strip()]
    for game in games:
        if game not in GAMES or GAMES[game].player_model is None:
            print(f"bench player: {game!r} has no player model", file=sys.stderr)
            return 2
        unknown = [name for name in opponents if name not in GAMES[game].agents]
        if unknown:
            print(f"bench player: {game} has no AI {', '.join(unknown)}", file=sys.stderr)
            return 2
    if args.games < 1:
        print("bench player: --games must be at least 1", file=sys.stderr)
        return 2
    tasks = [(g, o, i, args.budget_ms, args.seed) for g in games for o in opponents for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(play, *zip(*tasks), chunksize=4))
    print(f"the player model against the AI levels, {args.games} games a pairing, {args.budget_ms:g} ms a decision")
    for game in games:
        strong, weak, slip = GAMES[game].player_model  # type: ignore[misc]
        print(f"{game}: {strong} with {slip:.0%} of its decisions made by {weak}")
        for opponent in opponents:
            outcomes = [r for (g, o, *_), r in zip(tasks, results) if g == game and o == opponent]
            wins, draws, n = sum(r == 1 for r in outcomes), sum(r is None for r in outcomes), len(outcomes)
            score = wins + draws / 2
            low, high = wilson_interval(round(score), n)
            print(
                f"  vs {opponent:7} wins {wins}/{n}, draws {draws}: score {score / n:.3f} "
                f"(Wilson 95% {low:.3f}-{high:.3f}, n={n})"
            )
    return 0
