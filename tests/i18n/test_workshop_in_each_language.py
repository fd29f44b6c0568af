"""The level workshop in every language: its screens (front page, the editor of each game and
each of a card level's tabs, the file dialog, the help, the simulate set-up, the map painter,
the campaign structure) keep every text in the window, in its box and clear of the others in
English, Chinese, Russian, Thai and the pseudo-locale; a language switch made while the editor
is open shows on its next frame; counted words take the language's plural forms."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game import i18n
from game.client.workshop import campaign_view
from game.client.workshop.recovery_offer import when
from game.workshop import forms
from tests.client.driver import step
from tests.client.text_layout import drawn_texts, layout_problems

LANGUAGES = ["en", "zh-CN", "ru", "th", "en-XA"]


def _screens(app):
    """(name, scene, how to set it up, an overlay drawn over it or None), every workshop screen."""
    nothing = lambda scene: None  # noqa: E731
    yield "front page", app.make("workshop"), nothing, None
    editor = app.make("workshop_editor", kind="cards")
    for tab in forms.tabs(editor.doc):
        yield f"card level, tab {tab}", editor, lambda scene, tab=tab: setattr(scene, "tab", tab), None
    level_tab = lambda scene: setattr(scene, "tab", "Level")  # noqa: E731
    yield "file dialog (open)", editor, level_tab, app.make("workshop_files", mode="open")
    yield "file dialog (save)", editor, level_tab, app.make("workshop_files", mode="save", file_name="my_level.json")
    yield "help", editor, level_tab, app.make("workshop_help")
    simulate = app.make("workshop_simulate", kind="cards", title="New Puzzle", warnings=(), start=lambda setup: None)
    yield "simulate", editor, level_tab, simulate
    yield "gomoku level", app.make("workshop_editor", kind="gomoku"), nothing, None
    skirmish = app.make("workshop_editor", kind="skirmish")
    yield "skirmish level", skirmish, nothing, None
    yield "map painter", skirmish, lambda scene: setattr(scene.field, "painting", True), None
    campaign = app.make("workshop_campaign")
    yield "campaign structure", campaign, nothing, None
    # The campaign's help is drawn by its scene over the screen: its own texts are checked.
    yield "campaign help", campaign, nothing, SimpleNamespace(draw=campaign_view.draw_help)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_of_the_workshop_overflows(app, language):
    assert i18n.set_language(language) == language
    wrong, seen = {}, 0
    for name, scene, set_up, overlay in _screens(app):
        set_up(scene)
        app.reset(scene)
        if overlay is not None and not isinstance(overlay, SimpleNamespace):
            app.push(overlay)
        step(app)
        problems = layout_problems(drawn_texts(overlay or scene))
        seen += 1
        if problems:
            wrong[name] = problems
    assert wrong == {}
    assert seen == 17  # 7 screens, a card level's 7 tabs and 3 more overlays over the editor


def test_the_open_editor_follows_a_language_switch(app):
    editor = app.make("workshop_editor", kind="cards")
    app.reset(editor)
    step(app)
    assert [button.label for button in editor.buttons][:3] == ["Back", "Save", "Save as"]
    assert [row.label for row in editor.rows.rows][:3] == ["Id", "Title", "Summary"]
    i18n.set_language("ru")  # as the Settings row does, from a test play's pause menu over the editor
    step(app)
    assert [button.label for button in editor.buttons][:3] == ["Назад", "Сохранить", "Сохр. как"]
    assert [row.label for row in editor.rows.rows][:3] == ["Id", "Название", "Описание"]
    assert "Уровень" in {text for text, _rect, _box in drawn_texts(editor)}  # the first tab
    assert editor.tab == "Level"  # the tab keeps its English id


def test_counted_words_take_each_languages_plural_forms():
    now = 1_000_000.0
    i18n.set_language("ru")
    assert [when(now - minutes * 60, now) for minutes in (1, 3, 5, 21)] == [
        "1 минуту назад",
        "3 минуты назад",
        "5 минут назад",
        "21 минуту назад",
    ]
    assert when(now - 86400, now) == "вчера" and when(now - 2 * 86400, now) == "2 дня назад"
    i18n.set_language("zh-CN")
    assert when(now - 3 * 3600, now) == "3 小时前"
    i18n.set_language("en")
    assert when(now - 3 * 3600, now) == "3 hours ago" and when(now - 10, now) == "moments ago"
