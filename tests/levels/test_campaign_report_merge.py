"""`levels report --level X --write FILE` merges into FILE: X's row is replaced, the others kept
(several people re-measure their own levels into the one stored curve), and a FILE that is not a
table of the same kind of measurement is refused, named, and left as it was."""

from __future__ import annotations

import argparse
import dataclasses
import json
from types import SimpleNamespace

import pytest

from game.cli import main
from game.rules.levels.loader import load_level
from game.rules.levels.session import level_digest
from game.tools.campaign_report import (
    LevelRow,
    band_problems,
    campaign_order,
    changed_levels,
    expected_minutes,
    merged_rows,
    page_title,
    targets,
)


def _row(level: str, chapter: str, target: float | None) -> LevelRow:
    return LevelRow(level, chapter, "cards", "old", 2, 1, 0.5, 0.1, 0.9, 3.0, "turns", 2.5, target)


def _stored(rows: list[LevelRow], games: int = 2) -> dict:
    return {
        "player": "human",
        "games": games,
        "budget_ms": None,
        "difficulty": "normal",
        "bands": {},
        "levels": [dataclasses.asdict(r) for r in rows],
    }


def _args(games: int = 2) -> argparse.Namespace:
    return argparse.Namespace(player="human", games=games, budget_ms=None, difficulty="normal")


def test_merging_replaces_the_measured_row_keeps_the_rest_in_play_order_and_drops_the_gone():
    order = [("a1", "first"), ("a2", "first"), ("b1", "second"), ("x1", "")]
    # Stored when the campaign had one chapter (so "a2" aimed at 0.5, now 0.9), out of order,
    # with a level the campaign has since lost.
    stored = _stored([_row("b1", "first", 0.5), _row("gone", "first", 0.5), _row("a2", "first", 0.5)])
    measured = dataclasses.replace(_row("a1", "first", 0.9), digest="new", won=2, win_rate=1.0)
    rows, dropped = merged_rows(stored, "curve.json", _args(), [measured], order, ["first", "second"])
    assert [(r.level, r.chapter, r.target, r.digest) for r in rows] == [
        ("a1", "first", 0.9, "new"),
        ("a2", "first", 0.9, "old"),
        ("b1", "second", 0.425, "old"),
    ]
    assert dropped == ["gone"]
    assert rows[1] == _row("a2", "first", 0.9)  # kept as measured, but for its target


@pytest.mark.parametrize(
    ("stored", "message"),
    [
        ([], "curve.json: levels: not a campaign report table"),
        (_stored([], games=30), "curve.json: games: measured with 30, this run with 2"),
        ({**_stored([]), "player": "easy"}, "curve.json: player: measured with 'easy', this run with 'human'"),
        ({**_stored([]), "levels": [{"level": "a1"}]}, "curve.json: levels[0]: not a level row"),
        ({**_stored([]), "difficulty": "hard"}, "curve.json: difficulty: measured with 'hard', this run with 'normal'"),
        (
            {key: value for key, value in _stored([]).items() if key != "difficulty"},
            'curve.json: difficulty: not recorded; add "difficulty": "normal"',
        ),
    ],
)
def test_a_stored_file_of_another_kind_is_refused_naming_the_field(stored, message):
    with pytest.raises(ValueError) as raised:
        merged_rows(stored, "curve.json", _args(), [], [("a1", "first")], ["first"])
    assert str(raised.value).startswith(message)


def test_levels_report_with_a_level_merges_into_the_file(tmp_path, capsys):
    order = campaign_order()
    chapters = list(dict.fromkeys(chapter for _, chapter in order if chapter))
    (first, first_chapter), (second, second_chapter) = order[0], order[1]
    aims = targets(chapters)
    kept = _row(second, second_chapter, aims[second_chapter])
    out = tmp_path / "curve.json"
    out.write_text(json.dumps(_stored([_row(first, first_chapter, 0.9), kept, _row("gone", "x", 0.5)])))
    status = main(["levels", "report", "--games", "2", "--level", first, "--no-progress", "--write", str(out)])
    assert status == 0
    assert f"{out}: dropped gone, no longer a campaign level" in capsys.readouterr().err
    document = json.loads(out.read_text())
    assert (document["player"], document["games"], document["budget_ms"]) == ("human", 2, None)
    assert document["difficulty"] == "normal"  # the campaign setting it was played at
    measured, second_row = (LevelRow(**row) for row in document["levels"])
    assert (measured.level, measured.games, measured.digest) == (first, 2, level_digest(load_level(first)))
    # Kept as stored but for its minutes, which follow the time model as it is now (a card
    # level of 3 turns won half the time: two attempts of 3 * 35 s + 15 s, and its story).
    story = load_level(second).story
    words = sum(len(line.text.split()) for line in [*story.before, *story.after])
    assert second_row == dataclasses.replace(kept, minutes=round((2 * (3 * 35 + 15) + words * 60 / 200) / 60, 1))
    assert second_row.minutes != kept.minutes


