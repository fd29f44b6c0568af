"""Drawing the skirmish: the arena with its edge coordinates, hero tokens, previews, the
initiative bar, the keyboard cursor and the status tooltips; the side panel is side_panel.py and
the pieces (tokens, badges, overlays, the arena) pieces.py, each made once and kept.

The scene (game/client/skirmish/scene.py) owns the flow and input; this module draws the
`SkirmishViewModel` (view_model.py) the scene builds each frame: the arena as the animations
have shown it so far, and the player's choices (hover, selected ability, previews). It never
sees the scene.
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.anim import idle_wave
from game.client.explain_overlay import draw_thoughts
from game.client.skirmish.pieces import (
    STATUS_COLOURS,
    arena_surface,
    fit_label,
    hero_icon_name,
    hero_token,
    status_badge,
    status_tooltip,
    team_colour,
    tile,
)
from game.client.skirmish.side_panel import SIDE, draw_side
from game.client.skirmish.view_model import SkirmishViewModel
from game.client.resources import font
from game.client.widgets import draw_text, fit_line, panel, text_surface, vertical_gradient
from game.i18n import _, pgettext
from game.rules.skirmish.game import cell_name

__all__ = [
    "BAR",
    "BOARD",
    "SIDE",
    "STATUS_COLOURS",
    "TEAM_NAMES",
    "Layout",
    "draw",
    "hero_icon_name",
    "hero_token",
    "status_badge",
]

BOARD = pygame.Rect(48, 112, 804, 530)  # the arena is centred in here; its edges carry a1.. labels
# The AI's thoughts, over the arena but right of its row numbers (text never sits over text)
THOUGHTS = pygame.Rect(116, 120, SIDE.x - 20 - 116, 420)
BAR = pygame.Rect(24, 16, 836, 64)  # the initiative bar
TEAM_NAMES = ("Blue", "Red")  # English ids; the player's words are words.TEAM_NAMES
MOVE_TILE = (90, 200, 255, 60)

_CACHE: dict = {}


def __getattr__(name: str):
    """TEAM_COLOURS is theme's, read when asked (the colour-blind palette swaps it)."""
    if name == "TEAM_COLOURS":
        return theme.TEAM_COLOURS
    raise AttributeError(name)


def background() -> pygame.Surface:
    surface = _CACHE.get("background")
    if surface is None:
        surface = _CACHE["background"] = vertical_gradient((theme.WIDTH, theme.HEIGHT), (30, 34, 44), (12, 14, 20))
    return surface


class Layout:
    """Where the arena's cells are on the canvas (the cell size fits the map into BOARD)."""

    def __init__(self, arena):
        self.arena = arena
        self.cell = int(min(BOARD.width / arena.width, BOARD.height / arena.height))
        width, height = self.cell * arena.width, self.cell * arena.height
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = BOARD.center

    def centre(self, x: float, y: float) -> tuple[int, int]:
        return (int(self.rect.x + (x + 0.5) * self.cell), int(self.rect.y + (y + 0.5) * self.cell))

    def topleft(self, cell) -> tuple[int, int]:
        return (self.rect.x + cell[0] * self.cell, self.rect.y + cell[1] * self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.rect.collidepoint(pos):
            return None
        return ((pos[0] - self.rect.x) // self.cell, (pos[1] - self.rect.y) // self.cell)


# ----------------------------------------------------------------------------- the frame


def draw(surface: pygame.Surface, model: SkirmishViewModel) -> None:
    layout = model.layout
    tips: list = []  # (rect, lines): what a status badge tells under the mouse
    surface.blit(background(), (0, 0))
    surface.blit(arena_surface(layout.arena, layout.cell), layout.rect.move(-8, -8))
    _draw_coordinates(surface, layout)
    _draw_previews(surface, model)
    _draw_heroes(surface, model, tips)
    _draw_affected(surface, model)
    _draw_cursor(surface, model)
    _draw_floaters(surface, model)
    _draw_initiative(surface, model)
    draw_side(surface, model, tips)
    banner = next((a for a in model.anims if a.kind == "banner"), None)
    if banner is not None:
        alpha = int(255 * math.sin(math.pi * banner.t))
        image = pygame.Surface((360, 70), pygame.SRCALPHA)
        pygame.draw.rect(image, (14, 16, 24, 200), image.get_rect(), border_radius=14)
        draw_text(image, banner.data["text"], (180, 35), 36, theme.ACCENT, bold=True, anchor="center")
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=BOARD.center))
    width = SIDE.x - BOARD.x - 20
    # A longer language's lines shrink to the board's width, then are cut: never under the panel.
    hint, size = fit_label(model.hint, 16, width, minimum=11)
    hint = draw_text(surface, hint, (BOARD.x, BOARD.bottom + 14), size, theme.TEXT)
    key_hints, keys_size = fit_label(model.key_hints, 14, width, minimum=10)
    keys_top = min(max(BOARD.bottom + 38, hint.bottom), theme.HEIGHT - 2 - font(keys_size).get_height())
    draw_text(surface, key_hints, (BOARD.x, keys_top), keys_size, theme.TEXT_DIM)
    if model.toast is not None:
        model.toast.draw(surface)
    if model.overlay:
        draw_thoughts(surface, THOUGHTS, model.explained_by or _("the AI"), model.explanation)
    else:
        _draw_tooltip(surface, model.mouse, tips)


