"""Card values for the draft AI, fitted to game outcomes.

Rule-bot self-play games whose decks are drafted at random (so every card shows up in winning
and losing decks alike), then a logistic model of the first player's win on the difference
between the two decks' summed card features:

    P(first player wins) = sigmoid(bias + sum_k w_k * (F_k(deck 0) - F_k(deck 1)))

A card's value is w . features(card): its contribution to the log-odds of winning, in a form
that carries over to any card (the features are what a card is and does, never its id).

Two stages, each printing its weights with the fit's log-loss next to a model of the bias alone;
`--write` stores them in ai/cards/draft_weights.json, the data the draft AI loads (the AI
never imports this tool):

- `python -m game.tools.draft_fit stats [--games 40000] [--pool FILE]`: games with the official
  LOCM list; fits the stat features (type, cost, attack, defense, keywords, item effects, the
  health and draw columns) -> the "stats" weights.
- `python -m game.tools.draft_fit effects [--games 40000]`: games with Duelmind's own set; the
  stat values are held fixed (an offset) and only the effect features are fitted -> the
  "effects" weights. Effects count by what they do, summed per card (damage dealt, health
  healed, cards drawn, stats given, keywords given or taken, tokens' stats, creatures destroyed
  or silenced, mana) and by how they fire (an aura, a repeating trigger, a death trigger,
  several creatures at once). Fitting both on mixed games instead lowered the LOCM draft's
  results with two lanes (0.647 -> 0.581 against the rule bot's draft).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Sequence

from ai.cards.card_features import EFFECT_FEATURES, FEATURES, STAT_FEATURES, WEIGHTS_FILE, features
from game.rules.cards.model import Card
from game.tools.args import job_count

# ------------------------------------------------------------------------------ data


_POOL: list[Card] = []


def _init(pool: str) -> None:
    """Worker set-up: a LOCM-format list, or arena.DUELMIND_POOL for Duelmind's set."""
    from game.tools.arena import load_pool

    _POOL[:] = load_pool(pool)


def _game(index: int) -> tuple[list[float], int]:
    """(deck 0 features minus deck 1 features, 1 if the first player won) of game `index`
    (one and two lanes alternately)."""
    from ai.cards.agent import DraftedBy, play_game
    from ai.cards.random_agent import RandomAgent
    from ai.cards.rule_bot import RuleAgent

    rng = random.Random(f"draft-fit:{index}")
    agents = [DraftedBy(RuleAgent(2 * index + seat), RandomAgent(rng.getrandbits(32))) for seat in (0, 1)]
    result = play_game(agents, _POOL, rng, lanes=1 + index % 2, budget_ms=50.0)
    totals = [[0.0] * len(FEATURES) for _ in (0, 1)]
    for seat, deck in enumerate(result.decks):
        for card in deck:
            for k, x in enumerate(features(card)):
                totals[seat][k] += x
    return [a - b for a, b in zip(*totals)], int(result.winner == 0)


def collect(games: int, pool_path: str, jobs: int) -> list[tuple[list[float], int]]:
    from tqdm import tqdm

    with Pool(max(1, jobs), initializer=_init, initargs=(pool_path,)) as workers:
        return list(
            tqdm(
                workers.imap(_game, range(games), chunksize=64), total=games, file=sys.stderr, desc="games", unit="game"
            )
        )


# ------------------------------------------------------------------------------ the fit


