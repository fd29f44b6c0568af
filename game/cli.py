"""Duelmind's one entry point: `duelmind [COMMAND] [options]` (installed), `python main.py ...`
(a source checkout) and the desktop build all come here.

Each subcommand lives in its own module, imported only when that command runs, so that
`duelmind bot locm` does not pay for pygame and `duelmind --help` stays instant. A command
module provides `add_arguments(parser)` and `run(args) -> int` (the exit code). Before it runs,
logging is set up (`game/logs.py`) the same way for every command; `--debug` (anywhere on the
line) logs more, `--version` prints the version.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from game.version import __version__

# Command words -> (module, one-line help). Multi-word commands ("bench engine") are looked up
# by the longest prefix of the command line that names one. To add a command, add one line.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.client.launch", "start the game (the default when no command is given)"),
    "gomoku": ("game.tools.terminal_gomoku", "gomoku against the AI (--terminal: in this terminal)"),
    "bot locm": ("game.tools.locm_bot", "a Legends of Code and Magic bot on stdin/stdout (CodinGame)"),
    "brain gomocup": ("game.tools.gomocup_brain", "a gomoku brain speaking the Gomocup (Piskvork) protocol"),
    "gomocup match": (
        "game.tools.gomocup_match",
        "gomoku matches between two Gomocup brains (a local Piskvork manager)",
    ),
    "cards validate": ("game.tools.validate_cards", "check card files (levels/cards/*.json) and list problems"),
    "cards balance": ("game.tools.balance", "bot-vs-bot games with a card set: first-player and per-card win rates"),
    "levels validate": (
        "game.tools.validate_levels",
        "check level files: every problem with file, JSON path and message",
    ),
    "levels simulate": ("game.tools.simulate_levels", "play a level headless many times: win rate, turns, objectives"),
    "levels report": (
        "game.tools.campaign_report",
        "the campaign's difficulty curve: every level played by the player model, against its bands",
    ),
    "referee": ("game.tools.referee", "run LOCM matches between two external bot programs"),
    "arena": ("game.tools.arena", "in-process card AI matches with a win-rate interval and timing"),
    "bench ui": ("game.tools.bench_ui", "frame times of the duel scene while the AI thinks"),
    "bench engine": ("game.tools.bench_engine", "card engine throughput: random-vs-random games"),
    "bench gomoku": ("game.tools.bench_gomoku", "gomoku AI speed, tactics and a self-play ladder"),
    "bench memory": ("game.tools.bench_memory", "does a card AI's memory stay flat over many decisions"),
    "bench deadlines": (
        "game.tools.bench_deadlines",
        "do the LOCM bot and the Gomocup brain answer in time with CPU-bound processes competing",
    ),
    "bench player": (
        "game.tools.bench_player_model",
        "each game's player model (a middling person) against the easy and medium AIs",
    ),
    "bench connect4": (
        "game.tools.bench_connect4",
        "Connect Four AI levels against each other: win rates and move times",
    ),
    "skirmish": (
        "game.tools.skirmish_cli",
        "the team-arena tactics game (opens the client; bench, validate, reference, play in text)",
    ),
    "workshop": ("game.client.workshop.cli", "the level workshop: edit, test play and simulate levels [LEVEL_FILE]"),
    "saves": ("game.tools.saves", "where your settings, progress and saved games are, and whether each loads"),
    "replay": ("game.tools.replay_cli", "watch a replay file in the viewer (--print: in words), or --list"),
}


PROGRAM = "duelmind"
# Options of the whole program, taken out of the line wherever they stand.
DEBUG_FLAG = "--debug"


def _usage() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = [f"usage: {PROGRAM} [COMMAND] [options]   (from a checkout: python main.py ...)", "", "commands:"]
    lines += [f"  {name.ljust(width)}  {help_text}" for name, (_, help_text) in COMMANDS.items()]
    lines += [
        "",
        "options for every command:",
        f"  {'--version'.ljust(width)}  print Duelmind's version and exit",
        f"  {DEBUG_FLAG.ljust(width)}  write more detail to the log file (`{PROGRAM} saves` shows where)",
        "",
        f"Run `{PROGRAM} COMMAND --help` for a command's options.",
    ]
    return "\n".join(lines)


def _group_commands(word: str) -> list[str]:
    """The commands of a group word such as "bot" or "bench" (empty for any other word)."""
    return [name for name in COMMANDS if name.startswith(word + " ")]


def _group_usage(word: str) -> str:
    names = _group_commands(word)
    width = max(len(name) for name in names)
    lines = [f"usage: {PROGRAM} {word} SUBCOMMAND [options]", "", "subcommands:"]
    lines += [f"  {name.ljust(width)}  {COMMANDS[name][1]}" for name in names]
    lines += ["", f"Run `{PROGRAM} {word} SUBCOMMAND --help` for its options."]
    return "\n".join(lines)


def _find_command(argv: list[str]) -> tuple[str, list[str]] | None:
    for length in range(min(len(argv), 3), 0, -1):
        name = " ".join(argv[:length])
        if name in COMMANDS:
            return name, argv[length:]
    return None


def _command_first(argv: list[str]) -> list[str]:
    """The line with its command words first: options written before the command
    (`--windowed play LEVEL`) go after it; a line with no command word plays."""
    if not argv or not argv[0].startswith("-"):
        return argv
    for start in range(1, len(argv)):
        if not argv[start].startswith("-") and _find_command(argv[start:]) is not None:
            name, rest = _find_command(argv[start:])
            return [*name.split(), *argv[:start], *rest]
    return ["play", *argv]


class HelpFormatter(argparse.HelpFormatter):
    """Every option's help ends with its default, unless it has none worth saying (None, False,
    or a help text that already names it)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (
            "%(default)" in text
            or "default" in text.lower()
            or default is None
            or default is False
            or default is argparse.SUPPRESS
            or isinstance(action, argparse._HelpAction)
            or not (action.option_strings or action.nargs in ("?", "*"))
        ):
            return text
        return f"{text} (default: %(default)s)" if text else "(default: %(default)s)"


def make_parser(name: str) -> argparse.ArgumentParser:
    """The parser of command `name`, filled by its module's add_arguments."""
    module_name, help_text = COMMANDS[name]
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"{PROGRAM} {name}", description=help_text, formatter_class=HelpFormatter)
    module.add_arguments(parser)
    parser.add_argument(DEBUG_FLAG, action="store_true", help="write more detail to the log file")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # pygame-ce greets on stdout when imported; stdout is a protocol for the bots, and the log
    # file says which pygame ran.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # SDL's own SIGINT/SIGTERM handlers only post a quit event, which a busy or modal screen may
    # not act on; the client handles both signals itself (App.run).
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    if argv and argv[0] in ("-h", "--help"):
        print(_usage())
        return 0
    if argv and argv[0] in ("-V", "--version"):
        print(f"{PROGRAM} {__version__}")
        return 0
    argv = _command_first(argv) if argv else ["play"]
    found = _find_command(argv)
    if found is None and _group_commands(argv[0]):
        # A group word alone or with --help ("bot --help"): list what it holds.
        asked = any(word in ("-h", "--help") for word in argv[1:])
        print(_group_usage(argv[0]), file=sys.stdout if asked else sys.stderr)
        return 0 if asked else 2
    if found is None:
        print(f"{PROGRAM}: unknown command {' '.join(argv[:2])!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    name, rest = found
    args = make_parser(name).parse_args(rest)
    from game.logs import setup_logging

    setup_logging(debug=args.debug, command=" ".join([name, *rest]))
    return int(importlib.import_module(COMMANDS[name][0]).run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
