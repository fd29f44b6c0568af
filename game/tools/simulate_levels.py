"""`duelmind levels simulate LEVEL`: play a level headless many times with an AI in the
player's seat and report how winnable it is.

Prints the win rate (the level won: its required objectives met) with a Wilson 95% interval,
the player's turns (cards), moves (gomoku) or rounds (skirmish) taken (mean, p50, p90), how often each objective
was met, and the warnings (scripted actions or events that had to be skipped). `--json`
prints the same as one JSON object. Games run in-process, over `--jobs` processes or on a Dask
cluster (`--cluster`, game/tools/execution.py) with a progress bar on stderr; game i uses seed
`--seed` * 1000003 + i, so a run is reproducible up to the AIs' timing. `--results FILE.jsonl`
resumes an interrupted run; `--report DIR` draws charts (game/tools/reports.py).

The card AIs play to win duels and do not read objectives, so on puzzle levels (a required
clear_board or win_within) the player AI gets an objective lookahead: each turn, a winning
sequence for the level is searched first (ai/levels/lookahead.py); `--no-lookahead` measures the
AI alone.

LEVEL is a level file or a campaign level id. `--player` is a card AI (default: the strongest
registered) or, for a gomoku level, a gomoku AI level (default: master), or for a skirmish level a
skirmish AI (default: hard; the budget is per action). `--opponent` replaces the level's own
opponent ("level" or "scripted": as written) by a card AI / gomoku AI level / skirmish AI.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.rules.levels import LevelError, LevelSession, load_level
from game.rules.levels.difficulty import DIFFICULTIES, at_difficulty
from game.rules.registry import game_kind
from ai.player_model import PLAYER_MODEL, PlayerModel
from game.tools import execution
from game.tools.args import PROGRAM, add_jobs_argument, add_output_arguments, positive_ms, progress_wanted
from game.tools.stats import percentile, wilson_interval

CARD_PLAYERS = ("hard", "medium", "easy", "random")  # strongest first
MAX_BATTLE_TURNS = 400  # the runes end every duel long before
MAX_STARS = 3  # a win, and one per bonus objective met
MAX_TURNS = 1_000_000  # far above any game's length: a larger count in a results file is damage
OBJECTIVE_STATES = ("pending", "met", "failed")


@dataclass
class GameOutcome:
    index: int
    seed: int
    won: bool
    stars: int
    turns: int
    objectives: list[str]  # met / failed per objective
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # What a replay needs ({"actions": [...], "thoughts": {...}}), kept only when asked for
    # (`--keep-replays`): a results file stays small otherwise.
    record: dict | None = None


def strongest_card_ai() -> str:
    from ai.cards.registry import AGENTS

    return next(name for name in CARD_PLAYERS if name in AGENTS)


def play_level(
    level,
    seed: int,
    player: str,
    opponent: str | None = None,
    budget_ms: float | None = None,
    opponent_budget_ms: float | None = None,
    lookahead: bool = True,
    record: bool = False,
) -> tuple[LevelSession, GameOutcome]:
    """One headless attempt: `player` (an AI name) against the level's opponent (or `opponent`).
    `budget_ms` is the player's time per turn (default: the level opponent's budget), and the
    opponent's unless `opponent_budget_ms` is given. Card players get the objective lookahead on
    puzzle levels (ai/levels/lookahead.py) unless `lookahead` is False (the player model: its
    stronger AI does, and it still slips)."""
    from ai.agents import CardTurnAgent
    from ai.levels.lookahead import LookaheadPlayer, needs_lookahead
    from ai.levels.opponents import make_opponent, make_player

    started = time.perf_counter()
    session = LevelSession.create(level, seed)
    session.start()
    level_budget = float(level.opponent.budget_ms)
    budget = float(budget_ms) if budget_ms is not None else level_budget
    rival_budget = (
        float(opponent_budget_ms)
        if opponent_budget_ms is not None
        else (budget if budget_ms is not None else level_budget)
    )
    me = make_player(session, player, seed * 2 + 1)
    if lookahead and needs_lookahead(level):  # a card AI plays a puzzle: it reads the turn first

        def reading(agent):
            if not isinstance(agent, CardTurnAgent):
                return agent
            reader = CardTurnAgent(LookaheadPlayer(agent.agent, session))
            reader.new_game(session.player_seat, level.rules.lanes, told=True)  # the card AI is already told
            return reader

        if isinstance(me, PlayerModel):  # a person reads a puzzle too, and still slips
            me.strong = reading(me.strong)
        else:
            me = reading(me)
    rival = make_opponent(session, None if opponent in (None, "level", "scripted") else opponent, seed * 2)
    while not session.over:
        if session.phase == "draft":  # the games with a draft (cards) draft first
            for seat in session.drafting_seats():
                session.run_draft(seat, me if seat == session.player_seat else rival)
            continue
        battle = getattr(session, "battle", None)  # the card duel's: the runes end it
        if battle is not None and battle.turn > MAX_BATTLE_TURNS:
            raise RuntimeError(f"level {level.id}: the duel did not end after {MAX_BATTLE_TURNS} turns")
        if session.is_player_turn:
            session.run_turn(me, budget)
        else:
            session.run_turn(rival, rival_budget)
    result = session.result
    outcome = GameOutcome(
        0,
        seed,
        result.won,
        result.stars,
        result.turns,
        [s.state for s in result.objectives],
        list(session.warnings),
        time.perf_counter() - started,
        {"actions": list(session.actions), "thoughts": dict(session.thoughts)} if record else None,
    )
    return session, outcome


# ---------------------------------------------------------------------------------- the command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", help="a level file or a campaign level id")
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument(
        "--player",
        default=None,
        help="the AI in the player's seat: an AI level of the level's game (cards: easy, medium, hard; gomoku: "
        "novice ... master; ...), or 'human', the player model (a middling person); default: the strongest",
    )
    parser.add_argument(
        "--opponent", default="level", help="'level' or 'scripted' (the level's own opponent) or an AI name instead"
    )
    parser.add_argument(
        "--budget-ms",
        type=positive_ms,
        default=None,
        help="thinking time per turn for the AIs (default: the level opponent's budget)",
    )
    parser.add_argument("--seed", type=int, default=0, help="game i plays seed SEED * 1000003 + i")
    add_difficulty_argument(parser)
    add_jobs_argument(parser, 1)
    parser.add_argument(
        "--no-lookahead",
        action="store_true",
        help="card levels: the AI alone, without the search for a turn that meets the objectives",
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
    parser.add_argument(
        "--keep-replays",
        type=int,
        default=0,
        metavar="N",
        help="keep the first N lost games (see --keep) as replays: in DIR/replays with --report "
        "(linked from the page), else in the game's replay library; watch one with 'duelmind replay FILE'",
    )
    parser.add_argument(
        "--replay-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="with --keep-replays: write the kept games into DIR (the workshop's own folder); "
        "the --json report names each file under \"replays\"",
    )
    parser.add_argument(
        "--keep",
        choices=("lost", "won", "all"),
        default="lost",
        help="which games --keep-replays keeps (default: lost)",
    )


def add_difficulty_argument(parser: argparse.ArgumentParser) -> None:
    """`--difficulty`, shared with `levels report`: the level as a player meets it at that setting."""
    parser.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default="normal",
        help="the campaign difficulty the level is played at: story and hard move its AI opponent a step "
        "and halve or double its time, within the level's own limits (default: normal, as written)",
    )


def player_budget(written, level, budget_ms: float | None) -> float | None:
    """The player's time per turn: `budget_ms`, else the level's own (as written: a difficulty
    setting changes the opponent's time, not the player's); None: the level's (nothing moved)."""
    if budget_ms is not None or level is written:
        return budget_ms
    return float(written.opponent.budget_ms)


