"""The editor's side panel for a skirmish level, as `forms` rows: the level and its map, the
opponent, objectives from the skirmish vocabulary with their parameters, events (a round or a
fallen hero -> lines said), the story (the card levels' rows), rewards, and the inspector of a
selected hero. Same interface as `forms` (`tabs`, `build`), and its `TAB_ROWS` is the skirmish
entry's tabs in the workshop's table (game/workshop/kinds.py). Pure: no pygame.
"""

from __future__ import annotations

from typing import Any, Callable

from game.workshop import edits, forms, skirmish_field as field
from game.workshop.forms import Row
from game.rules.skirmish.game import cell_name
from game.workshop.model import Document

PARAMETER_NAMES = {"within": "Within rounds", "rounds": "Rounds", "label": "Hero (label)", "hero": "Which hero"}


def tabs(doc: Document) -> tuple[str, ...]:
    return TABS


def build(doc: Document, tab: str) -> list[Row]:
    return TAB_ROWS[tab](doc)


def _round_limit(doc: Document) -> int:
    arena = field.arena_of(doc)
    return arena.round_limit if arena is not None else 30


def _label_row(
    doc: Document,
    label: str,
    path: tuple,
    choices: list[str],
    setter: Callable[[Any], Any],
    optional: bool = False,
    indent: int = 1,
) -> Row:
    """A hero's label picked from the labels there are (typed, when there are none yet)."""
    if choices:
        return Row(label, "choice", path, tuple(choices), optional=optional, setter=setter, indent=indent)
    return Row(label, "text", path, optional=optional, setter=setter, indent=indent)


# ---------------------------------------------------------------------------------- tabs


def level_rows(doc: Document) -> list[Row]:
    return [
        Row("Id", "text", ("id",)),
        Row("Title", "text", ("title",)),
        Row("Summary", "text", ("summary",), optional=True),
        Row("Boss fight", "bool", ("boss",), default=False),
        Row("Map", "choice", ("map",), field.map_ids(), setter=lambda map_id: field.pick_map(doc, map_id)),
        Row("Heroes to the map's start cells", "button", action=lambda: field.heroes_to_start_cells(doc)),
    ]


def opponent_rows(doc: Document) -> list[Row]:
    return [
        Row("Name", "text", ("opponent", "name"), optional=True, default="Opponent"),
        Row("Portrait", "text", ("opponent", "portrait"), optional=True),
        Row("AI level", "choice", ("opponent", "ai"), field.AIS),
        Row(
            "Budget ms",
            "int",
            ("opponent", "budget_ms"),
            default=300,
            optional=True,
            low=5,
            high=10000,
            extra={"step": 50},
        ),
    ]


def objective_rows(doc: Document) -> list[Row]:
    rows = []
    limit = _round_limit(doc)
    arena = field.arena_of(doc)
    mine = field.labels(doc, "player")
    for index, objective in enumerate(doc.get(("objectives",)) or []):
        if not isinstance(objective, dict):
            continue
        path = ("objectives", index)
        set_key = lambda key, i=index: lambda value: field.set_objective_field(doc, i, key, value)  # noqa: E731
        rows.append(forms.objective_heading(doc, index))
        rows.append(
            Row(
                "Kind",
                "choice",
                path + ("kind",),
                field.OBJECTIVES,
                indent=1,
                setter=lambda kind, i=index: field.set_objective_kind(doc, i, kind),
            )
        )
        kind = objective.get("kind")
        if kind == "survive":
            rows.append(
                Row("Rounds", "int", path + ("rounds",), low=1, high=limit - 1, indent=1, setter=set_key("rounds"))
            )
        if kind == "protect":
            rows.append(_label_row(doc, "Hero (label)", path + ("label",), mine, set_key("label")))
        if kind == "reach":
            width, height = (arena.width, arena.height) if arena is not None else (24, 20)
            for axis, name, high in ((0, "Cell column", width - 1), (1, "Cell row", height - 1)):
                rows.append(
                    Row(
                        name,
                        "int",
                        path + ("cell", axis),
                        low=0,
                        high=high,
                        indent=1,
                        setter=lambda value, i=index, a=axis: field.set_reach_cell(doc, i, a, value),
                    )
                )
            rows.append(_label_row(doc, "Which hero", path + ("hero",), mine, set_key("hero"), optional=True))
        if kind in ("defeat_all", "reach"):
            rows.append(
                Row(
                    "Within rounds",
                    "int",
                    path + ("within",),
                    optional=True,
                    low=1,
                    high=limit - 1,
                    indent=1,
                    setter=set_key("within"),
                )
            )
        rows.append(Row("Required", "bool", path + ("required",), default=True, indent=1, setter=set_key("required")))
        rows.append(Row("Text", "text", path + ("text",), optional=True, indent=1, setter=set_key("text")))
    rows.append(Row("Add", "heading"))
    for kind in field.OBJECTIVES:
        rows.append(
            Row(f"+ {kind.replace('_', ' ')}", "button", action=lambda k=kind: field.add_objective(doc, k), indent=1)
        )
    return rows


