"""The gomoku level's opening in the editor: the board at the level's size, its stones, where a
click lands, and a legend. A click cycles a point empty -> black -> white -> empty; a right
click clears it; with Shift held, a click puts white.

Points are named as in play (columns a, b, c ... from the left, rows 1 at the bottom: "h8"),
on the board's edges, under the mouse, in undo's words (game/workshop/edits.py) and in the
problems (`name_points`); the file keeps its "x,y" from the top-left."""

from __future__ import annotations

import dataclasses
import re

import pygame

from game.i18n import _
from game.client import theme
from game.client.widgets import draw_text, fit_text, panel
from game.rules.gomoku.rules import POINT_LETTERS, point_name
from game.workshop import edits
from game.workshop.model import Document
from game.workshop.modifier_forms import sealed_points

AREA = pygame.Rect(8, 50, 866, 664)
BOARD = pygame.Rect(200, 64, 636, 636)


def size_of(doc: Document) -> int:
    size = doc.get(("size",), 15)
    return size if isinstance(size, int) and 5 <= size <= 25 else 15


def cell(doc: Document) -> float:
    return (BOARD.width - 40) / (size_of(doc) - 1)


def point_centre(doc: Document, x: int, y: int) -> tuple[int, int]:
    step = cell(doc)
    return int(BOARD.x + 20 + x * step), int(BOARD.y + 20 + y * step)


def point_at(doc: Document, pos) -> tuple[int, int] | None:
    step = cell(doc)
    x = round((pos[0] - BOARD.x - 20) / step)
    y = round((pos[1] - BOARD.y - 20) / step)
    size = size_of(doc)
    if 0 <= x < size and 0 <= y < size:
        cx, cy = point_centre(doc, x, y)
        if abs(cx - pos[0]) <= step / 2 and abs(cy - pos[1]) <= step / 2:
            return x, y
    return None


def draw(surface: pygame.Surface, doc: Document, bad: set[tuple], hover: tuple[int, int] | None) -> None:
    panel(surface, AREA, theme.PANEL, theme.PANEL_BORDER, radius=10)
    size = size_of(doc)
    pygame.draw.rect(surface, theme.BOARD_WOOD, BOARD, border_radius=8)
    for i in range(size):
        a, b = point_centre(doc, i, 0), point_centre(doc, i, size - 1)
        pygame.draw.line(surface, theme.BOARD_LINE, a, b, 1)
        a, b = point_centre(doc, 0, i), point_centre(doc, size - 1, i)
        pygame.draw.line(surface, theme.BOARD_LINE, a, b, 1)
        # As in play: letters along the top and bottom, row numbers from 1 at the bottom on both sides.
        label = 12 if size <= 19 else 10
        x = point_centre(doc, i, 0)[0]
        for edge in (BOARD.y + 10, BOARD.bottom - 10):
            draw_text(surface, POINT_LETTERS[i], (x, edge), label, theme.BOARD_LINE, bold=True, anchor="center")
        y = point_centre(doc, 0, i)[1]
        for edge in (BOARD.x + 10, BOARD.right - 10):
            draw_text(surface, str(size - i), (edge, y), label - 1, theme.BOARD_LINE, bold=True, anchor="center")
    radius = int(cell(doc) * 0.44)
    for x, y in sealed_points(doc):  # the level's twist: sealed points, drawn as in play
        slab = pygame.Rect(0, 0, radius * 2 - 2, radius * 2 - 2)
        slab.center = point_centre(doc, x, y)
        pygame.draw.rect(surface, (78, 70, 92), slab, border_radius=4)
        pygame.draw.circle(surface, (150, 136, 170), slab.center, max(3, radius // 2), 2)
    counts = {}
    for colour in ("black", "white"):
        stones = doc.get(("opening", colour)) or []
        counts[colour] = len(stones)
        for index, text in enumerate(stones):
            try:
                x, y = (int(part) for part in str(text).split(","))
            except ValueError:
                continue
            centre = point_centre(doc, x, y)
            pygame.draw.circle(surface, theme.STONE_BLACK if colour == "black" else theme.STONE_WHITE, centre, radius)
            if ("opening", colour, index) in bad or ("opening",) in bad:
                pygame.draw.circle(surface, theme.BAD, centre, radius + 3, 3)
    if hover is not None:
        pygame.draw.circle(surface, theme.HIGHLIGHT, point_centre(doc, *hover), radius, 2)
    for i, line in enumerate(legend(doc, counts, hover)):
        size = fit_text(line, 16, BOARD.x - AREA.x - 20)  # left of the board
        draw_text(surface, line, (AREA.x + 14, AREA.y + 16 + i * 22), size, theme.TEXT if i < 2 else theme.TEXT_DIM)


def legend(doc: Document, counts: dict[str, int], hover: tuple[int, int] | None) -> list[str]:
    """The lines left of the board: the stones, who moves, what a click does, the point under the mouse."""
    mine = doc.get(("first",), "player") == "player"
    black = counts["black"] <= counts["white"]
    if black:
        to_move = _("to move: black (you)") if mine else _("to move: black (the opponent)")
    else:
        to_move = _("to move: white (you)") if mine else _("to move: white (the opponent)")
    lines = [
        _("{black} black, {white} white").format(black=counts["black"], white=counts["white"]),
        to_move,
        "",
        # TRANSLATORS: the lines left of the gomoku board (narrow: a line break where it fits).
        *_("Click: black,\nwhite, empty").split("\n"),
        _("Shift+click: white"),
        _("Right click: clear"),
    ]
    if hover is not None:
        lines += ["", _("point {point}").format(point=point_name(hover, size_of(doc)))]
    return lines


def click(doc: Document, pos, button: int, shift: bool) -> bool:
    point = point_at(doc, pos)
    if point is None:
        return False
    if button == 3:
        edits.set_stone(doc, *point, None)
    elif shift:
        edits.set_stone(doc, *point, "white")
    else:
        edits.cycle_stone(doc, *point)
    return True


# "7,7" in a checker's sentence, with the name it may already give after it ("7,7 (h8)").
_XY = re.compile(r"\b(\d{1,2}),(\d{1,2})\b(?: \([a-t]\d{1,2}\))?")


def points_in_words(message: str, size: int) -> str:
    """A problem's sentence with every point on the board named as in play ("there is already a
    stone on h8"); a point off the board keeps the "x,y" the file has."""

    def name(match: re.Match) -> str:
        x, y = int(match.group(1)), int(match.group(2))
        return point_name((x, y), size) if 0 <= x < size and 0 <= y < size else match.group(0)

    return _XY.sub(name, message)


def name_points(doc: Document) -> None:
    """Make the problems of a gomoku document name points as the board does (its validator
    wraps the usual one); other documents are left alone."""
    from game.workshop.kinds import find_editor_kind
    from game.workshop.validation import validate

    editor = find_editor_kind(doc.kind)
    if editor is None or not editor.stone_board or doc.validator is not None:
        return

    def check(data, file, path=None):
        size = data.get("size", 15) if isinstance(data.get("size"), int) else 15
        return [
            dataclasses.replace(problem, message=points_in_words(problem.message, size))
            for problem in validate(data, file, path)
        ]

    doc.validator = check
