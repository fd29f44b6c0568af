"""The Connect Four matches the scene plays (a quick match, hot-seat or against the AI, and a
campaign level).

The AI plays in the worker pool like every game's: the board scene's "act" request
(game/client/board_game/scene.py, game/client/ai_worker.py) names the match's AI level
(`ai_level`), and the registry's Connect Four agent (ai/connect4/agents.py) answers.
"""

from __future__ import annotations

from game.client.board_game.match import BoardLevelMatch, BoardMatch
from game.client.match import MatchSetup, seat_portrait
from game.i18n import N_, _, pgettext

COLOURS = ("Red", "Yellow")  # seat 0 drops first (English ids; `colour_word` in words)


def colour_word(seat: int) -> str:
    """A seat's disc colour in the player's language, as a side is called ("Red" wins)."""
    return pgettext("connect four", "Red") if seat == 0 else pgettext("connect four", "Yellow")


# Quick matches: who plays at each AI level (name, portrait).
OPPONENTS = {"easy": ("Pip", "pip"), "medium": ("Corin Ashdown", "corin"), "hard": ("Foundry Automaton", "foundry")}


def connect4_levels() -> list[str]:
    """The Connect Four AI's levels, weakest first."""
    from ai.connect4.agents import LEVELS

    return list(LEVELS)


class Connect4Match(BoardMatch):
    """A quick game of Connect Four (7x6): against an AI level, or two people at one screen."""

    kind = "connect4"
    title = N_("Connect Four")
    move_hint = N_("Click a column, or Left/Right and Enter; U undoes")

    # the rules (seat 0 = red, first; 1 = yellow)
    def new_state(self, setup: MatchSetup):
        from game.rules.registry import game_kind

        return game_kind("connect4").new_state({}, setup.seed)

    def is_legal(self, column: int) -> bool:
        return self.state.is_legal(column)

    def apply(self, column: int) -> list:
        return self.state.apply(column)

    def replay_setup(self) -> tuple[dict, int]:
        """What a replay starts from (the state's moves are its actions): the board as `new_state` makes it."""
        return {}, self.setup.seed

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    # the players
    def name(self, seat: int) -> str:
        if self.hotseat:
            return _("Player {number}").format(number=seat + 1)
        if self.controllers[seat] == "human":
            return _("You")
        from game.client.data_text import character_name  # as the campaign's translations name them

        return character_name(OPPONENTS.get(self.difficulty, ("The Duelmind", "duelmind"))[0])

    def label(self, seat: int) -> str:
        # TRANSLATORS: a disc colour and who drops it: "Red (Pip)", "Yellow (You)".
        text = _("Red ({name})") if seat == 0 else _("Yellow ({name})")
        return text.format(name=self.name(seat))

    def seat_portrait(self, seat: int, app) -> str:
        if self.controllers[seat] == "ai":
            return OPPONENTS.get(self.difficulty, ("", "duelmind"))[1]
        return seat_portrait(self.setup, seat, app.settings.portrait)

    @staticmethod
    def move_words(state, column: int) -> str:
        """A replay's move in the player's words (the rules' `describe_action` is the English)."""
        from game.rules.connect4.thoughts import drop_words

        return drop_words(state, column)

    # the end
    def winner_seat(self) -> int | None:
        return self.state.winner

    def colour_name(self, seat: int) -> str:
        return colour_word(seat)

    def win_how(self, winner: int) -> str:
        return _("four in a row")

    def draw_how(self) -> str:
        return _("The board is full: a draw")

    def player_name(self, seat: int) -> str:
        return self.name(seat)


class LevelConnect4Match(BoardLevelMatch, Connect4Match):
    """A Connect Four level: moves go through its session (objectives, lines said, saves)."""

    move_hint = N_("Click a column, or Left/Right and Enter")

    def __init__(self, run):
        session = run.session
        controllers = ["human", "human"]
        controllers[session.opponent_seat] = "ai"
        setup = MatchSetup(
            game="connect4",
            opponent="ai",
            difficulty=session.level.opponent.ai,
            human_seat=session.player_seat,
            seed=session.seed,
        )
        super().__init__(setup, session.state)
        self.controllers = tuple(controllers)
        self.hotseat = False
        self._join_level(run)

    def is_legal(self, column: int) -> bool:
        return self.session.is_legal(column)

    def name(self, seat: int) -> str:
        return _("You") if seat == self.session.player_seat else self.level.opponent.name


def open_quick_match(app, setup: MatchSetup) -> tuple[str, dict]:
    return "connect4", {"setup": setup}


def prepare_level(run) -> None:
    """The level's opponent is the Connect Four AI, thinking in the worker pool ("act")."""
    run.setup = MatchSetup(game="connect4", opponent="ai", seed=run.session.seed)


def open_level(run) -> tuple[str, dict]:
    return "connect4", {"run": run}


def quick_match_options(vs_ai) -> list:
    """Connect Four's own line on the quick-match screen: which colour the player drops."""
    from game.client.match import QuickOption
    from game.client.widgets import OptionRow

    disc = OptionRow(N_("You play"), [0, 1], 0, lambda v: _("Red (first)") if v == 0 else _("Yellow (second)"))
    disc.enabled = vs_ai
    return [QuickOption("disc", "human_seat", disc)]


__all__ = [
    "COLOURS",
    "colour_word",
    "Connect4Match",
    "LevelConnect4Match",
    "OPPONENTS",
    "connect4_levels",
    "open_level",
    "open_quick_match",
    "prepare_level",
    "quick_match_options",
]