_WORKER: dict = {}


def _init_worker(
    path: str,
    player: str,
    opponent: str,
    budget_ms: float | None,
    seed: int,
    lookahead: bool,
    records: bool = False,
    difficulty: str = "normal",
) -> None:
    written = load_level(path)
    level = at_difficulty(written, difficulty)
    _WORKER.update(
        level=level,
        player_budget_ms=player_budget(written, level, budget_ms),
        # the setting moved the opponent: its time is the setting's, whatever --budget-ms says
        opponent_budget_ms=float(level.opponent.budget_ms) if level is not written else None,
        player=player,
        opponent=opponent,
        budget_ms=budget_ms,
        seed=seed,
        lookahead=lookahead,
        records=records,
    )


def _play_one(index: int) -> GameOutcome:
    w = _WORKER
    seed = w["seed"] * 1_000_003 + index
    _, outcome = play_level(
        w["level"],
        seed,
        w["player"],
        w["opponent"],
        w["player_budget_ms"],
        w["opponent_budget_ms"],
        lookahead=w["lookahead"],
        record=w["records"],
    )
    outcome.index = index
    return outcome


@dataclass(frozen=True)
class LevelJob:
    """The runs for the execution layer (game/tools/execution.py): game i is `_play_one(i)`."""

    path: str  # absolute: a cluster worker loads the level itself
    player: str
    opponent: str
    budget_ms: float | None
    seed: int
    lookahead: bool
    tool: str = "levels simulate"
    chunk: int = 1
    records: bool = False  # keep each game's actions and thoughts (for replays)
    difficulty: str = "normal"  # the campaign setting the level is played at (difficulty.py)

    def identity(self) -> dict:
        return {key: value for key, value in asdict(self).items() if key not in ("tool", "chunk", "records")}

    def setup(self) -> None:
        from ai.gomoku.threats import find_vcf
        from game.rules.levels.gomoku_checks import use_forced_win_prover

        use_forced_win_prover(find_vcf)  # as `run` does, in a worker that did not fork from it
        _init_worker(
            self.path,
            self.player,
            self.opponent,
            self.budget_ms,
            self.seed,
            self.lookahead,
            self.records,
            self.difficulty,
        )

    def play(self, index: int) -> GameOutcome:
        return _play_one(index)

    def encode(self, outcome: GameOutcome) -> dict:
        data = asdict(outcome)
        del data["index"]
        if data["record"] is None:
            del data["record"]
        return data

    def decode(self, data: dict) -> GameOutcome:
        """A line of a results file back to an outcome; ValueError saying what is wrong with it."""
        return decode_outcome(data, _objective_count(self.path))


