"""`gomocup match`: the project's brain against itself, and against deliberately broken brains
(crashing, hanging, answering garbage, playing an occupied point). Each broken brain loses
cleanly, the runner finishes quickly and no process is left behind."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.rules.gomoku import BLACK, WHITE, GomokuState
from game.tools.gomocup_match import MatchConfig, load_openings, run_match, summary

REPO = Path(__file__).resolve().parents[2]
PYTHON = shlex.quote(sys.executable)
OUR_BRAIN = f"{PYTHON} {shlex.quote(str(REPO / 'main.py'))} brain gomocup"
OPENING = [[(8, 9), (6, 6), (5, 7), (7, 6)]]  # the book's first opening; black to move

# A broken brain answers START and the INFO lines like a real one, then misbehaves when asked
# for a move (BEGIN, BOARD ... DONE or TURN).
BROKEN_BRAIN = """
import os, subprocess, sys, time
mode, pid_file = sys.argv[1], sys.argv[2]
in_board = False
for line in sys.stdin:
    word = line.strip().upper()
    if word.startswith("START"):
        print("OK", flush=True)
    elif word == "BOARD":
        in_board = True
    elif word == "END":
        break
    elif word in ("DONE", "BEGIN") or word.startswith("TURN"):
        if mode == "crash":
            raise SystemExit("crashed on purpose")
        if mode == "hang":
            # a child in the same process group, to check that the whole group is killed
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            with open(pid_file, "w") as f:
                f.write(f"{os.getpid()} {child.pid}")
            time.sleep(600)
        if mode == "garbage":
            print("DEBUG thinking hard", flush=True)
            print("I resign, good game", flush=True)
        if mode == "occupied":
            print("8,9", flush=True)  # the opening's first stone
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its (re)parent to reap it is dead too
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _broken(tmp_path: Path, mode: str) -> str:
    script = tmp_path / "broken_brain.py"
    script.write_text(textwrap.dedent(BROKEN_BRAIN))
    return f"{PYTHON} {shlex.quote(str(script))} {mode} {shlex.quote(str(tmp_path / 'pids.txt'))}"


@pytest.mark.parametrize(
    "mode, reason",
    [
        ("crash", "closed its output"),
        ("hang", "timed out"),
        ("garbage", "answered 'I resign, good game' instead of a move x,y"),
        ("occupied", "played the occupied point 8,9"),
    ],
)
def test_a_broken_brain_loses_cleanly_and_leaves_nothing_behind(tmp_path, mode, reason):
    config = MatchConfig(turn_ms=400, start_ms=5000)
    lines: list[str] = []
    # The broken brain is p1: black in game 1 (asked first, with BOARD), white in game 2 (TURN).
    result = run_match(
        _broken(tmp_path, mode), f"{OUR_BRAIN} --level easy", 2, OPENING, config, cwd=REPO, out=lines.append
    )
    assert len(result.records) == 2
    for record in result.records:
        broken_colour = BLACK if record.names[0] == "p1" else WHITE
        assert record.failed == broken_colour, (record.reason, lines)
        assert record.winner == (WHITE if broken_colour == BLACK else BLACK)
        assert reason in record.reason
    report = "\n".join(summary(result, {"p1": "broken", "p2": "easy"}, config))
    assert "p1: 0/2 = 0.0%" in report and "p2: 2/2 = 100.0%" in report and "lost by failing" in report
    if mode == "hang":
        pids = [int(pid) for pid in (tmp_path / "pids.txt").read_text().split()]
        deadline = time.monotonic() + 3
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in pids), "the hanging brain's process group survived"


@pytest.mark.slow
def test_the_project_brain_against_itself(tmp_path):
    # The brain thinks about as long as it did with a 250 ms turn limit (a fair share of an 8 s
    # match clock: about 130-200 ms a move), but the limits it must keep leave room for a busy
    # machine (pytest -n 2 beside four brains on two cores): a reply may take 5 s, a game 8 s.
    config = MatchConfig(turn_ms=5000, match_ms=8000, start_ms=5000)
    lines: list[str] = []
    result = run_match(
        f"{OUR_BRAIN} --level hard",
        f"{OUR_BRAIN} --level hard",
        2,
        load_openings()[:1],
        config,
        jobs=2,
        cwd=REPO,
        psq_dir=tmp_path / "psq",
        out=lines.append,
    )
    assert [r.index for r in result.records] == [0, 1]
    for record in result.records:
        assert record.failed is None, record.reason
        assert record.winner in (BLACK, WHITE, 0)
        assert all(ms <= config.turn_ms for colour in (BLACK, WHITE) for ms in record.reply_ms[colour])
        # The .psq record replays to the same finished game (1-based x,y,ms lines).
        psq = (tmp_path / "psq" / f"game_{record.index + 1:03d}.psq").read_text().splitlines()
        assert psq[0] == "Piskvorky 15x15, 11:11, 0"
        replay = GomokuState(15)
        for line in psq[1 : psq.index("-1")]:
            x, y, _ = (int(v) for v in line.split(","))
            replay.play(x - 1, y - 1)
        assert replay.moves == record.moves and replay.winner == record.winner
        # So does the Duelmind replay beside it, and the .psq read back as a replay.
        from game.rules.replays import Playback, read_replay
        from game.rules.replays.psq import replay_from_psq

        duelmind = Playback(read_replay(tmp_path / "psq" / f"game_{record.index + 1:03d}.replay.json"))
        from_psq = Playback(replay_from_psq("\n".join(psq), "game.psq"))
        expected = {BLACK: 0, WHITE: 1}.get(record.winner)
        assert duelmind.final.winner == from_psq.final.winner == duelmind.replay.result.winner == expected
    report = summary(result, {"p1": "hard", "p2": "hard"}, config)
    assert report[0].startswith("2 games, freestyle, 15x15, 5000 ms per move, 8000 ms per game")
    assert any("p99" in line for line in report)


def test_the_command_line_runs_a_match_and_rejects_bad_options(tmp_path):
    openings = tmp_path / "openings.txt"
    openings.write_text("# one opening per line\n7,7 8,8 7,8\n")
    command = [
        sys.executable,
        "main.py",
        "gomocup",
        "match",
        "--p1",
        _broken(tmp_path, "garbage"),
        "--p2",
        f"{OUR_BRAIN} --level novice",
        "--games",
        "1",
        "--turn-ms",
        "300",
        "--openings",
        str(openings),
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "game 1: opening 1, p1 black, p2 white: p2 won, p1 (black answered 'I resign, good game'" in done.stdout
    assert "p2: 1/1 = 100.0%" in done.stdout
    openings.write_text("7,7 8,8 nonsense\n")
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "openings.txt, line 1: a move is 'x,y', got 'nonsense'" in done.stderr
