"""The app's plumbing: settings saved and reloaded, corrupt settings, window scaling, the card
pool loader, error screens, sounds without a device, the smoke test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.client.cards.card_pool import CardPoolError, load_card_pool
from game.client.match import MatchSetup, start_match
from game.client.scenes.error import ErrorScene
from game.client.scenes.quick_match import QuickMatchScene
from game.client.scenes.settings import SettingsScene
from game.client.scenes.title import TitleScene
from game.client.settings import SettingsFile
from game.rules.saves.store import Store
from tests.client.driver import click, key, step

REPO = Path(__file__).resolve().parents[2]


def test_settings_changed_on_screen_are_saved_and_reloaded(app):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    scene = app.top
    before = app.settings.volume
    key(app, pygame.K_DOWN)  # AI thinking time
    key(app, pygame.K_LEFT)  # 1 s -> 0.5 s
    for _ in range(3):
        key(app, pygame.K_DOWN)  # past AI's moves shown and Your portrait: Master volume, on the Sound tab
    assert scene.tabs.index == 1
    key(app, pygame.K_LEFT)
    click(app, scene.tabs.rects[0].center)  # back to Game: Animation speed
    left, _ = scene.rows[0].arrows()
    click(app, left.center)
    path = app.settings_file.path
    saved = json.loads(path.read_text())
    assert saved["version"] == 1
    assert saved["volume"] == pytest.approx(before - 0.1)
    assert saved["ai_think_ms"] == 500
    assert saved["animation_speed"] == 2.0  # the tests' 8x shows as the nearest offered, 4x; one down: 2x
    reloaded = SettingsFile(Store(path.parent)).settings
    assert reloaded.volume == pytest.approx(before - 0.1) and reloaded.ai_think_ms == 500
    assert reloaded.animation_speed == saved["animation_speed"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_corrupt_settings_are_moved_aside_and_reported_on_the_title(tmp_path, monkeypatch, ai_pool):
    from game.client.app import App

    store = Store(tmp_path)
    store.path("settings").parent.mkdir(parents=True, exist_ok=True)
    store.path("settings").write_text("{ this is not json")
    app = App(SettingsFile(store), size=(1280, 720), fullscreen=False, pool=ai_pool)
    try:
        assert app.notice and "settings.json" in app.notice and "corrupt" in app.notice
        assert app.settings.width == 1280  # defaults
        assert [p.name.startswith("settings.json.corrupt-") for p in tmp_path.iterdir()] == [True]
        app.push(TitleScene(app))
        step(app)
        click(app, (10, 10))  # any click dismisses the notice
        assert app.notice is None
    finally:
        app.close()


def test_window_is_resizable_and_clicks_map_to_the_canvas(app):
    app.push(TitleScene(app))
    app.window = pygame.display.set_mode((1920, 1200), pygame.RESIZABLE)  # 16:10: letterboxed
    view = app.viewport()
    assert view.width == 1920 and view.height == 1080 and view.y == 60
    button = app.top.menu.find("Quick match")
    assert app.to_virtual(app.to_window(button.rect.center)) == pytest.approx(button.rect.center, abs=1)
    click(app, button.rect.center)
    assert isinstance(app.top, QuickMatchScene)
    screen = pygame.display.get_surface()
    assert screen.get_at((5, 5))[:3] == (0, 0, 0)  # the letterbox band
    assert screen.get_at((960, 600))[:3] != (0, 0, 0)


def test_title_menu_opens_the_campaign_and_quit_stops(app):
    from game.client.scenes.campaign_map import CampaignMapScene

    app.push(TitleScene(app))
    campaign = app.top.menu.find("Campaign")
    assert campaign.enabled and app.top.menu.focus == 0  # the first choice
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, CampaignMapScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    click(app, app.top.menu.find("Quit").rect.center)
    assert not app.running


def test_quick_match_screen_starts_the_chosen_game(app):
    app.push(TitleScene(app))
    app.push(QuickMatchScene(app))
    scene = app.top
    key(app, pygame.K_RIGHT)  # Game: gomoku
    assert scene.game.value == "gomoku"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # Opponent: hot-seat
    setup = scene.setup()
    assert setup.game == "gomoku" and setup.opponent == "hotseat"
    key(app, pygame.K_RETURN)
    assert app.top.name == "gomoku"


def test_card_pool_sources(tmp_path, locm_cards):
    official = load_card_pool(tmp_path / "game")  # no card files at all: the shipped LOCM list
    assert len(official.cards) == len(locm_cards) == 160 and official.source == "160 official LOCM cards"
    folder = tmp_path / "game" / "levels" / "cards"
    folder.mkdir(parents=True)
    cards = [
        {"id": i, "name": f"Card {i}", "type": "creature", "cost": i % 5, "attack": 1, "defense": 2}
        for i in range(1, 5)
    ]
    (folder / "set.json").write_text(json.dumps({"version": 1, "name": "test", "cards": cards}))
    pool = load_card_pool(tmp_path / "game")
    assert sorted(card.base_id for card in pool.cards) == [1, 2, 3, 4]
    (folder / "set.json").write_text(json.dumps({"version": 1, "name": "test", "cards": [{"id": 1}]}))
    with pytest.raises(CardPoolError, match="problems"):
        load_card_pool(tmp_path / "game")


def test_missing_cards_show_an_error_screen(app):
    def no_cards():
        raise CardPoolError("No card set found. The game looks for ...")

    app.card_pool_loader = no_cards
    app.push(TitleScene(app))
    start_match(app, MatchSetup(game="cards"))
    assert isinstance(app.top, ErrorScene) and "No card set" in app.top.message
    step(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)


def test_sounds_survive_a_missing_audio_device(monkeypatch):
    from game.client import sound

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = sound.Sounds(0.5)
    assert sounds.sounds == {} and "no audio device" in sounds.problem
    sounds.play("win")  # silently nothing


def test_smoke_test_command_exits_zero(tmp_path):
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "DUELMIND_HOME": str(tmp_path / "home"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    result = subprocess.run(
        [sys.executable, "main.py", "--smoke-test"], cwd=REPO, env=env, capture_output=True, text=True, timeout=180
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "screens rendered" in result.stdout
    for screen in ("campaign_map", "duel of level c1_first_spark", "gomoku of level g1_five_stones"):
        assert screen in result.stdout
    assert "pygame" not in result.stdout.lower()  # no import banner on stdout
    log = (tmp_path / "home" / "logs" / "duelmind.log").read_text(encoding="utf-8")
    assert "INFO" in log and "play --smoke-test" in log


def test_every_main_screen_renders_at_1920x1080(tmp_path, monkeypatch):
    """The smoke test's screens at full HD: each shot is the window's size and not blank."""
    import pygame

    from game.client.launch import smoke_test
    from tests.client.driver import colours

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))
    assert smoke_test((1920, 1080), str(tmp_path)) == 0
    shots = sorted(tmp_path.glob("smoke-*.png"))
    names = {path.stem.removeprefix("smoke-") for path in shots}
    assert {
        "title",
        "quick_match",
        "settings",
        "draft",
        "duel",
        "gomoku",
        "campaign_map",
        "duel-of-level-c1_first_spark",
        "gomoku-of-level-g1_five_stones",
    } <= names
    for path in shots:
        image = pygame.image.load(str(path))
        assert image.get_size() == (1920, 1080) and colours(image) >= 12, path.name


def test_a_second_window_says_the_first_one_is_open(tmp_path, monkeypatch, ai_pool):
    from game.client.app import App
    from game.rules.saves.progress import InstanceLock

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))
    first_window = InstanceLock()
    assert first_window.acquire()
    pygame.init()
    second = App(SettingsFile(Store(kind="config")), size=(1280, 720), fullscreen=False, pool=ai_pool)
    try:
        assert "already open in another window" in second.notice
        second.push(TitleScene(second))
        second.step(16)
    finally:
        second.close()
        first_window.release()
    assert InstanceLock().acquire()  # closing the window let go of it
