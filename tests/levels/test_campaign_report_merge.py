"""`levels report --level X --write FILE` merges into FILE: X's row is replaced, the others kept
(several people re-measure their own levels into the one stored curve), and a FILE that is not a
table of the same kind of measurement is refused, named, and left as it was."""

from __future__ import annotations

import argparse
import dataclasses
import json

import pytest

from game.cli import main
from game.rules.levels.loader import load_level
from game.rules.levels.session import level_digest
from game.tools.campaign_report import LevelRow, campaign_order, merged_rows, targets


def _row(level: str, chapter: str, target: float | None) -> LevelRow:
    return LevelRow(level, chapter, "cards", "old", 2, 1, 0.5, 0.1, 0.9, 3.0, "turns", 2.5, target)


def _stored(rows: list[LevelRow], games: int = 2) -> dict:
    return {
        "player": "human",
        "games": games,
        "budget_ms": None,
        "bands": {},
        "levels": [dataclasses.asdict(r) for r in rows],
    }


def _args(games: int = 2) -> argparse.Namespace:
    return argparse.Namespace(player="human", games=games, budget_ms=None)


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
    measured, second_row = (LevelRow(**row) for row in document["levels"])
    assert (measured.level, measured.games, measured.digest) == (first, 2, level_digest(load_level(first)))
    assert second_row == kept


def test_levels_report_leaves_a_file_of_another_measurement_as_it_was(tmp_path, capsys):
    out = tmp_path / "curve.json"
    text = json.dumps(_stored([], games=30))
    out.write_text(text)
    level = campaign_order()[0][0]
    status = main(["levels", "report", "--games", "2", "--level", level, "--no-progress", "--write", str(out)])
    assert status == 1
    assert f"levels report: not written: {out}: games: measured with 30" in capsys.readouterr().err
    assert out.read_text() == text
