"""The draft's card values refitted on the hard AI's own games, per lane variant.

The first fit (draft_fit.py) learned card values from rule-bot games with random decks: what wins
when weak players play random cards. This tool learns from the player that will use the decks:

- the games: hard plays both seats (at a small budget, `--budget-ms`, so thousands of games fit in
  minutes); both seats draft with the rule-bot values (or `--from selfplay`), exploring: with probability `--explore`
  a pick is uniformly random among the offer, so every card shows up in winning and losing decks
  while the decks stay close to the ones the AI really drafts.
- the fit, per lane variant: the same logistic model of the first player's win on the difference
  of the decks' summed stat features as draft_fit.py, centred on the starting weights (they are an
  offset; only the change is fitted, with an L2 penalty pulling it to zero), so that few games
  move a weight only as far as the data supports. Printed with the log-loss of the starting weights
  on the same games, for comparison.
- `--write` stores the weights in ai/cards/draft_weights.json under "selfplay": hard drafts with
  them (`DraftAI(source="selfplay")`; `hard:draft=stats` drafts with the rule-bot fit). The
  running AI never imports this tool.
- `--from selfplay` runs a further iteration: the games draft with the stored self-play values
  and the fit starts from them.

The comparison is the arena's, hard on both seats with the two drafts (seats swapped, the same
offers in a pair):

    python -m game.tools.draft_selfplay fit --games 8000 --lanes 2 --write
    duelmind arena --p1 hard:draft=selfplay --p2 hard:draft=stats --budget-ms 20 --lanes 2 --games 2000 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from multiprocessing import Pool
from typing import Sequence

from ai.cards.agent import CardAgent
from ai.cards.card_features import FEATURES, SELFPLAY, STAT_FEATURES, WEIGHTS_FILE, features, fitted_weights, lane_key
from ai.cards.draft_ai import DraftAI
from game.rules.cards.model import Card
from game.tools.args import job_count
from game.tools.draft_fit import fit

_STAT_COLUMNS = [FEATURES.index(name) for name in STAT_FEATURES]
_POOL: list[Card] = []
_SETTINGS: dict = {}


class ExploringDrafter(CardAgent):
    """The draft AI (`source` weights for the game's lanes), taking a random card from the offer
    with probability `explore`."""

    def __init__(self, seed: int, explore: float, source: str = "selfplay"):
        super().__init__(seed)
        self.draft = DraftAI(source=source)
        self.explore = explore

    def new_game(self, seat: int, lanes: int) -> None:
        super().new_game(seat, lanes)
        self.draft.new_game(lanes)

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        if self.explore and self.rng.random() < self.explore:
            return self.rng.randrange(len(offer))
        return self.draft.pick(offer, picked, pick)


def _init(pool: str, settings: dict) -> None:
    from game.tools.arena import load_pool

    _POOL[:] = load_pool(pool)
    _SETTINGS.update(settings)


def _deck_difference(decks) -> list[float]:
    totals = [[0.0] * len(_STAT_COLUMNS) for _ in (0, 1)]
    for seat, deck in enumerate(decks):
        for card in deck:
            vector = features(card)
            for k, column in enumerate(_STAT_COLUMNS):
                totals[seat][k] += vector[column]
    return [a - b for a, b in zip(*totals)]


def selfplay_game(index: int) -> tuple[list[float], int]:
    """(deck 0 stat features minus deck 1's, 1 if the first player won) of game `index`."""
    from ai.cards.agent import DraftedBy, play_game
    from ai.cards.ismcts import ISMCTSAgent

    s = _SETTINGS
    rng = random.Random(f"draft-selfplay:{s['seed']}:{index}")
    agents = [
        DraftedBy(ISMCTSAgent(rng.getrandbits(32)), ExploringDrafter(rng.getrandbits(32), s["explore"], s["source"]))
        for _ in (0, 1)
    ]
    result = play_game(agents, _POOL, rng, lanes=s["lanes"], budget_ms=s["budget_ms"])
    return _deck_difference(result.decks), int(result.winner == 0)


def _run(function, games: int, settings: dict, jobs: int, desc: str) -> list:
    from tqdm import tqdm

    from game.tools.arena import DEFAULT_POOL

    with Pool(max(1, jobs), initializer=_init, initargs=(str(DEFAULT_POOL), settings)) as workers:
        return list(
            tqdm(
                workers.imap(function, range(games), chunksize=8), total=games, file=sys.stderr, desc=desc, unit="game"
            )
        )


def log_loss(samples, weights: Sequence[float], bias: float) -> float:
    total = 0.0
    for x, y in samples:
        z = bias + sum(w * v for w, v in zip(weights, x) if v)
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        p = min(1 - 1e-12, max(1e-12, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def fit_centred(samples, prior: Sequence[float], l2: float) -> tuple[list[float], float, float]:
    """Fit the change from `prior` (weights, one per stat feature): (weights, bias, log-loss)."""
    offsets = [sum(w * v for w, v in zip(prior, x) if v) for x, _ in samples]
    bias, change, loss = fit(samples, l2=l2, offsets=offsets)
    return [p + d for p, d in zip(prior, change)], bias, loss


def fit_command(args: argparse.Namespace) -> int:
    settings = {
        "seed": args.seed,
        "explore": args.explore,
        "lanes": args.lanes,
        "budget_ms": args.budget_ms,
        "source": args.source,
    }
    samples = _run(selfplay_game, args.games, settings, args.jobs, "self-play games")
    stored = fitted_weights(args.lanes if args.source == "selfplay" else None, args.source)
    prior = [stored.get(name, 0.0) for name in STAT_FEATURES]
    first = sum(y for _, y in samples) / len(samples)
    wins = sum(y for _, y in samples)
    prior_bias = math.log((wins + 0.5) / (len(samples) - wins + 0.5))  # the first player's edge (finite at 0 or n wins)
    weights, bias, loss = fit_centred(samples, prior, args.l2)
    games = (
        f"{len(samples)} hard-vs-hard games at {args.budget_ms:g} ms per turn, {args.lanes} "
        f"lane{'s' if args.lanes > 1 else ''}, drafts exploring {args.explore:g}"
    )
    fit_text = (
        f"first player won {first:.3f}; log-loss {loss:.4f}, starting weights "
        f"{log_loss(samples, prior, prior_bias):.4f} ({args.source}), bias alone {log_loss(samples, [0.0] * len(prior), prior_bias):.4f}"
    )
    print(f"{games}\n{fit_text}; bias {bias:+.3f}")
    for name, old, new in zip(STAT_FEATURES, prior, weights):
        print(f"  {name:22s} {old:+.4f} -> {new:+.4f}")
    if args.write:
        data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
        entry = data.setdefault(SELFPLAY, {})
        entry[lane_key(args.lanes)] = {
            "fitted_by": (
                f"python -m game.tools.draft_selfplay fit --games {args.games} --lanes {args.lanes} "
                f"--budget-ms {args.budget_ms:g} --explore {args.explore:g} --from {args.source} --l2 {args.l2:g} "
                f"--seed {args.seed}"
            ),
            "games": games,
            "fit": fit_text,
            "weights": {name: round(w, 4) for name, w in zip(STAT_FEATURES, weights)},
        }
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote the {lane_key(args.lanes)} self-play weights to {WEIGHTS_FILE}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.draft_selfplay", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("fit",), help="self-play games, then the fit")
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=2)
    parser.add_argument("--budget-ms", type=float, default=20.0, help="hard's thinking time per turn")
    parser.add_argument("--jobs", type=job_count, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--explore", type=float, default=0.3, help="chance of a random pick")
    parser.add_argument(
        "--from",
        dest="source",
        choices=("stats", "selfplay"),
        default="stats",
        help="the values the games draft with and the fit starts from: the rule-bot fit, or the "
        "stored self-play fit (a further iteration)",
    )
    parser.add_argument("--l2", type=float, default=20.0, help="penalty on the change from today's weights")
    parser.add_argument("--write", action="store_true", help=f"store the weights in {WEIGHTS_FILE.name}")
    args = parser.parse_args(argv)
    return fit_command(args)


if __name__ == "__main__":
    sys.exit(main())
