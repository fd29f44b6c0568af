"""The workshop's help: every shortcut of the level editor, the map painter and the raw editor,
and what the mouse does (any key or click closes it).

Two columns of sections. At a large text size the whole sheet is drawn a step smaller until it
fits its box (tests/workshop/test_help_fits.py checks 100 % and 150 %): a shortcut cut off the
bottom would be worse than slightly smaller words."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.resources import font
from game.client.scene import Scene
from game.client.widgets import draw_text, fit_text, panel, shade

BOX = pygame.Rect(16, 12, 1248, 696)
KEY_WIDTH = 196  # the keys' column inside each half; the words take the rest

Section = tuple[str, list[tuple[str, str]]]

LEFT: list[Section] = [
    (
        "Files and editing",
        [
            ("Ctrl+S", "save (a new level asks for a folder and a name)"),
            ("Ctrl+Shift+S", "save as: the file dialog, any folder, any name"),
            ("Duplicate", "(button) save a copy with a fresh id and title"),
            ("F5", "read the file again (Ctrl+Z brings your edits back)"),
            ("Ctrl+Z / Ctrl+Y", "undo / redo every edit (Ctrl+Shift+Z redoes too)"),
            ("F6", "test play the level as a player, then come back"),
            ("F7", "simulate in the background: win rate, lost games"),
            ("Tab", "next settings tab (while typing: finish the text)"),
            ("Esc", "stop typing, deselect, close the painter, then leave"),
            ("F1 or ?", "this help"),
        ],
    ),
    (
        "Several at once (cards, heroes)",
        [
            ("Ctrl+click", "add a card or hero to the selection (again: take it out)"),
            ("Drag on empty space", "draw a box: everything it touches is selected"),
            ("Ctrl+C / Ctrl+X", "copy / cut the selection"),
            ("Ctrl+V", "paste where the mouse is (else after the selection)"),
            ("Ctrl+D", "duplicate the selection"),
            ("Delete", "remove the selection (or the one selected)"),
        ],
    ),
    (
        "Side panel",
        [
            ("Settings rows", "numbers: - + or the wheel; a choice opens a list; x removes"),
            ("Lists", "arrows choose, Enter picks, type to filter cards; Esc closes"),
            ("Events tab", "an open event: Copy, Paste and Duplicate it"),
            ("Problems", "click a problem to go to the card, hero or field"),
        ],
    ),
]

RIGHT: list[Section] = [
    (
        "Card table",
        [
            ("/", "search cards by name, id or rules text"),
            ("Up / Down", "choose a card in the picker"),
            ("H / B / D", "put it in your hand / board / deck"),
            ("Shift+H / B / D", "... in the opponent's hand / board / deck"),
            ("Drag a card", "onto a hand, a lane, a deck; right click removes"),
        ],
    ),
    (
        "Skirmish field",
        [
            ("1 - 9", "a hero class to add; click a free tile (Esc: stop)"),
            ("Drag a hero", "move it (onto a hero: swap); right click removes"),
            ("Paint map", "(button) the map painter instead of the heroes"),
            ("1 - 6 (painter)", "floor, wall, embers, your start, their start, sight"),
            ("Drag (painter)", "paint a stroke (one undo step); right drag: floor"),
            ("Esc (painter)", "back to the heroes"),
        ],
    ),
    ("Gomoku board", [("Click", "black, white, empty in turn"), ("Shift / right click", "white / clear the point")]),
    (
        "Broken file (raw text)",
        [
            ("Ctrl+S", "save the text; once it reads, the editor opens it"),
            ("Ctrl+E", "jump to the error"),
            ("Ctrl+Home / End", "the first / the last line"),
            ("Tab", "two spaces"),
        ],
    ),
]

CLOSE = "Any key or click closes this"


def line_step(size: int) -> int:
    return font(size).get_linesize() + 3


def sheet_height(sections: list[Section], size: int) -> int:
    """The height one column of sections takes at `size`."""
    heading = font(size + 3, True).get_linesize() + 6
    return sum(heading + len(rows) * line_step(size) + 6 for _, rows in sections)


def fitting_size(box: pygame.Rect) -> int:
    """The largest text size (16 at most) at which both columns fit the box."""
    room = box.height - 58 - font(15).get_linesize() - 10  # under the title, above the close line
    size = 16
    while size > 10 and max(sheet_height(LEFT, size), sheet_height(RIGHT, size)) > room:
        size -= 1
    return size


def draw_help(surface: pygame.Surface, box: pygame.Rect = BOX) -> None:
    shade(surface, 180)
    panel(surface, box, theme.PANEL, theme.ACCENT, radius=16, width=3)
    draw_text(surface, "Workshop help", (box.centerx, box.y + 28), 30, theme.ACCENT, bold=True, anchor="center")
    size = fitting_size(box)
    half = (box.width - 40) // 2
    for column, sections in enumerate((LEFT, RIGHT)):
        x = box.x + 24 + column * (half + 12)
        y = box.y + 58
        for heading, rows in sections:
            head = fit_text(heading, size + 3, half, bold=True)
            draw_text(surface, heading, (x, y), head, theme.ACCENT, bold=True)
            y += font(size + 3, True).get_linesize() + 6
            for keys, what in rows:
                key_size = fit_text(keys, size, KEY_WIDTH - 10, bold=True)
                draw_text(surface, keys, (x + 8, y), key_size, theme.TEXT, bold=True)
                words = fit_text(what, size, half - KEY_WIDTH - 12)
                draw_text(surface, what, (x + KEY_WIDTH, y), words, theme.TEXT_DIM)
                y += line_step(size)
            y += 6
    draw_text(surface, CLOSE, (box.centerx, box.bottom - 8), 15, theme.TEXT_DIM, anchor="midbottom")


class WorkshopHelpScene(Scene):
    name = "workshop_help"
    opaque = False
    raw_keys = True

    def handle(self, intent) -> None:
        if intent.kind in ("key", "press") or intent.kind == "action" and intent.name in ("back", "confirm"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_help(surface)
