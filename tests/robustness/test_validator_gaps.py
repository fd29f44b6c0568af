"""Gaps the validators missed (item 15 of the reliability review): renju openings holding a black
foul, card ids that clash with the shipped set, versions that are not the whole number 1, duplicate
JSON keys, blank names and names that break the HUD, and stale temporary files of the save store."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.paths import levels_dir
from game.rules.cards.cardset import CardSetError, load_cardset, validate_card_files
from game.rules.levels.loader import read_level
from game.rules.safe_json import JsonFileError, json_path, parse_json_text
from game.rules.saves.store import STALE_TEMP_SECONDS, Store, write_atomically
from game.rules.skirmish.data import DataError, load_roster
from game.rules.text_fields import MAX_HERO_NAME, is_blank

CAMPAIGN = levels_dir() / "campaign"
CORE = json.loads((levels_dir() / "cards" / "core.json").read_text(encoding="utf-8"))
CREATURE = {
    k: v
    for k, v in next(
        c for c in CORE["cards"] if c["type"] == "creature" and not c.get("effects") and not c.get("token")
    ).items()
    if k != "art"
}
BLANKS = [" ", "   ", "\u00a0", "\u2003", "\u3000", "\u200b", "\u2060", "\ufeff", "\u3164", "\u2800", " \u00a0\u200b "]


def level(name: str) -> dict:
    return json.loads((CAMPAIGN / f"{name}.json").read_text(encoding="utf-8"))


def problems_of(tmp_path, data: dict) -> list[str]:
    path = tmp_path / f"{data.get('id', 'level')}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return [str(p) for p in read_level(path)[1]]


# ------------------------------------------------------------------ renju openings

FOULS = {  # black stones (x,y) on a 15x15 board making a foul at (7,7); white stones far away
    "double-three": ["6,7", "7,7", "8,7", "7,6", "7,8"],
    "double-four": ["4,7", "5,7", "7,7", "8,7", "7,4", "7,5", "7,8"],
    "overline": ["2,7", "3,7", "4,7", "5,7", "6,7", "7,7"],
}
FAR_WHITE = ["0,14", "2,14", "4,14", "6,14", "8,14", "10,14", "12,14"]


@pytest.mark.parametrize("foul", list(FOULS))
@pytest.mark.parametrize("rule", ["renju", "freestyle"])
def test_a_renju_opening_holding_a_black_foul_is_rejected(tmp_path, foul, rule):
    data = level("g4_renju_challenge")
    black = FOULS[foul]
    data.update(id="foul", rule=rule, opening={"black": black, "white": FAR_WHITE[: len(black) - 1]})
    problems = problems_of(tmp_path, data)
    fouls = [p for p in problems if "renju forbids" in p]
    if rule == "renju":
        assert fouls and all("$.opening.black[" in p for p in fouls)
        assert any("on 7,7 (h8)" in p for p in fouls)
    elif foul != "overline":  # freestyle: no fouls (an overline there is a five: a won position)
        assert not fouls, problems


def test_the_shipped_renju_level_has_no_foul_in_its_opening(tmp_path):
    assert problems_of(tmp_path, level("g4_renju_challenge") | {"id": "renju"}) == []


# ------------------------------------------------------------------ card files and the shipped set


def test_a_card_file_reusing_a_shipped_id_passes_alone_but_not_against_the_shipped_set(tmp_path):
    path = tmp_path / "extra.json"
    path.write_text(json.dumps({"version": 1, "name": "extra", "cards": [CREATURE]}), encoding="utf-8")
    assert load_cardset([path]).cards  # on its own the id is free
    with pytest.raises(CardSetError) as caught:
        validate_card_files([path])
    assert caught.value.problems == [
        f"{path}: card {CREATURE['id']} ({CREATURE['name']}): id: already used in "
        f"{levels_dir() / 'cards' / 'core.json'}"
    ]
    fresh = {**CREATURE, "id": 9001}
    path.write_text(json.dumps({"version": 1, "name": "extra", "cards": [fresh]}), encoding="utf-8")
    assert 9001 in validate_card_files([path]).cards
    assert validate_card_files([levels_dir() / "cards" / "core.json"]).cards  # a shipped file is not its own clash


@pytest.mark.parametrize("version", [True, 1.0, "1", None, [1]])
def test_a_card_file_version_must_be_the_whole_number_1(tmp_path, version):
    path = tmp_path / "v.json"
    path.write_text(
        json.dumps({"version": version, "name": "v", "cards": [{**CREATURE, "id": 9002}]}), encoding="utf-8"
    )
    with pytest.raises(CardSetError) as caught:
        load_cardset([path])
    assert [p for p in caught.value.problems if ": version: " in p], caught.value.problems


@pytest.mark.parametrize("version", [True, 1.0])
@pytest.mark.parametrize("file", ["heroes.json", "abilities.json"])
def test_a_skirmish_file_version_must_be_the_whole_number_1(tmp_path, file, version):
    folder = tmp_path / "skirmish"
    shutil.copytree(levels_dir() / "skirmish", folder)
    data = json.loads((folder / file).read_text(encoding="utf-8"))
    data["version"] = version
    (folder / file).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_roster(folder)
    assert caught.value.problems == [
        f"{folder / file}: version: version must be the whole number 1 (found {json.dumps(version)})"
    ]


def test_level_and_campaign_versions_are_strict(tmp_path):
    for version in (True, 1.0):
        assert any("$.version" in p for p in problems_of(tmp_path, level("c1_first_spark") | {"version": version}))


# ------------------------------------------------------------------ duplicate keys

keys = st.text(alphabet="abcxyz_", min_size=1, max_size=4)
json_values = st.recursive(
    st.none() | st.integers(-5, 5) | st.text(alphabet="ab", max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)


def _objects(value, where=()):
    if isinstance(value, dict):
        yield where, value
        for key, item in value.items():
            yield from _objects(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _objects(item, (*where, index))


def _dump_with_duplicate(value, target, key) -> str:
    if isinstance(value, dict):
        parts = [f"{json.dumps(k)}: {_dump_with_duplicate(v, target, key)}" for k, v in value.items()]
        if value is target:
            parts.append(f"{json.dumps(key)}: 0")
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_dump_with_duplicate(v, target, key) for v in value) + "]"
    return json.dumps(value)


@given(st.dictionaries(keys, json_values, min_size=1, max_size=4), st.data())
@settings(max_examples=80, deadline=None)
def test_a_duplicate_key_anywhere_is_refused_with_the_key_and_its_path(document, data):
    where, target = data.draw(st.sampled_from([o for o in _objects(document) if o[1]]))
    key = data.draw(st.sampled_from(sorted(target)))
    text = _dump_with_duplicate(document, target, key)
    with pytest.raises(JsonFileError) as caught:
        parse_json_text(text, "f.json")
    assert f'the key "{key}" appears more than once' in caught.value.message
    assert (
        caught.value.json_path == json_path([*where, key])
        or target is not document
        and caught.value.json_path.startswith("$")
    )  # an earlier duplicate in document order may be found first
    assert parse_json_text(json.dumps(document), "f.json") == document


def test_a_duplicate_key_in_a_card_file_is_named(tmp_path):
    path = tmp_path / "dup.json"
    card = json.dumps({**CREATURE, "id": 9003})[:-1] + ', "cost": 1}'
    path.write_text('{"version": 1, "name": "d", "cards": [' + card + "]}", encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        load_cardset([path])
    assert caught.value.problems == [
        f'{path}: $.cards[0].cost: the key "cost" appears more than once in this object; keep one'
    ]


# ------------------------------------------------------------------ names


@pytest.mark.parametrize("blank", BLANKS)
def test_blank_names_are_refused_everywhere(tmp_path, blank):
    assert is_blank(blank)
    path = tmp_path / "cards.json"
    path.write_text(
        json.dumps({"version": 1, "name": "c", "cards": [{**CREATURE, "id": 9004, "name": blank}]}), encoding="utf-8"
    )
    with pytest.raises(CardSetError) as caught:
        load_cardset([path])
    assert any("name: the name is blank" in p for p in caught.value.problems)
    data = level("c1_first_spark")
    data["title"] = blank
    data["opponent"]["name"] = blank
    problems = problems_of(tmp_path, data)
    assert any("$.title" in p and "blank" in p for p in problems)
    assert any("$.opponent.name" in p and "blank" in p for p in problems)
    folder = tmp_path / "skirmish"
    shutil.copytree(levels_dir() / "skirmish", folder, dirs_exist_ok=True)
    heroes = json.loads((folder / "heroes.json").read_text(encoding="utf-8"))
    heroes["heroes"][0]["name"] = blank
    (folder / "heroes.json").write_text(json.dumps(heroes), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_roster(folder)
    assert any(": name: the name is blank" in p for p in caught.value.problems)


@given(st.text(min_size=1, max_size=20))
@settings(max_examples=100, deadline=None)
def test_a_name_showing_a_letter_or_digit_is_never_blank(text):
    if any(ch.isalnum() for ch in text):
        assert not is_blank(text)


@pytest.mark.parametrize("name", ["Ann\nBob", "Ann\tBob", "Ann\u2028Bob", "A" * (MAX_HERO_NAME + 1)])
def test_hero_and_character_names_are_one_short_line(tmp_path, name):
    data = level("s1_first_muster")
    data["opponent"]["name"] = name
    data["player"]["heroes"][0]["name"] = name
    data.setdefault("story", {})["before"] = [{"speaker": name, "text": "Hello."}]
    problems = problems_of(tmp_path, data)
    for where in ("$.opponent.name", "$.player.heroes[0].name", "$.story.before[0].speaker"):
        assert any(p.startswith(f"{tmp_path / 's1_first_muster.json'}: {where}: ") for p in problems), (where, problems)


def test_the_longest_shipped_names_fit():
    names = [len(h["name"]) for h in json.loads((levels_dir() / "skirmish" / "heroes.json").read_text())["heroes"]]
    assert max(names) <= MAX_HERO_NAME
    for path in CAMPAIGN.glob("*.json"):
        assert read_level(path)[1] == [] if path.name != "campaign.json" else True


# ------------------------------------------------------------------ stale temp files


def _temp(folder, name, age):
    path = folder / f".{name}.json.abcd1234.tmp"
    path.write_text("{", encoding="utf-8")
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


def test_every_folder_written_to_is_swept_of_old_temp_files_only(tmp_path):
    (tmp_path / "designs").mkdir()
    old_workshop = _temp(tmp_path / "designs", "level", STALE_TEMP_SECONDS + 30)
    new_workshop = _temp(tmp_path / "designs", "other", 1)
    write_atomically(tmp_path / "designs" / "level.json", b"{}")  # the workshop's save of a level file
    assert not old_workshop.exists() and new_workshop.exists()
    store_root = tmp_path / "store"
    store_root.mkdir()
    old_store = _temp(store_root, "settings", STALE_TEMP_SECONDS + 30)
    Store(store_root).save("settings", {"a": 1}, 1)  # a store that only saves sweeps too
    assert not old_store.exists()
    assert (store_root / "settings.json").exists()