OUTCOME_FIELDS = {
    "seed": "a whole number",
    "won": "true or false",
    "stars": f"a whole number 0..{MAX_STARS}",
    "turns": f"a whole number 0..{MAX_TURNS}",
    "objectives": "a list of objective states",
    "warnings": "a list of texts",
    "seconds": "a number of seconds, 0 or more",
}


def decode_outcome(data, objectives: int | None = None) -> GameOutcome:
    """GameOutcome from its JSON (`LevelJob.encode`); ValueError naming the first bad field."""
    if not isinstance(data, dict):
        raise ValueError(f"expected an object with {', '.join(OUTCOME_FIELDS)}, found {type(data).__name__}")
    missing = [key for key in OUTCOME_FIELDS if key not in data]
    extra = sorted(str(key) for key in data if key not in OUTCOME_FIELDS and key != "record")
    if missing or extra:
        raise ValueError(
            f"{'missing ' + ', '.join(missing) if missing else ''}"
            f"{'; ' if missing and extra else ''}{'unknown ' + ', '.join(extra)[:80] if extra else ''}"
        )

    def whole(key: str, low: int, high: int) -> int:
        value = data[key]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"{key} is {str(value)[:40]}, expected {OUTCOME_FIELDS[key]}")
        return value

    seed = whole("seed", -(2**63), 2**63)
    stars, turns = whole("stars", 0, MAX_STARS), whole("turns", 0, MAX_TURNS)
    won, seconds, states, warnings = data["won"], data["seconds"], data["objectives"], data["warnings"]
    if not isinstance(won, bool):
        raise ValueError(f"won is {str(won)[:40]}, expected {OUTCOME_FIELDS['won']}")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1e9:
        raise ValueError(f"seconds is {str(seconds)[:40]}, expected {OUTCOME_FIELDS['seconds']}")
    if not isinstance(states, list) or not all(state in OBJECTIVE_STATES for state in states):
        raise ValueError(f"objectives is {str(states)[:60]}, expected a list of {', '.join(OBJECTIVE_STATES)}")
    if objectives is not None and len(states) != objectives:
        raise ValueError(f"{len(states)} objective states for a level of {objectives} objectives")
    if not isinstance(warnings, list) or not all(isinstance(text, str) for text in warnings):
        raise ValueError(f"warnings is {str(warnings)[:60]}, expected {OUTCOME_FIELDS['warnings']}")
    record = data.get("record")
    if record is not None and not (
        isinstance(record, dict)
        and isinstance(record.get("actions"), list)
        and all(isinstance(text, str) for text in record["actions"])
        and isinstance(record.get("thoughts", {}), dict)
    ):
        raise ValueError("record is not {actions: a list of texts, thoughts: an object}")
    return GameOutcome(-1, seed, won, stars, turns, list(states), list(warnings), float(seconds), record)


@functools.lru_cache(maxsize=8)
def _objective_count(path: str) -> int | None:
    """How many objectives the level has (None when it cannot be loaded: the run reports that)."""
    try:
        return len(load_level(path).objectives)
    except Exception:
        return None


