"""A card level's deck rows: the deck's kind (fixed order, shuffled, drafted, or the player's own:
`"deck": {"kind": "player", ...}`, game/rules/levels/player_deck.py) and, for a deck the player
brings, its size, the copies of one card it may hold, the cards it may use (the card picker) and
the deck suggested to a player without one. The level's checks run after every edit, so a deck
that cannot be built shows in the problems at once. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import N_, _

from game.workshop import edits, pick_lists
from game.workshop.model import Document
from game.workshop.rows import CHOICE_NAMES, Row, named

KINDS = ("fixed", "shuffled", "draft")
PLAYER = "player"  # only the player brings a deck of their own (the checks refuse it for the opponent)
KIND_NAMES = {**CHOICE_NAMES["deck"], PLAYER: N_("The player's own")}
SIZE, COPIES = 30, 2  # PlayerDeck's defaults, written out so a designer sees them


def deck_rows(doc: Document, side: str) -> list[Row]:
    """The Deck choice of a side, and a player deck's own rows under it."""
    rows = [
        Row(
            _("Deck"),
            "choice",
            (side, "deck", "kind"),
            KINDS + ((PLAYER,) if side == "player" else ()),
            default="fixed",
            names=named(KIND_NAMES),
            indent=1,
            setter=lambda kind: set_deck_kind(doc, side, kind),
        )
    ]
    if side == "player" and doc.get((side, "deck", "kind")) == PLAYER:
        here = (side, "deck")
        rows += [
            Row(_("Cards in a deck"), "int", here + ("size",), default=SIZE, optional=True, low=1, high=60, indent=2),
            Row(
                _("Copies of a card"),
                "int",
                here + ("max_copies",),
                default=COPIES,
                optional=True,
                low=1,
                high=30,
                indent=2,
            ),
        ]
        for label, key, empty in (
            (_("Allowed cards"), "allowed", _("None listed: every card of the level")),
            (_("Suggested deck"), "suggested", _("None listed: one is built from the allowed cards")),
        ):
            listed = pick_lists.card_list_rows(doc, label, here + (key,), indent=2)
            if not doc.get(here + (key,)):
                listed.insert(1, Row(empty, "note", indent=3))
            rows += listed
    return rows


def set_deck_kind(doc: Document, side: str, kind: str) -> None:
    """A side's deck made of another kind. Its cards stay: a fixed or shuffled deck's cards become
    a player deck's suggested deck and back again; a player deck takes the rules' deck size."""
    deck = doc.get((side, "deck")) or {}
    deck = deck if isinstance(deck, dict) else {}
    cards = deck.get("suggested") if deck.get("kind") == PLAYER else deck.get("cards")
    if kind == "draft":
        new: dict = {"kind": kind, "picks": 30}
    elif kind == PLAYER:
        size = doc.get(("rules", "deck_size"))
        new = {"kind": kind, "size": size if type(size) is int else SIZE, "max_copies": COPIES}
        if cards:
            new["suggested"] = cards
    else:
        new = {"kind": kind, "cards": cards or []}
    words = KIND_NAMES.get(kind, kind).lower()
    whose = "your" if side == "player" else "the opponent's"
    edits.set_value(doc, (side, "deck"), new, f"make {whose} deck {words}")
