"""A campaign gomoku level as the gomoku scene plays it (see `game/client/level_match.py`)."""

from __future__ import annotations


from game.client.objectives_hud import ObjectivesHUD
from game.client.level_match import Toast, _LevelHooks
from game.client.gomoku.match import GomokuMatch


class LevelGomokuMatch(_LevelHooks, GomokuMatch):
    move_hint = "Click or arrows + Enter to play"
    can_undo = False  # the objectives count moves; Restart starts the level again

    def __init__(self, run):
        session = run.session
        super().__init__(run.setup, session.state)
        self._join(run)
        self.title = self.level.title
        self.hud = ObjectivesHUD(session.objectives())
        self.toast = Toast((40 + 330, 64))

    def apply(self, move) -> list:
        return self.session.apply(tuple(move))

    def label(self, colour: int) -> str:
        from game.rules.gomoku import BLACK

        name = "Black" if colour == BLACK else "White"
        who = "you" if colour == self.session.player_seat else self.level.opponent.name
        return f"{name} ({who})"

    def seat_portrait(self, seat: int, app) -> str:
        if seat == self.seat_of(self.session.player_seat):
            return app.settings.portrait
        return self.level.opponent.portrait or self.level.opponent.name

    def buttons(self, scene) -> list[tuple[str, object]]:
        return [("Restart", self.run.restart), ("Menu", scene.open_pause)]

    def note_resumed(self) -> None:
        self.toast.show("Your saved game goes on")


def prepare_level(run) -> None:
    from game.client.match import MatchSetup

    session, level = run.session, run.level
    colour_seat = 0 if session.player_seat == 1 else 1  # BLACK is 1: seat 0 plays black
    run.setup = MatchSetup(
        game="gomoku",
        opponent="ai",
        difficulty=level.opponent.ai,
        human_seat=colour_seat,
        rule=int(session.state.rule),
        size=level.size,
        seed=session.seed,
    )


def open_level(run) -> tuple[str, dict]:
    return "gomoku", {"match": LevelGomokuMatch(run)}
