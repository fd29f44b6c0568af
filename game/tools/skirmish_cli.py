"""`duelmind skirmish {bench,validate,play,reference}`: the skirmish AI ladder, the data
check, a text-mode match against an AI, and the README's hero and ability tables (Markdown
generated from the data), in one command word with four sub-commands; with none
(`duelmind skirmish [--ai LEVEL] [--seed S]`) it opens the pygame client on a skirmish.

The bench plays mirrored matches (both teams the same three classes, drawn from a seeded
generator) from both starting sides, in worker processes (--jobs), and reports each pairing's
score (draws count half) with a Wilson 95% interval, and each AI's budget overrun percentiles
(thinking time minus the budget, per decision; <= 0 means within budget), with a progress bar on
stderr (`--no-progress`); `bench --json` and `validate --json` print one JSON document instead.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from game.rules.skirmish.data import SCHEMAS, DataError, data_dir, load_roster, schema_path, schema_text
from game.rules.skirmish.model import Ability, Affects, DamageKind, Effect, Roster, Shape, StatusKind, TargetKind, Verb
from game.rules.skirmish.state import DRAW, SkirmishState
from game.tools.args import (
    PROGRAM,
    ProgressBar,
    add_jobs_argument,
    add_output_arguments,
    positive_ms,
    print_json,
    progress_wanted,
)

# Per decision. 200 games of hard vs medium take ~5 min at 80 ms on 2 busy cores (2 jobs);
# at 40 ms the hard AI had time to judge no reply in 40% of its searches.
DEFAULT_BUDGET_MS = 80.0
DEFAULT_PAIRINGS = "hard:medium,medium:easy"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ai",
        dest="client_ai",
        default="medium",
        help="without a sub-command: the AI the client plays against (random, easy, greedy, "
        "medium, hard; default medium)",
    )
    parser.add_argument(
        "--seed",
        dest="client_seed",
        type=int,
        default=None,
        help="without a sub-command: the match's seed (teams, map, rolls)",
    )
    # The sub-commands' help shows every default too, as the command's own does (game/cli.py).
    sub = parser.add_subparsers(dest="action")
    formatter = {"formatter_class": parser.formatter_class}
    bench = sub.add_parser(
        "bench", help="AI ladder: mirrored matches from both sides, Wilson intervals, overruns", **formatter
    )
    bench.add_argument("--pairings", default=DEFAULT_PAIRINGS, help=f"A:B,... (default {DEFAULT_PAIRINGS})")
    bench.add_argument("--games", type=int, default=200, help="games per pairing (even: both sides)")
    bench.add_argument("--budget-ms", type=positive_ms, default=DEFAULT_BUDGET_MS, help="thinking time per decision")
    bench.add_argument(
        "--first-team",
        type=int,
        default=1000,
        metavar="N",
        help="also N easy-vs-easy mirrored games for the first-team advantage (0: skip)",
    )
    add_jobs_argument(bench, 2)
    bench.add_argument("--seed", type=int, default=1, help="seed of the teams, maps and matches")
    add_output_arguments(bench)
    validate = sub.add_parser("validate", help="check levels/skirmish data and list every problem", **formatter)
    validate.add_argument("folder", nargs="?", help="a data folder (default: levels/skirmish)")
    validate.add_argument("--write-schema", action="store_true", help="(re)write levels/schema/skirmish_*.schema.json")
    add_output_arguments(
        validate,
        json_help="print one JSON document on stdout (counts and every problem) instead of the text",
        progress=False,
    )
    play = sub.add_parser("play", help="play a match in the terminal against an AI", **formatter)
    play.add_argument("--ai", default="medium", help="the AI you play against")
    play.add_argument("--team", default="knight,mage,cleric", help="three class ids for both teams")
    play.add_argument("--map", default="ruins", help="the map")
    play.add_argument("--budget-ms", type=positive_ms, default=500.0, help="the AI's thinking time per decision")
    play.add_argument("--seed", type=int, default=0, help="seed of the match (rolls) and the AI")
    play.add_argument("--second", action="store_true", help="play team 1 (the AI starts as team 0)")
    play.add_argument("--explain", action="store_true", help="print the AI's plan in words (medium, hard)")
    play.add_argument("--tree", metavar="FILE", help="medium: write each decision tree (JSON) to FILE")
    reference = sub.add_parser(
        "reference", help="Markdown tables of the hero classes and abilities (the README's reference)", **formatter
    )
    for each in (bench, validate, play, reference):  # `skirmish bench --debug` as well as `skirmish --debug bench`
        each.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help="write more detail to the log file"
        )


def run(args: argparse.Namespace) -> int:
    if not args.action:
        return run_client(args)
    return {"bench": run_bench, "validate": run_validate, "play": run_play, "reference": run_reference}[args.action](
        args
    )


def client_setup(args: argparse.Namespace):
    """The pygame client's skirmish for these options: random teams and map from the seed."""
    from ai.skirmish.registry import agent_names
    from game.client.match import MatchSetup

    if args.client_ai not in agent_names():
        raise SystemExit(f"unknown skirmish AI {args.client_ai!r}; known: {', '.join(agent_names())}")
    seed = args.client_seed if args.client_seed is not None else random.randrange(1 << 30)
    return MatchSetup(game="skirmish", opponent="ai", difficulty=args.client_ai, seed=seed)


