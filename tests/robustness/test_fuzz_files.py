"""Property tests over every file reader: level, campaign, card file, LOCM card list, progress,
level saves (run files) and settings.

Each reader gets structured mutations of a valid file (wrong types, missing and extra fields,
huge, negative and non-finite numbers, control characters, deep nesting, unknown ids) and
byte-level damage. The invariant: no exception escapes the reader; every problem names the file
and where in it (a JSON path, or a line for the card list); a save that cannot be read is moved
aside, and the game goes on with defaults and can save again.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.paths import levels_dir
from game.rules.cards.cardset import CardSet, CardSetError, load_cardset
from game.rules.cards.locm import OFFICIAL_CARDLIST, CardListError, load_cardlist, parse_cardlist
from game.rules.cards.model import CardType
from game.rules.levels.loader import LevelError, Problem, load_level, read_campaign, read_level, validate_paths
from tests.robustness.fuzz import damage_bytes, encode, examples, mutate

FUZZ = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])

CAMPAIGN = levels_dir() / "campaign"
LEVEL_FILES = sorted(p for p in CAMPAIGN.glob("*.json") if p.name != "campaign.json")
LEVELS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in LEVEL_FILES}
CORE = json.loads((levels_dir() / "cards" / "core.json").read_text(encoding="utf-8"))
# A small card file (creatures and items without tokens): mutations hit a larger share of it.
SMALL_CARDS = {
    "version": 1,
    "name": "small",
    "cards": [c for c in CORE["cards"] if not c.get("token") and not any("token" in e for e in c.get("effects", []))][
        :6
    ],
}
LEVEL_IDS = [99999, 0, -1, "no_such_level", "c1_first_spark", "x" * 49, "C1", 25, 141]


@pytest.fixture(scope="module", autouse=True)
def no_fsync():
    """These tests are about reading: the saves they make skip the flush to disk, which costs more
    than the rest of an example (durability is tested in tests/levels/test_progress.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        yield


class Scratch:
    """A fresh temporary folder per example (pytest's tmp_path is per test, not per example)."""

    def __enter__(self) -> Path:
        self._dir = tempfile.TemporaryDirectory(prefix="duelmind-fuzz-")
        return Path(self._dir.name)

    def __exit__(self, *exc):
        self._dir.cleanup()


def assert_problems_name(problems: list[Problem], files: set[str]) -> None:
    for problem in problems:
        assert isinstance(problem, Problem)
        assert problem.file in files, (problem, files)
        assert problem.path.startswith("$"), problem
        assert isinstance(problem.message, str) and problem.message.strip(), problem
        assert len(problem.message) < 2000, problem  # a sentence to read (and draw), not a dump of the file
        assert str(problem).startswith(f"{problem.file}: {problem.path}: ")


def check_level_file(path: Path) -> None:
    level, problems = read_level(path)
    event("refused" if level is None else "read, with problems" if problems else "valid")
    assert level is not None or problems, "a level that was refused must say why"
    assert_problems_name(problems, {str(path)})
    try:
        load_level(path)
    except LevelError as error:  # `play LEVEL` and `levels simulate` read the file this way
        assert problems and error.problems == problems
    else:
        assert not problems and level is not None
    found, checked = validate_paths([path])
    assert checked == 1
    assert_problems_name(found, {str(path)})


# ---------------------------------------------------------------------------------- levels


@FUZZ
@given(st.data(), st.sampled_from(sorted(LEVELS)))
def test_mutated_level_files(data, name):
    document = mutate(data, LEVELS[name], ids=LEVEL_IDS)
    with Scratch() as folder:
        path = folder / f"{name}.json"
        path.write_bytes(encode(document))
        check_level_file(path)


@FUZZ
@given(st.data(), st.sampled_from(sorted(LEVELS)))
def test_damaged_level_bytes(data, name):
    raw = damage_bytes(data, encode(LEVELS[name]))
    with Scratch() as folder:
        path = folder / f"{name}.json"
        path.write_bytes(raw)
        check_level_file(path)


@pytest.fixture(scope="module")
def campaign_copy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("campaign")
    for path in CAMPAIGN.glob("*.json"):
        shutil.copy(path, folder / path.name)
    return folder


@FEW
@given(data=st.data(), target=st.sampled_from(["campaign"] * 3 + sorted(LEVELS)), damage=st.booleans())
def test_mutated_campaign_folder(campaign_copy, data, target, damage):
    """The campaign file (or one of its levels) mutated: `levels validate FOLDER` checks the whole
    folder, names each problem's file and path, and never stops at the first bad file."""
    path = campaign_copy / f"{target}.json"
    original = path.read_bytes()
    try:
        if damage:
            path.write_bytes(damage_bytes(data, original))
        else:
            path.write_bytes(encode(mutate(data, json.loads(original), ids=LEVEL_IDS)))
        files = {str(p) for p in campaign_copy.glob("*.json")}
        problems, checked = validate_paths([campaign_copy])
        assert_problems_name(problems, files)
        if target != "campaign":
            assert checked == len(files)  # every file checked despite the broken one
        campaign, found = read_campaign(campaign_copy / "campaign.json")
        assert campaign is not None or found
        assert_problems_name(found, files)
    finally:
        path.write_bytes(original)


# ---------------------------------------------------------------------------------- card files


def check_card_file(path: Path) -> None:
    try:
        cardset = load_cardset([path])
    except CardSetError as error:
        event("refused")
        assert error.problems
        for problem in error.problems:
            assert isinstance(problem, str) and problem.startswith(f"{path}: "), problem
        return
    event("valid")
    assert isinstance(cardset, CardSet)
    for card in cardset.cards.values():
        assert 0 <= card.cost <= 12 and isinstance(card.cost, int) and not isinstance(card.cost, bool)
        assert isinstance(card.name, str) and card.name and isinstance(card.text, str)


CARD_IDS = [99999, 0, -1, 10**30, "x", 1]


@FUZZ
@given(st.data())
def test_mutated_card_files(data):
    with Scratch() as folder:
        path = folder / "cards.json"
        path.write_bytes(encode(mutate(data, SMALL_CARDS, ids=CARD_IDS)))
        check_card_file(path)


@FEW
@given(st.data())
def test_mutated_shipped_card_file(data):
    """The whole shipped set (tokens, effects, pictures) mutated: fewer examples, each costs more."""
    with Scratch() as folder:
        path = folder / "core.json"
        path.write_bytes(encode(mutate(data, CORE, ids=CARD_IDS)))
        check_card_file(path)


@FUZZ
@given(st.data())
def test_damaged_card_file_bytes(data):
    with Scratch() as folder:
        path = folder / "cards.json"
        path.write_bytes(damage_bytes(data, encode(SMALL_CARDS)))
        check_card_file(path)


# ---------------------------------------------------------------------------------- LOCM card list

CARDLIST_TEXT = OFFICIAL_CARDLIST.read_text(encoding="utf-8")
CARDLIST_LINES = CARDLIST_TEXT.split("\n")
FIELD_VALUES = st.one_of(
    st.sampled_from(
        [
            "",
            "-1",
            "0",
            "13",
            "99999999999",
            "1" * 5000,
            "1e3",
            "²",
            "٣",
            "+1",
            "1_0",
            " 7 ",
            "NaN",
            "creature",
            "itemGreen",
            "itemred",
            "ITEMBLUE",
            "spell",
            "BCDGLW",
            "BBB",
            "XYZ",
            "------",
            "\x00",
            "\x1b",
            "\u2028",
            "\x85",
            "a;b",
            "\r",
            "\t",
        ]
    ),
    st.text(st.characters(exclude_categories=()), max_size=12),
)


@st.composite
def mutated_cardlist(draw):
    lines = list(CARDLIST_LINES[: draw(st.integers(1, 12))])
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["field", "field", "drop_field", "add_field", "drop_line", "dup_line", "junk_line"]))
        fields = lines[index].split(";")
        if op == "field":
            fields[draw(st.integers(0, len(fields) - 1))] = draw(FIELD_VALUES)
        elif op == "drop_field" and len(fields) > 1:
            del fields[draw(st.integers(0, len(fields) - 1))]
        elif op == "add_field":
            fields.insert(draw(st.integers(0, len(fields))), draw(FIELD_VALUES))
        elif op == "drop_line" and len(lines) > 1:
            del lines[index]
            continue
        elif op == "dup_line":
            lines.insert(index, lines[index])
            continue
        elif op == "junk_line":
            lines.insert(index, draw(st.text(st.characters(exclude_categories=()), max_size=40)))
            continue
        lines[index] = ";".join(fields)
    return "\n".join(lines)


