"""The matches a board-game scene plays (gomoku, Connect Four): seats and who plays them, the
result screen at the end, rematch and pause (`BoardMatch`), and what a campaign level changes
(`BoardLevelMatch`, over the shared level hooks of game/client/level_match.py).

A game's match fills in its rules (`new_state`, `is_legal`, `apply`, `over`), how it names its
players (`label`, `seat_of`) and its result screen's words (`colour_name`, `win_how`, `draw_how`,
`move_unit`): "You lost to Sister Maren after 23 moves" over "White wins: five in a row"."""

from __future__ import annotations

from game.client import replay_recorder
from game.client.level_match import Toast, _LevelHooks
from game.client.match import MatchSetup, seat_label, start_match, versus_sentence
from game.client.objectives_hud import ObjectivesHUD
from game.i18n import N_, _, ngettext
from game.rules.levels.modifiers import twist_words


class BoardMatch:
    """A quick match of a two-player board game: against an AI level, or two people at one screen."""

    kind = ""
    hud = None
    toast = None
    level_run = None
    title = ""
    move_hint = ""
    can_undo = True

    def __init__(self, setup: MatchSetup, state=None):
        self.setup = setup
        self.state = state if state is not None else self.new_state(setup)
        self.controllers = setup.controllers()  # who plays seat 0 (the first player) and seat 1
        self.hotseat = self.controllers == ("human", "human")
        self.difficulty = setup.difficulty
        self.seed = setup.seed

    # the rules (each game's)
    def new_state(self, setup: MatchSetup):
        raise NotImplementedError

    @property
    def winner(self):
        return self.state.winner

    # the players
    @staticmethod
    def seat_of(player: int) -> int:
        """The seat (0 first, 1 second) of the state's `player`."""
        return player

    def player_of(self, seat: int) -> int:
        """The state's player at `seat` (what `label` takes)."""
        return seat

    def label(self, player: int) -> str:
        raise NotImplementedError

    def ai_level(self, seat: int) -> str:
        """The AI level (the registry's agent name) playing `seat`."""
        return self.difficulty

    def ai_budget_ms(self, app) -> float:
        return float(app.think_ms)

    # what a level changes
    def buttons(self, scene) -> list[tuple[str, object]]:
        """The buttons under the move list: (label, what a click does); the labels are English,
        marked with N_ and translated where the scene draws them (they follow a language switch)."""
        return [
            (N_("Undo"), scene.undo),
            (N_("New game"), lambda: self.rematch(scene.app)),
            (N_("Menu"), scene.open_pause),
        ]

    def after_action(self, scene) -> None:
        """After every move of either side (levels: objectives, story lines, saves)."""
        replay_recorder.note_thought(self, scene)

    # the end
    def winner_seat(self) -> int | None:
        """The seat that won the finished game; None for a draw."""
        raise NotImplementedError

    def colour_name(self, seat: int) -> str:
        raise NotImplementedError

    move_unit = "move"  # what the result counts ("after 23 moves")

    def moves_played(self) -> int:
        """The game's length in `move_unit`s."""
        return len(self.state.moves)

    def win_how(self, winner: int) -> str:
        """How seat `winner` won, in a few words ("five in a row")."""
        raise NotImplementedError

    def draw_how(self) -> str:
        """How the game ended in a draw, as a sentence ("The board is full: a draw"), translated."""
        return _("A draw")

    def player_name(self, seat: int) -> str:
        """Who plays `seat`, as a sentence names them ("You", "Sister Maren", "Player 2")."""
        return seat_label(self.setup, seat)

    def result_words(self, winner: int | None) -> tuple[str, str, str, bool | None]:
        """The result screen's headline, sentence and line of detail, and whether the end is good
        news for the person at the screen (None: a draw, or nobody at the screen is "you")."""
        count = self.moves_played()
        if winner is None:
            # TRANSLATORS: {how} is a sentence such as "The board is full: a draw".
            sentence = ngettext("{how} after {count} move", "{how} after {count} moves", count)
            return _("Draw"), sentence.format(how=self.draw_how(), count=count), "", None
        colour = self.colour_name(winner)
        # TRANSLATORS: "Black wins: five in a row"; {how} is a few words from the game.
        how = _("{colour} wins: {how}").format(colour=colour, how=self.win_how(winner))
        if "human" not in self.controllers or "ai" not in self.controllers:  # hot-seat, or watching
            after = ngettext("after {count} move", "after {count} moves", count).format(count=count)
            return _("{colour} wins!").format(colour=colour), how, after, None
        good = self.controllers[winner] == "human"
        names = self.player_name(winner), self.player_name(1 - winner)
        sentence = versus_sentence(good, *names, count, self.move_unit)
        return (_("Victory!") if good else _("Defeat")), sentence, how, good

    def finish(self, scene) -> None:
        winner = self.winner_seat()
        headline, sentence, detail, good = self.result_words(winner)
        face = None
        if winner is not None:  # the winner's face, or yours when you lost
            shown = winner if good is not False else 1 - winner
            face = (self.seat_portrait(shown, scene.app), self.player_name(shown))
        replay = replay_recorder.finished(self, scene.app, winner, replay_recorder.result_text(headline, sentence))
        scene.app.push(
            "result",
            headline=headline,
            detail=detail,
            good=good,
            on_rematch=lambda: self.rematch(scene.app),
            face=face,
            sentence=sentence,
            replay=replay,
        )

    def seat_portrait(self, seat: int, app) -> str:
        raise NotImplementedError

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, scene) -> None:
        scene.app.push("pause", on_quit=lambda: replay_recorder.keep_left(self, scene.app))

    def note_resumed(self) -> None:
        """A saved game was replayed into the board (levels)."""


class BoardLevelMatch(_LevelHooks):
    """What a board game's campaign level changes (mixed in before the game's match): moves go
    through the level's session (objectives, lines said, saves); Restart instead of undo."""

    can_undo = False  # the objectives count moves; Restart starts the level again

    def _join_level(self, run) -> None:
        self._join(run)
        self.title = self.level.title
        self.hud = ObjectivesHUD(run.session.objectives(), twists=twist_words(self.level))
        self.toast = Toast((370, 64))

    def buttons(self, scene) -> list[tuple[str, object]]:
        return [(N_("Restart"), self.run.restart), (N_("Menu"), scene.open_pause)]

    def note_resumed(self) -> None:
        self.toast.show(_("Your saved game goes on"))
