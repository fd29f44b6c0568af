"""The client's replays: every match it plays, written to the replay library when the match ends.

One module for every game and every kind of match, hooked into the match classes by a line each:

- a quick card or skirmish match calls `track(match, action)` as it applies an action (the
  board games need not: their state keeps its moves, undone ones already taken back);
- every match calls `note_thought(match, host)` after an action: when an AI just answered, the
  scene's explanation (the very object its Tab view draws) is kept for that action;
- every match calls `keep(match, app)` at its end: the replay is written to the library
  (game/rules/replays/files.py, atomically) and its path returned for "Watch again".

A level's match is recorded from its session (level, seed, actions as its saves write them);
a quick match from the game's own `replay_setup()` (the options `GameKind.new_state` takes, and
the seed). Writing never stops the game: a failure is logged and `keep` returns None.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from game.rules.registry import game_kind
from game.rules.replays import Outcome, Replay, ReplayError, ReplayLibrary, Seat

log = logging.getLogger(__name__)


class MatchRecord:
    """What a quick match keeps as it is played: the actions as JSON, the AIs' thoughts by index,
    and the explanation object last kept (a new object means the AI answered again)."""

    def __init__(self) -> None:
        self.actions: list[Any] = []
        self.thoughts: dict[int, dict] = {}
        self.last_explanation: Any = None
        self.tracked = False  # the match calls `track` (else its state's moves are the actions)
        self.started = time.monotonic()  # at the first action: the match's time for the profile


def _record(match) -> MatchRecord:
    record = getattr(match, "_replay_record", None)
    if record is None:
        record = MatchRecord()
        match._replay_record = record
    return record


def track(match, action) -> None:
    """A quick match applied `action` (cards, skirmish: their states keep no list of actions)."""
    record = _record(match)
    record.tracked = True
    record.actions.append(game_kind(match.kind).action_to_json(action))


def _session(match):
    run = getattr(match, "level_run", None)
    return run.session if run is not None else None


def _action_count(match) -> int:
    session = _session(match)
    if session is not None:
        return len(session.actions)
    record = _record(match)
    return len(record.actions) if record.tracked else len(match.state.moves)


def _scene_of(match, host):
    """The scene playing `match`: the host itself (board games pass their scene), or the scene
    on the app's stack whose match it is (cards and skirmish pass a MatchHost)."""
    if getattr(host, "match", None) is match:
        return host
    app = getattr(host, "app", None)
    for scene in getattr(app, "scenes", []):
        if getattr(scene, "match", None) is match:
            return scene
    return None


def note_thought(match, host) -> None:
    """After an action: if the scene's explanation is one the AI has just given (a new object:
    only an AI's answer replaces it), keep it for that action, the words of the Tab view."""
    try:
        scene = _scene_of(match, host)
        explanation = getattr(scene, "explanation", None)
        record = _record(match)
        if explanation is None or explanation is record.last_explanation:
            return
        record.last_explanation = explanation
        index = _action_count(match) - 1
        # An Explanation; a scripted card opponent's older dict only when it has the same shape.
        data = explanation.to_json() if hasattr(explanation, "to_json") else explanation
        if index >= 0 and isinstance(data, dict) and "headline" in data:
            record.thoughts[index] = data
    except Exception:  # noqa: BLE001 - a thought lost must never stop the game
        log.exception("replay: the AI's thoughts could not be kept")


def _quick_players(match, app) -> list[Seat]:
    seats = []
    for seat, who in enumerate(match.controllers):
        # A board game names a seat by its colour too ("Black (you)", "Red (Pip)").
        name = match.label(match.player_of(seat)) if hasattr(match, "player_of") else match.seat_label(seat)
        portrait = _portrait(match, seat, app)
        if who == "human":
            seats.append(Seat(kind="human", name=name, portrait=portrait))
        else:
            ai = match.ai_level(seat) if hasattr(match, "ai_level") else match.setup.difficulty
            seats.append(Seat(kind="ai", name=name, ai=ai, budget_ms=float(match.ai_budget_ms(app)), portrait=portrait))
    return seats


def _portrait(match, seat: int, app) -> str:
    try:
        return str(match.seat_portrait(seat, app))
    except Exception:  # noqa: BLE001 - a face is a nicety of the viewer
        return ""


def _level_players(match, app) -> list[Seat]:
    """A level's seats as its replay lists them: the player first, the opponent second."""
    session = match.session
    run = match.run
    opponent = match.level.opponent
    me = Seat(kind="human", name="You", portrait=_portrait(match, session.player_seat, app))
    name = opponent.name
    them_portrait = _portrait(match, session.opponent_seat, app)
    if getattr(opponent, "control", "ai") == "scripted" or not getattr(opponent, "ai", None):
        them = Seat(kind="ai", name=name, ai="scripted", portrait=them_portrait)
    else:
        them = Seat(kind="ai", name=name, ai=opponent.ai, budget_ms=float(run.budget_ms()), portrait=them_portrait)
    return [me, them]


