"""A campaign skirmish level as the skirmish scene plays it (see `game/client/level_match.py`)."""

from __future__ import annotations


from game.client.objectives_hud import ObjectivesHUD
from game.client.level_match import Toast, _LevelHooks
from game.client.skirmish.match import SkirmishMatch
from game.i18n import _
from game.rules.levels.modifiers import twist_words


class LevelSkirmishMatch(_LevelHooks, SkirmishMatch):
    """A skirmish level: the player's team is team 0; the opponent's team plays in the worker pool
    at the level's budget per action."""

    def __init__(self, run):
        session = run.session
        super().__init__(run.setup, session.state)
        from game.rules.skirmish.names import level_names

        # The level's names for its heroes (the others drawn): the state carries them to the
        # log, the board and the AI's explanation in the worker.
        self._join(run)
        sides = (self.level.player, self.level.opponent)
        session.state.names = level_names([[hero.name for hero in side.heroes] for side in sides], session.state.seed)
        self.title = self.level.title
        # The round on screen, not the model's (which runs ahead while the last turn animates):
        # the scene points this at its view.
        self.shown_round = lambda: self.state.round
        self.hud = ObjectivesHUD(
            session.objectives(),
            caption=lambda: _("Round {number}").format(number=max(1, self.shown_round())),
            twists=twist_words(self.level),
        )
        self.toast = Toast((360, 64))

    def finish(self, host) -> None:
        host.end_game()
        _LevelHooks.finish(self, host)

    def open_pause(self, host) -> None:
        def leave():
            host.end_game()
            self.run.quit()

        def restart():
            host.end_game()
            self.run.restart()

        host.app.push("pause", leave=leave, quit_label=self.run.quit_label(), restart=restart)

    def note_resumed(self) -> None:
        self.toast.show(_("Your saved game goes on"))


def prepare_level(run) -> None:
    """The opponent's team plays in the worker pool (SkirmishMatch.specs)."""
    from game.client.match import MatchSetup

    session, level = run.session, run.level
    run.setup = MatchSetup(
        game="skirmish",
        opponent="ai",
        difficulty=level.opponent.ai,
        human_seat=0,
        seed=session.seed,
        arena=level.map if isinstance(level.map, str) else "",  # an inline map: the session's state has it
    )


def open_level(run) -> tuple[str, dict]:
    return "skirmish", {"match": LevelSkirmishMatch(run)}
