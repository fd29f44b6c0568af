"""The match the gomoku scene plays (a quick match; campaign levels: `level_match.py`)."""

from __future__ import annotations

from game.client.match import MatchSetup, seat_label, seat_portrait, start_match


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


class GomokuMatch:
    """A gomoku game as the gomoku scene plays it (a quick match; levels: LevelGomokuMatch)."""

    kind = "gomoku"
    hud = None
    toast = None
    level_run = None
    title = "Gomoku"
    move_hint = "Click or arrows + Enter to play; U undoes"
    can_undo = True

    def __init__(self, setup: MatchSetup, state=None):
        from game.rules.gomoku import GomokuState, Rule

        self.setup = setup
        self.state = state if state is not None else GomokuState(setup.size, Rule(setup.rule))
        self.controllers = setup.controllers()  # seat 0 = black, 1 = white
        self.hotseat = self.controllers == ("human", "human")
        self.difficulty = setup.difficulty
        self.seed = setup.seed

    # the rules
    def is_legal(self, move) -> bool:
        return self.state.is_legal(*move)

    def apply(self, move) -> list:
        return self.state.apply(move)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self):
        return self.state.winner

    # the players
    @staticmethod
    def seat_of(colour: int) -> int:
        from game.rules.gomoku import BLACK

        return 0 if colour == BLACK else 1

    def label(self, colour: int) -> str:
        from game.rules.gomoku import BLACK

        name = "Black" if colour == BLACK else "White"
        seat = self.seat_of(colour)
        if self.hotseat:
            return f"{name} (player {seat + 1})"
        return f"{name} ({'you' if self.controllers[seat] == 'human' else seat_label(self.setup, seat)})"

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    def ai_budget_ms(self, app) -> float:
        return float(app.think_ms)

    # what a level changes
    def buttons(self, scene) -> list[tuple[str, object]]:
        """The buttons under the move list: (label, what a click does)."""
        return [("Undo", scene.undo), ("New game", lambda: self.rematch(scene.app)), ("Menu", scene.open_pause)]

    def after_action(self, scene) -> None:
        """After every move of either side (levels: objectives, story lines, saves)."""

    def finish(self, scene) -> None:
        from game.rules.gomoku import BLACK, DRAW, WHITE

        state = self.state
        moves = len(state.moves)
        face = None
        if state.winner == DRAW:
            headline, good, detail = "Draw", None, f"after {moves} move{'s' if moves != 1 else ''}"
        else:
            how = "five in a row" if state.winning_line else f"foul: {state.foul}"
            detail = f"{how} after {moves} move{'s' if moves != 1 else ''}"
            if self.hotseat:
                headline, good = f"{'Black' if state.winner == BLACK else 'White'} wins!", None
            elif self.controllers[self.seat_of(state.winner)] == "human":
                headline, good = "Victory!", True
            else:
                headline, good = "Defeat", False
            shown = self.seat_of(state.winner) if good is not False else 1 - self.seat_of(state.winner)
            face = (self.seat_portrait(shown, scene.app), self.label(BLACK if shown == 0 else WHITE))
        scene.app.push(
            "result", headline=headline, detail=detail, good=good, on_rematch=lambda: self.rematch(scene.app), face=face
        )

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, scene) -> None:
        scene.app.push("pause")
