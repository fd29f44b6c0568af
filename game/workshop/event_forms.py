"""The event builder's rows: the Events tab lists a level's scripted events, one sentence each
("at the opponent's turn 3, Voss says ..."); a click opens one in the builder: when it happens
(a card level: at a turn, when a side's health drops to N, when a labelled creature dies, when a
board is empty; a skirmish level: at a round, when a labelled hero falls, when a labelled hero's
health drops to N) and what it does (card levels: say a line, give cards, summon a creature;
skirmish levels: lines said), every label, card and portrait picked from a list. The raw fields
stay one click away; an open event is copied (to paste here or into another level of the same
game) or duplicated. The edits they make are game/workshop/event_edits.py's. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import _

from game.workshop import edits, event_edits as ev, pick_lists
from game.workshop.model import Document
from game.workshop.rows import Row, named, tree_rows


def reveal(doc: Document, parts: tuple) -> None:
    """A problem clicked in an event (or a script action) opens it in its builder."""
    if len(parts) >= 2 and parts[0] == "events" and isinstance(parts[1], int):
        ev.open_event(doc, parts[1])
    elif len(parts) >= 5 and parts[:2] == ("opponent", "script") and parts[3] == "actions":
        ev.open_action(doc, parts[2], parts[4])


def event_rows(doc: Document, skirmish: bool = False) -> list[Row]:
    """The Events tab: the list of events, or the open one in the builder."""
    index = ev.open_index(doc)
    if index is not None:
        return builder_rows(doc, index, skirmish)
    rows: list[Row] = []
    for i, event in enumerate(doc.get(("events",)) or []):
        rows.append(
            Row(
                _("{number}. {event}").format(number=i + 1, event=ev.describe_event(doc, event)),
                "button",
                ("events", i),
                action=lambda i=i: ev.open_event(doc, i),
                remove=lambda i=i: ev.remove_event(doc, i),
                extra={"wide": True},
            )
        )
    if not rows:
        rows.append(Row(_("No events yet: add one below"), "note"))
    rows.append(Row(_("Add an event"), "heading"))
    if not ev.paste_refusal(doc):  # an event copied here or in another level of this game
        rows.append(Row(_("+ paste the copied event"), "button", action=lambda: ev.paste_event(doc), indent=1))
    for kind, words in (ev.SKIRMISH_ADD if skirmish else ev.CARD_ADD).items():
        rows.append(Row(_(words), "button", action=lambda k=kind: ev.add_event(doc, k, skirmish), indent=1))
    return rows


def builder_rows(doc: Document, index: int, skirmish: bool) -> list[Row]:
    path = ("events", index)
    event = doc.get(path)
    count = len(doc.get(("events",)) or [])
    rows = [
        Row(_("< All events"), "button", action=lambda: ev.open_event(doc, None)),
        Row(_("Event {number}").format(number=index + 1), "heading", path, remove=lambda: ev.remove_event(doc, index)),
        Row(ev.describe_event(doc, event), "note", indent=1),
    ]
    if ev.view(doc)["raw"]:
        rows.append(Row(_("Menus"), "button", action=lambda: ev.toggle_raw(doc), indent=1))
        return rows + tree_rows(doc, path, event, 1)
    rows += when_rows(doc, index, skirmish)
    rows += say_rows(doc, index) if skirmish else step_rows(doc, index)
    if index > 0:
        rows.append(Row(_("Move up"), "button", action=lambda: ev.move_event(doc, index, -1), indent=1))
    if index < count - 1:
        rows.append(Row(_("Move down"), "button", action=lambda: ev.move_event(doc, index, 1), indent=1))
    rows.append(Row(_("Copy"), "button", action=lambda: ev.copy_event(doc, index), indent=1))
    rows.append(Row(_("Duplicate"), "button", action=lambda: ev.duplicate_event(doc, index), indent=1))
    if not ev.paste_refusal(doc):
        rows.append(Row(_("Paste after this one"), "button", action=lambda: ev.paste_event(doc, index), indent=1))
    rows.append(Row(_("Raw fields"), "button", action=lambda: ev.toggle_raw(doc), indent=1))
    return rows


def when_rows(doc: Document, index: int, skirmish: bool) -> list[Row]:
    path = ("events", index, "when")
    when = doc.get(path) or {}
    vocabulary = ev.SKIRMISH_WHEN if skirmish else ev.CARD_WHEN
    kind = ev.when_kind(when, vocabulary)
    set_field = lambda key: lambda value: ev.set_when_field(doc, index, key, value)  # noqa: E731
    rows = [
        Row(
            _("When"),
            "choice",
            path,
            tuple(vocabulary),
            indent=1,
            names=named(vocabulary),
            setter=lambda value: ev.set_when_kind(doc, index, value, skirmish),
            extra={"value": kind},
        )
    ]
    if kind == "turn":
        rows.append(Row(_("Turn"), "int", path + ("turn",), low=1, high=50, indent=2, setter=set_field("turn")))
    elif kind == "round":
        # Up to 99: past the map's last round the problems say so (the map may be painted in the level).
        rows.append(Row(_("Round"), "int", path + ("round",), low=1, high=99, indent=2, setter=set_field("round")))
    elif kind == "health_at_most":
        high = 999 if skirmish else 99
        rows.append(
            Row(
                _("Health at most"),
                "int",
                path + ("health_at_most",),
                low=0,
                high=high,
                indent=2,
                setter=set_field("health_at_most"),
            )
        )
        if skirmish:
            rows.append(
                pick_lists.label_row(
                    doc, _("Hero (label)"), path + ("hero",), pick_lists.hero_labels(doc), set_field("hero"), 2
                )
            )
    elif kind == "died":
        labels = pick_lists.hero_labels(doc) if skirmish else pick_lists.card_labels(doc)
        what = _("Hero (label)") if skirmish else _("Creature (label)")
        rows.append(pick_lists.label_row(doc, what, path + ("died",), labels, set_field("died"), 2))
    if not skirmish and kind in ("turn", "health_at_most", "board_empty"):
        rows.append(
            Row(
                _("Whose"),
                "choice",
                path + ("side",),
                ("player", "opponent"),
                default="opponent",
                indent=2,
                names=named(ev.SIDE_NAMES),
                setter=set_field("side"),
            )
        )
    return rows


def step_rows(doc: Document, index: int) -> list[Row]:
    rows: list[Row] = []
    for s, step in enumerate(doc.get(("events", index, "do")) or []):
        path = ("events", index, "do", s)
        kind = next((k for k in ev.STEPS if isinstance(step, dict) and k in step), None)
        rows.append(
            Row(
                _("Step {number}").format(number=s + 1),
                "heading",
                path,
                indent=1,
                remove=lambda s=s: ev.remove_step(doc, index, s),
            )
        )
        rows.append(
            Row(
                _("Does"),
                "choice",
                path,
                tuple(ev.STEPS),
                indent=2,
                names=named(ev.STEPS),
                setter=lambda value, s=s: ev.set_step_kind(doc, index, s, value),
                extra={"value": kind},
            )
        )
        if kind == "say":
            rows += line_rows(doc, path + ("say",), 2)
        elif kind == "give":
            here = path + ("give",)
            rows.append(_side_row(doc, _("To"), here + ("side",), "player"))
            rows += pick_lists.card_list_rows(doc, _("Cards"), here + ("cards",), indent=2, optional=False)
        elif kind == "summon":
            here = path + ("summon",)
            rows.append(_side_row(doc, _("For"), here + ("side",), "opponent"))
            rows.append(pick_lists.card_row(doc, _("Creature"), here + ("card",), indent=2))
            rows.append(Row(_("Label"), "text", here + ("label",), optional=True, indent=2))
            if doc.get(("rules", "lanes")) == 2:
                rows.append(
                    Row(
                        _("Lane"),
                        "choice",
                        here + ("lane",),
                        (0, 1),
                        default=0,
                        indent=2,
                        names={0: _("First"), 1: _("Second")},
                    )
                )
            rows.append(Row(_("Ready"), "bool", here + ("ready",), default=False, indent=2))
    rows.append(Row(_("Add a step"), "heading", indent=1))
    for kind, words in ev.ADD_STEPS.items():
        rows.append(Row(_(words), "button", action=lambda k=kind: ev.add_step(doc, index, k), indent=2))
    return rows


def say_rows(doc: Document, index: int) -> list[Row]:
    rows: list[Row] = []
    path = ("events", index, "say")
    for n, _item in enumerate(doc.get(path) or []):
        rows.append(
            Row(
                _("Line {number}").format(number=n + 1),
                "heading",
                path + (n,),
                indent=1,
                remove=lambda n=n: edits.remove_item(
                    doc, path, n, _("line {line} of event {event}").format(line=n + 1, event=index + 1)
                ),
            )
        )
        rows += line_rows(doc, path + (n,), 2)
    rows.append(Row(_("+ line"), "button", action=lambda: ev.add_line(doc, index), indent=1))
    return rows


def line_rows(doc: Document, path: tuple, indent: int) -> list[Row]:
    """A line said: the speaker and text typed, the portrait picked."""
    speaker = str(doc.get(path + ("speaker",)) or "")
    return [
        Row(_("Speaker"), "text", path + ("speaker",), indent=indent),
        pick_lists.portrait_row(doc, _("Portrait"), path + ("portrait",), indent, speaker),
        Row(_("Text"), "text", path + ("text",), indent=indent),
    ]


def _side_row(doc: Document, label: str, path: tuple, default: str) -> Row:
    return Row(
        label,
        "choice",
        path,
        ("player", "opponent"),
        default=default,
        indent=2,
        names={"player": _("You"), "opponent": _("The opponent")},
    )
