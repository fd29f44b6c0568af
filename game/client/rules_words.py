"""The rules' own sentences in the player's language: objectives the rules word
(game/rules/levels/objectives.py: "Win within 3 turns", "turn 2 of 3", "Objective failed: ..."),
the results' reasons and a boss's twist (game/rules/levels/modifiers.py).

The rules stay English (logs, `levels simulate`, the reports read them), so the client
translates their sentences where it shows them: each form the rules make is matched here and
said again with a marked string, the number in its plural form. A sentence not matched (a
level's own objective text, already in the player's language from the data's translations) is
shown as it is. tests/i18n/test_data_in_each_language.py checks that every sentence the shipped
levels make is matched, so a reworded rule shows up as a failing test, not as English on screen.
"""

from __future__ import annotations

import re
from typing import Callable

from game.i18n import _, ngettext, pgettext

Rule = tuple[re.Pattern, Callable[[re.Match], str]]


def _n(match: re.Match, group: str = "n") -> int:
    return int(match.group(group))


def _name(text: str) -> str:
    """A card's or a hero's name inside a rules sentence: a card name is the card files'."""
    from game.client.data_text import card_text

    return card_text(text)


def _whose(side: str, you: str, them: str, both: str) -> str:
    return {"you": you, "them": them}.get(side, both)


def _side(text: str) -> str:
    return "you" if text.startswith(("You", "your")) else "them" if "opponent" in text or "their" in text else "both"


