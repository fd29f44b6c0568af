"""The match the skirmish scene plays (a quick match; campaign levels: `level_match.py`), who
commands the other team at each AI level, and the roster of heroes and maps."""

from __future__ import annotations

import random

from game.client import replay_recorder
from game.client.match import MatchSetup, new_game_id, seat_label, seat_portrait, start_match, versus_sentence
from game.rules.skirmish.words import word
from game.i18n import N_, _, ngettext

# Quick skirmishes: who commands the other team at each AI level (name, portrait).
OPPONENTS = {
    "random": ("Pip", "pip"),
    "easy": ("Corin Ashdown", "corin"),
    "greedy": ("Captain Voss", "voss"),
    "medium": ("Sister Maren", "maren"),
    "hard": ("Lord Halvek", "halvek"),
}


def open_quick_match(app, setup: MatchSetup) -> tuple[str, dict]:
    return "skirmish", {"match": SkirmishMatch(setup)}


class SkirmishMatch:
    """A skirmish as the skirmish scene plays it (a quick match; levels: LevelSkirmishMatch).

    Seat = team: 0 is the first team (yours against the AI), 1 the other. The AI seats are
    played by the worker pool (the "act" request), one action per request."""

    kind = "skirmish"
    hud = None
    toast = None
    level_run = None
    title = N_("Skirmish")

    def __init__(self, setup: MatchSetup, state=None):
        from game.client.ai_worker import AgentSpec
        from game.rules.skirmish.state import SkirmishState

        self.setup = setup
        self.controllers = setup.controllers()
        self.hotseat = self.controllers == ("human", "human")
        self.game_id = new_game_id()
        rng = random.Random(setup.seed)
        if state is None:
            roster = skirmish_roster()
            arena = setup.arena if setup.arena in roster.arenas else rng.choice(sorted(roster.arenas))
            classes = sorted(roster.classes)
            picked = list(setup.heroes) + [""] * (3 - len(setup.heroes))
            first = [cls if cls in roster.classes else rng.choice(classes) for cls in picked[:3]]
            second = rng.sample(classes, 3)
            state = SkirmishState(roster, arena, [first, second], setup.seed)
        self.state = state
        # What the replay starts from (game/client/replay_recorder.py): the arena and both teams.
        teams = [[hero.cls.id for hero in state.heroes if hero.team == team] for team in (0, 1)]
        self._replay_start = {"arena": state.arena.id, "teams": teams}
        self.specs = {
            seat: AgentSpec(self.game_id, seat, setup.difficulty, rng.randrange(1 << 30), 0)
            for seat, who in enumerate(self.controllers)
            if who == "ai"
        }

    # the rules
    def legal_actions(self) -> list:
        return self.state.legal_actions()

    def apply(self, action) -> list:
        events = self.state.apply(action)
        replay_recorder.track(self, action)  # quick matches only: a level's session keeps its own
        return events

    def replay_setup(self) -> tuple[dict, int]:
        return dict(self._replay_start), self.setup.seed

    def observation(self, seat: int):
        return self.state.observation(seat)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    # the players
    def seat_label(self, seat: int) -> str:
        return seat_label(self.setup, seat)

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    def ai_budget_ms(self, app) -> float:
        """Per decision (a hero's turn is a few): the Settings' thinking time, at most 400 ms."""
        return float(min(app.think_ms, 400))

    @staticmethod
    def move_words(game, action) -> str:
        """A replay's move in the player's words (the rules' `describe_action` is the English)."""
        from game.rules.skirmish.words import action_words

        return action_words(game, action)

    # what a level changes
    def opening_log(self) -> list[str]:
        # TRANSLATORS: the skirmish log's first line: "Ruins: You against Sister Maren".
        words = _("{arena}: {first} against {second}")
        return [words.format(arena=word(self.state.arena.name), first=self.seat_label(0), second=self.seat_label(1))]

    def after_action(self, host) -> None:
        """After every action of either side (levels: objectives, story lines, saves). `host` is
        what the match may do to the screen (a MatchHost, game/client/level_match.py)."""
        replay_recorder.note_thought(self, host)

    def finish(self, host) -> None:
        from game.rules.skirmish.state import DRAW

        state = self.state
        standing = [len(state.team(team)) for team in (0, 1)]
        detail = _("Heroes standing: {first} - {second}").format(first=standing[0], second=standing[1])
        face = None
        if state.winner == DRAW:
            sentence = ngettext("A draw after {count} round", "A draw after {count} rounds", state.round)
            headline, good, sentence = _("Draw"), None, sentence.format(count=state.round)
        else:
            label = self.seat_label(state.winner)
            if self.setup.opponent in ("hotseat", "watch"):
                headline, good = _("{name} wins!").format(name=label), None
            elif self.controllers[state.winner] == "human":
                headline, good = _("Victory!"), True
            else:
                headline, good = _("Defeat"), False
            shown = state.winner if good is not False else 1 - state.winner
            face = (self.seat_portrait(shown, host.app), self.seat_label(shown))
            sentence = versus_sentence(good, label, self.seat_label(1 - state.winner), state.round, "round")
        host.end_game()
        winner = None if state.winner == DRAW else state.winner
        replay = replay_recorder.finished(self, host.app, winner, replay_recorder.result_text(headline, sentence))
        host.app.push(
            "result",
            headline=headline,
            detail=detail,
            good=good,
            on_rematch=lambda: self.rematch(host.app),
            face=face,
            sentence=sentence,
            replay=replay,
        )

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, host) -> None:
        host.app.push("pause", on_quit=lambda: (replay_recorder.keep_left(self, host.app), host.end_game()))


_ROSTER: list = []


def skirmish_roster():
    """levels/skirmish, loaded once per process."""
    if not _ROSTER:
        from game.rules.skirmish.data import load_roster

        _ROSTER.append(load_roster())
    return _ROSTER[0]


# ------------------------------------------------------------------ what the shared screens ask
# (through the skirmish's FrontEnd in game/client/front_ends.py)


def quick_match_options(vs_ai) -> list:
    """The skirmish's own lines on the quick-match screen: the arena and the first team's heroes."""
    from game.client.match import QuickOption
    from game.client.widgets import OptionRow

    roster = skirmish_roster()
    classes = [""] + sorted(roster.classes)
    names = lambda v: word(roster.classes[v].name) if v else _("Random")  # noqa: E731
    # The quick-match screen translates a line's label where it draws it.
    labels = (N_("Hero 1"), N_("Hero 2"), N_("Hero 3"))
    heroes = [OptionRow(labels[i], classes, 0, names) for i in range(3)]
    arena = OptionRow(
        N_("Arena"), [""] + sorted(roster.arenas), 0, lambda v: word(roster.arenas[v].name) if v else _("Random")
    )
    return [QuickOption("arena", "arena", arena), QuickOption("heroes", "heroes", heroes)]


def level_text(level) -> str:
    return _("Skirmish, 3 against 3")


def objective_names(level) -> dict:
    """The names the objectives' sentences use for the level's labelled heroes."""
    from game.rules.levels.skirmish_session import hero_labels

    return hero_labels(level)[1]
