"""Each game's board at one position of a replay, drawn by the game's own scene.

The viewer (viewer.py) never draws a board itself: for each game it asks the game's front end
(`FrontEnd.replay_position`, game/client/front_ends.py) for one of the functions below, which
builds the game's ordinary scene over a copy of the position, with both seats played by nobody
(no hints, no buttons that play), the seats' names and faces as the replay recorded them, and
says which part of the 1280x720 canvas is the board (`Position.crop`). The scene is only drawn:
never updated, so no AI is asked and nothing animates.

`shown` is the seat whose hidden cards are face up (the one who moved, as they saw the game), or
None for all of them (the viewer's toggle, once the game is over).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.client.match import MatchSetup

BOARD_GAME_CROP = pygame.Rect(0, 0, 722, 720)  # the board games' board, left of their side panel
FULL = pygame.Rect(0, 0, 1280, 720)
SKIRMISH_CROP = pygame.Rect(0, 0, 1280, 652)  # above the skirmish's "click a cell" key hints


@dataclass
class Position:
    scene: Any  # a game scene over the position (drawn, never updated)
    crop: pygame.Rect  # the part of its canvas the viewer shows
    hides: bool = False  # the game hides cards from a seat (the viewer offers "Show all hands")


@dataclass(frozen=True)
class Seats:
    """Who sat where, as the viewer shows them: names and portraits by seat of the game."""

    names: tuple[str, str]
    portraits: tuple[str, str]


def _watch_setup(game: str, **options) -> MatchSetup:
    # Both seats "ai" and no AI ever asked: the scenes show no "your turn" hints or play buttons.
    return MatchSetup(game=game, opponent="watch", **options)


def _name_seats(match, seats: Seats) -> None:
    match.seat_label = lambda seat: seats.names[seat]
    match.seat_portrait = lambda seat, app=None: seats.portraits[seat] or "duelmind"


def cards_position(app, state, seats: Seats, shown: int | None) -> Position:
    from game.client.cards.match import CardMatch

    battle = state.clone()
    match = CardMatch(_watch_setup("cards", lanes=battle.lanes), battle, [], "replay", {})
    _name_seats(match, seats)
    scene = app.make("duel", match=match)
    bottom = 0 if shown is None else shown
    scene.bottom, scene.revealed = bottom, bottom
    if shown is None:
        scene.face_up = lambda seat: True
    return Position(scene, FULL, hides=True)


def skirmish_position(app, state, seats: Seats, shown: int | None) -> Position:
    from game.client.skirmish.match import SkirmishMatch

    arena = state.match.clone()
    match = SkirmishMatch(_watch_setup("skirmish"), state=arena)
    _name_seats(match, seats)
    return Position(app.make("skirmish", match=match), SKIRMISH_CROP)


def gomoku_position(app, state, seats: Seats, shown: int | None) -> Position:
    from game.client.gomoku.match import GomokuMatch

    board = state.board.clone()
    match = GomokuMatch(_watch_setup("gomoku", size=board.size, rule=int(board.rule)), state=board)
    return Position(app.make("gomoku", match=match), BOARD_GAME_CROP)


def connect4_position(app, state, seats: Seats, shown: int | None) -> Position:
    from game.client.connect4.match import Connect4Match

    board = state.clone()
    match = Connect4Match(_watch_setup("connect4"), state=board)
    return Position(app.make("connect4", match=match), BOARD_GAME_CROP)


__all__ = [
    "BOARD_GAME_CROP",
    "Position",
    "Seats",
    "cards_position",
    "connect4_position",
    "gomoku_position",
    "skirmish_position",
]
