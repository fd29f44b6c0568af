"""The marked screens in every language: switching the language on the Settings row changes the
words at once (on the screen under it too) and is kept; --lang wins for one run; and in English,
Chinese, Russian, Thai and the pseudo-locale no text of the first screens leaves its box or the
window or runs into another, and no button label overflows its button (text at 100 %)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.client.launch import parse_language
from game.client.settings import Settings, SettingsFile
from game.rules.levels import load_level
from game.rules.levels.objectives import ObjectiveStatus
from game.rules.levels.session import LevelResult
from game.rules.saves.store import Store
from tests.client.driver import click, key, step
from tests.client.test_layout import buttons_of, overflowing
from tests.client.text_layout import drawn_texts, layout_problems

LANGUAGES = ["en", "zh-CN", "ru", "th", "en-XA"]


def _words(scene) -> set[str]:
    return {text for text, _rect, _box in drawn_texts(scene)}


def _language_row(settings):
    return settings.rows[settings.row_ids.index("Language")]


def test_the_language_row_switches_every_screen_at_once_and_is_kept(app):
    title = app.push("title")
    step(app)
    assert {"Campaign", "Quick match", "Settings"} <= {button.label for button in title.menu.buttons}
    settings = app.push("settings")
    step(app)
    row = _language_row(settings)
    assert row.label == "Language" and row.format(row.value) == "English"
    click(app, settings.tabs.rects[2].center)  # Display: window size, full screen, hints, language
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert settings.rows[settings.focus] is row and row in settings.visible_rows()
    key(app, pygame.K_RIGHT)  # English -> 简体中文
    assert (i18n.language(), app.settings.language) == ("zh-CN", "zh-CN")
    assert "设置" in _words(settings) and "Settings" not in _words(settings)
    assert row.label == "语言 · Language"  # the way back, whatever the language
    assert settings.tabs.labels[:2] == ["游戏", "声音"]
    key(app, pygame.K_RIGHT)  # -> Русский
    assert "Настройки" in _words(settings)
    key(app, pygame.K_ESCAPE)
    step(app)
    assert app.top is title
    assert [button.label for button in title.menu.buttons][:3] == ["Кампания", "Быстрая игра", "Настройки"]
    assert "Кампания" in _words(title) and "Campaign" not in _words(title)
    assert SettingsFile(Store(kind="config")).settings.language == "ru"  # read back from the file


def test_the_quick_match_names_games_and_levels_in_the_language(app):
    i18n.set_language("ru")
    scene = app.make("quick_match")
    assert [scene.game.format(game) for game in scene.game.choices] == [
        "Карточная дуэль",
        "Гомоку",
        "Стычка (командная арена)",
        "Четыре в ряд",
    ]
    assert (scene.opponent.format("ai"), scene.opponent.format("hotseat")) == ("Компьютер", "Вдвоём (2 игрока)")
    assert [scene.difficulty["gomoku"].format(level) for level in scene.difficulty["gomoku"].choices] == [
        "Новичок",
        "Лёгкий",
        "Средний",
        "Сложный",
        "Мастер",
    ]


def test_the_pseudo_locale_is_offered_only_when_asked(app, monkeypatch):
    codes = lambda: _language_row(app.make("settings")).choices  # noqa: E731
    assert codes() == ["en", "zh-CN", "ru", "th"]
    monkeypatch.setenv(i18n.PSEUDO_VARIABLE, "1")
    assert codes() == ["en", "zh-CN", "ru", "th", "en-XA"]


def test_lang_on_the_command_line_wins_for_one_run(app):
    assert parse_language("ru_RU") == "ru" and parse_language(None) is None
    with pytest.raises(SystemExit, match="--lang must be one of en, zh-CN, ru, th, en-XA, not 'de'"):
        parse_language("de")
    app.language_override = "th"
    app.apply_language()
    assert i18n.language() == "th" and app.settings.language == ""  # not saved: the settings still follow the system
    row = _language_row(app.make("settings"))
    assert row.format(row.value) == "ไทย"
    row.step(1)  # ไทย -> English: the player's own choice, on the Settings row, wins from then on
    assert (i18n.language(), app.settings.language, app.language_override) == ("en", "en", None)


def test_a_saved_language_outside_the_list_is_the_default():
    assert Settings.from_dict({"language": "tlh"}).language == ""
    assert Settings.from_dict({"language": "th"}).language == "th"


# ----------------------------------------------------------------------------- the layout check


def _level_run():
    level = load_level("c1_first_spark")
    statuses = [
        ObjectiveStatus(0, "win", level.title, True, "met"),
        ObjectiveStatus(1, "win", level.title, False, "failed"),
    ]
    result = LevelResult(True, 2, 7, statuses, "All objectives met.")
    record = SimpleNamespace(best_turns=5, attempts=3)
    return SimpleNamespace(
        level=level,
        session=SimpleNamespace(result=result),
        unlocked=["c1_second"],
        next_level_id=lambda: "c1_second",
        home_label=i18n.N_("Campaign map"),
        level_title=lambda level_id: level.title,
        progress=SimpleNamespace(record=lambda level_id: record),
        notices=[],
        open_next=lambda level_id: None,
        restart=lambda: None,
        leave=lambda: None,
    )


def _screens(app):
    """(name, scene) for every marked screen and each of its tabs, made in the current language."""
    yield "title", app.make("title")
    settings = app.make("settings")
    for tab in range(len(settings.pages)):
        settings.select_tab(tab)
        yield f"settings tab {tab}", settings
    controls = app.make("controls")
    for tab in range(len(controls.groups)):
        controls.tabs.index = tab
        yield f"controls tab {tab}", controls
    yield "pause", app.make("pause")
    yield "level pause", app.make("pause", leave=lambda: None, quit_label="Campaign map", restart=lambda: None)
    yield "quick match", app.make("quick_match")
    result = app.make("result", headline="Victory!", detail="after 9 turns", good=True, on_rematch=lambda: None)
    result.age = 10_000.0
    yield "result", result
    level_result = app.make("level_result", run=_level_run())
    level_result.age = 10_000.0
    yield "level result", level_result
    campaign = app.make("campaign_map")
    yield "campaign map", campaign
    yield "profile", app.make("profile", progress=campaign.progress, levels=campaign.data.levels)
    yield "crash", app.make("crash", report="Traceback ...", report_path=None, saved=["your game of this level"])
    yield "error", app.make("error", title="No cards", message="The card set could not be read.")
    line = SimpleNamespace(speaker="Mentor Ada", portrait="apprentice", text="Watch the lanes.")
    dialogue = app.make("dialogue", lines=[line, line], heading=(i18n._("Chapter {number}").format(number=1), "Sparks"))
    dialogue.shown = 100.0  # the whole line, and the hint to go on
    yield "story lines", dialogue


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_of_the_first_screens_overflows(app, language):
    assert i18n.set_language(language) == language
    app.settings.language = language  # as the Settings row would keep it
    wrong, seen = {}, 0
    for name, scene in _screens(app):
        app.reset(scene)
        step(app)
        problems = layout_problems(drawn_texts(scene)) + overflowing(buttons_of(scene))
        seen += 1
        if problems:
            wrong[name] = problems
    assert wrong == {}
    assert seen == 21  # 12 screens, settings' 4 tabs and the controls' 6
