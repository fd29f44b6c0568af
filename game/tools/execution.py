"""Where a simulation's games run: a run is a job and a list of game indexes, and game `i` is
defined by (the job's settings, `i`) alone, so this process, local worker processes and a Dask
cluster play exactly the same games.

Three backends, one contract (`run_games`):

- inline: this process, one game after another (`--jobs 1`);
- processes: `--jobs N` local worker processes (concurrent.futures; no extra dependency);
- cluster: `--cluster ADDRESS` (a running Dask scheduler, `tcp://host:8786`) or
  `--cluster local:N` (starts a local Dask cluster of N single-threaded worker processes).
  A scheduler without workers is waited for `--cluster-wait` seconds ("waiting for workers at
  ADDRESS" on stderr), then the run stops with a sentence (exit 2) rather than sit at 0/N; the
  same rule holds when every worker leaves in the middle of a run. A scheduler lost mid-run, a
  service at ADDRESS that is no Dask scheduler, or an address scheme other than tcp:// is one
  sentence and exit 2 too, and the games already in `--results` are kept.

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

import asyncio
import enum
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.rules.safe_json import JsonFileError, read_bytes_file
from game.tools.args import RunError, positive_seconds  # the tools catch RunError from here

INSTALL_CLUSTER = 'pip install -e ".[cluster]"'
MAX_POOL_RESTARTS = 3  # process backend: a pool whose workers keep dying is a bug, not bad luck
RESULTS_MAX_BYTES = 1 << 30  # a million games' lines fit many times over
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
    parser.add_argument(
        "--cluster",
        default="",
        metavar="ADDRESS",
        help="run the games on a Dask cluster: a scheduler address (tcp://host:8786) or "
        f"local:N to start N local workers (needs {INSTALL_CLUSTER}); default: no cluster",
    )
    parser.add_argument(
        "--cluster-wait",
        type=positive_seconds,
        default=DEFAULT_CLUSTER_WAIT,
        metavar="SECONDS",
        help="with --cluster ADDRESS: how long to wait for the scheduler's first worker before giving up",
    )
    parser.add_argument(
        "--results",
        type=Path,
        default=None,
        metavar="FILE.jsonl",
        help="write each game to this file as it finishes; rerunning with the same file "
        "resumes: the games already there are not played again (default: none)",
    )


def backend_from_args(args) -> Backend:
    """The backend the command line asks for; RunError with a sentence when it cannot be had."""
    address = (getattr(args, "cluster", "") or "").strip()
    if not address:
        return Backend.local(max(1, args.jobs))
    if not cluster_available():
        raise RunError(
            f"--cluster needs the optional Dask engine, which is not installed; install it with "
            f"{INSTALL_CLUSTER} (or pip install 'distributed>=2024.8')"
        )
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise RunError(f"--cluster {address}: expected local:N with N workers, e.g. local:2")
        return Backend(Kind.CLUSTER, int(count), address)
    check_address(address)
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


def run_games(
    job: Job,
    games: int,
    backend: Backend,
    results: Path | None = None,
    progress: bool = True,
    on_result: Callable[[Any], dict | None] | None = None,
) -> list:
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

        bar = tqdm(
            total=games, initial=len(done), desc=job.tool, unit="game", file=sys.stderr, mininterval=0.5, smoothing=0.1
        )
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
        raise RunError(
            f"{error}. {results} is kept ({finished} game{'s' if finished != 1 else ''} finished): "
            "run the same command again to resume"
        ) from None
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()
    return [done[index] for index in range(games)]


def chunks(indexes: Sequence[int], size: int, workers: int) -> list[list[int]]:
    """Indexes in tasks of at most `size` games, small enough that every worker gets several."""
    size = max(1, min(size, len(indexes) // max(1, 4 * workers)))
    return [list(indexes[i : i + size]) for i in range(0, len(indexes), size)]


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
        print(
            f"{job.tool}: a worker process died; {lost} unfinished game{'s' if lost != 1 else ''} go to new workers",
            file=sys.stderr,
        )
    raise RunError(
        f"worker processes died {MAX_POOL_RESTARTS + 1} times in a row (games "
        f"{', '.join(str(c[0]) for c in pending[:5])}...); run with --jobs 1 to see the error"
    )


# Scheduler address schemes this tool connects to: tcp (also a bare host:port, which Dask reads as
# tcp) and inproc (a scheduler in this very process: the tests). tls needs certificates this tool
# takes no options for, ucx needs UCX-Py: both fail deep inside Dask with a TypeError otherwise.
CLUSTER_SCHEMES = ("tcp", "inproc")
CLUSTER_POLL_SECONDS = 0.1  # how often a cluster run looks for finished tasks
CLUSTER_CHECK_SECONDS = 1.0  # how often it asks the scheduler whether any worker is left


def check_address(address: str) -> None:
    """RunError with a sentence for a scheduler address this tool cannot connect to."""
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "tcp", address
    if scheme.lower() not in CLUSTER_SCHEMES:
        raise RunError(
            f"--cluster {address}: the {scheme}:// scheme is not supported; give the scheduler's "
            "tcp:// address (e.g. tcp://host:8786), or local:N to start local workers"
        )
    if scheme.lower() == "tcp":
        host, colon, port = rest.rpartition(":")
        if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise RunError(
                f"--cluster {address}: expected a scheduler address tcp://HOST:PORT "
                "(e.g. tcp://127.0.0.1:8786), or local:N to start local workers"
            )


SCHEDULER_GREETING_S = 5.0  # a Dask scheduler sends its handshake at once on a new connection


def probe_scheduler(address: str, seconds: float | None = None) -> None:
    """RunError unless the service at a tcp:// `address` speaks first, as a Dask scheduler does
    (it writes its handshake as soon as it accepts). A service that waits for a request (a web
    server, say) would otherwise keep Dask's client waiting for ever."""
    import socket

    seconds = SCHEDULER_GREETING_S if seconds is None else seconds
    scheme, separator, rest = address.partition("://")
    if separator and scheme.lower() != "tcp":  # inproc:// (in one process): nothing to probe
        return
    rest = rest if separator else address
    host, _, port = rest.rpartition(":")
    how = (
        f"start one with `dask scheduler` and workers with `dask worker {address} --nthreads 1`, "
        "or try --cluster local:2"
    )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds) as connection:
            connection.settimeout(seconds)
            greeting = connection.recv(8)
    except TimeoutError:
        raise RunError(
            f"the service at {address} does not answer as a Dask scheduler (it said nothing "
            f"within {seconds:.0f} s of a connection); {how}"
        ) from None
    except OSError as error:
        raise RunError(f"could not reach a Dask scheduler at {address} ({error.strerror or error}); {how}") from None
    if not greeting:
        raise RunError(f"the service at {address} closed the connection at once: not a Dask scheduler; {how}")


