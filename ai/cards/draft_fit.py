"""Card values for the draft AI, fitted to game outcomes.

`python -m ai.cards.draft_fit [--games 20000] [--jobs 2] [--pool FILE]` plays rule-bot
self-play games whose decks are drafted at random (so every card shows up in winning and losing
decks alike), then fits a logistic model of the first player's win on the difference between
the two decks' summed card features:

    P(first player wins) = sigmoid(bias + sum_k w_k * (F_k(deck 0) - F_k(deck 1)))

A card's value is then w . features(card): its contribution to the log-odds of winning, in a
form that carries over to any card with the same stats (the features are the card's stats and
keywords, not its id). It prints the weights as a Python literal for `FITTED_FEATURE_WEIGHTS` in
draft_ai.py, with the fit's log-loss next to a model of the bias alone.

Only the plain LOCM columns are features: Duelmind's triggered effects are not valued here.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Sequence

from game.cards.model import BREAKTHROUGH, CHARGE, DRAIN, GUARD, LETHAL, WARD, Card, CardType

FEATURES = (
    "creature", "creature_cost", "attack", "defense", "synergy", "guard_defense", "ward_attack", "ward",
    "lethal", "drain_attack", "breakthrough_attack", "charge_attack", "no_attack",
    "green", "green_cost", "green_attack", "green_defense", "green_keywords",
    "red", "red_cost", "red_damage", "red_attack_loss", "red_keywords",
    "blue", "blue_cost", "blue_damage",
    "my_health", "opp_damage", "draw",
)
_INDEX = {name: i for i, name in enumerate(FEATURES)}


# Fitted by `python -m ai.cards.draft_fit --games 40000` on the official LOCM card list:
# 40000 rule-bot games with random drafts (one and two lanes), /work/shared/locm/cardlist.txt
# first player won 0.594; log-loss 0.6478 (bias alone 0.6753); bias +0.404
FITTED_FEATURE_WEIGHTS = {
    'creature': +0.0959,
    'creature_cost': -0.0540,
    'attack': +0.0024,
    'defense': -0.0065,
    'synergy': +0.0520,
    'guard_defense': +0.0042,
    'ward_attack': +0.0029,
    'ward': +0.1280,
    'lethal': +0.1486,
    'drain_attack': -0.0028,
    'breakthrough_attack': +0.0013,
    'charge_attack': +0.0132,
    'no_attack': -0.0539,
    'green': -0.0269,
    'green_cost': -0.0160,
    'green_attack': +0.0230,
    'green_defense': +0.0126,
    'green_keywords': +0.0557,
    'red': +0.0107,
    'red_cost': -0.0481,
    'red_damage': +0.0361,
    'red_attack_loss': -0.0097,
    'red_keywords': -0.0100,
    'blue': -0.0798,
    'blue_cost': -0.0150,
    'blue_damage': +0.0302,
    'my_health': -0.0058,
    'opp_damage': +0.0063,
    'draw': +0.0594,
}


def features(card: Card) -> list[float]:
    """The card's feature vector (see FEATURES)."""
    f = [0.0] * len(FEATURES)

    def put(name: str, value: float) -> None:
        f[_INDEX[name]] = float(value)

    kw = card.keywords
    if card.type == CardType.CREATURE:
        a, d = card.attack, card.defense
        put("creature", 1)
        put("creature_cost", card.cost)
        put("attack", a)
        put("defense", d)
        put("synergy", math.sqrt(max(0, a) * max(0, d)))
        put("guard_defense", d if kw & GUARD else 0)
        put("ward_attack", a if kw & WARD else 0)
        put("ward", 1 if kw & WARD else 0)
        put("lethal", 1 if kw & LETHAL and a > 0 else 0)
        put("drain_attack", a if kw & DRAIN else 0)
        put("breakthrough_attack", a if kw & BREAKTHROUGH else 0)
        put("charge_attack", a if kw & CHARGE else 0)
        put("no_attack", 1 if a <= 0 else 0)
    elif card.type == CardType.GREEN:
        put("green", 1)
        put("green_cost", card.cost)
        put("green_attack", card.attack)
        put("green_defense", card.defense)
        put("green_keywords", bin(kw).count("1"))
    elif card.type == CardType.RED:
        put("red", 1)
        put("red_cost", card.cost)
        put("red_damage", min(12, max(0, -card.defense)))
        put("red_attack_loss", max(0, -card.attack))
        put("red_keywords", bin(kw).count("1"))
    else:
        put("blue", 1)
        put("blue_cost", card.cost)
        put("blue_damage", min(12, max(0, -card.defense)))
    put("my_health", card.my_health)
    put("opp_damage", -card.opp_health)
    put("draw", card.draw)
    return f


def value(card: Card, weights: dict[str, float]) -> float:
    """w . features(card): the card's fitted contribution to the log-odds of winning."""
    return sum(weights.get(name, 0.0) * x for name, x in zip(FEATURES, features(card)) if x)


# ------------------------------------------------------------------------------ data


_POOL: list[Card] = []


def _init(pool_path: str) -> None:
    from game.cards.locm import load_cardlist

    _POOL[:] = list(load_cardlist(pool_path).values())


def _game(index: int) -> tuple[list[float], int]:
    """(deck 0 features minus deck 1 features, 1 if the first player won) of game `index`."""
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
        return list(tqdm(workers.imap(_game, range(games), chunksize=64), total=games, file=sys.stderr,
                         desc="games", unit="game"))


# ------------------------------------------------------------------------------ the fit


def fit(samples: Sequence[tuple[list[float], int]], l2: float = 1.0, iterations: int = 12
        ) -> tuple[float, list[float], float]:
    """Logistic regression by Newton's method with an L2 penalty on the weights (not the bias):
    (bias, weights, mean log-loss)."""
    n = len(FEATURES) + 1  # the bias is column 0
    rows = [[1.0] + list(x) for x, _ in samples]
    ys = [y for _, y in samples]
    beta = [0.0] * n
    for _ in range(iterations):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for row, y in zip(rows, ys):
            z = sum(b * x for b, x in zip(beta, row) if x)
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
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
    for row, y in zip(rows, ys):
        z = sum(b * x for b, x in zip(beta, row) if x)
        p = min(1 - 1e-12, max(1e-12, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.cards.draft_fit", description=__doc__.split("\n\n")[0])
    default_pool = Path(__file__).resolve().parents[2].parent / "shared" / "locm" / "cardlist.txt"
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pool", default=str(default_pool), help="card list (LOCM text format)")
    args = parser.parse_args(argv)
    samples = collect(args.games, args.pool, args.jobs)
    first = sum(y for _, y in samples) / len(samples)
    baseline = -(first * math.log(first) + (1 - first) * math.log(1 - first))
    bias, weights, loss = fit(samples)
    print(f"# {len(samples)} rule-bot games with random drafts (one and two lanes), {args.pool}")
    print(f"# first player won {first:.3f}; log-loss {loss:.4f} (bias alone {baseline:.4f}); bias {bias:+.3f}")
    print("FITTED_FEATURE_WEIGHTS = {")
    for name, w in zip(FEATURES, weights):
        print(f"    {name!r}: {w:+.4f},")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
