"""The hard card AI's evaluation weights, tuned by self-play on win rate (SPSA).

Last wave's outcome fit (eval_fit.py) predicted who wins well and played worse (0.445 against the
hand weights): a weight that predicts the result is not the weight that chooses the best move.
This tool tunes what matters instead, the win rate, with simultaneous perturbation stochastic
approximation (Spall's SPSA): every iteration draws a random sign for each weight, plays hard
with the weights moved up by those signs against hard with them moved down (pairs of games with
the same draft and the seats swapped, one and two lanes alternately), and steps the weights
toward the side that won more. Weights move in log space (a step is a percentage), so they stay
positive whatever their scale.

Every `--check-every` iterations the averaged weights (the mean of the iterates since the first
quarter of the run: SPSA's single iterates are noisy, their mean is not) play `--check-games`
games against a frozen reference (the hand weights), and the line printed gives the win rate
with its Wilson 95% interval and n. The run is resumable: its state (the weights, the iterate sum
and every check) is written atomically to `--state` after each iteration, and the same command
goes on from there. `--write` stores the averaged weights in ai/cards/evaluation_tuned.json,
which `hard:eval=tuned` plays with.

    python -m game.tools.eval_tune --iterations 120 --pairs 8 --budget-ms 20 --state tune.json
    python -m game.tools.eval_tune --state tune.json --write      # no further iterations: store
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import fields
from multiprocessing import Pool
from pathlib import Path
from typing import Sequence

from ai.cards.evaluation import DEFAULT_WEIGHTS, TUNED_WEIGHTS_FILE, Weights
from game.rules.saves.store import write_atomically
from game.tools.args import job_count
from game.tools.stats import wilson_interval

NAMES = [f.name for f in fields(Weights)]

# SPSA's gains (Spall 1998's practical choices): the perturbation c_k = C / (k + 1)^GAMMA and
# the step a_k = A / (k + 1 + STABILITY)^ALPHA, in log-weight units.
ALPHA = 0.602
GAMMA = 0.101
STABILITY = 10


def weights_at(theta: Sequence[float]) -> dict[str, float]:
    """The weights for log-offsets `theta` from the hand weights."""
    return {name: getattr(DEFAULT_WEIGHTS, name) * math.exp(t) for name, t in zip(NAMES, theta)}


_POOL: list = []


def _init(pool: str) -> None:
    from game.tools.arena import load_pool

    _POOL[:] = load_pool(pool)


def play_pair_game(task: tuple) -> int:
    """One game between weights `a` and `b` (dicts); 1 if `a` won. The pair's seed fixes the draft
    and shuffles; `a_first` picks the seats."""
    from ai.agents import CardTurnAgent
    from ai.cards.evaluation import Evaluator, weights_from
    from ai.cards.registry import AGENTS
    from game.tools.arena import play_game

    a, b, pair_seed, lanes, a_first, budget_ms = task
    rng = random.Random(pair_seed)
    seeds = rng.getrandbits(32), rng.getrandbits(32)
    agent_a = CardTurnAgent(AGENTS["hard"](seeds[0], evaluation=Evaluator(weights_from(a))))
    agent_b = CardTurnAgent(AGENTS["hard"](seeds[1], evaluation=Evaluator(weights_from(b))))
    agents = [agent_a, agent_b] if a_first else [agent_b, agent_a]
    winner, _turns, _played = play_game(agents, _POOL, random.Random(pair_seed), lanes, budget_ms)
    return int(winner == (0 if a_first else 1))


def match_tasks(a: dict, b: dict, pairs: int, label: str, budget_ms: float, lanes: int = 0) -> list[tuple]:
    """2 * `pairs` games: each pair one draft, seats swapped; `lanes` lanes (0: one and two
    alternately by pair)."""
    return [
        (a, b, f"{label}:{pair}", lanes or 1 + pair % 2, a_first, budget_ms)
        for pair in range(pairs)
        for a_first in (True, False)
    ]


class Tuning:
    """The run's state, kept in a JSON file between iterations."""

    def __init__(self, path: Path, settings: dict):
        self.path = path
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["names"] != NAMES:
                raise SystemExit(f"{path}: tuned other weights ({data['names']}); start a new state file")
            self.data = data
        else:
            self.data = {
                "names": NAMES,
                "settings": settings,
                "iteration": 0,
                "theta": [0.0] * len(NAMES),
                "sum": [0.0] * len(NAMES),
                "summed": 0,
                "checks": [],
            }

    @property
    def settings(self) -> dict:
        return self.data["settings"]

    def average(self) -> list[float]:
        if not self.data["summed"]:
            return list(self.data["theta"])
        return [s / self.data["summed"] for s in self.data["sum"]]

    def save(self) -> None:
        write_atomically(self.path, (json.dumps(self.data, indent=1) + "\n").encode("utf-8"))


def step(tuning: Tuning, workers) -> float:
    """One SPSA iteration; returns the plus side's score in [-1, 1]."""
    s = tuning.settings
    k = tuning.data["iteration"]
    rng = random.Random(f"spsa:{s['seed']}:{k}")
    delta = [rng.choice((-1.0, 1.0)) for _ in NAMES]
    c_k = s["c"] / (k + 1) ** GAMMA
    a_k = s["a"] / (k + 1 + STABILITY) ** ALPHA
    theta = tuning.data["theta"]
    plus = weights_at([t + c_k * d for t, d in zip(theta, delta)])
    minus = weights_at([t - c_k * d for t, d in zip(theta, delta)])
    tasks = match_tasks(plus, minus, s["pairs"], f"spsa:{s['seed']}:{k}", s["budget_ms"], s.get("lanes", 0))
    wins = sum(workers.map(play_pair_game, tasks))
    score = (2 * wins - len(tasks)) / len(tasks)
    limit = s["max_log"]
    tuning.data["theta"] = [max(-limit, min(limit, t + a_k * score / (2 * c_k * d))) for t, d in zip(theta, delta)]
    tuning.data["iteration"] = k + 1
    if k + 1 > s["iterations_planned"] // 4:  # average once the first quarter's drift is over
        tuning.data["sum"] = [acc + t for acc, t in zip(tuning.data["sum"], tuning.data["theta"])]
        tuning.data["summed"] += 1
    return score


