"""`python main.py bench engine`: card engine throughput, random against random.

Whole games in a tight loop on the engine itself (no Observation, no agent objects): a draft
with uniformly random picks, then a battle where each action is drawn uniformly from
`legal_actions()` (ending the turn included) and played with `do()`. Prints games/s, actions/s
and actions per game for one and two lanes: absolute figures only, since a ratio to another
engine means something only when both are measured in the same run on the same machine. Actions
are battle actions (END_TURN counted); the draft is part of each game's time, and the battle
alone is reported too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Sequence

from game.rules.cards.battle import Battle
from game.rules.cards.locm import OFFICIAL_CARDLIST
from game.rules.cards.draft import Draft
from game.rules.cards.model import Card

DEFAULT_POOL = OFFICIAL_CARDLIST
MAX_ACTIONS = 100_000  # per game; the rune rules end a battle long before


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=None, help="one lane or two (default: both)")
    parser.add_argument("--games", type=int, default=1000, help="games per lane variant (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pool", type=Path, default=DEFAULT_POOL,
                        help="card list (LOCM text format); default: the LOCM 1.2 list shipped with the rules")


def random_draft(pool: Sequence[Card], rng: random.Random) -> list[list[Card]]:
    """Both decks of a draft with uniformly random picks, shuffled."""
    draft = Draft(pool, rng)
    randrange = rng.randrange
    for offer in draft.offers:
        draft.choose(0, randrange(len(offer)))
        draft.choose(1, randrange(len(offer)))
    return draft.decks(rng)


def random_battle(decks: Sequence[Sequence[Card]], rng: random.Random, lanes: int) -> tuple[int, int]:
    """A battle of uniformly random legal actions: (actions played, winner)."""
    battle = Battle.from_decks(decks, lanes)
    choice = rng.choice
    legal_actions = battle.legal_actions
    do = battle.do
    actions = 0
    while battle.winner is None:
        do(choice(legal_actions()))
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError("a random battle did not end")
    return actions, battle.winner


def bench(pool: Sequence[Card], games: int, lanes: int, seed: int) -> dict:
    rng = random.Random(seed)
    actions = 0
    draft_seconds = 0.0
    clock = time.perf_counter
    started = clock()
    for _ in range(games):
        draft_started = clock()
        decks = random_draft(pool, rng)
        draft_seconds += clock() - draft_started
        played, _ = random_battle(decks, rng, lanes)
        actions += played
    seconds = clock() - started
    battle_seconds = seconds - draft_seconds
    return {"lanes": lanes, "games": games, "seconds": seconds, "draft_seconds": draft_seconds, "actions": actions,
            "games_per_s": games / seconds, "actions_per_s": actions / seconds,
            "battle_actions_per_s": actions / battle_seconds, "actions_per_game": actions / games}


def report(result: dict) -> str:
    return (f"{result['lanes']} lane{'s' if result['lanes'] == 2 else ''}: {result['games']} games in "
            f"{result['seconds']:.2f} s: {result['games_per_s']:.0f} games/s, "
            f"{result['actions_per_s'] / 1000:.1f}k actions/s "
            f"({result['battle_actions_per_s'] / 1000:.1f}k/s in the battle alone), "
            f"{result['actions_per_game']:.1f} actions/game, draft {result['draft_seconds'] / result['seconds']:.0%} "
            f"of the time")


def run(args: argparse.Namespace) -> int:
    from game.rules.cards.locm import CardListError, load_cardlist

    if not Path(args.pool).is_file():
        print(f"bench engine: card pool {args.pool} not found; pass --pool FILE", file=sys.stderr)
        return 2
    if args.games < 1:
        print("bench engine: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        pool = list(load_cardlist(args.pool).values())
    except (CardListError, OSError) as error:
        print(f"bench engine: {error}", file=sys.stderr)
        return 2
    print(f"random vs random, draft included, {len(pool)} cards from {args.pool}")
    for lanes in ((args.lanes,) if args.lanes else (1, 2)):
        print(report(bench(pool, args.games, lanes, args.seed)), flush=True)
    return 0
