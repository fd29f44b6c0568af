"""`duelmind levels report`: the campaign's difficulty curve, measured by the player model.

Every level of the campaign, in its chapters' order (then the bonus levels, which no chapter
lists), is played `--games` times headless by the player model (ai/player_model.py: a middling
person) against the level's own opponent at the level's budget, through `levels simulate`'s
runner. For each level: the win rate with its Wilson 95% interval, the mean length, and the time
a person would spend on it (`expected_minutes`: each attempt's mean length at a person's time per
turn, move or round plus the briefing and result screens, times the attempts a win takes at that
rate, at most `MAX_ATTEMPTS`; and the level's story read once).

The bands (`band`): a chapter's levels should be won about `START` of the time in the first
chapter, falling evenly to `END` in the last; each level within `BAND_HALF_WIDTH` of its chapter's
target, and none more than `MAX_STEP` harder than the one before it. Bonus levels may be harder.
`--check` exits 1 when a level leaves its band (the list says which and by how much);
`--write FILE` keeps the table as JSON (levels' digests included, so a changed level shows as
not measured; the difficulty it was played at recorded); with `--level`, FILE is merged, not
replaced: the measured levels' rows take the place of theirs, every other row is kept (so several
people can each re-measure their own levels into one file); `--changed` measures only the levels
whose row in FILE is missing or was measured on another version of the level, and merges them the
same way. A written table's minutes always follow the time model as it is now (they are computed
from the stored length and win rate, not measured). `--report DIR` writes an HTML page with the
curve.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

from game.tools.args import add_jobs_argument, positive_ms, progress_wanted
from game.tools.stats import wilson_interval

START, END = 0.90, 0.425  # the target win rate of the first chapter and of the last
BAND_HALF_WIDTH = 0.15
MAX_STEP = 0.20  # no level more than this much harder (lower win rate) than the one before it
MAX_ATTEMPTS = 5.0  # a person gives up or looks for help after about this many tries
# A person's time for one unit of each game's length (GameKind.turn_unit), in seconds, the
# opponent's reply included: a card turn (playing two or three cards, choosing attacks, then
# watching the opponent's turn animate), a gomoku or Connect Four move (the AI's reply is
# instant), a skirmish round (each of the three heroes moved and acting, about 12 s each, and the
# opponent's three animating). docs/levels/difficulty.md gives the reasons for each figure.
SECONDS_PER_UNIT = {"turns": 35.0, "moves": 9.0, "rounds": 45.0}
ATTEMPT_SECONDS = 15.0  # every attempt: the level's briefing (objectives, twist) and its result screen
WORDS_PER_MINUTE = 200.0  # reading the story's lines, before and after, once (a dialogue box, not a novel)


@dataclass
class LevelRow:
    level: str
    chapter: str  # "" for a bonus level
    kind: str
    digest: str
    games: int
    won: int
    win_rate: float
    low: float
    high: float
    mean_length: float
    unit: str
    minutes: float  # a person's expected time on the level, retries included
    target: float | None  # the chapter's target win rate (None: a bonus level)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=40, help="games per level (default 40)")
    parser.add_argument("--player", default="human", help="who plays the levels (default: the player model, 'human')")
    parser.add_argument("--budget-ms", type=positive_ms, default=None, help="time per turn (default: each level's)")
    parser.add_argument("--level", action="append", default=None, help="only this level id (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    from game.tools.simulate_levels import add_difficulty_argument

    add_difficulty_argument(parser)  # --difficulty story|normal|hard, as `levels simulate` plays it
    add_jobs_argument(parser, 1)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--write", type=Path, default=None, metavar="FILE", help="keep the table as JSON in FILE")
    parser.add_argument("--report", type=Path, default=None, metavar="DIR", help="an HTML page with the curve in DIR")
    parser.add_argument("--check", action="store_true", help="exit 1 when a level leaves its band")
    parser.add_argument(
        "--changed",
        action="store_true",
        help="with --write FILE: measure only the levels whose row in FILE is missing or stale (digest), keep the rest",
    )


def campaign_order() -> list[tuple[str, str]]:
    """(level id, chapter id) in play order; the bonus levels (in no chapter) last, chapter ""."""
    from game.rules.levels.loader import campaign_dir, read_campaign

    campaign, problems = read_campaign()
    if campaign is None:
        raise ValueError("; ".join(str(p) for p in problems))
    order = [(level, chapter.id) for chapter in campaign.chapters for level in chapter.levels]
    listed = {level for level, _ in order}
    bonus = sorted(path.stem for path in campaign_dir().glob("*.json") if path.stem not in listed | {"campaign"})
    return order + [(level, "") for level in bonus]


def targets(chapters: list[str]) -> dict[str, float]:
    """Each chapter's target win rate: START for the first, falling evenly to END for the last."""
    if len(chapters) == 1:
        return {chapters[0]: START}
    step = (START - END) / (len(chapters) - 1)
    return {chapter: round(START - index * step, 3) for index, chapter in enumerate(chapters)}