def _draw_coordinates(surface, layout) -> None:
    """Column letters over the board and row numbers left of it, as the AI's words name cells."""
    rect = layout.rect
    size = max(12, min(16, layout.cell // 4))
    for x in range(layout.arena.width):
        label = cell_name(x, 0)[0]
        draw_text(
            surface, label, (layout.centre(x, 0)[0], rect.y - 12), size, theme.TEXT_DIM, bold=True, anchor="midbottom"
        )
    for y in range(layout.arena.height):
        draw_text(
            surface,
            str(y + 1),
            (rect.x - 12, layout.centre(0, y)[1]),
            size,
            theme.TEXT_DIM,
            bold=True,
            anchor="midright",
        )


def _pill(surface, text: str, centre, size: int = 14, colour=None) -> None:
    """A short label on a dark pill, kept near the board."""
    image = text_surface(text, size, theme.TEXT, True)
    rect = image.get_rect().inflate(14, 6)
    rect.center = centre
    rect.clamp_ip(BOARD.inflate(40, 40))
    panel(surface, rect, (16, 20, 30), colour or theme.ACCENT, radius=8, alpha=230)
    surface.blit(image, image.get_rect(center=rect.center))


def _draw_previews(surface, model) -> None:
    layout = model.layout
    cell = layout.cell
    if not model.my_turn:
        return
    if model.selected is None:
        reach = model.moves
        for c in reach:
            surface.blit(tile(MOVE_TILE, cell), layout.topleft(c))
        target = model.hover_cell
        if target in reach:
            path = model.path
            points = [layout.centre(*model.view.cell(model.view.active))] + [layout.centre(*c) for c in path]
            colour = theme.ACCENT if model.warning else (150, 220, 255)
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, 3)
            for c in path:
                pygame.draw.circle(surface, colour, layout.centre(*c), 5)
            surface.blit(tile((120, 220, 255, 90), cell, 2), layout.topleft(target))
            if model.path_note:
                cx, cy = layout.centre(*target)
                _pill(surface, model.path_note, (cx, cy - cell // 2 - 14), 14, theme.ACCENT if model.warning else None)
        return
    harmful = model.selected.harmful
    targets = model.targets
    for c in model.range_cells:  # in range but not a legal target: a faint outline only
        if c not in targets:
            surface.blit(tile((255, 255, 255, 14), cell), layout.topleft(c))
    for c in targets:  # lit only when legal
        surface.blit(tile((255, 200, 90, 70), cell, 2), layout.topleft(c))
    if model.area:
        colour = (*(theme.BAD if harmful else theme.GOOD), 110)
        for c in model.area:
            surface.blit(tile(colour, cell, 0, "hatch" if harmful else "dots"), layout.topleft(c))
    for start, end in model.pushes:  # where a pushed or pulled hero would land
        a, b = layout.centre(*start), layout.centre(*end)
        pygame.draw.line(surface, theme.ACCENT, a, b, 3)
        landing = pygame.Rect(layout.topleft(end), (cell, cell)).inflate(-10, -10)
        pygame.draw.rect(surface, theme.ACCENT, landing, 3, border_radius=8)
        _pill(surface, _("lands on {cell}").format(cell=cell_name(*end)), (b[0], b[1] + cell // 2 + 4), 13)


def _draw_affected(surface, model) -> None:
    """Over the tokens: a ring and a corner mark (a cross for harm, a plus for help) on each hero
    the chosen ability would reach, and the hovered hero's name, fitted to the board."""
    layout = model.layout
    if model.my_turn and model.selected is not None:
        harmful = model.selected.harmful
        colour = theme.BAD if harmful else theme.GOOD
        for uid in model.affected:
            hero = model.view.heroes.get(uid)
            if hero is None:
                continue
            cx, cy = layout.centre(hero.x, hero.y)
            pygame.draw.circle(surface, colour, (cx, cy), int(layout.cell * 0.48), 4)
            mx, my, r = cx - layout.cell // 2 + 8, cy, 6  # left of the token: clear of badges and bars
            pygame.draw.circle(surface, (14, 16, 22), (mx, my), r + 3)
            if harmful:
                pygame.draw.line(surface, colour, (mx - r, my - r), (mx + r, my + r), 3)
                pygame.draw.line(surface, colour, (mx - r, my + r), (mx + r, my - r), 3)
            else:
                pygame.draw.line(surface, colour, (mx - r, my), (mx + r, my), 3)
                pygame.draw.line(surface, colour, (mx, my - r), (mx, my + r), 3)
    hovered = model.state.hero_at(model.hover_cell) if model.hover_cell is not None else None
    if hovered is not None and model.view.heroes[hovered.uid].fade >= 1.0:
        hero = model.view.heroes[hovered.uid]
        name = model.names.get(hovered.uid, "")
        cx, cy = layout.centre(hero.x, hero.y)
        name, size = fit_label(name, 14, int(layout.cell * 2.6), bold=True, minimum=12)
        _pill(surface, name, (cx, cy + layout.cell // 2 + 10), size, team_colour(hero.team))


def _draw_cursor(surface, model) -> None:
    """The keyboard's focus: corner brackets on the cursor's cell."""
    if model.cursor is None:
        return
    rect = pygame.Rect(model.layout.topleft(model.cursor), (model.layout.cell, model.layout.cell)).inflate(-2, -2)
    arm = rect.width // 3
    colour = (255, 255, 255)
    for corner, dx, dy in (
        (rect.topleft, 1, 1),
        (rect.topright, -1, 1),
        (rect.bottomleft, 1, -1),
        (rect.bottomright, -1, -1),
    ):
        pygame.draw.line(surface, colour, corner, (corner[0] + dx * arm, corner[1]), 4)
        pygame.draw.line(surface, colour, corner, (corner[0], corner[1] + dy * arm), 4)
    pygame.draw.rect(surface, theme.ACCENT, rect, 1)


def _draw_heroes(surface, model, tips: list) -> None:
    layout = model.layout
    px = int(layout.cell * 0.84)
    view = model.view
    pulse = 0.5 + 0.5 * idle_wave(model.time, 180)
    for uid, hero in sorted(view.heroes.items(), key=lambda item: item[1].y):
        if not hero.shown:
            continue
        cx, cy = layout.centre(hero.x, hero.y)
        active = uid == view.active and not model.over
        if active:
            ring = int(px * 0.55 + 3 * pulse)
            pygame.draw.circle(surface, (255, 230, 140), (cx, cy), ring, 2)
        token = hero_token(hero.cls_id, hero.team, px, active)
        if hero.fade < 1.0:
            token = token.copy()
            token.set_alpha(int(255 * hero.fade))
        shake = int(4 * idle_wave(model.time, 20)) if model.hurt.get(uid, 0.0) > 0 else 0  # still: reduced motion
        surface.blit(token, token.get_rect(center=(cx + shake, cy - hero.lift)))
        if hero.fade < 1.0:
            continue
        # health bar under the token, mana as a thin line under it
        bar = pygame.Rect(cx - px // 2, cy + px // 2 - 4, px, 7)
        pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2), border_radius=3)
        ratio = max(0.0, min(1.0, hero.health / hero.max_health))
        colour = theme.GOOD if ratio > 0.5 else (240, 200, 70) if ratio > 0.25 else theme.BAD
        pygame.draw.rect(surface, colour, (bar.x, bar.y, int(bar.width * ratio), bar.height), border_radius=3)
        if hero.max_mana:
            pygame.draw.rect(
                surface, theme.MANA, (bar.x, bar.bottom + 1, int(bar.width * hero.mana / hero.max_mana), 2)
            )
        # statuses over the token, each with its turns left
        size = max(20, layout.cell // 3)
        shown = sorted(hero.statuses.items())
        state_hero = model.state.heroes[uid - 1]
        amounts = {kind.value: status.amount for kind, status in state_hero.statuses.items()}
        sx = cx - (len(shown) * (size + 8)) // 2
        for name, turns in shown:
            badge = status_badge(name, size, turns)
            top = cy - px // 2 - size + 4
            surface.blit(badge, (sx, top))
            tips.append((pygame.Rect(sx, top, size + 4, size + 4), status_tooltip(name, turns, amounts.get(name, 0))))
            sx += size + 8
    cast = next((a for a in model.anims if a.kind == "cast"), None)
    if cast is not None:
        colour = theme.BAD if cast.data["harmful"] else theme.GOOD  # the palette's harm and help
        glow = pygame.Surface((layout.cell, layout.cell), pygame.SRCALPHA)
        alpha = int(160 * math.sin(math.pi * cast.t))
        pygame.draw.rect(glow, (*colour, alpha), glow.get_rect().inflate(-6, -6), border_radius=10)
        for c in cast.data["area"]:
            surface.blit(glow, layout.topleft(c))
        start = layout.centre(*cast.data["origin"])
        end = layout.centre(*cast.data["point"])
        if start != end:
            t = cast.eased
            tip = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            pygame.draw.line(surface, colour, start, tip, 3)
            pygame.draw.circle(surface, (255, 255, 255), tip, 5)


def _draw_floaters(surface, model) -> None:
    layout = model.layout
    for floater in model.floaters:
        t = floater.age / floater.duration
        cx, cy = layout.centre(*floater.cell)
        y = cy - layout.cell * 0.3 - 34 * t + floater.offset
        image = floater.image()
        if t > 0.6:
            image = image.copy()
            image.set_alpha(int(255 * (1 - (t - 0.6) / 0.4)))
        surface.blit(image, image.get_rect(center=(cx, int(y))))


def _draw_initiative(surface, model) -> None:
    panel(surface, BAR, theme.PANEL, theme.PANEL_BORDER, radius=12)
    view = model.view
    # "Round 3" over "initiative", in the bar's first 106 pixels (the tokens start after them):
    # at a large text size both shrink back to that room.
    column = pygame.Rect(BAR.x + 14, BAR.y + 4, 100, BAR.height - 8)
    round_text = _("Round {number}").format(number=max(1, view.round))
    size = fit_line(round_text, 20, column.width, 32, True)
    top = draw_text(surface, round_text, (column.x, column.y + 4), size, theme.ACCENT, bold=True, box=column)
    initiative = _("initiative")
    size = fit_line(initiative, 14, column.width, column.bottom - top.bottom + 2)
    draw_text(surface, initiative, (column.x, top.bottom - 2), size, theme.TEXT_DIM, box=column)
    room = _draw_storm(surface, model.layout.arena, max(1, view.round))  # the tokens stop short of it
    x = BAR.x + 120
    order = model.initiative
    for index, (uid, upcoming) in enumerate(order):
        hero = view.heroes[uid]
        active = uid == view.active and not upcoming
        px = 48 if active else 40
        token = hero_token(hero.cls_id, hero.team, px, active)
        y = BAR.centery - px // 2
        if upcoming:
            token = token.copy()
            token.set_alpha(120)
        surface.blit(token, (x, y))
        if active:
            pygame.draw.rect(surface, theme.ACCENT, (x - 3, BAR.bottom - 6, px + 6, 3))
        x += px + 8
        if index + 1 < len(order) and order[index + 1][1] and not upcoming:
            pygame.draw.line(surface, theme.PANEL_BORDER, (x, BAR.y + 10), (x, BAR.bottom - 10), 2)
            # TRANSLATORS: over the initiative bar's tokens of the next round; a very short word.
            draw_text(surface, pgettext("initiative", "next"), (x + 6, BAR.y + 4), 12, theme.TEXT_DIM)
            x += 14
        if x > min(BAR.right - 50, room - 56):
            break


def _draw_storm(surface, arena, round_number: int) -> int:
    """The arena's storm (a boss level's twist may bring it early) at the bar's right end: the
    round it rises, then what it deals each hero at its turn start this round. Returns the x
    where its words begin (the bar's right end without a storm)."""
    if not arena.storm_round:
        return BAR.right
    if round_number < arena.storm_round:
        text, colour = _("Storm from round {number}").format(number=arena.storm_round), theme.TEXT_DIM
    else:
        damage = arena.storm_damage * (round_number - arena.storm_round + 1)
        text, colour = _("Storm: {amount} damage").format(amount=damage), theme.BAD
    column = pygame.Rect(BAR.right - 190, BAR.y + 4, 176, BAR.height - 8)
    size = fit_line(text, 16, column.width, column.height, True)
    drawn = draw_text(
        surface, text, (column.right, column.centery), size, colour, bold=True, anchor="midright", box=column
    )
    return drawn.x - 8


def _draw_tooltip(surface, mouse, tips: list) -> None:
    """The tooltip of the status badge under the mouse, kept on the canvas."""
    if mouse is None:
        return
    for rect, lines in reversed(tips):
        if rect.collidepoint(mouse):
            width = max(text_surface(line, 15).get_width() for line in lines) + 20
            step = max(20, font(15).get_height())
            box = pygame.Rect(mouse[0] + 14, mouse[1] + 14, width, 10 + step * len(lines))
            box.clamp_ip(pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT))
            panel(surface, box, (16, 20, 30), theme.ACCENT, radius=8, alpha=240)
            for index, line in enumerate(lines):
                colour = theme.TEXT if index == 0 else theme.TEXT_DIM
                draw_text(surface, line, (box.x + 10, box.y + 6 + step * index), 15, colour)
            return