def run_client(args: argparse.Namespace) -> int:
    from game.client.launch import run_client as launch
    from game.client.match import start_match

    setup = client_setup(args)

    def open_match(app) -> None:  # over the title menu: leaving the match returns to it
        app.push("title")
        start_match(app, setup)

    return launch(
        open_match,
        command="skirmish",
        no_display_hint=f"The skirmish client needs a display; without one, play in text: {PROGRAM} skirmish play",
    )


# ----------------------------------------------------------------------------- validate

DATA_FILES = ("heroes.json", "abilities.json", "maps/*.json")


def has_data(folder) -> bool:
    """Does `folder` hold any skirmish data file at all (else there is nothing to check)?"""
    folder = Path(folder)
    return any(any(folder.glob(pattern)) for pattern in DATA_FILES)


def run_validate(args) -> int:
    as_json = getattr(args, "json", False)
    if args.write_schema:
        for name in SCHEMAS:
            schema_path(name).write_text(schema_text(name), encoding="utf-8")
            print(f"wrote {schema_path(name)}", file=sys.stderr if as_json else sys.stdout)
    folder = args.folder or data_dir()
    if not has_data(folder):
        message = (
            f"nothing to check: {folder} holds no skirmish data ({', '.join(DATA_FILES)})"
            if Path(folder).is_dir()
            else f"nothing to check: {folder} is not a folder"
        )
        if as_json:
            print_json({"ok": False, "folder": str(folder), "checked": 0, "problems": [message]})
        else:
            print(f"skirmish validate: {message}", file=sys.stderr)
        return 1
    try:
        roster = load_roster(folder)
    except DataError as error:
        if as_json:
            print_json({"ok": False, "folder": str(folder), "problems": list(error.problems), "stale_schemas": []})
            return 1
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s) in {folder}", file=sys.stderr)
        return 1
    stale = [
        name
        for name in SCHEMAS
        if not schema_path(name).exists() or schema_path(name).read_text(encoding="utf-8") != schema_text(name)
    ]
    if as_json:
        print_json(
            {
                "ok": not stale,
                "folder": str(folder),
                "classes": len(roster.classes),
                "abilities": len(roster.abilities),
                "maps": len(roster.arenas),
                "problems": [],
                "stale_schemas": [str(schema_path(name)) for name in stale],
            }
        )
        return 1 if stale else 0
    for name in stale:
        print(f"{schema_path(name)}: out of date: run with --write-schema", file=sys.stderr)
    print(f"ok: {len(roster.classes)} hero classes, {len(roster.abilities)} abilities, {len(roster.arenas)} maps")
    return 1 if stale else 0


