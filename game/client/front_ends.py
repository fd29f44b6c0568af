"""How the client plays each game: one `FrontEnd` per game kind, put into the game registry
(`game/rules/registry.py`, `register_front_end`) when the app starts.

Nothing in the client compares a game's name: a quick match, a campaign level, a seat's name and
portrait and the workshop's editor all ask the game's front end. The entries are dotted names
('module:attribute'), imported when first used, so that this table imports no game's scene or
match (the per-game packages import the shared client, never the other way round).

To add a game's client: write its package (`game/client/<game>/`: scene, match, view) with the
functions named below, and add one `FrontEnd` line to `FRONT_ENDS`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.rules.registry import GAMES, game_kind, register_front_end


def _load(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True)
class FrontEnd:
    """One game in the client."""

    # (app, setup) -> (scene name, options): the first screen of a quick match of this game
    quick_match: str
    # (run) -> None: a campaign level's match set-up and opponent (run.setup, .agent, .opponent_spec)
    prepare_level: str
    # (run) -> (scene name, options): a campaign level's first screen (a resumed game's too)
    open_level: str
    # {AI level: (name, portrait)}: who the player meets in a quick match at each AI level
    opponents: str
    # the AI levels a quick match offers, weakest first: 'module:function' () -> list[str]
    ai_levels: str
    # the quick-match screen's default AI level
    default_level: str = "easy"

    def open_quick_match(self, app, setup) -> tuple[str, dict]:
        return _load(self.quick_match)(app, setup)

    def prepare(self, run) -> None:
        _load(self.prepare_level)(run)

    def open(self, run) -> tuple[str, dict]:
        return _load(self.open_level)(run)

    def opponent(self, difficulty: str) -> tuple[str, str]:
        """The (name, portrait) of the AI a quick match plays at `difficulty`."""
        return _load(self.opponents).get(difficulty, ("The Duelmind", "duelmind"))

    def levels(self) -> list[str]:
        return list(_load(self.ai_levels)())


FRONT_ENDS: dict[str, FrontEnd] = {
    "cards": FrontEnd(
        quick_match="game.client.cards.match:open_quick_match",
        prepare_level="game.client.cards.level_match:prepare_level",
        open_level="game.client.cards.level_match:open_level",
        opponents="game.client.cards.match:OPPONENTS",
        ai_levels="game.client.ai_worker:card_agent_names",
    ),
    "gomoku": FrontEnd(
        quick_match="game.client.gomoku.match:open_quick_match",
        prepare_level="game.client.gomoku.level_match:prepare_level",
        open_level="game.client.gomoku.level_match:open_level",
        opponents="game.client.gomoku.match:OPPONENTS",
        ai_levels="game.client.ai_worker:gomoku_levels",
    ),
    "skirmish": FrontEnd(
        quick_match="game.client.skirmish.match:open_quick_match",
        prepare_level="game.client.skirmish.level_match:prepare_level",
        open_level="game.client.skirmish.level_match:open_level",
        opponents="game.client.skirmish.match:OPPONENTS",
        ai_levels="game.client.ai_worker:skirmish_agent_names",
    ),
    "connect4": FrontEnd(
        quick_match="game.client.connect4.match:open_quick_match",
        prepare_level="game.client.connect4.match:prepare_level",
        open_level="game.client.connect4.match:open_level",
        opponents="game.client.connect4.match:OPPONENTS",
        ai_levels="game.client.connect4.match:connect4_levels",
    ),
}


def install() -> None:
    """Put every game's front end into the game registry (idempotent)."""
    for name, front_end in FRONT_ENDS.items():
        register_front_end(name, front_end=front_end)


def front_end(game: str) -> FrontEnd:
    """The client of game `game` (installed on first use)."""
    kind = game_kind(game)
    if kind.front_end is None:
        install()
    if kind.front_end is None:
        raise LookupError(f"the client has no front end for {kind.title}")
    return kind.front_end


def playable_games() -> list[str]:
    """The games the client can play, in the registry's order."""
    install()
    return [name for name, kind in GAMES.items() if kind.front_end is not None]


__all__ = ["FRONT_ENDS", "FrontEnd", "front_end", "install", "playable_games"]