def check_cardlist(cards, lines: int | None) -> None:
    for base_id, card in cards.items():
        assert base_id == card.base_id and 1 <= base_id <= 9999
        assert 0 <= card.cost <= 12 and 0 <= card.draw <= 4
        if card.type == CardType.CREATURE:
            assert card.defense >= 1 and card.attack >= 0


def cardlist_error_line(message: str, source: str) -> int | None:
    assert message.startswith(f"{source}:"), message
    rest = message[len(source) + 1 :]
    number = rest.split(":", 1)[0]
    return int(number) if number.isdigit() else None


@FUZZ
@given(mutated_cardlist())
def test_mutated_locm_card_lists(text):
    try:
        cards = parse_cardlist(text, "pool.txt")
    except CardListError as error:
        event("refused")
        line = cardlist_error_line(str(error), "pool.txt")
        assert line is not None and 1 <= line <= text.count("\n") + 1, str(error)
        return
    check_cardlist(cards, None)


@FUZZ
@given(st.data())
def test_damaged_locm_card_list_bytes(data):
    raw = damage_bytes(data, "\n".join(CARDLIST_LINES[:20]).encode("utf-8"))
    with Scratch() as folder:
        path = folder / "pool.txt"
        path.write_bytes(raw)
        try:
            cards = load_cardlist(path)
        except CardListError as error:
            assert str(error).startswith(f"{path}"), str(error)
            return
        check_cardlist(cards, None)


