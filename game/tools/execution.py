"""Where a simulation's games run: a run is a job and a list of game indexes, and game `i` is
defined by (the job's settings, `i`) alone, so this process, local worker processes and a Dask
cluster play exactly the same games.

Three backends, one contract (`run_games`):

- inline: this process, one game after another (`--jobs 1`);
- processes: `--jobs N` local worker processes (concurrent.futures; no extra dependency);
- cluster: `--cluster ADDRESS` (a running Dask scheduler, `tcp://host:8786`) or
  `--cluster local:N` (starts a local Dask cluster of N single-threaded worker processes).
  A scheduler without workers is waited for `--cluster-wait` seconds ("waiting for workers at
  ADDRESS" on stderr), then the run stops with a sentence (exit 2) rather than sit at 0/N.

Why Dask distributed and not Ray (measured on the 2-core machine, Python 3.11, into an empty
venv): `pip install distributed` took 11 s and added 44 MB (dask, distributed, cloudpickle,
tornado, msgpack, psutil, ...), Ray 2.60 took 26 s and added 258 MB (its wheel alone is 79 MB);
a 2-worker local cluster answered its first task 1.2 s after start-up with Dask, 4.9 s with
`ray.init`. Both ship Python objects with cloudpickle (our jobs are small frozen dataclasses and
importable functions, so either works), and both re-run the tasks of a lost worker elsewhere
(Dask: the scheduler reschedules a dead worker's tasks, up to `allowed-failures` = 3 deaths per
task, and a worker's nanny restarts the process). The lighter engine wins.

Faults. A killed worker loses its in-flight games only: the cluster reschedules them, the
process backend starts a new pool for the games that had not come back. `--results FILE.jsonl`
appends each finished game as one JSON line (a header line first names the run's settings), so an
interrupted run resumes by running the same command again: the games already in the file are
read back, not played. This module schedules nothing itself: Dask or the process pool does.
"""

from __future__ import annotations

import enum
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.tools.args import RunError, positive_seconds  # noqa: F401  (the tools catch RunError from here)

INSTALL_CLUSTER = 'pip install -e ".[cluster]"'
MAX_POOL_RESTARTS = 3  # process backend: a pool whose workers keep dying is a bug, not bad luck
RESULTS_VERSION = 1
DEFAULT_CLUSTER_WAIT = 60.0  # seconds a scheduler may have no worker before a run gives up


class Job(Protocol):
    """What a tool hands to the execution layer. Must pickle (a frozen dataclass of settings)."""

    tool: str  # "cards balance", for the progress bar and the results file
    chunk: int  # games per task when there are many (cheap games: fewer round trips)

    def identity(self) -> dict:
        """The settings that define the run's games (JSON); a results file must match them."""

    def setup(self) -> None:
        """Load what the games need (card pools, levels) in the process that plays them."""

    def play(self, index: int) -> Any:
        """Game `index`: depends only on the job's settings and `index`."""

    def encode(self, result: Any) -> dict:
        """One result as JSON (a line of the results file)."""

    def decode(self, data: dict) -> Any:
        """The inverse of `encode`."""


class Kind(enum.Enum):
    INLINE = "in-process"
    PROCESSES = "local processes"
    CLUSTER = "cluster"


@dataclass(frozen=True)
class Backend:
    kind: Kind
    jobs: int = 1
    address: str = ""  # for CLUSTER: "local:N" or a scheduler address
    wait_seconds: float = DEFAULT_CLUSTER_WAIT  # for a scheduler address: how long to wait for a first worker

    @classmethod
    def local(cls, jobs: int) -> Backend:
        return cls(Kind.INLINE) if jobs <= 1 else cls(Kind.PROCESSES, jobs)

    def describe(self) -> str:
        if self.kind is Kind.CLUSTER:
            return f"cluster {self.address}"
        return f"{self.jobs} job{'s' if self.jobs > 1 else ''}"


# ---------------------------------------------------------------------------------- arguments


