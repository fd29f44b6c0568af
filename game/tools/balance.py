"""`duelmind cards balance`: bot-vs-bot games with drafts from a card set, to find cards
that win (or lose) too often and check that moving first is fair.

Every game drafts from the set's draftable cards (tokens never); both seats are played by the
same AI. Reported:

- the first player's win rate with its Wilson 95% interval and n;
- per card: its win rate when drafted (decks holding the card that won / decks holding it: a
  deck counts once however many copies it holds, so a card both players drafted in one game
  counts one win and one loss), and its pick rate (how often the AI takes it when it is
  offered; a third means the AI neither seeks nor avoids it);
- outliers: cards drafted at least `--min-n` times whose interval lies entirely above
  `--high` or below `--low`.

Drafts (`--draft`): `random` (the default) picks uniformly, so every card lands in decks of
every quality and its win rate measures the card, not the drafter; the AI is still shown each
offer (a separate copy of it, which plays no game) and its choice gives the pick rate. With
`ai` the playing AIs draft themselves: a deterministic drafter then builds the same deck on both
sides from the same offers, which tests the first player's edge in mirror matches but leaves
every card at exactly half.

Game `i` is reproducible: its draft, shuffles and effect seed come from `Random(f"{seed}:{i}")`
and its agents from seeds derived from `seed` and `i`, whatever `--jobs` or `--cluster` is (with an
AI that does not think against the clock: the search AIs stop when their time is up). Games run
through game/tools/execution.py (in-process, processes or a Dask cluster; `--results` resumes);
`--report DIR` draws the charts of game/tools/reports.py.

Before the run a few games are played in this process to catch an AI that cannot play the set
(e.g. one that summons without the target a Duelmind card needs, which `play_game` refuses with
IllegalAction, or one that crashes): with the default AI the tool then falls back to the random
agent, with an explicit `--ai` it stops.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Sequence

from game.tools import execution
from game.tools.args import add_jobs_argument, add_output_arguments, positive_ms, progress_wanted

DEFAULT_AI = "easy"
FALLBACK_AI = "random"
PREFLIGHT_GAMES = 2
DRAFTS = ("random", "ai")


@dataclass(frozen=True)
class Settings:
    """What a run plays: the same in every worker process."""

    ai: str
    card_files: tuple[str, ...] = ()  # empty: levels/cards/*.json
    lanes: int = 1
    seed: int = 0
    draft: str = "random"
    budget_ms: float = 100.0


class GameError(RuntimeError):
    """An AI crashed in a game (not an illegal action: a bug of its own)."""


@dataclass
class GameSummary:
    index: int
    winner: int  # seat 0 (first player) or 1
    turns: int
    decks: tuple[frozenset[int], frozenset[int]]  # base ids in each seat's deck
    offered: tuple[Counter, Counter]  # base id -> times offered to that seat
    picked: tuple[Counter, Counter]  # base id -> times the AI took it for that seat
    curves: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # cards per cost 0..6, 7+ in each deck


@dataclass
class CardStats:
    card_id: int
    name: str
    cost: int
    kind: str
    drafted: int = 0  # decks holding the card
    wins: int = 0  # of those decks, the ones that won
    offered: int = 0
    picked: int = 0
    interval: tuple[float, float] = (0.0, 1.0)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.drafted if self.drafted else None

    @property
    def pick_rate(self) -> float | None:
        return self.picked / self.offered if self.offered else None

    def leaning(self, min_n: int) -> str:
        """ "+" when the interval lies above one half (stronger than the average card), "-" below;
        nothing before `min_n` decks."""
        if self.drafted < max(1, min_n):
            return ""
        return "+" if self.interval[0] > 0.5 else "-" if self.interval[1] < 0.5 else ""


@dataclass
class Report:
    games: int
    settings: Settings
    first_wins: int
    first_interval: tuple[float, float]
    average_turns: float
    cards: list[CardStats]
    outliers: list[tuple[CardStats, str]] = field(default_factory=list)
    min_n: int = 50


# ---------------------------------------------------------------------------------- games


class _RecordingAgent:
    """Wraps an agent to record what it was offered and what it took in the draft."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.offered: Counter = Counter()
        self.picked: Counter = Counter()

    def new_game(self, seat: int, lanes: int) -> None:
        self.inner.new_game(seat, lanes)

    def draft_pick(self, offer, picked, pick):
        index = self.inner.draft_pick(offer, picked, pick)
        self.offered.update(card.base_id for card in offer)
        self.picked[offer[index].base_id] += 1
        return index

    def decide(self, observation, budget_ms):
        return self.inner.decide(observation, budget_ms)


