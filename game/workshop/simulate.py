"""`levels simulate` for the workshop, in the background: the command runs in its own process
(the UI keeps its 60 frames a second; a process, not a thread, because the games are pure Python
and would hold the GIL), writes each finished game to a results file that gives the progress
and the turns of every game, and prints its report as JSON at the end. Pure: no pygame.

A run plays a copy of the level made when it started, so the designer keeps editing meanwhile;
`edits_since` says how far the document has moved on. Lost games are kept as replays in the
run's own folder (the result lists them), which lives until the run is closed.
"""

from __future__ import annotations

from game.i18n import _, ngettext

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

PLAYER_MODEL = "human"  # `levels simulate --player human`: the player model, a middling person
GAMES = (20, 50, 100, 200)
BUDGETS_MS = (50, 100, 250, 500)
KEEP_LOST = 10  # lost games kept as replays (the result panel lists this many at most)


def command(
    level: Path,
    games: int,
    results: Path,
    budget_ms: int | None = None,
    player: str | None = None,
    replays: Path | None = None,
    keep: int = KEEP_LOST,
) -> list[str]:
    """The command line: the frozen game runs itself, any install runs its entry module."""
    head = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "game.cli"]
    args = head + ["levels", "simulate", str(level), "--games", str(games), "--json", "--results", str(results)]
    if budget_ms is not None:
        args += ["--budget-ms", str(budget_ms)]
    if player is not None:
        args += ["--player", player]
    if replays is not None and keep > 0:
        args += ["--keep-replays", str(keep), "--keep", "lost", "--replay-dir", str(replays)]
    return args


def player_choices(kind: str) -> list[tuple[str, str]]:
    """Who can sit in the player's seat, as (name for --player, words): the player model first
    (when the game has one), then the game's AI levels, strongest first."""
    from ai.agents import install
    from game.rules.registry import game_kind

    install()
    game = game_kind(kind)
    found = [(PLAYER_MODEL, "A middling player")] if game.player_model is not None else []
    return found + [(name, f"{name.capitalize()} AI") for name in reversed(list(game.agents)) if name != "random"]


def games_choices(default: int) -> tuple[int, ...]:
    """The numbers of games offered: GAMES, and the game's own default (gomoku plays fewer)."""
    return tuple(sorted({*GAMES, default}))


@dataclass(frozen=True)
class Setup:
    """What the designer chose before a run."""

    games: int = 20
    player: str | None = PLAYER_MODEL  # None: the strongest AI (the command's default)
    budget_ms: int = 100


