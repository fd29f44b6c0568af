"""The sound player (game/client/sound.py): effects read once from assets/sounds, aliases and
variations, volumes and mute, music tracks with fades, ducking and the tension loop; silence
without an audio device or with a broken file; the volumes saved with the settings."""

from __future__ import annotations

import itertools
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.client import sound
from game.client.settings import Settings, SettingsFile
from game.client.sound import DUCK_LEVEL, DUCK_RELEASE_S, EFFECTS, FADE_OUT_S, Sounds
from game.rules.saves.store import Store

REPO = Path(__file__).resolve().parents[2]


class FakeMusic:
    """Records what pygame.mixer.music is asked to do."""

    def __init__(self, monkeypatch):
        self.calls: list[tuple] = []
        self.busy = False
        self.volume = 1.0
        music = pygame.mixer.music
        monkeypatch.setattr(music, "load", lambda path: self.calls.append(("load", Path(path).name)))
        monkeypatch.setattr(music, "play", self._play)
        monkeypatch.setattr(music, "stop", self._stop)
        monkeypatch.setattr(music, "get_busy", lambda: self.busy)
        monkeypatch.setattr(music, "set_volume", self._set_volume)

    def _play(self, loops=0, start=0.0, fade_ms=0):
        self.calls.append(("play", loops, fade_ms))
        self.busy = True

    def _stop(self):
        self.busy = False

    def _set_volume(self, value):
        self.volume = value

    def loaded(self) -> list[str]:
        return [call[1] for call in self.calls if call[0] == "load"]


@pytest.fixture
def sounds():
    player = Sounds(0.5, music_volume=0.8, effects_volume=1.0, threaded=False)
    yield player
    player.close()


def test_every_effect_is_read_once_at_start_up_and_quickly(sounds):
    assert sounds.available and sounds.problem is None
    assert set(sounds.sounds) == set(EFFECTS)
    assert sounds.load_ms < 1000  # about 20 ms here; generous for a busy test machine
    assert not hasattr(sound, "synthesize")  # nothing is made at start-up any more


def test_old_names_are_aliases_and_stones_never_repeat_at_once(sounds):
    assert sounds.resolve("win") == "victory" and sounds.resolve("play") == "summon_small"
    assert sounds.resolve("click") == "ui_click" and sounds.resolve("draw") == "draw"
    assert sounds.resolve("attack") == "attack_light" and sounds.resolve("death") == "death"
    stones = [sounds.resolve("stone") for _ in range(200)]
    assert set(stones) == {"stone_1", "stone_2", "stone_3", "stone_4"}
    assert all(a != b for a, b in itertools.pairwise(stones))
    for name in ("play", "draw", "attack", "death", "stone", "win", "click", "no_such_sound", None, ""):
        sounds.play(name)  # each makes its sound, or nothing; never an error


def test_effects_play_at_master_times_effects_volume_and_not_when_muted(sounds, monkeypatch):
    levels = []

    class Channel:
        def set_volume(self, value):
            levels.append(value)

        def play(self, _sound):
            pass

    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: Channel())
    sounds.configure(volume=0.5, effects_volume=0.6)
    sounds.play("draw")
    sounds.play("draw", volume=0.5)
    assert levels == pytest.approx([0.3, 0.15])
    sounds.configure(mute=True)
    sounds.play("draw")
    assert len(levels) == 2
    sounds.configure(volume=3, effects_volume=-1, mute=False)  # clamped
    assert sounds.volume == 1.0 and sounds.effects_volume == 0.0


