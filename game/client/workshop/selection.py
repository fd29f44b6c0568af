"""Several cards (the card table) or heroes (the skirmish field) selected at once in the editor,
and the clipboard keys on them.

- Ctrl+click or Shift+click adds a card or hero to the selection (again: takes it out); a drag
  from an empty place draws a box, and everything it touches is selected.
- Ctrl+C copies, Ctrl+X cuts, Ctrl+D duplicates, Delete removes the selection; Ctrl+V pastes at
  the slot or tile under the mouse (else after the selection, else where the copies came from).
  Each is one undo step named in words (game/workshop/clipboard.py).

The editor keeps its one `selected` (the side panel shows it); this module keeps the others and
is called first by the editor's handlers (`press`, `move`, `release`, `key`, `draw`).
"""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.client import theme
from game.client.workshop import card_table, keys, skirmish_canvas
from game.workshop import clipboard, edits
from game.workshop.edits import Slot
from game.workshop.skirmish_field import HeroRef

DRAG_SLOP = 6  # pixels: a press that moves less is a click, not a box


class Selection:
    """The items selected together (Slots or HeroRefs), valid for one version of the document."""

    def __init__(self) -> None:
        self.items: list = []
        self.version = -1
        self.box: tuple[tuple[int, int], tuple[int, int]] | None = None  # (start, end) while drawing a box

    def current(self, editor) -> list:
        """The selection now: the items chosen together (while the document has not changed under
        them), else the editor's one selected item."""
        if self.items and (editor.doc.version != self.version or editor.selected not in self.items):
            # An edit elsewhere (undo, a form) may have moved what they point at; Esc or a click
            # that chose something else ends the selection too.
            self.items = []
        if len(self.items) >= 2:
            return list(self.items)
        return [editor.selected] if editor.selected is not None else []

    def set(self, editor, items: list) -> None:
        self.items = list(items)
        self.version = editor.doc.version
        editor.selected = items[-1] if items else None
        if len(items) >= 2:
            chosen = (
                ngettext(
                    "{count} hero selected: Ctrl+C copy, Ctrl+X cut, Ctrl+D duplicate, Delete",
                    "{count} heroes selected: Ctrl+C copy, Ctrl+X cut, Ctrl+D duplicate, Delete",
                    len(items),
                )
                if isinstance(items[0], HeroRef)
                else ngettext(
                    "{count} card selected: Ctrl+C copy, Ctrl+X cut, Ctrl+D duplicate, Delete",
                    "{count} cards selected: Ctrl+C copy, Ctrl+X cut, Ctrl+D duplicate, Delete",
                    len(items),
                )
            )
            editor.say(chosen.format(count=len(items)))


def _modifier_held() -> bool:
    return bool(pygame.key.get_mods() & (keys.CTRL | keys.SHIFT))


def item_at(editor, pos):
    """The card or hero drawn at `pos`, or None."""
    if editor.editor.card_table:
        return card_table.card_at(editor.doc, pos)
    if editor.editor.hero_field:
        shape = skirmish_canvas.layout(editor.doc)
        return skirmish_canvas.hero_under(editor.doc, shape, pos) if shape is not None else None
    return None


def item_rects(editor) -> list[tuple[object, pygame.Rect]]:
    """Every card or hero with the rect it is drawn in."""
    doc = editor.doc
    if editor.editor.card_table:
        return [pair for side in edits.SIDES for zone in edits.ZONES for pair in card_table.slot_rects(doc, side, zone)]
    if editor.editor.hero_field:
        shape = skirmish_canvas.layout(doc)
        if shape is None:
            return []
        found: list[tuple[object, pygame.Rect]] = []
        for ref, entry in skirmish_canvas.field.every_hero(doc):
            cell = skirmish_canvas.field.cell_of(entry)
            if cell is not None:
                found.append((ref, shape.cell_rect(shape.shown_cell(cell))))
        return found
    return []


def _box_area(editor) -> pygame.Rect | None:
    """Where a box may start: the table's empty places, or the field's tiles."""
    if editor.editor.card_table:
        return card_table.AREA
    if editor.editor.hero_field:
        shape = skirmish_canvas.layout(editor.doc)
        return shape.rect if shape is not None else None
    return None


# ---------------------------------------------------------------------------------- input


def press(editor, pos, button: int) -> bool:
    """Ctrl/Shift+click toggles an item; a press on an empty place starts a box. True: handled
    here (the editor does nothing more with it)."""
    multi: Selection = editor.multi
    if button != 1 or not (editor.editor.card_table or editor.editor.hero_field):
        return False
    item = item_at(editor, pos)
    if item is not None and _modifier_held():
        chosen = multi.current(editor)
        chosen = [other for other in chosen if other != item] if item in chosen else chosen + [item]
        multi.set(editor, chosen)
        return True
    multi.items = []
    area = _box_area(editor)
    if item is None and area is not None and area.collidepoint(pos):
        if editor.editor.hero_field and editor.field.hero_class is not None:
            return False  # a click adds a hero of the palette's class
        multi.box = (pos, pos)
        return editor.editor.hero_field  # the table's own press still deselects; the field's would hint
    return False


