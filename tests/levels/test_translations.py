"""The game data's translation files (game/rules/levels/translations.py): a level, the campaign
and the cards read in another language from the files beside them, a missing text falling back to
the English, digests that do not depend on the language, a broken file that leaves the data
English with a message naming file and field, and `levels validate --lang` listing exactly what
is missing and what is unused."""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

import pytest

from game.rules.levels.loader import load_campaign, load_level
from game.rules.levels.session import LevelSession, level_digest
from game.rules.levels.translations import (
    ENGLISH,
    card_coverage,
    load_translations,
    localize_campaign,
    localize_level,
    read_translations,
    schema_path,
    schema_text,
)
from game.tools import validate_levels

LEVEL = {
    "$schema": "../schema/level.schema.json",
    "version": 1,
    "kind": "cards",
    "id": "lv_spark",
    "title": "First Spark",
    "summary": "Count the damage.",
    "story": {
        "before": [
            {"speaker": "Magister Ilsa", "text": "Welcome, apprentice."},
            {"speaker": "Magister Ilsa", "text": "Send both at the dummy."},
        ],
        "after": [{"speaker": "Magister Ilsa", "text": "Well done."}],
    },
    "rules": {"lanes": 1, "style": "plain"},
    "first": "player",
    "player": {
        "deck": {"kind": "fixed", "cards": [25, 25, 25, 25, 25]},
        "mana": 3,
        "hand": [37],
        "board": [{"card": 25}],
    },
    "opponent": {
        "name": "Practice Dummy",
        "deck": {"kind": "fixed", "cards": [9, 9, 9, 9, 9]},
        "health": 6,
        "hand": [],
        "control": "scripted",
    },
    "objectives": [{"kind": "win_within", "turns": 1, "text": "Win this turn"}],
}
CAMPAIGN = {
    "version": 1,
    "title": "The Duels",
    "chapters": [
        {
            "id": "bench",
            "title": "The Bench",
            "intro": [{"speaker": "Magister Ilsa", "text": "Learn one lesson at a time."}],
            "levels": ["lv_spark"],
        }
    ],
}
RU = {
    "$schema": "../../schema/translations.schema.json",
    "language": "ru",
    "common": {"Magister Ilsa": "Магистр Ильза", "Win this turn": "Победите в этот ход", "Old name": "Старое"},
    "campaign": {"The Bench": "Скамья", "Learn one lesson at a time.": "Учитесь по уроку за раз."},
    "levels": {
        "lv_spark": {"First Spark": "Первая искра", "Welcome, apprentice.": "Добро пожаловать, ученик.", "Gone": "Нет"},
        "lv_removed": {"Title": "Заголовок"},
    },
}


def write(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path) -> Path:
    write(tmp_path / "campaign.json", CAMPAIGN)
    write(tmp_path / "lv_spark.json", LEVEL)
    write(tmp_path / "translations" / "ru.json", RU)
    return tmp_path


def test_the_exported_schema_is_up_to_date():
    assert schema_path().read_text(encoding="utf-8") == schema_text(), (
        "levels/schema/translations.schema.json is stale: run python main.py levels validate --write-schema"
    )


def test_a_level_in_russian_shows_its_russian_texts_and_english_where_none_is_given(folder):
    level = load_level(folder / "lv_spark.json")
    ru = localize_level(level, load_translations(folder, "ru"))
    assert ru.title == "Первая искра"  # levels.lv_spark
    assert [(line.speaker, line.text) for line in ru.story.before] == [
        ("Магистр Ильза", "Добро пожаловать, ученик."),  # speaker from common
        ("Магистр Ильза", "Send both at the dummy."),  # not translated: the English
    ]
    assert ru.summary == "Count the damage." and ru.opponent.name == "Practice Dummy"
    assert ru.objectives[0].text == "Победите в этот ход"
    # The English model is untouched, and its ids and rules are the copy's.
    assert level.title == "First Spark" and level.story.before[0].speaker == "Magister Ilsa"
    assert (ru.id, ru.player, ru.opponent.deck) == (level.id, level.player, level.opponent.deck)


def test_the_campaign_in_russian(folder):
    campaign = localize_campaign(load_campaign(folder / "campaign.json"), load_translations(folder, "ru"))
    chapter = campaign.chapters[0]
    assert (campaign.title, chapter.title) == ("The Duels", "Скамья")
    assert [(line.speaker, line.text) for line in chapter.intro] == [("Магистр Ильза", "Учитесь по уроку за раз.")]
    assert campaign.level_ids() == ["lv_spark"]


