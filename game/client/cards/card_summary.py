"""A card's effects in a few short sentences for its small face: the rules text
(game.rules.cards.text) said in plain words, then the same said shorter, so the face can take the
longest one that fits. No candidate is ever cut short ("…"), none uses shorthand ("dmg", "opp",
"HP"): a player reads whole sentences, and the large card under the mouse has the rules text.

Pure text, no drawing: card_render wraps the candidates in the summary box and keeps the first
that fits. The shortening rewrites English; in another language the one candidate is the rules
text in that language without the keyword sentence (a face that cannot hold it shows none).
"""

from __future__ import annotations

import re
from functools import lru_cache

from game import i18n
from game.client.cards.card_words import rules_text
from game.rules.cards.model import Card
from game.rules.cards.text import card_text

_KEYWORD = r"(?:Breakthrough|Charge|Drain|Guard|Lethal|Ward)"

# The rules text in plain words: when it happens first, then what happens.
_PLAIN = [
    (rf"^{_KEYWORD}(?:, {_KEYWORD})*(?: and {_KEYWORD})?\. ?", ""),  # a creature's keywords: shown as badges
    (r"Summon: Summon ", "When played: summon "),
    (r"Summon: ", "When played: "),
    (r"Last breath: ", "When it dies: "),
    (r"At the start of your turn, ", "At the start of your turn: "),
    (r"At the end of your turn, ", "At the end of your turn: "),
    (r"Whenever it attacks, ", "When it attacks: "),
    (r"Whenever it is attacked, ", "When attacked: "),
    (r"your opponent", "the enemy hero"),
    (r"Draw a card next turn", "You draw a card next turn"),
    (r"(^|\. |: )[Dd]raw a card", r"\1You draw a card"),
    (r"(^|\. |: )[Dd]raw (\d+|two|three) cards", r"\1You draw \2 cards"),
    (r": ([A-Z])(?=[a-z]+ )", lambda m: ": " + m.group(1).lower()),  # "When played: deal ..."
]
# Shorter, still in words.
_SHORT = [
    (r"At the start of your turn: ", "Each turn: "),
    (r"At the end of your turn: ", "Turn end: "),
    (r"When it attacks: ", "On attack: "),
    (r"When it dies: ", "On death: "),
    (r"When played: ", "Played: "),
    (r"\b([Dd])eal (\d+) damage to\b", lambda m: ("D" if m.group(1) == "D" else "d") + f"eals {m.group(2)} damage to"),
    (r"an enemy creature or the enemy hero", "any enemy"),
    (r"a random enemy creature", "a random enemy"),
    (r"another random friendly creature", "another ally"),
    (r"all enemy creatures", "all enemies"),
    (r"Your other creatures have", "Your others have"),
    (r"your other creatures", "your others"),
    (r"Adjacent creatures have", "Neighbours have"),
    (r"adjacent creatures", "its neighbours"),
    (r"a friendly creature", "an ally"),
    (r"an enemy creature", "an enemy"),
    (r"the enemy creature", "the enemy"),
    (r"the creature it fights", "its foe"),
    (r"\bGain (\d+) mana this turn", r"+\1 mana now"),
    (r"\bgain (\d+) mana this turn", r"gain \1 mana"),
    (r"You draw a card", "Draw a card"),
    (r"You draw (\S+) cards", r"Draw \1 cards"),
    (r"(?<=: )you draw", "draw"),
    (r"(?<=: )[Yy]ou gain (\d+) health", r"+\1 health"),
    (r"(?<=: )[Yy]ou lose (\d+) health", r"-\1 health"),
    (r"^You gain (\d+) health", r"+\1 health"),
    (r"^You lose (\d+) health", r"-\1 health"),
    (
        r"\bGive (it|an ally|an enemy|your others|its neighbours) (?=[+-]\d)",
        lambda m: "" if m.group(1) == "it" else m.group(1).capitalize() + " ",
    ),
    (r"(?<=: )give it (?=[A-Z])", "it gains "),
    (
        r"(?<=: )[Gg]ive (it|an ally|an enemy|your others|its neighbours) (?=[+-]\d)",
        lambda m: "" if m.group(1) == "it" else m.group(1) + " ",
    ),
    (r"\bRemove (.+?) from an enemy\b", r"Strip \1 from an enemy"),
]
# Shortest: the same sentences with their repetitions folded.
_SHORTEST = [
    (r"Deals (\d+) damage to (a random enemy)\. Deals \1 damage to \2", r"Twice: \1 damage to \2"),
    (r"Deals (\d+) damage to an enemy\. Deals (\d+) damage to all enemies", r"\1 damage to an enemy, \2 to all"),
    (
        r"Deals (\d+) damage to any enemy\. Deals (\d+) damage to the enemy hero",
        r"\1 damage to any enemy, \2 to the enemy hero",
    ),
    (r"[Dd]eals (\d+) damage to", r"\1 damage to"),
    (r"Strip (.+?) from an enemy\. An enemy (-?\+?\d+/[-+]\d+)", r"An enemy \2, no \1"),
    (r"Played: an ally (\S+)\. Played: give an ally (\S+)", r"Played: an ally \1 and \2"),
    (r"\ba random enemy\b", "a random foe"),
    (r" and ", " & "),
]


def _sentences(text: str) -> list[str]:
    parts = [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]
    return [s[0].upper() + s[1:] for s in parts]


def _rewrite(text: str, table) -> str:
    for pattern, replacement in table:
        text = re.sub(pattern, replacement, text)
    return text


def summary_candidates(card: Card) -> tuple[str, ...]:
    """Shorter and shorter summaries of the card's effects, whole sentences every one (keywords
    are badges already): plain words, then shorter words, then repetitions folded."""
    return _candidates(card, i18n.language(), i18n.generation())


@lru_cache(maxsize=1024)
def _candidates(card: Card, language: str, generation: int) -> tuple[str, ...]:
    if language != i18n.ENGLISH:
        text = rules_text(card, keywords=False)
        return (text,) if text else ()
    plain = " ".join(_sentences(_rewrite(card_text(card), _PLAIN)))
    if not plain:
        return ()
    short = " ".join(_sentences(_rewrite(plain, _SHORT)))
    shortest = " ".join(_sentences(_rewrite(short, _SHORTEST)))
    candidates = []
    for text in (plain, short, shortest):  # only ones shorter than every earlier one
        if not candidates or len(text) < len(candidates[-1]):
            candidates.append(text)
    return tuple(candidates)
