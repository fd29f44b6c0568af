"""Campaign progress and level saves: unlocking, resuming, damaged and future-version files, and
saves that survive the process being killed in the middle of writing them."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules.levels import LevelSession, load_campaign, load_campaign_levels, load_level
from game.rules.saves.progress import PROGRESS_VERSION, Progress, default_store
from game.rules.saves.store import Store

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def campaign():
    campaign = load_campaign()
    return campaign, load_campaign_levels(campaign)


def progress_in(path, campaign):
    return Progress(Store(path), *campaign)


def win(progress, level_id, campaign, stars=1, turns=5):
    from game.rules.levels.session import LevelResult

    return progress.record_result(campaign[1][level_id], LevelResult(True, stars, turns, [], "All objectives met."))


def test_saves_live_under_duelmind_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path))
    assert default_store().root == tmp_path / "data" / "campaign"


def test_levels_unlock_in_order_and_by_chapter_rules(tmp_path, campaign):
    progress = progress_in(tmp_path, campaign)
    assert progress.unlocked_levels() == ["c1_first_spark"]
    assert win(progress, "c1_first_spark", campaign) == ["c1_guard_duty"]
    newly = win(progress, "c1_guard_duty", campaign)
    assert newly == ["c1_clear_the_floor", "g1_five_stones"]  # the next lesson, and the stone garden chapter
    assert win(progress, "c1_clear_the_floor", campaign, stars=2) == ["c1_hold_the_line", "x_alchemists_riddle"]
    assert not progress.chapter_unlocked("tournament") and not progress.is_unlocked("c3_the_duelmind")
    reloaded = progress_in(tmp_path, campaign)
    assert reloaded.completed() == {"c1_first_spark": 1, "c1_guard_duty": 1, "c1_clear_the_floor": 2}
    assert reloaded.total_stars() == 4 and reloaded.data.granted == ["x_alchemists_riddle"]


def test_best_results_are_kept(tmp_path, campaign):
    from game.rules.levels.session import LevelResult

    progress = progress_in(tmp_path, campaign)
    level = campaign[1]["c1_apprentice_trial"]
    progress.record_result(level, LevelResult(False, 0, 9, [], "lost"))
    progress.record_result(level, LevelResult(True, 1, 11, [], "won"), seconds=300.26)
    progress.record_result(level, LevelResult(True, 2, 8, [], "won"), seconds=400)
    record = progress_in(tmp_path, campaign).record(level.id)
    assert (record.attempts, record.wins, record.stars, record.best_turns, record.best_seconds) == (3, 2, 2, 8, 300.3)


def test_a_level_in_progress_is_saved_and_resumed(tmp_path, campaign):
    level = load_level("c1_apprentice_trial")
    session = LevelSession.create(level, seed=8)
    session.start()
    session.apply("PASS")
    from ai.levels.opponents import make_opponent

    session.run_turn(make_opponent(session), 20)
    progress = progress_in(tmp_path, campaign)
    progress.save_run(session)
    assert progress.runs() == ["c1_apprentice_trial"]
    resumed = progress_in(tmp_path, campaign).resume(level)
    assert resumed.actions == session.actions and resumed.is_player_turn
    assert resumed.battle.sides[0].health == session.battle.sides[0].health


def test_a_finished_level_deletes_its_save(tmp_path, campaign):
    level = campaign[1]["c1_first_spark"]
    session = LevelSession.create(level, 0)
    session.start()
    progress = progress_in(tmp_path, campaign)
    progress.save_run(session)
    session.apply("PASS")
    assert session.over and progress.save_run(session) is None and progress.runs() == []


def aside(folder: Path, name: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(f"{name}.json.corrupt-"))


def test_damaged_progress_is_moved_aside_and_the_level_saves_are_kept(tmp_path, campaign):
    level = campaign[1]["c1_first_spark"]
    session = LevelSession.create(level, 0)
    session.start()
    progress_in(tmp_path, campaign).save_run(session)
    (tmp_path / "progress.json").write_text('{"version": 1, "levels": {"c1_first_spark": {"wins": ')
    progress = progress_in(tmp_path, campaign)
    assert len(progress.problems) == 1 and "Your campaign progress could not be read" in progress.problems[0]
    assert "moved to progress.json.corrupt-" in progress.problems[0]
    assert len(aside(tmp_path, "progress")) == 1 and not (tmp_path / "progress.json").exists()
    assert progress.completed() == {} and progress.resume(level) is not None
    progress.save()  # a fresh file; the damaged one stays aside
    assert len(aside(tmp_path, "progress")) == 1


def test_progress_with_nonsense_contents_is_moved_aside(tmp_path, campaign):
    (tmp_path / "progress.json").write_text(json.dumps({"version": 1, "levels": {"x": {"wins": "many"}}}))
    progress = progress_in(tmp_path, campaign)
    assert "its contents are not valid" in progress.problems[0] and len(aside(tmp_path, "progress")) == 1


def test_a_save_from_a_newer_game_is_moved_aside_and_the_others_kept(tmp_path, campaign):
    levels = campaign[1]
    for level_id in ("c1_first_spark", "c1_guard_duty"):
        session = LevelSession.create(levels[level_id], 0)
        session.start()
        progress_in(tmp_path, campaign).save_run(session)
    win(progress_in(tmp_path, campaign), "c1_first_spark", campaign)
    future = tmp_path / "run-c1_guard_duty.json"
    future.write_text(json.dumps({**json.loads(future.read_text()), "version": 99}))
    (tmp_path / "run-c1_clear_the_floor.json").write_text("\x00\x01 not json")
    progress = progress_in(tmp_path, campaign)
    assert progress.problems == [] and progress.completed() == {"c1_first_spark": 1}
    assert progress.resume(levels["c1_guard_duty"]) is None
    assert "newer than this game understands" in progress.problems[-1]
    assert "Your saved game of c1_guard_duty could not be read" in progress.problems[-1]
    assert progress.resume(levels["c1_clear_the_floor"]) is None and "unreadable" in progress.problems[-1]
    assert aside(tmp_path, "run-c1_guard_duty") and aside(tmp_path, "run-c1_clear_the_floor")
    assert progress.completed() == {"c1_first_spark": 1}


def test_a_save_that_no_longer_replays_is_moved_aside(tmp_path, campaign):
    (tmp_path / "run-c1_first_spark.json").write_text(
        json.dumps({"version": 1, "level": "c1_first_spark", "seed": 0, "actions": ["ATTACK 77 -1"]})
    )
    progress = progress_in(tmp_path, campaign)
    assert progress.resume(campaign[1]["c1_first_spark"]) is None
    assert "does not replay" in progress.problems[-1] and aside(tmp_path, "run-c1_first_spark")


def test_a_file_without_a_version_is_read_as_version_1(tmp_path, campaign):
    (tmp_path / "progress.json").write_text(json.dumps({"levels": {"c1_first_spark": {"wins": 1, "stars": 1}}}))
    progress = progress_in(tmp_path, campaign)
    assert progress.problems == [] and progress.completed() == {"c1_first_spark": 1}
    progress.save()
    assert json.loads((tmp_path / "progress.json").read_text())["version"] == PROGRESS_VERSION


WRITER = """
import os, sys, time
# A slower disk: the moment between the temporary file and the rename is long enough that the
# kills below land in it often, on an idle machine and a busy one alike.
real_fsync = os.fsync
os.fsync = lambda fd: (time.sleep(0.003), real_fsync(fd))[1]
from game.rules.saves.progress import Progress
from game.rules.saves.store import Store
progress = Progress(Store(sys.argv[1]), campaign=object(), levels={})
n = int(sys.argv[2])
while True:
    n += 1
    progress.data.cards = list(range(n, n + 30000))
    progress.save()
    if n == int(sys.argv[2]) + 1:
        print("saved once", flush=True)
