"""The settings screen in tabs, the accessibility settings saved and loaded (and bad values in
the file refused), a failed save said in words, and the Controls screen read from the input
mapping."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.client import anim, input as input_map, resources, theme
from game.client.scenes.controls import control_rows
from game.client.scenes.settings import SAVE_FAILED, SettingsScene
from game.client.settings import Settings, SettingsFile
from game.rules.saves.store import Store
from tests.client.driver import click, key, step
from tests.client.text_layout import drawn_texts

REPO = Path(__file__).resolve().parents[2]


def _open(app) -> SettingsScene:
    app.push("title")
    app.push("settings")
    step(app)
    return app.top


def test_the_settings_are_grouped_in_tabs(app):
    scene = _open(app)
    assert scene.tabs.labels == ["Game", "Sound", "Display", "Accessibility", "Controls"]
    assert [[row.label for row in page] for page in scene.pages] == [
        ["Animation speed", "AI thinking time", "AI's moves shown", "Your portrait"],
        ["Master volume", "Music volume", "Effects volume", "Mute"],
        ["Window size", "Full screen", "Level designer hints", "Language"],
        ["Colours", "Text size", "Reduced motion"],
    ]
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert (scene.page, scene.rows[scene.focus].label, scene.tabs.index) == (1, "Master volume", 1)
    key(app, pygame.K_TAB)  # the next tab, its first row
    assert (scene.page, scene.rows[scene.focus].label) == (2, "Window size")
    click(app, scene.tabs.rects[3].center)
    assert scene.rows[scene.focus].label == "Colours"
    assert scene.visible_rows() == scene.pages[3]


def test_no_page_shows_where_the_file_is(app):
    scene = _open(app)
    for page in range(len(scene.pages)):
        scene.select_tab(page)
        texts = [text for text, _, _ in drawn_texts(scene)]
        assert texts and not [text for text in texts if "/" in text or ".json" in text or "Saved" in text]


def test_a_failed_save_is_said_in_a_sentence(app, monkeypatch):
    scene = _open(app)
    monkeypatch.setattr(app.settings_file, "save", lambda: "could not save /home/x/settings.json: Permission denied")
    key(app, pygame.K_RIGHT)  # Animation speed: a change, and a save
    assert scene.problem == SAVE_FAILED
    texts = [text for text, _, _ in drawn_texts(scene)]
    assert SAVE_FAILED in texts and not [text for text in texts if "/" in text]
    assert app.notice == SAVE_FAILED  # the title says it too, in the same words
    monkeypatch.undo()
    key(app, pygame.K_LEFT)
    assert scene.problem is None


def test_the_accessibility_tab_applies_and_saves_at_once(app):
    scene = _open(app)
    click(app, scene.tabs.rects[3].center)
    colours, size, motion = scene.pages[3]
    click(app, colours.arrows()[1].center)
    assert theme.palette == theme.COLOUR_BLIND_SAFE and theme.BAD == (245, 140, 40)
    click(app, size.arrows()[1].center)
    click(app, size.arrows()[1].center)
    assert resources.text_scale() == 1.5
    click(app, motion.arrows()[1].center)
    assert anim.reduced_motion() and not app.settings.screen_shake
    saved = json.loads(app.settings_file.path.read_text())
    assert (saved["palette"], saved["text_scale"], saved["reduced_motion"]) == ("colour_blind_safe", 1.5, True)
    again = SettingsFile(Store(app.settings_file.path.parent)).settings
    assert (again.palette, again.text_scale, again.reduced_motion) == ("colour_blind_safe", 1.5, True)


def test_the_controls_tab_and_the_pause_menu_open_the_controls_screen(app):
    scene = _open(app)
    click(app, scene.tabs.rects[4].center)
    assert app.top.name == "controls"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    app.reset("title")
    app.push("pause")
    step(app)
    click(app, app.top.menu.find("Controls").rect.center)
    assert app.top.name == "controls"


# ------------------------------------------------------------------------- the file


def test_bad_values_for_the_new_settings_keep_the_defaults():
    bad = Settings.from_dict({"palette": 3, "text_scale": "big", "reduced_motion": "yes"})
    assert (bad.palette, bad.text_scale, bad.reduced_motion) == ("standard", 1.0, False)
    assert Settings.from_dict({"palette": "purple"}).palette == "standard"
    assert Settings.from_dict({"text_scale": True}).text_scale == 1.0  # a bool is not a number here
    assert Settings.from_dict({"text_scale": float("nan")}).text_scale == 1.0
    assert Settings.from_dict({"text_scale": 1.3}).text_scale == 1.25  # the nearest offered size
    assert Settings.from_dict({"text_scale": 10**400}).text_scale == 1.5  # clamped first, no overflow
    assert Settings.from_dict({"text_scale": 1}).text_scale == 1.0
    assert isinstance(Settings.from_dict({"text_scale": 1}).text_scale, float)


def test_an_old_file_with_screen_shake_off_loads_as_reduced_motion(tmp_path):
    assert Settings.from_dict({"screen_shake": False}).reduced_motion is True
    assert Settings.from_dict({"screen_shake": True}).reduced_motion is False
    assert Settings.from_dict({"screen_shake": "no"}).reduced_motion is False
    assert Settings.from_dict({"screen_shake": False, "reduced_motion": False}).reduced_motion is False
    store = Store(tmp_path)
    store.save("settings", {"volume": 0.4, "screen_shake": False}, version=1)
    loaded = SettingsFile(store)
    assert loaded.settings.reduced_motion and not loaded.settings.screen_shake
    assert loaded.save() is None
    assert "screen_shake" not in json.loads(loaded.path.read_text())


# ------------------------------------------------------------------------- the controls list


def test_every_key_binding_is_on_the_controls_screen():
    listed = {
        name
        for uses in input_map.ACTION_USES.values()
        for actions, _ in uses
        for name in actions.split()
        if name[0] != "="
    }
    assert set(input_map.KEY_ACTIONS.values()) <= listed
    assert control_rows("Card duel") == [
        ("1-8", "-", "choose a card of your hand by its place"),
        ("Arrows", "D-pad / stick", "walk your hand, your attackers, then the targets"),
        ("Enter / Keypad Enter", "A", "pick the card up, then play it on the chosen target"),
        ("E / Space", "RB", "end your turn"),
        ("Tab", "Y", "the next target, or the AI's thoughts"),
        ("Esc", "B / Start", "put the card down, or the pause menu"),
    ]
    assert control_rows("Skirmish")[2] == ("1-5", "-", "choose an ability")
    assert control_rows("Board games")[:3] == [
        ("Arrows", "D-pad / stick", "move the cursor"),
        ("Enter / Keypad Enter", "A", "play at the cursor"),
        ("U / Backspace", "X", "take back a move"),
    ]


def test_the_list_follows_the_mapping(monkeypatch):
    monkeypatch.setitem(input_map.KEY_ACTIONS, pygame.K_p, "end_turn")
    assert control_rows("Card duel")[3] == ("E / Space / P", "RB", "end your turn")


@pytest.mark.parametrize(
    "hint, key_name, action",
    [
        ("E / Space: end turn", "E", "end_turn"),  # the duel's side panel
        ("Tab: the AI's thoughts", "Tab", "toggle_overlay"),  # the duel
        ("U undoes", "U", "undo"),  # gomoku and Connect Four
    ],
)
def test_the_games_own_key_hints_name_bound_keys(hint, key_name, action):
    """Each key a game's hint names (the hint is in its source) is bound to that action."""
    sources = "".join(path.read_text() for path in (REPO / "game" / "client").rglob("*.py"))
    assert hint in sources
    assert key_name in input_map.keys_for(action)


def test_the_skirmishs_own_keys_mean_what_the_controls_screen_says():
    """The skirmish reads raw keys (its digits pick abilities) through its own table: each key
    there must do what the mapping, and so the Controls screen, says it does."""
    from game.client.skirmish.controls import KEYS

    by_name = {pygame.key.name(code): action for code, action in input_map.KEY_ACTIONS.items()}
    assert KEYS and {name: by_name.get(name) for name in KEYS} == KEYS
