"""Campaign progress and in-progress level saves, through the shared store (game/rules/saves/store.py).

Where: `$DUELMIND_HOME/data/campaign/` when that variable is set (the client's settings use the
same variable), else `campaign/` in the platform's user data folder (platformdirs):

- `progress.json`: levels played (attempts, wins, best stars overall and at each difficulty,
  fewest turns, best time, time played), levels unlocked by rewards, cards earned, the campaign's
  difficulty setting, achievements earned (game/rules/saves/achievements.py) and the tally of
  matches played outside the campaign (quick matches and hot-seat, by game) for the profile;
- `run-<level id>.json`: the level being played: its seed and every action so far. A game
  replays exactly from (level, seed, actions), so resuming after quitting is loading this and
  replaying it (`Progress.resume`).

Every write is atomic (the store writes a temporary file, fsyncs it, renames it over the old
one), so a crash leaves the old or the new file, never half of one. Two game windows (or a
window and a tool) may share the folder: a result is recorded under a lock on the folder
(`.progress.lock`, through filelock) by reading the file again, adding the result to what is
there and writing it back, so neither loses the other's results; `instance_lock` tells a second
window that the first one is open. A file that cannot be read
(bad JSON, a version newer than this game, contents that make no sense, a game that no longer
replays on its level) is moved aside as `NAME.json.corrupt-<time>` and never overwritten; the
message is in `problems`, and every other save is kept.

Unlocking follows the campaign's rules (game/rules/levels/unlocks.py).
"""

from __future__ import annotations

import contextlib
import math
import time
from pathlib import Path
from typing import Iterator, Mapping

from filelock import FileLock, Timeout

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.rules.levels.difficulty import DIFFICULTIES

from game.rules.saves.store import Store, StoreError, default_root

PROGRESS_VERSION = 1
RUN_VERSION = 1
LOCK_NAME = ".progress.lock"  # held while progress.json is read, changed and written
INSTANCE_LOCK_NAME = ".instance.lock"  # held by a game window, in the data folder, while it is open
LOCK_TIMEOUT_S = 10.0  # a write takes milliseconds: waiting longer means a hung holder


class LevelRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    attempts: int = Field(0, ge=0)
    wins: int = Field(0, ge=0)
    stars: int = Field(0, ge=0, le=3)  # best
    best_turns: int | None = Field(None, ge=0)  # fewest turns (cards) or moves (gomoku) in a win
    # finite: a text such as "1e400" would otherwise read as infinity, which no save can hold
    best_seconds: float | None = Field(None, ge=0, allow_inf_nan=False)
    stars_at: dict[str, int] = Field(default_factory=dict)  # difficulty -> best stars won at it
    seconds_played: float = Field(0.0, ge=0, allow_inf_nan=False)  # every attempt's time, summed

    @field_validator("stars_at", mode="before")
    @classmethod
    def _known_difficulties(cls, value):
        """Keep what this version knows (a newer game's difficulty is dropped, not the file)."""
        if not isinstance(value, dict):
            return {}
        return {
            key: stars
            for key, stars in value.items()
            if key in DIFFICULTIES and type(stars) is int and 0 <= stars <= 3  # noqa: E721 (not bool)
        }


class MatchTally(BaseModel):
    """Matches of one game in one mode ("quick" against the AI, "hotseat"), for the profile."""

    model_config = ConfigDict(extra="ignore")

    played: int = Field(0, ge=0)
    won: int = Field(0, ge=0)  # by the first seat's person (quick: the player; hot-seat: player 1)
    lost: int = Field(0, ge=0)
    seconds: float = Field(0.0, ge=0, allow_inf_nan=False)


