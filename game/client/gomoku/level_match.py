"""A campaign gomoku level as the gomoku scene plays it (see `game/client/level_match.py`)."""

from __future__ import annotations

from game.client.board_game.match import BoardLevelMatch
from game.client.gomoku.match import GomokuMatch
from game.i18n import N_


class LevelGomokuMatch(BoardLevelMatch, GomokuMatch):
    move_hint = N_("Click or arrows + Enter to play")

    def __init__(self, run):
        super().__init__(run.setup, run.session.state)
        self._join_level(run)

    def apply(self, move) -> list:
        return self.session.apply(tuple(move))

    def who(self, colour: int) -> str | None:
        return None if colour == self.session.player_seat else self.level.opponent.name


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