def add_arguments(parser) -> None:
    """--cluster and --results, shared by every simulation command (each keeps its own --jobs)."""
    parser.add_argument("--cluster", default="", metavar="ADDRESS",
                        help="run the games on a Dask cluster: a scheduler address (tcp://host:8786) or "
                             f"local:N to start N local workers (needs {INSTALL_CLUSTER}); default: no cluster")
    parser.add_argument("--cluster-wait", type=positive_seconds, default=DEFAULT_CLUSTER_WAIT, metavar="SECONDS",
                        help="with --cluster ADDRESS: how long to wait for the scheduler's first worker before "
                             "giving up")
    parser.add_argument("--results", type=Path, default=None, metavar="FILE.jsonl",
                        help="write each game to this file as it finishes; rerunning with the same file "
                             "resumes: the games already there are not played again (default: none)")


def backend_from_args(args) -> Backend:
    """The backend the command line asks for; RunError with a sentence when it cannot be had."""
    address = (getattr(args, "cluster", "") or "").strip()
    if not address:
        return Backend.local(max(1, args.jobs))
    if not cluster_available():
        raise RunError(f"--cluster needs the optional Dask engine, which is not installed; install it with "
                       f"{INSTALL_CLUSTER} (or pip install 'distributed>=2024.8')")
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise RunError(f"--cluster {address}: expected local:N with N workers, e.g. local:2")
        return Backend(Kind.CLUSTER, int(count), address)
    return Backend(Kind.CLUSTER, 0, address, float(getattr(args, "cluster_wait", DEFAULT_CLUSTER_WAIT)))


def backend_for(args, report: bool = False) -> Backend:
    """backend_from_args, and with `report` the charting library checked too: every tool asks
    both before its first game, so a missing extra is one sentence, not a traceback later."""
    backend = backend_from_args(args)
    if report:
        from game.tools import reports

        reports.require()
    return backend


def cluster_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------------------------- the run


def run_games(job: Job, games: int, backend: Backend, results: Path | None = None, progress: bool = True,
              on_result: Callable[[Any], dict | None] | None = None) -> list:
    """Games 0..games-1 of `job` on `backend`, in index order.

    With `results` the games found in that file are read back instead of played, and each new
    game is appended as it finishes. `on_result(result)` is called for every game (read back or
    played) and may return the progress bar's postfix. KeyboardInterrupt propagates after the
    finished games are saved."""
    done: dict[int, Any] = {}
    store = ResultsFile(results, job) if results is not None else None
    if store is not None:
        done.update((i, r) for i, r in store.load().items() if i < games)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, initial=len(done), desc=job.tool, unit="game", file=sys.stderr, mininterval=0.5,
                   smoothing=0.1)
    postfix = None
    for index in sorted(done):
        postfix = on_result(done[index]) if on_result else None
    if bar is not None and postfix:
        bar.set_postfix(postfix, refresh=False)

    def collect(index: int, result: Any) -> None:
        done[index] = result
        if store is not None:
            store.append(index, result)
        note = on_result(result) if on_result else None
        if bar is not None:
            bar.update(1)
            if note:
                bar.set_postfix(note, refresh=False)

    todo = [index for index in range(games) if index not in done]
    try:
        if todo:
            _EXECUTORS[backend.kind](job, todo, backend, collect)
    except RunError as error:
        if store is None:
            raise
        finished = len(done)
        raise RunError(f"{error}. {results} is kept ({finished} game{'s' if finished != 1 else ''} finished): "
                       "run the same command again to resume") from None
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()
    return [done[index] for index in range(games)]