_RULES: list[tuple[str, Callable[[re.Match], str]]] = [
    # ------------------------------------------------------------ objectives (objectives.describe)
    (r"Win", lambda m: pgettext("objective", "Win")),
    (
        r"Win within (?P<n>\d+) turns?",
        lambda m: ngettext("Win within {count} turn", "Win within {count} turns", _n(m)).format(count=_n(m)),
    ),
    (
        r"Win within (?P<n>\d+) moves?",
        lambda m: ngettext("Win within {count} move", "Win within {count} moves", _n(m)).format(count=_n(m)),
    ),
    (
        r"Find the forced win in (?P<n>\d+) moves?",
        lambda m: ngettext("Find the forced win in {count} move", "Find the forced win in {count} moves", _n(m)).format(
            count=_n(m)
        ),
    ),
    (
        r"Survive (?P<n>\d+) enemy turns?",
        lambda m: ngettext("Survive {count} enemy turn", "Survive {count} enemy turns", _n(m)).format(count=_n(m)),
    ),
    (
        r"Survive (?P<n>\d+) enemy moves?",
        lambda m: ngettext("Survive {count} enemy move", "Survive {count} enemy moves", _n(m)).format(count=_n(m)),
    ),
    (r"Clear the enemy board this turn", lambda m: _("Clear the enemy board this turn")),
    (
        r"Clear the enemy board by your turn (?P<n>\d+)",
        lambda m: _("Clear the enemy board by your turn {number}").format(number=_n(m)),
    ),
    (r"Keep (?P<name>.+) alive", lambda m: _("Keep {name} alive").format(name=_name(m.group("name")))),
    (
        r"Defeat every enemy hero by round (?P<n>\d+)",
        lambda m: _("Defeat every enemy hero by round {round}").format(round=_n(m)),
    ),
    (r"Defeat every enemy hero", lambda m: _("Defeat every enemy hero")),
    (
        r"Survive (?P<n>\d+) rounds?",
        lambda m: ngettext("Survive {count} round", "Survive {count} rounds", _n(m)).format(count=_n(m)),
    ),
    (r"Keep (?P<name>.+) standing", lambda m: _("Keep {name} standing").format(name=m.group("name"))),
    (
        r"Bring a hero to (?P<cell>\w+) by round (?P<n>\d+)",
        lambda m: _("Bring a hero to {cell} by round {round}").format(cell=m.group("cell"), round=_n(m)),
    ),
    (r"Bring a hero to (?P<cell>\w+)", lambda m: _("Bring a hero to {cell}").format(cell=m.group("cell"))),
    (
        r"Bring (?P<name>.+) to (?P<cell>\w+) by round (?P<n>\d+)",
        lambda m: _("Bring {name} to {cell} by round {round}").format(
            name=m.group("name"), cell=m.group("cell"), round=_n(m)
        ),
    ),
    (
        r"Bring (?P<name>.+) to (?P<cell>\w+)",
        lambda m: _("Bring {name} to {cell}").format(name=m.group("name"), cell=m.group("cell")),
    ),
    # ---------------------------------------------------------- an objective's detail (trackers)
    # TRANSLATORS: an objective's progress: the player's turn now, of the turns allowed.
    (r"turn (?P<a>\d+) of (?P<b>\d+)", lambda m: _("turn {turn} of {total}").format(turn=m["a"], total=m["b"])),
    (r"round (?P<a>\d+) of (?P<b>\d+)", lambda m: _("round {round} of {total}").format(round=m["a"], total=m["b"])),
    # TRANSLATORS: an objective's progress: the opponent's turns or moves survived, of those needed.
    (r"(?P<a>\d+) of (?P<b>\d+)", lambda m: _("{done} of {total}").format(done=m["a"], total=m["b"])),
    (
        r"(?P<n>\d+) moves? left",
        lambda m: ngettext("{count} move left", "{count} moves left", _n(m)).format(count=_n(m)),
    ),
    # ------------------------------------------------------------------- why the level ended
    (r"All objectives met\.", lambda m: _("All objectives met.")),
    (r"You lost the game\.", lambda m: _("You lost the game.")),
    (r"Missed: (?P<goal>.+)\.", lambda m: _("Missed: {objective}.").format(objective=_missed(m.group("goal")))),
    (r"Draw\.", lambda m: _("Draw.")),
    (r"The fight is over\.", lambda m: _("The fight is over.")),
    # ----------------------------------------------------------- a boss's twist (modifiers.py)
    (
        r"(?P<who>You draw|Your opponent draws|Both sides draw) two cards a turn\.",
        lambda m: _whose(
            _side(m["who"]),
            _("You draw two cards a turn."),
            _("Your opponent draws two cards a turn."),
            _("Both sides draw two cards a turn."),
        ),
    ),
    (
        r"(?P<who>You gain|Your opponent gains|Both sides gain) (?P<n>\d+) extra mana each turn\.",
        lambda m: _whose(
            _side(m["who"]),
            _("You gain {amount} extra mana each turn."),
            _("Your opponent gains {amount} extra mana each turn."),
            _("Both sides gain {amount} extra mana each turn."),
        ).format(amount=_n(m)),
    ),
    (
        r"(?P<where>Every lane is|The left lane is|The right lane is) cursed: (?P<whose>your creatures|your "
        r"opponent's creatures|a creature) there takes? (?P<n>\d+) damage each time (your turn ends|its side's turn "
        r"ends)\.",
        lambda m: _curse(m["where"], m["whose"]).format(damage=_n(m)),
    ),
    (
        r"(?:One point is|(?P<n>\d+) points are) sealed \(marked on the board\): no stone may be played there, and "
        r"no row can pass through (?:it|them)\.",
        lambda m: ngettext(
            "{count} point is sealed (marked on the board): no stone may be played there, and no row can pass "
            "through it.",
            "{count} points are sealed (marked on the board): no stone may be played there, and no row can pass "
            "through them.",
            int(m["n"] or 1),
        ).format(count=int(m["n"] or 1)),
    ),
    (
        r"A storm rises from round (?P<n>\d+): every hero takes (?P<d>\d+) damage at the start of its turn, "
        r"(?P=d) more each round after\.",
        lambda m: _(
            "A storm rises from round {round}: every hero takes {damage} damage at the start of its turn, {damage} "
            "more each round after."
        ).format(round=_n(m), damage=m["d"]),
    ),
    # A Connect Four level's kind on the campaign map (game/rules/connect4/level.py: kind_text).
    (
        r"Connect Four puzzle: win in (?P<n>\d+)",
        lambda m: ngettext(
            "Connect Four puzzle: win in {count} move", "Connect Four puzzle: win in {count} moves", _n(m)
        ).format(count=_n(m)),
    ),
    (
        r"Connect Four, (?P<c>\d+)x(?P<r>\d+)",
        lambda m: _("Connect Four, {columns}×{rows}").format(columns=m["c"], rows=m["r"]),
    ),
    # The twist in a few words, on the campaign map (modifiers.twist_short); parts joined by ", ".
    (r"you draw two a turn", lambda m: _("you draw two a turn")),
    (r"your opponent draws two", lambda m: _("your opponent draws two")),
    (r"both sides draw two a turn", lambda m: _("both sides draw two a turn")),
    (r"your mana surges", lambda m: _("your mana surges")),
    (r"their mana surges", lambda m: _("their mana surges")),
    (r"mana surges", lambda m: _("mana surges")),
    (r"a cursed board", lambda m: _("a cursed board")),
    (r"a cursed left lane", lambda m: _("a cursed left lane")),
    (r"a cursed right lane", lambda m: _("a cursed right lane")),
    (
        r"(?P<n>\d+) sealed points?",
        lambda m: ngettext("{count} sealed point", "{count} sealed points", _n(m)).format(count=_n(m)),
    ),
    (r"a storm from round (?P<n>\d+)", lambda m: _("a storm from round {round}").format(round=_n(m))),
]

