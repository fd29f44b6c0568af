"""Achievements: a handful of goals that point at real play, earned from the campaign progress
(game/rules/saves/progress.py) and read by the campaign map and the profile screen.

Each is a line of data (id, title, what to do) and a test over the progress: what the player has
done, never a counter of its own, so an achievement can be worked out again from any progress
file and is never lost by a crash between a result and its achievement. `earned()` lists the ones
the progress meets; `Progress` stores when each was first met.

Rules layer: no pygame, no AI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from game.i18n import N_
from game.rules.registry import GAMES

QUICK_WIN_MOVES = 10  # "Quick Hands": a board-game level won in this many of the player's moves
CRAFTS = 3  # "Three Crafts": levels won in this many different games
THREE_STAR_LEVELS = 10  # "Star Collector"
MATCHES_PLAYED = 25  # "Regular": quick matches and hot-seat games together


@dataclass(frozen=True)
class Achievement:
    id: str
    title: str
    goal: str  # what to do, for a player: shown under the title, earned or not ({count}: `count`)
    met: Callable[["Facts"], bool]
    count: int = 0  # the number the goal names

    def goal_text(self) -> str:
        """The goal as an English sentence."""
        return self.goal.format(count=self.count)


@dataclass(frozen=True)
class Facts:
    """What the tests read: the progress and the campaign it belongs to."""

    progress: Any  # ProgressData (game/rules/saves/progress.py, which imports this module)
    chapters: list  # the campaign's chapters (each with .levels: ids in order)
    levels: Mapping[str, Any]  # level id -> level model (its .kind, .boss)

    def won(self, level_id: str) -> bool:
        record = self.progress.levels.get(level_id)
        return record is not None and record.wins > 0

    def won_levels(self) -> list[str]:
        return [level_id for level_id, record in self.progress.levels.items() if record.wins > 0]

    def kind(self, level_id: str) -> str | None:
        level = self.levels.get(level_id)
        return getattr(level, "kind", None)

    def final_level(self) -> str | None:
        return self.chapters[-1].levels[-1] if self.chapters else None


def _flawless_chapter(facts: Facts) -> bool:
    """Every level of some chapter won, and no attempt at any of them lost."""
    for chapter in facts.chapters:
        records = [facts.progress.levels.get(level_id) for level_id in chapter.levels]
        if all(r is not None and r.wins > 0 and r.attempts == r.wins for r in records):
            return True
    return False


def _counts_moves(kind: str | None) -> bool:
    """A board game's level (its length counted in moves: gomoku, Connect Four), by the registry."""
    return kind in GAMES and GAMES[kind].turn_unit == "moves"


def _quick_win(facts: Facts) -> bool:
    return any(
        _counts_moves(facts.kind(level_id)) and record.best_turns is not None and record.best_turns <= QUICK_WIN_MOVES
        for level_id, record in facts.progress.levels.items()
        if record.wins > 0
    )


def _hard_boss(facts: Facts) -> bool:
    return any(
        getattr(facts.levels.get(level_id), "boss", False) and record.stars_at.get("hard", 0) > 0
        for level_id, record in facts.progress.levels.items()
    )


def _matches_played(facts: Facts) -> int:
    return sum(tally.played for tally in facts.progress.matches.values())


# Titles and goals are marked for translation (N_: the English here, translated where drawn, in
# the client: `_(title)`, `_(goal).format(count=count)`); `goal_text()` is the English sentence.
ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first_spark", N_("First Spark"), N_("Win a campaign level."), lambda f: bool(f.won_levels())),
    Achievement(
        "three_crafts",
        N_("Three Crafts"),
        # TRANSLATORS: {count} is 3.
        N_("Win levels in {count} different games."),
        lambda f: len({f.kind(level_id) for level_id in f.won_levels()} - {None}) >= CRAFTS,
        CRAFTS,
    ),
    Achievement(
        "flawless",
        N_("Flawless Chapter"),
        N_("Win every level of a chapter without losing once."),
        _flawless_chapter,
    ),
    Achievement(
        "quick_hands",
        N_("Quick Hands"),
        # TRANSLATORS: {count} is 10.
        N_("Win a gomoku or Connect Four level in {count} moves or fewer."),
        _quick_win,
        QUICK_WIN_MOVES,
    ),
    Achievement(
        "star_collector",
        N_("Star Collector"),
        # TRANSLATORS: {count} is 10.
        N_("Earn three stars on {count} levels."),
        lambda f: len([r for r in f.progress.levels.values() if r.wins > 0 and r.stars >= 3]) >= THREE_STAR_LEVELS,
        THREE_STAR_LEVELS,
    ),
    Achievement("against_the_odds", N_("Against the Odds"), N_("Beat a boss on Hard."), _hard_boss),
    Achievement(
        "duelmind_falls",
        N_("The Duelmind Falls"),
        N_("Win the campaign's final duel."),
        lambda f: (final := f.final_level()) is not None and f.won(final),
    ),
    Achievement(
        "regular",
        N_("Regular"),
        # TRANSLATORS: {count} is 25.
        N_("Play {count} quick or hot-seat matches."),
        lambda f: _matches_played(f) >= MATCHES_PLAYED,
        MATCHES_PLAYED,
    ),
)
BY_ID = {achievement.id: achievement for achievement in ACHIEVEMENTS}


def earned(progress, campaign, levels: Mapping[str, Any]) -> list[str]:
    """The ids of the achievements `progress` (ProgressData) meets, in the table's order."""
    facts = Facts(progress, list(getattr(campaign, "chapters", None) or []), levels)
    return [achievement.id for achievement in ACHIEVEMENTS if achievement.met(facts)]
