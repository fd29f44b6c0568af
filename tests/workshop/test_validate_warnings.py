"""`levels validate` prints the editor's dead-end warnings (game/workshop/kinds.py's
`EditorKind.warnings`) without failing: the exit code stays what the problems make it."""

from __future__ import annotations

import argparse
import json

from game.tools import validate_levels
from game.workshop.templates import new_level


def validate(capsys, *paths, as_json: bool = False) -> tuple[int, str, str]:
    args = argparse.Namespace(paths=list(paths), write_schema=False, json=as_json)
    code = validate_levels.run(args)
    out, err = capsys.readouterr()
    return code, out, err


def write_level(folder, name: str, health: int, board: list | None = None):
    level = new_level("cards")
    level["id"] = name
    level["opponent"]["health"] = health
    level["player"]["board"] = board or []
    path = folder / f"{name}.json"
    path.write_text(json.dumps(level, indent=2))
    return path


def test_a_dead_end_is_a_warning_and_the_command_still_passes(capsys, tmp_path):
    path = write_level(tmp_path, "too_far", 20)
    code, out, err = validate(capsys, path)
    assert code == 0
    assert out == "ok: 1 file(s)\n"
    assert err == (
        f"{path}: $.objectives[0]: warning: cannot be won this turn: the player's cards and creatures "
        "deal at most 0 damage this turn, and the opponent has 20 health\n"
    )


def test_a_folder_warns_per_level_and_a_reachable_level_says_nothing(capsys, tmp_path):
    write_level(tmp_path, "a_far", 20)
    write_level(tmp_path, "b_near", 3, [{"card": 25}])  # the golem's 3 damage reaches 3 health: no warning
    code, out, err = validate(capsys, tmp_path, as_json=True)
    assert code == 0 and err == ""
    report = json.loads(out)
    assert report["ok"] is True and report["checked"] == 2
    assert [(w["file"], w["path"]) for w in report["warnings"]] == [(str(tmp_path / "a_far.json"), "$.objectives[0]")]


def test_warnings_do_not_hide_problems_or_change_the_failing_code(capsys, tmp_path):
    write_level(tmp_path, "a_far", 20)
    broken = tmp_path / "b_broken.json"
    broken.write_text('{"kind": "cards",')
    code, _, err = validate(capsys, tmp_path)
    lines = err.splitlines()
    assert code == 1
    assert lines[0].startswith(f"{broken}: $: ")
    assert lines[1].startswith(f"{tmp_path / 'a_far.json'}: $.objectives[0]: warning: cannot be won this turn")
    assert lines[2] == "1 problem(s) in 1 of 2 file(s)"
