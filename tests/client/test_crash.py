"""A fault injected into a scene: the calm crash screen instead of a vanished window, a report
with the version, platform, scene and traceback, the campaign game saved first; a stop signal
ends the loop with an emergency save."""

from __future__ import annotations

import json
import platform
import signal

import pygame
import pytest

from game.client.scene import Scene
from game.client.scenes import crash as crash_module
from game.client.scenes.crash import CrashScene
from game.client.cards.duel_scene import DuelScene
from game.client.scenes.title import TitleScene
from game.version import __version__
from tests.client.campaign_helpers import open_map, progress_store, read_dialogues, start_from_map
from tests.client.driver import click, key, run_until


class Boom(RuntimeError):
    pass


def _inject_fault(scene: Scene, where: str = "update") -> None:
    def broken(*_args, **_kwargs):
        raise Boom("injected fault for the test")

    setattr(scene, where, broken)


def test_a_scene_that_raises_shows_the_crash_screen_and_writes_a_report(app, tmp_path):
    app.push(TitleScene(app))
    app.push("quick_match")
    _inject_fault(app.top)
    assert app.run_frame(16) is True  # the game goes on, on the crash screen
    assert isinstance(app.top, CrashScene) and len(app.scenes) == 1
    crash = app.top
    assert crash.report_path is not None and crash.report_path.parent == tmp_path / "home" / "logs"
    report = crash.report_path.read_text(encoding="utf-8")
    assert f"Duelmind {__version__}" in report
    assert platform.python_version() in report and platform.machine() in report
    assert "Scene quick_match" in report and "Scenes title > quick_match" in report
    assert "Boom: injected fault for the test" in report and "Traceback" in report
    assert report == crash.report
    app.run_frame(16)  # the crash screen draws
    # Copy report puts the whole report on the clipboard.
    copied = []
    original = crash_module.copy_to_clipboard
    crash_module.copy_to_clipboard = lambda text: copied.append(text) or True
    try:
        click(app, crash.menu.buttons[0].rect.center)
    finally:
        crash_module.copy_to_clipboard = original
    assert copied == [report] and "clipboard" in crash.status
    # Back to title: a working game again.
    click(app, crash.menu.buttons[1].rect.center)
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1
    app.run_frame(16)


def test_without_a_clipboard_the_crash_screen_points_at_the_file(app):
    app.push(TitleScene(app))
    _inject_fault(app.top, "draw")
    app.run_frame(16)
    crash = app.top
    assert isinstance(crash, CrashScene)
    crash_module_copy = crash_module.copy_to_clipboard
    crash_module.copy_to_clipboard = lambda text: False
    try:
        crash.copy()
    finally:
        crash_module.copy_to_clipboard = crash_module_copy
    assert "open the file" in crash.status
    key(app, pygame.K_ESCAPE)  # Esc goes back to the title
    assert isinstance(app.top, TitleScene)


def test_a_fault_in_the_crash_screen_itself_is_not_hidden(app):
    app.push(TitleScene(app))
    _inject_fault(app.top)
    app.run_frame(16)
    _inject_fault(app.top)
    with pytest.raises(Boom):
        app.run_frame(16)


def test_a_crash_mid_level_saves_the_campaign_game_first(app, tmp_path):
    home = tmp_path / "home"
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "c1_first_spark")
    read_dialogues(app)
    duel = app.top
    assert isinstance(duel, DuelScene)
    run_until(app, duel.human_to_act, timeout=10)
    run_file = progress_store(home).path("run-c1_first_spark")
    if run_file.exists():
        run_file.unlink()
    _inject_fault(duel)
    app.run_frame(16)
    crash = app.top
    assert isinstance(crash, CrashScene) and crash.saved == ["your game of this level"]
    saved = json.loads(run_file.read_text())
    assert saved["level"] == "c1_first_spark"
    assert any("Saved just now" in line for line in crash.message_lines())


def test_sigterm_ends_the_loop_with_an_emergency_save(app):
    saves = []

    class Stopper(Scene):
        name = "stopper"

        def update(self, dt_ms):
            signal.raise_signal(signal.SIGTERM)  # as `timeout` or a desktop's logout would

    class FakeRun:
        def save_now(self):
            saves.append("saved")
            return True

    scene = Stopper(app)
    scene.level_run = FakeRun()
    app.push(scene)
    before = signal.getsignal(signal.SIGTERM)
    assert app.run() == 0
    assert app.stop_signal == signal.SIGTERM and saves == ["saved"]
    assert signal.getsignal(signal.SIGTERM) == before  # the game's handler is removed again
