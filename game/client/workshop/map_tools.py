"""The skirmish field's map painter: its tool strip (brushes, sight, grid size, a shipped map to
start from, "save map as"), the brush stroke under the mouse and the line-of-sight preview.

- Pick a brush (or press 1-6): floor, wall, embers, your start, their start, or sight.
- Click or drag over the map: one stroke paints every cell it crossed, as ONE undoable edit;
  a right-button stroke paints floor (the eraser).
- Sight: hover a cell and the cells a hero standing there sees are lit (the game's own line of
  sight, `Grid.los`); a click pins the cell.
- Width and height - / +, "Start from" (a copy of the next shipped map), "Save map as": the
  edits are `game/workshop/map_edits.py`'s; this module draws and hit-tests.
"""

from __future__ import annotations

import re

import pygame

from game.i18n import N_, _
from game.client.workshop.panel import fitted
from game.client import theme
from game.client.skirmish import pieces
from game.client.widgets import draw_text, fit_text
from game.rules.saves.store import StoreError
from game.rules.skirmish.grid import Grid, supercover
from game.workshop import map_edits
from game.workshop import skirmish_field as field
from game.workshop.model import Document

SIGHT = "sight"
TOOLS = (*map_edits.BRUSHES, SIGHT)
TOOL_WORDS = {
    "floor": N_("Floor"),
    "wall": N_("Wall"),
    "embers": N_("Embers"),
    "player start": N_("Your start"),
    "opponent start": N_("Their start"),
    SIGHT: N_("Sight"),
}
TOOL_X, TOOL_STEP, TOOL_Y, TOOL_H = 196, 62, 60, 84
BACK = pygame.Rect(22, 64, 150, 34)
SAVE = pygame.Rect(22, 104, 150, 34)
SIZE_X = TOOL_X + len(TOOLS) * TOOL_STEP + 8  # the size and start-from block, right of the tools
SIZE_LABELS = {"width": SIZE_X, "height": SIZE_X + 140}
STEPPERS = {  # (axis, change): the grid's width and height, a cell at a time
    ("width", -1): pygame.Rect(SIZE_X + 66, 64, 30, 34),
    ("width", 1): pygame.Rect(SIZE_X + 98, 64, 30, 34),
    ("height", -1): pygame.Rect(SIZE_X + 216, 64, 30, 34),
    ("height", 1): pygame.Rect(SIZE_X + 248, 64, 30, 34),
}
START_FROM = pygame.Rect(SIZE_X, 104, 278, 34)


def tool_rects() -> list[tuple[pygame.Rect, str]]:
    return [(pygame.Rect(TOOL_X + i * TOOL_STEP, TOOL_Y, TOOL_STEP - 4, TOOL_H), tool) for i, tool in enumerate(TOOLS)]