_WORKER: dict = {}


def _init_worker(settings: Settings) -> None:
    from game.rules.cards.cardset import load_cardset

    _WORKER.update(settings=settings, pool=load_cardset(settings.card_files or None).draftable)


def _random_draft(pool, rng: random.Random, scouts) -> tuple[list[list], list[Counter], list[Counter]]:
    """Uniform picks; each scout (a copy of the AI per seat) says what it would have taken."""
    from game.rules.cards.draft import Draft

    draft = Draft(pool, rng)
    offered = [Counter(), Counter()]
    wanted = [Counter(), Counter()]
    for pick, offer in enumerate(draft.offers):
        for seat in (0, 1):
            choice = scouts[seat].draft_pick(offer, draft.picks[seat], pick)
            offered[seat].update(card.base_id for card in offer)
            wanted[seat][offer[choice].base_id] += 1
            draft.choose(seat, rng.randrange(len(offer)))
    return draft, offered, wanted


def play_one(index: int) -> GameSummary:
    """Game `index` of the run set up by `_init_worker`."""
    from ai.cards.agent import play_game
    from ai.cards.registry import make_agent
    from game.rules.cards.battle import IllegalAction

    settings: Settings = _WORKER["settings"]
    pool = _WORKER["pool"]
    rng = random.Random(f"{settings.seed}:{index}")
    seeds = [settings.seed * 1_000_003 + index * 2 + seat for seat in (0, 1)]
    agents = [_RecordingAgent(make_agent(settings.ai, seed=seed)) for seed in seeds]
    try:
        if settings.draft == "ai":
            result = play_game(agents, pool, rng, lanes=settings.lanes, budget_ms=settings.budget_ms)
            offered = (agents[0].offered, agents[1].offered)
            picked = (agents[0].picked, agents[1].picked)
        else:
            scouts = [make_agent(settings.ai, seed=seed) for seed in seeds]
            for seat, scout in enumerate(scouts):
                scout.new_game(seat, settings.lanes)
            draft, offered, picked = _random_draft(pool, rng, scouts)
            result = play_game(
                agents, draft.cards, rng, lanes=settings.lanes, budget_ms=settings.budget_ms, decks=draft.decks(rng)
            )
    except IllegalAction as error:
        raise IllegalAction(f"game {index}: {error}") from None
    except Exception as error:
        raise GameError(f"game {index}: {type(error).__name__}: {error}") from error
    decks = tuple(frozenset(card.base_id for card in deck) for deck in result.decks)
    curves = tuple(mana_curve(card.cost for card in deck) for deck in result.decks)
    return GameSummary(index, result.winner, result.turns, decks, tuple(offered), tuple(picked), curves)


CURVE_COSTS = 8  # costs 0..6 and 7+


def mana_curve(costs) -> tuple[int, ...]:
    counts = [0] * CURVE_COSTS
    for cost in costs:
        counts[min(cost, CURVE_COSTS - 1)] += 1
    return tuple(counts)


