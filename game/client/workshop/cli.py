"""`python main.py workshop [LEVEL_FILE]`: open the game at the level workshop (over the title),
with LEVEL_FILE (a path or a campaign level id) in the editor when one is given; `campaign` (or
a campaign.json path) opens the campaign structure screen instead."""

from __future__ import annotations

import argparse

from game.client.launch import add_window_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "level",
        nargs="?",
        metavar="LEVEL_FILE",
        help="a level file to edit (or a campaign level id); 'campaign' or a campaign.json: the "
        "campaign's chapters and unlock rules; without it, the workshop's front page",
    )
    add_window_arguments(parser)  # as `duelmind play` takes them, saved in the settings


def open_workshop(app, level: str | None = None) -> None:
    from pathlib import Path

    if level and (level == "campaign" or Path(level).name == "campaign.json"):
        from game.workshop.io import WorkshopFileError
        from game.rules.levels.loader import campaign_path

        app.push("title")
        front = app.push("workshop")
        try:
            app.push("workshop_campaign", path=campaign_path() if level == "campaign" else Path(level))
        except WorkshopFileError as error:  # the front page says why, as when its button is pressed
            front.notice = str(error)
        return
    path = None
    if level:
        from game.rules.levels.loader import find_level

        path = str(find_level(level))
    app.push("title")
    app.push("workshop", path=path)


def run(args: argparse.Namespace) -> int:
    from game.client.launch import parse_size, run_client

    return run_client(
        lambda app: open_workshop(app, args.level), parse_size(args.size), args.fullscreen, command="workshop"
    )
