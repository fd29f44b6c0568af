"""One campaign level played in the client: read from its file, a LevelSession, the scenes that
show it (draft, duel, gomoku or skirmish, with the objectives HUD and the story lines), its saves and its
result.

- `open()` reads the level file (always from disk: F5 and Restart call it again, so a designer's
  edits show at once); a file with problems opens an error screen listing them instead.
- The opponent: a scripted one is instant and plays in-process (`ai.levels.opponents`); an AI
  one runs in the worker pool, like a quick match, at the level's `budget_ms` (a `--think-ms`
  given on the command line replaces it).
- Progress: a campaign level's game is saved (`Progress.save_run`) whenever the player's part of
  it grew, and when the player quits; its result is recorded when it ends
  (`Progress.record_result`, which gives the newly unlocked levels). A level file from elsewhere
  (a designer's) is played without touching the progress.
- `leave()` goes back to the scene the level was opened from (the campaign map or the title).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from game.client.front_ends import front_end
from game.client.match import new_game_id
from game.i18n import N_, _


# The pause menu's way out of a level, by where the level was opened from (`home_label`).
QUIT_LABELS = {
    "Main menu": N_("Quit to title"),
    "Campaign map": N_("Quit to campaign map"),
    "Workshop": N_("Quit to workshop"),
}


class LevelRun:
    def __init__(
        self,
        app,
        source: str | Path,
        home=None,
        progress=None,
        seed: int | None = None,
        campaign=None,
        home_label: str = N_("Main menu"),
    ):
        self.app = app
        self.source = source  # a level id or a file path
        self.home = home  # the scene to come back to (None: the title)
        self.home_label = home_label  # what the buttons that go back there say (English, N_-marked)
        # The campaign map the level was opened from (None: a level file played on its own): it
        # names other levels, says which comes next, and starts it.
        self.campaign = campaign
        self.progress = progress  # campaign Progress, or None (results not recorded)
        self.seed = seed  # for the first session (tests); later ones draw a fresh seed
        self.level = None
        self._english = None  # the level as its file writes it, for `follow_language`
        self._language = ""  # the language `level` is in
        self.session = None
        self.game_id = ""
        self.setup = None  # the MatchSetup the game's front end made for the level
        self.opponent_spec = None  # AgentSpec of an AI opponent (worker), or None
        self.agent = None  # a scripted opponent (in-process)
        self.started = 0.0
        self.notices: list[str] = []  # e.g. a save that could not be written
        self.unlocked: list[str] = []
        self.cards_won: list[int] = []  # cards the last win added to the collection
        self.achievements_won: list[str] = []  # titles of the achievements the last result earned
        self.deck: list[int] | None = None  # the deck the player brings ("player" deck levels), kept for retries
        self._saved_actions = -1

    # ------------------------------------------------------------------ opening

    @property
    def path(self) -> Path:
        from game.rules.levels.loader import find_level

        return find_level(self.source)

    def read(self):
        """(the level, []) or (None, problems) from the file as it is now."""
        from game.rules.levels.loader import read_level

        level, problems = read_level(self.path)
        if level is None or problems:
            return None, problems
        return self.in_language(self.at_difficulty(level)), []

    def in_language(self, level):
        """The level's texts in the player's language (a copy: its id and digest stay the
        English file's, so saves and replays do not depend on the language). The English is
        kept, so a language switched mid-level reaches the lines still to come
        (`follow_language`)."""
        from game import i18n
        from game.client.data_text import level_in_language

        self._english, self._language = level, i18n.language()
        return level_in_language(level, self.path.parent)

    def follow_language(self) -> bool:
        """After a language switch (Settings, from the pause menu): the level's texts still to be
        shown (story and event lines, objectives, the result) in the new language, through a new
        copy of the English put where the session reads them. True when it switched."""
        from game import i18n

        english = getattr(self, "_english", None)
        if self.session is None or english is None or self._language == i18n.language():
            return False
        level = self.in_language(english)
        session = self.session
        if getattr(session.level, "id", None) != level.id:
            return False
        session.level = level
        runner = getattr(session, "runner", None)  # cards: the scripted events read its level
        if runner is not None and getattr(runner, "level", None) is not None:
            runner.level = level
        tracker = getattr(session, "tracker", None)  # the objectives' own texts
        if tracker is not None and len(getattr(tracker, "objectives", [])) == len(level.objectives):
            tracker.objectives = list(level.objectives)
        self.level = level
        return True

    def at_difficulty(self, level):
        """A campaign level as the player's difficulty setting makes it (a level file from
        elsewhere plays as written)."""
        from game.rules.levels.difficulty import at_difficulty

        return at_difficulty(level, self.progress.difficulty) if self.progress is not None else level

    def prepare(self, session=None):
        """Read the level (unless `session` is given, to resume), start a session and build its
        first scene; returns (scene, None), or (None, problems) when the file has problems."""
        from game.rules.levels.session import LevelSession

        if session is None:
            level, problems = self.read()
            if level is None:
                return None, problems
            seed = self.seed if self.seed is not None else random.randrange(1 << 30)
            self.seed = None
            session = LevelSession.create(level, seed, self.deck)
            session.start()
        self.level = session.level
        self.session = session
        self.started = time.monotonic()
        self.unlocked = []
        self.notices = []
        self._saved_actions = -1
        self._prepare_opponent()
        return self.make_scene(), None

    def open(self, session=None, intro: list | None = None, heading: tuple[str, str] | None = None) -> bool:
        """Show the level (a new game, or `session` resumed), above the home scene; the chapter's
        `intro` lines (with `heading`) and the level's opening lines come first. False when
        the file has problems (an error screen lists them)."""
        resumed = session is not None
        from game.client.cards.deck_choice import ask_for_deck

        if not resumed and ask_for_deck(self, intro, heading):  # the player's own deck is chosen first
            return True
        scene, problems = self.prepare(session)
        if scene is None:
            self.app.push("level_error", run=self, problems=problems)
            return False
        if resumed:
            self._saved_actions = len(self.session.save_data()["actions"])
        self.app.push(scene)
        lines = self.session.dialogue()
        if intro:
            self.app.push(
                "dialogue",
                lines=intro,
                heading=heading,
                on_done=lambda: lines and self.app.push("dialogue", lines=lines),
            )
        elif lines:
            self.app.push("dialogue", lines=lines)
        if resumed:
            scene.note_resumed()
        return True

    def open_offering_resume(self) -> bool:
        """`open()`, but a campaign level with a saved game asks first, as the map does: Resume
        plays the saved game on, Restart (only when chosen) replaces it, Back leaves it alone."""
        level, _problems = self.read() if self.progress is not None else (None, [])
        if level is None or not self.progress.has_run(level.id):
            return self.open()

        def resume(_text) -> None:
            session = self.progress.resume(level)
            if session is None:  # unreadable or no longer replays: moved aside, never overwritten
                self.app.show_banner(_("The saved game could not be read, so the level starts anew."))
            self.open(session)

        def restart(_text) -> None:
            self.progress.delete_run(level.id)
            self.open()

        self.app.push(
            "workshop_prompt",
            title=_("Resume your saved game?"),
            message=_(
                "You have a saved game of {level}. Resume it where you left off, or restart the level from the "
                "beginning (the saved game is then replaced)."
            ).format(level=level.title),
            buttons=[(_("Resume"), resume), (_("Restart"), restart), (_("Back"), None)],
        )
        return True

    def _prepare_opponent(self) -> None:
        """The level's match set-up and opponent, as the game's front end makes them."""
        self.game_id = new_game_id()
        self.opponent_spec = self.agent = None
        front_end(self.session.kind).prepare(self)

    def make_scene(self):
        """The level's first scene: the game's ordinary scene, playing a level match."""
        name, options = front_end(self.session.kind).open(self)
        return self.app.make(name, **options)

    def to_duel(self) -> None:
        """The draft is over: the duel replaces the draft screen."""
        from game.client.cards.level_match import LevelCardMatch

        self.app.replace("duel", match=LevelCardMatch(self))
        lines = self.session.dialogue()
        if lines:
            self.app.push("dialogue", lines=lines)

    def budget_ms(self) -> float:
        """The opponent AI's thinking time: the level's, unless --think-ms was given."""
        override = self.app.think_override
        return float(override if override is not None else self.level.opponent.budget_ms)

    # ------------------------------------------------------------------ saves and the end

    def checkpoint(self) -> None:
        """Save the game when the part a resume would replay has grown (campaign levels only)."""
        if self.progress is None or self.session is None or self.session.over:
            return
        count = len(self.session.save_data()["actions"])
        if count != self._saved_actions and self._save():
            self._saved_actions = count  # a failed save is tried again at the next checkpoint

    def save_now(self) -> bool:
        """Save the game at once, whatever changed (a crash or a stop signal); True if written."""
        if self.progress is None or self.session is None or self.session.over:
            return False
        return self._save()

    def _save(self) -> bool:
        """Write the game's save; a failure is told to the player at once, wherever they are
        (a banner over the screen), and on the result screen. True when written."""
        from game.rules.saves.store import StoreError

        try:
            self.progress.save_run(self.session)
        except StoreError as error:
            text = _("Your game could not be saved: {error}").format(error=error)
            if text not in self.notices:
                self.notices.append(text)
            self.app.show_banner(_("{problem}. Duelmind will try again after your next move.").format(problem=text))
            return False
        return True

    def finish(self) -> list[str]:
        """Record the result (campaign levels); returns the levels it newly unlocked."""
        from game.rules.saves.store import StoreError

        if self.progress is None or self.session.result is None:
            return []
        from game.rules.saves.collection import cards_won

        before = list(self.progress.data.cards)
        try:
            self.unlocked = self.progress.record_result(
                self.level, self.session.result, time.monotonic() - self.started
            )
            self.cards_won = cards_won(before, self.progress)
        except StoreError as error:
            self.notices.append(_("The result could not be saved: {error}").format(error=error))
            self.unlocked = []
        self._announce_achievements()
        return self.unlocked

    def _announce_achievements(self) -> None:
        from game.rules.saves.achievements import BY_ID

        # Named on the result screen (scenes/level_result.py) with the level's other rewards; a
        # banner as well said it twice, over the closing lines and then the result.
        self.achievements_won = [BY_ID[name].title for name in self.progress.new_achievements if name in BY_ID]
        self.progress.new_achievements = []

    def quit_label(self) -> str:
        """The pause menu's button that leaves the level, in English (N_-marked: the menu
        translates it when drawn)."""
        found = QUIT_LABELS.get(self.home_label)
        if found is None:  # a home label given already translated
            found = next((quit for home, quit in QUIT_LABELS.items() if _(home) == self.home_label), None)
        return found or N_("Leave the level")

    def level_title(self, level_id: str) -> str:
        levels = self.campaign.data if self.campaign is not None else None
        level = levels.levels.get(level_id) if levels is not None else None
        return level.title if level is not None else level_id

    def next_level_id(self) -> str | None:
        """The level to offer next after a win (from the campaign map), or None."""
        return self.campaign.next_level_after(self.level.id) if self.campaign is not None else None

    # ------------------------------------------------------------------ leaving

    def quit(self) -> None:
        """Leave mid-level: the game is saved (campaign levels) and can be resumed; a save that
        fails is said at once by a banner that stays over the screen left to."""
        if self.progress is not None and self.session is not None and not self.session.over:
            if not self._save():
                self.app.show_banner(
                    _("{problem}. Your progress up to your last saved move is kept.").format(problem=self.notices[-1]),
                    ms=9000,
                )
        self.leave()

    def leave(self) -> None:
        """Back to the scene the level was opened from."""
        if self.home is not None and self.home in self.app.scenes:
            while self.app.top is not self.home:
                self.app.pop()
        else:
            self.app.reset("title")

    def restart(self) -> None:
        """A new game of the level, read again from its file (Restart, Retry and F5)."""
        if self.progress is not None and self.level is not None:
            self.progress.delete_run(self.level.id)
        self.leave()
        self.open()

    reload = restart

    def open_next(self, level_id: str) -> None:
        self.leave()
        if self.campaign is not None:
            self.campaign.start_level(level_id)