@dataclass(frozen=True)
class BalanceJob:
    """The run for the execution layer (game/tools/execution.py): game i is `play_one(i)`."""

    settings: Settings
    tool: str = "cards balance"
    chunk: int = 8  # a game takes a few ms

    def identity(self) -> dict:
        return asdict(self.settings)

    def setup(self) -> None:
        _init_worker(self.settings)

    def play(self, index: int) -> GameSummary:
        return play_one(index)

    def encode(self, game: GameSummary) -> dict:
        return {
            "winner": game.winner,
            "turns": game.turns,
            "decks": [sorted(deck) for deck in game.decks],
            "offered": [{str(k): v for k, v in sorted(c.items())} for c in game.offered],
            "picked": [{str(k): v for k, v in sorted(c.items())} for c in game.picked],
            "curves": [list(curve) for curve in game.curves],
        }

    def decode(self, data: dict) -> GameSummary:
        def counter(entries: dict) -> Counter:
            return Counter({int(k): v for k, v in entries.items()})

        return GameSummary(
            -1,
            data["winner"],
            data["turns"],
            tuple(frozenset(deck) for deck in data["decks"]),
            tuple(counter(c) for c in data["offered"]),
            tuple(counter(c) for c in data["picked"]),
            tuple(tuple(curve) for curve in data["curves"]),
        )


def preflight(settings: Settings, games: int = PREFLIGHT_GAMES) -> str | None:
    """Play a few games in this process; None when they went through, else what went wrong."""
    from game.rules.cards.battle import IllegalAction

    _init_worker(settings)
    ai = settings.ai
    try:
        for index in range(games):
            play_one(index)
    except IllegalAction as error:
        return f"the {ai!r} AI played an illegal action with this card set: {error}"
    except ImportError as error:
        return f"the {ai!r} AI is not available: {error}"
    except GameError as error:
        return f"the {ai!r} AI crashed with this card set: {error}"
    return None


def run_games(
    settings: Settings,
    games: int,
    jobs: int = 1,
    progress: bool = True,
    backend: execution.Backend | None = None,
    results: Path | None = None,
) -> list[GameSummary]:
    """Games 0..games-1, in index order, on `backend` (default: in-process, or `jobs` processes)."""
    job = BalanceJob(replace(settings, card_files=tuple(execution.absolute(f) for f in settings.card_files)))
    tally = {"games": 0, "first": 0}

    def note(summary: GameSummary) -> dict:
        tally["games"] += 1
        tally["first"] += summary.winner == 0
        return {"first": f"{tally['first'] / tally['games']:.3f}"}

    played = execution.run_games(job, games, backend or execution.Backend.local(jobs), results, progress, note)
    for index, summary in enumerate(played):
        summary.index = index
    return played


# ---------------------------------------------------------------------------------- statistics


def build_report(
    results: Sequence[GameSummary], cards, settings: Settings, min_n: int = 50, low: float = 0.40, high: float = 0.60
) -> Report:
    from game.tools.stats import wilson_interval

    stats = {card.base_id: CardStats(card.base_id, card.name, card.cost, card.type.name.lower()) for card in cards}
    for game in results:
        for seat in (0, 1):
            for card_id in game.decks[seat]:
                entry = stats[card_id]
                entry.drafted += 1
                entry.wins += game.winner == seat
            for card_id, count in game.offered[seat].items():
                stats[card_id].offered += count
            for card_id, count in game.picked[seat].items():
                stats[card_id].picked += count
    outliers = []
    for entry in stats.values():
        entry.interval = wilson_interval(entry.wins, entry.drafted)
        if entry.drafted >= min_n:
            if entry.interval[0] > high:
                outliers.append((entry, f"wins too often: interval above {high:.0%}"))
            elif entry.interval[1] < low:
                outliers.append((entry, f"wins too rarely: interval below {low:.0%}"))
    n = len(results)
    first = sum(game.winner == 0 for game in results)
    ordered = sorted(stats.values(), key=lambda s: (-(s.win_rate if s.win_rate is not None else -1), s.card_id))
    outliers.sort(key=lambda item: -(item[0].win_rate or 0))
    return Report(
        n,
        settings,
        first,
        wilson_interval(first, n),
        sum(game.turns for game in results) / n if n else 0.0,
        ordered,
        outliers,
        min_n,
    )


