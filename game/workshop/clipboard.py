"""The workshop's clipboard: cards (from hands, boards and decks) and skirmish heroes copied,
cut, pasted, duplicated and deleted several at a time, each one undoable edit named in words
("paste 3 cards", "paste Knight and Cleric").

The clipboard is plain JSON (`Clipboard.data`: {"game", "what", "items"}) held apart from any
document, so what was copied in one level pastes into another level of the same game. Pure: no
pygame; the editor's selection (game/client/workshop/selection.py) calls these.
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext

import copy
from dataclasses import dataclass, field

from game.workshop import edits, skirmish_field
from game.workshop.edits import Slot
from game.workshop.model import Document
from game.workshop.skirmish_field import HeroRef

CARDS, HEROES = "cards", "heroes"
# What the clipboard may hold, in words (marked English).
CLIPBOARD_WORDS = {CARDS: N_("cards"), HEROES: N_("heroes"), "events": N_("events")}


@dataclass
class Clipboard:
    """What was copied last: {"game": level kind, "what": "cards" | "heroes", "items": [...]}, or None."""

    data: dict | None = field(default=None)

    def holds(self, doc: Document, what: str) -> bool:
        return self.data is not None and self.data["game"] == doc.kind and self.data["what"] == what

    def refusal(self, doc: Document, what: str) -> str:
        """Why nothing can be pasted here, in words ("" when it can)."""
        if self.data is None:
            return _("Nothing copied yet: select cards or heroes and press Ctrl+C")
        if self.data["game"] != doc.kind:
            from game.workshop.kinds import find_editor_kind

            editor = find_editor_kind(self.data["game"])
            word = _(editor.level_word) if editor is not None else self.data["game"]
            held = _(CLIPBOARD_WORDS[self.data["what"]]) if self.data["what"] in CLIPBOARD_WORDS else self.data["what"]
            return _("The clipboard holds {what} from a {game} level: paste them into a {game} level").format(
                what=held, game=word
            )
        if self.data["what"] != what:
            held = _(CLIPBOARD_WORDS[self.data["what"]]) if self.data["what"] in CLIPBOARD_WORDS else self.data["what"]
            wanted = _(CLIPBOARD_WORDS[what]) if what in CLIPBOARD_WORDS else what
            return _("The clipboard holds {what}, not {wanted}").format(what=held, wanted=wanted)
        return ""


SHARED = Clipboard()  # the editor's: it outlives every document, so pasting into another level works


def count_words(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _named(verb: str, names: list[str], word: str) -> str:
    """ "paste Knight and Cleric" for one or two, "paste 3 cards" for more."""
    if len(names) == 1:
        return f"{verb} {names[0]}"
    if len(names) == 2:
        return f"{verb} {names[0]} and {names[1]}"
    return f"{verb} {count_words(len(names), word)}"


# ---------------------------------------------------------------------------------- cards


def _ordered_slots(doc: Document, slots) -> list[Slot]:
    """The slots that hold a card, each once, in the table's order (side, zone, index)."""
    found = {slot for slot in slots if isinstance(slot, Slot) and doc.get(slot.path()) is not None}
    return sorted(found, key=lambda s: (edits.SIDES.index(s.side), edits.ZONES.index(s.zone), s.index))


def copy_cards(doc: Document, slots, clip: Clipboard = SHARED) -> int:
    """Put the cards at `slots` on the clipboard (their labels, stats and counts with them)."""
    chosen = _ordered_slots(doc, slots)
    if chosen:
        items = [{"zone": slot.zone, "entry": copy.deepcopy(doc.get(slot.path()))} for slot in chosen]
        clip.data = {"game": doc.kind, "what": CARDS, "items": items}
    return len(chosen)


def _card_names(doc: Document, entries: list) -> list[str]:
    return [edits.card_word(doc, edits.entry_card(entry)) for entry in entries]


def delete_cards(doc: Document, slots, verb: str = "remove") -> int:
    """Take the cards at `slots` off the table in one edit."""
    chosen = _ordered_slots(doc, slots)
    if not chosen:
        return 0
    names = _card_names(doc, [doc.get(slot.path()) for slot in chosen])
    with doc.edit(_named(verb, names, "card")):
        for slot in sorted(chosen, key=lambda s: s.index, reverse=True):  # later indexes first
            doc.remove(edits.zone_path(slot.side, slot.zone), slot.index)
    return len(chosen)


