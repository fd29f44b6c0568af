"""The match the gomoku scene plays (a quick match; campaign levels: `level_match.py`)."""

from __future__ import annotations

from game.client.board_game.match import BoardMatch
from game.client.match import MatchSetup, seat_label, seat_portrait
from game.i18n import N_, _, pgettext
from game.rules.gomoku import FOUL_DOUBLE_FOUR, FOUL_DOUBLE_THREE, FOUL_OVERLINE

# Renju's fouls (game/rules/gomoku/rules.py) in the player's words (translated where shown).
FOUL_WORDS = {FOUL_DOUBLE_THREE: N_("Double three"), FOUL_DOUBLE_FOUR: N_("Four-four"), FOUL_OVERLINE: N_("Overline")}
# The same fouls inside a sentence ("black made a forbidden double three").
FOUL_IN_SENTENCE = {
    FOUL_DOUBLE_THREE: N_("black made a forbidden double three"),
    FOUL_DOUBLE_FOUR: N_("black made a forbidden four-four"),
    FOUL_OVERLINE: N_("black made a forbidden overline"),
}

FORBIDDEN_MOVE = N_("black made a forbidden move")

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
    title = N_("Gomoku")
    move_hint = N_("Click or arrows + Enter to play; U undoes")

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

    def who(self, colour: int) -> str | None:
        """Who plays `colour` in words (None: the person at the screen, "you")."""
        seat = self.seat_of(colour)
        if self.hotseat:
            return _("Player {number}").format(number=seat + 1)
        return None if self.controllers[seat] == "human" else seat_label(self.setup, seat)

    def label(self, colour: int) -> str:
        from game.rules.gomoku import BLACK

        if self.hotseat:
            text = _("Black (player {number})") if colour == BLACK else _("White (player {number})")
            return text.format(number=self.seat_of(colour) + 1)
        name = self.who(colour)
        if name is None:
            return _("Black (you)") if colour == BLACK else _("White (you)")
        # TRANSLATORS: a stone colour and who plays it: "Black (Sister Maren)".
        text = _("Black ({name})") if colour == BLACK else _("White ({name})")
        return text.format(name=name)

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    @staticmethod
    def move_words(game, action) -> str:
        """A replay's move in the player's words (the rules' `describe_action` is the English):
        "Black plays h8". `game` is the GomokuGame before it."""
        from game.rules.gomoku.rules import point_name

        point = point_name(action, game.board.size)
        return (_("Black plays {point}") if game.current_player == 0 else _("White plays {point}")).format(point=point)

    # the end
    def winner_seat(self) -> int | None:
        from game.rules.gomoku import DRAW

        return None if self.state.winner == DRAW else self.seat_of(self.state.winner)

    def colour_name(self, seat: int) -> str:
        return _("Black") if seat == 0 else _("White")

    def win_how(self, winner: int) -> str:
        state = self.state
        if state.winning_line:
            return _("five in a row")
        # Won by black's renju foul (a protocol peer or a level may play one).
        return _(FOUL_IN_SENTENCE.get(state.foul or "", FORBIDDEN_MOVE))


# ------------------------------------------------------------------ what the shared screens ask
# (through gomoku's FrontEnd in game/client/front_ends.py)


def _rule_names() -> dict:
    from game.rules.gomoku import Rule

    return {
        int(Rule.FREESTYLE): _("Freestyle"),
        int(Rule.STANDARD): _("Standard (exactly five)"),
        int(Rule.RENJU): _("Renju"),
    }


def quick_match_options(vs_ai) -> list:
    """Gomoku's own lines on the quick-match screen: colour, rule and board size."""
    from game.client.match import QuickOption
    from game.client.widgets import OptionRow
    from game.rules.gomoku import MAX_SIZE, MIN_SIZE

    stone = OptionRow(N_("You play"), [0, 1], 0, lambda v: _("Black (first)") if v == 0 else _("White (second)"))
    stone.enabled = vs_ai
    rule = OptionRow(N_("Rule"), list(_rule_names()), 0, lambda v: _rule_names()[v])  # named when drawn
    size = OptionRow(N_("Board size"), list(range(MIN_SIZE, MAX_SIZE + 1)), 0, lambda v: f"{v} × {v}")
    return [
        QuickOption("stone", "human_seat", stone),
        QuickOption("rule", "rule", rule),
        QuickOption("size", "size", size),
    ]


def level_text(level) -> str:
    """A few words for a gomoku level ("Gomoku puzzle", "Gomoku, renju rule, 15x15")."""
    if any(o.kind == "forced_win" for o in level.objectives):
        return _("Gomoku puzzle")
    names = {
        "freestyle": pgettext("gomoku rule", "freestyle"),
        "standard": pgettext("gomoku rule", "standard"),
        "renju": pgettext("gomoku rule", "renju"),
    }
    rule = names.get(level.rule, level.rule)
    return _("Gomoku, {rule}, {size}×{size}").format(rule=rule, size=level.size)


def draw_level_icon(surface, rect) -> None:
    """Two stones: a gomoku level on the campaign map."""
    import pygame

    from game.client import theme

    pygame.draw.circle(surface, theme.STONE_BLACK, (rect.centerx - 4, rect.centery - 4), 10)
    pygame.draw.circle(surface, theme.STONE_WHITE, (rect.centerx + 6, rect.centery + 7), 10)
    pygame.draw.circle(surface, (150, 150, 150), (rect.centerx + 6, rect.centery + 7), 10, 1)
