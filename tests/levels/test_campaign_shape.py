"""The campaign's size and arc (issue #33): at least 40 levels in at least 7 chapters, with at
least 20 card levels, 8 gomoku and 8 skirmish in the chapters (bonus levels not counted); bonus
levels that only a reward unlocks; the duel with the Duelmind last; and each chapter with a face
of its own, one no earlier chapter showed."""

from __future__ import annotations

from collections import Counter

from game.rules.levels import load_level
from game.rules.levels.loader import read_campaign
from game.tools.campaign_report import campaign_order


def _portraits(node) -> set[str]:
    """Every portrait named in a level's or chapter intro's dialogue, events and opponent."""
    if isinstance(node, dict):
        found = {node["portrait"]} if isinstance(node.get("portrait"), str) else set()
        return found.union(*(_portraits(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_portraits(value) for value in node))
    return set()


def test_the_campaign_has_forty_levels_of_every_game_in_eight_chapters():
    order = campaign_order()
    kind = {level: load_level(level).kind for level, _ in order}
    kinds = Counter(kind.values())
    in_chapters = Counter(kind[level] for level, chapter in order if chapter)
    chapters = list(dict.fromkeys(chapter for _, chapter in order if chapter))
    assert len(order) == 42 and len(chapters) == 8
    assert in_chapters == {"cards": 20, "gomoku": 8, "skirmish": 8}
    assert kinds == {"cards": 23, "gomoku": 9, "skirmish": 8, "connect4": 2}


def test_every_bonus_level_is_unlocked_by_a_reward_and_the_duelmind_comes_last():
    order = campaign_order()
    bonus = {level for level, chapter in order if not chapter}
    rewarded = {unlocked for level, _ in order for unlocked in load_level(level).rewards.unlocks}
    assert len(bonus) == 6 and bonus <= rewarded
    last_chapter_level = [level for level, chapter in order if chapter][-1]
    assert last_chapter_level == "c3_the_duelmind"


def test_each_chapter_brings_a_face_no_earlier_chapter_showed():
    campaign, problems = read_campaign()
    assert campaign is not None, problems
    seen: set[str] = set()
    new_faces = {}
    for chapter in campaign.chapters:
        faces = _portraits(chapter.model_dump()) | set().union(
            *(_portraits(load_level(level).model_dump()) for level in chapter.levels)
        )
        new_faces[chapter.id] = sorted(faces - seen - {"ilsa"})  # the Magister walks the whole story
        seen |= faces
    assert new_faces["engine_halls"] == ["herald", "quill"]
    assert [chapter for chapter, faces in new_faces.items() if not faces] == []
