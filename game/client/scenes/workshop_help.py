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
from game.i18n import N_, _

BOX = pygame.Rect(16, 12, 1248, 696)
KEY_WIDTH = 196  # the keys' column inside each half; the words take the rest

Section = tuple[str, list[tuple[str, str]]]
# The sheet's words are marked English (N_): `translated` gives them in the language of the moment.

LEFT: list[Section] = [
    (
        N_("Files and editing"),
        [
            ("Ctrl+S", N_("save (a new level asks for a folder and a name)")),
            ("Ctrl+Shift+S", N_("save as: the file dialog, any folder, any name")),
            (N_("Duplicate"), N_("(button) save a copy with a fresh id and title")),
            ("F5", N_("read the file again (Ctrl+Z brings your edits back)")),
            ("Ctrl+Z / Ctrl+Y", N_("undo / redo every edit (Ctrl+Shift+Z redoes too)")),
            ("F6", N_("test play the level as a player, then come back")),
            ("F7", N_("simulate in the background: win rate, lost games")),
            ("Tab", N_("next settings tab (while typing: finish the text)")),
            ("Esc", N_("stop typing, deselect, close the painter, then leave")),
            (N_("F1 or ?"), N_("this help")),
        ],
    ),
    (
        N_("Several at once (cards, heroes)"),
        [
            (N_("Ctrl+click"), N_("add a card or hero to the selection (again: take it out)")),
            (N_("Drag on empty space"), N_("draw a box: everything it touches is selected")),
            ("Ctrl+C / Ctrl+X", N_("copy / cut the selection")),
            ("Ctrl+V", N_("paste where the mouse is (else after the selection)")),
            ("Ctrl+D", N_("duplicate the selection")),
            (N_("Delete"), N_("remove the selection (or the one selected)")),
        ],
    ),
    (
        N_("Side panel"),
        [
            (N_("Settings rows"), N_("numbers: - + or the wheel; a choice opens a list; x removes")),
            (N_("Lists"), N_("arrows choose, Enter picks, type to filter cards; Esc closes")),
            (N_("Events tab"), N_("an open event: Copy, Paste and Duplicate it")),
            (N_("Problems"), N_("click a problem to go to the card, hero or field")),
        ],
    ),
]

RIGHT: list[Section] = [
    (
        N_("Card table"),
        [
            ("/", N_("search cards by name, id or rules text")),
            (N_("Up / Down"), N_("choose a card in the picker")),
            ("H / B / D", N_("put it in your hand / board / deck")),
            ("Shift+H / B / D", N_("... in the opponent's hand / board / deck")),
            (N_("Drag a card"), N_("onto a hand, a lane, a deck; right click removes")),
        ],
    ),
    (
        N_("Skirmish field"),
        [
            ("1 - 9", N_("a hero class to add; click a free tile (Esc: stop)")),
            (N_("Drag a hero"), N_("move it (onto a hero: swap); right click removes")),
            (N_("Paint map"), N_("(button) the map painter instead of the heroes")),
            (N_("1 - 6 (painter)"), N_("floor, wall, embers, your start, their start, sight")),
            (N_("Drag (painter)"), N_("paint a stroke (one undo step); right drag: floor")),
            (N_("Esc (painter)"), N_("back to the heroes")),
        ],
    ),
    (
        N_("Gomoku board"),
        [(N_("Click"), N_("black, white, empty in turn")), (N_("Shift / right click"), N_("white / clear the point"))],
    ),
    (
        N_("Broken file (raw text)"),
        [
            ("Ctrl+S", N_("save the text; once it reads, the editor opens it")),
            ("Ctrl+E", N_("jump to the error")),
            (N_("Ctrl+Home / End"), N_("the first / the last line")),
            ("Tab", N_("two spaces")),
        ],
    ),
]

CLOSE = N_("Any key or click closes this")
# Keys named alone ("Ctrl+S") are not marked: every keyboard names them so, in every language.
KEYS_ONLY = frozenset(
    ("/", "1 - 9", "Ctrl+C / Ctrl+X", "Ctrl+D", "Ctrl+E", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+V", "Ctrl+Z / Ctrl+Y")
    + ("Esc", "F5", "F6", "F7", "H / B / D", "Shift+H / B / D", "Tab")
)


def translated(sections: list[Section]) -> list[Section]:
    return [
        (_(heading), [(keys if keys in KEYS_ONLY else _(keys), _(what)) for keys, what in rows])
        for heading, rows in sections
    ]


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
    while size > 10 and max(sheet_height(LEFT, size), sheet_height(RIGHT, size)) > room:  # rows, not words
        size -= 1
    return size


def draw_help(surface: pygame.Surface, box: pygame.Rect = BOX) -> None:
    shade(surface, 180)
    panel(surface, box, theme.PANEL, theme.ACCENT, radius=16, width=3)
    draw_text(surface, _("Workshop help"), (box.centerx, box.y + 28), 30, theme.ACCENT, bold=True, anchor="center")
    size = fitting_size(box)
    half = (box.width - 40) // 2
    for column, sections in enumerate((translated(LEFT), translated(RIGHT))):
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
    draw_text(surface, _(CLOSE), (box.centerx, box.bottom - 8), 15, theme.TEXT_DIM, anchor="midbottom")


class WorkshopHelpScene(Scene):
    name = "workshop_help"
    opaque = False
    raw_keys = True

    def handle(self, intent) -> None:
        if intent.kind in ("key", "press") or intent.kind == "action" and intent.name in ("back", "confirm"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_help(surface)