def _rate(value: float | None) -> str:
    return "  -  " if value is None else f"{value:.3f}"


def format_report(report: Report) -> str:
    n = report.games
    settings = report.settings
    low, high = report.first_interval
    files = ", ".join(settings.card_files) or "levels/cards/*.json"
    lines = [
        f"Card set: {files} ({len(report.cards)} draftable cards)",
        f"{n} games, {settings.ai} vs {settings.ai}, {settings.lanes} lane{'s' if settings.lanes == 2 else ''}, "
        f"{settings.draft} draft, seed {settings.seed}, "
        f"average {report.average_turns:.1f} turns",
        "",
        "## First player",
        f"first-player win rate {report.first_wins / n if n else 0:.3f}  (95% Wilson {low:.3f}-{high:.3f}, n={n})",
        "",
        "## Cards (win rate when drafted; pick rate: how often the AI takes it when offered)",
        f"(+/-: drafted at least {report.min_n} times and the interval lies above/below one half; "
        "about 1 card in 20 lands there by chance alone)",
        f"{'id':>4}  {'name':<22} {'type':<8} {'cost':>4}  {'win':>5}  {'95% interval':<13}   {'wins/decks':>11}"
        f"  {'pick':>5}  {'taken/offered':>13}",
    ]
    for s in report.cards:
        interval = f"{s.interval[0]:.3f}-{s.interval[1]:.3f}" if s.drafted else "      -      "
        lines.append(
            f"{s.card_id:>4}  {s.name[:22]:<22} {s.kind:<8} {s.cost:>4}  {_rate(s.win_rate):>5}  "
            f"{interval:<13} {s.leaning(report.min_n):1} {f'{s.wins}/{s.drafted}':>11}  {_rate(s.pick_rate):>5}  "
            f"{f'{s.picked}/{s.offered}':>13}"
        )
    lines += ["", "## Outliers"]
    if report.outliers:
        for s, why in report.outliers:
            lines.append(
                f"{s.card_id:>4}  {s.name:<22} win {s.win_rate:.3f} ({s.interval[0]:.3f}-{s.interval[1]:.3f}, "
                f"n={s.drafted}): {why}"
            )
    else:
        lines.append("none")
    return "\n".join(lines)


def report_json(report: Report) -> dict:
    def card(s: CardStats) -> dict:
        return {
            "id": s.card_id,
            "name": s.name,
            "type": s.kind,
            "cost": s.cost,
            "drafted": s.drafted,
            "wins": s.wins,
            "win_rate": s.win_rate,
            "interval": list(s.interval),
            "offered": s.offered,
            "picked": s.picked,
            "pick_rate": s.pick_rate,
            "leaning": s.leaning(report.min_n),
        }

    n = report.games
    settings = report.settings
    return {
        "games": n,
        "ai": settings.ai,
        "lanes": settings.lanes,
        "draft": settings.draft,
        "seed": settings.seed,
        "card_files": list(settings.card_files),
        "average_turns": report.average_turns,
        "first_player": {
            "wins": report.first_wins,
            "n": n,
            "win_rate": report.first_wins / n if n else None,
            "interval": list(report.first_interval),
        },
        "cards": [card(s) for s in report.cards],
        "outliers": [dict(card(s), reason=why) for s, why in report.outliers],
    }


