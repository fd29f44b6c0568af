"""Gomoku replays to and from Piskvork's .psq records (what Gomocup managers write).

A .psq record is a header line ("Piskvorky 15x15, 11:11, 0"), one `x,y,ms` line per move with
1-based coordinates, a line "-1", then the two brains' names or commands. It does not say the
rule: a record read here is freestyle unless the caller says otherwise.
"""

from __future__ import annotations

import re

from game.rules.replays.files import ReplayError
from game.rules.replays.model import Outcome, Replay, Seat

_HEADER = re.compile(r"^Piskvorky (\d+)x(\d+)\b")


def replay_from_psq(text: str, file: str, rule: str = "freestyle") -> Replay:
    """The .psq record `text` (read from `file`) as a gomoku replay; ReplayError naming the line."""
    lines = [line.strip() for line in text.splitlines()]
    if not lines or not (header := _HEADER.match(lines[0])):
        raise ReplayError(f"{file}, line 1: not a Piskvork record (expected 'Piskvorky 15x15, ...')")
    width, height = int(header.group(1)), int(header.group(2))
    if width != height:
        raise ReplayError(f"{file}, line 1: the board is {width}x{height}; Duelmind plays square boards")
    moves: list[list[int]] = []
    names: list[str] = []
    end = len(lines)
    for number, line in enumerate(lines[1:], 2):
        if line == "-1":
            end = number
            break
        parts = line.split(",")
        if len(parts) < 2 or not all(part.strip().lstrip("-").isdigit() for part in parts[:3]):
            raise ReplayError(f"{file}, line {number}: {line[:40]!r} is not 'x,y,ms'")
        x, y = int(parts[0]) - 1, int(parts[1]) - 1
        if not (0 <= x < width and 0 <= y < width):
            raise ReplayError(f"{file}, line {number}: {x + 1},{y + 1} is off the {width}x{width} board")
        moves.append([x, y])
    for line in lines[end:]:
        if line and line != "-1":
            names.append(line)
    players = [Seat(kind="ai", name=colour, ai=name) for colour, name in zip(("black", "white"), names)]
    return Replay(
        game="gomoku",
        mode="gomocup",
        seed=0,
        setup={"size": width, "rule": rule},
        players=players,
        actions=moves,
        result=Outcome(),
    )


def psq_text(playback) -> str:
    """The registry's export of a gomoku replay (`GameKind.replay_exports`)."""
    return psq_from_replay(playback.replay)


def psq_from_replay(replay: Replay) -> str:
    """A gomoku match's replay as a .psq record (move times are not kept in replays: 0 ms each)."""
    if replay.is_level:
        raise ReplayError("a level's replay does not export to a Piskvork .psq record (it starts from the level)")
    size = int(replay.setup.get("size", 15))
    lines = [f"Piskvorky {size}x{size}, 11:11, 0"]
    lines += [f"{int(x) + 1},{int(y) + 1},0" for x, y in replay.actions]
    lines += ["-1"] + [seat.ai or seat.name for seat in replay.players] + ["-1"]
    return "\n".join(lines) + "\n"


__all__ = ["psq_from_replay", "psq_text", "replay_from_psq"]
