"""The campaign structure in the workshop: chapter and level edits with exact results, undo and
redo, the same problems as `levels validate` (circles and unreachable chapters named), a load
and save that changes nothing, a designer's session with the mouse, and its screens."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pytest

from game.workshop import campaign_edit as ce
from game.client.workshop import campaign_view as view
from game.workshop.campaign_check import describe, place_in_document
from game.workshop.campaign_edit import CampaignDocument
from game.rules.levels.gomoku_checks import use_forced_win_prover
from game.rules.levels.loader import campaign_dir, campaign_path, load_campaign, validate_paths
from tests.client.driver import click, drag, move, step
from tests.workshop.helpers import ctrl, press_key, row_centre, shoot, type_text

SHIPPED = campaign_path()

# The levels in no chapter, unlocked by rewards.
BONUS = [
    "x_alchemists_riddle",
    "x_clockwork_lock",
    "x_four_in_the_gears",
    "x_the_last_sprite",
    "x_the_lunch_break",
    "x_tomos_ladder",
]


@pytest.fixture
def folder(tmp_path) -> Path:
    """A copy of the shipped campaign folder to edit and save."""
    copy = tmp_path / "campaign"
    shutil.copytree(campaign_dir(), copy)
    return copy


@pytest.fixture
def doc(folder) -> CampaignDocument:
    return CampaignDocument(folder / "campaign.json")


def validator_problems(campaign_file: Path) -> list:
    """What `python main.py levels validate CAMPAIGN_FILE` prints (its gomoku prover installed)."""
    from ai.gomoku.threats import find_vcf

    previous = use_forced_win_prover(find_vcf)
    try:
        return validate_paths([campaign_file])[0]
    finally:
        use_forced_win_prover(previous)


def words(doc: CampaignDocument) -> list[str]:
    return [f"{describe(doc.data, place_in_document(p, doc.path))}: {p.message}" for p in doc.problems]


# ---------------------------------------------------------------------------------- files


def test_load_then_save_the_shipped_campaign_changes_nothing(folder):
    doc = CampaignDocument(SHIPPED)
    assert doc.problems == [] and not doc.dirty and doc.changed_files() == []
    assert doc.text() == SHIPPED.read_text(encoding="utf-8")
    copy = CampaignDocument(folder / "campaign.json")
    assert copy.save() == []  # nothing changed: nothing written
    for path in sorted(campaign_dir().glob("*.json")):
        assert (folder / path.name).read_bytes() == path.read_bytes(), path.name


def test_an_edit_then_undo_saves_the_file_as_it_was(doc, folder):
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}  # not translations/
    ce.add_level(doc, "g4_renju_challenge", 1)
    ce.add_reward_unlock(doc, "c1_first_spark", "x_alchemists_riddle")
    assert doc.changed_files() == [("campaign",), ("levels", "c1_first_spark")]
    while doc.undo():
        pass
    assert not doc.dirty and doc.changed_files() == []
    doc.save()
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before


def test_one_chapter_edit_changes_only_its_lines(doc):
    ce.add_unlock_after(doc, 0, "g1_five_stones")  # the first chapter had no unlock rule
    old = SHIPPED.read_text(encoding="utf-8").splitlines()
    new = doc.text().splitlines()
    assert [line for line in new if line not in old] == ['      "unlock": {"after": ["g1_five_stones"]},']
    assert len(new) == len(old) + 1
    assert new.index('      "unlock": {"after": ["g1_five_stones"]},') == new.index('      "order": "sequential",') - 1


# ---------------------------------------------------------------------------------- operations


def test_levels_move_between_chapters_and_in_order(doc):
    ce.add_level(doc, "g4_renju_challenge", 1)  # out of the tournament, to the end of the stone garden
    assert ce.chapter_levels(doc, 1) == [
        "g1_five_stones",
        "g5_the_open_four",
        "g2_four_three",
        "g3_hold_the_garden",
        "g4_renju_challenge",
    ]
    assert ce.chapter_levels(doc, 3) == ["c2_round_one", "c2_two_lanes", "c2_examiners_table", "c2_draft_duel"]
    ce.add_level(doc, "x_alchemists_riddle", 0, 1)
    assert ce.chapter_levels(doc, 0)[:3] == ["c1_first_spark", "x_alchemists_riddle", "c1_guard_duty"]
    assert ce.unassigned(doc) == BONUS[1:]  # the other bonus levels
    assert ce.move_level(doc, 0, 1, 1) == 2
    assert ce.chapter_levels(doc, 0)[:3] == ["c1_first_spark", "c1_guard_duty", "x_alchemists_riddle"]
    ce.add_level(doc, "x_alchemists_riddle", 0, 0)  # within its chapter: to the top
    assert ce.chapter_levels(doc, 0)[:2] == ["x_alchemists_riddle", "c1_first_spark"]
    assert ce.remove_level(doc, 0, 0) == "x_alchemists_riddle"
    assert ce.unassigned(doc) == BONUS
    assert [edit.label for edit in doc.undo_stack] == [
        'put "g4_renju_challenge" in the chapter "The Stone Garden"',
        'put "x_alchemists_riddle" in the chapter "The Apprentice\'s Bench"',
        'move "x_alchemists_riddle" down',
        'put "x_alchemists_riddle" in the chapter "The Apprentice\'s Bench"',
        'take "x_alchemists_riddle" out of its chapter',
    ]
    assert doc.problems == []
    data = json.loads(json.dumps(doc.data))
    while doc.undo():
        pass
    assert doc.text() == SHIPPED.read_text(encoding="utf-8") and not doc.dirty
    while doc.redo():
        pass
    assert doc.data == data


def test_chapters_are_added_moved_renamed_and_removed(doc):
    index = ce.add_chapter(doc, "The Alchemist's Tower")
    assert index == 8
    assert ce.chapters(doc)[8] == {
        "id": "the_alchemist_s_tower",
        "title": "The Alchemist's Tower",
        "unlock": {"after": ["c3_the_duelmind"]},
        "order": "sequential",
        "levels": [],
    }
    assert words(doc) == ['chapter 9 "The Alchemist\'s Tower" › levels: needs at least 1 item(s)']
    ce.add_level(doc, "x_alchemists_riddle", 8)
    assert doc.problems == []
    assert ce.new_chapter_id(doc, "The Alchemist's Tower") == "the_alchemist_s_tower_2"
    ce.set_title(doc, 8, "The Tower")
    ce.set_order(doc, 8, "open")
    assert ce.move_chapter(doc, 8, -1) == 7
    assert [c["id"] for c in ce.chapters(doc)] == [
        "apprentice",
        "stone_garden",
        "proving_yard",
        "tournament",
        "foundry",
        "vault",
        "engine_halls",
        "the_alchemist_s_tower",
        "final",
    ]
    assert ce.chapters(doc)[7]["title"] == "The Tower" and ce.chapters(doc)[7]["order"] == "open"
    ce.remove_chapter(doc, 7)
    assert ce.unassigned(doc) == BONUS and len(ce.chapters(doc)) == 8
    assert doc.problems == []
    while doc.undo():
        pass
    assert not doc.dirty and doc.text() == SHIPPED.read_text(encoding="utf-8")


def test_unlock_rules_intro_lines_and_rewards(doc):
    ce.add_unlock_after(doc, 1, "c1_first_spark")
    assert ce.chapters(doc)[1]["unlock"] == {"after": ["c1_guard_duty", "c1_first_spark"]}
    ce.remove_unlock_after(doc, 1, 0)
    ce.remove_unlock_after(doc, 1, 0)
    assert "unlock" not in ce.chapters(doc)[1]  # a rule asking for nothing is left out
    ce.set_unlock_stars(doc, 1, 3)
    assert list(ce.chapters(doc)[1]) == ["id", "title", "intro", "unlock", "order", "levels"]
    assert ce.chapters(doc)[1]["unlock"] == {"stars": 3}
    ce.set_unlock_stars(doc, 7, 0)  # the final's 20 stars dropped, its levels to win kept
    assert ce.chapters(doc)[7]["unlock"] == {"after": ["e5_the_engines_memory", "s4_brennas_champions"]}
    assert ce.add_intro_line(doc, 0, "Mind the sparks.") == 1
    assert ce.chapters(doc)[0]["intro"][1] == {
        "speaker": "Magister Ilsa",
        "portrait": "ilsa",
        "text": "Mind the sparks.",
    }
    ce.remove_intro_line(doc, 0, 0)
    ce.remove_intro_line(doc, 0, 0)
    assert "intro" not in ce.chapters(doc)[0]
    assert ce.add_intro_line(doc, 0) == 0
    assert ce.chapters(doc)[0]["intro"] == [{"speaker": "Narrator", "text": "..."}]
    assert list(ce.chapters(doc)[0]) == ["id", "title", "intro", "order", "levels"]
    # Rewards live in the level files.
    ce.add_reward_unlock(doc, "c1_guard_duty", "x_alchemists_riddle")
    assert doc.get(("levels", "c1_guard_duty", "rewards")) == {
        "unlocks": ["x_alchemists_riddle"],
        "message": "Chapter unlocked: The Stone Garden.",
    }
    assert ce.unlocked_by(doc, "x_alchemists_riddle") == ["c1_clear_the_floor", "c1_guard_duty"]
    ce.remove_reward_unlock(doc, "c1_clear_the_floor", 0)
    assert doc.get(("levels", "c1_clear_the_floor", "rewards")) == {
        "message": "Bonus puzzle unlocked: The Alchemist's Riddle."
    }
    ce.set_reward_message(doc, "c1_clear_the_floor", None)
    assert "rewards" not in doc.get(("levels", "c1_clear_the_floor"))
    ce.add_reward_unlock(doc, "c1_first_spark", "g1_five_stones")
    assert doc.get(("levels", "c1_first_spark", "rewards")) == {"unlocks": ["g1_five_stones"]}
    assert doc.problems == []
    while doc.undo():
        pass
    assert doc.changed_files() == [] and not doc.dirty


# ---------------------------------------------------------------------------------- problems


def test_a_circle_of_chapters_is_named_with_its_place(doc):
    ce.add_unlock_after(doc, 0, "c2_round_one")  # the first chapter now waits for the tournament, which waits for it
    found = words(doc)
    first = (
        'chapter 1 "The Apprentice\'s Bench" › level 6 "c1_apprentice_trial": level "c1_apprentice_trial" can '
        "never be unlocked: its chapter's unlock rule is never met (check unlock.after and unlock.stars): the "
        'chapters "The Apprentice\'s Bench" → "The Tournament" → "The Apprentice\'s Bench" wait for each other'
    )
    assert found[0] == first
    assert (
        'level "x_alchemists_riddle" (The Alchemist\'s Riddle): level "x_alchemists_riddle" is in no chapter and '
        "no level unlocks it: no player can reach it (add it to a chapter's levels or to a level's "
        "rewards.unlocks)" in found
    )
    assert len(found) == 42  # every level: no chapter can open
    doc.undo()
    assert doc.problems == []


def test_an_unreachable_chapter_and_its_own_levels(doc):
    ce.set_unlock_stars(doc, 1, 999)
    found = words(doc)
    assert (
        'chapter 2 "The Stone Garden" › level 1 "g1_five_stones": level "g1_five_stones" can never be '
        "unlocked: its chapter's unlock rule is never met (check unlock.after and unlock.stars)" in found
    )
    # The garden's levels and the foundry's cog nursery unlock bonus levels, which are out of
    # reach with them; the foundry waits for the garden, the vault for the foundry, the engine
    # halls for the vault and the final for the engine halls.
    assert {place_in_document(p, doc.path)[:3] for p in doc.problems} == {
        ("campaign", "chapters", 1),
        ("campaign", "chapters", 4),
        ("campaign", "chapters", 5),
        ("campaign", "chapters", 6),
        ("campaign", "chapters", 7),
        ("levels", "x_four_in_the_gears"),
        ("levels", "x_tomos_ladder"),
        ("levels", "x_the_last_sprite"),
        ("levels", "x_the_lunch_break"),
    }
    doc.undo()
    ce.add_unlock_after(doc, 2, "s1_first_muster")  # the proving yard waits for its own first level
    assert all(
        line.endswith('the chapter "The Proving Yard" waits for one of its own levels')
        for line in words(doc)
        if "Proving Yard" in line.split(":")[0]
    )


def test_problems_are_the_validators_after_a_save(doc, folder):
    """Each broken campaign: the workshop's problems (file, place, sentence) are what `levels
    validate` prints for the saved files; the circle's explanation only adds to a sentence."""
    breakages = [
        lambda: ce.add_unlock_after(doc, 0, "c2_round_one"),
        lambda: ce.set_unlock_stars(doc, 4, 999),
        lambda: doc.insert(ce.CHAPTERS + (1, "levels"), None, "c1_first_spark"),  # one level, two chapters
        lambda: doc.insert(ce.CHAPTERS + (1, "levels"), None, "no_such_level"),
        lambda: doc.insert(ce.CHAPTERS + (1, "unlock", "after"), None, "no_such_level"),
        lambda: ce.add_reward_unlock(doc, "c1_first_spark", "no_such_level"),
        lambda: doc.set(ce.CHAPTERS + (2, "id"), "stone_garden"),
        lambda: doc.set(("levels", "c1_first_spark", "id"), "c1_guard_duty"),
        lambda: doc.set(ce.CHAPTERS + (2, "title"), ""),
        lambda: ce.remove_level(doc, 3, 0),  # a level in no chapter that no reward unlocks
    ]
    for breakage in breakages:
        breakage()
        doc.save()
        expected = validator_problems(folder / "campaign.json")
        mine = doc.problems
        assert expected, "the breakage should be a problem"
        assert [(p.file, p.path) for p in mine] == [(p.file, p.path) for p in expected]
        assert all(a.message.startswith(b.message) for a, b in zip(mine, expected))
        doc.undo()
        doc.save()
    assert validator_problems(folder / "campaign.json") == [] and doc.problems == []


def test_problems_say_their_place_in_words(doc):
    ce.add_reward_unlock(doc, "c1_first_spark", "no_such_level")
    ce.add_unlock_after(doc, 3, "no_such_level")
    places = [place_in_document(p, doc.path) for p in doc.problems]
    assert places == [
        ("campaign", "chapters", 3, "unlock", "after", 1),
        ("levels", "c1_first_spark", "rewards", "unlocks", 0),
    ]
    assert words(doc) == [
        'chapter 4 "The Tournament" › opens when › won first 2: there is no level "no_such_level"',
        'level "c1_first_spark" (First Spark) › rewards › unlocks 1: there is no level "no_such_level"',
    ]


# ---------------------------------------------------------------------------------- the screen


def open_scene(app, campaign_file: Path):
    app.push("title")
    app.push("workshop")
    app.push("workshop_campaign", path=campaign_file)
    step(app, 2)
    assert app.top.name == "workshop_campaign"
    return app.top


def level_row(scene, level_id: str):
    levels = ce.chapter_levels(scene.doc, scene.chapter)
    return scene.level_list.row_rect(levels.index(level_id))


class SettingsRows:
    """`row_centre` reads an editor's `rows`: the campaign screen's settings panel stands in."""

    def __init__(self, panel):
        self.rows = panel


def test_a_designer_moves_a_level_saves_and_the_validator_accepts_it(app, folder):
    scene = open_scene(app, folder / "campaign.json")
    doc = scene.doc
    # The tournament's renju table, dragged onto the stone garden in the chapter list.
    click(app, scene.chapter_list.row_rect(3).center)
    assert scene.chapter == 3
    rect = level_row(scene, "g4_renju_challenge")
    drag(app, rect.move(-60, 0).center, scene.chapter_list.row_rect(1).center)
    assert ce.chapter_levels(doc, 1)[-1] == "g4_renju_challenge"
    assert "g4_renju_challenge" not in ce.chapter_levels(doc, 3)
    # In the stone garden, moved up one with its button; the bonus puzzle added with "Add".
    click(app, scene.chapter_list.row_rect(1).center)
    up = dict((label, box) for box, label in scene.level_list.buttons(4, view.LEVEL_BUTTONS))["↑"]
    click(app, up.center)
    assert ce.chapter_levels(doc, 1) == [
        "g1_five_stones",
        "g5_the_open_four",
        "g2_four_three",
        "g4_renju_challenge",
        "g3_hold_the_garden",
    ]
    add = scene.free_list.buttons(0, view.ADD_BUTTON)[0][0]
    click(app, add.center)
    assert ce.chapter_levels(doc, 1)[-1] == "x_alchemists_riddle" and ce.unassigned(doc) == BONUS[1:]
    ctrl(app, pygame.K_z)
    assert ce.unassigned(doc) == BONUS
    ctrl(app, pygame.K_y)
    ctrl(app, pygame.K_z)
    # The chapter renamed by typing; Ctrl+S saves; the validator and the loader accept the folder.
    click(app, row_centre(SettingsRows(scene.settings), "Title", nth=1))
    for _ in range(len("The Stone Garden")):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "The Garden of Stones")
    press_key(app, pygame.K_RETURN)
    assert ce.chapters(doc)[1]["title"] == "The Garden of Stones"
    assert doc.problems == [] and doc.dirty
    ctrl(app, pygame.K_s)
    assert not doc.dirty
    assert validator_problems(folder / "campaign.json") == []
    campaign = load_campaign(folder / "campaign.json")
    assert campaign.chapters[1].title == "The Garden of Stones"
    assert campaign.chapters[1].levels == [
        "g1_five_stones",
        "g5_the_open_four",
        "g2_four_three",
        "g4_renju_challenge",
        "g3_hold_the_garden",
    ]
    # Only the campaign file changed: every level file is as shipped.
    for path in sorted(campaign_dir().glob("*.json")):
        if path.name != "campaign.json":
            assert (folder / path.name).read_bytes() == path.read_bytes()
    # Leaving with changes asks first.
    ce.set_order(doc, 1, "open")
    press_key(app, pygame.K_ESCAPE)  # deselect the level
    press_key(app, pygame.K_ESCAPE)
    assert app.top.name == "workshop_prompt"
    click(app, app.top.menu.find("Discard").rect.center)
    assert app.top.name == "workshop"


def test_campaign_screens(app, folder, tmp_path):
    scene = open_scene(app, folder / "campaign.json")
    move(app, scene.chapter_list.row_rect(1).center)
    shoot(app, tmp_path, "campaign")
    ce.add_unlock_after(scene.doc, 0, "c2_round_one")
    click(app, scene.chapter_list.row_rect(3).center)
    shoot(app, tmp_path, "campaign-circle")
    assert len(scene.problem_hits) >= 2
    click(app, scene.problem_hits[0][0].center)
    assert scene.chapter == 0 and scene.level == "c1_apprentice_trial"
    ctrl(app, pygame.K_z)
    assert scene.doc.problems == []
    click(app, row_centre(SettingsRows(scene.settings), "+ a level to win first..."))
    assert scene.choosing is not None
    shoot(app, tmp_path, "campaign-chooser")
    pick = next(
        rect
        for rect, kind, value in view.chooser_layout(scene.doc, scene.choosing["exclude"])
        if value == "g1_five_stones"
    )
    click(app, pick.center)
    assert ce.unlock_after(scene.doc, 0) == ["g1_five_stones"] and scene.choosing is None
    press_key(app, pygame.K_F1)
    shoot(app, tmp_path, "campaign-help")
    press_key(app, pygame.K_a)
    assert not scene.showing_help
    click(app, scene.buttons[-4].rect.center)  # + Chapter
    assert len(ce.chapters(scene.doc)) == 9
    shoot(app, tmp_path, "campaign-new-chapter")


def test_the_front_page_and_the_command_open_it(app):
    app.push("title")
    app.push("workshop")
    step(app, 2)
    click(app, app.top.menu.find("Campaign structure").rect.center)
    assert app.top.name == "workshop_campaign" and app.top.doc.path == SHIPPED
    press_key(app, pygame.K_ESCAPE)  # the first level is chosen: Esc lets it go
    press_key(app, pygame.K_ESCAPE)  # nothing changed: no question
    assert app.top.name == "workshop"
    from game.client.workshop.cli import open_workshop

    open_workshop(app, "campaign")
    assert app.top.name == "workshop_campaign" and app.top.doc.path == SHIPPED
