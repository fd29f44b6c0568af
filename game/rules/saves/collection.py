"""The player's card collection and named decks, through the shared store (game/rules/saves/store.py).

What a player owns is the campaign's `starting_cards` (levels/campaign/campaign.json) plus the
cards their wins earned (a level's `rewards.cards`). The cards earned are recorded in
`progress.json` by `Progress.record_result`, in the same atomic write as the win itself, so a
crash can never keep the win and lose its cards (or give them twice: a card is earned once).
This module keeps the rest in its own file, `decks.json` beside the progress: the decks the
player built, each a name and its cards (one id per copy).

Same guarantees as the progress: every write is atomic; a file that cannot be read is moved
aside as `decks.json.corrupt-<time>` (never overwritten), `problems` says so in a sentence, and
the player starts with no saved decks while every other save is kept.
"""

from __future__ import annotations

from typing import Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.rules.saves.store import Store, StoreError

DECKS_VERSION = 1
DECKS_NAME = "decks"
MAX_DECKS = 50
MAX_DECK_NAME = 32


class NamedDeck(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: str = Field(min_length=1, max_length=MAX_DECK_NAME)
    cards: list[int] = Field(default_factory=list, max_length=200)


class DecksData(BaseModel):
    model_config = ConfigDict(extra="ignore")

    decks: list[NamedDeck] = Field(default_factory=list, max_length=MAX_DECKS)


def _where(error: ValidationError) -> str:
    """The field a validation error is about, as a path ("decks.0.name")."""
    return ".".join(str(part) for part in error.errors()[0]["loc"]) or "the top level"


def clean_name(name: str) -> str:
    """A deck's name as kept: single spaces, no control characters, at most MAX_DECK_NAME long."""
    text = "".join(ch for ch in name if ch.isprintable())
    return " ".join(text.split())[:MAX_DECK_NAME]


class Collection:
    """What the player owns (`owned`) and the decks they saved (`decks`), for the deck editor and a
    level's start. `progress` is the campaign Progress (its earned cards); `starting` the
    campaign's starting cards (default: read from the shipped campaign)."""

    def __init__(self, progress, starting: Iterable[int] | None = None, store: Store | None = None):
        self.progress = progress
        self.store = store if store is not None else progress.store
        if starting is None:
            from game.rules.levels.loader import load_campaign

            starting = load_campaign().starting_cards
        self.starting = list(starting)
        self.problems: list[str] = []
        self._blocked = False
        self.data = self._load()

    def _load(self) -> DecksData:
        document = self.store.load(DECKS_NAME, DECKS_VERSION)
        if document.problem:
            self._blocked = self.store.is_blocked(DECKS_NAME)
            self.problems.append(f"Your saved decks could not be read: {document.problem}.")
            return DecksData()
        try:
            return DecksData.model_validate(document.data)
        except ValidationError as error:
            moved = Store.move_aside(self.store.path(DECKS_NAME))
            self._blocked = moved is None
            where = f"moved to {moved.name}" if moved else "left in place"
            self.problems.append(
                f"Your saved decks could not be read: {self.store.path(DECKS_NAME).name} was unreadable "
                f"(its contents are not valid at {_where(error)}: {error.errors()[0]['msg']}); {where}."
            )
            return DecksData()

    # ------------------------------------------------------------------------------ cards

    def owned(self) -> set[int]:
        """Every card id the player may put in a deck."""
        return set(self.starting) | set(self.progress.data.cards)

    # ------------------------------------------------------------------------------ decks

    @property
    def decks(self) -> list[NamedDeck]:
        return self.data.decks

    def names(self) -> list[str]:
        return [deck.name for deck in self.data.decks]

    def deck(self, name: str) -> NamedDeck | None:
        return next((deck for deck in self.data.decks if deck.name == name), None)

    def free_name(self, base: str) -> str:
        """`base`, or `base 2`, `base 3`, ... : a name no saved deck has."""
        base = clean_name(base) or "Deck"
        names = set(self.names())
        if base not in names:
            return base
        number = 2
        while f"{base[: MAX_DECK_NAME - 4]} {number}" in names:
            number += 1
        return f"{base[: MAX_DECK_NAME - 4]} {number}"

    def save_deck(self, name: str, cards: list[int]) -> NamedDeck:
        """Keep `cards` as deck `name` (replacing a deck of that name) and write the file."""
        name = clean_name(name)
        if not name:
            raise ValueError("a deck needs a name")
        found = self.deck(name)
        if found is None and len(self.data.decks) >= MAX_DECKS:
            raise ValueError(f"at most {MAX_DECKS} decks can be saved: delete one first")
        if found is None:
            found = NamedDeck(name=name)
            self.data.decks.append(found)
        found.cards = list(cards)
        self._write()
        return found

    def rename(self, old: str, new: str) -> str:
        """Rename deck `old`; returns the name given (made unique if another deck has it)."""
        deck = self.deck(old)
        if deck is None:
            raise KeyError(old)
        new = clean_name(new)
        if not new:
            raise ValueError("a deck needs a name")
        if new != old:
            deck.name = self.free_name(new)
            self._write()
        return deck.name

    def copy(self, name: str) -> NamedDeck:
        deck = self.deck(name)
        if deck is None:
            raise KeyError(name)
        return self.save_deck(self.free_name(f"{name} copy"), list(deck.cards))

    def delete(self, name: str) -> None:
        self.data.decks = [deck for deck in self.data.decks if deck.name != name]
        self._write()

    def _write(self) -> None:
        if self._blocked:
            raise StoreError(
                f"{self.store.path(DECKS_NAME)} is unreadable and could not be moved aside; not overwriting it"
            )
        self.store.save(DECKS_NAME, self.data.model_dump(), DECKS_VERSION)


def cards_won(before: Iterable[int], progress) -> list[int]:
    """The cards in `progress` that were not in `before` (what a result just earned), in the order
    they were earned."""
    had = set(before)
    return [card for card in progress.data.cards if card not in had]
