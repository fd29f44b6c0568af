"""Drawing the skirmish: the arena, hero tokens, previews, the initiative bar and the side panel.

Everything that does not move is made once per size and kept (the arena, tokens, status badges,
tiles); a frame only blits them. The scene (game/client/skirmish/scene.py) owns the flow and
input; this module draws the `SkirmishViewModel` (view_model.py) the scene builds each frame:
the arena as the animations have shown it so far, and the player's choices (hover, selected
ability, previews). It never sees the scene.
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.explain_overlay import draw_thoughts
from game.client.paint import art_json, icon_mask, lit_icon
from game.client.skirmish.view_model import SkirmishViewModel
from game.client.widgets import draw_text, panel, vertical_gradient

BOARD = pygame.Rect(24, 92, 836, 560)  # the arena is centred in here
SIDE = pygame.Rect(880, 16, 384, 688)
BAR = pygame.Rect(24, 16, 836, 64)  # the initiative bar
TEAM_COLOURS = ((80, 150, 255), (235, 90, 80))
TEAM_NAMES = ("Blue", "Red")
STATUS_COLOURS = {
    "stun": (240, 210, 70),
    "slow": (120, 170, 220),
    "haste": (120, 230, 150),
    "poison": (130, 210, 90),
    "regen": (110, 220, 160),
    "shield": (120, 200, 255),
    "taunt": (240, 140, 60),
    "might": (240, 120, 90),
    "weaken": (170, 130, 200),
    "guard": (200, 200, 210),
    "sunder": (200, 110, 90),
    "focus": (240, 230, 140),
    "blind": (120, 120, 140),
}

_CACHE: dict = {}


def _icons() -> dict:
    icons = _CACHE.get("icons")
    if icons is None:
        icons = _CACHE["icons"] = art_json("skirmish_icons.json")
    return icons


def _icon(name: str, px: int, colour) -> pygame.Surface | None:
    """The Game Icons icon `name` at px, lit (card_art's embossed tint) in `colour`'s light."""
    key = ("icon", name, px, colour)
    if key not in _CACHE:
        mask = icon_mask(name, px)
        _CACHE[key] = (
            None
            if mask is None
            else lit_icon(
                mask, {"tint_top": (255, 250, 236), "tint_bottom": tuple(min(255, int(c * 0.6 + 110)) for c in colour)}
            )
        )
    return _CACHE[key]


def hero_icon_name(cls_id: str) -> str:
    icons = _icons()
    return icons.get("heroes", {}).get(cls_id) or icons.get("fallback", "")


def hero_token(cls_id: str, team: int, px: int, active: bool = False) -> pygame.Surface:
    """A round token: the team's colour ring, a dark disc, the class icon lit over it."""
    key = ("token", cls_id, team, px, active)
    surface = _CACHE.get(key)
    if surface is None:
        surface = pygame.Surface((px, px), pygame.SRCALPHA)
        colour = TEAM_COLOURS[team]
        centre = (px // 2, px // 2)
        radius = px // 2 - 2
        pygame.draw.circle(surface, (0, 0, 0, 110), (centre[0] + 2, centre[1] + 3), radius)
        pygame.draw.circle(surface, tuple(int(c * 0.35) for c in colour), centre, radius)
        inner = pygame.Surface((px, px), pygame.SRCALPHA)
        for r in range(radius, 0, -2):  # a soft radial light from the top
            t = r / radius
            pygame.draw.circle(
                inner,
                (*[int(c * (0.75 - 0.35 * t)) for c in colour], 255),
                (centre[0], centre[1] - int(radius * 0.15 * (1 - t))),
                r,
            )
        surface.blit(inner, (0, 0))
        icon = _icon(hero_icon_name(cls_id), int(px * 0.62), colour)
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=(centre[0], centre[1] + 1)))
        ring = (255, 236, 150) if active else colour
        pygame.draw.circle(surface, ring, centre, radius, max(2, px // 16) + (1 if active else 0))
        _CACHE[key] = surface
    return surface


def status_badge(name: str, px: int) -> pygame.Surface:
    key = ("status", name, px)
    surface = _CACHE.get(key)
    if surface is None:
        colour = STATUS_COLOURS.get(name, (200, 200, 200))
        surface = pygame.Surface((px, px), pygame.SRCALPHA)
        pygame.draw.circle(surface, (20, 22, 30, 235), (px // 2, px // 2), px // 2)
        pygame.draw.circle(surface, colour, (px // 2, px // 2), px // 2, 1)
        icon = _icon(_icons().get("statuses", {}).get(name, ""), int(px * 0.7), colour)
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=(px // 2, px // 2)))
        _CACHE[key] = surface
    return surface


def tile(colour, cell: int, border: int = 0) -> pygame.Surface:
    """A translucent cell overlay (move range, legal targets, an ability's area)."""
    key = ("tile", colour, cell, border)
    surface = _CACHE.get(key)
    if surface is None:
        surface = pygame.Surface((cell, cell), pygame.SRCALPHA)
        pygame.draw.rect(surface, colour, surface.get_rect().inflate(-4, -4), border_radius=6)
        if border:
            pygame.draw.rect(surface, (*colour[:3], 230), surface.get_rect().inflate(-4, -4), border, border_radius=6)
        _CACHE[key] = surface
    return surface


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


def arena_surface(arena, cell: int) -> pygame.Surface:
    """Flagstones with a little variation, raised stone walls, the teams' starting cells tinted."""
    key = ("arena", arena.id, cell)
    surface = _CACHE.get(key)
    if surface is None:
        import random

        rng = random.Random(arena.id)
        w, h = arena.width * cell, arena.height * cell
        surface = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
        pygame.draw.rect(surface, (0, 0, 0, 120), (6, 10, w + 10, h + 6), border_radius=12)
        pygame.draw.rect(surface, (58, 52, 46), (0, 0, w + 16, h + 16), border_radius=12)
        spawns = {c: team for team, cells in enumerate(arena.spawns) for c in cells}
        for y in range(arena.height):
            for x in range(arena.width):
                r = pygame.Rect(8 + x * cell, 8 + y * cell, cell, cell)
                if (x, y) in arena.walls:
                    continue
                shade = rng.randrange(-8, 9) + (6 if (x + y) % 2 else 0)
                base = (96 + shade, 90 + shade, 80 + shade)
                pygame.draw.rect(surface, base, r)
                pygame.draw.rect(surface, (70, 64, 56), r, 1)
                if rng.random() < 0.25:  # a crack or a pebble
                    px, py = r.x + rng.randrange(6, cell - 6), r.y + rng.randrange(6, cell - 6)
                    pygame.draw.line(
                        surface, (74, 68, 60), (px, py), (px + rng.randrange(-9, 10), py + rng.randrange(3, 9)), 1
                    )
                team = spawns.get((x, y))
                if team is not None:
                    tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
                    tint.fill((*TEAM_COLOURS[team], 38))
                    surface.blit(tint, r.topleft)
        for x, y in sorted(arena.walls, key=lambda c: (c[1], c[0])):  # walls last: their tops overhang
            r = pygame.Rect(8 + x * cell, 8 + y * cell, cell, cell)
            pygame.draw.rect(surface, (0, 0, 0, 90), r.move(3, 5), border_radius=5)
            pygame.draw.rect(surface, (62, 60, 66), r, border_radius=5)
            top = r.inflate(-6, -6).move(0, -4)
            pygame.draw.rect(surface, (118, 114, 122), top, border_radius=5)
            pygame.draw.line(surface, (150, 146, 156), top.topleft, top.topright, 2)
            pygame.draw.line(surface, (90, 88, 96), (top.x + 4, top.centery), (top.right - 4, top.centery), 1)
            pygame.draw.line(surface, (90, 88, 96), (top.centerx, top.y + 3), (top.centerx, top.centery), 1)
        _CACHE[key] = surface
    return surface


# ----------------------------------------------------------------------------- the frame


def draw(surface: pygame.Surface, model: SkirmishViewModel) -> None:
    layout = model.layout
    surface.blit(background(), (0, 0))
    surface.blit(arena_surface(layout.arena, layout.cell), layout.rect.move(-8, -8))
    _draw_previews(surface, model)
    _draw_heroes(surface, model)
    _draw_floaters(surface, model)
    _draw_initiative(surface, model)
    _draw_side(surface, model)
    banner = next((a for a in model.anims if a.kind == "banner"), None)
    if banner is not None:
        alpha = int(255 * math.sin(math.pi * banner.t))
        image = pygame.Surface((360, 70), pygame.SRCALPHA)
        pygame.draw.rect(image, (14, 16, 24, 200), image.get_rect(), border_radius=14)
        draw_text(image, banner.data["text"], (180, 35), 36, theme.ACCENT, bold=True, anchor="center")
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=BOARD.center))
    draw_text(surface, model.hint, (BOARD.x, BOARD.bottom + 20), 16, theme.TEXT_DIM)
    if model.toast is not None:
        model.toast.draw(surface)
    if model.overlay:
        _draw_thoughts(surface, model, pygame.Rect(70, 120, 740, 420))


def _draw_previews(surface, model) -> None:
    layout = model.layout
    cell = layout.cell
    if not model.my_turn:
        return
    if model.selected is None:
        reach = model.moves
        for c in reach:
            surface.blit(tile((90, 200, 255, 60), cell), layout.topleft(c))
        target = model.hover_cell
        if target in reach:
            path = model.path
            points = [layout.centre(*model.view.cell(model.view.active))] + [layout.centre(*c) for c in path]
            if len(points) > 1:
                pygame.draw.lines(surface, (150, 220, 255), False, points, 3)
            for c in path:
                pygame.draw.circle(surface, (150, 220, 255), layout.centre(*c), 5)
            surface.blit(tile((120, 220, 255, 90), cell, 2), layout.topleft(target))
        return
    targets = model.targets
    for c in model.range_cells:  # in range but not a legal target: a faint outline only
        if c not in targets:
            surface.blit(tile((255, 255, 255, 14), cell), layout.topleft(c))
    for c in targets:  # lit only when legal
        surface.blit(tile((255, 200, 90, 70), cell, 2), layout.topleft(c))
    if model.hover_cell in targets:
        harmful = model.selected.harmful
        colour = (255, 90, 70, 110) if harmful else (110, 230, 140, 110)
        for c in model.area:
            surface.blit(tile(colour, cell), layout.topleft(c))


def _draw_heroes(surface, model) -> None:
    layout = model.layout
    px = int(layout.cell * 0.84)
    view = model.view
    pulse = 0.5 + 0.5 * math.sin(model.time / 180)
    for uid, hero in sorted(view.heroes.items(), key=lambda item: item[1].y):
        if not hero.shown:
            continue
        cx, cy = layout.centre(hero.x, hero.y)
        lift = hero.lift
        active = uid == view.active and not model.over
        if active:
            ring = int(px * 0.55 + 3 * pulse)
            pygame.draw.circle(surface, (255, 230, 140), (cx, cy), ring, 2)
        token = hero_token(hero.cls_id, hero.team, px, active)
        if hero.fade < 1.0:
            token = token.copy()
            token.set_alpha(int(255 * hero.fade))
        flash = model.hurt.get(uid, 0.0)
        shake = int(4 * math.sin(model.time / 20)) if flash > 0 else 0
        surface.blit(token, token.get_rect(center=(cx + shake, cy - lift)))
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
        size = max(14, layout.cell // 4)
        sx = cx - (len(hero.statuses) * (size + 1)) // 2
        for name, turns in sorted(hero.statuses.items()):
            surface.blit(status_badge(name, size), (sx, cy - px // 2 - size + 2))
            draw_text(
                surface,
                str(turns),
                (sx + size - 1, cy - px // 2 + 3),
                11,
                theme.TEXT,
                bold=True,
                anchor="bottomright",
                shadow=True,
            )
            sx += size + 1
    cast = next((a for a in model.anims if a.kind == "cast"), None)
    if cast is not None:
        colour = (255, 120, 80) if cast.data["harmful"] else (120, 240, 160)
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
    draw_text(surface, f"Round {max(1, view.round)}", (BAR.x + 14, BAR.y + 10), 20, theme.ACCENT, bold=True)
    draw_text(surface, "initiative", (BAR.x + 14, BAR.y + 36), 14, theme.TEXT_DIM)
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
            draw_text(surface, "next", (x + 6, BAR.y + 4), 12, theme.TEXT_DIM)
            x += 14
        if x > BAR.right - 50:
            break


def _bar(surface, rect, ratio, colour, text) -> None:
    pygame.draw.rect(surface, (20, 22, 30), rect, border_radius=5)
    pygame.draw.rect(
        surface, colour, (rect.x, rect.y, int(rect.width * max(0.0, min(1.0, ratio))), rect.height), border_radius=5
    )
    draw_text(surface, text, (rect.centerx, rect.centery), 14, theme.TEXT, bold=True, anchor="center", shadow=True)


def _draw_side(surface, model) -> None:
    panel(surface, SIDE, theme.PANEL, theme.PANEL_BORDER, radius=16)
    x, y = SIDE.x + 18, SIDE.y + 14
    draw_text(surface, model.title, (x, y), 26 if len(model.title) < 22 else 20, theme.ACCENT, bold=True)
    y += 34
    for team in (0, 1):
        standing = sum(1 for h in model.view.heroes.values() if h.team == team and h.fade >= 1.0)
        pygame.draw.circle(surface, TEAM_COLOURS[team], (x + 7, y + 10), 6)
        label = model.labels[team]
        current = model.view.active and model.view.heroes[model.view.active].team == team
        draw_text(
            surface,
            f"{label}  ·  {standing} standing",
            (x + 20, y),
            17,
            theme.TEXT if current else theme.TEXT_DIM,
            bold=current,
        )
        y += 24
    y += 4
    if model.hud is not None:
        height = model.hud.height(SIDE.width - 36)
        model.hud.draw(surface, pygame.Rect(x, y, SIDE.width - 36, height))
        y += height + 8
    shown = model.inspected
    if shown is not None:
        y = _hero_card(surface, model, shown, x, y)
    y += 6
    for button in model.ability_buttons:
        button.draw(surface)
    y = max(y, model.ability_buttons[-1].rect.bottom + 8 if model.ability_buttons else SIDE.y + 286)
    info = model.preview
    status = model.status
    if status:
        draw_text(surface, status[0], (x, y), 16, status[1])
        y += 22
    for line in info[:4]:
        draw_text(surface, line, (x, y), 15, theme.TEXT)
        y += 19
    log_top = max(y + 6, SIDE.bottom - 140)
    for line, colour in model.log[-6:]:
        if log_top > SIDE.bottom - 44:
            break
        draw_text(surface, line, (x, log_top), 14, colour)
        log_top += 18
    draw_text(surface, "Tab: AI's thoughts  ·  Esc: menu", (x, SIDE.bottom - 22), 13, theme.TEXT_DIM)


def _hero_card(surface, model, uid: int, x: int, y: int) -> int:
    hero = model.view.heroes[uid]
    state_hero = model.state.heroes[uid - 1]
    cls = state_hero.cls
    surface.blit(hero_token(hero.cls_id, hero.team, 56, uid == model.view.active), (x, y))
    draw_text(surface, f"{cls.name} {uid}", (x + 66, y + 2), 20, TEAM_COLOURS[hero.team], bold=True)
    draw_text(surface, cls.role, (x + 66, y + 28), 14, theme.TEXT_DIM)
    y += 62
    width = SIDE.width - 36
    _bar(
        surface,
        pygame.Rect(x, y, width, 16),
        hero.health / hero.max_health,
        theme.HEALTH,
        f"{max(0, int(hero.health))} / {hero.max_health} health",
    )
    y += 20
    if hero.max_mana:
        _bar(
            surface,
            pygame.Rect(x, y, width // 2 - 4, 14),
            hero.mana / hero.max_mana,
            theme.MANA,
            f"{int(hero.mana)} / {hero.max_mana} mana",
        )
    energy = state_hero.energy if uid == model.state.active_hero.uid else state_hero.turn_energy()
    _bar(
        surface,
        pygame.Rect(x + width // 2 + 4, y, width // 2 - 4, 14),
        energy / max(1, cls.energy),
        (240, 200, 80),
        f"{energy:g} energy",
    )
    y += 20
    stats = (
        f"hit {state_hero.hit_chance():.0%}  crit {state_hero.crit_chance():.0%}  armour {state_hero.armour()}"
        f"  resist {state_hero.resist()}  init {cls.initiative}"
    )
    draw_text(surface, stats, (x, y), 13, theme.TEXT_DIM)
    y += 18
    if hero.statuses:
        sx = x
        for name, turns in sorted(hero.statuses.items()):
            surface.blit(status_badge(name, 20), (sx, y))
            draw_text(surface, f"{name} {turns}", (sx + 23, y + 2), 13, STATUS_COLOURS.get(name, theme.TEXT))
            sx += 28 + len(name) * 7 + 10
            if sx > SIDE.right - 80:
                sx, y = x, y + 22
        y += 22
    return y


def _draw_thoughts(surface, model, rect: pygame.Rect) -> None:
    """The AI's last telling decision (an Explanation), drawn the way every game's Tab view is."""
    draw_thoughts(surface, rect, model.explained_by or "the AI", model.explanation)
