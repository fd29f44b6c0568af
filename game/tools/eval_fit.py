"""The hard AI's evaluation weights, fitted on the outcomes of the games it plays.

The evaluation (ai/cards/evaluation.py) is a weighted sum of terms: board stats and keywords,
health, cards in hand and to draw, the threat of the side acting next. Its hand-set weights are
in "health points". This tool plays hard against itself (a small budget per turn so thousands of
games fit in minutes), records every position where a player's turn ends (before END_TURN, as
the searches score it) with the evaluation's terms from that player's side, and fits a logistic
model of that player winning the game (Newton's method, a small L2 penalty):

    P(win) = sigmoid(bias + sum_k b_k * term_k)

The stored weights are b_k * VALUE_SCALE, so hard's search, which maps a score s to a win
probability sigmoid(s / VALUE_SCALE), reads the fitted probability (the bias, the same for every
position of a decision, does not change a choice). Printed with the log-loss of the hand weights
on the same positions (their best scale fitted), for comparison. `--write` stores the weights in
ai/cards/evaluation_weights.json, which hard loads; medium keeps the hand weights.

    python -m game.tools.eval_fit --games 3000 --write
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from typing import Sequence

from ai.cards.evaluation import (
    DEFAULT_WEIGHTS,
    FITTED_WEIGHTS_FILE,
    TERMS,
    VALUE_SCALE,
    Evaluator,
    fitted_evaluator,
    linear_weights,
)
from game.tools.args import job_count
from game.tools.draft_fit import fit

_POOL: list = []
_SETTINGS: dict = {}


def _init(pool: str, settings: dict) -> None:
    from game.tools.arena import load_pool

    _POOL[:] = load_pool(pool)
    _SETTINGS.update(settings)


def positions(index: int) -> list[tuple[list[float], int]]:
    """Game `index` of hard against itself (one and two lanes alternately): (terms, 1 if the
    player whose turn ends there won) at every turn's end."""
    from ai.cards.agent import play_turn, start_game
    from ai.cards.ismcts import ISMCTSAgent
    from game.rules.cards.actions import Kind

    s = _SETTINGS
    rng = random.Random(f"eval-fit:{s['seed']}:{index}")
    lanes = 1 + index % 2
    evaluator = fitted_evaluator() if s["source"] == "fitted" else Evaluator(DEFAULT_WEIGHTS)
    agents = [ISMCTSAgent(rng.getrandbits(32), evaluator=evaluator) for _ in (0, 1)]
    battle, _, known_cards = start_game(agents, _POOL, rng, lanes)
    ends: list[tuple[int, list[float]]] = []
    while battle.winner is None:
        before = battle.clone()
        record = play_turn(battle, agents[battle.current], s["budget_ms"], known_cards)
        if battle.winner is not None or not record.actions or record.actions[-1].kind != Kind.END_TURN:
            continue
        for action in record.actions[:-1]:  # the turn again, up to its end (the clone keeps the random state)
            before.apply(action)
        terms = evaluator.terms(before, record.player)
        if terms is not None:
            ends.append((record.player, terms))
    return [(terms, int(battle.winner == player)) for player, terms in ends]


def collect(games: int, settings: dict, jobs: int) -> list[tuple[list[float], int]]:
    from tqdm import tqdm

    from game.tools.arena import DEFAULT_POOL

    samples: list[tuple[list[float], int]] = []
    with Pool(max(1, jobs), initializer=_init, initargs=(str(DEFAULT_POOL), settings)) as workers:
        for game in tqdm(
            workers.imap(positions, range(games), chunksize=4), total=games, file=sys.stderr, desc="games", unit="game"
        ):
            samples.extend(game)
    return samples


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.eval_fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--budget-ms", type=float, default=20.0, help="hard's thinking time per turn")
    parser.add_argument(
        "--from",
        dest="source",
        choices=("hand", "fitted"),
        default="hand",
        help="the evaluation hard plays the games with",
    )
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--jobs", type=job_count, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help=f"store the weights in {FITTED_WEIGHTS_FILE.name}")
    args = parser.parse_args(argv)
    settings = {"seed": args.seed, "budget_ms": args.budget_ms, "source": args.source}
    samples = collect(args.games, settings, args.jobs)
    bias, betas, loss = fit(samples, l2=args.l2, iterations=10)
    # The hand weights' own fit: one scale on their score (and a bias), the same positions.
    hand = linear_weights(DEFAULT_WEIGHTS)
    scored = [([sum(w * x for w, x in zip(hand, terms))], y) for terms, y in samples]
    _, (hand_scale,), hand_loss = fit(scored, l2=0.0, iterations=10)
    games = (
        f"{args.games} hard-vs-hard games ({args.source} evaluation, {args.budget_ms:g} ms per turn, one and "
        f"two lanes), {len(samples)} turn ends"
    )
    fit_text = (
        f"log-loss {loss:.4f}; hand weights {hand_loss:.4f} (best scale 1/{1 / hand_scale:.1f}); bias {bias:+.3f}"
    )
    print(f"{games}\n{fit_text}")
    weights = {name: round(beta * VALUE_SCALE, 4) for name, beta in zip(TERMS, betas)}
    for name, old in zip(TERMS, hand):
        print(f"  {name:13s} {old:+8.3f} -> {weights[name]:+8.3f}")
    if args.write:
        data = {
            "about": "Hard's evaluation weights (ai/cards/evaluation.py TERMS), fitted on the outcomes of its "
            "own games by game/tools/eval_fit.py",
            "fitted_by": f"python -m game.tools.eval_fit --games {args.games} --budget-ms {args.budget_ms:g} "
            f"--from {args.source} --l2 {args.l2:g} --seed {args.seed}",
            "games": games,
            "fit": fit_text,
            "weights": weights,
        }
        FITTED_WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {FITTED_WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