def story_words(level) -> int:
    """The words of the story a player reads once: the lines before the level and after a win."""
    story = getattr(level, "story", None)
    if story is None:
        return 0
    return sum(len(line.text.split()) for line in [*story.before, *story.after])


def expected_minutes(level, mean_length: float, rate: float) -> float:
    """A person's expected time on `level`, retries included: the attempts a win takes at the
    player model's win `rate` (1/rate, a geometric count, at most MAX_ATTEMPTS), each as long as
    the model's mean game (`mean_length` turns, moves or rounds, lost games counted with won)
    plus the briefing and result screens, and the story read once."""
    from game.rules.registry import game_kind

    unit = game_kind(level.kind).turn_unit
    attempts = min(MAX_ATTEMPTS, 1 / rate) if rate else MAX_ATTEMPTS
    attempt_seconds = mean_length * SECONDS_PER_UNIT.get(unit, 30.0) + ATTEMPT_SECONDS
    reading_seconds = story_words(level) / WORDS_PER_MINUTE * 60
    return (attempt_seconds * attempts + reading_seconds) / 60


def measure(args: argparse.Namespace, order: list[tuple[str, str]], chapters: list[str]) -> list[LevelRow]:
    """Play each level of `order`; `chapters`: every chapter of the campaign, in order (the
    targets fall along all of them, whichever levels are measured)."""
    from game.rules.levels import load_level
    from game.rules.levels.loader import find_level
    from game.rules.levels.session import level_digest
    from game.rules.registry import game_kind
    from game.tools.simulate_levels import run_games

    target = targets(chapters)
    rows = []
    for level_id, chapter in order:
        path = find_level(level_id)
        level = load_level(path)
        outcomes = run_games(
            str(path),
            args.games,
            args.player,
            budget_ms=args.budget_ms,
            seed=args.seed,
            jobs=args.jobs,
            progress=progress_wanted(args),
            difficulty=getattr(args, "difficulty", "normal"),
        )
        n = len(outcomes)
        won = sum(o.won for o in outcomes)
        low, high = wilson_interval(won, n)
        unit = game_kind(level.kind).turn_unit
        mean_length = sum(o.turns for o in outcomes) / n
        rate = won / n
        minutes = expected_minutes(level, round(mean_length, 1), round(rate, 3))  # as a stored row gives it
        rows.append(
            LevelRow(
                level_id,
                chapter,
                level.kind,
                level_digest(level),
                n,
                won,
                round(rate, 3),
                round(low, 3),
                round(high, 3),
                round(mean_length, 1),
                unit,
                round(minutes, 1),
                target.get(chapter),
            )  # fmt: skip
        )
        print(f"  {level_id}: {won}/{n} won", file=sys.stderr, flush=True)
    return rows


def band_problems(rows: list[LevelRow]) -> list[str]:
    """Each level outside its chapter's band, and each step harder than MAX_STEP, in words."""
    problems = []
    previous: LevelRow | None = None
    for row in rows:
        if row.target is None:
            continue  # a bonus level may be as hard as it likes
        # rounded: rates are stored to 3 places, and 0.8 - 0.6 is 0.20000000000000007 in floats
        if round(abs(row.win_rate - row.target), 3) > BAND_HALF_WIDTH:
            problems.append(
                f"{row.level}: won {row.win_rate:.0%}, its chapter aims at {row.target:.0%} (+/- {BAND_HALF_WIDTH:.0%})"
            )
        if previous is not None and round(previous.win_rate - row.win_rate, 3) > MAX_STEP:
            problems.append(
                f"{row.level}: {previous.win_rate - row.win_rate:.0%} harder than {previous.level} "
                f"(at most {MAX_STEP:.0%})"
            )
        previous = row
    return problems


