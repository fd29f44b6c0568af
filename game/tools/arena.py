"""`duelmind arena`: in-process matches between two card AIs, with a win-rate interval and
timing.

Games come in pairs: both games of a pair use the same draft offers and shuffles, with the seats
swapped, so neither AI is favoured by the cards or by moving first. Every pair gets a fresh
random draft from the pool (the official card list by default; `--pool duelmind` for the game's
own card set). Prints p1's win rate with its
Wilson 95% interval and n, the average time per turn and per decision, and the distribution of
the budget overrun per turn (turn time minus the budget; negative is headroom). Runs in-process,
over `--jobs` processes or on a Dask cluster (`--cluster`, game/tools/execution.py) with a
progress bar on stderr (`--no-progress`); `--results FILE.jsonl` resumes an interrupted run,
`--report DIR` draws charts, `--json` prints the report as one JSON document.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

from ai.agents import CardTurnAgent, play_card_turn
from game.rules.cards.locm import OFFICIAL_CARDLIST
from game.tools import execution
from game.tools.args import add_jobs_argument, add_output_arguments, positive_ms, progress_wanted

DEFAULT_POOL = OFFICIAL_CARDLIST
DUELMIND_POOL = "duelmind"  # the game's own card set (levels/cards/*.json) instead of a LOCM list


@dataclass
class GameStats:
    index: int
    p1_won: bool
    turns: int
    p1_turn_ms: list[float]  # time of each of p1's turns (all its act calls in the turn)
    p2_turn_ms: list[float]
    p1_decisions: int
    p2_decisions: int
    draft_cards: tuple[int, ...] = ()  # base ids of the draft's 60 cards (shared by a pair)
    p1_decision_ms: list[float] = field(default_factory=list)  # each act call of p1 that planned
    p2_decision_ms: list[float] = field(default_factory=list)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--p1",
        default="hard",
        help="the AI whose win rate is reported (a registry name, with "
        "options: hard:eval=fitted,draft=selfplay,lethal=0)",
    )
    parser.add_argument("--p2", default="easy", help="its opponent (a registry name)")
    parser.add_argument(
        "--p1-draft",
        default="",
        metavar="NAME",
        help="let this AI draft p1's deck (default: p1's own draft); compares drafts alone",
    )
    parser.add_argument("--p2-draft", default="", metavar="NAME", help="the same for p2 (default: p2's own draft)")
    parser.add_argument("--games", type=int, default=100, help="number of games (rounded up to pairs)")
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=1, help="one lane or two")
    parser.add_argument("--budget-ms", type=positive_ms, default=200.0, help="thinking time per turn")
    parser.add_argument("--seed", type=int, default=0, help="seed of the drafts, shuffles and AIs")
    add_jobs_argument(parser, 1)
    parser.add_argument(
        "--pool",
        type=Path,
        default=DEFAULT_POOL,
        help="card list (LOCM text format), or 'duelmind' for the game's own card set "
        "(default: the LOCM 1.2 list shipped with the rules)",
    )
    add_output_arguments(parser)
    execution.add_arguments(parser)
    parser.add_argument(
        "--report",
        type=Path,
        default=None,
        metavar="DIR",
        help="also write charts (PNG) and an index.html page into DIR (needs matplotlib)",
    )


_WORKER: dict = {}


def load_pool(pool: str | Path) -> list:
    """The draftable cards of `pool`: a LOCM-format card list, or DUELMIND_POOL for the game's
    own set."""
    from game.rules.cards.cardset import load_cardset
    from game.rules.cards.locm import load_cardlist

    return load_cardset().draftable if str(pool) == DUELMIND_POOL else list(load_cardlist(pool).values())


def _init_worker(
    p1: str, p2: str, pool_path: str, lanes: int, budget_ms: float, seed: int, drafts: tuple[str, str] = ("", "")
) -> None:
    _WORKER.update(p1=p1, p2=p2, pool=load_pool(pool_path), lanes=lanes, budget_ms=budget_ms, seed=seed, drafts=drafts)


def _agent(name: str, draft: str, seed: int) -> CardTurnAgent:
    """The named card AI (drafting with `draft` if given) behind the one agent interface."""
    from ai.cards.agent import DraftedBy
    from ai.cards.registry import make_agent

    agent = make_agent(name, seed=seed)
    return CardTurnAgent(DraftedBy(agent, make_agent(draft, seed=seed)) if draft else agent)


def play_game(agents: Sequence[CardTurnAgent], pool, rng: random.Random, lanes: int, budget_ms: float, max_turns=400):
    """A whole game in-process (the draft, then the battle through `act`); agents[0] moves first.
    (winner seat, turns, the turns played)."""
    from ai.cards.agent import start_game

    battle, _decks, draft_cards = start_game([agent.agent for agent in agents], pool, rng, lanes)
    for seat, agent in enumerate(agents):
        agent.new_game(seat, lanes, told=True)  # start_game has started the card AIs' games
    turns = []
    while battle.winner is None:
        if battle.turn > max_turns:  # the rune rules end every game long before this
            raise RuntimeError("battle did not end")
        turns.append(play_card_turn(battle, agents[battle.current], budget_ms, draft_cards))
    return battle.winner, battle.turn, turns


def play_one(index: int) -> GameStats:
    """Game `index` of the match set up by `_init_worker` (p1 moves first in even games)."""
    from game.rules.cards.draft import Draft

    w = _WORKER
    pair = index // 2
    p1_seat = index % 2
    pair_seed = f"{w['seed']}:{pair}"  # the same draft and shuffles for both games of a pair
    rng = random.Random(pair_seed)
    p1 = _agent(w["p1"], w["drafts"][0], w["seed"] * 1_000_003 + index * 2)
    p2 = _agent(w["p2"], w["drafts"][1], w["seed"] * 1_000_003 + index * 2 + 1)
    agents = [p1, p2] if p1_seat == 0 else [p2, p1]
    winner, turns_played, played = play_game(agents, w["pool"], rng, w["lanes"], w["budget_ms"])
    draft_cards = tuple(sorted(card.base_id for card in Draft(w["pool"], random.Random(pair_seed)).cards))
    turns: dict[int, list[float]] = {0: [], 1: []}
    decisions: dict[int, list[float]] = {0: [], 1: []}
    for turn in played:
        turns[turn.player].append(sum(turn.act_seconds) * 1000)
        decisions[turn.player] += [seconds * 1000 for seconds in turn.plan_seconds]
    p2_seat = 1 - p1_seat
    return GameStats(
        index,
        winner == p1_seat,
        turns_played,
        turns[p1_seat],
        turns[p2_seat],
        len(decisions[p1_seat]),
        len(decisions[p2_seat]),
        draft_cards,
        decisions[p1_seat],
        decisions[p2_seat],
    )


@dataclass(frozen=True)
class ArenaJob:
    """The match for the execution layer (game/tools/execution.py): game i is `play_one(i)`."""

    p1: str
    p2: str
    pool: str  # a card list's absolute path, or DUELMIND_POOL
    lanes: int
    budget_ms: float
    seed: int
    drafts: tuple[str, str] = ("", "")
    tool: str = "arena"
    chunk: int = 1

    def identity(self) -> dict:
        return {key: value for key, value in asdict(self).items() if key not in ("tool", "chunk")}

    def setup(self) -> None:
        _init_worker(self.p1, self.p2, self.pool, self.lanes, self.budget_ms, self.seed, self.drafts)

    def play(self, index: int) -> GameStats:
        return play_one(index)

    def encode(self, stats: GameStats) -> dict:
        data = asdict(stats)
        del data["index"]
        return data

    def decode(self, data: dict) -> GameStats:
        return GameStats(-1, **dict(data, draft_cards=tuple(data["draft_cards"])))


def run_match(
    p1: str,
    p2: str,
    games: int,
    lanes: int = 1,
    budget_ms: float = 200.0,
    seed: int = 0,
    jobs: int = 1,
    pool: Path = DEFAULT_POOL,
    progress: bool = True,
    drafts: tuple[str, str] = ("", ""),
    backend: execution.Backend | None = None,
    results: Path | None = None,
) -> list[GameStats]:
    """Games 0..games-1 (rounded up to pairs) in index order, on `backend` (default: in-process,
    or `jobs` processes)."""
    games += games % 2
    pool_name = str(pool) if str(pool) == DUELMIND_POOL else execution.absolute(pool)
    job = ArenaJob(p1, p2, pool_name, lanes, budget_ms, seed, tuple(drafts))
    tally = {"games": 0, "wins": 0}

    def note(stats: GameStats) -> dict:
        tally["games"] += 1
        tally["wins"] += stats.p1_won
        return {"p1": f"{tally['wins'] / tally['games']:.3f}"}

    played = execution.run_games(job, games, backend or execution.Backend.local(jobs), results, progress, note)
    for index, stats in enumerate(played):
        stats.index = index
    return played


def report(results: Sequence[GameStats], p1: str, p2: str, budget_ms: float, lanes: int) -> dict:
    """The match's figures (what `summary` prints, and `--json`)."""
    from game.tools.stats import percentile, wilson_interval

    n = len(results)
    wins = sum(s.p1_won for s in results)
    low, high = wilson_interval(wins, n)
    players = []
    for name, turns, decisions in (
        (p1, [t for s in results for t in s.p1_turn_ms], sum(s.p1_decisions for s in results)),
        (p2, [t for s in results for t in s.p2_turn_ms], sum(s.p2_decisions for s in results)),
    ):
        overrun = [t - budget_ms for t in turns]
        players.append(
            {
                "name": name,
                "turns": len(turns),
                "decisions": decisions,
                "ms_per_turn": sum(turns) / len(turns) if turns else None,
                "ms_per_decision": sum(turns) / max(1, decisions) if turns else None,
                "overrun_ms": {"p50": percentile(overrun, 0.5), "p99": percentile(overrun, 0.99), "max": max(overrun)}
                if overrun
                else None,
            }
        )
    return {
        "p1": p1,
        "p2": p2,
        "lanes": lanes,
        "budget_ms": budget_ms,
        "games": n,
        "p1_wins": wins,
        "p1_win_rate": wins / n,
        "wilson95": [low, high],
        "players": players,
        "average_turns": sum(s.turns for s in results) / n,
    }