def _child_env() -> dict[str, str]:
    """This process's environment, with this install's packages first on the path (a checkout
    run by `python main.py` is not installed)."""
    import game

    root = str(Path(game.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(part for part in (root, env.get("PYTHONPATH", "")) if part)
    return env


@dataclass
class Simulation:
    level: Path
    games: int = 20
    budget_ms: int | None = 100
    player: str | None = None  # None: the strongest AI
    keep_lost: int = 0  # lost games to keep as replays (0: none, and the folder goes at the end)
    process: subprocess.Popen | None = None
    results: Path | None = None
    report: dict | None = None
    error: str = ""
    turns: list[int] = field(default_factory=list)
    done: int = 0
    _read: int = 0
    folder: Path | None = None  # the temporary folder start() made (removed by clean_up)
    stdout: BinaryIO | None = field(default=None, repr=False)  # the process's report, in that folder
    stderr: BinaryIO | None = field(default=None, repr=False)
    # The document as it was at the start (see `edits_since`): its data and its undo stack.
    snapshot: Any = field(default=None, repr=False)
    history: list = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, level: Path, setup: Setup, keep_lost: int = KEEP_LOST, doc=None) -> "Simulation":
        """A run of `setup` on the level file, remembering `doc` as it is now."""
        sim = cls(level, setup.games, setup.budget_ms, setup.player, keep_lost)
        if doc is not None:
            sim.snapshot, sim.history = copy.deepcopy(doc.data), list(doc.undo_stack)
        return sim

    def start(self) -> None:
        folder = self.folder = Path(tempfile.mkdtemp(prefix="duelmind-simulate-"))
        # The level as it is now: the editor rewrites its own copy at the next test play.
        level = folder / "level.json"
        shutil.copyfile(self.level, level)
        self.results = folder / "games.jsonl"
        self.stdout = open(folder / "report.json", "w+b")  # noqa: SIM115 (read when the process ends)
        self.stderr = open(folder / "errors.txt", "w+b")  # noqa: SIM115
        replays = folder / "replays" if self.keep_lost > 0 else None
        self.process = subprocess.Popen(
            command(level, self.games, self.results, self.budget_ms, self.player, replays, self.keep_lost),
            stdout=self.stdout,
            stderr=self.stderr,
            stdin=subprocess.DEVNULL,
            cwd=str(folder),
            env=_child_env(),
        )

    @property
    def running(self) -> bool:
        return self.process is not None and self.report is None and not self.error

    @property
    def finished(self) -> bool:
        """Ended with a report (not cancelled, not failed)."""
        return self.report is not None

    def poll(self) -> None:
        """Read the games finished so far; at the end, the report or the error."""
        if self.process is None or not self.running:
            return
        self._read_results()
        code = self.process.poll()
        if code is None:
            return
        self._read_results()
        assert self.stdout is not None and self.stderr is not None
        self.stdout.seek(0)
        out = self.stdout.read().decode("utf-8", "replace")
        if code == 0:
            try:
                self.report = json.loads(out)
            except json.JSONDecodeError:
                self.error = "the simulation printed no report"
        else:
            self.stderr.seek(0)
            lines = [line for line in self.stderr.read().decode("utf-8", "replace").splitlines() if line.strip()]
            # The command's last line says why ("levels simulate: ..."): the strip shows its words.
            self.error = lines[-1].removeprefix("levels simulate: ") if lines else f"it stopped (exit code {code})"
        if self.replay_files() and self.folder is not None:
            self._close_files()  # the replays (and the level they name) stay until clean_up
            for name in ("games.jsonl", "report.json", "errors.txt"):
                (self.folder / name).unlink(missing_ok=True)
        else:
            self.clean_up()

    def replay_files(self) -> list[Path]:
        """The kept replays still on disk, in game order."""
        if self.report is None or self.folder is None:
            return []
        return [Path(entry["file"]) for entry in self.report.get("replays", []) if Path(entry["file"]).is_file()]

    def _read_results(self) -> None:
        if self.results is None:
            return
        try:
            with open(self.results, "rb") as handle:
                handle.seek(self._read)
                chunk = handle.read()
        except OSError:
            return
        complete = chunk[: chunk.rfind(b"\n") + 1]
        self._read += len(complete)
        for line in complete.splitlines():
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                continue
            if "game" in data:
                self.turns.append(int(data["game"].get("turns", 0)))
                self.done += 1

    def cancel(self) -> None:
        """Stop the process this simulation started (and only it)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()  # gone before its folder is removed
        if self.report is None and not self.error:
            self.error = "cancelled"
        self.clean_up()

    def _close_files(self) -> None:
        for handle in (self.stdout, self.stderr):
            if handle is not None:
                handle.close()

    def clean_up(self) -> None:
        """Close the output files and remove the folder start() made: once the process has ended,
        the turns, the report and the error are in memory and nothing reads the files again
        (but the kept replays: their owner calls this when the result is closed). Only that
        folder (from mkdtemp), never the level file; safe to call more than once."""
        self._close_files()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def edits_since(self, doc) -> int:
        """How many edits lie between the document now and as it was simulated: the edits made
        since, and those undone from before (0 when it is back to what was simulated; typing
        merged into the last edit counts one)."""
        if self.snapshot is None or doc.data == self.snapshot:
            return 0
        now = doc.undo_stack
        common = 0
        while common < min(len(now), len(self.history)) and now[common] is self.history[common]:
            common += 1
        return max(1, len(self.history) - common + len(now) - common)


def staleness(edits: int) -> str:
    """The result's warning that it is about an older level: "" when it is about this one."""
    if edits <= 0:
        return ""
    if edits == 1:
        return _("Simulated before your last edit")
    return ngettext(
        "Simulated before your last {count} edit", "Simulated before your last {count} edits", edits
    ).format(count=edits)


@dataclass(frozen=True)
class LostGame:
    number: int  # 1-based, as the designer counts games
    turns: int
    failed: str  # the required objective it failed, in words
    file: Path  # its .replay.json


def lost_games(report: dict) -> list[LostGame]:
    """The kept lost games, each with the first required objective it did not meet."""
    objectives = report.get("objectives", [])
    found = []
    for entry in report.get("replays", []):
        if entry.get("won"):
            continue
        states = entry.get("objectives", [])
        failed = next(
            (
                objective.get("text", "")
                for objective, state in zip(objectives, states)
                if objective.get("required") and state != "met"
            ),
            "the level",
        )
        found.append(LostGame(int(entry.get("game", 0)), int(entry.get("turns", 0)), failed, Path(entry["file"])))
    return found


def histogram(values: list[int], bins: int = 12) -> list[tuple[int, int, int]]:
    """(low, high, count) buckets of the turns taken, for the small chart."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    buckets = []
    start = low
    while start <= high:
        buckets.append((start, start + width - 1, sum(1 for v in values if start <= v < start + width)))
        start += width
    return buckets


def most_missed(report: dict) -> str | None:
    """Why the games were lost, in a line: the required objective met least often (the first of
    those tied), when some game was not won; None when every game was won."""
    if report.get("wins", 0) >= report.get("games", 0):
        return None
    required = [objective for objective in report.get("objectives", []) if objective.get("required")]
    if not required:
        return None
    worst = min(required, key=lambda objective: objective.get("met", 0))
    return ngettext(
        "Missed most: {objective}, met in {met} of {count} game",
        "Missed most: {objective}, met in {met} of {count} games",
        report["games"],
    ).format(objective=worst.get("text", ""), met=worst.get("met", 0), count=report["games"])
