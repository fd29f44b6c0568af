"""Duelmind: the single entry point for the game and its tools.

Each subcommand lives in its own module, imported only when that command runs, so that
`python main.py bot locm` does not pay for pygame and `python main.py --help` stays instant.
A command module provides `add_arguments(parser)` and `run(args) -> int` (the exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Command words -> (module, one-line help). Multi-word commands ("bench engine") are looked up
# by the longest prefix of the command line that names one. To add a command, add one line.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.client.launch", "start the game (the default when no command is given)"),
    "gomoku": ("game.tools.terminal_gomoku", "gomoku against the AI (--terminal: in this terminal)"),
    "bot locm": ("game.tools.locm_bot", "a Legends of Code and Magic bot on stdin/stdout (CodinGame)"),
    "brain gomocup": ("game.tools.gomocup_brain", "a gomoku brain speaking the Gomocup (Piskvork) protocol"),
    "gomocup match": ("game.tools.gomocup_match", "gomoku matches between two Gomocup brains (a local Piskvork manager)"),
    "cards validate": ("game.tools.validate_cards", "check card files (levels/cards/*.json) and list problems"),
    "cards balance": ("game.tools.balance", "bot-vs-bot games with a card set: first-player and per-card win rates"),
    "levels validate": ("game.tools.validate_levels", "check level files: every problem with file, JSON path and message"),
    "levels simulate": ("game.tools.simulate_levels", "play a level headless many times: win rate, turns, objectives"),
    "referee": ("game.tools.referee", "run LOCM matches between two external bot programs"),
    "arena": ("game.tools.arena", "in-process card AI matches with a win-rate interval and timing"),
    "bench ui": ("game.tools.bench_ui", "frame times of the duel scene while the AI thinks"),
    "bench engine": ("game.tools.bench_engine", "card engine throughput: random-vs-random games"),
    "bench gomoku": ("game.tools.bench_gomoku", "gomoku AI speed, tactics and a self-play ladder"),
    "bench memory": ("game.tools.bench_memory", "does a card AI's memory stay flat over many decisions"),
    "skirmish": ("game.tools.skirmish_cli", "the team-arena tactics game (opens the client; bench, validate, reference, play in text)"),
    "workshop": ("game.client.workshop.cli", "the level workshop: edit, test play and simulate levels [LEVEL_FILE]"),
    "saves": ("game.tools.saves", "where your settings, progress and saved games are, and whether each loads"),
}


def _usage() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = ["usage: python main.py [COMMAND] [options]", "", "commands:"]
    lines += [f"  {name.ljust(width)}  {help_text}" for name, (_, help_text) in COMMANDS.items()]
    lines += ["", "Run `python main.py COMMAND --help` for a command's options."]
    return "\n".join(lines)


def _group_commands(word: str) -> list[str]:
    """The commands of a group word such as "bot" or "bench" (empty for any other word)."""
    return [name for name in COMMANDS if name.startswith(word + " ")]


def _group_usage(word: str) -> str:
    names = _group_commands(word)
    width = max(len(name) for name in names)
    lines = [f"usage: python main.py {word} SUBCOMMAND [options]", "", "subcommands:"]
    lines += [f"  {name.ljust(width)}  {COMMANDS[name][1]}" for name in names]
    lines += ["", f"Run `python main.py {word} SUBCOMMAND --help` for its options."]
    return "\n".join(lines)


def _find_command(argv: list[str]) -> tuple[str, list[str]] | None:
    for length in range(min(len(argv), 3), 0, -1):
        name = " ".join(argv[:length])
        if name in COMMANDS:
            return name, argv[length:]
    return None


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(_usage())
        return 0
    if not argv or argv[0].startswith("-"):
        argv = ["play", *argv]
    found = _find_command(argv)
    if found is None and _group_commands(argv[0]):
        # A group word alone or with --help ("bot --help"): list what it holds.
        asked = any(word in ("-h", "--help") for word in argv[1:])
        print(_group_usage(argv[0]), file=sys.stdout if asked else sys.stderr)
        return 0 if asked else 2
    if found is None:
        print(f"main.py: unknown command {' '.join(argv[:2])!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    name, rest = found
    module_name, help_text = COMMANDS[name]
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"main.py {name}", description=help_text)
    module.add_arguments(parser)
    args = parser.parse_args(rest)
    return int(module.run(args) or 0)


if __name__ == "__main__":
    # PyInstaller bundles start worker processes through this same entry point.
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