def run_games(
    path: str,
    games: int,
    player: str,
    opponent: str = "level",
    budget_ms: float | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: bool = True,
    lookahead: bool = True,
    backend: execution.Backend | None = None,
    results: Path | None = None,
    records: bool = False,
    difficulty: str = "normal",
) -> list[GameOutcome]:
    """Games 0..games-1 in index order, on `backend` (default: in-process, or `jobs` processes);
    `records`: each outcome keeps its game's actions and the AIs' thoughts (for replays);
    `difficulty`: the campaign setting the level is played at."""
    job = LevelJob(
        execution.absolute(path), player, opponent, budget_ms, seed, lookahead, records=records, difficulty=difficulty
    )
    tally = {"games": 0, "won": 0}

    def note(outcome: GameOutcome) -> dict:
        tally["games"] += 1
        tally["won"] += outcome.won
        return {"won": f"{tally['won']}/{tally['games']}"}

    played = execution.run_games(job, games, backend or execution.Backend.local(jobs), results, progress, note)
    for index, outcome in enumerate(played):
        outcome.index = index
    return played


def report(level, outcomes: list[GameOutcome], player: str, opponent: str, budget_ms: float | None) -> dict:
    from game.rules.levels.objectives import describe

    names = game_kind(level.kind).level_session_class().piece_names(level)
    n = len(outcomes)
    wins = sum(o.won for o in outcomes)
    low, high = wilson_interval(wins, n)
    turns = [o.turns for o in outcomes]
    objectives = []
    for i, objective in enumerate(level.objectives):
        met = sum(1 for o in outcomes if o.objectives[i] == "met")
        text = describe(objective, names, getattr(level, "turns_before", 0))  # card levels start later
        objectives.append(
            {"text": text, "kind": objective.kind, "required": objective.required, "met": met, "rate": met / n}
        )
    warnings = [w for o in outcomes for w in o.warnings]
    unit = game_kind(level.kind).turn_unit
    own = level.opponent.ai if getattr(level.opponent, "control", "ai") == "ai" else "scripted"
    return {
        "level": level.id,
        "kind": level.kind,
        "player": player,
        "opponent": own if opponent in ("level", "scripted") else opponent,
        "budget_ms": budget_ms if budget_ms is not None else level.opponent.budget_ms,
        "games": n,
        "wins": wins,
        "win_rate": wins / n,
        "wilson95": [low, high],
        unit: {"mean": sum(turns) / n, "p50": percentile(turns, 0.5), "p90": percentile(turns, 0.9)},
        "stars_mean": sum(o.stars for o in outcomes) / n,
        "objectives": objectives,
        "warnings": len(warnings),
        "first_warnings": warnings[:5],
        "seconds_per_game": sum(o.seconds for o in outcomes) / n,
    }