def test_levels_report_leaves_a_file_of_another_measurement_as_it_was(tmp_path, capsys):
    out = tmp_path / "curve.json"
    text = json.dumps(_stored([], games=30))
    out.write_text(text)
    level = campaign_order()[0][0]
    status = main(["levels", "report", "--games", "2", "--level", level, "--no-progress", "--write", str(out)])
    assert status == 1
    assert f"levels report: not written: {out}: games: measured with 30" in capsys.readouterr().err
    assert out.read_text() == text


def _level(kind: str, before: list[str], after: list[str]) -> SimpleNamespace:
    lines = [[SimpleNamespace(text=text) for text in texts] for texts in (before, after)]
    return SimpleNamespace(kind=kind, story=SimpleNamespace(before=lines[0], after=lines[1], after_loss=[]))


@pytest.mark.parametrize(
    ("kind", "length", "rate", "minutes"),
    [
        # 10 rounds at 45 s and 15 s of screens, twice (won half the time), and 40 words at 200 a
        # minute read once: (2 * 465 + 12) / 60.
        ("skirmish", 10.0, 0.5, 942 / 60),
        # 20 moves at 9 s, 15 s of screens, once; the same story: (195 + 12) / 60.
        ("gomoku", 20.0, 1.0, 207 / 60),
        # 12 card turns at 35 s, never won by the model: five attempts, the most a person makes.
        ("cards", 12.0, 0.0, (5 * 435 + 12) / 60),
        # won a quarter of the time: four attempts.
        ("cards", 12.0, 0.25, (4 * 435 + 12) / 60),
    ],
)
def test_expected_minutes_count_every_attempt_its_screens_and_the_story_once(kind, length, rate, minutes):
    level = _level(kind, ["one two three four five six seven eight nine ten"] * 3, ["a b c d e f g h i j"])
    assert expected_minutes(level, length, rate) == pytest.approx(minutes)


def test_changed_levels_are_those_without_a_row_measured_on_them_as_they_are(tmp_path):
    order = campaign_order()
    (first, chapter), (second, second_chapter) = order[0], order[1]
    current = dataclasses.replace(_row(first, chapter, 0.9), digest=level_digest(load_level(first)))
    out = tmp_path / "curve.json"
    out.write_text(json.dumps(_stored([current, _row(second, second_chapter, 0.9)])))  # the second: "old"
    assert changed_levels(out, order) == [level for level, _ in order[1:]]
    assert changed_levels(tmp_path / "none.json", order) == [level for level, _ in order]
    out.write_text("[]")
    with pytest.raises(ValueError, match="levels: not a campaign report table"):
        changed_levels(out, order)


def test_changed_needs_a_file_to_compare_with_and_no_level(tmp_path, capsys):
    level = campaign_order()[0][0]
    assert main(["levels", "report", "--changed", "--no-progress"]) == 2
    out = str(tmp_path / "curve.json")
    assert main(["levels", "report", "--changed", "--level", level, "--write", out, "--no-progress"]) == 2
    assert "--changed needs --write FILE and no --level" in capsys.readouterr().err
    assert not (tmp_path / "curve.json").exists()


def test_the_page_names_the_difficulty_the_curve_was_measured_at():
    args = argparse.Namespace(player="human", games=30, difficulty="hard")
    assert page_title(args) == "The campaign's difficulty curve (human, 30 games a level, at Hard difficulty)"


def test_a_step_of_exactly_twenty_points_and_a_rate_on_the_bands_edge_are_allowed():
    # 0.8 - 0.6 is 0.20000000000000007 in floats: the bands compare the stored rates as written.
    rows = [_row("a1", "first", 0.8), _row("a2", "first", 0.75), _row("a3", "first", 0.75)]
    allowed, refused = (
        band_problems([dataclasses.replace(row, win_rate=rate) for row, rate in zip(rows, case)])
        for case in ((0.8, 0.6, 0.75), (0.8, 0.599, 0.749))
    )
    assert allowed == []  # 60 % is 15 points under 75 %, and 20 points under 80 %
    assert refused == ["a2: won 60%, its chapter aims at 75% (+/- 15%)", "a2: 20% harder than a1 (at most 20%)"]
