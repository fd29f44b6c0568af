"""A card's words as the player reads them: its name from the data's translations
(levels/cards/translations/<language>.json, through game/client/data_text.py), its rules text
and its type in the player's language (game/rules/cards/text.py with the player's words). The
rules layer keeps the English for the card files, the referee and the bots."""

from __future__ import annotations

from game import i18n
from game.i18n import N_, _
from game.client import data_text
from game.rules.cards.model import Card, CardType
from game.rules.cards.text import ENGLISH as ENGLISH_WORDS
from game.rules.cards.text import PLAYER, card_text

TYPE_NAMES = {
    CardType.CREATURE: N_("Creature"),
    CardType.GREEN: N_("Green item"),
    CardType.RED: N_("Red item"),
    CardType.BLUE: N_("Blue item"),
}


def card_name(name: str) -> str:
    """A card's (or token's) name in the player's language, else its English name (the data's
    translations, game/client/data_text.py; the pseudo-locale lengthens names too)."""
    return data_text.card_text(name)


def type_name(card_type: CardType | int) -> str:
    return _(TYPE_NAMES[CardType(card_type)])


def rules_text(card: Card, keywords: bool = True) -> str:
    """The card's rules text in the player's language (English: exactly the card file's text).
    The pseudo-locale makes the whole English text longer once, as a longer language would, not
    each of the pieces it is made of (that would nest brackets and tildes far past any language)."""
    if i18n.language() == i18n.PSEUDO:
        english = card_text(card, ENGLISH_WORDS, name=card_name, keywords=keywords)
        return i18n.pseudo(english) if english else ""
    return card_text(card, PLAYER, name=card_name, keywords=keywords)


def keyword_help(letter: str) -> str:
    """A keyword's reminder, by its protocol letter, in the player's language."""
    table = {
        "B": _("Breakthrough: damage beyond the defender's defense hits the opponent."),
        "C": _("Charge: may attack the turn it is summoned."),
        "D": _("Drain: damage it deals while attacking heals its owner."),
        "G": _("Guard: enemies in its lane must attack Guards first."),
        "L": _("Lethal: any damage it deals kills the creature hit."),
        "W": _("Ward: cancels the next damage it would take."),
    }
    return table[letter]