"""


def test_a_progress_save_killed_at_random_moments_is_always_old_or_new(tmp_path):
    """50 times: a child process saves the progress in a loop and is killed with SIGKILL at a
    random moment; the file must always load, complete, at the last version seen or a later one."""
    rng = random.Random(7)
    store_dir = tmp_path / "saves"
    last = 0
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    # At least 50 kills, and on until one has landed mid-write (on a busy machine the first 50 may
    # all land between writes), at most 300.
    for kill in range(300):
        if kill >= 50 and list(store_dir.glob(".progress.json.*.tmp")):
            break
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(store_dir), str(last)],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout.readline().strip() == "saved once"
        time.sleep(rng.uniform(0.0, 0.04))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
        progress = Progress(Store(store_dir), campaign=object(), levels={})
        assert progress.problems == []
        cards = progress.data.cards
        first = cards[0]
        assert cards == list(range(first, first + 30000)), "a half-written file"
        assert first > last
        last = first
    # Kills landed between creating the temporary file and renaming it over the old one: mid-write.
    assert list(store_dir.glob(".progress.json.*.tmp"))


# ------------------------------------------------------------------ two windows, one folder


def test_two_progress_objects_keep_each_others_wins(tmp_path, campaign):
    first, second = progress_in(tmp_path, campaign), progress_in(tmp_path, campaign)
    win(first, "c1_first_spark", campaign)
    win(second, "g1_five_stones", campaign)  # loaded before the first win was written
    assert set(progress_in(tmp_path, campaign).completed()) == {"c1_first_spark", "g1_five_stones"}
    assert set(second.completed()) == {"c1_first_spark", "g1_five_stones"}  # it sees what is on disk now


def _record_many(folder: str, count: int) -> None:
    """A second process: record `count` lost attempts of one level, each on a fresh read."""
    from game.rules.levels.session import LevelResult

    level = load_level("c1_apprentice_trial")
    for _ in range(count):
        Progress(Store(folder)).record_result(level, LevelResult(False, 0, 3, [], "lost"))


def test_two_processes_recording_at_once_lose_nothing(tmp_path):
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_record_many, args=(str(tmp_path), 60)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
        assert worker.exitcode == 0
    record = Progress(Store(tmp_path)).record("c1_apprentice_trial")
    assert record.attempts == 120


def test_a_second_window_is_told_the_first_holds_the_saves(tmp_path):
    from game.rules.saves.progress import InstanceLock

    first, second = InstanceLock(tmp_path), InstanceLock(tmp_path)
    assert first.acquire() is True
    assert second.acquire() is False
    first.release()
    assert second.acquire() is True
    second.release()
