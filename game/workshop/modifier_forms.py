"""The workshop's Twist tab: a boss level's rule twist (game/rules/levels/modifiers.py) as rows,
one set per game. Each change is one edit; a twist left with nothing in it is taken out of the
file (an empty `twist` would not validate), so switching every part off is the same as never
having set one.

Rows are made by the `row` factory the tab table passes (`game.workshop.forms.Row`): forms.py
names these functions in its tab tables, so this module does not import it (no import circle).
"""

from __future__ import annotations

from game.i18n import N_, _
from game.workshop.rows import named


import re
from typing import Any, Callable

from game.rules.levels.modifiers import pattern_points
from game.workshop.model import MISSING, Document

SIDES = ("both", "player", "opponent")
SIDE_NAMES = {"both": N_("Both sides"), "player": N_("You"), "opponent": N_("The opponent")}
LANE_NAMES = {0: N_("Left lane (the only one on one lane)"), 1: N_("Right lane")}
PATTERNS = ("centre", "star_points", "cross", "ring")
PATTERN_NAMES = {
    "centre": N_("The centre point"),
    "star_points": N_("The centre and the four stars"),
    "cross": N_("A cross in the middle (5)"),
    "ring": N_("A ring round the middle (8)"),
}


def set_twist(doc: Document, path: tuple, value: Any, label: str) -> None:
    """Set (or, for None, remove) one part of the twist as one edit (named by `label`, marked
    English); an empty twist goes."""
    with doc.edit(_(label)):
        if value is not None:
            for depth in range(1, len(path)):
                doc.ensure(path[:depth], {})
        if value is not None or doc.get(path, MISSING) is not MISSING:
            doc.set(path, MISSING if value is None else value)
        if doc.get(("twist",), MISSING) == {}:
            doc.set(("twist",), MISSING)


def _twist(doc: Document) -> dict:
    twist = doc.get(("twist",))
    return twist if isinstance(twist, dict) else {}


def card_twist_rows(doc: Document, Row: Callable[..., Any]) -> list:
    """Double draw, mana surge and a cursed lane: each off until a side (or lane) is chosen."""
    twist = _twist(doc)
    rows = [
        Row(_("Double draw"), "heading"),
        Row(
            _("Draws two a turn"),
            "choice",
            ("twist", "double_draw"),
            SIDES,
            optional=True,
            indent=1,
            names=named(SIDE_NAMES),
            setter=lambda side: set_twist(doc, ("twist", "double_draw"), side, N_("double draw")),
        ),
        Row(_("Mana surge"), "heading"),
        Row(
            _("Gains extra mana"),
            "choice",
            ("twist", "mana_surge", "side"),
            SIDES,
            optional=True,
            indent=1,
            names=named(SIDE_NAMES),
            setter=lambda side: set_twist(
                doc, ("twist", "mana_surge"), None if side is None else {**_surge(doc), "side": side}, N_("mana surge")
            ),
        ),
    ]
    if isinstance(twist.get("mana_surge"), dict):
        rows.append(Row(_("Extra mana"), "int", ("twist", "mana_surge", "amount"), default=1, low=1, high=5, indent=1))
    rows += [
        Row(_("Cursed lane"), "heading"),
        Row(
            _("Lane"),
            "choice",
            ("twist", "cursed_lane", "lane"),
            (0, 1),
            optional=True,
            indent=1,
            names=named(LANE_NAMES),
            setter=lambda lane: set_twist(
                doc,
                ("twist", "cursed_lane"),
                None if lane is None else {**_curse(doc), "lane": lane},
                N_("cursed lane"),
            ),
        ),
    ]
    if isinstance(twist.get("cursed_lane"), dict):
        rows += [
            Row(_("Damage"), "int", ("twist", "cursed_lane", "damage"), default=1, low=1, high=9, indent=1),
            Row(
                _("Hurts"),
                "choice",
                ("twist", "cursed_lane", "side"),
                SIDES,
                default="both",
                indent=1,
                names=named(SIDE_NAMES),
            ),
        ]
    return rows


def _surge(doc: Document) -> dict:
    surge = _twist(doc).get("mana_surge")
    return dict(surge) if isinstance(surge, dict) else {}


def _curse(doc: Document) -> dict:
    curse = _twist(doc).get("cursed_lane")
    return dict(curse) if isinstance(curse, dict) else {}


def points_text(points: Any) -> str:
    """Listed points as the row shows them: "3,3; 11,11"."""
    return "; ".join(str(p).replace(" ", "") for p in points) if isinstance(points, list) else ""


def parse_points(text: str | None) -> list[str] | None:
    """What a designer typed ("3,3; 11,11" or "3,3 11,11") as the file's list; None when empty.
    A malformed entry is kept as typed, so validation names it."""
    if not text:
        return None
    parts = re.findall(r"\d+\s*,\s*\d+|[^\s;,][^\s;]*", text)  # "x, y" pairs first, anything else as typed
    return [part.replace(" ", "") for part in parts] or None


def sealed_points(doc: Document) -> list[tuple[int, int]]:
    """The twist's sealed points of a gomoku document as the editor's board draws them: the
    pattern's and the listed ones on the board (a malformed entry is skipped; validation names it)."""
    twist, size = _twist(doc), doc.get(("size",), 15)
    size = size if isinstance(size, int) else 15
    pattern = twist.get("pattern")
    points = pattern_points(pattern if isinstance(pattern, str) else None, size)
    for text in twist.get("blocked") or []:
        match = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", str(text))
        if match:
            points.append((int(match[1]), int(match[2])))
    return [p for p in dict.fromkeys(points) if 0 <= p[0] < size and 0 <= p[1] < size]


def gomoku_twist_rows(doc: Document, Row: Callable[..., Any]) -> list:
    """Sealed points: a named pattern and/or listed points."""
    return [
        Row(_("Sealed points"), "heading"),
        Row(
            _("Pattern"),
            "choice",
            ("twist", "pattern"),
            PATTERNS,
            optional=True,
            indent=1,
            names=named(PATTERN_NAMES),
            setter=lambda pattern: set_twist(doc, ("twist", "pattern"), pattern, N_("sealed pattern")),
        ),
        Row(
            'Points ("x,y; x,y")',
            "text",
            None,
            optional=True,
            indent=1,
            setter=lambda text: set_twist(doc, ("twist", "blocked"), parse_points(text), N_("sealed points")),
            extra={"value": points_text(_twist(doc).get("blocked"))},
        ),
        Row(_("No stone there, no row through one."), "note", indent=1),
    ]


def skirmish_twist_rows(doc: Document, Row: Callable[..., Any]) -> list:
    """The storm: from which round, and how hard it starts (each later round adds as much again)."""
    rows = [
        Row(_("Storm"), "heading"),
        Row(
            _("From round"),
            "int",
            ("twist", "storm_from_round"),
            optional=True,
            low=1,
            high=99,
            indent=1,
            setter=lambda round_: set_twist(
                doc, ("twist",), None if round_ is None else {**_twist(doc), "storm_from_round": round_}, N_("storm")
            ),
        ),
    ]
    if "storm_from_round" in _twist(doc):
        rows.append(Row(_("Damage"), "int", ("twist", "storm_damage"), default=2, low=1, high=50, indent=1))
    rows.append(Row(_("No round: the arena's own storm."), "note", indent=1))
    return rows
