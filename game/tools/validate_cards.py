"""`duelmind cards validate [PATH...]`: check card files (or folders of them); exit 0 only when
all pass, 1 when there are problems or nothing to check. `--json` prints one JSON document
(`ok`, the counts, every problem) instead of the text."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.rules.cards.cardset import (
    CardSetError,
    default_card_files,
    load_cardset,
    schema_path,
    schema_text,
    validate_card_files,
)
from game.tools.args import add_output_arguments, print_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", help="card files or folders of them (default: levels/cards/*.json)")
    parser.add_argument(
        "--write-schema",
        action="store_true",
        help="also (re)write the JSON Schema for editors to levels/schema/cards.schema.json",
    )
    parser.add_argument("--show", action="store_true", help="list every card with its generated text")
    add_output_arguments(
        parser,
        json_help="print one JSON document on stdout (counts, every problem, and with "
        "--show every card) instead of the text",
        progress=False,
    )


def card_files(paths: list[str]) -> list[Path]:
    """The files to check: each path, a folder standing for its *.json files."""
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    return files


def run(args: argparse.Namespace) -> int:
    as_json = getattr(args, "json", False)
    if args.write_schema:
        schema_path().parent.mkdir(parents=True, exist_ok=True)
        schema_path().write_text(schema_text(), encoding="utf-8")
        print(f"wrote {schema_path()}", file=sys.stderr if as_json else sys.stdout)
    paths = card_files(args.paths) if args.paths else default_card_files()
    if not paths:
        message = f"nothing to check: no card files (*.json) in {', '.join(args.paths) or 'levels/cards'}"
        if as_json:
            print_json({"ok": False, "files": 0, "problems": [message]})
        else:
            print(f"cards validate: {message}", file=sys.stderr)
        return 1
    try:
        # Given files are checked against the set they will join (the shipped files plus them).
        cardset = validate_card_files(paths) if args.paths else load_cardset(paths)
    except CardSetError as error:
        if as_json:
            print_json({"ok": False, "files": len(paths), "problems": list(error.problems)})
            return 1
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s) in {len(paths)} file(s)", file=sys.stderr)
        return 1
    ordered = sorted(cardset.cards.values(), key=lambda c: (c.token, c.cost, c.base_id))
    tokens = sum(1 for card in cardset.cards.values() if card.token)
    if as_json:
        data = {"ok": True, "files": len(paths), "cards": len(cardset.cards) - tokens, "tokens": tokens, "problems": []}
        if args.show:
            data["card_list"] = [
                {
                    "id": card.base_id,
                    "name": card.name,
                    "type": "token" if card.token else card.type.name.lower(),
                    "cost": card.cost,
                    "attack": card.attack,
                    "defense": card.defense,
                    "text": card.text,
                }
                for card in ordered
            ]
        print_json(data)
        return 0
    if args.show:
        for card in ordered:
            kind = "token" if card.token else card.type.name.lower()
            stats = f"{card.attack}/{card.defense}"
            print(f"{card.base_id:4} {card.name:<24} {kind:<8} cost {card.cost:>2} {stats:>6}  {card.text}")
    print(f"ok: {len(cardset.cards) - tokens} cards and {tokens} tokens in {len(paths)} file(s)")
    return 0
