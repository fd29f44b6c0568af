"""The player's words, translatable, for values that other modules keep as ids or as English
tables: the AI's pace, the portraits, the colour palettes and the campaign difficulties.

The tables here are marked with `N_` and translated where they are shown (`value_name`), so a
language switch made later still reaches them (game/i18n.py). The English tables they shadow
(`theme.PALETTE_NAMES`, `game/rules/levels/difficulty.py`'s names and blurbs) stay the words of
logs and tools; a later session may mark those at their source instead.
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext

# The months' short names, for the dates the profile and the replay library show.
MONTH_NAMES = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
AI_PACE_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
PORTRAIT_NAMES = {
    "apprentice": N_("Apprentice"),
    "knight": N_("Knight"),
    "ranger": N_("Ranger"),
    "automaton": N_("Automaton"),
}
PALETTE_NAMES = {"standard": N_("Standard"), "colour_blind_safe": N_("Colour-blind safe")}
# The AIs' levels as the quick match offers them (each game's FrontEnd.levels()).
AI_LEVEL_NAMES = {
    "random": N_("Random"),
    "novice": N_("Novice"),
    "easy": N_("Easy"),
    "greedy": N_("Greedy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "master": N_("Master"),
}
# The games' titles as their front ends give them (game/client/front_ends.py), marked here so that
# the quick match and the profile, which translate a title where they draw it, find them; a later
# session marks them at their source and removes this.
GAME_TITLES = (N_("Card duel"), N_("Gomoku"), N_("Skirmish (team arena)"), N_("Connect Four"))
DIFFICULTY_NAMES = {"story": N_("Story"), "normal": N_("Normal"), "hard": N_("Hard")}
DIFFICULTY_MODES = {"story": N_("Story mode"), "normal": N_("Normal mode"), "hard": N_("Hard mode")}
DIFFICULTY_BLURBS = {
    "story": N_("For the tale: opponents think less and play a level weaker."),
    "normal": N_("Every level as it was made and measured."),
    "hard": N_("Opponents think twice as long and play a level stronger."),
}


def count_turns(unit: str, count: int) -> str:
    """`count` of a game's turn unit ("turns", "moves" or "rounds": `GameKind.turn_unit`) in the
    current language, with the plural form its number takes: "1 move", "5 moves"; "5 ходов"."""
    if unit == "moves":
        return ngettext("{count} move", "{count} moves", count).format(count=count)
    if unit == "rounds":
        return ngettext("{count} round", "{count} rounds", count).format(count=count)
    return ngettext("{count} turn", "{count} turns", count).format(count=count)


def value_name(table: dict[str, str], value: str, fallback: str | None = None) -> str:
    """`table[value]` in the current language; an unknown value shows `fallback` (or itself)."""
    found = table.get(value)
    return _(found) if found is not None else (fallback if fallback is not None else value)


def month_name(number: int) -> str:
    """Month `number` (1-12)'s short name in the player's language."""
    return _(MONTH_NAMES[number - 1])
