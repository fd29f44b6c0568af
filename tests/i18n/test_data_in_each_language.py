"""The game data and the rules' sentences in the player's language, in the client: the campaign
map's data follows a language switch, a level is played from a translated copy whose digest is the
English file's, the rules' objective, result and twist sentences are worded in the language, and
the campaign map, a story screen, a level result, the profile and the quick match lay out in
English, Chinese, Russian, Thai and the pseudo-locale (one frame each)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game import i18n
from game.client.campaign import load_campaign_data, objective_texts
from game.client.level_run import LevelRun
from game.client.match import versus_sentence
from game.client.objectives_hud import player_words
from game.client.rules_words import known
from game.rules.levels import load_level
from game.rules.levels.loader import campaign_dir
from game.rules.levels.modifiers import twist_short, twist_words
from game.rules.levels.objectives import ObjectiveStatus, describe
from game.rules.levels.session import LevelResult, level_digest
from tests.client.driver import step
from tests.client.test_layout import buttons_of, overflowing
from tests.client.text_layout import drawn_texts, layout_problems
from tests.levels.test_translations import CAMPAIGN, LEVEL, RU

LANGUAGES = ["en", "zh-CN", "ru", "th", "en-XA"]


@pytest.fixture
def folder(tmp_path):
    for name, data in (("campaign.json", CAMPAIGN), ("lv_spark.json", LEVEL), ("translations/ru.json", RU)):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return tmp_path


def test_the_campaign_data_follows_a_language_switch(folder):
    i18n.set_language("ru")
    data = load_campaign_data(folder)
    assert (data.campaign.chapters[0].title, data.levels["lv_spark"].title) == ("Скамья", "Первая искра")
    assert data.english_level("lv_spark").title == "First Spark"
    assert data.follow_language() is False  # nothing changed
    i18n.set_language("en")
    assert data.follow_language() is True
    assert (data.campaign.chapters[0].title, data.levels["lv_spark"].title) == ("The Bench", "First Spark")
    i18n.set_language("en-XA")
    data.follow_language()
    assert data.levels["lv_spark"].title == i18n.pseudo("First Spark")


def test_a_broken_translation_file_leaves_the_campaign_english_and_playable(folder, caplog):
    (folder / "translations" / "ru.json").write_text('{"language": "ru", "levels": [', encoding="utf-8")
    i18n.set_language("ru")
    data = load_campaign_data(folder)
    assert data.problems == [] and data.broken == {}
    assert (data.campaign.chapters[0].title, data.levels["lv_spark"].title) == ("The Bench", "First Spark")
    assert f"{folder / 'translations' / 'ru.json'}: $: invalid JSON" in caplog.text


def test_a_level_is_played_from_a_translated_copy_with_the_english_digest(folder):
    i18n.set_language("ru")
    run = LevelRun(None, folder / "lv_spark.json")
    level, problems = run.read()
    english = load_level(folder / "lv_spark.json")
    assert problems == [] and level.title == "Первая искра" and level.opponent.name == "Practice Dummy"
    assert level_digest(level) == level_digest(english)
    assert run.quit_label() == "Quit to title"  # English: the pause menu translates it
    assert LevelRun(None, "x", home_label="Campaign map").quit_label() == "Quit to campaign map"


def test_a_level_in_play_follows_a_language_switch(folder):
    from game.rules.levels.session import LevelSession

    i18n.set_language("ru")
    run = LevelRun(None, folder / "lv_spark.json")
    level, _problems = run.read()
    run.session = LevelSession.create(level, 3)
    run.session.start()
    run.level = level
    digest = run.session.save_data()["digest"]
    assert run.follow_language() is False  # the same language: nothing to do
    i18n.set_language("en")
    assert run.follow_language() is True
    assert (run.level.title, run.session.level.title) == ("First Spark", "First Spark")
    assert [status.text for status in run.session.objectives()] == ["Win this turn"]
    assert run.session.save_data()["digest"] == digest  # still the English file's


def test_the_rules_sentences_are_worded_in_the_language():
    i18n.set_language("ru")
    assert player_words("Win within 3 turns") == "Победите за 3 хода"
    assert player_words("Win within 5 turns") == "Победите за 5 ходов"
    assert player_words("turn 2 of 3") == "ход 2 из 3"
    assert player_words("1 move(s) left") == "остался 1 ход"
    assert player_words("Objective failed: Win.") == "Вы проиграли партию."
    assert player_words("Objective failed: Survive 3 enemy turns.") == "Не выполнено: продержитесь 3 хода противника."
    assert player_words("Keep Gravel Golem alive") == "Не дайте погибнуть: Гравийный голем"
    assert player_words("Победите в этот ход") == "Победите в этот ход"  # a level's own text, already translated
    assert versus_sentence(True, "You", "Pip", 5, "turn") == "Вы победили за 5 ходов: Pip проигрывает"
    assert versus_sentence(False, "The Duelmind", "You", 21, "move") == "the Duelmind побеждает вас за 21 ход"
    assert (
        versus_sentence(None, "Игрок 1", "Игрок 2", 3, "round") == "Игрок 1 побеждает за 3 раунда, Игрок 2 проигрывает"
    )
    i18n.set_language("zh-CN")
    assert player_words("Survive 2 rounds") == "坚持 2 轮"
    assert versus_sentence(None, "Player 1", "Player 2", 4, "round") == "Player 1用 4 轮击败了Player 2"


def test_a_progress_problem_is_said_without_file_names_or_ids():
    from game.client.rules_words import progress_words

    i18n.set_language("ru")
    title = {"c1_first_spark": "Первая искра"}.get
    problem = "Your saved game of c1_first_spark could not be read: c1_first_spark.json was unreadable (bad); moved."
    assert progress_words(problem, title) == (
        "Не удалось прочитать сохранённую игру уровня «Первая искра», уровень начнётся заново; нечитаемый файл сохранён."
    )
    assert progress_words("Your campaign progress could not be read: progress.json was unreadable.", title) == (
        "Не удалось прочитать прогресс кампании, он начнётся заново; нечитаемый файл сохранён."
    )


def test_quick_match_opponents_are_named_as_the_campaign_names_them():
    from game.client.front_ends import front_end

    i18n.set_language("ru")
    assert front_end("cards").opponent("easy") == ("Корин Эшдаун", "corin")  # the campaign's common table
    assert front_end("skirmish").opponent("greedy")[0] == "Капитан Восс"  # only in quick matches: the catalog
    i18n.set_language("en")
    assert front_end("cards").opponent("easy") == ("Corin Ashdown", "corin")


def test_every_sentence_the_shipped_levels_make_is_worded():
    """Each objective, twist and short twist the shipped campaign's levels show is one the client
    words (a level's own objective text comes from the data's translations instead)."""
    from game.client.front_ends import front_end

    data = load_campaign_data(campaign_dir())
    unworded = []
    for level in data.levels.values():
        names = front_end(level.kind).level_names(level)
        sentences = [describe(o, names) for o in level.objectives if not o.text]
        sentences += twist_words(level) + ([twist_short(level)] if twist_short(level) else [])
        sentences += [level.kind_text()] if hasattr(level, "kind_text") else []  # the rules' own kind words
        unworded += [(level.id, text) for text in sentences if not known(text)]
    assert unworded == []


def _level_run(level_id: str):
    """A finished run of a shipped level, read in the current language."""
    run = LevelRun(None, level_id)
    level, problems = run.read()
    assert problems == []
    names = {}
    statuses = [
        ObjectiveStatus(i, o.kind, describe(o, names), o.required, "met", "turn 1 of 3")
        for i, o in enumerate(level.objectives)
    ]
    return SimpleNamespace(
        level=level,
        session=SimpleNamespace(result=LevelResult(True, 2, 7, statuses, "All objectives met.")),
        unlocked=[],
        next_level_id=lambda: None,
        home_label=i18n.N_("Campaign map"),
        level_title=lambda level_id: level.title,
        progress=SimpleNamespace(record=lambda level_id: SimpleNamespace(best_turns=5, attempts=3)),
        notices=[],
        achievements_won=["Three Crafts", "Quick Hands"],
        open_next=lambda level_id: None,
        restart=lambda: None,
        leave=lambda: None,
    )


def _screens(app):
    campaign = app.make("campaign_map")
    yield "campaign map", campaign
    yield "profile", app.make("profile", progress=campaign.progress, levels=campaign.data.levels)
    yield "quick match", app.make("quick_match")
    from game.client.front_ends import front_end

    rival = front_end("cards").opponent("hard")[0]
    sentence = versus_sentence(False, rival, i18n._("You"), 15, "turn")
    result = app.make(
        "result", headline=i18n._("Defeat"), detail="30 - 0", good=False, on_rematch=lambda: None, sentence=sentence
    )
    result.age = 10_000.0
    yield "match result", result
    run = _level_run("c2_two_lanes")
    result = app.make("level_result", run=run)
    result.age = 10_000.0
    yield "level result", result
    chapter = campaign.data.campaign.chapters[0]
    story = app.make(
        "dialogue", lines=chapter.intro, heading=(i18n._("Chapter {number}").format(number=1), chapter.title)
    )
    story.shown = 1000.0
    yield "chapter intro", story
    lines = load_level("c1_first_spark").story.before
    level_story = app.make("dialogue", lines=[run.level.story.before[0]] if run.level.story.before else lines)
    level_story.shown = 1000.0
    yield "story lines", level_story


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_data_screens_lay_out_in_every_language(app, language):
    assert i18n.set_language(language) == language
    app.settings.language = language
    wrong, seen = {}, 0
    for name, scene in _screens(app):
        app.reset(scene)
        step(app)
        problems = layout_problems(drawn_texts(scene)) + overflowing(buttons_of(scene))
        seen += 1
        if problems:
            wrong[name] = problems
    assert wrong == {}
    assert seen == 7


def test_a_level_title_on_the_map_is_in_the_language(app):
    i18n.set_language("ru")
    scene = app.make("campaign_map")
    app.reset(scene)
    step(app)
    english = scene.data.english_level(scene.selected).title
    shown = scene.data.levels[scene.selected].title
    words = {text for text, _rect, _box in drawn_texts(scene)}
    assert shown in words
    ru = json.loads((campaign_dir() / "translations" / "ru.json").read_text(encoding="utf-8"))
    expected = ru["levels"].get(scene.selected, {}).get(english) or ru["common"].get(english) or english
    assert shown == expected
    assert objective_texts(scene.data.levels[scene.selected])  # worded, in the language
