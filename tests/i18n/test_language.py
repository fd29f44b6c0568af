"""The machinery of game/i18n.py: plural forms, the pseudo-locale's shape, the system's language,
and a checkout's catalogs compiled into the cache (and a broken one leaving English)."""

from __future__ import annotations

import logging
import os
import shutil

import pytest

from game import i18n
from game.client.value_names import count_turns


def test_russian_has_three_plural_forms():
    assert i18n.set_language("ru") == "ru"
    moves = [count_turns("moves", n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 101, 111)]
    assert moves == [
        "1 ход",
        "2 хода",
        "5 ходов",
        "11 ходов",
        "12 ходов",
        "21 ход",
        "22 хода",
        "25 ходов",
        "101 ход",
        "111 ходов",
    ]
    assert [count_turns("rounds", n) for n in (1, 3, 7)] == ["1 раунд", "3 раунда", "7 раундов"]
    stars = [i18n.ngettext("{count} star", "{count} stars", n).format(count=n) for n in (1, 4, 5)]
    assert stars == ["1 звезда", "4 звезды", "5 звёзд"]


def test_chinese_and_thai_have_one_form_and_english_two():
    i18n.set_language("zh-CN")
    assert [count_turns("moves", n) for n in (1, 5)] == ["1 步", "5 步"]
    i18n.set_language("th")
    assert [count_turns("turns", n) for n in (1, 5)] == ["1 เทิร์น", "5 เทิร์น"]
    i18n.set_language("en")
    assert [count_turns("moves", n) for n in (1, 5)] == ["1 move", "5 moves"]


def test_a_context_tells_two_meanings_apart():
    i18n.set_language("zh-CN")
    date = i18n.pgettext("date", "{day} {month} {year}")
    assert date.format(day=27, month="11月", month_number=11, year=2026) == "2026年11月27日"
    assert i18n._("{day} {month} {year}") == "{day} {month} {year}"  # without the context: untranslated


def test_the_pseudo_locale_is_accented_longer_and_bracketed():
    assert i18n.pseudo("Settings") == "[Ŝéţţîñĝš ~~~~]"
    assert i18n.pseudo("{count} of {total}").format(count=3, total=5) == "[3 öƒ 5 ~~~~~~~~]"  # 18 characters: 8 tildes
    i18n.set_language("en-XA")
    assert i18n._("Quit") == "[Ǫûîţ ~~]"
    assert i18n.ngettext("{count} move", "{count} moves", 2).format(count=2) == "[2 ɱöṽéš ~~~~~~]"
    for text in ("Back", "Quick match", "Your settings could not be saved, so they last only until you quit the game."):
        shown = i18n.pseudo(text)
        assert shown.startswith("[") and shown.endswith("~]") and len(shown) >= 1.4 * len(text), shown
        assert not any("a" <= char <= "z" or "A" <= char <= "Z" for char in shown), shown


def test_only_the_languages_we_have_are_chosen():
    assert [i18n.normalise(code) for code in ("zh_CN.UTF-8", "zh-Hans", "zh_TW", "ru_RU", "th_TH.utf8")] == [
        "zh-CN",
        "zh-CN",
        None,
        "ru",
        "th",
    ]
    assert [i18n.normalise(code) for code in ("en-xa", "C", "POSIX", "de_DE", "", None)] == [
        "en-XA",
        None,
        None,
        None,
        None,
        None,
    ]
    assert i18n.set_language("de") == "en" and i18n.language() == "en"


@pytest.mark.parametrize(
    "environ, expected",
    [
        ({}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "de:th", "LANG": "en_US.UTF-8"}, "th"),  # LANGUAGE's list: the first we have
        ({"LANGUAGE": "de", "LANG": "zh_CN.UTF-8"}, "zh-CN"),  # none of LANGUAGE's: LANG decides
        ({"LC_ALL": "zh_CN.UTF-8", "LANG": "ru_RU.UTF-8"}, "zh-CN"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),  # LC_MESSAGES outranks LANG
        ({"LC_ALL": "zh_TW.UTF-8"}, "en"),  # traditional Chinese is not offered
    ],
)
def test_the_system_language(environ, expected):
    assert i18n.system_language(environ) == expected


def test_a_checkout_compiles_its_catalog_once_into_the_cache(tmp_path):
    root = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR / "ru", root / "ru")
    cache = tmp_path / "cache"
    first = i18n.mo_path("ru", root, cache)
    assert first is not None and first.parent == cache / "ru" and first.suffix == ".mo"
    stamp = first.stat().st_mtime_ns
    assert i18n.mo_path("ru", root, cache) == first and first.stat().st_mtime_ns == stamp  # not compiled again
    po = i18n.po_path("ru", root)
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Настройки"', 'msgstr "Параметры"'), "utf-8")
    second = i18n.mo_path("ru", root, cache)
    assert second is not None and second != first  # an edited .po compiles anew
    # A .mo beside the .po and at least as new (a wheel, the desktop build) is used as it is.
    [beside] = i18n.compile_all(root)
    assert beside == po.with_suffix(".mo") and i18n.mo_path("ru", root, cache) == beside
    os.utime(beside, (0, 0))  # older than its .po: a checkout's stale build product is not trusted
    assert i18n.mo_path("ru", root, cache) == second


def test_a_broken_catalog_leaves_english_and_says_so(tmp_path, monkeypatch, caplog):
    root = tmp_path / "locale"
    (root / "th" / "LC_MESSAGES").mkdir(parents=True)
    (root / "th" / "LC_MESSAGES" / "duelmind.mo").write_bytes(b"not a catalog")
    monkeypatch.setattr(i18n, "LOCALE_DIR", root)
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.set_language("th") == "en"
    assert i18n._("Settings") == "Settings"
    assert "duelmind.mo could not be read" in caplog.text
    assert i18n.set_language("ru") == "en" and "no catalog for ru" in caplog.text  # no file at all
