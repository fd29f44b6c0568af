"""What a quick match is (the choices made on the setup screen), how one starts, and the match
objects the draft, duel and gomoku scenes play (see "matches" below)."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, replace
from typing import Any

from game.rules.gomoku import Rule


@dataclass(frozen=True)
class MatchSetup:
    game: str = "cards"  # a game kind's name (game/rules/registry.py)
    opponent: str = "ai"  # "ai" | "hotseat" | "watch" (AI vs AI)
    difficulty: str = "easy"  # card agent name, gomoku level or skirmish AI
    lanes: int = 1
    draft: str = "draft"  # "draft": the player picks; "auto": the AI drafts for the player
    human_seat: int = 0  # cards: 0 plays first; gomoku: 0 plays black
    rule: int = int(Rule.FREESTYLE)
    size: int = 15
    seed: int = 0
    heroes: tuple = ()  # skirmish: the first team's three class ids, "" for a random one (() all random)
    arena: str = ""  # skirmish: the map id ("" random)

    def again(self) -> "MatchSetup":
        """The same match with a fresh seed (rematch)."""
        return replace(self, seed=random.randrange(1 << 30))

    def controllers(self) -> tuple[str, str]:
        """Who plays each seat: "human" or "ai"."""
        if self.opponent == "hotseat":
            return ("human", "human")
        if self.opponent == "watch":
            return ("ai", "ai")
        return ("human", "ai") if self.human_seat == 0 else ("ai", "human")


@dataclass
class QuickOption:
    """A line of a game's own on the quick-match screen (under Game, Opponent and Difficulty),
    choosing one field of the MatchSetup: the game's front end lists them (`FrontEnd.quick_options`
    in game/client/front_ends.py), so the screen names no game."""

    name: str  # what the screen calls it (`screen.option(game, "disc")`)
    field: str  # the MatchSetup field it chooses
    row: Any  # an OptionRow, or a list of them whose values make a tuple (skirmish's three heroes)

    def rows(self) -> list:
        """The screen's lines for it, in order."""
        return list(self.row) if isinstance(self.row, list) else [self.row]

    @property
    def value(self) -> Any:
        return tuple(row.value for row in self.row) if isinstance(self.row, list) else self.row.value


def seat_label(setup: MatchSetup, seat: int) -> str:
    """How the scenes name a seat of a quick match: "You", the AI's character, or "Player 1"."""
    from game.client.front_ends import front_end

    if setup.opponent == "hotseat":
        return f"Player {seat + 1}"
    if setup.controllers()[seat] == "human":
        return "You"
    name = front_end(setup.game).opponent(setup.difficulty)[0]
    return f"{name} ({seat + 1})" if setup.opponent == "watch" else name


def seat_portrait(setup: MatchSetup, seat: int, player_portrait: str) -> str:
    """The portrait name of a quick match's seat (people: the one chosen in Settings; in hot-seat,
    player 2 gets the first player portrait that is not player 1's, so the two faces differ)."""
    from game.client.front_ends import front_end
    from game.client.settings import PLAYER_PORTRAITS

    if setup.controllers()[seat] == "human":
        if setup.opponent == "hotseat" and seat == 1:
            return next(name for name in PLAYER_PORTRAITS if name != player_portrait)
        return player_portrait
    return front_end(setup.game).opponent(setup.difficulty)[1]


def counted(count: int, unit: str) -> str:
    """ "1 turn", "15 turns" (`unit` singular)."""
    return f"{count} {unit}{'' if count == 1 else 's'}"


def in_sentence(name: str) -> str:
    """A name as it reads inside a sentence: "The Duelmind" -> "the Duelmind"."""
    return "the" + name[3:] if name.startswith("The ") else name


def versus_sentence(good: bool | None, winner: str, loser: str, count: int, unit: str) -> str:
    """The end of a game between two named sides, as a sentence for the result screen: "You lost
    to the Duelmind after 15 turns", "You beat Pip in 9 moves", "Player 1 beat Player 2 in 4
    rounds". `good`: True you won, False you lost, None nobody at this screen is "you"; `count` is
    the length of the game in the units its table shows (a duel's turns counted per player)."""
    length = counted(count, unit)
    if good is False:
        return f"You lost to {in_sentence(winner)} after {length}"
    if good is True:
        return f"You beat {in_sentence(loser)} in {length}"
    return f"{winner} beat {in_sentence(loser)} in {length}"


def new_game_id() -> str:
    return uuid.uuid4().hex


def start_match(app, setup: MatchSetup, replace_top: bool = False) -> None:
    """Open the first screen of a match (the draft for cards, the board for gomoku): the game's
    front end (game/client/front_ends.py) says which."""
    from game.client.front_ends import front_end

    name, options = front_end(setup.game).open_quick_match(app, setup)
    (app.replace if replace_top else app.push)(name, **options)


# ------------------------------------------------------------------------------ matches
#
# A scene plays a match; it never knows whether that is a quick match or a campaign level. A
# match is the rules (legal actions, apply -> events, over/winner), who plays each seat (people,
# the worker pool's AIs, or an agent that decides in-process), the AI's budget, and the hooks a
# level fills in (the objectives HUD, what happens after an action and at the end, rematch,
# pause). Each game's matches are in its package (`game/client/cards/match.py`, ...); campaign
# levels are their subclasses in the `level_match.py` beside them.
