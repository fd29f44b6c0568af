"""What the side panel's pickers offer: the portraits there are, the labels a level defines, the
cards of its card set and the skirmish hero classes, each with the words its list shows. Free
text stays for names and story lines; everything that must name something that exists is picked
from these. Pure: no pygame (the client draws the portraits' previews).
"""

from __future__ import annotations

from game.i18n import _

from typing import Any

from game.paths import assets_dir
from game.rules.safe_json import JsonFileError, JsonFileUnreadable, read_json_file
from game.workshop import catalog
from game.workshop.rows import Row
from game.workshop.model import MISSING, Document

_PORTRAITS: list[tuple[str, ...]] = []


def portraits(doc: Document | None = None) -> tuple[str, ...]:
    """Every named portrait (assets/art/ui_icons.json's faces), and any the level already uses."""
    if not _PORTRAITS:
        try:
            data = read_json_file(assets_dir() / "art" / "ui_icons.json")
        except (JsonFileError, JsonFileUnreadable, OSError):
            data = {}
        faces = data.get("portraits") if isinstance(data, dict) else None
        _PORTRAITS.append(tuple(sorted(faces)) if isinstance(faces, dict) else ())
    known = list(_PORTRAITS[0])
    if doc is not None:
        for name in _used_portraits(doc.data):
            if name not in known:
                known.append(name)
    return tuple(known)


def _used_portraits(node: Any):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "portrait" and isinstance(value, str) and value:
                yield value
            else:
                yield from _used_portraits(value)
    elif isinstance(node, list):
        for item in node:
            yield from _used_portraits(item)


def portrait_row(doc: Document, label: str, path: tuple, indent: int = 0, speaker: str = "", setter=None) -> Row:
    """A portrait picked from a grid of previews (none: the speaker's drawn face)."""
    names = portraits(doc)
    return Row(
        label,
        "choice",
        path,
        names,
        optional=True,
        indent=indent,
        setter=setter,
        names={name: name.replace("_", " ").capitalize() for name in names},
        picker="portrait",
        extra={"speaker": speaker, "placeholder": _("none (drawn face)")},
    )


# ---------------------------------------------------------------------------------- card levels


def card_labels(doc: Document, side: str | None = None) -> list[str]:
    """The labels a card level gives its cards (hands, boards, decks, cards its events give or
    summon), of one side or both, in the file's order."""
    return list(labelled_cards(doc, side))


def labelled_cards(doc: Document, side: str | None = None) -> dict[str, int | None]:
    """Each label of a card level (of one side or both) -> the id of the card it names."""
    found: dict[str, int | None] = {}

    def add(entry, owner: str) -> None:
        label = entry.get("label") if isinstance(entry, dict) else None
        if isinstance(label, str) and label and (side is None or owner == side) and label not in found:
            card = entry.get("card")
            found[label] = card if type(card) is int else None

    for owner in ("player", "opponent"):
        spec = doc.get((owner,)) if isinstance(doc.get((owner,)), dict) else {}
        for zone in ("hand", "board"):
            for entry in spec.get(zone) or [] if isinstance(spec.get(zone), list) else []:
                add(entry, owner)
        deck = spec.get("deck") if isinstance(spec.get("deck"), dict) else {}
        for entry in deck.get("cards") or [] if isinstance(deck.get("cards"), list) else []:
            add(entry, owner)
    for event in doc.get(("events",)) or []:
        for step in (event.get("do") if isinstance(event, dict) else None) or []:
            if not isinstance(step, dict):
                continue
            if isinstance(step.get("summon"), dict):
                add(step["summon"], step["summon"].get("side", "opponent"))
            give = step.get("give")
            if isinstance(give, dict):
                for entry in give.get("cards") or []:
                    add(entry, give.get("side", "player"))
    return found


def label_row(doc: Document, label: str, path: tuple, choices: list[str], setter=None, indent: int = 1) -> Row:
    """A label picked from those the level defines; typed when it defines none yet (the
    problems then say it names nothing)."""
    if choices:
        return Row(label, "choice", path, tuple(choices), indent=indent, setter=setter)
    return Row(label, "text", path, indent=indent, setter=setter)


def card_words(card) -> str:
    return _("{name} · {id} · cost {cost}").format(name=card.name, id=card.base_id, cost=card.cost)