_COMPILED: list[Rule] = [(re.compile(pattern + r"\Z"), word) for pattern, word in _RULES]


def _curse(where: str, whose: str) -> str:
    lane = "every" if where.startswith("Every") else "left" if "left" in where else "right"
    side = "you" if whose == "your creatures" else "them" if "opponent" in whose else "both"
    table = {
        ("every", "you"): _(
            "Every lane is cursed: your creatures there take {damage} damage each time your turn ends."
        ),
        ("every", "them"): _(
            "Every lane is cursed: your opponent's creatures there take {damage} damage each time its side's turn ends."
        ),
        ("every", "both"): _(
            "Every lane is cursed: a creature there takes {damage} damage each time its side's turn ends."
        ),
        ("left", "you"): _(
            "The left lane is cursed: your creatures there take {damage} damage each time your turn ends."
        ),
        ("left", "them"): _(
            "The left lane is cursed: your opponent's creatures there take {damage} damage each time its side's "
            "turn ends."
        ),
        ("left", "both"): _(
            "The left lane is cursed: a creature there takes {damage} damage each time its side's turn ends."
        ),
        ("right", "you"): _(
            "The right lane is cursed: your creatures there take {damage} damage each time your turn ends."
        ),
        ("right", "them"): _(
            "The right lane is cursed: your opponent's creatures there take {damage} damage each time its side's "
            "turn ends."
        ),
        ("right", "both"): _(
            "The right lane is cursed: a creature there takes {damage} damage each time its side's turn ends."
        ),
    }
    return table[(lane, side)]


def _missed(goal: str) -> str:
    """The objective in "Missed: ..." (the rules lower its first letter)."""
    words = translate(goal[:1].upper() + goal[1:])
    return words[:1].lower() + words[1:]


def translate(text: str) -> str:
    """`text`, a sentence the rules make, in the player's language; any other text as it is."""
    whole = _match(text)
    if whole is None and ", " in text:  # the map's short twist: its parts, each worded
        parts = text.split(", ")
        if all(_match(part) is not None for part in parts):
            return _(", ").join(_match(part) or part for part in parts)
    return whole or text


def _match(text: str) -> str | None:
    for pattern, word in _COMPILED:
        found = pattern.match(text)
        if found is not None:
            return word(found)
    return None


def known(text: str) -> bool:
    """Whether `text` is one of the rules' sentences this module words (for the tests)."""
    return _match(text) is not None or ", " in text and all(_match(part) is not None for part in text.split(", "))


def progress_words(text: str, title_of: Callable[[str], str]) -> str:
    """A problem with the player's progress files (game/rules/saves/progress.py: English, naming
    files and level ids) as a player reads it, in the language; `title_of` names a level by id."""
    if text.startswith("Your campaign progress could not be read"):
        return _("Your campaign progress could not be read, so it starts anew; the unreadable file is kept.")
    found = re.match(r"Your saved game of (?P<id>[a-z0-9_]+) could not be read", text)
    if found is not None:
        return _(
            "Your saved game of {level} could not be read, so the level starts anew; the unreadable file is kept."
        ).format(level=title_of(found["id"]))
    return text
