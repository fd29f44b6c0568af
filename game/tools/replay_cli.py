"""`duelmind replay FILE`: the replay viewer in a window (game/client/replays/viewer.py); with
`--print`, the game played back on this Duelmind move by move in words (`--thoughts`: with what
the AIs weighed); `--list`, the replays the game keeps; `--export` turns one into a Piskvork .psq
record (gomoku), the CodinGame input its bots read (cards), or a .psq record into a replay.

A file that cannot be read, or whose actions no longer replay, gets a sentence naming the file
and the field or the action; nothing is changed or deleted (exit status 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.rules.registry import game_kind
from game.rules.replays import Playback, Replay, ReplayError, ReplayLibrary, ReplayMismatch, read_replay, write_replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from game.client.launch import add_window_arguments

    parser.add_argument("file", nargs="?", type=Path, help="a replay file (*.replay.json) or a Piskvork record (*.psq)")
    parser.add_argument("--list", action="store_true", help="list the replays the game keeps, newest first")
    parser.add_argument(
        "--print", action="store_true", help="print the game move by move in words instead of opening the viewer"
    )
    parser.add_argument(
        "--thoughts", action="store_true", help="print, with what the AI weighed at each of its moves (implies --print)"
    )
    parser.add_argument(
        "--export",
        type=Path,
        default=None,
        metavar="OUT",
        help="write the game as OUT instead: *.psq (a gomoku match, for Piskvork), *.txt (a card game: "
        "the CodinGame input each bot read at each turn), or *.replay.json (e.g. a .psq record as a replay)",
    )
    add_window_arguments(parser)  # the viewer's window, as `duelmind play` takes it


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list()
    if args.file is None:
        print("replay: give a replay file, or --list", file=sys.stderr)
        return 2
    try:
        replay = _read(args.file)
        playback = Playback(replay)
        if args.export is not None:
            _export(replay, playback, args.export)
            print(f"replay: written to {args.export}")
            return 0
    except (ReplayError, ReplayMismatch) as error:
        print(f"replay: {error}", file=sys.stderr)
        return 1
    if not (args.print or args.thoughts):
        return _open_viewer(args, args.file if args.file.name.lower().endswith(".json") else None, replay)
    print(_heading(replay))
    for index, words in enumerate(playback.words):
        mover = playback.movers[index]
        who = _seat_name(replay, mover)
        print(f"{index + 1:4}. {who}{words}")
        thought = playback.thought(index)
        if thought is not None and args.thoughts and (thought.options or thought.facts):
            for text, score in thought.options[:5]:
                print(f"          {score:4.0%}  {text}")
            for fact in thought.facts:
                print(f"          {fact}")
    print(f"result: {replay.result.text or 'unfinished'}")
    return 0


def _open_viewer(args: argparse.Namespace, path: Path | None, replay: Replay) -> int:
    """The viewer in a window (a .psq record, read here, is handed over as a replay)."""
    from game.client.launch import parse_size, run_client

    options = {"path": path} if path is not None else {"replay": replay}

    def start(app) -> None:
        app.push("title")
        app.push("replay_viewer", **options)

    return run_client(
        start,
        parse_size(getattr(args, "size", None)),
        getattr(args, "fullscreen", None),
        command="replay",
        no_display_hint="`duelmind replay FILE --print` prints it instead.",
    )


def _read(path: Path) -> Replay:
    if path.suffix.lower() == ".psq":
        from game.rules.replays.psq import replay_from_psq
        from game.rules.safe_json import read_text_file

        try:
            return replay_from_psq(read_text_file(path), str(path))
        except (OSError, ValueError) as error:
            raise ReplayError(f"{path}: {error}") from None
    return read_replay(path)


def _export(replay: Replay, playback: Playback, out: Path) -> None:
    if out.name.lower().endswith(".replay.json"):
        write_replay(out, replay)
        return
    try:
        text = game_kind(replay.game).export_replay(playback, out.suffix.lower())
    except ValueError as error:
        raise ReplayError(f"{out}: {error}") from None
    _write_text(out, text)


def _write_text(path: Path, text: str) -> None:
    from game.rules.saves.store import StoreError, write_atomically

    try:
        write_atomically(path, text.encode("utf-8"))
    except StoreError as error:
        raise ReplayError(str(error)) from None


def _heading(replay) -> str:
    where = f"level {replay.level}" if replay.is_level else f"{replay.game} ({replay.mode})"
    players = ", ".join(_describe_seat(seat) for seat in replay.players) or "players not recorded"
    return f"{where}, seed {replay.seed}, recorded {replay.recorded} by Duelmind {replay.rules}\n{players}"


def _describe_seat(seat) -> str:
    if seat.kind == "human":
        return seat.name or "a person"
    budget = f" at {seat.budget_ms:g} ms" if seat.budget_ms else ""
    # An AI level is a word ("hard"); a bot the referee ran is its command line.
    who = f"the {seat.ai} AI{budget}" if seat.ai and " " not in seat.ai else f"{seat.ai or 'an AI'}{budget}"
    return f"{seat.name + ': ' if seat.name else ''}{who}"


def _seat_name(replay, seat: int | None) -> str:
    if seat is None:
        return ""
    if 0 <= seat < len(replay.players):
        return f"[{replay.players[seat].name or _describe_seat(replay.players[seat])}] "
    return f"[seat {seat}] "


def _list() -> int:
    library = ReplayLibrary()
    entries = library.entries()
    if not entries:
        print(f"no replays yet in {library.folder}")
        return 0
    for entry in entries:
        if entry.replay is None:
            print(f"  unreadable  {entry.path.name}: {entry.problem}")
            continue
        replay = entry.replay
        star = "*" if replay.starred else " "
        what = replay.level or replay.game
        print(f"{star} {replay.recorded}  {replay.mode:9} {what:24} {replay.result.text or 'unfinished'}  {entry.path}")
    return 0
