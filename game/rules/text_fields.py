"""Checks for the names the game draws (cards, levels, heroes, opponents, speakers), shared by the
card, level and skirmish models.

A name must show something: one made only of spaces, a no-break space (U+00A0) or other blank
Unicode (zero-width spaces, fillers, combining marks alone) renders as nothing and is refused. It
holds no control character and no line or paragraph separator: the safe reader lets newlines and
tabs through for dialogue, but a name is drawn on one line (a newline in a hero name overflows the
HUD).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator

# Hero and character names (skirmish heroes, opponents, dialogue speakers) are drawn in the HUD's
# name plates: the longest shipped one is 22 characters ("The Alchemists' Riddle").
MAX_HERO_NAME = 24
# Characters that draw nothing although they are not whitespace to str.isspace().
_INVISIBLE = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e", "\u034f"}
_BLANK_CATEGORIES = {"Zs", "Zl", "Zp", "Cf", "Mn", "Me", "Cc"}


def is_blank(text: str) -> bool:
    """True when `text` would draw nothing: only whitespace and invisible characters (or empty)."""
    return all(ch.isspace() or ch in _INVISIBLE or unicodedata.category(ch) in _BLANK_CATEGORIES for ch in text)


def check_name(value: str) -> str:
    for ch in value:
        category = unicodedata.category(ch)
        if category == "Cc" or category in ("Zl", "Zp"):
            what = {"\n": "a newline", "\r": "a carriage return", "\t": "a tab"}.get(ch, f"U+{ord(ch):04X}")
            raise ValueError(f"a name is one line: remove the control character ({what})")
    if is_blank(value):
        raise ValueError("the name is blank (only spaces or invisible characters): write a name that shows")
    return value


Name = Annotated[str, AfterValidator(check_name)]
