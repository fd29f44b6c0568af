"""The real window under Xvfb: starts Xvfb itself (installing it quietly when running as root
and it is missing), opens the game, clicks, and checks the screenshot."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tests.client.driver import colours

REPO = Path(__file__).resolve().parents[2]


def _xvfb_binary() -> str | None:
    found = shutil.which("Xvfb")
    if found or not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("apt-get"):
        return found
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (
        ["apt-get", "install", "-y", "-qq", "xvfb"],
        ["sh", "-c", "apt-get update -qq && apt-get install -y -qq xvfb"],
    ):
        try:
            subprocess.run(
                command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=240, check=False
            )
        except (OSError, subprocess.TimeoutExpired):
            return None
        found = shutil.which("Xvfb")
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def xvfb_display():
    binary = _xvfb_binary()
    if binary is None:
        pytest.skip("Xvfb is not installed and could not be installed here (needs root and apt-get)")
    number = next((n for n in range(91, 120) if not Path(f"/tmp/.X{n}-lock").exists()), None)
    if number is None:
        pytest.skip("no free X display number")
    process = subprocess.Popen(
        [binary, f":{number}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 15
    while not socket.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    if not socket.exists():
        process.kill()
        pytest.skip(f"Xvfb did not start on :{number}")
    yield f":{number}"
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()


def test_real_window_opens_clicks_and_screenshots(xvfb_display, tmp_path):
    shot = tmp_path / "xvfb-quick-match.png"
    env = dict(
        os.environ,
        DISPLAY=xvfb_display,
        SDL_VIDEODRIVER="x11",
        SDL_AUDIODRIVER="dummy",
        DUELMIND_HOME=str(tmp_path / "home"),
        PYTHONPATH=str(REPO),
    )
    result = subprocess.run(
        [sys.executable, "-m", "tests.client.xvfb_client", str(shot)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK driver=x11" in result.stdout
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert colours(image) >= 12
    keep = os.environ.get("DUELMIND_SHOTS")
    if keep:
        shutil.copy(shot, Path(keep) / shot.name)