def test_digests_and_saves_are_the_same_in_every_language(folder):
    level = load_level(folder / "lv_spark.json")
    ru = localize_level(level, load_translations(folder, "ru"))
    assert ru is not level and level_digest(ru) == level_digest(level)
    session = LevelSession.create(ru, 7)
    session.start()
    assert session.save_data()["digest"] == level_digest(level)
    assert localize_level(level, ENGLISH) is level  # English: the level as read


def test_no_translation_file_or_english_leaves_the_data_as_written(folder):
    assert load_translations(folder, "th") is ENGLISH  # no th.json
    assert load_translations(folder, "en") is ENGLISH


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ('{"language": "ru", "levels": {"lv_spark": ', "$", "invalid JSON at line 1, column 43"),
        ('{"language": "de"}', "$.language", 'must be one of zh-CN, ru, th (found "de")'),
        ('{"language": "th"}', "$.language", 'the file is for "ru" but says "th"'),
        (
            '{"language": "ru", "levels": {"lv_spark": {"First Spark": 3}}}',
            '$.levels.lv_spark["First Spark"]',
            "must be a string",
        ),
        ('{"language": "ru", "comon": {}}', "$.comon", 'unknown field "comon"'),
    ],
)
def test_a_broken_file_names_file_and_field_and_the_data_stays_english(folder, caplog, text, path, message):
    file = folder / "translations" / "ru.json"
    file.write_text(text, encoding="utf-8")
    data, problems = read_translations(file)
    assert data is None and [problem.path for problem in problems][:1] == [path]
    assert message in problems[0].message and problems[0].file == str(file)
    with caplog.at_level(logging.WARNING):
        table = load_translations(folder, "ru")
    assert table is ENGLISH
    assert f"{file}: {path}: " in caplog.text
    assert localize_level(load_level(folder / "lv_spark.json"), table).title == "First Spark"


def run_validate(paths, lang, capsys) -> tuple[int, str, str]:
    args = argparse.Namespace(paths=paths, write_schema=False, json=False, lang=lang)
    code = validate_levels.run(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_validate_lang_lists_exactly_the_missing_and_the_unused_texts(folder, capsys):
    code, out, err = run_validate([folder], "ru", capsys)
    campaign, level, ru = folder / "campaign.json", folder / "lv_spark.json", folder / "translations" / "ru.json"
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f'{campaign}: $.title: missing: "The Duels"',
        f'{level}: $.summary: missing: "Count the damage."',
        f'{level}: $.story.before[1].text: missing: "Send both at the dummy."',
        f'{level}: $.story.after[0].text: missing: "Well done."',
        f'{level}: $.opponent.name: missing: "Practice Dummy"',
        f'{ru}: $.common["Old name"]: unused',
        f"{ru}: $.levels.lv_spark.Gone: unused",
        f"{ru}: $.levels.lv_removed: unused: no level has this id",
        "ru: 5 text(s) missing, 3 unused translation(s), in 2 file(s)",
        "ok: 2 file(s)",
    ]


def test_validate_lang_en_has_nothing_to_translate_and_a_broken_file_is_a_problem(folder, capsys):
    code, out, _err = run_validate([folder], "en", capsys)
    assert code == 0 and out.splitlines() == ["en: the data is written in it: nothing to translate", "ok: 2 file(s)"]
    (folder / "translations" / "ru.json").write_text('{"language": "th"}', encoding="utf-8")
    code, _out, err = run_validate([folder], "ru", capsys)
    assert code == 1
    assert f'{folder / "translations" / "ru.json"}: $.language: the file is for "ru" but says "th"' in err


def test_card_translations_cover_names_and_flavor(tmp_path):
    cards = {
        "version": 1,
        "name": "mini",
        "cards": [
            {"id": 1, "name": "Scrap Mite", "flavor": "It bites on the way out."},
            {"id": 2, "name": "Ember Mote"},
        ],
    }
    write(tmp_path / "mini.json", cards)
    write(
        tmp_path / "translations" / "ru.json",
        {"language": "ru", "cards": {"Scrap Mite": "Ржавый клещ", "Old Card": "Старая"}},
    )
    table = load_translations(tmp_path, "ru")
    assert (table.card_text("Scrap Mite"), table.card_text("Ember Mote")) == ("Ржавый клещ", "Ember Mote")
    report = card_coverage(tmp_path, "ru")
    assert [(p.path, p.message) for p in report.missing] == [
        ("$.cards[1].name", '"Ember Mote"'),
        ("$.cards[0].flavor", '"It bites on the way out."'),
    ]
    assert [(p.path, p.message) for p in report.unused] == [('$.cards["Old Card"]', "unused")]