def test_music_fades_between_tracks_ducks_under_big_effects_and_turns_tense(sounds, monkeypatch):
    music = FakeMusic(monkeypatch)
    base = 0.5 * 0.8
    sounds.set_music("duel")
    assert sounds.update(now=0.0) is None  # nothing playing yet: the track starts at once
    assert music.loaded() == ["music_duel.ogg"] and ("play", -1, sound.FADE_IN_MS) in music.calls
    assert music.volume == pytest.approx(base)
    sounds.set_music("duel")
    sounds.update(now=0.1)
    assert music.loaded() == ["music_duel.ogg"]  # the same track goes on
    sounds.set_music("gomoku")
    assert sounds.update(now=1.0) is not None  # fading out
    sounds.update(now=1.0 + FADE_OUT_S / 2)
    assert music.volume == pytest.approx(base / 2, abs=0.01) and music.loaded() == ["music_duel.ogg"]
    sounds.update(now=1.0 + FADE_OUT_S + 0.01)
    assert music.loaded() == ["music_duel.ogg", "music_gomoku.ogg"] and music.volume == pytest.approx(base)

    import time

    sounds.play("victory")  # a big effect: the music ducks while it sounds
    now = time.monotonic()
    sounds.update(now=now)
    assert music.volume == pytest.approx(base * DUCK_LEVEL, abs=0.01)
    later = sounds._duck_until + DUCK_RELEASE_S + 0.01
    assert sounds.update(now=later) is None and music.volume == pytest.approx(base)

    sounds.set_music("duel")
    sounds.set_tension(True)  # a player near death
    assert sounds.track == "tension"
    sounds.set_music("duel")  # the scene asks for its music again: still tense
    assert sounds.track == "tension"
    sounds.set_tension(False)
    assert sounds.track == "duel"
    sounds.set_tension(True)
    sounds.set_music("title")  # another track clears the tension
    assert sounds.track == "title" and not sounds.tension
    sounds.set_music(None)
    sounds.update(now=later + 10)
    sounds.update(now=later + 10 + FADE_OUT_S + 0.01)
    assert not music.busy


def test_volumes_and_mute_reach_the_music(sounds, monkeypatch):
    music = FakeMusic(monkeypatch)
    sounds.set_music("title")
    sounds.update(now=0.0)
    sounds.configure(music_volume=0.25)
    sounds.update(now=0.1)
    assert music.volume == pytest.approx(0.5 * 0.25)
    sounds.configure(mute=True)
    sounds.update(now=0.2)
    assert music.volume == 0.0


def test_the_music_thread_plays_a_track_and_stops_when_idle():
    player = Sounds(0.5)  # threaded, on SDL's dummy audio driver
    try:
        player.set_music("title")
        for _ in range(100):
            if player._playing == "title" and player._worker is None:
                break
            pygame.time.wait(10)
        assert player._playing == "title" and pygame.mixer.music.get_busy()
        assert player._worker is None  # nothing under way: no thread left running
    finally:
        player.close()
    assert not pygame.mixer.music.get_busy()


def test_missing_or_broken_files_are_logged_once_and_stay_silent(tmp_path, caplog, monkeypatch):
    (tmp_path / "draw.wav").write_bytes(b"RIFF not really a wave file")
    (tmp_path / "music_duel.ogg").write_bytes(b"OggS broken")
    with caplog.at_level(logging.WARNING, logger="game.client.sound"):
        player = Sounds(0.5, folder=tmp_path, threaded=False)
        assert player.available and player.sounds == {}  # the mixer works; the files do not
        player.play("draw")
        player.play("draw")
        for _ in range(2):
            player.set_music("duel")
            player.update(now=0.0)
            player.set_music("title")  # missing
            player.update(now=1.0)
        player.close()
    messages = [record.getMessage() for record in caplog.records]
    assert sum("draw.wav" in m for m in messages) == 1
    assert sum("music_duel.ogg" in m for m in messages) == 1 and sum("music_title.ogg" in m for m in messages) == 1


def test_without_a_mixer_everything_is_silent_and_nothing_raises(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    player = Sounds(0.5, 0.5, 0.5)
    assert not player.available and "no audio device" in player.problem and player.sounds == {}
    for name in ("win", "stone", "victory", "finisher"):
        player.play(name)
    player.set_music("duel")
    player.set_tension(True)
    player.duck(1.0)
    player.configure(volume=0.2, mute=True)
    assert player.update() is None and player._worker is None  # no thread for a missing device
    player.close()


def test_the_app_runs_without_an_audio_device(tmp_path, monkeypatch, ai_pool):
    from game.client.app import App
    from game.client.scenes.settings import SettingsScene
    from tests.client.driver import key, step

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    app = App(SettingsFile(Store(tmp_path)), size=(1280, 720), fullscreen=False, pool=ai_pool)
    try:
        assert not app.sounds.available
        app.push(SettingsScene(app))
        step(app, 2)
        for _ in range(7):
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RIGHT)  # Mute: on
        app.play_sound("win")
        app.sounds.set_music("duel")
        step(app, 2)
        assert app.settings.mute and app.sounds.mute
    finally:
        app.close()


