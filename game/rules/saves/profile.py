"""The player's profile in numbers, from the campaign progress (game/rules/saves/progress.py):
levels won, stars, time played, and for each game the campaign's record, the quick matches and
the hot-seat games. The profile screen (game/client/scenes/profile.py) draws these; the numbers
are worked out here so a test can read them. Rules layer: no pygame, no AI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.rules.registry import GAMES


@dataclass(frozen=True)
class GameLine:
    """One game's row: its title, then (played, won) in the campaign, quick matches and hot-seat."""

    title: str
    campaign: tuple[int, int]
    quick: tuple[int, int]
    hotseat: tuple[int, int]

    @property
    def played(self) -> int:
        return self.campaign[0] + self.quick[0] + self.hotseat[0]


@dataclass(frozen=True)
class Profile:
    levels_won: int
    levels_total: int
    stars: int
    stars_total: int
    seconds_played: float
    games: list[GameLine]


def win_rate(played: int, won: int) -> str:
    """A row's win rate: "62 %", or "-" before any game."""
    return f"{round(100 * won / played)} %" if played else "-"


def time_played(seconds: float) -> str:
    """Time in words: "3 h 05 min", "42 min", "under a minute"."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def profile(progress, levels: Mapping[str, Any], max_stars) -> Profile:
    """The profile of `progress` (ProgressData) over the campaign's `levels` (id -> level);
    `max_stars(level)` is how many stars a level can give."""
    records = progress.levels
    campaign: dict[str, list[int]] = {}
    for level_id, record in records.items():
        level = levels.get(level_id)
        if level is None:  # a level since removed from the campaign: its time still counts below
            continue
        counts = campaign.setdefault(level.kind, [0, 0])
        counts[0] += record.attempts
        counts[1] += record.wins

    def tally(game: str, mode: str) -> tuple[int, int]:
        found = progress.matches.get(f"{game}/{mode}")
        return (found.played, found.won) if found is not None else (0, 0)

    def levels_of(game: str) -> tuple[int, int]:
        played, won = campaign.get(game, (0, 0))
        return played, won

    games = [
        GameLine(kind.title, levels_of(name), tally(name, "quick"), tally(name, "hotseat"))
        for name, kind in GAMES.items()
    ]
    seconds = sum(r.seconds_played for r in records.values()) + sum(t.seconds for t in progress.matches.values())
    return Profile(
        levels_won=sum(1 for level_id, r in records.items() if r.wins > 0 and level_id in levels),
        levels_total=len(levels),
        stars=sum(r.stars for level_id, r in records.items() if r.wins > 0 and level_id in levels),
        stars_total=sum(max_stars(level) for level in levels.values()),
        seconds_played=seconds,
        games=games,
    )