def chunks(indexes: Sequence[int], size: int, workers: int) -> list[list[int]]:
    """Indexes in tasks of at most `size` games, small enough that every worker gets several."""
    size = max(1, min(size, len(indexes) // max(1, 4 * workers)))
    return [list(indexes[i:i + size]) for i in range(0, len(indexes), size)]


# What the process that plays a task has set up: a worker keeps a job's pools between its tasks.
_ACTIVE: dict = {"key": None}
_LOCK = threading.Lock()  # a cluster worker with several threads plays one game at a time


def play_chunk(job: Job, indexes: Iterable[int]) -> list[tuple[int, Any]]:
    """The task every backend runs: set the job up in this process once, then play its games."""
    with _LOCK:
        key = json.dumps([job.tool, job.identity()], sort_keys=True, default=str)
        if _ACTIVE["key"] != key:
            _ACTIVE["key"] = None
            job.setup()
            _ACTIVE["key"] = key
        return [(index, job.play(index)) for index in indexes]


def _run_inline(job: Job, todo: list[int], backend: Backend, collect) -> None:
    for index in todo:
        for i, result in play_chunk(job, [index]):
            collect(i, result)


def _run_processes(job: Job, todo: list[int], backend: Backend, collect) -> None:
    """A process pool; when a worker dies (killed, out of memory) the pool breaks, and the games
    that had not come back go to a fresh pool, up to MAX_POOL_RESTARTS times."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    pending = chunks(todo, job.chunk, backend.jobs)
    for attempt in range(MAX_POOL_RESTARTS + 1):
        pool = ProcessPoolExecutor(backend.jobs, mp_context=context)
        futures = {pool.submit(play_chunk, job, chunk): n for n, chunk in enumerate(pending)}
        finished: set[int] = set()
        broken = False
        try:
            waiting = set(futures)
            while waiting:
                ready, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in ready:
                    try:
                        played = future.result()
                    except BrokenProcessPool:
                        broken = True
                        continue
                    finished.add(futures[future])
                    for index, result in played:
                        collect(index, result)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        if not broken:
            return
        pending = [chunk for n, chunk in enumerate(pending) if n not in finished]
        lost = sum(len(chunk) for chunk in pending)
        print(f"{job.tool}: a worker process died; {lost} unfinished game{'s' if lost != 1 else ''} "
              f"go to new workers", file=sys.stderr)
    raise RunError(f"worker processes died {MAX_POOL_RESTARTS + 1} times in a row (games "
                   f"{', '.join(str(c[0]) for c in pending[:5])}...); run with --jobs 1 to see the error")


def open_cluster(backend: Backend):
    """(client, cluster or None): connects to the scheduler, or starts a local cluster."""
    import logging

    from distributed import Client, LocalCluster

    if backend.address.startswith("local:"):
        cluster = LocalCluster(n_workers=backend.jobs, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=logging.ERROR)
        return Client(cluster), cluster
    try:
        return Client(backend.address, timeout="10s"), None
    except (OSError, TimeoutError, ValueError) as error:
        raise RunError(f"could not reach a Dask scheduler at {backend.address} ({error}); start one with "
                       f"`dask scheduler` and workers with `dask worker {backend.address} --nthreads 1`, "
                       "or try --cluster local:2") from None


def wait_for_workers(client, backend: Backend, tool: str) -> None:
    """Return once the scheduler has a worker; say so on stderr while waiting, and raise
    RunError after `backend.wait_seconds` without one."""
    if client.scheduler_info().get("workers"):
        return
    from tqdm import tqdm

    tqdm.write(f"{tool}: waiting for workers at {backend.address} (start them with `dask worker {backend.address} "
               f"--nthreads 1`; giving up after {backend.wait_seconds:g} s, --cluster-wait)", file=sys.stderr)
    try:
        client.wait_for_workers(1, timeout=backend.wait_seconds)
    except TimeoutError:
        raise RunError(f"no worker joined the Dask scheduler at {backend.address} within {backend.wait_seconds:g} s "
                       f"(--cluster-wait); start workers with `dask worker {backend.address} --nthreads 1`, "
                       "or try --cluster local:2") from None


def _run_cluster(job: Job, todo: list[int], backend: Backend, collect) -> None:
    """Dask: one task per chunk; a lost worker's tasks are rescheduled by the scheduler."""
    from distributed import as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    client, cluster = open_cluster(backend)
    try:
        if cluster is None:
            wait_for_workers(client, backend, job.tool)
        workers = len(client.scheduler_info().get("workers", {})) or backend.jobs or 1
        tasks = chunks(todo, job.chunk, workers)
        futures = client.map(play_chunk, [job] * len(tasks), tasks, pure=False)
        try:
            for future, played in as_completed(futures, with_results=True):
                future.release()
                for index, result in played:
                    collect(index, result)
        except KilledWorker as error:
            raise RunError(f"a game killed {backend.describe()} workers repeatedly ({error}); "
                           "run it with --jobs 1 to see why") from None
        except FutureCancelledError:
            raise RunError("the cluster cancelled the run (was the scheduler restarted?)") from None
        finally:
            client.cancel(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


_EXECUTORS = {Kind.INLINE: _run_inline, Kind.PROCESSES: _run_processes, Kind.CLUSTER: _run_cluster}


# ---------------------------------------------------------------------------------- results file


class ResultsFile:
    """JSON lines: a header naming the run, then one game per line in the order they finished.

    A line cut short by an interruption (the last one, without its newline) is dropped and
    replayed; a file of another run (other settings) is refused rather than mixed."""

    def __init__(self, path: Path, job: Job):
        self.path = Path(path)
        self.job = job
        self.header = {"duelmind_run": RESULTS_VERSION, "tool": job.tool,
                       "settings": json.loads(json.dumps(job.identity(), default=str))}
        self._file = None

    def load(self) -> dict[int, Any]:
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._open(write_header=True)
            return {}
        raw = self.path.read_bytes()
        lines = raw.split(b"\n")
        complete, tail = lines[:-1], lines[-1]  # tail: after the last newline (empty when whole)
        games: dict[int, Any] = {}
        for number, line in enumerate(complete, 1):
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                raise RunError(f"{self.path}:{number}: not a JSON line; this is not a results file of "
                               "a run, or it was edited (use another --results file)") from None
            if number == 1:
                self._check_header(data)
                continue
            games[int(data["index"])] = self.job.decode(data["game"])
        if not complete:  # only a cut-short header
            self.path.write_bytes(b"")
            self._open(write_header=True)
            return {}
        if tail:  # the last game was being written when the run stopped
            self.path.write_bytes(raw[:len(raw) - len(tail)])
        self._open(write_header=False)
        return games

    def _check_header(self, data: dict) -> None:
        if not isinstance(data, dict) or data.get("duelmind_run") != RESULTS_VERSION:
            raise RunError(f"{self.path} is not a Duelmind results file (its first line names no run)")
        if data.get("tool") != self.header["tool"]:
            raise RunError(f"{self.path} holds games of `{data.get('tool')}`, not `{self.job.tool}`; "
                           "use another --results file")
        theirs, ours = data.get("settings", {}), self.header["settings"]
        if theirs != ours:
            differ = sorted(key for key in set(theirs) | set(ours) if theirs.get(key) != ours.get(key))
            shown = ", ".join(f"{key} {theirs.get(key)!r} there, {ours.get(key)!r} now" for key in differ)
            raise RunError(f"{self.path} holds games of another run ({shown}); rerun with the same options "
                           "to resume it, or use another --results file")

    def _open(self, write_header: bool) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (open for the run; close())
        if write_header:
            self._write(self.header)

    def _write(self, data: dict) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()

    def append(self, index: int, result: Any) -> None:
        self._write({"index": index, "game": self.job.encode(result)})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def interrupted_message(tool: str, results: Path | None) -> str:
    if results is None:
        return f"{tool}: interrupted (with --results FILE.jsonl a rerun resumes where it stopped)"
    return f"{tool}: interrupted; the finished games are in {results}: run the same command again to resume"


def absolute(path: str | os.PathLike) -> str:
    return str(Path(path).resolve())
