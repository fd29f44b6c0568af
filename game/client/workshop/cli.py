"""`python main.py workshop [LEVEL_FILE]`: open the game at the level workshop (over the title),
with LEVEL_FILE (a path or a campaign level id) in the editor when one is given."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", nargs="?", metavar="LEVEL_FILE",
                        help="a level file to edit (or a campaign level id); without it, the workshop's front page")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1600x900")


def open_workshop(app, level: str | None = None) -> None:
    path = None
    if level:
        from game.rules.levels.loader import find_level

        path = str(find_level(level))
    app.push("title")
    app.push("workshop", path=path)


def run(args: argparse.Namespace) -> int:
    from game.client.launch import parse_size, run_client

    return run_client(lambda app: open_workshop(app, args.level), parse_size(args.size), command="workshop")
