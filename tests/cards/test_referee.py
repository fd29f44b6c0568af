"""`python main.py referee`: matches between external bot processes. Bots that crash, hang,
print garbage, flood or close their output lose quickly, and the referee always finishes."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.tools.referee import BotProcess, Limits, load_decks, play_game, run_match, summary

from tests.conftest import REPO_ROOT

PY = sys.executable
EASY = f"{PY} main.py bot locm --ai easy"
FAST_FAIL = Limits(draft_first_ms=3000, draft_ms=1000, first_turn_ms=3000, turn_ms=1000)


def _game(cards, commands, limits=FAST_FAIL, decks=None, lanes=1):
    """The game's report (a bot that never answers is stopped by the limits, and a test that
    hangs anyway by pytest-timeout: no wall-clock assertion here)."""
    return play_game(commands, list(cards.values()), random.Random(0), lanes, limits, decks, cwd=REPO_ROOT)


def _decks(cards):
    ids = [3, 6, 9, 15, 19, 22, 23, 8, 11, 17] * 3
    return [[cards[i] for i in ids], [cards[i] for i in ids]]


def test_full_match_from_the_command_line():
    result = subprocess.run(
        [
            PY,
            "main.py",
            "referee",
            "--p1",
            EASY,
            "--p2",
            f"{EASY} --seed 5",
            "--games",
            "2",
            "--seed",
            "3",
            "--draft-ms",
            "3000/1000",
            "--first-turn-ms",
            "3000",
            "--turn-ms",
            "1000",
        ],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("game 1: ") and "(p1 moved first)" in lines[0]
    assert lines[1].startswith("game 2: ") and "(p1 moved second)" in lines[1]
    assert lines[2] == "2 games"
    p1 = next(line for line in lines if line.startswith("p1: "))
    p2 = next(line for line in lines if line.startswith("p2: "))
    wins = int(p1.split()[1]) + int(p2.split()[1])
    assert wins == 2
    assert "95% Wilson interval" in p1 and "0 lost by failing" in p1 and "0 lost by failing" in p2
    assert any(line.strip().startswith("battle turns:") and "p99" in line for line in lines)


def test_crashing_bot_loses_at_once(locm_cards):
    report = _game(locm_cards, [f'{PY} -c "import sys; sys.exit(1)"', EASY])
    assert report.winner == 1
    assert "closed its" in report.reason and "exit code 1" in report.reason


def test_hanging_bot_times_out_and_is_killed(locm_cards):
    # The fail-fast limits (3 s for a first answer): the real bot on the other seat must answer
    # in time on a loaded machine (pytest -n 2), only the sleeping one must not.
    report = _game(locm_cards, [EASY, "sleep 100"])
    assert report.winner == 0
    assert "timed out (no answer within 3000 ms)" in report.reason


def _live_members(group: int) -> list[int]:
    """Processes of a process group that are still running (zombies are dead: killed, not yet
    reaped by an init that may never reap them)."""
    live = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, pgid = fields[0], int(fields[2])
        if pgid == group and state not in ("Z", "X"):
            live.append(int(stat.parent.name))
    return live


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_close_kills_the_whole_process_group():
    bot = BotProcess("sleep 100 & sleep 100", 0)
    group = bot.proc.pid
    time.sleep(0.2)
    assert len(_live_members(group)) >= 2  # the shell and its children
    bot.close()
    time.sleep(0.1)
    assert _live_members(group) == []


@pytest.mark.parametrize(
    "command, reason",
    [
        ("yes garbage", "bad draft answer 'garbage'"),
        (f"{PY} -c \"print('x' * 200000)\"", "answer line longer than 65536 bytes"),
        ("exec 1>&-; sleep 5", "closed its output"),
        ("echo PICK 7", "PICK 7: the offer has cards 0 to 2"),
    ],
)
def test_misbehaving_bots_lose_in_the_draft(locm_cards, command, reason):
    report = _game(locm_cards, [EASY, command])
    assert report.winner == 0
    assert reason in report.reason, report.reason


def test_unparseable_battle_answer_loses(locm_cards):
    report = _game(locm_cards, [EASY, "yes 'ATTACK three -1'"], decks=_decks(locm_cards))
    assert report.winner == 0
    assert "unparseable answer 'ATTACK three -1'" in report.reason


def _turn_reader_bot(tmp_path, answer: str) -> str:
    """A bot that reads whole turns (using the project's own line counting) and always gives
    the same answer."""
    script = tmp_path / "bot.py"
    script.write_text(
        textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(REPO_ROOT)!r})
        from game.rules.cards.bot_input import turn_length
        lines = []
        for line in sys.stdin:
            lines.append(line)
            if turn_length(lines) == len(lines):
                lines = []
                print({answer!r}, flush=True)
    """)
    )
    return f"{PY} {script}"