def map_id_for(name: str) -> str:
    """A map's file id from its name: "Ash Pit" -> "ash_pit" (lowercase letters, digits and _)."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    slug = slug if slug and slug[0].isalpha() else f"map_{slug}".rstrip("_")
    return slug[:32]


class MapPainter:
    """The painter's own state: the brush, the stroke being painted, the pinned sight cell."""

    def __init__(self):
        self.tool = "wall"
        self.stroke: dict | None = None  # {"brush": name, "cells": [cell, ...]} while the button is down
        self.pinned: field.Cell | None = None  # the sight tool's clicked cell
        self.start_from = -1  # the last shipped map started from ("Start from" takes the next)
        self.confirm: str | None = None  # a map file a second "Save map as" click replaces
        self._grid: tuple | None = None  # (arena, Grid): sight on the map as painted now

    # ------------------------------------------------------------------ input

    def choose(self, number: int) -> None:
        if 1 <= number <= len(TOOLS):
            self.tool = TOOLS[number - 1]
            self.pinned = None

    def press(self, doc: Document, shape, pos, button: int) -> tuple[bool, str]:
        """A press in the strip or on the map: (handled, a sentence to show). BACK is the canvas's."""
        for rect, tool in tool_rects():
            if rect.collidepoint(pos):
                self.tool, self.pinned = tool, None
                return True, ""
        for (axis, change), rect in STEPPERS.items():
            if rect.collidepoint(pos):
                arena = field.arena_of(doc)
                if arena is not None:
                    width = arena.width + (change if axis == "width" else 0)
                    height = arena.height + (change if axis == "height" else 0)
                    map_edits.resize(doc, width, height)
                return True, ""
        if START_FROM.collidepoint(pos):
            ids = field.map_ids()
            if ids:
                self.start_from = (self.start_from + 1) % len(ids)
                map_edits.start_from(doc, ids[self.start_from])
            return True, ""
        if SAVE.collidepoint(pos):
            return True, self.save(doc)
        cell = shape.cell_at(pos) if shape is not None else None
        if cell is None:
            return False, ""
        if self.tool == SIGHT:
            self.pinned = None if self.pinned == cell else cell
            return True, ""
        brush = "floor" if button == 3 and self.tool in map_edits.TILE_BRUSHES else self.tool
        self.stroke = {"brush": brush, "cells": [cell]}
        return True, ""

    def move(self, shape, pos) -> None:
        """The mouse moved: a stroke takes every cell between the last one and the one under it."""
        if self.stroke is None or shape is None:
            return
        cell = shape.cell_at(pos)
        if cell is None:
            return
        cells = self.stroke["cells"]
        last = cells[-1]
        if cell == last:
            return
        for entry in supercover(last, cell):  # a fast drag skips cells between two frames
            for step in entry:
                if step not in cells:
                    cells.append(step)

    def release(self, doc: Document) -> None:
        stroke, self.stroke = self.stroke, None
        if stroke is not None:
            map_edits.paint(doc, stroke["cells"], stroke["brush"])

    def save(self, doc: Document) -> str:
        raw = map_edits.inline(doc)
        if raw is None:
            return _("Paint the map first: Save map as writes the level's own map to a file")
        map_id = map_id_for(str(raw.get("name") or "custom map"))
        path = map_edits.maps_folder() / f"{map_id}.json"
        try:
            saved = map_edits.save_map_as(doc, map_id, overwrite=self.confirm == map_id)
        except FileExistsError:
            self.confirm = map_id
            return _(
                "{file} exists: click Save map as again to replace it (or rename the map in the Level tab)"
            ).format(file=path.name)
        except (ValueError, StoreError) as error:
            self.confirm = None
            return str(error)[:1].upper() + str(error)[1:]
        self.confirm = None
        return _('Saved {file}: the level now plays on the map "{map}"').format(file=saved.name, map=raw.get("name"))

    # ------------------------------------------------------------------ sight

    def grid(self, arena) -> Grid:
        if self._grid is None or self._grid[0] != arena:
            self._grid = (arena, Grid(arena, all_pairs=False))
        return self._grid[1]

    def seen(self, arena, hover) -> tuple[field.Cell | None, set]:
        """The sight tool's cell (pinned, else hovered) and the floor cells seen from it."""
        cell = self.pinned or hover
        if self.tool != SIGHT or cell is None:
            return None, set()
        return cell, map_edits.visible_cells(self.grid(arena), cell)

    # ------------------------------------------------------------------ drawing

    def draw_strip(self, surface, doc: Document, mouse) -> None:
        _button(surface, BACK, _("Back to heroes"), BACK.collidepoint(mouse))
        _button(surface, SAVE, _("Save map as..."), SAVE.collidepoint(mouse))
        for number, (rect, tool) in enumerate(tool_rects(), start=1):
            on = tool == self.tool
            if on:
                pygame.draw.rect(surface, theme.ACCENT_DARK, rect, border_radius=8)
            elif rect.collidepoint(mouse):
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=8)
            box = pygame.Rect(0, 0, 40, 40)
            box.center = (rect.centerx, rect.y + 30)
            swatch(surface, tool, box)
            words, size = fitted(_(TOOL_WORDS[tool]), 14, rect.width - 4, bold=on)
            draw_text(surface, words, (rect.centerx, rect.y + 58), size, theme.TEXT, bold=on, anchor="midtop")
            draw_text(surface, str(number), (rect.x + 5, rect.y + 3), 12, theme.TEXT_DIM)
        arena = field.arena_of(doc)
        if arena is not None:
            for axis, value in (("width", arena.width), ("height", arena.height)):
                words = (_("Width {size}") if axis == "width" else _("Height {size}")).format(size=value)
                draw_text(
                    surface, words, (SIZE_LABELS[axis], 81), fit_text(words, 16, 64), theme.TEXT, anchor="midleft"
                )
        for (axis, change), rect in STEPPERS.items():
            _button(surface, rect, "-" if change < 0 else "+", rect.collidepoint(mouse))
        ids = field.map_ids()
        following = ids[(self.start_from + 1) % len(ids)] if ids else ""
        name = map_edits.map_choice_names().get(following, following)
        _button(surface, START_FROM, _("Start from a copy of {map}").format(map=name), START_FROM.collidepoint(mouse))

    def draw_sight(self, surface, shape, hover) -> None:
        """Under the heroes: what the sight cell sees lit (dotted), the rest shaded."""
        origin, seen = self.seen(shape.arena, hover)
        if origin is None:
            return
        shade = pygame.Surface((shape.cell, shape.cell), pygame.SRCALPHA)
        shade.fill((8, 10, 16, 150))
        lit = pieces.tile((*theme.HIGHLIGHT, 70), shape.cell, 0, "dots")
        for y in range(shape.arena.height):
            for x in range(shape.arena.width):
                if (x, y) in shape.arena.walls:
                    continue
                surface.blit(lit if (x, y) in seen else shade, shape.cell_rect((x, y)))
        eye = shape.cell_rect(origin)
        pygame.draw.rect(surface, theme.ACCENT, eye, 3, border_radius=6)
        pygame.draw.circle(surface, theme.ACCENT, eye.center, max(4, shape.cell // 6))

    def draw_map(self, surface, shape, hover) -> None:
        """Over the heroes: the stroke being painted, or the brush's cell under the mouse."""
        if self.stroke is not None:
            for cell in self.stroke["cells"]:
                rect = shape.cell_rect(cell)
                swatch(surface, self.stroke["brush"], rect.inflate(-4, -4), alpha=170)
        elif hover is not None and self.tool != SIGHT:
            pygame.draw.rect(surface, theme.HIGHLIGHT, shape.cell_rect(hover), 2, border_radius=6)

    def hint(self, doc: Document, hover) -> str:
        if self.tool == SIGHT:
            return _("Hover a tile: what a hero there sees is lit; click pins it")
        if self.tool in map_edits.START_BRUSHES:
            if self.tool == "player start":
                return _("Click tiles for your team's 3 start cells (the oldest gives way)")
            return _("Click tiles for the opponent's 3 start cells (the oldest gives way)")
        return {
            "floor": _("Click or drag to paint floor; a right drag paints floor; Ctrl+Z undoes a stroke"),
            "wall": _("Click or drag to paint walls; a right drag paints floor; Ctrl+Z undoes a stroke"),
            "embers": _("Click or drag to paint embers; a right drag paints floor; Ctrl+Z undoes a stroke"),
        }[self.tool]


def _button(surface, rect: pygame.Rect, words: str, hot: bool) -> None:
    pygame.draw.rect(surface, theme.PANEL_LIGHT if hot else theme.PANEL, rect, border_radius=7)
    pygame.draw.rect(surface, theme.PANEL_BORDER, rect, 1, border_radius=7)
    draw_text(surface, words, rect.center, fit_text(words, 16, rect.width - 10), theme.TEXT, anchor="center")


def swatch(surface, tool: str, rect: pygame.Rect, alpha: int = 255) -> None:
    """A brush as a small tile: flagstone, stone wall, embers, a team's start, or an eye."""
    image = pygame.Surface(rect.size, pygame.SRCALPHA)
    inner = image.get_rect()
    if tool == "wall":
        pygame.draw.rect(image, (62, 60, 66), inner, border_radius=5)
        pygame.draw.rect(image, (118, 114, 122), inner.inflate(-6, -6).move(0, -3), border_radius=5)
    else:
        pygame.draw.rect(image, (100, 94, 84), inner, border_radius=4)
        if tool == "embers":
            pieces.draw_embers(image, inner)
        elif tool in map_edits.START_BRUSHES:
            colour = pieces.team_colour(map_edits.START_BRUSHES[tool])
            pygame.draw.circle(image, colour, inner.center, inner.width // 3)
            pygame.draw.circle(image, theme.TEXT, inner.center, inner.width // 3, 2)
        elif tool == SIGHT:
            c = inner.center
            pygame.draw.ellipse(
                image, theme.TEXT, pygame.Rect(0, 0, inner.width - 8, inner.height // 2).move(4, inner.height // 4), 2
            )
            pygame.draw.circle(image, theme.ACCENT, c, inner.width // 7)
    image.set_alpha(alpha)
    surface.blit(image, rect)