def card_choices(doc: Document) -> tuple[tuple[int, ...], dict[int, str]]:
    """The level's card set as a card picker lists it: ids by cost, and each one's words."""
    cards = catalog.search(catalog.cardset(catalog.level_files(doc.data)), catalog.Filter(tokens=True))
    return tuple(card.base_id for card in cards), {card.base_id: card_words(card) for card in cards}


def card_row(
    doc: Document, label: str, path: tuple, setter=None, indent: int = 1, remove=None, placeholder: str = ""
) -> Row:
    """One card picked from the level's card set (typing filters by name, id or text); hovering
    it shows the card."""
    ids, names = card_choices(doc)
    value = doc.get(path) if path is not None else None
    card_id = value.get("card") if isinstance(value, dict) else value
    card = catalog.card_named(catalog.cardset(catalog.level_files(doc.data)), card_id) if type(card_id) is int else None
    return Row(
        label,
        "choice",
        path,
        ids,
        indent=indent,
        setter=setter,
        remove=remove,
        names=names,
        picker="card",
        extra={"card": card, "placeholder": placeholder, "value": card_id}
        if card is not None
        else {"placeholder": placeholder, **({"value": card_id} if isinstance(value, dict) else {})},
    )


def card_list_rows(doc: Document, label: str, path: tuple, indent: int = 1, optional: bool = True) -> list[Row]:
    """A list of cards (ids, or {"card": id, ...} entries): a heading, each card by name with
    its x, and a last row that picks a card to add. Each change is one edit named by the card."""
    from game.workshop import edits

    items = doc.get(path)
    items = items if isinstance(items, list) else []
    rows = [Row(label, "heading", path, indent=indent)]

    def set_item(index: int):
        def setter(card_id) -> None:
            entry = items[index] if index < len(items) else None
            new = {**entry, "card": card_id} if isinstance(entry, dict) else card_id
            with doc.edit(
                f"change {edits.card_word(doc, _id(entry))} to {edits.card_word(doc, card_id)} in {label.lower()}"
            ):
                doc.set(path + (index,), new)

        return setter

    def remove(index: int):
        def action() -> None:
            with doc.edit(
                _("remove {card} from {list}").format(card=edits.card_word(doc, _id(items[index])), list=label.lower())
            ):
                doc.remove(path, index)
                if optional and not doc.get(path):
                    doc.set(path, MISSING)
                    if doc.get(path[:-1]) == {} and len(path) > 1:
                        doc.set(path[:-1], MISSING)  # an optional object ("rewards") goes with its last value

        return action

    def add(card_id) -> None:
        with doc.edit(_("add {card} to {list}").format(card=edits.card_word(doc, card_id), list=label.lower())):
            for depth in range(1, len(path)):
                if isinstance(path[depth], str):
                    doc.ensure(path[:depth], {})
            doc.ensure(path, [])
            doc.insert(path, None, card_id)

    for index, _item in enumerate(items):
        rows.append(
            card_row(
                doc,
                _("Card {number}").format(number=index + 1),
                path + (index,),
                set_item(index),
                indent + 1,
                remove(index),
            )
        )
    rows.append(card_row(doc, _("Add a card"), None, add, indent + 1, placeholder=_("pick a card")))
    return rows


def _id(entry) -> int:
    return entry.get("card", 0) if isinstance(entry, dict) else entry if type(entry) is int else 0


# ---------------------------------------------------------------------------------- skirmish


def hero_class_names() -> dict[str, str]:
    """Each skirmish hero class of levels/skirmish/heroes.json: "Knight · tank: stuns and taunts"."""
    from game.rules.levels.skirmish_checks import skirmish_roster
    from game.rules.skirmish.data import DataError

    try:
        classes = skirmish_roster().classes.values()
    except DataError:
        return {}
    return {c.id: f"{c.name} · {c.role}" if c.role else c.name for c in classes}


def hero_labels(doc: Document, side: str | None = None) -> list[str]:
    """The skirmish heroes' labels (of one team, or both), in the file's order."""
    found = []
    for team in ("player", "opponent"):
        heroes = doc.get((team, "heroes"))
        for hero in heroes if isinstance(heroes, list) and (side is None or side == team) else []:
            label = hero.get("label") if isinstance(hero, dict) else None
            if isinstance(label, str) and label and label not in found:
                found.append(label)
    return found