def move(editor, pos) -> None:
    multi: Selection = editor.multi
    if multi.box is not None:
        multi.box = (multi.box[0], pos)


def release(editor, pos) -> bool:
    """The end of a box: everything it touches is selected. True when there was a box."""
    multi: Selection = editor.multi
    box, multi.box = multi.box, None
    if box is None:
        return False
    start = box[0]
    if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_SLOP:
        if editor.editor.hero_field:
            editor.selected = None
        return True
    rect = pygame.Rect(min(start[0], pos[0]), min(start[1], pos[1]), abs(pos[0] - start[0]), abs(pos[1] - start[1]))
    multi.set(editor, [item for item, drawn in item_rects(editor) if drawn.colliderect(rect)])
    return True


def key(editor, intent) -> bool:
    """Ctrl+C, X, V, D and Delete on the selection. True: handled here."""
    if not (editor.editor.card_table or editor.editor.hero_field):
        return False
    if editor.rows.editing is not None or editor.picker.typing:
        return False  # typing: Ctrl+C and Delete belong to the text
    name = intent.name
    multi: Selection = editor.multi
    chosen = multi.current(editor)
    heroes = editor.editor.hero_field
    try:
        if keys.ctrl(intent) and name in ("c", "x"):
            if not chosen:
                editor.say(_("Select cards or heroes first (Ctrl+click adds one, drag a box around several)"))
                return True
            copy = clipboard.copy_heroes if heroes else clipboard.copy_cards
            cut = clipboard.cut_heroes if heroes else clipboard.cut_cards
            if name == "c":
                count = copy(editor.doc, chosen)
                copied = (
                    ngettext(
                        "Copied {count} hero: Ctrl+V pastes them where the mouse is",
                        "Copied {count} heroes: Ctrl+V pastes them where the mouse is",
                        count,
                    )
                    if heroes
                    else ngettext(
                        "Copied {count} card: Ctrl+V pastes them where the mouse is",
                        "Copied {count} cards: Ctrl+V pastes them where the mouse is",
                        count,
                    )
                )
                editor.say(copied.format(count=count))
            else:
                cut(editor.doc, chosen)
                multi.set(editor, [])
                editor.say(_("Done: {edit}").format(edit=editor.doc.undo_stack[-1].label))
            return True
        if keys.ctrl(intent) and name == "v":
            multi.set(editor, paste(editor))
            editor.say(_("Done: {edit}").format(edit=editor.doc.undo_stack[-1].label))
            return True
        if keys.ctrl(intent) and name == "d" and chosen:
            made = (
                clipboard.duplicate_heroes(editor.doc, chosen)
                if heroes
                else clipboard.duplicate_cards(editor.doc, chosen)
            )
            multi.set(editor, made)
            editor.say(_("Done: {edit}").format(edit=editor.doc.undo_stack[-1].label))
            return True
        if not keys.ctrl(intent) and name in ("delete", "backspace") and len(chosen) >= 2:
            (clipboard.delete_heroes if heroes else clipboard.delete_cards)(editor.doc, chosen)
            multi.set(editor, [])
            editor.say(_("Done: {edit}").format(edit=editor.doc.undo_stack[-1].label))
            return True
    except ValueError as error:
        editor.say(str(error))
        return True
    return False


def paste(editor) -> list:
    """The clipboard at the mouse (or after the selection, or where it came from); the new items."""
    doc = editor.doc
    if editor.editor.hero_field:
        shape = skirmish_canvas.layout(doc)
        cell = shape.cell_at(editor.mouse) if shape is not None else None
        if cell is None:
            items = (clipboard.SHARED.data or {}).get("items") or [{}]
            cell = skirmish_canvas.field.cell_of(items[0]) or (0, 0)
        return clipboard.paste_heroes(doc, editor.field.side, cell)
    target = card_table.drop_target(doc, editor.mouse)
    if target is not None:
        side, zone, index, lane = target
        return clipboard.paste_cards(doc, side, zone, index, lane)
    chosen = [item for item in editor.multi.current(editor) if isinstance(item, Slot)]
    if chosen:
        last = chosen[-1]
        return clipboard.paste_cards(doc, last.side, last.zone, last.index + 1)
    items = (clipboard.SHARED.data or {}).get("items") or [{"zone": "hand"}]
    return clipboard.paste_cards(doc, "player", items[0].get("zone", "hand"))


# ---------------------------------------------------------------------------------- drawing


def draw(surface: pygame.Surface, editor) -> None:
    """The selected items' outlines (beyond the editor's own one) and the box being drawn."""
    multi: Selection = editor.multi
    chosen = multi.current(editor)
    if len(chosen) >= 2:
        for item, rect in item_rects(editor):
            if item in chosen:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=7)
    if multi.box is not None:
        (x0, y0), (x1, y1) = multi.box
        rect = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        if rect.width + rect.height >= DRAG_SLOP:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((*theme.HIGHLIGHT[:3], 40))
            surface.blit(shade, rect)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2)