# ----------------------------------------------------------------------------- reference


def run_reference(args) -> int:
    print(reference_markdown(load_roster()))
    return 0


def reference_markdown(roster: Roster) -> str:
    """The README's hero and ability reference: two Markdown tables built from the data, in file
    order, each column padded to its widest cell (numbers right-aligned)."""
    heroes = [
        [
            c.name,
            c.role,
            str(c.health),
            f"{c.mana} +{c.mana_regen}",
            str(c.energy),
            str(c.move_cost),
            f"{c.damage[0]}-{c.damage[1]}",
            _percent(c.hit),
            _percent(c.crit),
            f"{c.armour}%",
            f"{c.resist}%",
            str(c.initiative),
            ", ".join(a.name for a in c.abilities),
        ]
        for c in roster.classes.values()
    ]
    abilities = [
        [
            a.name,
            _cost(a),
            str(a.cooldown) if a.cooldown else "-",
            _range(a),
            "-" if a.target == TargetKind.SELF else "yes" if a.los else "no",
            a.target.value,
            _area(a),
            _effects(a),
        ]
        for a in roster.abilities.values()
    ]
    return "\n".join(
        [
            f"**Hero classes** ({len(heroes)}; mana: maximum +regeneration per turn; energy: per turn; step: energy "
            "per cell moved; damage: the weapon damage range; armour and resist cut physical and magic damage):",
            "",
            *_table(
                [
                    "class",
                    "role",
                    "health",
                    "mana",
                    "energy",
                    "step",
                    "damage",
                    "hit",
                    "crit",
                    "armour",
                    "resist",
                    "initiative",
                    "abilities",
                ],
                heroes,
                left={0, 1, 12},
            ),
            "",
            f"**Abilities** ({len(abilities)}; cost in energy (en) and mana (mp); cooldown: the caster's turns "
            "before it is ready again (-: none); range: cells to the target cell, min-max; LOS: needs line of "
            "sight; area: a single cell, or a line, cross or radius of that size; weapon damage: the caster's "
            "damage range, rolled to hit and crit; statuses last the affected hero's turns; effects reach enemies "
            "unless a target or prefix says otherwise):",
            "",
            *_table(
                ["ability", "cost", "cooldown", "range", "LOS", "target", "area", "effect"],
                abilities,
                left={0, 1, 4, 5, 6, 7},
            ),
        ]
    )