def cut_cards(doc: Document, slots, clip: Clipboard = SHARED) -> int:
    copy_cards(doc, slots, clip)
    return delete_cards(doc, slots, "cut")


def paste_cards(
    doc: Document, side: str, zone: str, index: int | None = None, lane: int = 0, clip: Clipboard = SHARED
) -> list[Slot]:
    """The clipboard's cards into a zone, from `index` on (None: after the last), in one edit;
    ValueError saying why when it cannot (another game's clipboard, a drafted deck)."""
    why = clip.refusal(doc, CARDS)
    if why:
        raise ValueError(why)
    assert clip.data is not None
    entries = [item["entry"] for item in clip.data["items"]]
    placed = []
    with doc.edit(_named("paste", _card_names(doc, entries), "card")):
        edits._ensure_zone(doc, side, zone)
        path = edits.zone_path(side, zone)
        for offset, entry in enumerate(entries):
            moved = edits._as_zone_entry(copy.deepcopy(entry), zone, lane)
            if zone == "board":
                at = edits._board_index(doc, side, lane, None if index is None else index + offset)
            else:
                at = len(edits.entries(doc, side, zone)) if index is None else index + offset
            placed.append(Slot(side, zone, doc.insert(path, at, moved)))
    return placed


def duplicate_cards(doc: Document, slots) -> list[Slot]:
    """A copy of each card right after it, in one edit; the copies' slots."""
    chosen = _ordered_slots(doc, slots)
    if not chosen:
        return []
    names = _card_names(doc, [doc.get(slot.path()) for slot in chosen])
    copies = []
    with doc.edit(_named("duplicate", names, "card")):
        for slot in sorted(chosen, key=lambda s: s.index, reverse=True):  # later ones first: indexes hold
            entry = copy.deepcopy(doc.get(slot.path()))
            doc.insert(edits.zone_path(slot.side, slot.zone), slot.index + 1, entry)
            copies.append((slot.side, slot.zone, slot.index))
    # Each copy sits after its original, shifted by the copies inserted before it in its zone.
    result = []
    for side, zone, index in copies:
        before = sum(1 for s, z, i in copies if (s, z) == (side, zone) and i < index)
        result.append(Slot(side, zone, index + 1 + before))
    return sorted(result, key=lambda s: (edits.SIDES.index(s.side), edits.ZONES.index(s.zone), s.index))


# ---------------------------------------------------------------------------------- heroes


def _ordered_refs(doc: Document, refs) -> list[HeroRef]:
    found = {ref for ref in refs if isinstance(ref, HeroRef) and isinstance(doc.get(ref.path()), dict)}
    return sorted(found, key=lambda r: (skirmish_field.TEAMS.index(r.side), r.index))


def _hero_word(entry: dict) -> str:
    """A hero as undo names it: its name, else its class ("Knight")."""
    if entry.get("name"):
        return str(entry["name"])
    roster = skirmish_field.roster()
    cls = roster.classes.get(entry.get("hero")) if roster is not None else None
    return cls.name if cls is not None else str(entry.get("hero", "hero"))


def copy_heroes(doc: Document, refs, clip: Clipboard = SHARED) -> int:
    chosen = _ordered_refs(doc, refs)
    if chosen:
        clip.data = {"game": doc.kind, "what": HEROES, "items": [copy.deepcopy(doc.get(r.path())) for r in chosen]}
    return len(chosen)


def delete_heroes(doc: Document, refs, verb: str = "remove") -> int:
    chosen = _ordered_refs(doc, refs)
    if not chosen:
        return 0
    with doc.edit(_named(verb, [_hero_word(doc.get(r.path())) for r in chosen], "hero")):
        for ref in sorted(chosen, key=lambda r: r.index, reverse=True):
            doc.remove((ref.side, "heroes"), ref.index)
    return len(chosen)


def cut_heroes(doc: Document, refs, clip: Clipboard = SHARED) -> int:
    copy_heroes(doc, refs, clip)
    return delete_heroes(doc, refs, "cut")


