"""`python main.py cards validate [PATH...]`: check card files; exit 0 only when all pass."""

from __future__ import annotations

import argparse
import sys

from game.rules.cards.cardset import CardSetError, default_card_files, load_cardset, schema_path, schema_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", help="card files (default: levels/cards/*.json)")
    parser.add_argument("--write-schema", action="store_true",
                        help="also (re)write the JSON Schema for editors to levels/schema/cards.schema.json")
    parser.add_argument("--show", action="store_true", help="list every card with its generated text")


def run(args: argparse.Namespace) -> int:
    if args.write_schema:
        schema_path().parent.mkdir(parents=True, exist_ok=True)
        schema_path().write_text(schema_text(), encoding="utf-8")
        print(f"wrote {schema_path()}")
    paths = args.paths or default_card_files()
    try:
        cardset = load_cardset(paths)
    except CardSetError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s) in {len(paths)} file(s)", file=sys.stderr)
        return 1
    if args.show:
        for card in sorted(cardset.cards.values(), key=lambda c: (c.token, c.cost, c.base_id)):
            kind = "token" if card.token else card.type.name.lower()
            stats = f"{card.attack}/{card.defense}"
            print(f"{card.base_id:4} {card.name:<24} {kind:<8} cost {card.cost:>2} {stats:>6}  {card.text}")
    tokens = sum(1 for card in cardset.cards.values() if card.token)
    print(f"ok: {len(cardset.cards) - tokens} cards and {tokens} tokens in {len(paths)} file(s)")
    return 0
