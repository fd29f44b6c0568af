"""The LOCM card-list text format (`id ; name ; type ; cost ; attack ; defense ; keywords ;
my health change ; opponent health change ; card draw ; text`)."""

from __future__ import annotations

from pathlib import Path

from game.rules.cards.model import Card, CardType, parse_keywords
from game.rules.safe_json import JsonFileError, read_text_file

_TYPE_NAMES = {
    "creature": CardType.CREATURE,
    "itemgreen": CardType.GREEN,
    "itemred": CardType.RED,
    "itemblue": CardType.BLUE,
}


# The LOCM 1.2 card list ships with the rules (see data/NOTICE for where it comes from): the
# referee, the arena, the benches and the client's official-cards pool default to it.
OFFICIAL_CARDLIST = Path(__file__).resolve().parent / "data" / "locm_cardlist.txt"


class CardListError(ValueError):
    """A card list line that cannot be read; the message names the source and line."""


def parse_cardlist(text: str, source: str = "<cardlist>") -> dict[int, Card]:
    """Parse card-list text into cards by base id."""
    cards: dict[int, Card] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields = [field.strip() for field in line.split(";")]
        where = f"{source}:{number}"
        if len(fields) < 10:
            raise CardListError(f"{where}: expected at least 10 ';'-separated fields, got {len(fields)}")
        try:
            card_type = _TYPE_NAMES[fields[2].lower()]
        except KeyError:
            raise CardListError(f"{where}: unknown card type {fields[2]!r}") from None
        try:
            base_id, cost, attack, defense = (int(fields[i]) for i in (0, 3, 4, 5))
            my_health, opp_health, draw = (int(fields[i]) for i in (7, 8, 9))
            keywords = parse_keywords(fields[6])
        except ValueError as error:
            raise CardListError(f"{where}: {error}") from None
        if base_id in cards:
            raise CardListError(f"{where}: duplicate card id {base_id}")
        cards[base_id] = Card(
            base_id=base_id,
            name=fields[1],
            type=card_type,
            cost=cost,
            attack=attack,
            defense=defense,
            keywords=keywords,
            my_health=my_health,
            opp_health=opp_health,
            draw=draw,
            text=";".join(fields[10:]).strip(),
        )
    return cards


def load_cardlist(path: str | Path) -> dict[int, Card]:
    """Read a card list in the LOCM text format; returns the cards by base id."""
    path = Path(path)
    try:
        text = read_text_file(path)
    except JsonFileError as error:  # too large, or not UTF-8
        raise CardListError(str(error)) from None
    return parse_cardlist(text, source=str(path))


def load_official_cards() -> dict[int, Card]:
    """The 160 cards of LOCM 1.2 by base id, from the list shipped with the rules."""
    return load_cardlist(OFFICIAL_CARDLIST)
