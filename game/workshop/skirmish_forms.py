"""The editor's side panel for a skirmish level, as `forms` rows: the level and its map, the
opponent (its portrait picked from previews), objectives from the skirmish vocabulary with their
parameters (labels picked from the heroes'), events (the event builder, game/workshop/event_forms.py:
a round, a fallen hero or a hero's health -> lines said), the story (the card levels' rows),
rewards (unlocked levels picked from a list), and the inspector of a selected hero (its class
picked by name and role). Same interface as `forms` (`tabs`, `build`), and its `TAB_ROWS` is the skirmish
entry's tabs in the workshop's table (game/workshop/kinds.py). Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import N_, _

from typing import Any, Callable

from game.workshop import forms, map_edits, pick_lists, skirmish_field as field
from game.workshop.forms import Row
from game.workshop.rows import AI_NAMES, add_objective_label, named
from game.rules.skirmish.game import cell_name
from game.workshop.model import Document
from game.workshop.modifier_forms import skirmish_twist_rows

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
        Row(_("Id"), "text", ("id",)),
        Row(_("Title"), "text", ("title",)),
        Row(_("Summary"), "text", ("summary",), optional=True),
        Row(_("Boss fight"), "bool", ("boss",), default=False),
        *map_edits.map_rows(doc),  # a map file, or the level's own (painted on the field) and its settings
        Row(_("Heroes to the map's start cells"), "button", action=lambda: field.heroes_to_start_cells(doc)),
    ]


def opponent_rows(doc: Document) -> list[Row]:
    return [
        Row(_("Name"), "text", ("opponent", "name"), optional=True, default="Opponent"),
        pick_lists.portrait_row(doc, _("Portrait"), ("opponent", "portrait")),
        Row(_("AI level"), "choice", ("opponent", "ai"), field.AIS, names=named(AI_NAMES)),
        Row(
            _("Budget ms"),
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
                _("Kind"),
                "choice",
                path + ("kind",),
                field.OBJECTIVES,
                indent=1,
                setter=lambda kind, i=index: field.set_objective_kind(doc, i, kind),
                names=named(forms.OBJECTIVE_NAMES),
            )
        )
        kind = objective.get("kind")
        if kind == "survive":
            rows.append(
                Row(_("Rounds"), "int", path + ("rounds",), low=1, high=limit - 1, indent=1, setter=set_key("rounds"))
            )
        if kind == "protect":
            rows.append(_label_row(doc, _("Hero (label)"), path + ("label",), mine, set_key("label")))
        if kind == "reach":
            width, height = (arena.width, arena.height) if arena is not None else (24, 20)
            for axis, name, high in ((0, _("Cell column"), width - 1), (1, _("Cell row"), height - 1)):
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
            rows.append(_label_row(doc, _("Which hero"), path + ("hero",), mine, set_key("hero"), optional=True))
        if kind in ("defeat_all", "reach"):
            rows.append(
                Row(
                    _("Within rounds"),
                    "int",
                    path + ("within",),
                    optional=True,
                    low=1,
                    high=limit - 1,
                    indent=1,
                    setter=set_key("within"),
                )
            )
        rows.append(
            Row(_("Required"), "bool", path + ("required",), default=True, indent=1, setter=set_key("required"))
        )
        rows.append(Row(_("Text"), "text", path + ("text",), optional=True, indent=1, setter=set_key("text")))
    rows.append(Row(_("Add"), "heading"))
    for kind in field.OBJECTIVES:
        rows.append(
            Row(
                add_objective_label(kind),
                "button",
                action=lambda k=kind: field.add_objective(doc, k),
                indent=1,
            )
        )
    return rows


def event_rows(doc: Document) -> list[Row]:
    """The skirmish events: listed in words, each opened in the event builder (game/workshop/event_forms.py)."""
    from game.workshop import event_forms

    return event_forms.event_rows(doc, skirmish=True)


def campaign_rows(doc: Document) -> list[Row]:
    def setter(key: str):
        return lambda value: field.set_reward(doc, key, value)

    return [
        Row(_("Rewards"), "heading"),
        *pick_lists.level_list_rows(doc, _("Unlocks levels"), ("rewards", "unlocks"), setter("unlocks")),
        Row(_("Message"), "text", ("rewards", "message"), optional=True, indent=1, setter=setter("message")),
    ]


# ---------------------------------------------------------------------------------- a selected hero


# The settings panel: tab -> its rows, in the tabs' order (game/workshop/kinds.py names it).
TAB_ROWS = {
    N_("Level"): level_rows,
    N_("Objectives"): objective_rows,
    N_("Opponent"): opponent_rows,
    N_("Story"): forms.story_rows,
    N_("Events"): event_rows,
    N_("Twist"): lambda doc: skirmish_twist_rows(doc, forms.Row),
    N_("Campaign"): campaign_rows,
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
    hero = field.describe(doc, ref)
    heading = _("{hero} at {cell}").format(hero=hero, cell=cell_name(*cell)) if cell is not None else hero
    return [
        Row(heading, "heading", path, remove=on_remove),
        Row(_("in your team") if ref.side == "player" else _("in the opponent's team"), "heading", indent=1),
        Row(
            _("Class"),
            "choice",
            path + ("hero",),
            tuple(c.id for c in classes),
            setter=setter("hero"),
            indent=1,
            names=pick_lists.hero_class_names(),
        ),
        Row(_("Label"), "text", path + ("label",), optional=True, setter=setter("label"), indent=1),
        Row(_("Name"), "text", path + ("name",), optional=True, setter=setter("name"), indent=1),
        Row(
            _("Health"),
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