def event_rows(doc: Document) -> list[Row]:
    rows = []
    everyone = field.labels(doc)
    for index, event in enumerate(doc.get(("events",)) or []):
        if not isinstance(event, dict):
            continue
        path = ("events", index)
        when = event.get("when") if isinstance(event.get("when"), dict) else {}
        kind = "died" if "died" in when else "round"
        rows.append(Row(f"Event {index + 1}", "heading", path, remove=lambda i=index: field.remove_event(doc, i)))
        rows.append(
            Row(
                "When",
                "choice",
                path + ("when", kind),
                field.EVENT_WHEN,
                indent=1,
                setter=lambda value, i=index: field.set_event_when(doc, i, value),
                extra={"value": kind},
            )
        )
        if kind == "round":
            rows.append(Row("At round", "int", path + ("when", "round"), low=1, high=_round_limit(doc), indent=1))
        else:
            rows.append(
                _label_row(
                    doc,
                    "Hero falls",
                    path + ("when", "died"),
                    everyone,
                    lambda value, p=path: edits.set_value(doc, p + ("when", "died"), value),
                )
            )
        for line, _ in enumerate(event.get("say") or []):
            here = path + ("say", line)
            rows.append(
                Row(
                    "Speaker",
                    "text",
                    here + ("speaker",),
                    indent=1,
                    remove=lambda p=path, n=line: edits.remove_item(doc, p + ("say",), n, "line"),
                )
            )
            rows.append(Row("Portrait", "text", here + ("portrait",), optional=True, indent=2))
            rows.append(Row("Text", "text", here + ("text",), indent=2))
        rows.append(Row("+ line", "button", action=lambda i=index: field.add_event_line(doc, i), indent=1))
    rows.append(Row("+ event at a round", "button", action=lambda: field.add_event(doc, "round")))
    rows.append(Row("+ event when a hero falls", "button", action=lambda: field.add_event(doc, "died")))
    return rows


def campaign_rows(doc: Document) -> list[Row]:
    def setter(key: str):
        return lambda value: field.set_reward(doc, key, value)

    return [
        Row("Rewards", "heading"),
        Row(
            "Unlocks levels",
            "text",
            ("rewards", "unlocks"),
            optional=True,
            numbers=True,
            indent=1,
            setter=setter("unlocks"),
        ),
        Row("Message", "text", ("rewards", "message"), optional=True, indent=1, setter=setter("message")),
    ]


# ---------------------------------------------------------------------------------- a selected hero


# The settings panel: tab -> its rows, in the tabs' order (game/workshop/kinds.py names it).
TAB_ROWS = {
    "Level": level_rows,
    "Objectives": objective_rows,
    "Opponent": opponent_rows,
    "Story": forms.story_rows,
    "Events": event_rows,
    "Campaign": campaign_rows,
}
TABS = tuple(TAB_ROWS)


def hero_rows(doc: Document, ref: field.HeroRef, on_remove: Callable[[], Any]) -> list[Row]:
    """The inspector of a hero: its class, label, name and starting health, and its team."""
    entry = doc.get(ref.path()) or {}
    path = ref.path()
    setter = lambda key: lambda value: field.set_hero_field(doc, ref, key, value)  # noqa: E731
    classes = field.hero_classes()
    cls = next((c for c in classes if c.id == entry.get("hero")), None)
    cell = field.cell_of(entry)
    where = f" at {cell_name(*cell)}" if cell is not None else ""
    return [
        Row(f"{field.describe(doc, ref)}{where}", "heading", path, remove=on_remove),
        Row(f"in {field.owner(ref.side)}", "heading", indent=1),
        Row("Class", "choice", path + ("hero",), tuple(c.id for c in classes), setter=setter("hero"), indent=1),
        Row("Label", "text", path + ("label",), optional=True, setter=setter("label"), indent=1),
        Row("Name", "text", path + ("name",), optional=True, setter=setter("name"), indent=1),
        Row(
            "Health",
            "int",
            path + ("health",),
            optional=True,
            default=cls.health if cls else None,
            low=1,
            high=cls.health if cls else 999,
            setter=setter("health"),
            indent=1,
            extra={"step": 5},
        ),
    ]