def summary(results: Sequence[GameStats], p1: str, p2: str, budget_ms: float, lanes: int) -> str:
    data = report(results, p1, p2, budget_ms, lanes)
    n = data["games"]
    low, high = data["wilson95"]
    lines = [
        f"{p1} vs {p2}, {lanes} lane{'s' if lanes == 2 else ''}, budget {budget_ms:g} ms per turn, "
        f"{n} games (seats swapped, same drafts per pair)",
        f"{p1} win rate {data['p1_win_rate']:.3f}  (95% Wilson {low:.3f}-{high:.3f}, n={n})",
    ]
    for player in data["players"]:
        if not player["turns"]:
            continue
        overrun = player["overrun_ms"]
        lines.append(
            f"  {player['name']:>8}: {player['turns']} turns, {player['ms_per_turn']:.1f} ms per turn, "
            f"{player['ms_per_decision']:.1f} ms per decision; "
            f"overrun per turn p50 {overrun['p50']:+.1f} ms, p99 {overrun['p99']:+.1f} ms, "
            f"max {overrun['max']:+.1f} ms"
        )
    lines.append(f"  average game length {data['average_turns']:.1f} turns")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ai.cards.registry import AGENTS, make_agent
    from game.rules.cards.cardset import CardSetError
    from game.rules.cards.locm import CardListError

    for name in (args.p1, args.p2, args.p1_draft, args.p2_draft):
        try:
            if name:
                make_agent(name)  # a bad name or option is a sentence here, not a traceback in every worker
        except KeyError:
            print(f"arena: unknown AI {name!r}; known: {', '.join(sorted(AGENTS))}", file=sys.stderr)
            return 2
        except ValueError as error:
            print(f"arena: {error}", file=sys.stderr)
            return 2
    if args.games < 1:
        print("arena: --games must be at least 1", file=sys.stderr)
        return 2
    if str(args.pool) != DUELMIND_POOL and not Path(args.pool).is_file():
        print(f"arena: card pool {args.pool} not found", file=sys.stderr)
        return 2
    try:
        load_pool(args.pool)  # a bad pool is a sentence here, not a traceback in every worker
    except (CardListError, CardSetError, OSError) as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    try:
        backend = execution.backend_for(args, report=args.report is not None)
    except execution.RunError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    drafts = (args.p1_draft, args.p2_draft)
    try:
        results = run_match(
            args.p1,
            args.p2,
            args.games,
            args.lanes,
            args.budget_ms,
            args.seed,
            args.jobs,
            args.pool,
            progress=progress_wanted(args),
            drafts=drafts,
            backend=backend,
            results=args.results,
        )
    except execution.RunError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(execution.interrupted_message("arena", args.results), file=sys.stderr)
        return 130
    p1, p2 = (f"{name}+{draft}-draft" if draft else name for name, draft in zip((args.p1, args.p2), drafts))
    text = summary(results, p1, p2, args.budget_ms, args.lanes)
    where = (
        backend.describe()
        if backend.kind is execution.Kind.CLUSTER
        else f"{args.jobs} job{'s' if args.jobs > 1 else ''}"
    )
    seconds = time.perf_counter() - started
    if args.json:
        data = report(results, p1, p2, args.budget_ms, args.lanes)
        print(json.dumps(dict(data, seconds=seconds, backend=where), indent=2))
    else:
        print(text)
        print(f"  {seconds:.0f} s with {where}")
    if args.report is not None:
        from game.tools import reports

        page = reports.arena_page(results, p1, p2, args.budget_ms, args.report, text)
        print(f"arena: report written to {page.index}", file=sys.stderr)
    return 0
