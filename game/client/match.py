"""What a quick match is (the choices made on the setup screen), how one starts, and the match
objects the draft, duel and gomoku scenes play (see "matches" below)."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, replace
from typing import Any

from game.i18n import _, ngettext
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
    """How the scenes name a seat of a quick match: "You", the AI's character, or "Player 1"
    (in the player's language)."""
    from game.client.front_ends import front_end

    if setup.opponent == "hotseat":
        return _("Player {number}").format(number=seat + 1)
    if setup.controllers()[seat] == "human":
        return _("You")
    name = front_end(setup.game).opponent(setup.difficulty)[0]
    # TRANSLATORS: an AI watched playing itself: its name and its seat, "Pip (2)".
    return _("{name} ({seat})").format(name=name, seat=seat + 1) if setup.opponent == "watch" else name


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
    """ "1 turn", "15 turns" (`unit` singular: "turn", "move" or "round"), in the player's language."""
    from game.client.value_names import count_turns

    return count_turns(unit if unit.endswith("s") else unit + "s", count)


def in_sentence(name: str) -> str:
    """A name as it reads inside a sentence: "The Duelmind" -> "the Duelmind"."""
    return "the" + name[3:] if name.startswith("The ") else name


def versus_sentence(good: bool | None, winner: str, loser: str, count: int, unit: str) -> str:
    """The end of a game between two named sides, as a sentence for the result screen: "You lost
    to the Duelmind after 15 turns", "You beat Pip in 9 moves", "Player 1 beat Player 2 in 4
    rounds". `good`: True you won, False you lost, None nobody at this screen is "you"; `count` is
    the length of the game in the units its table shows (a duel's turns counted per player), `unit`
    "turn", "move" or "round". One whole sentence per case and unit: the number's form depends on
    the words around it (Russian: "после 15 ходов" but "за 15 ходов")."""
    unit = unit.removesuffix("s")
    sentences = _SENTENCES.get(unit, _SENTENCES["turn"])
    case = 0 if good is False else 1 if good is True else 2
    return sentences[case](count).format(count=count, winner=in_sentence(winner), loser=in_sentence(loser))


_SENTENCES = {
    "turn": (
        lambda n: ngettext("You lost to {winner} after {count} turn", "You lost to {winner} after {count} turns", n),
        lambda n: ngettext("You beat {loser} in {count} turn", "You beat {loser} in {count} turns", n),
        lambda n: ngettext("{winner} beat {loser} in {count} turn", "{winner} beat {loser} in {count} turns", n),
    ),
    "move": (
        lambda n: ngettext("You lost to {winner} after {count} move", "You lost to {winner} after {count} moves", n),
        lambda n: ngettext("You beat {loser} in {count} move", "You beat {loser} in {count} moves", n),
        lambda n: ngettext("{winner} beat {loser} in {count} move", "{winner} beat {loser} in {count} moves", n),
    ),
    "round": (
        lambda n: ngettext("You lost to {winner} after {count} round", "You lost to {winner} after {count} rounds", n),
        lambda n: ngettext("You beat {loser} in {count} round", "You beat {loser} in {count} rounds", n),
        lambda n: ngettext("{winner} beat {loser} in {count} round", "{winner} beat {loser} in {count} rounds", n),
    ),
}


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