def free_cells(doc: Document, near: skirmish_field.Cell, taken: set) -> list[skirmish_field.Cell]:
    """The map's floor cells without a hero (nor in `taken`), nearest `near` first (then by row, column)."""
    arena = skirmish_field.arena_of(doc)
    if arena is None:
        return []
    used = {skirmish_field.cell_of(entry) for _, entry in skirmish_field.every_hero(doc)} | taken
    cells = [
        (x, y) for y in range(arena.height) for x in range(arena.width) if arena.floor(x, y) and (x, y) not in used
    ]
    return sorted(cells, key=lambda c: (abs(c[0] - near[0]) + abs(c[1] - near[1]), c[1], c[0]))


def _place_heroes(doc: Document, side: str, items: list[dict], anchor: skirmish_field.Cell) -> list[HeroRef]:
    """Add copies of `items` to `side`, the first on the free cell nearest `anchor`, the others
    keeping their offsets from it where those cells are free (else the nearest free cell).
    Labels already used in the level are dropped (objectives and events name heroes by label)."""
    room = skirmish_field.TEAM_SIZE - len(skirmish_field.team(doc, side))
    if len(items) > room:
        if room <= 0:
            full = (
                _("Your team has room for no more heroes, not {count}: a team has {most}")
                if side == "player"
                else _("The opponent's team has room for no more heroes, not {count}: a team has {most}")
            )
        elif side == "player":
            full = ngettext(
                "Your team has room for {room} more hero, not {count}: a team has {most}",
                "Your team has room for {room} more heroes, not {count}: a team has {most}",
                room,
            )
        else:
            full = ngettext(
                "The opponent's team has room for {room} more hero, not {count}: a team has {most}",
                "The opponent's team has room for {room} more heroes, not {count}: a team has {most}",
                room,
            )
        raise ValueError(full.format(room=room, count=len(items), most=skirmish_field.TEAM_SIZE))
    if skirmish_field.arena_of(doc) is None:
        raise ValueError(_("This level names no map there is: pick one in the Level tab"))
    first = skirmish_field.cell_of(items[0]) or anchor
    labels = set(skirmish_field.labels(doc))
    taken: set = set()
    refs = []
    doc.ensure((side,), {})
    doc.ensure((side, "heroes"), [])
    for item in items:
        own = skirmish_field.cell_of(item) or first
        want = (anchor[0] + own[0] - first[0], anchor[1] + own[1] - first[1])
        cells = free_cells(doc, want, taken)
        if not cells:
            raise ValueError(_("The map has no free floor left for the heroes"))
        cell = cells[0]
        taken.add(cell)
        hero = copy.deepcopy(item)
        hero["at"] = [cell[0], cell[1]]
        if hero.get("label") in labels:
            del hero["label"]
        elif hero.get("label"):
            labels.add(hero["label"])
        index = doc.insert((side, "heroes"), None, skirmish_field._ordered(hero, skirmish_field.HERO_KEYS))
        refs.append(HeroRef(side, index))
    return refs


def paste_heroes(doc: Document, side: str, cell: skirmish_field.Cell, clip: Clipboard = SHARED) -> list[HeroRef]:
    """The clipboard's heroes into `side`'s team from `cell` on, in one edit; ValueError saying
    why when they do not fit."""
    why = clip.refusal(doc, HEROES)
    if why:
        raise ValueError(why)
    assert clip.data is not None
    items = clip.data["items"]
    with doc.edit(_named("paste", [_hero_word(item) for item in items], "hero")):
        return _place_heroes(doc, side, items, cell)


def duplicate_heroes(doc: Document, refs) -> list[HeroRef]:
    """A copy of each hero beside it, in its own team, in one edit."""
    chosen = _ordered_refs(doc, refs)
    if not chosen:
        return []
    items = [doc.get(ref.path()) for ref in chosen]
    made: list[HeroRef] = []
    with doc.edit(_named("duplicate", [_hero_word(item) for item in items], "hero")):
        for side in skirmish_field.TEAMS:
            mine = [copy.deepcopy(item) for ref, item in zip(chosen, items) if ref.side == side]
            if mine:
                made += _place_heroes(doc, side, mine, skirmish_field.cell_of(mine[0]) or (0, 0))
    return made
