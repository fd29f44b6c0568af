"""The editor's side panel as data: each tab is a list of `Row`s (a number, a choice, a switch,
a text, a button), each bound to a JSON path of the document. The scene draws and clicks them
(game/client/workshop/panel.py); building them needs no window, so tests read them too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.workshop import edits
from game.workshop.model import Document
from game.rules.levels.build import runes_below
from game.rules.levels.model import FALLBACK_RULES, MAX_TURNS

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
CARD_AIS = ("random", "easy", "medium", "hard")
GOMOKU_AIS = ("novice", "easy", "medium", "hard", "master")


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


def value_of(doc: Document, row: Row) -> Any:
    if row.path is None:
        return None
    value = doc.get(row.path)
    if row.numbers and isinstance(value, list):
        return ", ".join(str(v if not isinstance(v, dict) else v.get("card")) for v in value)
    return value


def apply(doc: Document, row: Row, value: Any) -> None:
    if row.numbers and isinstance(value, str):
        parts = [p.strip() for p in value.replace(";", ",").split(",") if p.strip()]
        value = [int(p) if p.isdigit() else p for p in parts] or None
    if row.setter is not None:
        row.setter(value)
    elif row.path is not None:
        edits.set_value(doc, row.path, value)


def tabs(doc: Document) -> tuple[str, ...]:
    """The settings panel's tabs for the document's game (its workshop editor's, game/workshop/kinds.py)."""
    from game.workshop.kinds import editor_kind

    return tuple(editor_kind(doc.kind).tab_rows())


def build(doc: Document, tab: str) -> list[Row]:
    """The rows of one tab, as the document's game builds them."""
    from game.workshop.kinds import editor_kind

    return editor_kind(doc.kind).tab_rows()[tab](doc)


# ---------------------------------------------------------------------------------- tabs


def _common_level_rows() -> list[Row]:
    return [
        Row("Id", "text", ("id",)),
        Row("Title", "text", ("title",)),
        Row("Summary", "text", ("summary",), optional=True),
        Row("Boss fight", "bool", ("boss",), default=False),
    ]


def gomoku_level_rows(doc: Document) -> list[Row]:
    """A gomoku level's settings: the rule, the board, who moves first and the AI it meets."""
    return _common_level_rows() + [
        Row("Rule", "choice", ("rule",), CHOICES["rule"], default="freestyle"),
        Row("Board size", "int", ("size",), default=15, low=15, high=20),
        Row("Who moves first", "choice", ("first",), CHOICES["first"], default="player"),
        Row("Opponent", "heading"),
        Row("Name", "text", ("opponent", "name"), optional=True, default="Opponent", indent=1),
        Row("Portrait", "text", ("opponent", "portrait"), optional=True, indent=1),
        Row("AI level", "choice", ("opponent", "ai"), GOMOKU_AIS, indent=1),
        Row(
            "Budget ms",
            "int",
            ("opponent", "budget_ms"),
            default=500,
            low=5,
            high=10000,
            indent=1,
            extra={"step": 50},
        ),
    ]


def level_rows(doc: Document) -> list[Row]:
    """A card level's settings: who starts, the rules and each side's health, mana, runes and deck."""
    rows = _common_level_rows() + [
        Row("Who starts", "choice", ("first",), CHOICES["first"], default="player"),
        Row("Starting turn", "int", ("turn",), default=1, optional=True, low=1, high=MAX_TURNS),
        Row("Lanes", "choice", ("rules", "lanes"), CHOICES["lanes"], default=1),
        Row("Card style", "choice", ("rules", "style"), CHOICES["style"], default="duelmind"),
        Row("Deck size", "int", ("rules", "deck_size"), optional=True, low=1, high=60),
    ]
    for side in edits.SIDES:
        rows += [
            Row("Your side" if side == "player" else "Opponent's side", "heading"),
            Row("Health", "int", (side, "health"), default=30, optional=True, low=1, high=99, indent=1),
            Row("Mana", "int", (side, "mana"), optional=True, low=1, high=12, indent=1),
            Row(
                "Runes",
                "int",
                (side, "runes"),
                default=default_runes(doc, side),
                optional=True,
                low=0,
                high=5,
                indent=1,
            ),
            Row(
                "Deck",
                "choice",
                (side, "deck", "kind"),
                ("fixed", "shuffled", "draft"),
                default="fixed",
                indent=1,
                setter=lambda kind, side=side: set_deck_kind(doc, side, kind),
            ),
            Row(
                "Opening draw",
                "bool",
                None,
                indent=1,
                setter=lambda on, side=side: set_opening_draw(doc, side, on),
                extra={"value": doc.get((side, "hand")) is None},
            ),
        ]
    return rows


def default_runes(doc: Document, side: str) -> int:
    """The runes standing when `runes` is left out: every rune below the side's starting health."""
    health = doc.get((side, "health"))
    valid = isinstance(health, int) and not isinstance(health, bool) and health >= 1
    return runes_below(health if valid else None)


def set_deck_kind(doc: Document, side: str, kind: str) -> None:
    deck = doc.get((side, "deck")) or {}
    cards = deck.get("cards") if isinstance(deck, dict) else None
    new = {"kind": kind, "pool": None, "picks": 30} if kind == "draft" else {"kind": kind, "cards": cards or []}
    new = {k: v for k, v in new.items() if v is not None}
    edits.set_value(doc, (side, "deck"), new, f"make {side}'s deck {kind}")


def set_opening_draw(doc: Document, side: str, on: bool) -> None:
    edits.set_value(doc, (side, "hand"), None if on else [], f"{'opening draw' if on else 'a set hand'} for {side}")


def objective_heading(doc: Document, index: int) -> Row:
    """The heading line of objective `index` (numbered from 1), with its remove button."""
    return Row(
        f"Objective {index + 1}",
        "heading",
        ("objectives", index),
        remove=lambda: edits.remove_item(doc, ("objectives",), index, f"objective {index + 1}"),
    )


def objective_rows(doc: Document) -> list[Row]:
    vocabulary = edits.objective_vocabulary(doc)
    rows = []
    for index, objective in enumerate(doc.get(("objectives",)) or []):
        if not isinstance(objective, dict):
            continue
        path = ("objectives", index)
        rows.append(objective_heading(doc, index))
        rows.append(
            Row(
                "Kind",
                "choice",
                path + ("kind",),
                tuple(vocabulary),
                indent=1,
                setter=lambda kind, i=index: edits.set_objective_kind(doc, i, kind),
            )
        )
        for key in vocabulary.get(objective.get("kind"), {}):
            if key == "label":
                rows.append(Row("Label", "text", path + (key,), indent=1))
            else:
                rows.append(Row(key.replace("_", " ").capitalize(), "int", path + (key,), low=1, high=400, indent=1))
        rows.append(Row("Required", "bool", path + ("required",), default=True, indent=1))
        rows.append(Row("Text", "text", path + ("text",), optional=True, indent=1))
    rows.append(Row("Add", "heading"))
    for kind in vocabulary:
        rows.append(
            Row(f"+ {kind.replace('_', ' ')}", "button", action=lambda k=kind: edits.add_objective(doc, k), indent=1)
        )
    return rows


def opponent_rows(doc: Document) -> list[Row]:
    rows = [
        Row("Name", "text", ("opponent", "name"), optional=True, default="Opponent"),
        Row("Portrait", "text", ("opponent", "portrait"), optional=True),
        Row(
            "Control",
            "choice",
            ("opponent", "control"),
            CHOICES["control"],
            default="scripted",
            setter=lambda c: edits.set_control(doc, c),
        ),
    ]
    if doc.get(("opponent", "control"), "scripted") == "ai":
        rows += [
            Row("AI level", "choice", ("opponent", "ai"), CARD_AIS),
            Row("Budget ms", "int", ("opponent", "budget_ms"), default=300, low=5, high=10000, extra={"step": 50}),
        ]
        return rows
    rows.append(Row("Fallback rules (in order)", "heading"))
    chosen = doc.get(("opponent", "rules")) or []
    for rule in FALLBACK_RULES:
        rows.append(
            Row(
                rule.replace("_", " "),
                "bool",
                None,
                indent=1,
                setter=lambda _, r=rule: edits.toggle_rule(doc, r),
                extra={"value": rule in chosen},
            )
        )
    for t, turn in enumerate(doc.get(("opponent", "script")) or []):
        path = ("opponent", "script", t)
        rows.append(
            Row(
                f"Script turn {t + 1}",
                "heading",
                path,
                remove=lambda t=t: edits.remove_item(doc, ("opponent", "script"), t, f"script turn {t + 1}"),
            )
        )
        rows.append(Row("Its turn", "int", path + ("turn",), low=1, high=50, indent=1))
        for a, _ in enumerate(turn.get("actions", []) if isinstance(turn, dict) else []):
            rows.append(
                Row(
                    f"Action {a + 1}",
                    "text",
                    path + ("actions", a),
                    indent=1,
                    remove=lambda t=t, a=a: edits.remove_item(
                        doc, ("opponent", "script", t, "actions"), a, f"action {a + 1}"
                    ),
                )
            )
        rows.append(Row("+ action", "button", action=lambda t=t: edits.add_script_action(doc, t), indent=1))
        rows.append(Row("Then", "choice", path + ("then",), CHOICES["then"], default="rules", indent=1))
    rows.append(Row("+ script turn", "button", action=lambda: edits.add_script_turn(doc)))
    return rows


def story_rows(doc: Document) -> list[Row]:
    rows = []
    for part in edits.STORY_PARTS:
        rows.append(Row({"before": "Before", "after": "After a win", "after_loss": "After a loss"}[part], "heading"))
        for index, _ in enumerate(doc.get(("story", part)) or []):
            path = ("story", part, index)
            rows.append(
                Row(
                    "Speaker",
                    "text",
                    path + ("speaker",),
                    indent=1,
                    remove=lambda p=part, i=index: edits.remove_line(doc, p, i),
                )
            )
            rows.append(Row("Portrait", "text", path + ("portrait",), optional=True, indent=2))
            rows.append(Row("Text", "text", path + ("text",), indent=2))
        rows.append(Row("+ line", "button", action=lambda p=part: edits.add_line(doc, p), indent=1))
    return rows


def _event_list_rows(doc: Document) -> list[Row]:
    rows = []
    for index, event in enumerate(doc.get(("events",)) or []):
        path = ("events", index)
        rows.append(
            Row(
                f"Event {index + 1}",
                "heading",
                path,
                remove=lambda i=index: edits.remove_item(doc, ("events",), i, f"event {i + 1}"),
            )
        )
        rows += tree_rows(doc, path, event, 1)
    return rows


def event_rows(doc: Document) -> list[Row]:
    """A card level's events, and a button for each thing an event can wait for."""
    rows = _event_list_rows(doc)
    for when in edits.EVENT_WHEN:
        rows.append(
            Row(f"+ event when {when.replace('_', ' ')}", "button", action=lambda w=when: edits.add_event(doc, w))
        )
    return rows


def gomoku_event_rows(doc: Document) -> list[Row]:
    """A gomoku level's events (after a move, lines said)."""
    add = {"after_move": 1, "say": {"speaker": "Narrator", "text": "..."}}
    return _event_list_rows(doc) + [Row("+ event", "button", action=lambda: _append(doc, ("events",), add))]


def campaign_rows(doc: Document) -> list[Row]:
    rows = [
        Row("Rewards", "heading"),
        Row("Unlocks levels", "text", ("rewards", "unlocks"), optional=True, numbers=True, indent=1),
        Row("Gives cards", "text", ("rewards", "cards"), optional=True, numbers=True, indent=1),
        Row("Message", "text", ("rewards", "message"), optional=True, indent=1),
    ]
    return rows


# Each game's settings panel: tab -> its rows, in the tabs' order (game/workshop/kinds.py names them).
CARD_TABS = {
    "Level": level_rows,
    "Objectives": objective_rows,
    "Opponent": opponent_rows,
    "Story": story_rows,
    "Events": event_rows,
    "Campaign": campaign_rows,
}
GOMOKU_TABS = {
    "Level": gomoku_level_rows,
    "Objectives": objective_rows,
    "Story": story_rows,
    "Events": gomoku_event_rows,
    "Campaign": campaign_rows,
}


def _append(doc: Document, path: tuple, value) -> None:
    with doc.edit("add an item"):
        doc.ensure(path, [])
        doc.insert(path, None, value)


def tree_rows(doc: Document, path: tuple, value, indent: int) -> list[Row]:
    """Rows for any JSON object: numbers, switches, texts, choices for the known words, a list of
    numbers as one text, nested objects and lists as headed groups."""
    rows: list[Row] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, item in items:
        here = path + (key,)
        name = str(key).replace("_", " ") if isinstance(key, str) else f"item {key + 1}"
        remove = (lambda p=path, k=key: edits.remove_item(doc, p, k)) if isinstance(key, int) else None
        if isinstance(item, bool):
            rows.append(Row(name, "bool", here, indent=indent, remove=remove))
        elif isinstance(item, int):
            rows.append(Row(name, "int", here, low=0, high=99, indent=indent, remove=remove))
        elif isinstance(item, str) and key in CHOICES:
            rows.append(Row(name, "choice", here, CHOICES[key], indent=indent))
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


def selection_rows(
    doc: Document, slot: edits.Slot, name: str, on_move: Callable[[str, str], Any], on_remove: Callable[[], Any]
) -> list[Row]:
    """The inspector of a placed card: its label, lane, readiness and stats, and where it can go."""
    path = slot.path()
    setter = lambda key: lambda value: edits.set_entry_field(doc, slot, key, value)  # noqa: E731
    rows = [
        Row(f"{name} ({edits.owner(slot.side)} {slot.zone})", "heading", path, remove=on_remove),
        Row("Label", "text", path + ("label",), optional=True, setter=setter("label"), indent=1),
    ]
    if slot.zone == "board":
        rows += [
            Row("Lane", "choice", path + ("lane",), (0, 1), default=0, setter=setter("lane"), indent=1),
            Row("Ready", "bool", path + ("ready",), default=True, setter=setter("ready"), indent=1),
            Row("Attack", "int", path + ("attack",), optional=True, low=0, high=99, setter=setter("attack"), indent=1),
            Row(
                "Defense", "int", path + ("defense",), optional=True, low=1, high=99, setter=setter("defense"), indent=1
            ),
        ]
    elif slot.zone == "deck":
        rows.append(
            Row(
                "Copies",
                "int",
                path + ("count",),
                default=1,
                optional=True,
                low=1,
                high=30,
                setter=setter("count"),
                indent=1,
            )
        )
    rows.append(Row("Move to", "heading"))
    for side in edits.SIDES:
        for zone in edits.ZONES:
            if (side, zone) != (slot.side, slot.zone):
                rows.append(
                    Row(f"{edits.owner(side)} {zone}", "button", indent=1, action=lambda s=side, z=zone: on_move(s, z))
                )
    return rows
