"""`duelmind bench engine`: card engine throughput, random against random.

Whole games in a tight loop on the engine itself (no Observation, no agent objects): a draft
with uniformly random picks, then a battle where each action is drawn uniformly from
`legal_actions()` (ending the turn included) and played with `do()`. Prints games/s, actions/s
and actions per game for one and two lanes: absolute figures only, since a ratio to another
engine means something only when both are measured in the same run on the same machine. Actions
are battle actions (END_TURN counted); the draft is part of each game's time, and the battle
alone is reported too.

`--vs-gym-locm` makes such a comparison: gym-locm's own engine (an optional measuring tool,
never a dependency) plays as many random 2-lane games with the draft (LOCM 1.2, the same 160
cards), in blocks alternated with ours so that both see the same machine load, and the ratio of
the two-lane figures is printed. A progress bar on stderr counts the games (`--no-progress`);
`--json` prints one JSON document instead of the text.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator, Sequence

from game.rules.cards.battle import Battle
from game.rules.cards.locm import OFFICIAL_CARDLIST
from game.rules.cards.draft import Draft
from game.rules.cards.model import Card
from game.tools.args import ProgressBar, add_output_arguments, print_json, progress_wanted

DEFAULT_POOL = OFFICIAL_CARDLIST
MAX_ACTIONS = 100_000  # per game; the rune rules end a battle long before


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=None, help="one lane or two (default: both)")
    parser.add_argument("--games", type=int, default=1000, help="games per lane variant (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the drafts and the random actions")
    parser.add_argument(
        "--pool",
        type=Path,
        default=DEFAULT_POOL,
        help="card list (LOCM text format); default: the LOCM 1.2 list shipped with the rules",
    )
    parser.add_argument(
        "--vs-gym-locm",
        action="store_true",
        help="also run gym-locm's random 2-lane games with the draft in the same run, alternated "
        "with ours, and print the ratio (needs gym-locm, an optional measuring tool: "
        "pip install --ignore-requires-python --no-deps gym-locm, plus gymnasium and numpy)",
    )
    add_output_arguments(parser)


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


def our_games(pool: Sequence[Card], lanes: int, seed: int) -> Iterator[tuple[int, float]]:
    """The bench's games one after another (draft, then battle): yields (battle actions, draft seconds)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    while True:
        draft_started = clock()
        decks = random_draft(pool, rng)
        draft_seconds = clock() - draft_started
        played, _ = random_battle(decks, rng, lanes)
        yield played, draft_seconds


def bench(pool: Sequence[Card], games: int, lanes: int, seed: int, bar: ProgressBar | None = None) -> dict:
    totals = _totals(lanes)
    _play(totals, our_games(pool, lanes, seed), games, bar)
    return _figures(totals)


def _totals(lanes: int) -> dict:
    return {"lanes": lanes, "games": 0, "seconds": 0.0, "draft_seconds": 0.0, "actions": 0}


PROGRESS_STEP = 50  # games between progress bar updates (a game takes about a millisecond)


def _play(totals: dict, games: Iterator[tuple[int, float]], count: int, bar: ProgressBar | None = None) -> None:
    """Play `count` games from `games`, adding their time (the clock runs around them only,
    the progress bar's updates between steps of PROGRESS_STEP games excluded)."""
    clock = time.perf_counter
    done = 0
    while done < count:
        step = min(PROGRESS_STEP, count - done)
        started = clock()
        for _ in range(step):
            played, draft_seconds = next(games)
            totals["actions"] += played
            totals["draft_seconds"] += draft_seconds
        totals["seconds"] += clock() - started
        done += step
        if bar is not None:
            bar.update(step)
    totals["games"] += count


def _figures(totals: dict) -> dict:
    seconds, games, actions = totals["seconds"], totals["games"], totals["actions"]
    return {
        **totals,
        "games_per_s": games / seconds,
        "actions_per_s": actions / seconds,
        "battle_actions_per_s": actions / (seconds - totals["draft_seconds"]),
        "actions_per_game": actions / games,
    }


def report(result: dict) -> str:
    return (
        f"{result['lanes']} lane{'s' if result['lanes'] == 2 else ''}: {result['games']} games in "
        f"{result['seconds']:.2f} s: {result['games_per_s']:.0f} games/s, "
        f"{result['actions_per_s'] / 1000:.1f}k actions/s "
        f"({result['battle_actions_per_s'] / 1000:.1f}k/s in the battle alone), "
        f"{result['actions_per_game']:.1f} actions/game, draft {result['draft_seconds'] / result['seconds']:.0%} "
        f"of the time"
    )


GYM_LOCM_INSTALL = (
    "gym-locm is an optional measuring tool, never a dependency; it declares Python 3.12 but runs on "
    "3.11 when installed with: python3.11 -m pip install --ignore-requires-python --no-deps gym-locm "
    "&& python3.11 -m pip install gymnasium numpy"
)
GYM_LOCM_BLOCKS = 20  # alternations between the two engines in a --vs-gym-locm run


def load_gym_locm():
    """gym-locm's engine modules (game_state, enums), or None when gym-locm cannot be imported."""
    try:
        import gym_locm  # noqa: F401  (its __init__ needs gymnasium)
        from gym_locm.engine import card, enums, game_state
    except ImportError:
        return None
    _give_gym_locm_its_cards(card)
    return game_state, enums


