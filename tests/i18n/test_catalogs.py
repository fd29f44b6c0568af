"""The catalogs: the template holds exactly what the code marks (extracted again here), and the
Chinese, Russian and Thai catalogs translate every message of it, plural forms and format fields
included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po

from game import i18n

REPO = Path(__file__).resolve().parents[2]
TEMPLATE = i18n.LOCALE_DIR / "duelmind.pot"
FIELD = re.compile(r"\{([a-z_]*)[^{}]*\}")  # a format field's name: {count}, {seconds}, {day}
PLURALS = {"ru": 3, "zh-CN": 1, "th": 1}


def _ids(catalog) -> set:
    return {(message.context, message.id) for message in catalog if message.id}


def _read(path: Path):
    with open(path, "rb") as handle:
        return read_po(handle)


def extracted_ids() -> set:
    """What the code marks now, as `pybabel extract` with game/locale/babel.cfg finds it (Babel's
    own Python extractor and default keywords), read only from the files that call a keyword:
    the command itself reads every file and takes seconds longer."""
    calls = re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, DEFAULT_KEYWORDS)) + r")\(")
    found = set()
    for path in sorted((REPO / "game").rglob("*.py")):
        if not calls.search(path.read_text(encoding="utf-8")):
            continue
        for _line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            found.add((context, message))
    return found


def test_the_template_is_up_to_date_with_the_code():
    shipped = _ids(_read(TEMPLATE))
    now = extracted_ids()
    assert sorted(now - shipped, key=str) == [], "marked in the code but not in duelmind.pot: extract again"
    assert sorted(shipped - now, key=str) == [], "in duelmind.pot but no longer in the code: extract again"
    assert len(now) > 200  # the marked screens: a broken extraction would find none


@pytest.mark.parametrize("code", list(i18n.FOLDERS))
def test_every_message_is_translated(code):
    catalog = _read(i18n.po_path(code))
    template = _read(TEMPLATE)
    assert _ids(catalog) == _ids(template), f"{code}: update the catalog from the template (pybabel update)"
    assert catalog.num_plurals == PLURALS[code]
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.fuzzy or len(forms) != (PLURALS[code] if message.pluralizable else 1) or not all(forms):
            wrong.append(f"{ids[0]!r}: untranslated or fuzzy")
            continue
        fields = {name for text in ids for name in FIELD.findall(text)}
        for form in forms:
            # Every field the game fills must stay (a translation may leave out one the English
            # needs only for its grammar, e.g. the date's {month_number} or {month}).
            missing = {name for name in fields if name not in FIELD.findall(form)}
            extra = {name for name in FIELD.findall(form)} - fields - {"month_number"}
            if (missing - {"month"} if message.context == "date" else missing) or extra:
                wrong.append(f"{ids[0]!r}: fields {sorted(missing)} missing, {sorted(extra)} unknown in {form!r}")
    assert wrong == []


def test_a_catalog_compiles_and_is_used(tmp_path, monkeypatch):
    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path))
    for code, word in (("zh-CN", "设置"), ("ru", "Настройки"), ("th", "ตั้งค่า")):
        assert i18n.set_language(code) == code
        assert i18n._("Settings") == word