def fit(
    samples: Sequence[tuple[list[float], int]],
    l2: float = 1.0,
    iterations: int = 12,
    offsets: Sequence[float] | None = None,
) -> tuple[float, list[float], float]:
    """Logistic regression by Newton's method with an L2 penalty on the weights (not the bias),
    `offsets` (one per sample) added to the linear term unfitted: (bias, weights, mean log-loss)."""
    n = len(samples[0][0]) + 1  # the bias is column 0
    rows = [[1.0] + list(x) for x, _ in samples]
    ys = [y for _, y in samples]
    offsets = offsets if offsets is not None else [0.0] * len(rows)
    beta = [0.0] * n

    def probability(row: list[float], offset: float) -> float:
        z = offset + sum(b * x for b, x in zip(beta, row) if x)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    for _ in range(iterations):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for row, y, offset in zip(rows, ys, offsets):
            p = probability(row, offset)
            r = p - y
            s = p * (1.0 - p)
            nonzero = [(i, x) for i, x in enumerate(row) if x]
            for i, xi in nonzero:
                gradient[i] += r * xi
                h = hessian[i]
                for j, xj in nonzero:
                    h[j] += s * xi * xj
        for i in range(1, n):
            gradient[i] += l2 * beta[i]
            hessian[i][i] += l2
        hessian[0][0] += 1e-9
        step = _solve(hessian, gradient)
        beta = [b - d for b, d in zip(beta, step)]
    loss = 0.0
    for row, y, offset in zip(rows, ys, offsets):
        p = min(1 - 1e-12, max(1e-12, probability(row, offset)))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return beta[0], beta[1:], loss / len(rows)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and positive definite)."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            factor = a[r][col] / p
            if factor:
                row, top = a[r], a[col]
                for c in range(col, n + 1):
                    row[c] -= factor * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = a[r][r]
        x[r] = 0.0 if abs(p) < 1e-12 else (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / p
    return x


def fit_stage(samples: Sequence[tuple[list[float], int]], stage: str) -> tuple[dict[str, float], float, float]:
    """Fit one stage's features on full feature vectors: (weights by name, bias, log-loss). The
    effects stage holds the stat weights fixed."""
    names = STAT_FEATURES if stage == "stats" else EFFECT_FEATURES
    columns = [FEATURES.index(name) for name in names]
    offsets = None
    if stage == "effects":
        stored = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))["stats"]["weights"]
        stat_weights = [stored.get(name, 0.0) for name in STAT_FEATURES]
        offsets = [sum(w * x[i] for i, w in enumerate(stat_weights) if x[i]) for x, _ in samples]
    subset = [([x[i] for i in columns], y) for x, y in samples]
    bias, weights, loss = fit(subset, offsets=offsets)
    return dict(zip(names, weights)), bias, loss


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.draft_fit", description=__doc__.split("\n\n")[0])
    from game.tools.arena import DEFAULT_POOL, DUELMIND_POOL

    parser.add_argument("stage", choices=("stats", "effects"))
    parser.add_argument("--games", type=int, default=40000)
    parser.add_argument("--jobs", type=job_count, default=2, help="worker processes (default 2)")
    parser.add_argument("--pool", default=str(DEFAULT_POOL), help="the LOCM card list (stats stage)")
    parser.add_argument("--write", action="store_true", help=f"store the weights in {WEIGHTS_FILE.name}")
    args = parser.parse_args(argv)
    pool = args.pool if args.stage == "stats" else DUELMIND_POOL
    samples = collect(args.games, pool, args.jobs)
    weights, bias, loss = fit_stage(samples, args.stage)
    source = Path(args.pool).name if args.stage == "stats" else "Duelmind's set"
    first = sum(y for _, y in samples) / len(samples)
    baseline = -(first * math.log(first) + (1 - first) * math.log(1 - first))
    games = f"{len(samples)} rule-bot games with random drafts (one and two lanes), {source}"
    fit_text = f"first player won {first:.3f}; log-loss {loss:.4f} (bias alone {baseline:.4f}); bias {bias:+.3f}"
    print(f"{games}\n{fit_text}")
    for name, w in weights.items():
        print(f"  {name}: {w:+.4f}")
    if args.write:
        data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
        data[args.stage] = {
            "fitted_by": f"python -m game.tools.draft_fit {args.stage} --games {args.games}",
            "games": games,
            "fit": fit_text,
            "weights": {n: round(w, 4) for n, w in weights.items()},
        }
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote the {args.stage} weights to {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