def _table(header: list[str], rows: list[list[str]], left: set[int]) -> list[str]:
    cells = [[cell.replace("|", "\\|") for cell in row] for row in [header, *rows]]
    widths = [max(3, *(len(row[i]) for row in cells)) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return (
            "| "
            + " | ".join(cell.ljust(w) if i in left else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            + " |"
        )

    rule = "| " + " | ".join("-" * w if i in left else "-" * (w - 1) + ":" for i, w in enumerate(widths)) + " |"
    return [line(cells[0]), rule, *(line(row) for row in cells[1:])]


def _percent(fraction: float) -> str:
    return f"{round(fraction * 100):g}%"


def _cost(ability: Ability) -> str:
    parts = [f"{ability.energy} en"] + ([f"{ability.mana} mp"] if ability.mana else [])
    return " + ".join(parts)


def _range(ability: Ability) -> str:
    if ability.target == TargetKind.SELF:
        return "-"
    return f"{ability.min_range}-{ability.range}" if ability.min_range else str(ability.range)


def _area(ability: Ability) -> str:
    return "single" if ability.shape == Shape.SINGLE else f"{ability.shape.value} {ability.size}"


# A status's strength in words: "{n}" is the effect's amount.
_STATUS_WORDS = {
    StatusKind.STUN: "stun",
    StatusKind.SLOW: "slow -{n} energy",
    StatusKind.HASTE: "haste +{n} energy",
    StatusKind.POISON: "poison {n}/turn",
    StatusKind.REGEN: "regen {n}/turn",
    StatusKind.SHIELD: "shield {n}",
    StatusKind.TAUNT: "taunt",
    StatusKind.MIGHT: "might +{n}% damage",
    StatusKind.WEAKEN: "weaken -{n}% damage",
    StatusKind.GUARD: "guard +{n} armour/resist",
    StatusKind.SUNDER: "sunder -{n} armour/resist",
    StatusKind.FOCUS: "focus +{n}% hit/crit",
    StatusKind.BLIND: "blind -{n}% hit",
}


def _effects(ability: Ability) -> str:
    return "; ".join(_effect(ability, effect) for effect in ability.effects)


def _effect(ability: Ability, e: Effect) -> str:
    low, high = e.power
    power = f"{low}-{high}" if low != high else str(low)
    if e.verb == Verb.DAMAGE:
        words = (
            f"{power} magic damage"
            if e.kind == DamageKind.MAGIC
            else "weapon damage" + (f" x{e.scale:g}" if e.scale != 1 else "")
        )
    elif e.verb == Verb.HEAL:
        words = f"heal {power}"
    elif e.verb == Verb.STATUS:
        words = f"{_STATUS_WORDS[e.status].format(n=e.amount)}, {_plural(e.duration, 'turn')}"
    elif e.verb == Verb.RESTORE:
        words = f"+{e.amount} {e.resource.value}"
    elif e.verb in (Verb.PUSH, Verb.PULL):
        words = f"{e.verb.value} {_plural(e.cells, 'cell')}" + (f" ({power} damage if stopped)" if high else "")
    elif e.verb == Verb.DASH:
        return f"move up to {_plural(ability.range, 'step')}, free"
    else:  # teleport
        return "teleport"
    return _whom(ability, e) + words


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _whom(ability: Ability, e: Effect) -> str:
    """Who the effect reaches, as a prefix, when the target and area do not already say it: an
    effect reaches enemies unless the ability targets an ally."""
    if e.to == Affects.CASTER:
        return "" if ability.target == TargetKind.SELF and ability.shape == Shape.SINGLE else "self: "
    if e.to == Affects.HEROES:
        return "everyone (friendly fire): "
    natural = Affects.ALLIES if ability.target == TargetKind.ALLY else Affects.ENEMIES
    return "" if e.to == natural else f"{e.to.value}: "


# ----------------------------------------------------------------------------- bench


def schedule(games: int, seed: int, classes: list[str], arenas: list[str], both_sides: bool = True) -> list[tuple]:
    """(game index, composition, arena, match seed, side of A): pairs of games share everything
    but the side. Without both_sides every game has its own set-up (A on side 0): for the same
    deterministic AI on both sides, whose two games of a pair would be the same game."""
    out = []
    for pair in range(games // 2):
        rng = random.Random(seed * 1_000_003 + pair)
        team = tuple(rng.sample(classes, 3))
        arena = rng.choice(arenas)
        for side in (0, 1):
            if not both_sides and side == 1:
                team, arena = tuple(rng.sample(classes, 3)), rng.choice(arenas)
            match_seed = rng.randrange(1 << 30) if side == 0 or not both_sides else out[-1][3]
            out.append((2 * pair + side, team, arena, match_seed, side if both_sides else 0))
    return out


def _play(job) -> tuple:
    from ai.skirmish.match import play_match
    from ai.skirmish.registry import make_agent

    a, b, budget, (index, team, arena, seed, side) = job
    roster = _roster()
    agents = [make_agent(a, seed + 1), make_agent(b, seed + 2)]
    if side:
        agents.reverse()
    result = play_match(SkirmishState(roster, arena, [team, team], seed), agents, budget)
    a_score = 0.5 if result.winner == DRAW else float(result.winner == side)
    return a_score, result.winner, side, result.think_ms[side], result.think_ms[1 - side], result.rounds


_ROSTER = None


def _roster():
    global _ROSTER
    if _ROSTER is None:
        _ROSTER = load_roster()
    return _ROSTER


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson 95% interval for a rate of `score` successes (draws counted half) in n games."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


OVERRUN_QUANTILES = (0.5, 0.9, 0.99, 1.0)


def _overruns(values: list[float], budget: float) -> dict[str, float] | None:
    """Budget overrun percentiles (ms): p50, p90, p99 and p100 (the worst)."""
    from game.tools.stats import percentile

    if not values:
        return None
    over = [v - budget for v in values]
    return {f"p{int(q * 100)}": percentile(over, q) for q in OVERRUN_QUANTILES}


def _percentiles(values: list[float], budget: float) -> str:
    return " ".join(f"{name} {value:+.1f}" for name, value in _overruns(values, budget).items()) + " ms"


def bench_pairing(
    a: str,
    b: str,
    games: int,
    budget: float,
    jobs: int,
    seed: int,
    both_sides: bool = True,
    bar: ProgressBar | None = None,
    echo=print,
) -> dict:
    """One pairing's games in `jobs` worker processes; `bar` advances per game, `echo` gets the
    two report lines (None: not printed)."""
    roster = _roster()
    plan = schedule(games, seed, sorted(roster.classes), sorted(roster.arenas), both_sides)
    start = time.perf_counter()
    results = []
    with Pool(jobs) as pool:
        for result in pool.imap(_play, [(a, b, budget, game) for game in plan], chunksize=1):
            results.append(result)
            if bar is not None:
                bar.update(1)
    score = sum(r[0] for r in results)
    wins = sum(1 for r in results if r[0] == 1.0)
    draws = sum(1 for r in results if r[1] == DRAW)
    team0 = sum(1.0 if r[1] == 0 else 0.5 if r[1] == DRAW else 0.0 for r in results)
    low, high = wilson(score, len(results))
    a_times = [t for r in results for t in r[3]]
    b_times = [t for r in results for t in r[4]]
    report = {
        "pairing": f"{a} vs {b}",
        "n": len(results),
        "score": score / len(results),
        "low": low,
        "high": high,
        "wins": wins,
        "draws": draws,
        "losses": len(results) - wins - draws,
        "team0": team0 / len(results),
        "rounds": sum(r[5] for r in results) / len(results),
        "seconds": time.perf_counter() - start,
        "overrun_a": _percentiles(a_times, budget) if a_times else "-",
        "overrun_b": _percentiles(b_times, budget) if b_times else "-",
        "overrun_ms_a": _overruns(a_times, budget),
        "overrun_ms_b": _overruns(b_times, budget),
    }
    if echo is not None:
        echo(
            f"{report['pairing']}: {a} scores {report['score']:.3f} [{low:.3f}, {high:.3f}] over n={report['n']} "
            f"(W/D/L {wins}/{draws}/{report['losses']}; team 0 scores {report['team0']:.3f}; "
            f"{report['rounds']:.1f} rounds; {report['seconds']:.0f} s)"
        )
        echo(f"  budget {budget:g} ms, overrun {a}: {report['overrun_a']}; {b}: {report['overrun_b']}")
    return report


def parse_pairings(text: str) -> list[tuple[str, str]]:
    """--pairings A:B,...: ValueError naming the bad item or AI."""
    from ai.skirmish.registry import agent_names

    known = agent_names()
    pairs = []
    for item in text.split(","):
        if not item.strip():
            continue
        names = [name.strip() for name in item.split(":")]
        if len(names) != 2:
            raise ValueError(f"--pairings: expected A:B, not {item!r}")
        for name in names:
            if name not in known:
                raise ValueError(f"--pairings: unknown skirmish AI {name!r}; known: {', '.join(known)}")
        pairs.append((names[0], names[1]))
    return pairs


def run_bench(args) -> int:
    if args.games % 2 or args.games < 2:
        print(
            "skirmish bench: --games must be even and at least 2 (each composition is played from both sides)",
            file=sys.stderr,
        )
        return 2
    if args.first_team < 0:
        print("skirmish bench: --first-team must be 0 (skip) or more", file=sys.stderr)
        return 2
    try:
        pairs = parse_pairings(args.pairings)
    except ValueError as error:
        print(f"skirmish bench: {error}", file=sys.stderr)
        return 2
    as_json = getattr(args, "json", False)
    first_team = args.first_team + args.first_team % 2
    data = {"budget_ms": args.budget_ms, "games": args.games, "seed": args.seed, "pairings": [], "first_team": None}
    with ProgressBar(args.games * len(pairs) + first_team, "skirmish bench", progress_wanted(args)) as bar:
        echo = None if as_json else bar.write
        for a, b in pairs:
            data["pairings"].append(
                bench_pairing(a, b, args.games, args.budget_ms, args.jobs, args.seed, bar=bar, echo=echo)
            )
        if first_team:
            report = bench_pairing(
                "easy",
                "easy",
                first_team,
                args.budget_ms,
                args.jobs,
                args.seed + 7,
                both_sides=False,
                bar=bar,
                echo=echo,
            )
            n = report["n"]
            low, high = wilson(report["team0"] * n, n)
            data["first_team"] = {"n": n, "team0": report["team0"], "low": low, "high": high, "pairing": report}
            if echo is not None:
                echo(
                    f"first-team advantage (easy vs easy, mirrored): team 0 scores {report['team0']:.3f} "
                    f"[{low:.3f}, {high:.3f}] over n={n}"
                )
    if as_json:
        print_json(data)
    return 0


# ----------------------------------------------------------------------------- play


def run_play(args) -> int:
    from ai.skirmish.registry import make_agent
    from game.rules.skirmish.actions import ActionSyntaxError, parse_action
    from game.rules.skirmish.state import IllegalAction

    roster = load_roster()
    team = args.team.split(",")
    state = SkirmishState(roster, args.map, [team, team], args.seed)
    human = 1 if args.second else 0
    ai = make_agent(args.ai, args.seed)
    if args.tree and args.ai == "medium":
        ai.keep_tree = True
    while not state.is_over:
        hero = state.active_hero
        if state.current_player != human:
            seen = state.observation(1 - human)
            action = ai.act(seen, args.budget_ms)
            print(f"AI {hero.cls.name} {hero.uid}: {action.text()}")
            search = getattr(ai, "last_search", None)
            if args.explain and getattr(ai, "last_nodes", None):
                from ai.skirmish.tree import explain

                print("   " + explain(seen, ai.last_nodes))
            if args.tree and search is not None:
                with open(args.tree, "w", encoding="utf-8") as out:
                    json.dump(search.tree_json(), out, indent=1)
            state.apply(action)
            continue
        print(state.diagram())
        for h in state.heroes:
            if h.alive:
                marks = " ".join(f"{k.value}:{s.turns}" for k, s in h.statuses.items())
                print(
                    f"  {h.uid} {h.cls.name:<10} team {h.team} at {h.cell} hp {h.health:g}/{h.cls.health} "
                    f"mp {h.mana:g} en {h.energy:g} {marks}"
                )
        casts = sorted({a.text() for a in state.legal_actions() if a.ability})
        print(f"round {state.round}, your {hero.cls.name} {hero.uid}: END, MOVE x y, or one of: {', '.join(casts)}")
        try:
            line = input("> ")
        except EOFError:
            return 1
        try:
            state.apply(parse_action(line))
        except (ActionSyntaxError, IllegalAction) as error:
            print(error)
    print("draw" if state.winner == DRAW else f"team {state.winner} wins ({'you' if state.winner == human else 'AI'})")
    return 0
