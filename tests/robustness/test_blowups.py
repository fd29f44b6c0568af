"""Small files that once blew up (item 14 of the reliability review): a 2 MB card file of a million
`{}` printed 4,000,001 problem lines, a million integers took the smoke test to 970 MB, 20,000
skirmish abilities took a gigabyte, a 7 MB name was echoed in every line. Now lists are capped in
the schemas (refused at once with one line), problems are capped per file with a count of the
rest, and long values are cut in messages."""

from __future__ import annotations

import json
import shutil
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.paths import levels_dir
from game.rules.cards.cardset import MAX_CARDS, MAX_PROBLEMS_PER_FILE, CardSetError, load_cardset
from game.rules.levels.loader import read_level
from game.rules.safe_json import cap_problems, check_data, parse_json_text, shorten
from game.rules.skirmish.data import MAX_ABILITIES, DataError, load_roster

CORE = json.loads((levels_dir() / "cards" / "core.json").read_text(encoding="utf-8"))
LEVEL = json.loads((levels_dir() / "campaign" / "c1_first_spark.json").read_text(encoding="utf-8"))


def card_file(tmp_path, cards, name="x.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"version": 1, "name": "x", "cards": cards}), encoding="utf-8")
    return path


def problems_of(path):
    with pytest.raises(CardSetError) as caught:
        load_cardset([path])
    return caught.value.problems


@pytest.mark.parametrize("entry", [{}, 1])
def test_too_many_cards_are_refused_with_one_line(tmp_path, entry):
    path = card_file(tmp_path, [entry] * (MAX_CARDS + 1))
    assert problems_of(path) == [
        f"{path}: cards: at most 1,000 cards in one file (found 1,001); split the set into several files"
    ]


def test_problems_are_capped_per_file_with_the_count_of_the_rest(tmp_path):
    path = card_file(tmp_path, [{}] * 200)  # four missing fields each: 800 problems
    problems = problems_of(path)
    assert len(problems) == MAX_PROBLEMS_PER_FILE + 1
    assert problems[-1] == f"{path}: ... and 750 more problems in this file"


def test_a_long_name_is_cut_in_every_message(tmp_path):
    card = {**CORE["cards"][0], "id": 9000, "cost": 99, "name": "N" * 100_000}
    problems = problems_of(card_file(tmp_path, [card]))
    assert problems and all(len(line) < 500 for line in problems)
    assert all("N" * 79 + "\u2026" in line for line in problems)


@given(st.integers(min_value=0, max_value=300), st.integers(min_value=1, max_value=60))
@settings(max_examples=40, deadline=None)
def test_cap_problems_keeps_at_most_the_limit_and_counts_the_rest(count, limit):
    problems = [f"p{i}" for i in range(count)]
    capped = cap_problems(problems, "f.json", limit)
    assert len(capped) == min(count, limit + 1)
    if count > limit:
        rest = count - limit
        assert capped[-1] == f"f.json: ... and {rest:,} more problem{'s' if rest != 1 else ''} in this file"
    else:
        assert capped == problems


@given(st.text(max_size=300), st.integers(min_value=2, max_value=120))
@settings(max_examples=60, deadline=None)
def test_shorten_never_exceeds_its_limit(text, limit):
    cut = shorten(text, limit)
    assert len(cut) <= limit and (cut == text or cut.endswith("\u2026"))


@pytest.mark.parametrize("field", ["allowed", "pool"])
def test_huge_level_lists_are_refused_by_the_schema(tmp_path, field):
    level = json.loads(json.dumps(LEVEL))
    if field == "allowed":
        level.setdefault("rules", {})["allowed"] = [1] * 100_000
    else:
        level["player"]["deck"] = {"kind": "draft", "pool": [1] * 100_000}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(level), encoding="utf-8")
    _, problems = read_level(path)
    assert problems and len(problems) <= 51
    assert any("at most 1000 item(s)" in p.message for p in problems)


def test_level_problems_are_capped_per_file(tmp_path):
    level = json.loads(json.dumps(LEVEL))
    level["story"] = {"before": [{"speaker": 1, "text": 2}] * 150}  # two problems each
    path = tmp_path / "many.json"
    path.write_text(json.dumps(level), encoding="utf-8")
    _, problems = read_level(path)
    assert len(problems) == 51 and problems[-1].message == "... and 250 more problems in this file"


def test_too_many_skirmish_abilities_are_one_line(tmp_path):
    folder = tmp_path / "skirmish"
    shutil.copytree(levels_dir() / "skirmish", folder)
    data = json.loads((folder / "abilities.json").read_text(encoding="utf-8"))
    data["abilities"] = (data["abilities"] * (MAX_ABILITIES // len(data["abilities"]) + 1))[: MAX_ABILITIES + 1]
    (folder / "abilities.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_roster(folder)
    assert caught.value.problems == [
        f"{folder / 'abilities.json'}: abilities: at most 1,000 abilities in one file (found 1,001)"
    ]


def test_checking_a_million_values_keeps_no_path_per_value():
    data = parse_json_text("[" + ",".join(["0"] * 200_000) + "]", "big.json")
    tracemalloc.start()
    try:
        check_data(data, "big.json")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # one frame per level: was a tuple and a path per value (tens of MB)


@pytest.mark.slow
def test_a_million_empty_cards_stay_small(tmp_path):
    path = tmp_path / "empties.json"
    path.write_text('{"version":1,"name":"x","cards":[' + ",".join(["{}"] * 1_000_000) + "]}", encoding="utf-8")
    tracemalloc.start()
    try:
        problems = problems_of(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(problems) == 1
    assert peak < 250 * 1024 * 1024  # the parsed list itself; was 858 MB and 4,000,001 lines