# ---------------------------------------------------------------------------------- saves


@pytest.fixture(scope="module")
def campaign_levels():
    from game.rules.levels import load_campaign, load_campaign_levels

    campaign = load_campaign()
    return campaign, load_campaign_levels(campaign)


GOOD_PROGRESS = {
    "version": 1,
    "levels": {
        "c1_first_spark": {"attempts": 3, "wins": 1, "stars": 2, "best_turns": 1, "best_seconds": 12.5},
        "c1_guard_duty": {"attempts": 4, "wins": 2, "stars": 1, "best_turns": 6, "best_seconds": 80.0},
        "g1_five_stones": {"attempts": 1, "wins": 0, "stars": 0, "best_turns": None, "best_seconds": None},
    },
    "granted": ["x_alchemists_riddle"],
    "cards": [12, 25],
}


def aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.json.corrupt-*"))


def check_progress_folder(folder: Path, campaign_levels, had_file: bool) -> None:
    from game.rules.levels.session import LevelResult
    from game.rules.saves.progress import Progress, ProgressData
    from game.rules.saves.store import Store
    from game.tools.saves import check_document

    report = check_document(folder / "progress.json", 1, ProgressData)
    assert isinstance(report, str) and report
    progress = Progress(Store(folder), *campaign_levels)
    event("moved aside" if progress.problems else "read")
    if progress.problems:
        assert all("progress.json" in problem for problem in progress.problems), progress.problems
        assert aside(folder, "progress") and not (folder / "progress.json").exists()
        assert report != "ok"
        assert progress.data.levels == {} and progress.data.granted == []  # the defaults
    else:
        assert report == "ok" or not had_file
    # Whatever was read, the game plays on: queries, a result, a save that reads back cleanly.
    progress.completed()
    progress.total_stars()
    unlocked = progress.unlocked_levels()
    assert unlocked and all(progress.is_unlocked(level_id) for level_id in unlocked)
    level = campaign_levels[1]["c1_hold_the_line"]  # a level the file has no record of: the others are kept
    progress.record_result(level, LevelResult(True, 3, 1, [], "won"), seconds=7.25)
    text = (folder / "progress.json").read_text(encoding="utf-8")
    assert "Infinity" not in text and "NaN" not in text
    again = Progress(Store(folder), *campaign_levels)
    assert again.problems == [] and again.record("c1_hold_the_line").wins == 1
    assert again.data == progress.data


@FUZZ
@given(st.data(), st.booleans())
def test_mutated_and_damaged_progress(campaign_levels, data, damage):
    with Scratch() as folder:
        raw = (
            damage_bytes(data, encode(GOOD_PROGRESS)) if damage else encode(mutate(data, GOOD_PROGRESS, ids=LEVEL_IDS))
        )
        (folder / "progress.json").write_bytes(raw)
        check_progress_folder(folder, campaign_levels, True)


