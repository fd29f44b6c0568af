"""The editor's side panel as data: each tab is a list of `Row`s (a number, a choice, a switch,
a text, a button), each bound to a JSON path of the document. The scene draws and clicks them
(game/client/workshop/panel.py); building them needs no window, so tests read them too.
"""

from __future__ import annotations

from game.i18n import N_, _

from typing import Any, Callable

from game.workshop import deck_forms, edits, event_edits, event_forms, pick_lists, script_forms
from game.workshop.model import Document
from game.workshop.rows import (
    AI_NAMES,
    CHOICE_NAMES,
    CHOICES,
    OBJECTIVE_NAMES,
    Row,
    add_objective_label,
    choice,
    named,
    tree_rows,
    words_of,
)

__all__ = ["CHOICE_NAMES", "CHOICES", "OBJECTIVE_NAMES", "Row", "choice", "tree_rows", "words_of"]
from game.workshop.modifier_forms import card_twist_rows, gomoku_twist_rows
from game.rules.levels.build import runes_below
from game.rules.levels.model import FALLBACK_RULES, MAX_TURNS

CARD_AIS = ("random", "easy", "medium", "hard")
PLACES = edits.PLACES  # a placed card's place in words
# An objective's numbers, as its rows name them (a key missing here shows as itself).
PARAMETER_NAMES = {"turns": N_("Turns"), "moves": N_("Moves"), "by_turn": N_("By turn")}
# Gomoku counts in moves, not turns: the one objective whose name says the unit.
OBJECTIVE_NAMES_IN_MOVES = {"win_within": N_("Win within N moves")}
GOMOKU_AIS = ("novice", "easy", "medium", "hard", "master")


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
    elif row.path is not None and row.kind == "choice":
        # A pick from a list is one edit named by what was picked ("AI level: hard").
        label = (
            _("{field}: {value}").format(field=row.label.lower(), value=words_of(row, value))
            if value is not None
            else _("clear {field}").format(field=row.label.lower())
        )
        edits.set_value(doc, row.path, value, label)
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
        Row(_("Id"), "text", ("id",)),
        Row(_("Title"), "text", ("title",)),
        Row(_("Summary"), "text", ("summary",), optional=True),
        Row(_("Boss fight"), "bool", ("boss",), default=False),
    ]


