"""A row of the editor's side panel, as data (a number, a choice, a switch, a text, a button, a
heading, a note), the known choices in words, and rows for any JSON object (the raw fields).
The forms (`forms`, `skirmish_forms`, the pickers' lists, the event and script builder) build
their tabs from these; this module imports none of them, so they never import in a circle.
Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.i18n import N_, _
from game.workshop import edits
from game.workshop.model import Document

CHOICES: dict[str, tuple] = {
    "first": ("player", "opponent"),
    "side": ("player", "opponent"),
    "control": ("scripted", "ai"),
    "style": ("plain", "duelmind"),
    "rule": ("freestyle", "standard", "renju"),
    "then": ("rules", "end"),
    "lanes": (1, 2),
    "order": ("sequential", "open"),
}
# The known choices in words, as their lists show them (a value missing here shows as itself).
# English here (marked), translated by `named` when a row is made: rows are made anew after a
# language switch.
CHOICE_NAMES: dict[str, dict] = {
    "first": {"player": N_("You"), "opponent": N_("The opponent")},
    "side": {"player": N_("You"), "opponent": N_("The opponent")},
    "control": {"scripted": N_("Scripted (script, then rules)"), "ai": N_("An AI")},
    "style": {"plain": N_("Plain (LOCM cards)"), "duelmind": N_("Duelmind (all cards)")},
    "rule": {"freestyle": N_("Freestyle"), "standard": N_("Standard"), "renju": N_("Renju")},
    "then": {"rules": N_("Play the fallback rules"), "end": N_("End the turn")},
    "lanes": {1: N_("One lane"), 2: N_("Two lanes")},
    "deck": {"fixed": N_("Fixed order"), "shuffled": N_("Shuffled"), "draft": N_("Drafted")},
    "order": {"sequential": N_("One after another"), "open": N_("In any order")},
}
# The AIs' levels in words (the same words as the rest of the game's, game/client/value_names.py).
AI_NAMES = {
    "random": N_("Random"),
    "novice": N_("Novice"),
    "easy": N_("Easy"),
    "greedy": N_("Greedy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "master": N_("Master"),
}
OBJECTIVE_NAMES = {
    "win": N_("Win"),
    "win_within": N_("Win within N turns"),
    "survive": N_("Survive"),
    "clear_board": N_("Clear the enemy board"),
    "keep_alive": N_("Keep a creature alive"),
    "forced_win": N_("Force a win in N moves"),
    "defeat_all": N_("Defeat every enemy"),
    "protect": N_("Protect a hero"),
    "reach": N_("Reach a cell"),
}

# The buttons adding an objective, by kind (a kind missing here shows as "+ " and its words).
ADD_OBJECTIVE = {
    "win": N_("+ win"),
    "win_within": N_("+ win within"),
    "survive": N_("+ survive"),
    "clear_board": N_("+ clear board"),
    "keep_alive": N_("+ keep alive"),
    "forced_win": N_("+ forced win"),
    "defeat_all": N_("+ defeat all"),
    "protect": N_("+ protect"),
    "reach": N_("+ reach"),
}


def add_objective_label(kind: str) -> str:
    return _(ADD_OBJECTIVE[kind]) if kind in ADD_OBJECTIVE else "+ " + kind.replace("_", " ")


def named(table: dict) -> dict:
    """A table of marked English names, in the current language."""
    return {key: _(name) for key, name in table.items()}


def choice(label: str, path: tuple, key: str, **options) -> Row:
    """A choice row of a known word (`CHOICES[key]`), its values in words."""
    return Row(label, "choice", path, CHOICES[key], names=named(CHOICE_NAMES.get(key, {})), **options)


@dataclass
class Row:
    label: str
    kind: str  # "int" | "choice" | "bool" | "text" | "button" | "heading" | "note"
    path: tuple | None = None
    choices: tuple = ()
    default: Any = None  # shown (dimmed) when the value is absent
    optional: bool = False  # the value may be removed (None)
    low: int = 0
    high: int = 99
    action: Callable[[], Any] | None = None  # a button's click
    remove: Callable[[], Any] | None = None  # the row's x
    indent: int = 0
    setter: Callable[[Any], Any] | None = None  # instead of setting `path`
    numbers: bool = False  # a text of comma-separated numbers (a list of card ids)
    extra: dict = field(default_factory=dict)
    # A choice's values in words ("defeat_all" -> "Defeat every enemy"): the list shows these.
    names: dict = field(default_factory=dict)
    # How a choice is picked: "" a list, "portrait" a grid of previews, "card" a filtered card list.
    picker: str = ""


def words_of(row: Row, value: Any) -> str:
    """A choice's value as the panel and its list show it."""
    if value is None:
        return ""
    try:
        return str(row.names.get(value, value))
    except TypeError:  # a value of the wrong shape (an object where a word belongs): shown as it is
        return str(value)


def tree_rows(doc: Document, path: tuple, value, indent: int) -> list[Row]:
    """Rows for any JSON object: numbers, switches, texts, choices for the known words, a list of
    numbers as one text, nested objects and lists as headed groups."""
    rows: list[Row] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, item in items:
        here = path + (key,)
        name = str(key).replace("_", " ") if isinstance(key, str) else _("item {number}").format(number=key + 1)
        remove = (lambda p=path, k=key: edits.remove_item(doc, p, k)) if isinstance(key, int) else None
        if isinstance(item, bool):
            rows.append(Row(name, "bool", here, indent=indent, remove=remove))
        elif isinstance(item, int):
            rows.append(Row(name, "int", here, low=0, high=99, indent=indent, remove=remove))
        elif isinstance(item, str) and key in CHOICES:
            rows.append(choice(name, here, key, indent=indent))
        elif isinstance(item, str):
            rows.append(Row(name, "text", here, indent=indent, remove=remove))
        elif isinstance(item, list) and all(
            isinstance(v, int) or isinstance(v, dict) and set(v) <= {"card"} for v in item
        ):
            rows.append(Row(name, "text", here, numbers=True, indent=indent))
        elif isinstance(item, (dict, list)):
            rows.append(Row(name, "heading", here, indent=indent, remove=remove))
            rows += tree_rows(doc, here, item, indent + 1)
    return rows
