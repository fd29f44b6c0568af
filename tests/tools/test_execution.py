"""The execution layer: in-process, local processes and a Dask cluster play the same games; a
killed worker loses only its in-flight games; an interrupted run resumes from its results file."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest

from game.tools import execution
from game.tools.execution import Backend, Kind, RunError
from tests.conftest import CARDLIST
from tests.tools.jobs import LoggingJob

INLINE = Backend(Kind.INLINE)
PROCESSES = Backend(Kind.PROCESSES, 2)
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="kills a worker with SIGKILL")


def cluster(address: str) -> Backend:
    return Backend(Kind.CLUSTER, 0, address)


# ------------------------------------------------------------------------- same seeds, same games


def test_balance_games_are_the_same_on_every_backend(cluster_address):
    from game.tools.balance import Settings, run_games

    runs = [
        run_games(Settings("random", seed=3, lanes=2), 10, progress=False, backend=backend)
        for backend in (INLINE, PROCESSES, cluster(cluster_address))
    ]
    assert [g.index for g in runs[0]] == list(range(10))
    assert runs[0] == runs[1] == runs[2]  # winner, turns, decks, offers, picks, mana curves of every game


def test_arena_games_are_the_same_on_every_backend(cluster_address):
    from game.tools.arena import run_match

    def games(backend):
        played = run_match("easy", "random", 6, budget_ms=5.0, seed=2, pool=CARDLIST, progress=False, backend=backend)
        return [(g.index, g.p1_won, g.turns, g.p1_decisions, g.p2_decisions, g.draft_cards) for g in played]

    inline = games(INLINE)
    assert len(inline) == 6 and inline == games(PROCESSES) == games(cluster(cluster_address))


def test_level_games_are_the_same_on_every_backend(cluster_address):
    from game.rules.levels.loader import find_level
    from game.tools.simulate_levels import run_games

    path = str(find_level("c1_first_spark"))

    def games(backend):
        played = run_games(path, 4, "random", budget_ms=5.0, seed=1, progress=False, backend=backend)
        return [(o.index, o.seed, o.won, o.stars, o.turns, o.objectives, o.warnings) for o in played]

    inline = games(INLINE)
    assert [g[0] for g in inline] == [0, 1, 2, 3]
    assert inline == games(PROCESSES) == games(cluster(cluster_address))


# ------------------------------------------------------------------------- faults


@posix_only
def test_a_killed_local_worker_process_loses_only_its_game(tmp_path, capsys):
    job = LoggingJob(str(tmp_path / "played.log"), seconds=0.02, kill_at=5)
    results = execution.run_games(job, 12, PROCESSES, progress=False)
    assert results == [{"i": i, "value": i * i} for i in range(12)]
    counts = Counter(job.played())
    assert counts[5] == 2  # killed mid-game, then played again
    # The broken pool takes down what it had in flight: the games running on both workers and
    # those already handed to its call queue (jobs + 1 of them), so at most 2 * jobs + 1 replays.
    assert sum(counts.values()) - 12 <= 2 * PROCESSES.jobs + 1 and set(counts) == set(range(12))
    assert "a worker process died" in capsys.readouterr().err


@posix_only
def test_a_killed_cluster_worker_loses_only_its_game(tmp_path, cluster_address):
    job = LoggingJob(str(tmp_path / "played.log"), seconds=0.05, kill_at=4)
    results = execution.run_games(job, 10, cluster(cluster_address), progress=False)
    assert results == [{"i": i, "value": i * i} for i in range(10)]
    counts = Counter(job.played())
    assert counts[4] == 2 and set(counts) == set(range(10))
    assert sum(counts.values()) - 10 <= 2  # a finished game not yet fetched from the dead worker may replay


# ------------------------------------------------------------------------- results file and resume


def test_an_interrupted_run_resumes_from_its_results_file(tmp_path):
    results = tmp_path / "run.jsonl"
    log = str(tmp_path / "played.log")
    with pytest.raises(KeyboardInterrupt):
        execution.run_games(LoggingJob(log, stop_at=6), 10, INLINE, results, progress=False)
    lines = results.read_text().splitlines()
    assert json.loads(lines[0])["tool"] == "test job" and len(lines) == 1 + 6  # games 0-5 saved
    with results.open("a") as cut:  # a line cut short by the interruption
        cut.write('{"index": 6, "ga')
    job = LoggingJob(log)
    assert execution.run_games(job, 10, INLINE, results, progress=False) == [
        {"i": i, "value": i * i} for i in range(10)
    ]
    assert job.played() == [0, 1, 2, 3, 4, 5, 6] + [6, 7, 8, 9]  # only the missing games were played again
    assert [json.loads(line)["index"] for line in results.read_text().splitlines()[1:]] == list(range(10))
    execution.run_games(job, 10, INLINE, results, progress=False)
    assert len(job.played()) == 11  # all there: nothing played


def test_a_results_file_of_another_run_is_refused(tmp_path):
    results = tmp_path / "run.jsonl"
    execution.run_games(LoggingJob(str(tmp_path / "a.log")), 2, INLINE, results, progress=False)
    with pytest.raises(RunError, match="holds games of another run"):
        execution.run_games(LoggingJob(str(tmp_path / "b.log")), 2, INLINE, results, progress=False)
    (tmp_path / "notes.jsonl").write_text("hello\n")
    with pytest.raises(RunError, match="not a JSON line"):
        execution.run_games(LoggingJob(str(tmp_path / "a.log")), 2, INLINE, tmp_path / "notes.jsonl", progress=False)


def test_balance_resumes_with_the_same_report(tmp_path, capsys):
    from main import main

    whole = ["cards", "balance", "--games", "12", "--ai", "random", "--jobs", "1", "--json"]
    assert main(whole) == 0
    expected = json.loads(capsys.readouterr().out)
    results = tmp_path / "balance.jsonl"
    assert main([*whole[:3], "5", *whole[4:], "--results", str(results)]) == 0  # the first 5 games, then "stopped"
    capsys.readouterr()
    assert main([*whole, "--results", str(results), "--jobs", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == expected
    assert len(results.read_text().splitlines()) == 1 + 12
    assert main([*whole, "--results", str(results), "--lanes", "2"]) == 2
    assert "holds games of another run (lanes 1 there, 2 now)" in capsys.readouterr().err


# ------------------------------------------------------------------------- the command line


def test_without_the_engine_cluster_says_how_to_install_it(monkeypatch, capsys):
    from main import main

    monkeypatch.setattr(execution, "cluster_available", lambda: False)
    for command in (
        ["cards", "balance", "--games", "2"],
        ["arena", "--games", "2"],
        ["levels", "simulate", "c1_first_spark", "--games", "2"],
    ):
        assert main([*command, "--cluster", "local:2", "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert 'pip install -e ".[cluster]"' in err and "Traceback" not in err, command


def test_a_bad_cluster_address_is_a_sentence(capsys):
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    from main import main

    assert main(["cards", "balance", "--games", "2", "--cluster", "local:zero"]) == 2
    assert "expected local:N" in capsys.readouterr().err


def test_the_progress_bar_shows_an_eta_and_resumed_games(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    job = LoggingJob(str(tmp_path / "played.log"))
    execution.run_games(job, 3, INLINE, results, progress=False)
    execution.run_games(job, 5, INLINE, results, progress=True)
    err = capsys.readouterr().err
    assert "test job" in err and "5/5" in err and "<" in err  # tqdm's elapsed<remaining
    assert job.played() == [0, 1, 2, 3, 4]
