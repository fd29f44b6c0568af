"""The gomoku level's opening in the editor: the board at the level's size, its stones, where a
click lands, and a legend. A click cycles a point empty -> black -> white -> empty; a right
click clears it; with Shift held, a click puts white."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.widgets import draw_text, panel
from game.workshop import edits
from game.workshop.model import Document

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
        draw_text(surface, str(i), (point_centre(doc, i, 0)[0], BOARD.y + 3), 10, theme.BOARD_LINE, anchor="midtop")
        draw_text(surface, str(i), (BOARD.x + 3, point_centre(doc, 0, i)[1]), 10, theme.BOARD_LINE, anchor="midleft")
    radius = int(cell(doc) * 0.44)
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
    first = doc.get(("first",), "player")
    lines = [
        f"{counts['black']} black, {counts['white']} white",
        f"to move: {'black' if counts['black'] <= counts['white'] else 'white'} ({first})",
        "",
        "Click: black,",
        "white, empty",
        "Shift+click: white",
        "Right click: clear",
    ]
    if hover is not None:
        lines += ["", f"point {hover[0]},{hover[1]}"]
    for i, line in enumerate(lines):
        draw_text(surface, line, (AREA.x + 14, AREA.y + 16 + i * 22), 16, theme.TEXT if i < 2 else theme.TEXT_DIM)


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
