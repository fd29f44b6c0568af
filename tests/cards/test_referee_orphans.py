"""No bot process outlives its game: a bot that starts a child in a session of its own
(`setsid sleep 600 &`: out of the process group the referee kills) used to leave it running after
`referee` and `gomocup match` ended. The referees track a bot's descendants with psutil while it
runs and end them all when the game ends."""

from __future__ import annotations

import os
import random
import shlex
import sys
import time

import psutil
import pytest

from game.tools.referee import BotProcess, Limits, run_match
from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not os.path.exists("/usr/bin/setsid"), reason="needs setsid (POSIX)"
)

PY = shlex.quote(sys.executable)
MAIN = shlex.quote(str(REPO_ROOT / "main.py"))


def _sleepers(marker: str) -> list[psutil.Process]:
    """Running (not zombie) processes `sleep MARKER`."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        try:
            if process.info["cmdline"] == ["sleep", marker] and process.info["status"] != psutil.STATUS_ZOMBIE:
                found.append(process)
        except (psutil.Error, TypeError):
            continue
    return found


@pytest.fixture
def marker():
    """A unique `sleep` duration naming this test's orphans; whatever happens, they are killed after."""
    text = f"600.{random.randrange(10**6, 10**7)}"
    yield text
    for process in _sleepers(text):
        try:
            process.kill()
        except psutil.Error:
            pass


def _spawning(marker: str, command: str) -> str:
    """`command`, after starting `sleep MARKER` in a session of its own (the shell stays its parent)."""
    return f"setsid sleep {marker} & {command}"


def test_bot_process_ends_a_child_that_left_its_group(marker):
    bot = BotProcess(_spawning(marker, f"{PY} -c 'import sys; sys.stdin.readline(); print(1, flush=True)'"), 0)
    try:
        for _ in range(500):  # bounded: the shell starts the sleeper at once
            bot.track()
            if _sleepers(marker):
                break
            time.sleep(0.01)
        bot.track()
        assert _sleepers(marker), "the test bot did not start its sleeper"
        [sleeper] = _sleepers(marker)
        assert os.getsid(sleeper.pid) != os.getsid(bot.proc.pid)  # really out of the bot's session
    finally:
        bot.close()
    assert _sleepers(marker) == []


def test_referee_leaves_no_process_of_a_bot_behind(marker, locm_cards):
    bot = _spawning(marker, f"{PY} {MAIN} bot locm --ai random")
    limits = Limits(draft_first_ms=10_000, draft_ms=2_000, first_turn_ms=10_000, turn_ms=2_000)
    result = run_match(
        bot, f"{PY} {MAIN} bot locm --ai random", 1, list(locm_cards.values()), limits=limits, out=lambda line: None
    )
    assert result.games == 1
    assert _sleepers(marker) == []


def test_gomocup_match_leaves_no_process_of_a_brain_behind(marker):
    from game.tools.gomocup_match import MatchConfig
    from game.tools.gomocup_match import run_match as gomocup_match

    brain = _spawning(marker, f"exec {PY} {MAIN} brain gomocup --level novice")
    config = MatchConfig(turn_ms=2000, start_ms=20_000)
    result = gomocup_match(
        brain,
        f"{PY} {MAIN} brain gomocup --level novice",
        1,
        [[(8, 9), (6, 6), (5, 7), (7, 6)]],
        config,
        cwd=REPO_ROOT,
        out=None,
    )
    assert len(result.records) == 1 and result.records[0].winner is not None
    assert _sleepers(marker) == []
