"""The skirmish level's field in the editor: the map drawn as the game draws it (the skirmish
view's flagstones, walls and hero tokens), both teams at their cells, a palette of hero classes
and which team they join, and what a click or a drag there does.

- Pick a class in the palette (or press 1-9) and the team, then click a free tile: a hero joins.
- Click a hero to select it (its class, label, name and health show in the side panel); drag it
  to another tile to move it (onto another hero: the two swap); right click removes it.
- A hero the problems are about stands on a red tile with a "!" badge; a `reach` objective's cell is marked in gold.
- "Paint map" (right of the palette) switches to the map painter (`map_tools.py`): brushes for
  floor, wall, embers and start cells, line of sight, the grid's size; "Back to heroes" returns.

The edits themselves are `skirmish_field`'s and `map_edits`'; this module only draws and hit-tests.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _, ngettext, pgettext
from game.client.skirmish import view as skirmish_view

from game.client import theme
from game.client.workshop import map_tools
from game.client.widgets import draw_text, fit_text, panel, text_surface
from game.rules.skirmish.game import cell_name
from game.workshop import skirmish_field as field
from game.workshop.model import Document

AREA = pygame.Rect(8, 50, 866, 664)
FIELD = pygame.Rect(24, 152, 834, 496)  # above the hint line, clear of the editor's notices
TEAM_BUTTONS = {"player": pygame.Rect(22, 64, 150, 34), "opponent": pygame.Rect(22, 104, 150, 34)}
PALETTE_X, PALETTE_STEP, TOKEN = 196, 66, 46
PAINT = pygame.Rect(794, 60, 66, 84)  # "Paint map": right of the palette (nine classes end at 790)
TEAM_OF_SIDE = {"player": 0, "opponent": 1}
GOAL = (240, 200, 90)
DRAG_SLOP = 6  # pixels: a press that moves less is a click (select), not a drag


class FieldLayout:
    """Where the map's cells are: the largest whole cell size that fits FIELD, centred in it."""

    def __init__(self, arena):
        self.arena = arena
        self.cell = int(min(FIELD.width / arena.width, FIELD.height / arena.height))
        self.rect = pygame.Rect(0, 0, self.cell * arena.width, self.cell * arena.height)
        self.rect.center = FIELD.center

    def cell_rect(self, cell) -> pygame.Rect:
        return pygame.Rect(self.rect.x + cell[0] * self.cell, self.rect.y + cell[1] * self.cell, self.cell, self.cell)

    def cell_at(self, pos) -> field.Cell | None:
        if not self.rect.collidepoint(pos):
            return None
        return (pos[0] - self.rect.x) // self.cell, (pos[1] - self.rect.y) // self.cell

    def shown_cell(self, cell: field.Cell) -> field.Cell:
        """A cell off the map is drawn on its nearest edge (red-ringed) so it can be dragged back."""
        return (max(0, min(self.arena.width - 1, cell[0])), max(0, min(self.arena.height - 1, cell[1])))


@dataclass
class Press:
    """What a press on the field did: the hero selected now (None: none) and a sentence to show."""

    selected: field.HeroRef | None
    notice: str = ""


def layout(doc: Document) -> FieldLayout | None:
    arena = field.arena_of(doc)
    return FieldLayout(arena) if arena is not None else None


def palette_rects() -> list[tuple[pygame.Rect, object]]:
    return [
        (pygame.Rect(PALETTE_X + i * PALETTE_STEP, 60, PALETTE_STEP - 4, 84), cls)
        for i, cls in enumerate(field.hero_classes())
    ]


def token_centre(doc: Document, ref: field.HeroRef) -> tuple[int, int] | None:
    """Where a hero is drawn (tests click there)."""
    shape = layout(doc)
    cell = field.cell_of(doc.get(ref.path()))
    if shape is None or cell is None:
        return None
    return shape.cell_rect(shape.shown_cell(cell)).center


def hero_under(doc: Document, shape: FieldLayout, pos) -> field.HeroRef | None:
    """The hero drawn under `pos` (heroes off the map included, on the edge where they show)."""
    found = None
    for ref, entry in field.every_hero(doc):
        cell = field.cell_of(entry)
        if cell is not None and shape.cell_rect(shape.shown_cell(cell)).collidepoint(pos):
            found = ref
    return found


