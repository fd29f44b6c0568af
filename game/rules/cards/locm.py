"""The LOCM card-list text format (`id ; name ; type ; cost ; attack ; defense ; keywords ;
my health change ; opponent health change ; card draw ; text`).

Lines are split on newlines only (a `\r` before one is dropped), so the line numbers in messages
are an editor's. Each number must lie in the range Duelmind's own card files allow (cost 0..12,
card draw 0..4, ...: a card the engine could not play, such as one drawing a billion cards, is
refused here) and no field may hold a control character.
"""

from __future__ import annotations

from pathlib import Path

from game.rules.cards.model import Card, CardType, parse_keywords
from game.rules.safe_json import JsonFileError, bad_character, read_text_file

_TYPE_NAMES = {
    "creature": CardType.CREATURE,
    "itemgreen": CardType.GREEN,
    "itemred": CardType.RED,
    "itemblue": CardType.BLUE,
}


# The LOCM 1.2 card list ships with the rules (see data/NOTICE for where it comes from): the
# referee, the arena, the benches and the client's official-cards pool default to it.
OFFICIAL_CARDLIST = Path(__file__).resolve().parent / "data" / "locm_cardlist.txt"


# (field index, name, lowest, highest) of the numbers on a line.
_NUMBERS = (
    (0, "id", 1, 9999),
    (3, "cost", 0, 12),
    (4, "attack", -99, 99),
    (5, "defense", -99, 99),
    (7, "my health change", -99, 99),
    (8, "opponent health change", -99, 99),
    (9, "card draw", 0, 4),
)


class CardListError(ValueError):
    """A card list line that cannot be read; the message names the source and line."""


def parse_cardlist(text: str, source: str = "<cardlist>") -> dict[int, Card]:
    """Parse card-list text into cards by base id."""
    cards: dict[int, Card] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        if not line.strip():
            continue
        fields = [field.strip() for field in line.split(";")]
        where = f"{source}:{number}"
        bad = bad_character(line)
        if bad:
            raise CardListError(f"{where}: the line holds {bad}")
        if len(fields) < 10:
            raise CardListError(f"{where}: expected at least 10 ';'-separated fields, got {len(fields)}")
        try:
            card_type = _TYPE_NAMES[fields[2].lower()]
        except KeyError:
            raise CardListError(f"{where}: unknown card type {fields[2][:40]!r}") from None
        values = {}
        for index, name, low, high in _NUMBERS:
            try:
                value = int(fields[index])
            except ValueError:
                raise CardListError(f"{where}: {name} {fields[index][:40]!r} is not a whole number") from None
            if not low <= value <= high:
                raise CardListError(f"{where}: {name} {str(value)[:40]} is out of range ({low}..{high})")
            values[name] = value
        base_id, cost, attack, defense = values["id"], values["cost"], values["attack"], values["defense"]
        my_health, opp_health, draw = values["my health change"], values["opponent health change"], values["card draw"]
        try:
            keywords = parse_keywords(fields[6])
        except ValueError as error:
            raise CardListError(f"{where}: {str(error)[:120]}") from None
        if card_type == CardType.CREATURE and (defense < 1 or attack < 0):
            raise CardListError(f"{where}: a creature needs an attack of at least 0 and a defense of at least 1")
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
