"""Install anywhere: a wheel built from this checkout, installed into a new virtual environment
(no checkout on its path), gives a `duelmind` command that knows its version, finds its levels,
card files, schemas and assets as package data, and passes the headless smoke test."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.version import __version__

REPO = Path(__file__).resolve().parents[2]


def _data_files(folder: str) -> set[str]:
    base = REPO / folder
    return {
        path.relative_to(REPO).as_posix()
        for path in base.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(out), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (found,) = out.glob("duelmind-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_holds_every_data_file_and_the_console_script(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert wheel.name.startswith(f"duelmind-{__version__}-")
    for folder in ("levels", "assets"):
        missing = _data_files(folder) - names
        assert not missing, f"not in the wheel: {sorted(missing)[:10]}"
    for data in (
        "game/rules/cards/data/locm_cardlist.txt",
        "game/rules/cards/data/NOTICE",
        "ai/gomoku/openings.json",
        "ai/cards/draft_weights.json",
    ):
        assert data in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "duelmind = game.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    assert not any(name.startswith("tests/") for name in names)


@pytest.mark.slow
def test_a_wheel_installed_in_a_fresh_venv_runs_the_game_and_its_tools(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    duelmind = bin_dir / ("duelmind.exe" if sys.platform == "win32" else "duelmind")
    home = tmp_path / "home"
    elsewhere = tmp_path / "elsewhere"  # not the checkout: nothing is found beside the code
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(DUELMIND_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

    def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(duelmind), *args],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )

    version = run("--version")
    assert version.returncode == 0 and version.stdout == f"duelmind {__version__}\n", version.stderr
    where = subprocess.run(
        [str(python), "-c", "from game.paths import levels_dir, assets_dir; print(levels_dir()); print(assets_dir())"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.returncode == 0, where.stderr
    for line in where.stdout.split():
        assert Path(line).is_dir() and venv.resolve() in Path(line).resolve().parents, line
    smoke = run("--smoke-test")
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "screens rendered" in smoke.stdout and " level files" in smoke.stdout
    assert "pygame" not in smoke.stdout.lower()
    checked = run("levels", "validate")
    assert checked.returncode == 0 and checked.stdout.startswith("ok"), checked.stdout + checked.stderr
    cards = run("cards", "validate")
    assert cards.returncode == 0, cards.stdout + cards.stderr
    skirmish = run("skirmish", "validate")
    assert skirmish.returncode == 0, skirmish.stdout + skirmish.stderr
    assert (home / "logs" / "duelmind.log").is_file()
    saves = run("saves")
    assert saves.returncode == 0 and str(home / "logs") in saves.stdout
