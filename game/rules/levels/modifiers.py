"""Level modifiers: a boss's rule twist, one small vocabulary per game, set in the level file's
`twist` and edited in the workshop's Twist tab (game/workshop/modifier_forms.py).

- cards: `double_draw` (a side draws two cards a turn), `mana_surge` (a side gains extra mana
  each turn), `cursed_lane` (a side's creatures in one lane take damage as their side ends its
  turn); played by the battle itself (game/rules/cards/twist.py), so the AIs search them;
- gomoku: `blocked` points and/or a named `pattern` of them: no stone may be played there, and
  a row cannot pass through one (the board holds a wall there: game/rules/gomoku/state.py);
- skirmish: `storm_from_round` and `storm_damage`, overriding the arena's storm.

This module holds the models, what the checks say about them and the words a player reads
(`twist_words`). Rules layer: no pygame, no AI.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from game.rules.levels.level_base import LevelModel
from game.rules.levels.problems import Problem, json_path

TwistSide = Literal["both", "player", "opponent"]
PointText = Annotated[str, StringConstraints(pattern=r"^\s*\d+\s*,\s*\d+\s*$", max_length=16)]
BlockedPattern = Literal["centre", "star_points", "cross", "ring"]

# ---------------------------------------------------------------------------------- cards


class ManaSurge(LevelModel):
    side: TwistSide = "both"
    amount: int = Field(1, ge=1, le=5, description="mana added at the start of each of the side's turns")


class CursedLane(LevelModel):
    lane: int = Field(ge=0, le=1, description="0: the left lane (the only one of a one-lane level), 1: the right")
    damage: int = Field(1, ge=1, le=9, description="what each creature in the lane takes as its side ends a turn")
    side: TwistSide = Field("both", description="whose creatures the curse hurts")


class CardTwist(LevelModel):
    """A card level's twist: any of the three, at least one."""

    double_draw: TwistSide | None = Field(None, description="this side draws two cards a turn instead of one")
    mana_surge: ManaSurge | None = None
    cursed_lane: CursedLane | None = None

    @model_validator(mode="after")
    def _something(self) -> "CardTwist":
        if self.double_draw is None and self.mana_surge is None and self.cursed_lane is None:
            raise ValueError("a twist needs at least one of double_draw, mana_surge, cursed_lane (or leave it out)")
        return self


# ---------------------------------------------------------------------------------- gomoku


class GomokuTwist(LevelModel):
    """Points no stone may be played on: listed, from a named pattern, or both."""

    blocked: list[PointText] = Field(
        default_factory=list, max_length=100, description='points as "x,y" (column, row from the top-left)'
    )
    pattern: BlockedPattern | None = Field(
        None,
        description=(
            "centre: the middle point; star_points: the middle and four points 3 in from the corners; "
            "cross: the middle and its four neighbours; ring: eight points two steps around the middle"
        ),
    )

    @model_validator(mode="after")
    def _something(self) -> "GomokuTwist":
        if not self.blocked and self.pattern is None:
            raise ValueError("a gomoku twist needs blocked points or a pattern (or leave it out)")
        return self


def pattern_points(pattern: str | None, size: int) -> list[tuple[int, int]]:
    """The points of a named pattern on a size x size board, in reading order."""
    middle = size // 2
    if pattern == "centre":
        offsets = [(0, 0)]
    elif pattern == "cross":
        offsets = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
    elif pattern == "ring":
        offsets = [(dx, dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2) if (dx, dy) != (0, 0)]
    elif pattern == "star_points":
        far = size - 1 - 3 - middle
        offsets = [(0, 0), (3 - middle, 3 - middle), (far, 3 - middle), (3 - middle, far), (far, far)]
    else:
        return []
    return sorted(((middle + dx, middle + dy) for dx, dy in offsets), key=lambda p: (p[1], p[0]))


