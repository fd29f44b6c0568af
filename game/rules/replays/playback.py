"""A replay played again, position by position, on the one engine every front end uses.

`Playback(replay)` replays every action at once and keeps each position (`states[0]` before the
first action, `states[n]` after n), the mover and the words of each action, and the AI's thoughts
where it had any: what a viewer steps through and what `duelmind replay` prints. A quick match is
replayed from its setup and seed (`GameKind.new_state`), a level through its level session
(`LevelSession.create` and `replay`, as a save is resumed); a card level's draft picks come first
and have no board (`states[n]` is None until the duel begins).

An action that no longer replays (the rules or the level changed since the replay was recorded)
raises `ReplayMismatch` with the action's number and text, the reason and the version that
recorded it: the file is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.game_api import Explanation
from game.rules.registry import UnknownGame, game_kind
from game.rules.replays.model import Replay


class ReplayMismatch(Exception):
    """The replay does not play back on this Duelmind (its message says where and why)."""


@dataclass
class Playback:
    replay: Replay
    states: list[Any] = field(default_factory=list)  # states[n]: the position after n actions
    # movers[n]: who played action n, as an index of `replay.players` (a level: 0 the player, 1
    # the opponent); None for a level's draft picks
    movers: list[int | None] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # words[n]: action n in a player's words
    session: Any = None  # a level's session, at the end

    def __post_init__(self) -> None:
        try:
            self.kind = game_kind(self.replay.game)
        except UnknownGame:
            raise ReplayMismatch(f"this Duelmind has no game {self.replay.game!r}") from None
        if self.replay.is_level:
            self._play_level()
        else:
            self._play_match()

    @property
    def final(self) -> Any:
        return self.states[-1]

    def turn_starts(self) -> list[int]:
        """The positions (indexes of `states`) at which a player's turn begins: the first, and
        each where the player to move changed; a level's draft picks have no position."""
        starts = []
        previous = None
        for index, state in enumerate(self.states):
            if state is None or state.is_terminal:
                previous = None
                continue
            if previous is None or state.current_player != previous:
                starts.append(index)
            previous = state.current_player
        return starts

    def thought(self, index: int) -> Explanation | None:
        """The explanation of the AI that chose action `index`, if it gave one."""
        data = self.replay.thoughts.get(index)
        return Explanation.from_json(data) if data else None

    def _mismatch(self, number: int, value: Any, reason: object, extra: str = "") -> ReplayMismatch:
        return ReplayMismatch(
            f"action {number} ({value!r}) no longer replays: {reason}{extra}; the replay was recorded "
            f"by Duelmind {self.replay.rules}"
        )

    def _play_match(self) -> None:
        kind = self.kind
        state = kind.new_state(self.replay.setup, self.replay.seed)
        self.states.append(state.clone())
        for number, value in enumerate(self.replay.actions, 1):
            try:
                action = kind.action_from_json(value)
                words = kind.describe_action(state, action)
                mover = state.current_player
                state.apply(action)
            except (ValueError, IndexError, KeyError) as error:  # IllegalAction is a ValueError
                raise self._mismatch(number, value, error) from None
            self.movers.append(mover)
            self.words.append(words)
            self.states.append(state.clone())

    def _play_level(self) -> None:
        from game.rules.levels.loader import LevelError, load_level
        from game.rules.levels.session import IllegalAction, LevelOver, LevelSession, level_digest

        try:
            level = load_level(self.replay.level or "")
        except LevelError as error:
            raise ReplayMismatch(f"the level {self.replay.level!r} cannot be loaded: {error}") from None
        changed = (
            " (the level has changed since)"
            if self.replay.level_digest and self.replay.level_digest != level_digest(level)
            else ""
        )
        session = LevelSession.create(level, self.replay.seed)
        session.start()
        self.states.append(_snapshot(session))
        for number, text in enumerate(self.replay.actions, 1):
            # Seats as the replay's players list them: the player first, the opponent second.
            mover = None if session.phase != "play" else 0 if session.current_seat == session.player_seat else 1
            try:
                if not isinstance(text, str):
                    raise ValueError(f"a level's action is text, not {type(text).__name__}")
                words = session.describe_saved(text)
                session.replay(text)
            except (ValueError, IllegalAction, LevelOver) as error:
                raise self._mismatch(number, text, error, changed) from None
            self.movers.append(mover)
            self.words.append(words)
            self.states.append(_snapshot(session))
        self.session = session


def _snapshot(session) -> Any:
    state = session.game_state
    return None if state is None else state.clone()


__all__ = ["Playback", "ReplayMismatch"]
