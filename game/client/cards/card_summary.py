"""A card's effects as one short line for its face: the rules text (game.rules.cards.text)
rewritten shorter and shorter, so the face can take the longest one that fits.

Pure text, no drawing: card_render measures the candidates and keeps the first that fits.
"""

from __future__ import annotations

import re
from functools import lru_cache

from game.rules.cards.model import Card
from game.rules.cards.text import card_text


# Rules text made shorter for the one-line summary, most specific first.
_KEYWORD = r"(?:Breakthrough|Charge|Drain|Guard|Lethal|Ward)"
_COMPACT = [
    (rf"^{_KEYWORD}(?:, {_KEYWORD})*(?: and {_KEYWORD})?\. ?", ""),  # a creature's keywords: shown as badges
    (r"At the start of your turn, ", "Each turn: "),
    (r"At the end of your turn, ", "Turn end: "),
    (r"Whenever it attacks, ", "Attacking: "),
    (r"Whenever it is attacked, ", "Attacked: "),
    (r"Summon: Summon ", "Summon: "),
    (r"\b[Dd]eal (\d+) damage to\b", r"\1 dmg to"),
    (r"an enemy creature or your opponent", "any enemy"),
    (r"a random enemy creature", "random enemy"),
    (r"another random friendly creature", "random ally"),
    (r"all enemy creatures", "all enemies"),
    (r"Your other creatures have", "Allies get"),
    (r"your other creatures", "allies"),
    (r"Adjacent creatures have", "Neighbours get"),
    (r"adjacent creatures", "neighbours"),
    (r"a friendly creature", "an ally"),
    (r"an enemy creature", "an enemy"),
    (r"the enemy creature", "the enemy"),
    (r"the creature it fights", "its foe"),
    (r"[Yy]our opponent gains (\d+) health", r"opponent +\1 health"),
    (r"your opponent", "opponent"),
    (r"\b[Yy]ou gain (\d+) health", r"+\1 health"),
    (r"\b[Yy]ou lose (\d+) health", r"-\1 health"),
    (r"\b[Gg]ain (\d+) mana this turn", r"+\1 mana"),
    (r"\bDraw a card next turn", "Draw 1 next turn"),
    (r"\b[Dd]raw a card", "Draw 1"),
    (r"\b[Dd]raw (\d+) cards", r"Draw \1"),
    (r"\b[Gg]ive (it|an ally|an enemy|allies|neighbours) ", lambda m: "" if m.group(1) == "it" else m.group(1) + " "),
    (r"(^|\. |: )an (ally|enemy) (?=[+-]\d)", r"\1\2 "),  # "Ally +1/+1", "Enemy -2/+0"
    (r"\bRemove (.+?) from an enemy\b", r"Remove \1"),
]
# Then shorter still, when the first does not fit.
_TERSE = [
    (r"Last breath: ", "Death: "),
    (r"Attacking: ", "Attack: "),
    (r"Attacked: ", "Hit: "),
    (r"\benem(y|ies)\b", lambda m: "foe" if m.group(1) == "y" else "foes"),
    (r"\b([Aa])n foe\b", r"\1 foe"),
    (r"\bopponent\b", "opp"),
    (r"(\d+) health\b", r"\1 HP"),
    (r"Draw 1 next turn", "+1 card"),
    (r"\ball creatures\b", "all"),
    (r"\b[Ss]ummon (?:a|one) (\d+/\d+) [^.]+", r"summon \1"),
    (r"\b[Ss]ummon (two|three|four) (\d+/\d+) [^.]+", r"summon \1 \2s"),
    (r"^Summon: summon ", "Summon: "),
    (r"\bneighbours\b", "nearby"),
    (r"\bRemove (?:all abilities|[A-Z][a-z]+(?:, [A-Z][a-z]+)*(?: and [A-Z][a-z]+)?)", "Strip keywords"),
    (rf"^Ally ([+-]\d+/[+-]\d+) and {_KEYWORD}(?:, {_KEYWORD})*(?: and {_KEYWORD})?", r"Ally \1"),  # badges show them
    (r" and ", " & "),
]


def _sentences(text: str) -> list[str]:
    parts = [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]
    return [s[0].upper() + s[1:] for s in parts]


def _rewrite(text: str, table) -> str:
    for pattern, replacement in table:
        text = re.sub(pattern, replacement, text)
    return text


@lru_cache(maxsize=1024)
def summary_candidates(card: Card) -> tuple[str, ...]:
    """Shorter and shorter one-line summaries of the card's effects (keywords are badges already):
    compact, then terse, then the first effect alone, then only its trigger."""
    compact = _sentences(_rewrite(card_text(card), _COMPACT))
    if not compact:
        return ()
    terse = _sentences(_rewrite(" ".join(compact), _TERSE))
    candidates = [" ".join(compact).rstrip("."), " ".join(terse).rstrip(".")]
    if len(compact) > 1:
        candidates += [compact[0].rstrip(".") + " …", terse[0].rstrip(".") + " …"]
    trigger = re.match(r"^([A-Z][a-z]+(?: [a-z]+)?): ", terse[0])
    if trigger:  # the trigger alone still says when something happens
        candidates.append(trigger.group(1) + ": …")
    # Keep only the ones shorter than every earlier one: a longer line that says less is never
    # worth measuring (the first effect of a compact line can outrun the whole terse line).
    shorter = []
    for text in candidates:
        if not shorter or len(text) < len(shorter[-1]):
            shorter.append(text)
    return tuple(shorter)