def gomoku_level_rows(doc: Document) -> list[Row]:
    """A gomoku level's settings: the rule, the board, who moves first and the AI it meets."""
    return _common_level_rows() + [
        choice(_("Rule"), ("rule",), "rule", default="freestyle"),
        Row(_("Board size"), "int", ("size",), default=15, low=15, high=20),
        choice(_("Who moves first"), ("first",), "first", default="player"),
        Row(_("Opponent"), "heading"),
        Row(_("Name"), "text", ("opponent", "name"), optional=True, default="Opponent", indent=1),
        _portrait(doc, ("opponent", "portrait"), 1),
        Row(_("AI level"), "choice", ("opponent", "ai"), GOMOKU_AIS, indent=1, names=named(AI_NAMES)),
        Row(
            _("Budget ms"),
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
        choice(_("Who starts"), ("first",), "first", default="player"),
        Row(_("Starting turn"), "int", ("turn",), default=1, optional=True, low=1, high=MAX_TURNS),
        choice(_("Lanes"), ("rules", "lanes"), "lanes", default=1),
        choice(_("Card style"), ("rules", "style"), "style", default="duelmind"),
        Row(_("Deck size"), "int", ("rules", "deck_size"), optional=True, low=1, high=60),
    ]
    for side in edits.SIDES:
        rows += [
            Row(_("Your side") if side == "player" else _("Opponent's side"), "heading"),
            Row(_("Health"), "int", (side, "health"), default=30, optional=True, low=1, high=99, indent=1),
            Row(_("Mana"), "int", (side, "mana"), optional=True, low=1, high=12, indent=1),
            Row(
                _("Runes"),
                "int",
                (side, "runes"),
                default=default_runes(doc, side),
                optional=True,
                low=0,
                high=5,
                indent=1,
            ),
            *deck_forms.deck_rows(doc, side),  # with a player deck's own rows (game/workshop/deck_forms.py)
            Row(
                _("Opening draw"),
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


def set_opening_draw(doc: Document, side: str, on: bool) -> None:
    if side == "player":
        label = _("opening draw for player") if on else _("a set hand for player")
    else:
        label = _("opening draw for opponent") if on else _("a set hand for opponent")
    edits.set_value(doc, (side, "hand"), None if on else [], label)


def objective_heading(doc: Document, index: int) -> Row:
    """The heading line of objective `index` (numbered from 1), with its remove button."""
    return Row(
        _("Objective {number}").format(number=index + 1),
        "heading",
        ("objectives", index),
        remove=lambda: edits.remove_item(doc, ("objectives",), index, _("objective {number}").format(number=index + 1)),
    )


def objective_names(vocabulary) -> dict[str, str]:
    """The objective kinds in words, counted in the game's own unit ("Win within N moves": gomoku)."""
    names = {}
    for kind, params in vocabulary.items():
        table = OBJECTIVE_NAMES_IN_MOVES if "moves" in params and kind in OBJECTIVE_NAMES_IN_MOVES else OBJECTIVE_NAMES
        names[kind] = _(table[kind]) if kind in table else kind
    return names


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
                _("Kind"),
                "choice",
                path + ("kind",),
                tuple(vocabulary),
                indent=1,
                setter=lambda kind, i=index: edits.set_objective_kind(doc, i, kind),
                names=objective_names(vocabulary),
            )
        )
        for key in vocabulary.get(objective.get("kind"), {}):
            if key == "label":
                rows.append(
                    pick_lists.label_row(
                        doc, _("Creature (label)"), path + (key,), pick_lists.card_labels(doc, "player")
                    )
                )
            else:
                name = _(PARAMETER_NAMES[key]) if key in PARAMETER_NAMES else key.replace("_", " ").capitalize()
                rows.append(Row(name, "int", path + (key,), low=1, high=400, indent=1))
        rows.append(Row(_("Required"), "bool", path + ("required",), default=True, indent=1))
        rows.append(Row(_("Text"), "text", path + ("text",), optional=True, indent=1))
    rows.append(Row(_("Add"), "heading"))
    for kind in vocabulary:
        rows.append(
            Row(
                add_objective_label(kind),
                "button",
                action=lambda k=kind: edits.add_objective(doc, k),
                indent=1,
            )
        )
    return rows


def opponent_rows(doc: Document) -> list[Row]:
    if script_forms.open_place(doc) is not None:
        return script_forms.script_rows(doc)  # a script action open in the builder
    rows = [
        Row(_("Name"), "text", ("opponent", "name"), optional=True, default="Opponent"),
        _portrait(doc, ("opponent", "portrait"), 0),
        choice(
            _("Control"),
            ("opponent", "control"),
            "control",
            default="scripted",
            setter=lambda c: edits.set_control(doc, c),
        ),
    ]
    if doc.get(("opponent", "control"), "scripted") == "ai":
        rows += [
            Row(_("AI level"), "choice", ("opponent", "ai"), CARD_AIS, names=named(AI_NAMES)),
            Row(_("Budget ms"), "int", ("opponent", "budget_ms"), default=300, low=5, high=10000, extra={"step": 50}),
        ]
        return rows
    rows.append(Row(_("Fallback rules (in order)"), "heading"))
    chosen = doc.get(("opponent", "rules")) or []
    for rule in FALLBACK_RULES:
        rows.append(
            Row(
                rule.replace("_", " "),
                "bool",
                None,
                indent=1,
                setter=lambda _on, r=rule: edits.toggle_rule(doc, r),
                extra={"value": rule in chosen},
            )
        )
    return rows + script_forms.script_rows(doc)


def story_rows(doc: Document) -> list[Row]:
    rows = []
    for part in edits.STORY_PARTS:
        rows.append(
            Row({"before": _("Before"), "after": _("After a win"), "after_loss": _("After a loss")}[part], "heading")
        )
        for index, _line in enumerate(doc.get(("story", part)) or []):
            path = ("story", part, index)
            rows.append(
                Row(
                    _("Speaker"),
                    "text",
                    path + ("speaker",),
                    indent=1,
                    remove=lambda p=part, i=index: edits.remove_line(doc, p, i),
                )
            )
            rows.append(_portrait(doc, path + ("portrait",), 2, str(doc.get(path + ("speaker",)) or "")))
            rows.append(Row(_("Text"), "text", path + ("text",), indent=2))
        rows.append(Row(_("+ line"), "button", action=lambda p=part: edits.add_line(doc, p), indent=1))
    return rows


def _event_list_rows(doc: Document) -> list[Row]:
    rows = []
    for index, event in enumerate(doc.get(("events",)) or []):
        path = ("events", index)
        rows.append(
            Row(
                _("Event {number}").format(number=index + 1),
                "heading",
                path,
                remove=lambda i=index: edits.remove_item(doc, ("events",), i, _("event {number}").format(number=i + 1)),
            )
        )
        rows += tree_rows(doc, path, event, 1)
    return rows


def event_rows(doc: Document) -> list[Row]:
    """A card level's events: listed in words, each opened in the event builder (game/workshop/event_forms.py)."""
    return event_forms.event_rows(doc)


def reveal(doc: Document, parts: tuple) -> None:
    """Open the event or script action a problem is about in its builder."""
    event_forms.reveal(doc, parts)


def view_key(doc: Document) -> tuple:
    """What the panel shows of the document besides its data (the event or script action open)."""
    return event_edits.view_key(doc)


def gomoku_event_rows(doc: Document) -> list[Row]:
    """A gomoku level's events (after a move, lines said)."""
    add = {"after_move": 1, "say": {"speaker": "Narrator", "text": "..."}}
    return _event_list_rows(doc) + [Row(_("+ event"), "button", action=lambda: _append(doc, ("events",), add))]


def campaign_rows(doc: Document) -> list[Row]:
    rows = [
        Row(_("Rewards"), "heading"),
    ]
    rows += pick_lists.level_list_rows(doc, _("Unlocks levels"), ("rewards", "unlocks"))
    rows += pick_lists.card_list_rows(doc, _("Gives cards"), ("rewards", "cards"), indent=1)
    rows += [
        Row(_("Message"), "text", ("rewards", "message"), optional=True, indent=1),
    ]
    return rows


# Each game's settings panel: tab -> its rows, in the tabs' order (game/workshop/kinds.py names them).
CARD_TABS = {
    N_("Level"): level_rows,
    N_("Objectives"): objective_rows,
    N_("Opponent"): opponent_rows,
    N_("Story"): story_rows,
    N_("Events"): event_rows,
    N_("Twist"): lambda doc: card_twist_rows(doc, Row),
    N_("Campaign"): campaign_rows,
}
GOMOKU_TABS = {
    N_("Level"): gomoku_level_rows,
    N_("Objectives"): objective_rows,
    N_("Story"): story_rows,
    N_("Events"): gomoku_event_rows,
    N_("Twist"): lambda doc: gomoku_twist_rows(doc, Row),
    N_("Campaign"): campaign_rows,
}


def _portrait(doc: Document, path: tuple, indent: int, speaker: str = "") -> Row:
    return pick_lists.portrait_row(doc, _("Portrait"), path, indent, speaker)


def _append(doc: Document, path: tuple, value) -> None:
    with doc.edit(_("add an item")):
        doc.ensure(path, [])
        doc.insert(path, None, value)


def selection_rows(
    doc: Document, slot: edits.Slot, name: str, on_move: Callable[[str, str], Any], on_remove: Callable[[], Any]
) -> list[Row]:
    """The inspector of a placed card: its label, lane, readiness and stats, and where it can go."""
    path = slot.path()
    setter = lambda key: lambda value: edits.set_entry_field(doc, slot, key, value)  # noqa: E731
    rows = [
        Row(
            _("{card} ({place})").format(card=name, place=_(PLACES[(slot.side, slot.zone)])),
            "heading",
            path,
            remove=on_remove,
        ),
        Row(_("Label"), "text", path + ("label",), optional=True, setter=setter("label"), indent=1),
    ]
    if slot.zone == "board":
        rows += [
            Row(
                _("Lane"),
                "choice",
                path + ("lane",),
                (0, 1),
                default=0,
                setter=setter("lane"),
                indent=1,
                names={0: _("First lane"), 1: _("Second lane")},
            ),
            Row(_("Ready"), "bool", path + ("ready",), default=True, setter=setter("ready"), indent=1),
            Row(
                _("Attack"), "int", path + ("attack",), optional=True, low=0, high=99, setter=setter("attack"), indent=1
            ),
            Row(
                _("Defense"),
                "int",
                path + ("defense",),
                optional=True,
                low=1,
                high=99,
                setter=setter("defense"),
                indent=1,
            ),
        ]
    elif slot.zone == "deck":
        rows.append(
            Row(
                _("Copies"),
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
    rows.append(Row(_("Move to"), "heading"))
    for side in edits.SIDES:
        for zone in edits.ZONES:
            if (side, zone) != (slot.side, slot.zone):
                rows.append(
                    Row(_(PLACES[(side, zone)]), "button", indent=1, action=lambda s=side, z=zone: on_move(s, z))
                )
    return rows