def side_cards(doc: Document, side: str) -> list[int]:
    """The card ids a side may hold: its deck, hand, board and the cards events give or summon it."""
    found: list[int] = []

    def add(entry: Any) -> None:
        value = entry.get("card") if isinstance(entry, dict) else entry
        if type(value) is int and value not in found:
            found.append(value)

    spec = doc.get((side,)) if isinstance(doc.get((side,)), dict) else {}
    deck = spec.get("deck") if isinstance(spec.get("deck"), dict) else {}
    for entries in (spec.get("hand"), spec.get("board"), deck.get("cards")):
        for entry in entries if isinstance(entries, list) else []:
            add(entry)
    for event in doc.get(("events",)) or []:
        for step in (event.get("do") if isinstance(event, dict) else None) or []:
            if isinstance(step, dict) and isinstance(step.get("summon"), dict):
                if step["summon"].get("side", "opponent") == side:
                    add(step["summon"])
            if isinstance(step, dict) and isinstance(step.get("give"), dict):
                if step["give"].get("side", "player") == side:
                    for entry in step["give"].get("cards") or []:
                        add(entry)
    return found


# ---------------------------------------------------------------------------------- levels

_LEVELS: dict[tuple, dict[str, str]] = {}


def level_ids(doc: Document) -> dict[str, str]:
    """The levels beside this one (its folder, or the campaign's for a new level): id -> "Title (id)",
    read once per folder until a file there changes."""
    from game.rules.levels.loader import campaign_dir, read_json

    folder = doc.path.parent if doc.path is not None else campaign_dir()
    try:
        files = sorted((f for f in folder.glob("*.json") if f.name != "campaign.json"), key=lambda f: f.name)
        key = (str(folder), tuple((f.name, f.stat().st_mtime_ns) for f in files))
    except OSError:
        return {}
    found = _LEVELS.get(key)
    if found is None:
        found = {}
        for file in files:
            data, _ = read_json(file)
            if isinstance(data, dict) and isinstance(data.get("id"), str) and data.get("kind"):
                found[data["id"]] = f"{data.get('title') or data['id']} ({data['id']})"
        _LEVELS.clear()  # one folder at a time: the editor edits one level
        _LEVELS[key] = found
    return {level: words for level, words in found.items() if level != doc.data.get("id")}


def level_list_rows(doc: Document, label: str, path: tuple, setter=None, indent: int = 1) -> list[Row]:
    """A list of level ids (the levels a win unlocks): a heading, each level by title with its x,
    and a last row that picks one to add. `setter` (the new list, or None) replaces the default
    edit of the list; each change is one edit named by the level."""
    items = doc.get(path)
    items = [item for item in items if isinstance(item, str)] if isinstance(items, list) else []
    names = level_ids(doc)

    def write(values: list[str], what: str) -> None:
        if setter is not None:
            with doc.edit(what):
                setter(values or None)
            return
        with doc.edit(what):
            if values:
                for depth in range(1, len(path)):
                    if isinstance(path[depth], str):
                        doc.ensure(path[:depth], {})
                doc.set(path, values)
            else:
                doc.set(path, MISSING)
                if doc.get(path[:-1]) == {} and len(path) > 1:
                    doc.set(path[:-1], MISSING)

    rows = [Row(label, "heading", path, indent=indent)]
    for index, level in enumerate(items):
        rows.append(
            Row(
                _("Level {number}").format(number=index + 1),
                "choice",
                path + (index,),
                tuple(names),
                indent=indent + 1,
                names=names,
                setter=lambda value, i=index: write(
                    [value if n == i else v for n, v in enumerate(items)],
                    _("unlock {level} instead of {other}").format(
                        level=names.get(value, value), other=names.get(items[i], items[i])
                    ),
                ),
                remove=lambda i=index: write(
                    items[:i] + items[i + 1 :],
                    _("unlock no longer {level}").format(level=names.get(items[i], items[i])),
                ),
            )
        )
    rows.append(
        Row(
            _("Add a level"),
            "choice",
            None,
            tuple(level for level in names if level not in items),
            indent=indent + 1,
            names=names,
            setter=lambda value: write(items + [value], _("unlock {level}").format(level=names.get(value, value))),
            extra={"placeholder": _("pick a level")},
        )
    )
    return rows
