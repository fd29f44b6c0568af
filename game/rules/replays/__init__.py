"""Replays: one file format for every game (model), its files and library (files), and playing
one back position by position (playback). Pure: no pygame."""

from game.rules.replays.files import LIBRARY_LIMIT, ReplayError, ReplayLibrary, read_replay, write_replay
from game.rules.replays.model import REPLAY_FORMAT, Outcome, Replay, Seat
from game.rules.replays.playback import Playback, ReplayMismatch

__all__ = [
    "LIBRARY_LIMIT",
    "Outcome",
    "Playback",
    "REPLAY_FORMAT",
    "Replay",
    "ReplayError",
    "ReplayLibrary",
    "ReplayMismatch",
    "Seat",
    "read_replay",
    "write_replay",
]
