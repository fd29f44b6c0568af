"""Every command logs the same way: a rotating file in the user log folder (under
$DUELMIND_HOME/logs in tests), INFO by default and DEBUG with --debug, never on stdout;
`saves` names the folder; a folder that cannot be written leaves the command running."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import logs
from game.cli import main
from game.version import __version__

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    root = logging.getLogger()
    if logs._handler is not None:  # leave no file handler behind for the other tests
        root.removeHandler(logs._handler)
        logs._handler.close()
        logs._handler = None
    root.setLevel(logging.WARNING)


def test_version_is_printed_by_the_command(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"duelmind {__version__}\n"


def test_a_command_writes_its_start_to_the_log_file_and_not_to_stdout(home, capsys):
    assert main(["levels", "validate"]) == 0
    out = capsys.readouterr().out
    assert "Duelmind" not in out and "INFO" not in out
    text = (home / "logs" / "duelmind.log").read_text(encoding="utf-8")
    assert f"Duelmind {__version__}: levels validate" in text
    assert logging.getLogger().level == logging.INFO
    logging.getLogger("game.test").debug("a detail")
    assert "a detail" not in (home / "logs" / "duelmind.log").read_text(encoding="utf-8")


def test_debug_anywhere_on_the_line_logs_more(home):
    assert main(["--debug", "levels", "validate"]) == 0
    assert logging.getLogger().level == logging.DEBUG
    logging.getLogger("game.test").debug("a detail")
    assert "DEBUG   " in (home / "logs" / "duelmind.log").read_text(encoding="utf-8")
    assert main(["levels", "validate", "--debug"]) == 0
    assert logging.getLogger().level == logging.DEBUG


def test_the_log_rotates_instead_of_growing(home, monkeypatch):
    monkeypatch.setattr(logs, "LOG_BYTES", 2_000)
    logs.setup_logging(command="test")
    for n in range(200):
        logging.getLogger("game.test").info("line %d with some words to fill the file", n)
    names = sorted(p.name for p in (home / "logs").iterdir())
    assert "duelmind.log" in names and "duelmind.log.1" in names
    assert len([n for n in names if n.startswith("duelmind.log")]) <= logs.LOG_BACKUPS + 1
    assert all(p.stat().st_size <= 2_500 for p in (home / "logs").glob("duelmind.log*"))


def test_an_unwritable_log_folder_leaves_the_command_running(home, capsys):
    home.mkdir(parents=True)
    (home / "logs").write_text("a file where the folder should be")
    assert logs.setup_logging(command="test") is None
    assert main(["levels", "validate"]) == 0
    assert capsys.readouterr().out.startswith("ok")


def test_crash_reports_are_pruned_to_the_newest(home, monkeypatch):
    monkeypatch.setattr(logs, "CRASHES_KEPT", 3)
    for n in range(5):
        try:
            raise ValueError(f"fault {n}")
        except ValueError as error:
            path, text = logs.write_crash_report(error, "duel")
        assert path is not None and f"fault {n}" in path.read_text(encoding="utf-8")
    kept = logs.crash_reports()
    assert len(kept) == 3 and "fault 4" in kept[-1].read_text(encoding="utf-8")


def test_saves_names_the_log_folder_and_its_crash_reports(home, capsys):
    try:
        raise ValueError("fault")
    except ValueError as error:
        logs.write_crash_report(error, "title")
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert f"logs:       {home / 'logs'} (1 crash report(s), newest crash-" in out


def test_protocol_bots_keep_stdout_clean(tmp_path):
    env = dict(os.environ, DUELMIND_HOME=str(tmp_path / "home"))
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    done = subprocess.run(
        [sys.executable, "main.py", "brain", "gomocup"],
        input="START 15\nBEGIN\nEND\n",
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split()
    assert lines[0] == "OK" and len(lines) == 2 and len(lines[1].split(",")) == 2
    assert "brain gomocup" in (tmp_path / "home" / "logs" / "duelmind.log").read_text(encoding="utf-8")
