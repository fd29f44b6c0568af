"""The workshop's defects of issue #32, without a window: every problem at once, a duplicate id,
a "win this turn" that cannot be won, undo naming cards, the `$schema` of a saved level, new
files' permissions, and `duelmind workshop --windowed`."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from game.cli import make_parser
from game.paths import levels_dir
from game.rules.levels.loader import campaign_dir, level_path
from game.rules.saves.store import write_atomically
from game.workshop import edits, io, skirmish_field
from game.workshop.edits import Slot
from game.workshop.model import Document
from game.workshop.simulate import most_missed
from game.workshop.templates import new_level


def opened(level_id: str) -> Document:
    data, original = io.load(level_path(level_id))
    return Document(data, level_path(level_id), original)


def found(doc: Document) -> list[tuple[str, str]]:
    return [(problem.path, problem.message) for problem in doc.problems]


# ---------------------------------------------------------------------------------- every problem at once


def test_a_deleted_hero_shows_the_short_team_and_the_objective_that_names_it_at_once():
    doc = opened("s1_first_muster")
    skirmish_field.remove_hero(doc, skirmish_field.HeroRef("player", 0))  # Captain Brenna, "brenna"
    assert found(doc) == [
        ("$.player.heroes", "needs at least 3 item(s)"),
        ("$.objectives[1].label", 'no hero of the player\'s is labelled "brenna"'),
    ]


def test_a_deleted_enemy_shows_the_event_that_waits_for_its_death_at_once():
    doc = opened("s2_hold_the_gate")
    skirmish_field.remove_hero(doc, skirmish_field.HeroRef("opponent", 0))  # "maren_warlock"
    assert found(doc) == [
        ("$.opponent.heroes", "needs at least 3 item(s)"),
        ("$.events[1].when.died", 'no hero is labelled "maren_warlock"'),
    ]


def test_a_short_team_with_nothing_else_wrong_shows_only_that():
    doc = opened("s1_first_muster")
    skirmish_field.remove_hero(doc, skirmish_field.HeroRef("player", 2))  # the cleric: nobody names it
    assert found(doc) == [("$.player.heroes", "needs at least 3 item(s)")]


def test_another_format_problem_is_shown_alone_as_before():
    doc = opened("s1_first_muster")
    skirmish_field.remove_hero(doc, skirmish_field.HeroRef("player", 0))
    edits.set_value(doc, ("title",), 7)  # not a string: the checks cannot run on a guess
    assert found(doc) == [
        ("$.title", "must be a string (found 7)"),
        ("$.player.heroes", "needs at least 3 item(s)"),
    ]


# ---------------------------------------------------------------------------------- a duplicate id


def test_a_new_level_with_a_campaign_levels_id_is_a_problem():
    doc = Document(new_level("cards"))
    assert doc.problems == []
    edits.set_value(doc, ("id",), "c1_first_spark")
    assert found(doc) == [
        (
            "$.id",
            'another level of the campaign ("First Spark") already has the id "c1_first_spark": '
            "choose another id, or saving replaces that level",
        )
    ]


def test_a_campaign_level_is_not_its_own_duplicate_and_a_level_elsewhere_has_no_campaign(tmp_path):
    assert opened("c1_first_spark").problems == []
    path = tmp_path / "spark.json"
    path.write_text(level_path("c1_first_spark").read_text())
    data, original = io.load(path)
    assert Document(data, path, original).problems == []


def test_two_files_of_a_campaign_folder_with_one_id(tmp_path):
    folder = tmp_path / "campaign"
    folder.mkdir()
    (folder / "campaign.json").write_text((campaign_dir() / "campaign.json").read_text())
    doc = Document(new_level("cards"), folder / "copy_of_spark.json")
    (folder / "c1_first_spark.json").write_text(level_path("c1_first_spark").read_text())
    edits.set_value(doc, ("id",), "c1_first_spark")
    assert ("$.id", 'a campaign level\'s id must be its file name: "copy_of_spark"') in found(doc)
    assert (
        "$.id",
        'another level of the campaign ("First Spark") already has the id "c1_first_spark": '
        "choose another id, or saving replaces that level",
    ) in found(doc)


# ---------------------------------------------------------------------------------- a dead end


def test_win_this_turn_with_too_little_damage_is_a_warning_with_both_numbers():
    doc = Document(new_level("cards"))
    edits.set_value(doc, ("opponent", "health"), 20)
    assert doc.problems == []  # a warning: test play and levels validate still take the level
    assert [(w.path, w.message) for w in doc.warnings] == [
        (
            "$.objectives[0]",
            "cannot be won this turn: the player's cards and creatures deal at most 0 damage this turn, "
            "and the opponent has 20 health",
        )
    ]
    # The golem on the board (3, ready) and the hound with Charge in hand (3, costs 3 of the 3 mana).
    edits.place_card(doc, "player", "board", 25)
    edits.place_card(doc, "player", "hand", 37)
    assert [w.message for w in doc.warnings] == [
        "cannot be won this turn: the player's cards and creatures deal at most 6 damage this turn, "
        "and the opponent has 20 health"
    ]
    edits.set_value(doc, ("opponent", "health"), 6)
    assert doc.warnings == []
    edits.set_value(doc, ("player", "mana"), 2)  # the hound no longer paid for: 3 damage
    assert [w.message for w in doc.warnings] == [
        "cannot be won this turn: the player's cards and creatures deal at most 3 damage this turn, "
        "and the opponent has 6 health"
    ]


def test_no_shipped_level_is_called_a_dead_end():
    for path in sorted(campaign_dir().glob("*.json")):
        if path.name != "campaign.json":
            assert opened(path.stem).warnings == [], path.name


def test_the_simulation_says_which_objective_failed_most():
    report = {
        "games": 20,
        "wins": 3,
        "objectives": [
            {"text": "Win", "required": True, "met": 3},
            {"text": "Win this turn", "required": True, "met": 1},
            {"text": "Keep the golem alive", "required": False, "met": 0},
        ],
    }
    assert most_missed(report) == "Missed most: Win this turn, met in 1 of 20 games"
    assert most_missed({**report, "wins": 20}) is None


# ---------------------------------------------------------------------------------- undo in words


def test_undo_and_redo_name_cards_by_their_names():
    doc = Document(new_level("cards"))
    edits.place_card(doc, "player", "hand", 25)
    edits.remove_card(doc, Slot("player", "hand", 0))
    assert doc.undo() == "remove Gravel Golem from your hand"
    assert doc.undo() == "put Gravel Golem in your hand"
    assert doc.redo() == "put Gravel Golem in your hand"


# ---------------------------------------------------------------------------------- files


def test_the_schema_of_a_level_saved_in_the_campaign_folder():
    assert io.schema_reference(levels_dir() / "campaign" / "c9_new.json") == "../schema/level.schema.json"


def test_the_schema_of_a_level_saved_in_another_folder(tmp_path):
    folder = tmp_path / "mine" / "levels"
    expected = Path(os.path.relpath(levels_dir() / "schema" / "level.schema.json", folder)).as_posix()
    assert io.schema_reference(folder / "puzzle.json") == expected
    assert (folder / expected).resolve() == (levels_dir() / "schema" / "level.schema.json").resolve()


def test_only_a_local_level_schema_is_kept_pointing_there():
    assert io.managed_schema("../schema/level.schema.json")
    assert not io.managed_schema("https://example.org/level.schema.json")
    assert not io.managed_schema("my.schema.json")
    assert not io.managed_schema(None)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_usual_permissions(tmp_path, umask, mode):
    previous = os.umask(umask)
    try:
        write_atomically(tmp_path / "level.json", b"{}")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "level.json").stat().st_mode) == mode


def test_an_existing_file_keeps_its_permissions(tmp_path):
    path = tmp_path / "level.json"
    path.write_text("{}")
    path.chmod(0o640)
    previous = os.umask(0o022)
    try:
        write_atomically(path, b'{"a": 1}')
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and path.read_text() == '{"a": 1}'


def test_workshop_takes_windowed_and_fullscreen_like_play():
    parser = make_parser("workshop")
    assert parser.parse_args(["--windowed"]).fullscreen is False
    assert parser.parse_args(["--fullscreen", "c1_first_spark"]).fullscreen is True
    assert parser.parse_args([]).fullscreen is None