def open_cluster(backend: Backend):
    """(client, cluster or None): connects to the scheduler, or starts a local cluster."""
    import logging

    from distributed import Client, LocalCluster

    if backend.address.startswith("local:"):
        cluster = LocalCluster(
            n_workers=backend.jobs,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
        return Client(cluster), cluster
    check_address(backend.address)
    probe_scheduler(backend.address)
    how = (
        f"start one with `dask scheduler` and workers with `dask worker {backend.address} --nthreads 1`, "
        "or try --cluster local:2"
    )
    try:
        return Client(backend.address, timeout="10s"), None
    except (OSError, TimeoutError) as error:
        raise RunError(f"could not reach a Dask scheduler at {backend.address} ({error}); {how}") from None
    except MemoryError:  # a garbage frame length read as a size (e.g. an HTTP server's answer)
        raise RunError(
            f"the service at {backend.address} does not answer as a Dask scheduler "
            f"(its reply is not a Dask message); {how}"
        ) from None
    except Exception as error:  # TypeError, ValueError, AssertionError...: Dask read something that is no scheduler
        raise RunError(
            f"the service at {backend.address} does not answer as a Dask scheduler "
            f"({type(error).__name__}: {str(error)[:80]}); {how}"
        ) from None


def _worker_count(client) -> int | None:
    """Workers the scheduler has now; None when it cannot be asked (the connection is gone)."""
    if client.status not in ("running", "connecting"):
        return None
    try:
        return len(client.scheduler_info().get("workers", {}))
    except Exception:  # the scheduler went away while asked
        return None


def wait_for_workers(client, backend: Backend, tool: str) -> None:
    """Return once the scheduler has a worker; say so on stderr while waiting, and raise
    RunError after `backend.wait_seconds` without one."""
    if client.scheduler_info().get("workers"):
        return
    from tqdm import tqdm

    tqdm.write(
        f"{tool}: waiting for workers at {backend.address} (start them with `dask worker {backend.address} "
        f"--nthreads 1`; giving up after {backend.wait_seconds:g} s, --cluster-wait)",
        file=sys.stderr,
    )
    try:
        client.wait_for_workers(1, timeout=backend.wait_seconds)
    except TimeoutError:
        raise RunError(
            f"no worker joined the Dask scheduler at {backend.address} within {backend.wait_seconds:g} s "
            f"(--cluster-wait); start workers with `dask worker {backend.address} --nthreads 1`, "
            "or try --cluster local:2"
        ) from None


class _QuietDask:
    """Dask's own loggers quiet during a run: a lost scheduler is reported as one sentence, not
    as the client's reconnection tracebacks."""

    def __enter__(self):
        import logging

        names = [
            "distributed",
            *(name for name in logging.root.manager.loggerDict if name.startswith(("distributed.", "tornado"))),
        ]
        self.levels = {}
        for name in names:
            logger = logging.getLogger(name)
            self.levels[logger] = logger.level
            logger.setLevel(logging.CRITICAL)
        return self

    def __exit__(self, *exc) -> None:
        for logger, level in self.levels.items():
            logger.setLevel(level)


def _run_cluster(job: Job, todo: list[int], backend: Backend, collect) -> None:
    """Dask: one task per chunk; a lost worker's tasks are rescheduled by the scheduler. A lost
    scheduler, or no worker left for `--cluster-wait` seconds, stops the run with a RunError
    (the games already collected are kept by the caller)."""
    with _QuietDask():
        client, cluster = open_cluster(backend)
        try:
            if cluster is None:
                wait_for_workers(client, backend, job.tool)
            workers = len(client.scheduler_info().get("workers", {})) or backend.jobs or 1
            tasks = chunks(todo, job.chunk, workers)
            futures = client.map(play_chunk, [job] * len(tasks), tasks, pure=False)
            try:
                _collect_cluster(futures, client, backend, job.tool, collect)
            finally:
                try:
                    client.cancel(futures)
                except Exception:  # the scheduler is gone already
                    pass
        finally:
            try:
                client.close(timeout=5)
            except Exception:
                pass
            if cluster is not None:
                cluster.close()


def _collect_cluster(futures, client, backend: Backend, tool: str, collect) -> None:
    from distributed import as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    lost = RunError(
        f"lost the Dask scheduler at {backend.address} in the middle of the run (it stopped or "
        "restarted, or the network failed)"
    )
    finished = as_completed(futures)
    checked = time.monotonic()
    alone_since = None  # when the scheduler was found without workers
    while not finished.is_empty():
        batch = finished.next_batch(block=False)
        for future in batch:
            if future.cancelled():
                raise lost
            try:
                played = future.result(timeout=CLUSTER_CHECK_SECONDS)
            except TimeoutError:
                # Finished, but its result was on a worker that left before it was fetched (the
                # future is "lost"): the scheduler plays it again once a worker is there, and the
                # loop below gives up when none comes. Without the timeout this waited forever.
                finished.add(future)
                continue
            except KilledWorker as error:
                raise RunError(
                    f"a game killed {backend.describe()} workers repeatedly ({error}); run it with --jobs 1 to see why"
                ) from None
            except (FutureCancelledError, asyncio.CancelledError):
                raise lost from None
            future.release()
            if not isinstance(played, list):  # not what play_chunk returns: the task was lost
                raise lost
            for index, result in played:
                collect(index, result)
        if batch:
            continue
        now = time.monotonic()
        if now - checked >= CLUSTER_CHECK_SECONDS:
            checked = now
            count = _worker_count(client)
            if count is None:
                if client.status in ("closing", "closed", "failed"):
                    raise lost
            elif count > 0:
                alone_since = None
            elif alone_since is None:
                alone_since = now
                print(
                    f"{tool}: every worker left; waiting for workers at {backend.address} (giving up after "
                    f"{backend.wait_seconds:g} s, --cluster-wait)",
                    file=sys.stderr,
                    flush=True,
                )
            elif now - alone_since > backend.wait_seconds:
                raise RunError(
                    f"every worker left the Dask scheduler at {backend.address} and none joined within "
                    f"{backend.wait_seconds:g} s (--cluster-wait); start workers with "
                    f"`dask worker {backend.address} --nthreads 1`"
                )
        time.sleep(CLUSTER_POLL_SECONDS)


_EXECUTORS = {Kind.INLINE: _run_inline, Kind.PROCESSES: _run_processes, Kind.CLUSTER: _run_cluster}


# ---------------------------------------------------------------------------------- results file


class ResultsFile:
    """JSON lines: a header naming the run, then one game per line in the order they finished.

    A line cut short by an interruption (the last one, without its newline) is dropped and
    replayed; a file of another run (other settings) is refused rather than mixed."""

    def __init__(self, path: Path, job: Job):
        self.path = Path(path)
        self.job = job
        self.header = {
            "duelmind_run": RESULTS_VERSION,
            "tool": job.tool,
            "settings": json.loads(json.dumps(job.identity(), default=str)),
        }
        self._file = None

    def load(self) -> dict[int, Any]:
        """The games already in the file. A file that cannot be read, or holds a line that is not
        a game of this run, is refused with a RunError naming the file and line, and left as it is."""
        if self.path.is_dir():
            raise RunError(f"--results {self.path} is a folder; give a file name, e.g. {self.path / 'results.jsonl'}")
        try:
            # Regular files only (a FIFO would block forever); a results file may be large.
            raw = read_bytes_file(self.path, max_bytes=RESULTS_MAX_BYTES)
        except FileNotFoundError:
            raw = b""
        except JsonFileError as error:
            raise RunError(
                f"--results {self.path} cannot be read ({error.message}); it is left as it is: "
                "use another --results file"
            ) from None
        except OSError as error:
            raise RunError(
                f"--results {self.path} cannot be read ({error.strerror or error}); it is left as it "
                "is: use another --results file"
            ) from None
        if not raw:
            self._open(write_header=True)
            return {}
        lines = raw.split(b"\n")
        complete, tail = lines[:-1], lines[-1]  # tail: after the last newline (empty when whole)
        if tail and not _cut_short(tail, HEADER_START if not complete else GAME_START):
            number = len(complete) + 1
            raise RunError(
                f"{self.path}:{number}: the last line is neither a game nor a line cut short by an "
                "interruption; this is not a results file of a run, or it was edited (use another "
                "--results file)"
            )
        games: dict[int, Any] = {}
        for number, line in enumerate(complete, 1):
            data = self._parse(line, number)
            if number == 1:
                self._check_header(data)
                continue
            index, game = self._game(data, number)
            games[index] = game
        if not complete:  # only a cut-short header
            self.path.write_bytes(b"")
            self._open(write_header=True)
            return {}
        if tail:  # the last game was being written when the run stopped
            self.path.write_bytes(raw[: len(raw) - len(tail)])
        self._open(write_header=False)
        return games

    def _parse(self, line: bytes, number: int) -> Any:
        from game.rules.safe_json import JsonFileError, decode_utf8, parse_json_text

        where = f"{self.path}:{number}"
        try:
            return parse_json_text(decode_utf8(line, where), where)
        except (JsonFileError, ValueError, RecursionError):
            raise RunError(
                f"{where}: not a JSON line; this is not a results file of a run, or it was edited "
                "(use another --results file)"
            ) from None

    def _game(self, data: Any, number: int) -> tuple[int, Any]:
        """(index, game) of line `number`; RunError naming the line when it is not a game of this run."""
        where = f"{self.path}:{number}"
        edited = "the file was edited or is damaged (use another --results file)"
        if not isinstance(data, dict) or "index" not in data or "game" not in data:
            shown = type(data).__name__ if not isinstance(data, dict) else "an object without index and game"
            raise RunError(f"{where}: expected a game {{\"index\": N, \"game\": {{...}}}}, found {shown}; {edited}")
        index = data["index"]
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < MAX_GAME_INDEX:
            raise RunError(f"{where}: the game index {str(index)[:40]} is not a game number (0 or more); {edited}")
        try:
            game = self.job.decode(data["game"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as error:
            raise RunError(f"{where}: game {index} cannot be read back ({_reason(error)}); {edited}") from None
        return index, game

    def _check_header(self, data: dict) -> None:
        if not isinstance(data, dict) or data.get("duelmind_run") != RESULTS_VERSION:
            raise RunError(f"{self.path} is not a Duelmind results file (its first line names no run)")
        if data.get("tool") != self.header["tool"]:
            raise RunError(
                f"{self.path} holds games of `{data.get('tool')}`, not `{self.job.tool}`; use another --results file"
            )
        theirs, ours = data.get("settings", {}), self.header["settings"]
        if not isinstance(theirs, dict):
            raise RunError(
                f"{self.path}:1: the run's settings are not an object; the file was edited or is "
                "damaged (use another --results file)"
            )
        if theirs != ours:
            differ = sorted(key for key in set(theirs) | set(ours) if theirs.get(key) != ours.get(key))
            shown = ", ".join(f"{key} {theirs.get(key)!r} there, {ours.get(key)!r} now" for key in differ)
            raise RunError(
                f"{self.path} holds games of another run ({shown}); rerun with the same options "
                "to resume it, or use another --results file"
            )

    def _open(self, write_header: bool) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (open for the run; close())
        except OSError as error:
            raise RunError(f"--results {self.path} cannot be written ({error.strerror or error})") from None
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


HEADER_START = b'{"duelmind_run":'  # how the lines ResultsFile writes begin (compact JSON)
GAME_START = b'{"index":'
MAX_GAME_INDEX = 10**9  # no run plays more games


def _cut_short(tail: bytes, start: bytes) -> bool:
    """Whether `tail`, a last line without its newline, is the beginning of a line we write."""
    return tail.startswith(start) or start.startswith(tail)


def _reason(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"no {error.args[0]!r}" if error.args else "a field is missing"
    text = str(error).strip() or type(error).__name__
    return text[:120]


def interrupted_message(tool: str, results: Path | None) -> str:
    if results is None:
        return f"{tool}: interrupted (with --results FILE.jsonl a rerun resumes where it stopped)"
    return f"{tool}: interrupted; the finished games are in {results}: run the same command again to resume"


def absolute(path: str | os.PathLike) -> str:
    return str(Path(path).resolve())
