"""The game data (levels, the campaign, the cards' names) in the player's language, for the
client: the per-language files beside the data (game/rules/levels/translations.py) looked up in
the language in use now. A level or the campaign is translated as a copy made after the English
is read (ids, unlocks and digests stay the English's); a card's name is looked up where it is
drawn, so a language switched in Settings shows at once."""

from __future__ import annotations

from pathlib import Path

from game import i18n
from game.paths import levels_dir
from game.rules.levels.translations import (
    ENGLISH,
    Translations,
    load_translations,
    localize_campaign,
    localize_level,
)


class PseudoTranslations(Translations):
    """The pseudo-locale (en-XA) over the data too, so the layout test finds a level title or a
    card name that a longer language would push out of its box."""

    def level_text(self, level_id: str, text: str) -> str:
        return i18n.pseudo(text)

    def campaign_text(self, text: str) -> str:
        return i18n.pseudo(text)

    def card_text(self, text: str) -> str:
        return i18n.pseudo(text)

    def __bool__(self) -> bool:
        return True


PSEUDO = PseudoTranslations(language=i18n.PSEUDO)


def table(folder: Path) -> Translations:
    """The translations of the data in `folder` into the language in use now."""
    language = i18n.language()
    if language == i18n.PSEUDO:
        return PSEUDO
    return load_translations(folder, language) if language != i18n.ENGLISH else ENGLISH


def level_in_language(level, folder: Path):
    """`level` (as read from a file in `folder`) in the language in use now."""
    return localize_level(level, table(folder))


def campaign_in_language(campaign, folder: Path):
    return localize_campaign(campaign, table(folder)) if campaign is not None else None


_cards: tuple[int, Translations] = (-1, ENGLISH)


def card_text(text: str) -> str:
    """A card's name or flavor line (as levels/cards/*.json write it) in the language in use now.
    The file is looked at once per language switch: the renderer asks for every card it draws."""
    global _cards
    if _cards[0] != i18n.generation():
        _cards = (i18n.generation(), table(levels_dir() / "cards"))
    return _cards[1].card_text(text)


def card_name(card) -> str:
    """The name to draw on `card` (a game.rules.cards.model.Card)."""
    return card_text(card.name)


_characters: tuple[int, Translations] = (-1, ENGLISH)


def character_name(name: str) -> str:
    """A character's name outside a level (a quick match's opponent: "Corin Ashdown") as the
    campaign's translations name them (their `common` table), looked at once per language switch."""
    global _characters
    if _characters[0] != i18n.generation():
        from game.rules.levels.loader import campaign_dir

        _characters = (i18n.generation(), table(campaign_dir()))
    return _characters[1].campaign_text(name)