def check(tuning: Tuning, workers) -> str:
    """The averaged weights against the hand weights; the printed line, also kept in the state."""
    s = tuning.settings
    k = tuning.data["iteration"]
    tasks = match_tasks(
        weights_at(tuning.average()),
        weights_at([0.0] * len(NAMES)),
        s["check_games"] // 2,
        f"check:{s['seed']}:{k}",
        s["budget_ms"],
        s.get("lanes", 0),
    )
    wins = sum(workers.map(play_pair_game, tasks))
    n = len(tasks)
    low, high = wilson_interval(wins, n)
    tuning.data["checks"].append({"iteration": k, "wins": wins, "games": n})
    return f"iteration {k}: averaged weights vs hand {wins / n:.3f} (95% Wilson {low:.3f}-{high:.3f}, n={n})"


def write_weights(tuning: Tuning) -> None:
    s = tuning.settings
    weights = {name: round(value, 4) for name, value in weights_at(tuning.average()).items()}
    checks = tuning.data["checks"]
    last = checks[-1] if checks else None
    data = {
        "about": "Hard's evaluation weights (ai/cards/evaluation.py Weights) tuned by self-play on win rate "
        "(SPSA, game/tools/eval_tune.py): the mean of the iterates after the first quarter",
        "tuned_by": f"python -m game.tools.eval_tune --iterations {tuning.data['iteration']} --pairs {s['pairs']} "
        f"--budget-ms {s['budget_ms']:g} --c {s['c']:g} --a {s['a']:g} --seed {s['seed']}",
        "last_check": (
            f"{last['wins']}/{last['games']} against the hand weights at {s['budget_ms']:g} ms (iteration "
            f"{last['iteration']})"
            if last
            else "none"
        ),
        "weights": weights,
    }
    TUNED_WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {TUNED_WEIGHTS_FILE}")


def main(argv: Sequence[str] | None = None) -> int:
    from tqdm import tqdm

    from game.tools.arena import DEFAULT_POOL

    parser = argparse.ArgumentParser(prog="python -m game.tools.eval_tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", type=Path, default=Path("eval_tune_state.json"), help="the resumable run's file")
    parser.add_argument("--iterations", type=int, default=120, help="run until this many iterations in all")
    parser.add_argument("--pairs", type=int, default=8, help="game pairs per iteration (2 games each)")
    parser.add_argument("--budget-ms", type=float, default=20.0, help="hard's thinking time per turn")
    parser.add_argument("--c", type=float, default=0.2, help="perturbation size, log-weight units")
    parser.add_argument("--a", type=float, default=0.3, help="step size, log-weight units")
    parser.add_argument("--max-log", type=float, default=1.5, help="no weight moves beyond e^±this of its hand value")
    parser.add_argument("--check-every", type=int, default=20, help="check the averaged weights every N iterations")
    parser.add_argument("--check-games", type=int, default=100, help="games per check (rounded up to pairs)")
    parser.add_argument("--lanes", type=int, choices=(0, 1, 2), default=0, help="1 or 2 lanes (0: both, alternately)")
    parser.add_argument(
        "--start-from", type=Path, default=None, metavar="STATE", help="a new run starts at this run's averaged weights"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=job_count, default=2, help="worker processes (default 2)")
    parser.add_argument("--write", action="store_true", help=f"store the averaged weights in {TUNED_WEIGHTS_FILE.name}")
    args = parser.parse_args(argv)
    settings = {
        "pairs": args.pairs,
        "budget_ms": args.budget_ms,
        "c": args.c,
        "a": args.a,
        "max_log": args.max_log,
        "check_every": args.check_every,
        "check_games": args.check_games + args.check_games % 2,
        "seed": args.seed,
        "iterations_planned": args.iterations,
        "lanes": args.lanes,
    }
    tuning = Tuning(args.state, settings)
    if args.start_from and tuning.data["iteration"] == 0:
        start_theta = Tuning(args.start_from, settings).average()
        tuning.data["theta"] = list(start_theta)
        tuning.data["start"] = list(start_theta)
    tuning.settings["iterations_planned"] = args.iterations  # a resumed run may be extended
    start = tuning.data["iteration"]
    with Pool(max(1, args.jobs), initializer=_init, initargs=(str(DEFAULT_POOL),)) as workers:
        bar = tqdm(total=args.iterations, initial=start, file=sys.stderr, desc="iterations", unit="it")
        for _ in range(start, args.iterations):
            score = step(tuning, workers)
            bar.set_postfix(score=f"{score:+.2f}")
            bar.update()
            k = tuning.data["iteration"]
            if k % tuning.settings["check_every"] == 0 or k == args.iterations:
                tqdm.write(check(tuning, workers), file=sys.stdout)
            tuning.save()
        bar.close()
    for name, t in zip(NAMES, tuning.average()):
        print(
            f"  {name:17s} {getattr(DEFAULT_WEIGHTS, name):8.3f} -> {getattr(DEFAULT_WEIGHTS, name) * math.exp(t):8.3f}"
        )
    if args.write:
        write_weights(tuning)
    return 0


if __name__ == "__main__":
    sys.exit(main())