def build(match, app, outcome: Outcome | None = None) -> Replay:
    """The replay of `match` as it stands (the end, normally)."""
    record = _record(match)
    session = _session(match)
    if session is not None:
        from game.rules.levels.session import level_digest

        source = match.run.source
        level = (
            str(Path(source).resolve()) if isinstance(source, Path) or str(source).endswith(".json") else str(source)
        )
        thoughts = dict(session.thoughts)
        thoughts.update(record.thoughts)
        result = session.result
        return Replay(
            game=session.kind,
            mode="campaign",
            seed=session.seed,
            level=level,
            level_title=session.level.title,
            level_digest=level_digest(session.level),
            players=_level_players(match, app),
            actions=list(session.actions),
            thoughts={i: t for i, t in thoughts.items() if i < len(session.actions)},
            result=outcome
            or Outcome(
                winner=None if result is None else (0 if result.won else 1),
                text="" if result is None else result.reason,
                won=None if result is None else result.won,
            ),
        )
    kind = game_kind(match.kind)
    setup, seed = match.replay_setup()
    if record.tracked:
        actions = list(record.actions)
    else:
        actions = [kind.action_to_json(move) for move in match.state.moves]
    opponent = getattr(match.setup, "opponent", "ai")
    mode = {"hotseat": "hotseat", "watch": "watch"}.get(opponent, "quick")
    return Replay(
        game=match.kind,
        mode=mode,
        seed=seed,
        setup=setup,
        players=_quick_players(match, app),
        actions=actions,
        thoughts={i: t for i, t in record.thoughts.items() if i < len(actions)},
        result=outcome or Outcome(),
    )


def result_text(headline: str, sentence: str) -> str:
    """The result in words for the replay: "Victory! You beat Pip in 9 moves"; a headline that
    only names the winner ("Red wins!") is left out when the sentence says it again."""
    if headline.endswith(" wins!") and sentence.startswith(headline.removesuffix(" wins!")):
        return sentence
    return f"{headline} {sentence}".strip()


def keep_left(match, app) -> Path | None:
    """A quick match left from the pause menu before its end is kept too (unfinished: no winner,
    no words), unless nothing was played yet. A level left mid-game is saved to be resumed instead."""
    if _session(match) is not None or match.over or _action_count(match) == 0:
        return None
    return keep(match, app)


def library() -> ReplayLibrary:
    return ReplayLibrary()


def tally(match, app, winner: int | None) -> None:
    """Count a finished quick or hot-seat match in the player's profile (game/rules/saves/profile.py):
    won or lost by the person in a match against the AI (hot-seat: by player 1), its time. A
    campaign level counts through its own progress; a match between two AIs is not the player's."""
    from game.rules.saves.progress import Progress
    from game.rules.saves.store import StoreError

    if _session(match) is not None:
        return
    mode = {"hotseat": "hotseat", "watch": None}.get(getattr(match.setup, "opponent", "ai"), "quick")
    if mode is None:
        return
    people = [seat for seat, who in enumerate(match.controllers) if who == "human"]
    outcome = "draw" if winner is None else ("won" if winner == people[0] else "lost")
    try:
        if app.progress is None:
            app.progress = Progress()  # the campaign's progress file, where the profile reads
        app.progress.record_match(match.kind, mode, outcome, time.monotonic() - _record(match).started)
    except (StoreError, OSError) as error:
        log.warning("profile: the match could not be counted: %s", error)


def keep(match, app, winner: int | None = None, text: str = "") -> Path | None:
    """Write `match`'s replay to the library; its path, or None when it could not be written
    (logged: a full disk must not end the player's game). `winner`: the winning seat; `text`:
    the result in words."""
    try:
        outcome = None if _session(match) is not None else Outcome(winner=winner, text=text)
        replay = build(match, app, outcome)
        path = library().add(replay)
    except (ReplayError, OSError, ValueError) as error:
        log.warning("replay: the match's replay could not be written: %s", error)
        return None
    except Exception:  # noqa: BLE001 - a bug here must not take the result screen with it
        log.exception("replay: the match's replay could not be recorded")
        return None
    match.replay_path = path
    return path


def finished(match, app, winner: int | None = None, text: str = "") -> Path | None:
    """A match has ended: keep its replay (`keep`) and count it in the profile (`tally`)."""
    path = keep(match, app, winner, text)
    try:
        tally(match, app, winner)
    except Exception:  # noqa: BLE001 - the profile's count must never take the result screen with it
        log.exception("profile: the match could not be counted")
    return path


__all__ = [
    "MatchRecord",
    "build",
    "finished",
    "keep",
    "keep_left",
    "library",
    "note_thought",
    "result_text",
    "tally",
    "track",
]