def _give_gym_locm_its_cards(card_module) -> None:
    """gym-locm 2.0.0b1's wheel lacks its engine/resources/cardlist.txt; the LOCM 1.2 list we ship
    is that file (see game/rules/cards/data/NOTICE), so let its own loader read our copy."""
    try:
        card_module.get_locm12_card_list()
        return
    except FileNotFoundError:
        pass
    with tempfile.TemporaryDirectory(prefix="duelmind-gym-locm-") as folder:
        (Path(folder) / "resources").mkdir()
        shutil.copyfile(OFFICIAL_CARDLIST, Path(folder) / "resources" / "cardlist.txt")
        saved = card_module.__file__
        card_module.__file__ = str(Path(folder) / "card.py")  # its loader reads dirname(__file__)/resources
        try:
            card_module.get_locm12_card_list()
        finally:
            card_module.__file__ = saved


def gym_locm_games(gym, seed: int) -> Iterator[tuple[int, float]]:
    """gym-locm's random-vs-random games (LOCM 1.2: the draft, then two lanes), each action drawn
    uniformly as its RandomBattleAgent does but from a seeded generator: yields (battle actions,
    draft seconds), its draft being the 60 picks and the State set-up."""
    game_state, enums = gym
    State = game_state.State
    ended = enums.Phase.ENDED
    drafting = enums.Phase.DRAFT
    rng = random.Random(seed)
    random_number = rng.random
    clock = time.perf_counter
    game = 0
    while True:
        draft_started = clock()
        state = State(seed=seed * 1_000_003 + game, version="1.2")
        game += 1
        while state.phase == drafting:
            available = state.available_actions
            state.act(available[int(random_number() * len(available))])
        draft_seconds = clock() - draft_started
        actions = 0
        while state.phase != ended:
            available = state.available_actions
            state.act(available[int(random_number() * len(available))])
            actions += 1
        yield actions, draft_seconds


def gym_locm_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gym-locm")
    except PackageNotFoundError:
        return "(version unknown)"


def versus_gym_locm(
    pool: Sequence[Card], games: int, seed: int, gym, bar: ProgressBar | None = None
) -> tuple[dict, dict]:
    """Our two-lane bench and gym-locm's, the same number of games each, in up to GYM_LOCM_BLOCKS
    alternating blocks (who goes first alternates too), so that both see the same machine load."""
    size, extra = divmod(games, GYM_LOCM_BLOCKS)
    blocks = [size + 1] * extra + [size] * (GYM_LOCM_BLOCKS - extra)
    ours, theirs = _totals(2), _totals(2)
    engines = [(ours, our_games(pool, 2, seed)), (theirs, gym_locm_games(gym, seed))]
    for index, count in enumerate(block for block in blocks if block):
        for totals, iterator in engines if index % 2 == 0 else engines[::-1]:
            _play(totals, iterator, count, bar)
    return _figures(ours), _figures(theirs)


def report_versus(ours: dict, theirs: dict) -> str:
    return (
        f"gym-locm {gym_locm_version()}, same run, alternated with ours: {report(theirs)}\n"
        f"Duelmind / gym-locm, 2 lanes, same run: {ours['games_per_s'] / theirs['games_per_s']:.2f}x"
    )


def run(args: argparse.Namespace) -> int:
    from game.rules.cards.locm import CardListError, load_cardlist

    if not Path(args.pool).is_file():
        print(f"bench engine: card pool {args.pool} not found; pass --pool FILE", file=sys.stderr)
        return 2
    if args.games < 1:
        print("bench engine: --games must be at least 1", file=sys.stderr)
        return 2
    gym = None
    if args.vs_gym_locm:
        if args.lanes == 1:
            print(
                "bench engine: --vs-gym-locm compares two-lane games (gym-locm plays LOCM 1.2, which has two "
                "lanes); drop --lanes 1",
                file=sys.stderr,
            )
            return 2
        if Path(args.pool).resolve() != Path(DEFAULT_POOL).resolve():
            print(
                "bench engine: --vs-gym-locm compares games on LOCM 1.2's 160 cards, gym-locm's only list; drop --pool",
                file=sys.stderr,
            )
            return 2
        gym = load_gym_locm()
        if gym is None:
            print(
                f"bench engine: --vs-gym-locm needs gym-locm, which cannot be imported here. {GYM_LOCM_INSTALL}",
                file=sys.stderr,
            )
            return 2
    try:
        pool = list(load_cardlist(args.pool).values())
    except (CardListError, OSError) as error:
        print(f"bench engine: {error}", file=sys.stderr)
        return 2
    variants = (args.lanes,) if args.lanes else (1, 2)
    total = args.games * len(variants) + (args.games if gym is not None else 0)
    data = {"pool": str(args.pool), "cards": len(pool), "seed": args.seed, "results": []}
    with ProgressBar(total, "bench engine", progress_wanted(args)) as bar:
        say = (lambda line: None) if args.json else bar.write
        say(f"random vs random, draft included, {len(pool)} cards from {args.pool}")
        for lanes in variants:
            if lanes == 2 and gym is not None:
                ours, theirs = versus_gym_locm(pool, args.games, args.seed, gym, bar)
                data["results"].append(ours)
                data["gym_locm"] = dict(
                    theirs, version=gym_locm_version(), ratio=ours["games_per_s"] / theirs["games_per_s"]
                )
                say(report(ours))
                say(report_versus(ours, theirs))
            else:
                result = bench(pool, args.games, lanes, args.seed, bar)
                data["results"].append(result)
                say(report(result))
    if args.json:
        print_json(data)
    return 0
