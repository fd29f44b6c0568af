"""Card values for the draft AI, fitted to game outcomes.

Rule-bot self-play games whose decks are drafted at random (so every card shows up in winning
and losing decks alike), then a logistic model of the first player's win on the difference
between the two decks' summed card features:

    P(first player wins) = sigmoid(bias + sum_k w_k * (F_k(deck 0) - F_k(deck 1)))

A card's value is w . features(card): its contribution to the log-odds of winning, in a form
that carries over to any card (the features are what a card is and does, never its id).

Two stages, each printing a Python literal to paste below, with the fit's log-loss next to a
model of the bias alone:

- `python -m game.tools.draft_fit stats [--games 40000] [--pool FILE]`: games with the official
  LOCM list; fits the stat features (type, cost, attack, defense, keywords, item effects, the
  health and draw columns) -> FITTED_FEATURE_WEIGHTS.
- `python -m game.tools.draft_fit effects [--games 40000]`: games with Duelmind's own set; the
  stat values are held fixed (an offset) and only the effect features are fitted ->
  FITTED_EFFECT_WEIGHTS. Effects count by what they do, summed per card (damage dealt, health
  healed, cards drawn, stats given, keywords given or taken, tokens' stats, creatures destroyed
  or silenced, mana) and by how they fire (an aura, a repeating trigger, a death trigger,
  several creatures at once). Fitting both on mixed games instead lowered the LOCM draft's
  results with two lanes (0.647 -> 0.581 against the rule bot's draft).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Sequence

from game.rules.cards.model import BREAKTHROUGH, CHARGE, DRAIN, GUARD, LETHAL, WARD, Card, CardType, Do, Target, Trigger

STAT_FEATURES = (
    "creature", "creature_cost", "attack", "defense", "synergy", "guard_defense", "ward_attack", "ward",
    "lethal", "drain_attack", "breakthrough_attack", "charge_attack", "no_attack",
    "green", "green_cost", "green_attack", "green_defense", "green_keywords",
    "red", "red_cost", "red_damage", "red_attack_loss", "red_keywords",
    "blue", "blue_cost", "blue_damage",
    "my_health", "opp_damage", "draw",
)
EFFECT_FEATURES = (
    "fx_damage", "fx_heal", "fx_draw", "fx_buff", "fx_give", "fx_remove", "fx_summon", "fx_destroy",
    "fx_silence", "fx_mana", "fx_aura", "fx_repeating", "fx_death", "fx_mass",
)
FEATURES = STAT_FEATURES + EFFECT_FEATURES
_MASS_TARGETS = frozenset({Target.ENEMY_CREATURES, Target.FRIENDLY_CREATURES, Target.ALL_CREATURES,
                           Target.EACH_PLAYER})
_INDEX = {name: i for i, name in enumerate(FEATURES)}


# Fitted by `python -m game.tools.draft_fit stats --games 40000`:
# 40000 rule-bot games with random drafts (one and two lanes), cardlist.txt
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


# Fitted by `python -m game.tools.draft_fit effects --games 40000` (stat weights above held fixed):
# 40000 rule-bot games with random drafts (one and two lanes), Duelmind's set
# first player won 0.567; log-loss 0.6689 (bias alone 0.6842); bias +0.286
FITTED_EFFECT_WEIGHTS = {
    'fx_damage': +0.0220,
    'fx_heal': +0.0151,
    'fx_draw': +0.0182,
    'fx_buff': +0.0180,
    'fx_give': +0.0041,
    'fx_remove': +0.0067,
    'fx_summon': +0.0246,
    'fx_destroy': +0.1411,
    'fx_silence': -0.0363,
    'fx_mana': -0.0387,
    'fx_aura': +0.0429,
    'fx_repeating': +0.0384,
    'fx_death': -0.0307,
    'fx_mass': +0.0345,
}

# Both stages: what the draft AI values a card with.
FITTED_WEIGHTS = {**FITTED_FEATURE_WEIGHTS, **FITTED_EFFECT_WEIGHTS}


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
    for effect in card.effects:
        _add_effect(f, effect)
    return f


def _add_effect(f: list[float], effect) -> None:
    """Add one triggered effect's magnitudes to a card's feature vector."""
    action = effect.action
    if action == Do.DAMAGE:
        f[_INDEX["fx_damage"]] += effect.amount
    elif action == Do.HEAL:
        f[_INDEX["fx_heal"]] += effect.amount
    elif action == Do.DRAW:
        f[_INDEX["fx_draw"]] += effect.amount
    elif action == Do.BUFF:
        f[_INDEX["fx_buff"]] += effect.attack + effect.defense
    elif action == Do.GIVE:
        f[_INDEX["fx_give"]] += bin(effect.keywords).count("1")
    elif action == Do.REMOVE:
        f[_INDEX["fx_remove"]] += bin(effect.keywords).count("1")
    elif action == Do.SUMMON:
        token = effect.token
        stats = token.attack + token.defense if token is not None else 0
        f[_INDEX["fx_summon"]] += stats * max(1, effect.amount)
    elif action == Do.DESTROY:
        f[_INDEX["fx_destroy"]] += 1
    elif action == Do.SILENCE:
        f[_INDEX["fx_silence"]] += 1
    elif action == Do.MANA:
        f[_INDEX["fx_mana"]] += effect.amount
    trigger = effect.trigger
    if trigger == Trigger.AURA:
        f[_INDEX["fx_aura"]] += 1
    elif trigger in (Trigger.TURN_START, Trigger.TURN_END, Trigger.ATTACK, Trigger.ATTACKED):
        f[_INDEX["fx_repeating"]] += 1
    elif trigger == Trigger.DEATH:
        f[_INDEX["fx_death"]] += 1
    if effect.target in _MASS_TARGETS:
        f[_INDEX["fx_mass"]] += 1


def value(card: Card, weights: dict[str, float]) -> float:
    """w . features(card): the card's fitted contribution to the log-odds of winning."""
    return sum(weights.get(name, 0.0) * x for name, x in zip(FEATURES, features(card)) if x)


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
        return list(tqdm(workers.imap(_game, range(games), chunksize=64), total=games, file=sys.stderr,
                         desc="games", unit="game"))