def test_illegal_actions_are_skipped_with_warnings(locm_cards, tmp_path):
    bot = _turn_reader_bot(tmp_path, "ATTACK 99 -1;SUMMON 1000")
    report = _game(locm_cards, [bot, EASY], decks=_decks(locm_cards))
    assert report.failure is None
    assert report.winner == 1  # the easy bot wins the battle
    assert report.warnings
    assert all("illegal action skipped" in warning for warning in report.warnings)
    assert any("ATTACK 99 -1: creature 99 is not on your board" in warning for warning in report.warnings)


def test_match_swaps_seats_and_counts_failures(locm_cards):
    crash = f'{PY} -c "import sys; sys.exit(3)"'
    printed = []
    result = run_match(EASY, crash, 2, list(locm_cards.values()), limits=FAST_FAIL, cwd=REPO_ROOT, out=printed.append)
    assert result.wins == [2, 0] and result.failures == [0, 2]
    assert "(p1 moved first)" in printed[0] and "(p1 moved second)" in printed[1]
    assert all("p2 closed its" in line for line in printed)
    lines = summary(result, EASY, crash)
    # 2 wins of 2: Wilson low = 1 / (1 + 1.96^2 / 2) = 0.342; 0 of 2: high = 1 - 0.342.
    assert "p1: 2 wins (100.0%, 95% Wilson interval 34.2%-100.0%), 0 lost by failing" in lines[1]
    assert any("p2: 0 wins (0.0%, 95% Wilson interval 0.0%-65.8%), 2 lost by failing" in line for line in lines)


def test_decks_file(locm_cards, tmp_path):
    good = tmp_path / "decks.json"
    good.write_text(json.dumps([[1, 2, 3], [4, 5, 6]]))
    decks = load_decks(good, locm_cards)
    assert [[c.base_id for c in deck] for deck in decks] == [[1, 2, 3], [4, 5, 6]]
    for content, message in (
        ("[[1, 2], [999]]", "deck 2 names card 999"),
        ("[[1]]", "two non-empty lists"),
        ("not json", "cannot read decks"),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(content)
        with pytest.raises(ValueError, match=message):
            load_decks(bad, locm_cards)
    result = subprocess.run(
        [PY, "main.py", "referee", "--p1", "true", "--p2", "true", "--decks", str(bad)],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2 and "cannot read decks" in result.stderr


def test_missing_pool_is_a_clear_error(tmp_path):
    missing = tmp_path / "nowhere.txt"
    result = subprocess.run(
        [PY, "main.py", "referee", "--p1", "true", "--p2", "true", "--pool", str(missing)],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2
    assert f"card pool {missing}" in result.stderr and "--pool" in result.stderr
    help_text = subprocess.run(
        [PY, "main.py", "referee", "--help"], capture_output=True, text=True, cwd=REPO_ROOT, timeout=60
    ).stdout
    assert "the LOCM 1.2 list shipped with the rules" in " ".join(help_text.split())


def test_referee_does_not_import_the_ai_layer():
    code = "import sys, game.tools.referee; print(sorted(m for m in sys.modules if m == 'ai' or m.startswith('ai.')))"
    result = subprocess.run([PY, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, timeout=60)
    assert result.stdout.strip() == "[]", result.stdout + result.stderr