class SkirmishCanvas:
    """The field's own state in the editor: the palette's choice, the team it adds to, a held hero."""

    def __init__(self):
        self.hero_class: str | None = None  # the palette's choice: a click on a free tile adds one
        self.side = "player"  # the team a new hero joins
        self.drag: dict | None = None  # {"ref": HeroRef, "from": pos} while a hero is held
        self.painting = False  # the map painter is out instead of the hero palette
        self.painter = map_tools.MapPainter()
        self.doc: Document | None = None  # the document last drawn (a stroke follows the mouse on it)
        self._mouse = (0, 0)

    @property
    def mouse(self):
        return self._mouse

    @mouse.setter
    def mouse(self, pos) -> None:
        self._mouse = pos
        if self.painter.stroke is not None and self.doc is not None:
            self.painter.move(layout(self.doc), pos)

    # ------------------------------------------------------------------ input

    def choose(self, number: int) -> None:
        """Key 1-9: that palette class (again: none); in the painter, that tool."""
        if self.painting:
            self.painter.choose(number)
            return
        classes = field.hero_classes()
        if 1 <= number <= len(classes):
            chosen = classes[number - 1].id
            self.hero_class = None if self.hero_class == chosen else chosen

    def press(self, doc: Document, pos, button: int, selected) -> Press | None:
        """A press in the field's area; None when it was elsewhere."""
        if not AREA.collidepoint(pos):
            return None
        self.doc = doc
        if self.painting:
            return self.press_painter(doc, pos, button, selected)
        if PAINT.collidepoint(pos):
            self.painting, self.hero_class = True, None
            return Press(None)
        for side, rect in TEAM_BUTTONS.items():
            if rect.collidepoint(pos):
                self.side = side
                return Press(selected)
        for rect, cls in palette_rects():
            if rect.collidepoint(pos):
                self.hero_class = None if self.hero_class == cls.id else cls.id
                return Press(selected)
        shape = layout(doc)
        if shape is None:
            return Press(None, _("This level names no map there is: pick one in the Level tab"))
        hero = hero_under(doc, shape, pos)
        if hero is not None and button == 3:
            field.remove_hero(doc, hero)
            return Press(None)
        if hero is not None:
            self.drag = {"ref": hero, "from": pos}
            return Press(hero)
        cell = shape.cell_at(pos)
        if cell is None or button != 1:
            return Press(None)
        if self.hero_class is None:  # a click that only deselects says nothing
            return Press(
                None, "" if selected is not None else _("Pick a hero class above, then click a free tile to add it")
            )
        try:
            return Press(field.add_hero(doc, self.side, self.hero_class, cell))
        except ValueError as error:
            return Press(None, str(error))

    def press_painter(self, doc: Document, pos, button: int, selected) -> Press:
        if map_tools.BACK.collidepoint(pos):
            self.painting = False
            return Press(selected)
        shape = layout(doc)
        hero = hero_under(doc, shape, pos) if shape is not None else None
        if hero is not None and self.painter.tool == map_tools.SIGHT:
            selected = hero  # picking a hero shows what it sees, as hovering its tile does
        done, notice = self.painter.press(doc, shape, pos, button)
        return Press(selected if done else None, notice)

    def release(self, doc: Document, pos) -> None:
        """The end of a drag: the held hero moves to the tile under `pos` (swapping with a hero there)."""
        if self.painter.stroke is not None:
            self.painter.move(layout(doc), pos)
            self.painter.release(doc)
            return
        drag, self.drag = self.drag, None
        if drag is None or abs(pos[0] - drag["from"][0]) + abs(pos[1] - drag["from"][1]) < DRAG_SLOP:
            return
        shape = layout(doc)
        cell = shape.cell_at(pos) if shape is not None else None
        if cell is not None and doc.get(drag["ref"].path()) is not None:
            field.move_hero(doc, drag["ref"], cell, swap=True)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, doc: Document, selected, bad: set[tuple]) -> None:
        self.doc = doc
        panel(surface, AREA, theme.PANEL, theme.PANEL_BORDER, radius=10)
        if self.painting:
            self.painter.draw_strip(surface, doc, self.mouse)
        else:
            self.draw_palette(surface, doc)
        shape = layout(doc)
        if shape is None:
            draw_text(
                surface,
                _('No map named "{map}": pick one in the Level tab').format(map=doc.get(("map",))),
                FIELD.center,
                20,
                theme.BAD,
                anchor="center",
            )
            return
        surface.blit(skirmish_view.arena_surface(shape.arena, shape.cell), shape.rect.move(-8, -8))
        self.draw_goals(surface, doc, shape)
        hover = shape.cell_at(self.mouse)
        if self.painting:
            self.painter.draw_sight(surface, shape, hover)  # under the heroes: their tokens stay clear
        held = self.drag["ref"] if self.drag and self.dragging() else None
        for ref, entry in field.every_hero(doc):
            cell = field.cell_of(entry)
            if cell is None:
                continue
            rect = shape.cell_rect(shape.shown_cell(cell))
            wrong = ref.path() in bad or ref.path() + ("at",) in bad or cell != shape.shown_cell(cell)
            self.draw_hero(surface, entry, ref, rect, shape.cell, selected == ref, wrong, faded=ref == held)
        if self.painting:
            self.painter.draw_map(surface, shape, hover)
            self.draw_hint(surface, doc, shape, hover)
            return
        if held is not None and hover is not None:
            pygame.draw.rect(surface, theme.HIGHLIGHT, shape.cell_rect(hover), 3, border_radius=8)
            entry = doc.get(held.path()) or {}
            token = skirmish_view.hero_token(entry.get("hero", ""), TEAM_OF_SIDE[held.side], int(shape.cell * 0.8))
            surface.blit(token, token.get_rect(center=self.mouse))
        elif self.hero_class is not None and hover is not None and field.hero_at(doc, hover) is None:
            ghost = skirmish_view.hero_token(self.hero_class, TEAM_OF_SIDE[self.side], int(shape.cell * 0.8)).copy()
            ghost.set_alpha(140)
            surface.blit(ghost, ghost.get_rect(center=shape.cell_rect(hover).center))
        self.draw_hint(surface, doc, shape, hover)

    def dragging(self) -> bool:
        start = self.drag["from"]
        return abs(self.mouse[0] - start[0]) + abs(self.mouse[1] - start[1]) >= DRAG_SLOP

    def draw_palette(self, surface, doc: Document) -> None:
        for side, rect in TEAM_BUTTONS.items():
            on = side == self.side
            colour = skirmish_view.TEAM_COLOURS[TEAM_OF_SIDE[side]]
            pygame.draw.rect(surface, tuple(c // 3 for c in colour) if on else theme.PANEL_LIGHT, rect, border_radius=7)
            pygame.draw.rect(surface, colour if on else theme.PANEL_BORDER, rect, 2 if on else 1, border_radius=7)
            count = len(field.team(doc, side))
            team = _("Your team {count}/{most}") if side == "player" else _("Opponent {count}/{most}")
            words = team.format(count=count, most=field.TEAM_SIZE)
            draw_text(
                surface,
                words,
                rect.center,
                fit_text(words, 16, rect.width - 8, bold=on),
                theme.TEXT if on else theme.TEXT_DIM,
                bold=on,
                anchor="center",
            )
        hot = PAINT.collidepoint(self.mouse)
        pygame.draw.rect(surface, theme.PANEL_LIGHT if hot else theme.PANEL, PAINT, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_BORDER, PAINT, 1, border_radius=8)
        brush = pygame.Rect(0, 0, 30, 30)
        brush.center = (PAINT.centerx, PAINT.y + 24)
        map_tools.swatch(surface, "wall", brush)
        # TRANSLATORS: a small button's two lines ("Paint" over "map").
        for i, word in enumerate((_("Paint"), pgettext("paint the map", "map"))):
            size = fit_text(word, 14, PAINT.width - 4)
            draw_text(surface, word, (PAINT.centerx, PAINT.y + 44 + 17 * i), size, theme.TEXT, anchor="midtop")
        team = TEAM_OF_SIDE[self.side]
        for number, (rect, cls) in enumerate(palette_rects(), start=1):
            on = cls.id == self.hero_class
            if on:
                pygame.draw.rect(surface, theme.ACCENT_DARK, rect, border_radius=8)
            elif rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=8)
            token = skirmish_view.hero_token(cls.id, team, TOKEN)
            surface.blit(token, token.get_rect(center=(rect.centerx, rect.y + 30)))
            draw_text(
                surface,
                cls.name,
                (rect.centerx, rect.y + 58),
                fit_text(cls.name, 14, rect.width - 4, bold=on),
                theme.TEXT,
                bold=on,
                anchor="midtop",
            )
            draw_text(surface, str(number), (rect.x + 5, rect.y + 3), 12, theme.TEXT_DIM)

    def draw_goals(self, surface, doc: Document, shape: FieldLayout) -> None:
        """The cells `reach` objectives ask for, outlined in gold."""
        for objective in doc.get(("objectives",)) or []:
            cell = objective.get("cell") if isinstance(objective, dict) and objective.get("kind") == "reach" else None
            if isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell):
                rect = shape.cell_rect(shape.shown_cell(tuple(cell))).inflate(-6, -6)
                pygame.draw.rect(surface, GOAL, rect, 3, border_radius=8)
                draw_text(
                    surface,
                    "goal",
                    (rect.centerx, rect.bottom - 3),
                    13,
                    GOAL,
                    bold=True,
                    anchor="midbottom",
                    shadow=True,
                )

    def draw_hero(
        self, surface, entry: dict, ref, rect: pygame.Rect, cell: int, chosen: bool, wrong: bool, faded: bool
    ) -> None:
        if wrong:  # on a wall, off the map or sharing a tile: the problems panel says which
            surface.blit(skirmish_view.tile((235, 95, 90, 110), cell, 3), rect)
        token = skirmish_view.hero_token(entry.get("hero", ""), TEAM_OF_SIDE[ref.side], int(cell * 0.8))
        if faded:
            token = token.copy()
            token.set_alpha(90)
        surface.blit(token, token.get_rect(center=(rect.centerx, rect.centery - 2)))
        if chosen:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(-2, -2), 3, border_radius=8)
        if wrong:  # a badge, not a ring: the opponent's tokens are ringed in red already
            badge = (rect.right - 11, rect.y + 11)
            pygame.draw.circle(surface, theme.BAD, badge, 10)
            pygame.draw.circle(surface, theme.TEXT, badge, 10, 2)
            draw_text(surface, "!", badge, 15, theme.TEXT, bold=True, anchor="center")
        name = entry.get("name") or entry.get("label")
        if isinstance(name, str) and name:
            image = text_surface(name, fit_text(name, 13, cell + 10), theme.TEXT)
            label = image.get_rect(midbottom=(rect.centerx, rect.bottom + 1))
            backing = pygame.Surface(label.inflate(6, 2).size, pygame.SRCALPHA)
            backing.fill((14, 16, 24, 190))  # readable over flagstones and the token alike
            surface.blit(backing, label.inflate(6, 2))
            surface.blit(image, label)

    def draw_hint(self, surface, doc: Document, shape: FieldLayout, hover) -> None:
        arena = shape.arena
        hero = hero_under(doc, shape, self.mouse)
        if self.painting:
            text = self.painter.hint(doc, hover)
        elif hero is not None:
            held = (
                _("{hero}, your team: drag to move, right click removes")
                if hero.side == "player"
                else _("{hero}, the opponent's team: drag to move, right click removes")
            )
            text = held.format(hero=field.describe(doc, hero))
        elif self.hero_class is not None:
            cls = next((c.name for c in field.hero_classes() if c.id == self.hero_class), self.hero_class)
            joins = (
                _("Click a free tile: a {hero} joins your team (Esc: stop adding)")
                if self.side == "player"
                else _("Click a free tile: a {hero} joins the opponent's team (Esc: stop adding)")
            )
            text = joins.format(hero=cls.lower())
        else:
            text = _("Pick a hero class above, then click a free tile; drag a hero to move it; Delete removes")
        name = (
            _("{map} (this level's own)").format(map=arena.name) if isinstance(doc.get(("map",)), dict) else arena.name
        )
        where = ngettext(
            "{map}, {width} x {height}, {rounds} round", "{map}, {width} x {height}, {rounds} rounds", arena.round_limit
        ).format(map=name, width=arena.width, height=arena.height, rounds=arena.round_limit)
        if arena.hazards:
            where = _("{facts}, embers burn {damage}").format(facts=where, damage=arena.hazard_damage)
        if hover:  # the tile as the game's board edges name it (b5)
            where = _("{facts}  ·  tile {tile}").format(facts=where, tile=cell_name(*hover))
        # Two lines: the map's facts, then what the mouse does (a long map name pushes nothing over).
        y = FIELD.bottom + 4  # clear of the editor's notices at the window's bottom
        draw_text(surface, where, (AREA.x + 16, y), fit_text(where, 15, AREA.width - 32), theme.TEXT_DIM)
        draw_text(surface, text, (AREA.x + 16, y + 20), fit_text(text, 15, AREA.width - 32), theme.TEXT)