# ------------------------------------------------------------------------------ the fit


def fit(samples: Sequence[tuple[list[float], int]], l2: float = 1.0, iterations: int = 12,
        offsets: Sequence[float] | None = None) -> tuple[float, list[float], float]:
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
        stat_weights = [FITTED_FEATURE_WEIGHTS.get(name, 0.0) for name in STAT_FEATURES]
        offsets = [sum(w * x[i] for i, w in enumerate(stat_weights) if x[i]) for x, _ in samples]
    subset = [([x[i] for i in columns], y) for x, y in samples]
    bias, weights, loss = fit(subset, offsets=offsets)
    return dict(zip(names, weights)), bias, loss


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.draft_fit", description=__doc__.split("\n\n")[0])
    from game.tools.arena import DEFAULT_POOL, DUELMIND_POOL

    parser.add_argument("stage", choices=("stats", "effects"))
    parser.add_argument("--games", type=int, default=40000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pool", default=str(DEFAULT_POOL), help="the LOCM card list (stats stage)")
    args = parser.parse_args(argv)
    pool = args.pool if args.stage == "stats" else DUELMIND_POOL
    samples = collect(args.games, pool, args.jobs)
    weights, bias, loss = fit_stage(samples, args.stage)
    source = Path(args.pool).name if args.stage == "stats" else "Duelmind's set"
    first = sum(y for _, y in samples) / len(samples)
    baseline = -(first * math.log(first) + (1 - first) * math.log(1 - first))
    print(f"# {len(samples)} rule-bot games with random drafts (one and two lanes), {source}")
    print(f"# first player won {first:.3f}; log-loss {loss:.4f} (bias alone {baseline:.4f}); bias {bias:+.3f}")
    print(f"{'FITTED_FEATURE_WEIGHTS' if args.stage == 'stats' else 'FITTED_EFFECT_WEIGHTS'} = {{")
    for name, w in weights.items():
        print(f"    {name!r}: {w:+.4f},")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
