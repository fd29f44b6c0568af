"""The campaign's difficulty setting (story, normal, hard): what it does to a level's AI opponent.

Normal is every level as written (and as the campaign curve measures it). Story and hard move the
opponent's AI level one step along its game's ladder (`GameKind.ai_ladder`: cards easy < medium <
hard, gomoku novice < ... < master) and halve or double its thinking time, unless the level says
otherwise in `difficulty` (its own AI level and time for story or hard, or `fixed`: the level
plays the same at every difficulty, e.g. a puzzle tuned to one opponent). A scripted opponent has
no AI to move, so its level plays the same at every difficulty.

`at_difficulty(level, difficulty)` is the level the player meets; the client applies it to
campaign levels, and stars record the difficulty they were won at (game/rules/saves/progress.py).
Rules layer: no pygame, no AI.
"""

from __future__ import annotations

import typing
from typing import Any, Literal

Difficulty = Literal["story", "normal", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("story", "normal", "hard")
DIFFICULTY_NAMES: dict[str, str] = {"story": "Story", "normal": "Normal", "hard": "Hard"}
DIFFICULTY_BLURBS: dict[str, str] = {
    "story": "For the tale: opponents think less and play a level weaker.",
    "normal": "Every level as it was made and measured.",
    "hard": "Opponents think twice as long and play a level stronger.",
}
MIN_BUDGET_MS, MAX_BUDGET_MS = 5, 10000  # the levels' own bounds on budget_ms
STEP = {"story": -1, "hard": 1}
TIME_FACTOR = {"story": 0.5, "hard": 2.0}


def opponent_ai(level) -> str | None:
    """The level's opponent AI level, or None for a scripted opponent."""
    opponent = getattr(level, "opponent", None)
    if opponent is None or getattr(opponent, "control", "ai") != "ai":
        return None
    return getattr(opponent, "ai", None)


def plays_the_same(level) -> bool:
    """True when the difficulty setting changes nothing in this level."""
    return level.difficulty.fixed or opponent_ai(level) is None


def opponent_at(level, difficulty: str) -> tuple[str, int] | None:
    """(AI level, budget in ms) of the level's opponent at `difficulty`; None when it plays the same."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}")
    ai = opponent_ai(level)
    if ai is None or level.difficulty.fixed:
        return None
    budget = int(level.opponent.budget_ms)
    if difficulty == "normal":
        return ai, budget
    step = getattr(level.difficulty, difficulty)
    chosen_ai = step.ai if step is not None and step.ai is not None else _ladder_step(level.kind, ai, STEP[difficulty])
    if step is not None and step.budget_ms is not None:
        chosen_budget = step.budget_ms
    else:
        chosen_budget = round(budget * TIME_FACTOR[difficulty])
    return chosen_ai, max(MIN_BUDGET_MS, min(MAX_BUDGET_MS, chosen_budget))


def _ladder_step(kind: str, ai: str, step: int) -> str:
    """`ai` moved `step` along its game's ladder (kept where it is at an end, or off the ladder)."""
    from game.rules.registry import game_kind

    ladder = game_kind(kind).ai_ladder
    if ai not in ladder:
        return ai
    return ladder[max(0, min(len(ladder) - 1, ladder.index(ai) + step))]


def at_difficulty(level, difficulty: str):
    """The level as the player meets it at `difficulty` (the same object when nothing changes)."""
    found = opponent_at(level, difficulty)
    if found is None or (found[0], found[1]) == (opponent_ai(level), level.opponent.budget_ms):
        return level
    ai, budget = found
    opponent = level.opponent.model_copy(update={"ai": ai, "budget_ms": budget})
    return level.model_copy(update={"opponent": opponent})


def _names_in(annotation: Any) -> set[str]:
    """The strings a field's Literal annotation allows (through Optional and Union)."""
    if typing.get_origin(annotation) is Literal:
        return {value for value in typing.get_args(annotation) if isinstance(value, str)}
    names: set[str] = set()
    for arg in typing.get_args(annotation):
        names |= _names_in(arg)
    return names


def difficulty_problems(level) -> list[tuple[str, str]]:
    """(JSON path, sentence) for each part of a `difficulty` block that cannot work on this level."""
    limits = level.difficulty
    given = [name for name in ("story", "hard") if getattr(limits, name) is not None]
    if not given:
        return []
    if opponent_ai(level) is None:
        return [("$.difficulty", "a scripted opponent has no AI level or time to change; leave the block out")]
    if limits.fixed:
        return [("$.difficulty.fixed", f"every difficulty plays the same, so {' and '.join(given)} would never apply")]
    field = type(level.opponent).model_fields.get("ai")
    allowed = _names_in(field.annotation) if field is not None else set()
    problems = []
    for name in given:
        ai = getattr(limits, name).ai
        if ai is not None and allowed and ai not in allowed:
            known = ", ".join(sorted(allowed))
            problems.append((f"$.difficulty.{name}.ai", f"{ai!r} is not an AI level of this game ({known})"))
    return problems