def summary_text(data: dict) -> str:
    unit = game_kind(data["kind"]).turn_unit
    t = data[unit]
    low, high = data["wilson95"]
    lines = [
        f"{data['level']} ({data['kind']}): player {data['player']} vs {data['opponent']}, "
        f"budget {data['budget_ms']:g} ms, {data['games']} games"
        + (
            f", at {data['difficulty']} (opponent {data['opponent_budget_ms']:g} ms)"
            if data.get("difficulty", "normal") != "normal"
            else ""
        ),
        f"win rate {data['win_rate']:.3f}  (95% Wilson {low:.3f}-{high:.3f}, n={data['games']})",
        f"{unit} taken: mean {t['mean']:.1f}, p50 {t['p50']}, p90 {t['p90']}   stars: mean {data['stars_mean']:.2f}",
        "objectives met:",
    ]
    for objective in data["objectives"]:
        tag = "required" if objective["required"] else "bonus"
        lines.append(f"  [{tag:>8}] {objective['text']}: {objective['met']}/{data['games']} ({objective['rate']:.0%})")
    if data["warnings"]:
        lines.append(
            f"warnings (scripted actions or events skipped): {data['warnings']} (first: {data['first_warnings'][0]})"
        )
    lines.append(f"{data['seconds_per_game']:.2f} s per game")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ai.gomoku.threats import find_vcf
    from game.rules.levels.gomoku_checks import use_forced_win_prover
    from game.rules.levels.loader import find_level

    use_forced_win_prover(find_vcf)  # a level is checked as `levels validate` checks it
    path = find_level(args.level)
    try:
        written = load_level(path)
        level = at_difficulty(written, args.difficulty)  # the report names the opponent as met
    except LevelError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(
            f"levels simulate: {path} has problems; fix them first ({PROGRAM} levels validate {path})", file=sys.stderr
        )
        return 1
    if args.games < 1:
        print("levels simulate: --games must be at least 1", file=sys.stderr)
        return 2
    from ai.agents import install

    install()
    agents = game_kind(level.kind).agents  # registered weakest first
    player = args.player or list(agents)[-1]
    names = set(agents)
    for role, name in (("--player", player), ("--opponent", args.opponent)):
        if (
            name not in names
            and not (role == "--opponent" and name in ("level", "scripted"))
            and not (role == "--player" and name == PLAYER_MODEL and game_kind(level.kind).player_model is not None)
        ):
            print(
                f"levels simulate: {role} {name!r} is not a {level.kind} AI; known: {', '.join(sorted(names))}",
                file=sys.stderr,
            )
            return 2
    if args.opponent == "scripted" and getattr(level.opponent, "control", None) != "scripted":
        print(f"levels simulate: {level.id} has no scripted opponent (use --opponent level)", file=sys.stderr)
        return 2
    try:
        backend = execution.backend_for(args, report=args.report is not None)
        outcomes = run_games(
            str(path),
            args.games,
            player,
            args.opponent,
            args.budget_ms,
            args.seed,
            args.jobs,
            progress=progress_wanted(args),
            lookahead=not args.no_lookahead,
            backend=backend,
            results=args.results,
            records=args.keep_replays > 0,
            difficulty=args.difficulty,
        )
    except execution.RunError as error:
        print(f"levels simulate: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(execution.interrupted_message("levels simulate", args.results), file=sys.stderr)
        return 130
    mine = player_budget(written, level, args.budget_ms)
    data = report(level, outcomes, player, args.opponent, mine)
    data["difficulty"] = args.difficulty
    data["opponent_budget_ms"] = mine if mine is not None and level is written else level.opponent.budget_ms
    kept: list[tuple[GameOutcome, Path]] = []
    if args.keep_replays > 0:
        folder = args.replay_dir or (args.report / "replays" if args.report is not None else None)
        kept = keep_replays(level, str(path), outcomes, player, args, folder)
        # Kept before the report is printed, so the JSON can name each file (the workshop lists them).
        data["replays"] = [
            {"game": o.index + 1, "file": str(file), "won": o.won, "turns": o.turns, "objectives": o.objectives}
            for o, file in kept
        ]
    print(json.dumps(data, indent=2) if args.json else summary_text(data))
    if args.keep_replays > 0:
        where = folder if folder is not None else "the replay library"
        which = "" if args.keep == "all" else f"{args.keep} "
        games = "game" if len(kept) == 1 else "games"
        print(f"levels simulate: {len(kept)} {which}{games} kept as replays in {where}", file=sys.stderr)
    if args.report is not None:
        from game.tools import reports

        page = reports.levels_page(data, outcomes, args.report, summary_text(data), kept)
        print(f"levels simulate: report written to {page.index}", file=sys.stderr)
    return 0


def keep_replays(
    level, path: str, outcomes: list[GameOutcome], player: str, args: argparse.Namespace, folder: Path | None
) -> list[tuple[GameOutcome, Path]]:
    """Write the first `args.keep_replays` games that `args.keep` asks for as replay files (into
    `folder`, else the replay library); returns (outcome, file) of each."""
    from game.rules.levels.session import level_digest
    from game.rules.replays import Outcome, Replay, ReplayLibrary, Seat, write_replay

    wanted = [o for o in outcomes if o.record is not None and (args.keep == "all" or o.won == (args.keep == "won"))]
    library = ReplayLibrary() if folder is None else None
    budget = args.budget_ms if args.budget_ms is not None else float(level.opponent.budget_ms)
    opponent = level.opponent.ai if args.opponent in ("level", "scripted") else args.opponent
    kept = []
    for outcome in wanted[: args.keep_replays]:
        assert outcome.record is not None
        replay = Replay(
            game=level.kind,
            mode="simulate",
            seed=outcome.seed,
            level=str(Path(path).resolve()),
            level_digest=level_digest(level),
            players=[
                Seat(kind="ai", name="player", ai=player, budget_ms=budget),
                Seat(kind="ai", name="opponent", ai=opponent or "scripted", budget_ms=budget),
            ],
            actions=outcome.record["actions"],
            thoughts={int(index): value for index, value in outcome.record.get("thoughts", {}).items()},
            result=Outcome(won=outcome.won, text="won" if outcome.won else "lost"),
        )
        if library is not None:
            kept.append((outcome, library.add(replay)))
        else:
            assert folder is not None
            kept.append((outcome, write_replay(folder / f"game-{outcome.index:04d}.replay.json", replay)))
    return kept