class ProgressData(BaseModel):
    model_config = ConfigDict(extra="ignore")

    levels: dict[str, LevelRecord] = Field(default_factory=dict)
    granted: list[str] = Field(default_factory=list, description="levels unlocked by rewards")
    cards: list[int] = Field(default_factory=list, description="cards earned")
    difficulty: str = Field("normal", description="the campaign's difficulty setting (story, normal, hard)")
    achievements: dict[str, float] = Field(default_factory=dict, description="achievement id -> when earned")
    matches: dict[str, MatchTally] = Field(default_factory=dict, description='"game/mode" -> tally')

    @field_validator("difficulty", mode="before")
    @classmethod
    def _difficulty(cls, value):
        return value if value in DIFFICULTIES else "normal"  # an unknown one is not worth the save


class RunData(BaseModel):
    model_config = ConfigDict(extra="ignore")

    level: str
    seed: int
    actions: list[str]
    digest: str = ""
    saved_at: float = Field(0.0, allow_inf_nan=False)
    deck: list[int] | None = None  # the deck the player brought to a "player" deck level


def _upgrade(data: dict, from_version: int) -> dict:
    """Version 0 is a file without a version field: read as version 1, missing fields defaulted."""
    if from_version == 0:
        return dict(data)
    raise ValueError(f"no upgrade from version {from_version}")


def default_store() -> Store:
    return Store(default_root("data") / "campaign")


