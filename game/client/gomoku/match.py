"""The match the gomoku scene plays (a quick match; campaign levels: `level_match.py`)."""

from __future__ import annotations

from game.client.board_game.match import BoardMatch
from game.client.match import MatchSetup, seat_label, seat_portrait
from game.rules.gomoku import FOUL_DOUBLE_FOUR, FOUL_DOUBLE_THREE, FOUL_OVERLINE

# Renju's fouls (game/rules/gomoku/rules.py) in the player's words.
FOUL_WORDS = {FOUL_DOUBLE_THREE: "Double three", FOUL_DOUBLE_FOUR: "Four-four", FOUL_OVERLINE: "Overline"}

# Quick matches: who plays at each AI level (name, portrait).
OPPONENTS = {
    "novice": ("Pip", "pip"),
    "easy": ("Hana", "hana"),
    "medium": ("Sister Maren", "maren"),
    "hard": ("Old Tomo", "tomo"),
    "master": ("The Duelmind", "duelmind"),
}


def open_quick_match(app, setup: MatchSetup) -> tuple[str, dict]:
    return "gomoku", {"match": GomokuMatch(setup)}


class GomokuMatch(BoardMatch):
    """A gomoku game as the gomoku scene plays it (a quick match; levels: LevelGomokuMatch)."""

    kind = "gomoku"
    title = "Gomoku"
    move_hint = "Click or arrows + Enter to play; U undoes"

    # the rules (seat 0 plays black, 1 white)
    def new_state(self, setup: MatchSetup):
        from game.rules.gomoku import GomokuState, Rule

        return GomokuState(setup.size, Rule(setup.rule))

    def is_legal(self, move) -> bool:
        return self.state.is_legal(*move)

    def apply(self, move) -> list:
        return self.state.apply(move)

    def replay_setup(self) -> tuple[dict, int]:
        """What a replay starts from (the state's moves are its actions): no seed, no dice."""
        return {"size": self.setup.size, "rule": int(self.setup.rule)}, 0

    @property
    def over(self) -> bool:
        return self.state.is_over

    # the players
    @staticmethod
    def seat_of(colour: int) -> int:
        from game.rules.gomoku import BLACK

        return 0 if colour == BLACK else 1

    def player_of(self, seat: int) -> int:
        from game.rules.gomoku import BLACK, WHITE

        return BLACK if seat == 0 else WHITE

    def label(self, colour: int) -> str:
        from game.rules.gomoku import BLACK

        name = "Black" if colour == BLACK else "White"
        seat = self.seat_of(colour)
        if self.hotseat:
            return f"{name} (player {seat + 1})"
        return f"{name} ({'you' if self.controllers[seat] == 'human' else seat_label(self.setup, seat)})"

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    # the end
    def winner_seat(self) -> int | None:
        from game.rules.gomoku import DRAW

        return None if self.state.winner == DRAW else self.seat_of(self.state.winner)

    def colour_name(self, seat: int) -> str:
        return "Black" if seat == 0 else "White"

    def win_how(self, winner: int) -> str:
        state = self.state
        if state.winning_line:
            return "five in a row"
        # Won by black's renju foul (a protocol peer or a level may play one).
        return f"black made a forbidden {FOUL_WORDS.get(state.foul or '', 'move').lower()}"


# ------------------------------------------------------------------ what the shared screens ask
# (through gomoku's FrontEnd in game/client/front_ends.py)


def _rule_names() -> dict:
    from game.rules.gomoku import Rule

    return {int(Rule.FREESTYLE): "Freestyle", int(Rule.STANDARD): "Standard (exactly five)", int(Rule.RENJU): "Renju"}


def quick_match_options(vs_ai) -> list:
    """Gomoku's own lines on the quick-match screen: colour, rule and board size."""
    from game.client.match import QuickOption
    from game.client.widgets import OptionRow
    from game.rules.gomoku import MAX_SIZE, MIN_SIZE

    stone = OptionRow("You play", [0, 1], 0, lambda v: "Black (first)" if v == 0 else "White (second)")
    stone.enabled = vs_ai
    names = _rule_names()
    rule = OptionRow("Rule", list(names), 0, names.get)
    size = OptionRow("Board size", list(range(MIN_SIZE, MAX_SIZE + 1)), 0, lambda v: f"{v} x {v}")
    return [
        QuickOption("stone", "human_seat", stone),
        QuickOption("rule", "rule", rule),
        QuickOption("size", "size", size),
    ]


def level_text(level) -> str:
    """A few words for a gomoku level ("Gomoku puzzle", "Gomoku, renju rule, 15x15")."""
    if any(o.kind == "forced_win" for o in level.objectives):
        return "Gomoku puzzle"
    return f"Gomoku, {level.rule} rule, {level.size}x{level.size}"


def draw_level_icon(surface, rect) -> None:
    """Two stones: a gomoku level on the campaign map."""
    import pygame

    from game.client import theme

    pygame.draw.circle(surface, theme.STONE_BLACK, (rect.centerx - 4, rect.centery - 4), 10)
    pygame.draw.circle(surface, theme.STONE_WHITE, (rect.centerx + 6, rect.centery + 7), 10)
    pygame.draw.circle(surface, (150, 150, 150), (rect.centerx + 6, rect.centery + 7), 10, 1)