@pytest.mark.parametrize("driver", ["dummy", "no_such_audio_driver"])
def test_a_process_with_a_dummy_or_no_audio_driver_plays_silently(driver):
    script = (
        "import pygame, time\n"
        "from game.client.sound import Sounds, EFFECTS\n"
        "s = Sounds(0.6)\n"
        "for name in EFFECTS + ('win', 'play', 'click', 'stone'):\n"
        "    s.play(name)\n"
        "for track in ('title', 'duel', 'tension', 'gomoku', None):\n"
        "    s.set_music(track)\n"
        "    time.sleep(0.05)\n"
        "s.close()\n"
        "print('ok', s.available)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER=driver, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok", "True" if driver == "dummy" else "False"]


# ------------------------------------------------------------------------------ settings


def test_volumes_and_mute_round_trip_through_the_settings_file(tmp_path):
    first = SettingsFile(Store(tmp_path))
    first.settings.volume, first.settings.music_volume, first.settings.effects_volume = 0.9, 0.3, 0.8
    first.settings.mute = True
    assert first.save() is None
    saved = json.loads(first.path.read_text())
    assert (saved["volume"], saved["music_volume"], saved["effects_volume"], saved["mute"]) == (0.9, 0.3, 0.8, True)
    again = SettingsFile(Store(tmp_path)).settings
    assert (again.volume, again.music_volume, again.effects_volume, again.mute) == (0.9, 0.3, 0.8, True)


def test_a_settings_file_with_only_the_old_volume_still_loads(tmp_path):
    store = Store(tmp_path)
    store.save("settings", {"width": 1600, "height": 900, "volume": 0.4}, version=1)
    settings = SettingsFile(store).settings
    defaults = Settings()
    assert settings.volume == 0.4 and settings.size == (1600, 900)
    assert (settings.music_volume, settings.effects_volume, settings.mute) == (
        defaults.music_volume,
        defaults.effects_volume,
        defaults.mute,
    )


def test_sound_settings_are_clamped_and_wrong_types_ignored():
    settings = Settings.from_dict({"music_volume": 7, "effects_volume": -1.5, "mute": "yes", "volume": float("nan")})
    defaults = Settings()
    assert settings.music_volume == 1.0 and settings.effects_volume == 0.0
    assert settings.mute is defaults.mute and settings.volume == defaults.volume
    assert Settings.from_dict({"mute": True}).mute is True


def test_the_settings_screen_saves_the_sound_rows_and_the_app_applies_them(app):
    from game.client.scenes.settings import SettingsScene
    from tests.client.driver import key

    app.push(SettingsScene(app))
    scene = app.top
    labels = [row.label for row in scene.rows]
    assert labels[5:8] == ["Music volume", "Effects volume", "Mute"]
    assert labels[8:] == [
        "Window size",
        "Full screen",
        "Level designer hints",
        "Language",
        "Colours",
        "Text size",
        "Reduced motion",
    ]
    for _ in range(5):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # Music volume - 10%
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # Effects volume - 10%
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # Mute on
    saved = json.loads(app.settings_file.path.read_text())
    defaults = Settings()
    assert saved["music_volume"] == pytest.approx(defaults.music_volume - 0.1)
    assert saved["effects_volume"] == pytest.approx(defaults.effects_volume - 0.1)
    assert saved["mute"] is True
    assert app.sounds.music_volume == pytest.approx(saved["music_volume"])
    assert app.sounds.effects_volume == pytest.approx(saved["effects_volume"]) and app.sounds.mute
    assert all(row.rect.bottom < scene.back.rect.top for row in scene.rows)  # all fit above Back
