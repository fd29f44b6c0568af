"""FIFOs, devices and symbolic link loops where the game expects a data, save, level or settings
file (items 5 and 7 of the reliability review): the safe reader opens regular files only, so no
reader hangs, and each such path is one problem line for that file while the other files are
still checked.

A FIFO blocked `open()` forever once, so every test that reads one has a timeout: a regression
fails instead of hanging the suite (the commands run in a subprocess with its own timeout).
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import game.rules.safe_json as safe_json
from game.paths import levels_dir
from game.rules.cards.cardset import CardSetError, load_cardset
from game.rules.levels.loader import LevelError, load_level, validate_paths
from game.rules.safe_json import JsonFileUnreadable, NotARegularFile, read_json_file, read_text_file, safe_resolve
from game.rules.saves.store import Store
from game.rules.skirmish.data import DataError, load_roster

REPO = Path(__file__).resolve().parents[2]
CAMPAIGN = levels_dir() / "campaign"
needs_mkfifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
needs_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights on Windows")


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def loop(path: Path) -> Path:
    os.symlink(path.name, path)  # x.json -> x.json
    return path


def run_main(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DUELMIND_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )


@needs_mkfifo
@pytest.mark.timeout(30)
@pytest.mark.parametrize("reader", [read_text_file, read_json_file])
def test_the_safe_reader_refuses_a_fifo_without_blocking(tmp_path, reader):
    path = fifo(tmp_path / "settings.json")
    with pytest.raises(NotARegularFile) as caught:
        reader(path)
    assert str(caught.value) == f"{path} is not a regular file (a FIFO)"
    assert isinstance(caught.value, JsonFileUnreadable)  # content unknown: never written over


@needs_mkfifo
@pytest.mark.timeout(30)
def test_a_fifo_that_looks_regular_before_opening_is_caught_on_the_open_descriptor(tmp_path, monkeypatch):
    """The path can change between the check and the open: the non-blocking open and the fstat
    of the opened descriptor still refuse it."""
    path = fifo(tmp_path / "swapped.json")
    regular = os.stat(__file__)
    real_stat = os.stat
    monkeypatch.setattr(safe_json.os, "stat", lambda p, *a, **k: regular if Path(p) == path else real_stat(p, *a, **k))
    with pytest.raises(NotARegularFile, match=r"not a regular file \(a FIFO\)"):
        read_text_file(path)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.timeout(30)
def test_a_device_behind_a_symlink_is_refused_not_read_forever(tmp_path):
    link = tmp_path / "level.json"
    os.symlink("/dev/zero", link)
    with pytest.raises(NotARegularFile, match=r"not a regular file \(a character device\)"):
        read_json_file(link)


@needs_symlinks
def test_a_symlink_loop_is_an_unreadable_file_not_a_crash(tmp_path):
    path = loop(tmp_path / "x.json")
    with pytest.raises(NotARegularFile, match="symbolic link loop"):
        read_json_file(path)
    assert safe_resolve(path) == Path(os.path.abspath(path))  # Path.resolve raises RuntimeError in 3.11
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}: $: is a symbolic link loop (it leads back to itself), not a file"
    ]


@needs_mkfifo
@pytest.mark.timeout(60)
def test_store_keeps_a_fifo_at_the_settings_path_and_never_writes_over_it(tmp_path):
    store = Store(tmp_path)
    path = fifo(tmp_path / "settings.json")
    document = store.load("settings", 1, default={"volume": 5})
    assert document.data == {"volume": 5, "version": 1} or document.data == {"volume": 5}
    assert "not a regular file (a FIFO)" in document.problem
    assert store.is_blocked("settings")
    assert stat.S_ISFIFO(os.lstat(path).st_mode)  # kept as it was


@needs_mkfifo
@needs_symlinks
@pytest.mark.timeout(60)
def test_levels_validate_reports_each_special_file_once_and_checks_the_others(tmp_path):
    shutil.copy(CAMPAIGN / "g1_five_stones.json", tmp_path / "good.json")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    fifo(tmp_path / "pipe.json")
    loop(tmp_path / "x.json")
    problems, checked = validate_paths([tmp_path])
    assert checked == 4
    lines = [str(p) for p in problems]
    assert lines == [
        f"{tmp_path / 'broken.json'}: $: invalid JSON at line 1, column 2: Expecting property name "
        "enclosed in double quotes",
        f"{tmp_path / 'pipe.json'}: $: is not a regular file (a FIFO)",
        f"{tmp_path / 'x.json'}: $: is a symbolic link loop (it leads back to itself), not a file",
    ]
    result = run_main("levels", "validate", str(tmp_path), str(tmp_path / "x.json"), home=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert (
        "x.json: $: is a symbolic link loop" in result.stderr and "pipe.json: $: is not a regular file" in result.stderr
    )


@needs_mkfifo
@pytest.mark.timeout(60)
def test_cards_and_skirmish_refuse_a_fifo_with_one_line(tmp_path):
    cards = fifo(tmp_path / "cards.json")
    with pytest.raises(CardSetError) as caught:
        load_cardset([cards])
    assert caught.value.problems == [f"{cards}: cannot read: is not a regular file (a FIFO)"]
    folder = tmp_path / "skirmish"
    shutil.copytree(levels_dir() / "skirmish", folder)
    (folder / "heroes.json").unlink()
    fifo(folder / "heroes.json")
    with pytest.raises(DataError) as caught:
        load_roster(folder)
    assert caught.value.problems == [f"{folder / 'heroes.json'}: cannot read: is not a regular file (a FIFO)"]


@needs_mkfifo
@pytest.mark.timeout(200)
@pytest.mark.parametrize("command", [("cards", "validate"), ("skirmish", "validate"), ("levels", "validate")])
def test_validator_commands_finish_on_a_fifo(tmp_path, command):
    if command[0] == "skirmish":
        target = tmp_path / "skirmish"
        shutil.copytree(levels_dir() / "skirmish", target)
        (target / "abilities.json").unlink()
        fifo(target / "abilities.json")
    else:
        target = fifo(tmp_path / "file.json")
    result = run_main(*command, str(target), home=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "not a regular file (a FIFO)" in result.stderr + result.stdout


@needs_mkfifo
@pytest.mark.timeout(200)
def test_saves_command_finishes_with_a_fifo_for_the_settings(tmp_path):
    (tmp_path / "config").mkdir()
    fifo(tmp_path / "config" / "settings.json")
    result = run_main("saves", home=tmp_path)
    assert "Traceback" not in result.stderr
    assert stat.S_ISFIFO(os.lstat(tmp_path / "config" / "settings.json").st_mode)


def test_regular_files_still_read_and_a_folder_is_named(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps({"a": [1, 2]}), encoding="utf-8")
    assert read_json_file(path) == {"a": [1, 2]}
    with pytest.raises(safe_json.JsonFileError, match="is a folder, not a file"):
        read_json_file(tmp_path)
    with pytest.raises(FileNotFoundError):
        read_json_file(tmp_path / "missing.json")