# ---------------------------------------------------------------------------------- command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=1, help="one lane or two")
    parser.add_argument(
        "--ai",
        default=None,
        help=f"the AI playing both seats (a registry name; default {DEFAULT_AI!r}, or "
        f"{FALLBACK_AI!r} if that one cannot play the set)",
    )
    parser.add_argument(
        "--draft",
        choices=DRAFTS,
        default="random",
        help="random: uniform picks (per-card win rates); ai: the playing AIs draft",
    )
    add_jobs_argument(parser, min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=0, help="game i's draft and shuffles come from SEED and i")
    parser.add_argument(
        "--cards", nargs="+", metavar="FILE", default=[], help="card files (default: levels/cards/*.json)"
    )
    parser.add_argument("--budget-ms", type=positive_ms, default=100.0, help="thinking time per turn for search AIs")
    parser.add_argument("--min-n", type=int, default=50, help="decks a card needs before it can be an outlier")
    parser.add_argument("--low", type=float, default=0.40, help="outlier when a card's interval is entirely below")
    parser.add_argument("--high", type=float, default=0.60, help="outlier when a card's interval is entirely above")
    add_output_arguments(parser)
    execution.add_arguments(parser)
    parser.add_argument(
        "--report",
        type=Path,
        default=None,
        metavar="DIR",
        help="also write charts (PNG) and an index.html page into DIR (needs matplotlib)",
    )


def run(args: argparse.Namespace) -> int:
    from ai.cards.registry import AGENTS
    from game.rules.cards.battle import IllegalAction
    from game.rules.cards.cardset import CardSetError, load_cardset

    if args.games < 1:
        print("cards balance: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        backend = execution.backend_for(args, report=args.report is not None)
    except execution.RunError as error:
        print(f"cards balance: {error}", file=sys.stderr)
        return 2
    settings = Settings(args.ai or DEFAULT_AI, tuple(args.cards), args.lanes, args.seed, args.draft, args.budget_ms)
    if settings.ai not in AGENTS:
        print(f"cards balance: unknown AI {settings.ai!r}; known: {', '.join(AGENTS)}", file=sys.stderr)
        return 2
    try:
        pool = load_cardset(args.cards or None).draftable
    except CardSetError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 1
    if len(pool) < 3:
        print("cards balance: a draft needs at least 3 draftable cards", file=sys.stderr)
        return 1
    problem = preflight(settings)
    if problem is not None:
        if args.ai is not None:
            print(
                f"cards balance: {problem}\n(run with --ai {FALLBACK_AI} to balance with the random agent)",
                file=sys.stderr,
            )
            return 1
        print(f"cards balance: {problem}; falling back to --ai {FALLBACK_AI}", file=sys.stderr)
        settings = replace(settings, ai=FALLBACK_AI)
    started = time.perf_counter()
    try:
        results = run_games(
            settings, args.games, args.jobs, progress=progress_wanted(args), backend=backend, results=args.results
        )
    except execution.RunError as error:
        print(f"cards balance: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(execution.interrupted_message("cards balance", args.results), file=sys.stderr)
        return 130
    except IllegalAction as error:
        print(
            f"cards balance: the {settings.ai!r} AI played an illegal action with this card set: {error}",
            file=sys.stderr,
        )
        return 1
    except GameError as error:
        print(f"cards balance: the {settings.ai!r} AI crashed with this card set: {error}", file=sys.stderr)
        return 1
    report = build_report(results, pool, settings, args.min_n, args.low, args.high)
    if args.json:
        print(json.dumps(report_json(report), indent=1))
    else:
        print(format_report(report))
        print(f"\n{time.perf_counter() - started:.0f} s with {backend_label(args, backend)}")
    if args.report is not None:
        from game.tools import reports

        page = reports.balance_page(report, results, args.report, format_report(report))
        print(f"cards balance: report written to {page.index}", file=sys.stderr)
    return 0


def backend_label(args: argparse.Namespace, backend: execution.Backend) -> str:
    """The closing line's "with N jobs" (as before) or the cluster's address."""
    if backend.kind is execution.Kind.CLUSTER:
        return backend.describe()
    return f"{args.jobs} job{'s' if args.jobs > 1 else ''}"