def table(rows: list[LevelRow]) -> str:
    lines = [
        f"{'level':24} {'chapter':14} {'won':>9} {'rate':>5} {'95% interval':>13} {'target':>6} {'length':>12} {'minutes':>7}"
    ]
    for row in rows:
        target = f"{row.target:.0%}" if row.target is not None else "bonus"
        lines.append(
            f"{row.level:24} {row.chapter or '(bonus)':14} {row.won:>4}/{row.games:<4} {row.win_rate:>5.0%} "
            f"{row.low:>6.0%}-{row.high:<6.0%} {target:>6} {row.mean_length:>6.1f} {row.unit:5} {row.minutes:>7.1f}"
        )
    total = sum(row.minutes for row in rows)
    lines.append(f"expected play time for a middling player: {total / 60:.1f} hours ({total:.0f} minutes)")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ai.agents import install

    install()
    if args.games < 1:
        print("levels report: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        order = campaign_order()
    except ValueError as error:
        print(f"levels report: the campaign has problems: {error}", file=sys.stderr)
        return 1
    chapters = list(dict.fromkeys(chapter for _, chapter in order if chapter))
    order_all = order
    if args.changed:
        if args.write is None or args.level:
            print("levels report: --changed needs --write FILE and no --level", file=sys.stderr)
            return 2
        try:
            args.level = changed_levels(args.write, order)
        except ValueError as error:
            print(f"levels report: {error}", file=sys.stderr)
            return 1
        print(
            f"levels report: {len(args.level)} level(s) to measure: {', '.join(args.level) or 'none'}", file=sys.stderr
        )
    if args.level:
        unknown = sorted(set(args.level) - {level for level, _ in order})
        if unknown:
            print(f"levels report: not campaign levels: {', '.join(unknown)}", file=sys.stderr)
            return 2
        order = [(level, chapter) for level, chapter in order if level in args.level]
    elif args.changed:
        order = []
    rows = measure(args, order, chapters)
    if args.write is not None:
        written = write_table(args, rows, order_all, chapters)
        if written is None:
            return 1
        if args.changed:
            rows = written  # the whole table, measured now or kept, is what this run reports
    text = table(rows)
    problems = band_problems(rows)
    print(text)
    for problem in problems:
        print(f"outside its band: {problem}")
    if args.report is not None:
        from game.tools import reports

        page = reports.write_page(args.report, page_title(args), text, [curve_chart(rows)])
        print(f"levels report: page written to {page.index}", file=sys.stderr)
    return 1 if args.check and problems else 0


def difficulty_of(args: argparse.Namespace) -> str:
    return getattr(args, "difficulty", None) or "normal"


def page_title(args: argparse.Namespace) -> str:
    """The HTML page's title: who played, how many games, and at which campaign difficulty."""
    return (
        f"The campaign's difficulty curve ({args.player}, {args.games} games a level, "
        f"at {difficulty_of(args).capitalize()} difficulty)"
    )


def changed_levels(path: Path, order: list[tuple[str, str]]) -> list[str]:
    """The levels of `order` whose row in the table at `path` is missing or was measured on
    another version of the level (its digest); every level when there is no table yet."""
    from game.rules.levels import load_level
    from game.rules.levels.loader import find_level
    from game.rules.levels.session import level_digest
    from game.rules.safe_json import JsonFileError, JsonFileUnreadable, read_json_file

    if not path.exists():
        return [level for level, _ in order]
    try:
        stored = read_json_file(path)
    except (JsonFileError, JsonFileUnreadable) as error:
        raise ValueError(f"{path}: not read: {error}") from error
    rows = stored.get("levels") if isinstance(stored, dict) else None
    if not isinstance(rows, list):
        raise ValueError(f"{path}: levels: not a campaign report table (no list of levels)")
    digests = {row.get("level"): row.get("digest") for row in rows if isinstance(row, dict)}
    return [level for level, _ in order if digests.get(level) != level_digest(load_level(find_level(level)))]


def document(args: argparse.Namespace, rows: list[LevelRow]) -> dict[str, Any]:
    return {
        "player": args.player,
        "games": args.games,
        "budget_ms": args.budget_ms,
        "difficulty": difficulty_of(args),  # the campaign setting the levels were played at
        "bands": {"start": START, "end": END, "half_width": BAND_HALF_WIDTH, "max_step": MAX_STEP},
        "levels": [asdict(row) for row in rows],
    }


def merged_rows(
    stored: Any, source: str, args: argparse.Namespace, rows: list[LevelRow], order: list[tuple[str, str]],
    chapters: list[str],
) -> tuple[list[LevelRow], list[str]]:  # fmt: skip
    """The rows of `stored` (a written table) with the measured `rows` in place of theirs, in
    play order, and the ids of stored levels the campaign no longer has (dropped). Every row's
    chapter and target are the campaign's as it is now (adding a chapter moves every target).
    ValueError naming `source` and the field when the stored table is not one, or was measured
    another way (player, games, budget or difficulty): one file holds one kind of measurement."""
    if not isinstance(stored, dict) or not isinstance(stored.get("levels"), list):
        raise ValueError(f"{source}: levels: not a campaign report table (no list of levels)")
    if "difficulty" not in stored:  # a table written before the field: which difficulty is unknown
        raise ValueError(
            f"{source}: difficulty: not recorded; add \"difficulty\": \"normal\" (or the one it was "
            "measured at) to the file, or measure the whole campaign again"
        )
    this_run = {
        "player": args.player,
        "games": args.games,
        "budget_ms": args.budget_ms,
        "difficulty": difficulty_of(args),
    }
    for field, value in this_run.items():
        if stored.get(field) != value:
            raise ValueError(
                f"{source}: {field}: measured with {stored.get(field)!r}, this run with "
                f"{value!r}; measure with the same {field} or write another file"
            )
    names = {field.name for field in dataclasses.fields(LevelRow)}
    kept: dict[str, LevelRow] = {}
    for index, row in enumerate(stored["levels"]):
        if not isinstance(row, dict) or set(row) != names:
            raise ValueError(f"{source}: levels[{index}]: not a level row (fields: {', '.join(sorted(names))})")
        kept[row["level"]] = LevelRow(**row)
    kept.update((row.level, row) for row in rows)
    target = targets(chapters)
    placed = [
        dataclasses.replace(kept[level], chapter=chapter, target=target.get(chapter))
        for level, chapter in order
        if level in kept
    ]
    dropped = sorted(set(kept) - {level for level, _ in order})
    return placed, dropped


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Holds an exclusive lock on `folder` (where POSIX locks exist): two runs merging into one
    file at the same moment would each keep only their own rows."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock, as before merging existed
        yield
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def write_table(
    args: argparse.Namespace, rows: list[LevelRow], order: list[tuple[str, str]], chapters: list[str]
) -> list[LevelRow] | None:
    """Write the table to `args.write` (atomically), merged into it when only some levels were
    measured, every row's minutes from the time model as it is now; the rows written, or None
    after saying why when it could not be (the file is left as it was)."""
    from game.rules.safe_json import JsonFileError, JsonFileUnreadable, read_json_file
    from game.rules.saves.store import StoreError, write_atomically

    path: Path = args.write
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _folder_lock(path.parent):
            if args.level is not None and path.exists():
                rows, dropped = merged_rows(read_json_file(path), str(path), args, rows, order, chapters)
                for level in dropped:
                    print(f"levels report: {path}: dropped {level}, no longer a campaign level", file=sys.stderr)
            rows = [with_minutes(row) for row in rows]
            write_atomically(path, (json.dumps(document(args, rows), indent=1) + "\n").encode("utf-8"))
    except (ValueError, JsonFileError, JsonFileUnreadable, StoreError, OSError) as error:
        print(f"levels report: not written: {error}", file=sys.stderr)
        return None
    return rows


def with_minutes(row: LevelRow) -> LevelRow:
    """`row` with its minutes computed again from its stored length and win rate."""
    from game.rules.levels import load_level
    from game.rules.levels.loader import find_level

    level = load_level(find_level(row.level))
    return dataclasses.replace(row, minutes=round(expected_minutes(level, row.mean_length, row.win_rate), 1))


def curve_chart(rows: list[LevelRow]):
    from game.tools.reports import Chart, Kind, Series

    names = [row.level for row in rows]
    measured = Series(
        "won by the player model", names, [row.win_rate for row in rows], [row.low for row in rows],
        [row.high for row in rows],
    )  # fmt: skip
    aimed = Series("the chapter's target", names, [row.target for row in rows])
    return Chart(
        "curve", "Win rate of each level, in play order", Kind.INTERVALS, [measured, aimed], "level", "win rate",
        notes=[f"Bands: the target +/- {BAND_HALF_WIDTH:.0%}; no step harder than {MAX_STEP:.0%}; bonus levels free."],
    )  # fmt: skip