class Progress:
    """The player's campaign progress and level saves.

    `campaign` and `levels` (id -> level model) are needed for the unlock queries; by default the
    shipped campaign is loaded the first time one is asked."""

    def __init__(self, store: Store | None = None, campaign=None, levels: Mapping | None = None):
        self.store = store if store is not None else default_store()
        self._campaign = campaign
        self._levels = dict(levels) if levels is not None else None
        self.problems: list[str] = []  # sentences for the player (a save moved aside, ...)
        self._blocked: set[str] = set()  # unreadable files that could not be moved aside
        self.new_achievements: list[str] = []  # earned by the last recorded result or match
        self.data = self._load_progress()

    # ------------------------------------------------------------------------------ loading

    def _load_progress(self) -> ProgressData:
        document = self.store.load("progress", PROGRESS_VERSION, upgrade=_upgrade)
        if document.problem:
            self.problems.append(f"Your campaign progress could not be read: {document.problem}.")
            return ProgressData()
        try:
            return ProgressData.model_validate(document.data)
        except ValidationError as error:
            self._move_aside(
                "progress", f"its contents are not valid ({error.errors()[0]['msg']})", "Your campaign progress"
            )
            return ProgressData()

    def _move_aside(self, name: str, why: str, what: str) -> None:
        moved = Store.move_aside(self.store.path(name))
        where = f"moved to {moved.name}" if moved else "left in place"
        if moved is None:
            self._blocked.add(name)
        self.problems.append(f"{what} could not be read: {self.store.path(name).name} was unreadable ({why}); {where}.")

    def _check_writable(self, name: str) -> None:
        if name in self._blocked:
            raise StoreError(f"{self.store.path(name)} is unreadable and could not be moved aside; not overwriting it")

    def _campaign_and_levels(self):
        if self._campaign is None or self._levels is None:
            from game.rules.levels.loader import load_campaign, load_campaign_levels

            self._campaign = load_campaign()
            self._levels = load_campaign_levels(self._campaign)
        return self._campaign, self._levels

    # ------------------------------------------------------------------------------ progress

    def record(self, level_id: str) -> LevelRecord:
        return self.data.levels.get(level_id, LevelRecord())

    def completed(self) -> dict[str, int]:
        """Completed level ids and their best stars."""
        return {level_id: record.stars for level_id, record in self.data.levels.items() if record.wins > 0}

    def total_stars(self) -> int:
        return sum(self.completed().values())

    def is_unlocked(self, level_id: str) -> bool:
        from game.rules.levels.unlocks import is_unlocked

        campaign, levels = self._campaign_and_levels()
        return is_unlocked(campaign, levels, self.completed(), level_id, set(self.data.granted))

    def unlocked_levels(self) -> list[str]:
        """Every unlocked level, in campaign order (bonus levels unlocked by rewards last)."""
        campaign, levels = self._campaign_and_levels()
        ids = list(dict.fromkeys(campaign.level_ids() + sorted(levels)))
        return [level_id for level_id in ids if level_id in levels and self.is_unlocked(level_id)]

    def chapter_unlocked(self, chapter_id: str) -> bool:
        from game.rules.levels.unlocks import chapter_unlocked

        campaign, _ = self._campaign_and_levels()
        chapter = next(c for c in campaign.chapters if c.id == chapter_id)
        return chapter_unlocked(chapter, self.completed())

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Hold the folder's lock and read the progress again, so that a change is made to what
        is on disk now (another window may have recorded results since this one loaded)."""
        try:
            self.store.root.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.store.root / LOCK_NAME), timeout=LOCK_TIMEOUT_S)
            lock.acquire()
        except Timeout:
            raise StoreError(
                f"{self.store.root / LOCK_NAME} is held by another Duelmind process; progress not written"
            ) from None
        except OSError as error:
            raise StoreError(f"cannot lock {self.store.root / LOCK_NAME}: {error.strerror or error}") from None
        try:
            if "progress" not in self._blocked:
                self.data = self._load_progress()
            yield
        finally:
            lock.release()

    @property
    def difficulty(self) -> str:
        return self.data.difficulty

    def set_difficulty(self, difficulty: str) -> None:
        """Change the campaign's difficulty setting and store it (raises StoreError when it cannot)."""
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}")
        with self._writing():
            self.data.difficulty = difficulty
            self._write()

    def record_result(self, level, result, seconds: float | None = None, difficulty: str | None = None) -> list[str]:
        """Count a finished attempt (a LevelResult) at `difficulty` (default: the setting), apply
        the rewards of a win, note new achievements (`new_achievements`), delete the level's save
        and store the progress. Returns the levels this newly unlocked."""
        with self._writing():
            unlocked = self._record_result(level, result, seconds, difficulty or self.data.difficulty)
        self.delete_run(level.id)
        return unlocked

    def record_match(self, game: str, mode: str, outcome: str, seconds: float | None = None) -> None:
        """Count a match played outside the campaign: `outcome` "won", "lost" or "draw" for the
        first seat's person. Raises StoreError when it cannot be written."""
        with self._writing():
            tally = self.data.matches.get(f"{game}/{mode}", MatchTally()).model_copy()
            tally.played += 1
            tally.won += outcome == "won"
            tally.lost += outcome == "lost"
            if seconds is not None and math.isfinite(seconds) and seconds >= 0:
                tally.seconds = round(tally.seconds + seconds, 1)
            self.data.matches[f"{game}/{mode}"] = tally
            self._note_achievements()
            self._write()

    def _note_achievements(self) -> None:
        from game.rules.saves.achievements import earned

        campaign, levels = self._campaign_and_levels()
        now = time.time()
        self.new_achievements = [a for a in earned(self.data, campaign, levels) if a not in self.data.achievements]
        for achievement in self.new_achievements:
            self.data.achievements[achievement] = now

    def _record_result(self, level, result, seconds: float | None, difficulty: str) -> list[str]:
        before = set(self.unlocked_levels())
        record = self.record(level.id).model_copy(deep=True)
        record.attempts += 1
        if seconds is not None and not (math.isfinite(seconds) and seconds >= 0):
            seconds = None  # a broken clock: no time is better than one no save can hold
        if seconds is not None:
            record.seconds_played = round(record.seconds_played + seconds, 1)
        if result.won:
            record.wins += 1
            record.stars = max(record.stars, result.stars)
            record.stars_at[difficulty] = max(record.stars_at.get(difficulty, 0), result.stars)
            if record.best_turns is None or result.turns < record.best_turns:
                record.best_turns = result.turns
            if seconds is not None and (record.best_seconds is None or seconds < record.best_seconds):
                record.best_seconds = round(seconds, 1)
            for target in level.rewards.unlocks:
                if target not in self.data.granted:
                    self.data.granted.append(target)
            for card in level.rewards.cards:
                if card not in self.data.cards:
                    self.data.cards.append(card)
        self.data.levels[level.id] = record
        self._note_achievements()
        self._write()
        return [level_id for level_id in self.unlocked_levels() if level_id not in before]

    def save(self) -> Path:
        """Write the progress as this object holds it (raises StoreError when it cannot be
        written); `record_result` is the way to add a result without losing another window's."""
        try:
            lock = FileLock(str(self.store.root / LOCK_NAME), timeout=LOCK_TIMEOUT_S)
            self.store.root.mkdir(parents=True, exist_ok=True)
            with lock:
                return self._write()
        except Timeout:
            raise StoreError(f"{self.store.root / LOCK_NAME} is held by another Duelmind process") from None

    def _write(self) -> Path:
        self._check_writable("progress")
        return self.store.save("progress", self.data.model_dump(), PROGRESS_VERSION)

    # ------------------------------------------------------------------------------ level saves

    @staticmethod
    def _run_name(level_id: str) -> str:
        return f"run-{level_id}"

    def save_run(self, session) -> Path | None:
        """Save the level being played (call after the player's actions and the opponent's turns);
        a finished level's save is deleted instead."""
        if session.over:
            self.delete_run(session.level.id)
            return None
        data = session.save_data()
        data["saved_at"] = time.time()
        self._check_writable(self._run_name(session.level.id))
        return self.store.save(self._run_name(session.level.id), data, RUN_VERSION)

    def has_run(self, level_id: str) -> bool:
        return self.store.exists(self._run_name(level_id))

    def load_run(self, level_id: str) -> RunData | None:
        """The saved game of a level, or None (no save, or an unreadable one: see `problems`)."""
        name = self._run_name(level_id)
        document = self.store.load(name, RUN_VERSION)
        if document.problem:
            self.problems.append(f"Your saved game of {level_id} could not be read: {document.problem}.")
            return None
        if not document.existed:
            return None
        try:
            run = RunData.model_validate(document.data)
        except ValidationError as error:
            self._move_aside(
                name, f"its contents are not valid ({error.errors()[0]['msg']})", f"Your saved game of {level_id}"
            )
            return None
        if run.level != level_id:
            self._move_aside(name, f"it is a save of level {run.level!r}", f"Your saved game of {level_id}")
            return None
        return run

    def resume(self, level):
        """The saved game of `level` replayed into a LevelSession, or None when there is none or
        it cannot be replayed (then it is moved aside and `problems` says why)."""
        from game.rules.levels.session import LevelSession, ResumeError

        run = self.load_run(level.id)
        if run is None:
            return None
        try:
            return LevelSession.resume(level, run.model_dump())
        except ResumeError as error:
            self._move_aside(self._run_name(level.id), f"{error}", f"Your saved game of {level.id}")
            return None

    def delete_run(self, level_id: str) -> None:
        self.store.delete(self._run_name(level_id))

    def runs(self) -> list[str]:
        """Level ids that have a saved game."""
        if not self.store.root.is_dir():
            return []
        return sorted(p.stem.removeprefix("run-") for p in self.store.root.glob("run-*.json"))


class InstanceLock:
    """Held by a game window while it is open, so that a second window can say the first one
    is open (both still keep every result: see `Progress.record_result`). The operating system
    releases it when the process ends, however it ends: no stale lock survives a crash."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else default_root("data")
        self._lock: FileLock | None = None

    def acquire(self) -> bool:
        """True when this is the only window; False when another holds the lock (or the folder
        cannot be locked at all, when nothing can be said)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.folder / INSTANCE_LOCK_NAME), timeout=0)
            lock.acquire()
        except Timeout:
            return False
        except OSError:
            return True
        self._lock = lock
        return True

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None


__all__ = ["InstanceLock", "LevelRecord", "Progress", "ProgressData", "RunData", "StoreError", "default_store"]