def _played_run(level, steps: int, seed: int = 0) -> dict:
    """A real save of `level` after `steps` actions of both sides (random legal moves)."""
    from game.rules.levels import LevelSession

    session = LevelSession.create(level, seed)
    session.start()
    rng = random.Random(seed)
    for _ in range(steps):
        if session.over:
            break
        if getattr(session, "phase", "play") == "draft":
            for seat in session.drafting_seats():
                session.draft_pick(seat, 0)
            continue
        legal = session.legal_actions()
        session.apply(rng.choice(legal))
    return {"version": 1, **session.save_data(), "saved_at": 1700000000.0}


RUN_LEVELS = ["c1_first_spark", "c1_hold_the_line", "g1_five_stones"]


@pytest.fixture(scope="module")
def good_runs(campaign_levels):
    levels = campaign_levels[1]
    runs = {}
    for level_id in RUN_LEVELS:
        for steps in (6, 0):
            run = _played_run(levels[level_id], steps)
            if run["actions"] or steps == 0:
                runs[level_id] = run
                break
    return runs


@FUZZ
@given(data=st.data(), level_id=st.sampled_from(RUN_LEVELS), damage=st.booleans())
def test_mutated_and_damaged_run_files(campaign_levels, good_runs, data, level_id, damage):
    from game.rules.saves.progress import Progress
    from game.rules.saves.store import Store

    good = good_runs[level_id]
    extra = ["ATTACK 77 -1", "SUMMON 1", "PASS", "PICK 0 1", "7,7", "99,99", "USE 3 -1", "", "\x00", "SUMMON 2 0 5"]
    raw = damage_bytes(data, encode(good)) if damage else encode(mutate(data, good, ids=extra + LEVEL_IDS))
    level = campaign_levels[1][level_id]
    with Scratch() as folder:
        name = f"run-{level_id}.json"
        (folder / name).write_bytes(raw)
        progress = Progress(Store(folder), *campaign_levels)
        assert progress.has_run(level_id) and progress.runs() == [level_id]
        session = progress.resume(level)
        event("moved aside" if session is None else "resumed")
        if session is None:
            assert progress.problems and all(name in problem for problem in progress.problems), progress.problems
            assert not (folder / name).exists() and aside(folder, f"run-{level_id}")
        else:
            assert session.level.id == level_id and progress.problems == []
            if not session.over:
                progress.save_run(session)  # and it saves again
                assert Progress(Store(folder), *campaign_levels).resume(level) is not None


# ---------------------------------------------------------------------------------- settings

GOOD_SETTINGS = {
    "version": 1,
    "width": 1600,
    "height": 900,
    "fullscreen": True,
    "volume": 0.3,
    "animation_speed": 2.0,
    "ai_think_ms": 500,
}


def check_settings_folder(folder: Path) -> None:
    from game.client.settings import Settings, SettingsFile
    from game.rules.saves.store import Store

    settings_file = SettingsFile(Store(folder))
    event("moved aside" if settings_file.problem else "read")
    values = settings_file.settings
    assert isinstance(values, Settings)
    for name, kind in (
        ("width", int),
        ("height", int),
        ("ai_think_ms", int),
        ("volume", float),
        ("animation_speed", float),
        ("fullscreen", bool),
    ):
        value = getattr(values, name)
        assert type(value) is kind, (name, value)
        assert kind is bool or math.isfinite(value)
    assert 640 <= values.width <= 7680 and 360 <= values.height <= 4320 and 0.0 <= values.volume <= 1.0
    assert 0.25 <= values.animation_speed <= 8.0 and 20 <= values.ai_think_ms <= 30000
    if settings_file.problem:
        assert "settings.json" in settings_file.problem
        assert aside(folder, "settings") and not (folder / "settings.json").exists()
        assert values == Settings()
    assert settings_file.save() is None
    again = SettingsFile(Store(folder))
    assert again.problem is None and again.settings == values


@FUZZ
@given(st.data(), st.booleans())
def test_mutated_and_damaged_settings(data, damage):
    with Scratch() as folder:
        raw = damage_bytes(data, encode(GOOD_SETTINGS)) if damage else encode(mutate(data, GOOD_SETTINGS))
        (folder / "settings.json").write_bytes(raw)
        check_settings_folder(folder)
