"""`levels simulate` for the workshop, in the background: the command runs in its own process
(the UI keeps its 60 frames a second; a process, not a thread, because the games are pure Python
and would hold the GIL), writes each finished game to a results file that gives the progress
and the turns of every game, and prints its report as JSON at the end. Pure: no pygame.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO


def command(level: Path, games: int, results: Path, budget_ms: int | None = None) -> list[str]:
    """The command line: the frozen game runs itself, any install runs its entry module."""
    head = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "game.cli"]
    args = head + ["levels", "simulate", str(level), "--games", str(games), "--json", "--results", str(results)]
    if budget_ms is not None:
        args += ["--budget-ms", str(budget_ms)]
    return args


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

    def start(self) -> None:
        folder = self.folder = Path(tempfile.mkdtemp(prefix="duelmind-simulate-"))
        self.results = folder / "games.jsonl"
        self.stdout = open(folder / "report.json", "w+b")  # noqa: SIM115 (read when the process ends)
        self.stderr = open(folder / "errors.txt", "w+b")  # noqa: SIM115
        self.process = subprocess.Popen(
            command(self.level, self.games, self.results, self.budget_ms),
            stdout=self.stdout,
            stderr=self.stderr,
            stdin=subprocess.DEVNULL,
            cwd=str(folder),
            env=_child_env(),
        )

    @property
    def running(self) -> bool:
        return self.process is not None and self.report is None and not self.error

    def poll(self) -> None:
        """Read the games finished so far; at the end, the report or the error."""
        if self.process is None or not self.running:
            return
        self._read_results()
        code = self.process.poll()
        if code is None:
            return
        self._read_results()
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
            self.error = lines[-1] if lines else f"the simulation stopped (exit code {code})"
        self.clean_up()

    def _read_results(self) -> None:
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

    def clean_up(self) -> None:
        """Close the output files and remove the folder start() made: once the process has ended,
        the turns, the report and the error are in memory and nothing reads the files again.
        Only that folder (from mkdtemp), never the level file; safe to call more than once."""
        for handle in (self.stdout, self.stderr):
            if handle is not None:
                handle.close()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


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
    return f"Missed most: {worst.get('text', '')}, met in {worst.get('met', 0)} of {report['games']} games"
