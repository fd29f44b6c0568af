"""The campaign's unlock rules, shared by the validator (can every level be reached?) and the
player's progress (which levels are open now?).

A level is unlocked when a completed level's rewards unlock it, or when its chapter is unlocked
and either the chapter's order is "open", or it is the chapter's first level, or the level
before it in the chapter is completed. A chapter is unlocked when every level in its
`unlock.after` is completed and the stars earned in total reach `unlock.stars`.
"""

from __future__ import annotations

from typing import Mapping

from game.rules.levels.model import Campaign, Chapter


def max_stars(level) -> int:
    """The stars a level can give: 1 for the win, one per bonus objective, at most 3."""
    return min(3, 1 + sum(1 for o in level.objectives if not o.required))


def chapter_unlocked(chapter: Chapter, done: Mapping[str, int]) -> bool:
    return all(level_id in done for level_id in chapter.unlock.after) and sum(done.values()) >= chapter.unlock.stars


def is_unlocked(
    campaign: Campaign,
    levels: Mapping,
    done: Mapping[str, int],
    level_id: str,
    granted: frozenset[str] | set[str] = frozenset(),
) -> bool:
    """Whether `level_id` is open, given the completed levels and their stars (`done`), the level
    models (for their rewards) and levels unlocked earlier by rewards (`granted`)."""
    if level_id in granted:
        return True
    if any(level_id in levels[other].rewards.unlocks for other in done if other in levels):
        return True
    chapter = campaign.chapter_of(level_id)
    if chapter is None or not chapter_unlocked(chapter, done):
        return False
    position = chapter.levels.index(level_id)
    return chapter.order == "open" or position == 0 or chapter.levels[position - 1] in done