def parse_point(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def blocked_points(twist: GomokuTwist | None, size: int) -> list[tuple[int, int]]:
    """Every blocked point of the twist (pattern first, then the listed ones), each once; points
    off the board are left out here (the checks name them)."""
    if twist is None:
        return []
    points = pattern_points(twist.pattern, size) + [parse_point(text) for text in twist.blocked]
    return [p for p in dict.fromkeys(points) if 0 <= p[0] < size and 0 <= p[1] < size]


# ---------------------------------------------------------------------------------- skirmish


class SkirmishTwist(LevelModel):
    """The storm, earlier or harder than the arena's own."""

    storm_from_round: int = Field(
        ge=1, le=99, description="from this round on every hero takes storm damage at the start of its turn"
    )
    storm_damage: int = Field(
        2, ge=1, le=50, description="the first storm round's damage; each later round adds as much again"
    )


# ---------------------------------------------------------------------------------- the battle's twist


def battle_twist(twist: CardTwist | None, player_seat: int):
    """The battle's BattleTwist (game/rules/cards/twist.py) for a card level's twist, by seat."""
    from game.rules.cards.twist import BattleTwist

    if twist is None:
        return None

    def per_seat(side: str | None, amount: int) -> tuple[int, int]:
        seats = {"both": (0, 1), "player": (player_seat,), "opponent": (1 - player_seat,)}.get(side or "", ())
        return (amount if 0 in seats else 0, amount if 1 in seats else 0)

    surge = twist.mana_surge
    curse = twist.cursed_lane
    return BattleTwist(
        extra_draws=per_seat(twist.double_draw, 1),
        extra_mana=per_seat(surge.side, surge.amount) if surge else (0, 0),
        cursed_lane=curse.lane if curse else None,
        curse_damage=per_seat(curse.side, curse.damage) if curse else (0, 0),
    )


# ---------------------------------------------------------------------------------- words


def _whose(side: str, you: str, them: str, both: str) -> str:
    return {"player": you, "opponent": them}.get(side, both)


def twist_words(level) -> list[str]:
    """The level's twist as sentences a player reads before and during the level (none without
    a twist)."""
    twist = getattr(level, "twist", None)
    if twist is None:
        return []
    if isinstance(twist, CardTwist):
        words = []
        if twist.double_draw is not None:
            who = _whose(twist.double_draw, "You draw", "Your opponent draws", "Both sides draw")
            words.append(f"{who} two cards a turn.")
        if twist.mana_surge is not None:
            surge = twist.mana_surge
            who = _whose(surge.side, "You gain", "Your opponent gains", "Both sides gain")
            words.append(f"{who} {surge.amount} extra mana each turn.")
        if twist.cursed_lane is not None:
            curse = twist.cursed_lane
            lanes = getattr(getattr(level, "rules", None), "lanes", 2)
            where = "Every lane is" if lanes == 1 else f"The {'left' if curse.lane == 0 else 'right'} lane is"
            whose = _whose(curse.side, "your creatures", "your opponent's creatures", "a creature")
            ends = "your turn ends" if curse.side == "player" else "its side's turn ends"
            words.append(
                f"{where} cursed: {whose} there take{'s' if curse.side == 'both' else ''} "
                f"{curse.damage} damage each time {ends}."
            )
        return words
    if isinstance(twist, GomokuTwist):
        count = len(blocked_points(twist, getattr(level, "size", 15)))
        points = "One point is" if count == 1 else f"{count} points are"
        them = "it" if count == 1 else "them"
        return [
            f"{points} sealed (marked on the board): no stone may be played there, and no row can pass through {them}."
        ]
    if isinstance(twist, SkirmishTwist):
        return [
            f"A storm rises from round {twist.storm_from_round}: every hero takes {twist.storm_damage} damage "
            f"at the start of its turn, {twist.storm_damage} more each round after."
        ]
    return []


def twist_short(level) -> str:
    """The twist in a few words, for a line on the campaign map ("" without one)."""
    twist = getattr(level, "twist", None)
    if isinstance(twist, CardTwist):
        parts = []
        if twist.double_draw is not None:
            parts.append(
                _whose(
                    twist.double_draw, "you draw two a turn", "your opponent draws two", "both sides draw two a turn"
                )
            )
        if twist.mana_surge is not None:
            parts.append(_whose(twist.mana_surge.side, "your mana surges", "their mana surges", "mana surges"))
        if twist.cursed_lane is not None:
            lanes = getattr(getattr(level, "rules", None), "lanes", 2)
            parts.append(
                "a cursed board"
                if lanes == 1
                else f"a cursed {'left' if twist.cursed_lane.lane == 0 else 'right'} lane"
            )
        return ", ".join(parts)
    if isinstance(twist, GomokuTwist):
        return f"{len(blocked_points(twist, getattr(level, 'size', 15)))} sealed points"
    if isinstance(twist, SkirmishTwist):
        return f"a storm from round {twist.storm_from_round}"
    return ""


# ---------------------------------------------------------------------------------- checks


def check_card_twist(level, file: str) -> list[Problem]:
    """A cursed lane the level has (lane 1 needs two lanes)."""
    twist = getattr(level, "twist", None)
    curse = twist.cursed_lane if isinstance(twist, CardTwist) else None
    if curse is not None and curse.lane >= level.rules.lanes:
        return [
            Problem(
                file,
                json_path(["twist", "cursed_lane", "lane"]),
                f"lane {curse.lane} is not on a board of {level.rules.lanes} lane: use lane 0, or set rules.lanes to 2",
            )
        ]
    return []


def check_gomoku_twist(level, file: str, stones: dict[tuple[int, int], list]) -> list[Problem]:
    """Blocked points on the board, each once, none under an opening stone (`stones`: point ->
    the stone's JSON path)."""
    twist = getattr(level, "twist", None)
    if twist is None:
        return []
    problems = []
    size = level.size
    from_pattern = set(pattern_points(twist.pattern, size))
    seen: set[tuple[int, int]] = set()
    for index, text in enumerate(twist.blocked):
        parts = ["twist", "blocked", index]
        x, y = parse_point(text)
        if not (0 <= x < size and 0 <= y < size):
            problems.append(Problem(file, json_path(parts), f"{x},{y} is off the {size}x{size} board"))
        elif (x, y) in seen or (x, y) in from_pattern:
            why = "the pattern already blocks it" if (x, y) in from_pattern else "it is listed twice"
            problems.append(Problem(file, json_path(parts), f"{x},{y} is blocked already ({why}): remove it"))
        seen.add((x, y))
    for point in blocked_points(twist, size):
        if point in stones:
            where = "listed" if point in seen else f"of the {twist.pattern} pattern"
            problems.append(
                Problem(
                    file,
                    json_path(stones[point]),
                    f"a stone stands on {point[0]},{point[1]}, a blocked point ({where}): move the stone or the block",
                )
            )
    return problems


def check_skirmish_twist(level, file: str, round_limit: int | None) -> list[Problem]:
    """A storm that comes before the arena's round limit."""
    twist = getattr(level, "twist", None)
    if twist is None or round_limit is None or twist.storm_from_round <= round_limit:
        return []
    return [
        Problem(
            file,
            json_path(["twist", "storm_from_round"]),
            f"round {twist.storm_from_round} never comes: the arena's fight ends after round {round_limit}",
        )
    ]
