"""The skirmish's drawn pieces, each made once per size and colour and kept: hero tokens with
their team's mark, status badges, cell overlays (hatched where they mean harm), the arena.

Colours are read from `theme` when a piece is made (the colour-blind palette swaps them at
run time, so a piece's cache key holds the colour it was made in). Nothing is told by colour
alone: team 0's tokens carry a round pip and a plain ring, team 1's a square pip and a notched
ring; harmful cells are hatched, helpful ones dotted; statuses carry their turns as a number.
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.paint import art_json, icon_mask, lit_icon
from game.client.resources import font
from game.client.widgets import draw_text, fit_text
from game.i18n import N_, _, ngettext

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
    "blind": (160, 160, 190),
}
# What a status does, for its tooltip ({amount} is its strength).
STATUS_TEXT = {  # translated where shown (status_tooltip)
    "stun": N_("Stunned: skips its next turn."),
    "slow": N_("Slowed: {amount} less energy each turn."),
    "haste": N_("Hasted: {amount} more energy each turn."),
    "poison": N_("Poisoned: loses {amount} health at the start of each of its turns."),
    "regen": N_("Regenerating: heals {amount} at the start of each of its turns."),
    "shield": N_("Shielded: the next {amount} damage is absorbed."),
    "taunt": N_("Taunted: may only target the hero who taunted it."),
    "might": N_("Mighty: deals {amount}% more damage."),
    "weaken": N_("Weakened: deals {amount}% less damage."),
    "guard": N_("Guarded: {amount} more armour and resist."),
    "sunder": N_("Sundered: {amount} less armour and resist."),
    "focus": N_("Focused: {amount}% better hit and crit chances."),
    "blind": N_("Blinded: {amount}% lower hit chance."),
}
TEAM_MARKS = ("round pip", "square pip")  # what tells the teams apart besides colour

_CACHE: dict = {}


def team_colour(team: int) -> tuple:
    return theme.TEAM_COLOURS[team]


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


def team_mark(surface: pygame.Surface, team: int, centre, size: int) -> None:
    """The team's shape: a round pip (team 0) or a square one (team 1), outlined in white."""
    colour = team_colour(team)
    if team == 0:
        pygame.draw.circle(surface, (250, 250, 250), centre, size // 2 + 1)
        pygame.draw.circle(surface, colour, centre, size // 2 - 1)
    else:
        rect = pygame.Rect(0, 0, size, size)
        rect.center = centre
        pygame.draw.rect(surface, (250, 250, 250), rect.inflate(2, 2))
        pygame.draw.rect(surface, colour, rect.inflate(-2, -2))


def hero_token(cls_id: str, team: int, px: int, active: bool = False) -> pygame.Surface:
    """A round token: the team's colour ring (notched for team 1), a dark disc, the class icon
    lit over it, and the team's pip at the lower right."""
    colour = team_colour(team)
    key = ("token", cls_id, team, px, active, colour)
    surface = _CACHE.get(key)
    if surface is None:
        surface = pygame.Surface((px, px), pygame.SRCALPHA)
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
        width = max(2, px // 16) + (1 if active else 0)
        pygame.draw.circle(surface, ring, centre, radius, width)
        if team == 1:  # four notches cut in the ring: the teams differ in shape, not only hue
            for angle in (45, 135, 225, 315):
                a = math.radians(angle)
                x = centre[0] + (radius - width / 2) * math.cos(a)
                y = centre[1] + (radius - width / 2) * math.sin(a)
                pygame.draw.circle(surface, (14, 16, 22), (int(x), int(y)), max(2, width))
        if px >= 24:
            mark = max(6, px // 6)
            team_mark(surface, team, (px - mark // 2 - 2, px - mark // 2 - 2), mark)
        _CACHE[key] = surface
    return surface


def status_badge(name: str, px: int, turns: int | None = None) -> pygame.Surface:
    """A status: its icon on a disc of its colour, and the turns left in a dark pill."""
    colour = STATUS_COLOURS.get(name, (200, 200, 200))
    key = ("status", name, px, turns)
    surface = _CACHE.get(key)
    if surface is None:
        surface = pygame.Surface((px + 6, px + 4), pygame.SRCALPHA)
        centre = (px // 2, px // 2)
        pygame.draw.circle(surface, tuple(int(c * 0.45) for c in colour), centre, px // 2)
        pygame.draw.circle(surface, colour, centre, px // 2, 2)
        icon = _icon(_icons().get("statuses", {}).get(name, ""), int(px * 0.72), colour)
        if icon is not None:
            surface.blit(icon, icon.get_rect(center=centre))
        if turns is not None:
            size = max(11, px // 2)
            pill = pygame.Rect(0, 0, size, size)
            pill.bottomright = (px + 5, px + 3)
            pygame.draw.rect(surface, (12, 14, 20), pill, border_radius=size // 2)
            pygame.draw.rect(surface, colour, pill, 1, border_radius=size // 2)
            draw_text(surface, str(turns), pill.center, size - 2, (255, 255, 255), bold=True, anchor="center")
        _CACHE[key] = surface
    return surface


def tile(colour, cell: int, border: int = 0, pattern: str = "") -> pygame.Surface:
    """A translucent cell overlay (move range, legal targets, an ability's area); `pattern`
    "hatch" (harm) or "dots" (help) tells its meaning without its colour."""
    key = ("tile", colour, cell, border, pattern)
    surface = _CACHE.get(key)
    if surface is None:
        surface = pygame.Surface((cell, cell), pygame.SRCALPHA)
        rect = surface.get_rect().inflate(-4, -4)
        pygame.draw.rect(surface, colour, rect, border_radius=6)
        line = (*colour[:3], 200)
        if pattern == "hatch":
            for offset in range(-cell, cell, 9):
                pygame.draw.line(
                    surface, line, (rect.x + offset, rect.bottom), (rect.x + offset + rect.height, rect.y), 2
                )
            clear = pygame.Surface((cell, cell), pygame.SRCALPHA)
            pygame.draw.rect(clear, (255, 255, 255, 255), rect, border_radius=6)
            surface.blit(clear, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        elif pattern == "dots":
            for y in range(rect.y + 6, rect.bottom - 2, 10):
                for x in range(rect.x + 6, rect.right - 2, 10):
                    pygame.draw.circle(surface, line, (x, y), 2)
        if border:
            pygame.draw.rect(surface, (*colour[:3], 230), rect, border, border_radius=6)
        _CACHE[key] = surface
    return surface


def arena_surface(arena, cell: int) -> pygame.Surface:
    """Flagstones with a little variation, raised stone walls, embers (glowing, with flame marks
    a colour-blind eye tells from floor by shape too), the teams' starting cells tinted."""
    # Keyed by the arena's whole value: the workshop's painter changes a map under one id; one
    # surface per id and cell size is kept, so painting does not pile up pictures.
    key = ("arena", arena, cell, theme.TEAM_COLOURS, theme.EMBERS)
    surface = _CACHE.get(key)
    if surface is None:
        import random

        for old in [k for k in _CACHE if k[0] == "arena" and k[1].id == arena.id and k[2] == cell]:
            del _CACHE[old]

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
                if (x, y) in arena.hazards:
                    draw_embers(surface, r)
                team = spawns.get((x, y))
                if team is not None:
                    tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
                    tint.fill((*team_colour(team), 38))
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


def draw_embers(surface: pygame.Surface, r: pygame.Rect) -> None:
    """An embers cell: a glowing bed and three flame tongues (a shape, not only a colour)."""
    glow = pygame.Surface(r.size, pygame.SRCALPHA)
    glow.fill((*theme.EMBERS, 150))
    surface.blit(glow, r.topleft)
    pygame.draw.rect(surface, tuple(c // 2 for c in theme.EMBERS), r, 2)
    light = tuple(min(255, c + 70) for c in theme.EMBERS)
    for i in range(3):
        cx = r.x + r.width * (i + 1) // 4
        base, tip = r.bottom - r.height // 5, r.y + r.height // 3 + (r.height // 8 if i != 1 else 0)
        half = max(2, r.width // 12)
        pygame.draw.polygon(surface, light, [(cx - half, base), (cx, tip), (cx + half, base)])
        core = [(cx - half // 2, base), (cx, (base + tip) // 2), (cx + half // 2, base)]
        pygame.draw.polygon(surface, (255, 236, 180), core)


def status_tooltip(name: str, turns: int, amount: int) -> list[str]:
    """A status's tooltip lines: what it does, and its turns left."""
    found = STATUS_TEXT.get(name)
    text = _(found).format(amount=amount) if found is not None else name.title()
    return [text, ngettext("{count} turn left", "{count} turns left", turns).format(count=turns)]


def fit_label(text: str, size: int, width: int, bold: bool = False, minimum: int = 12) -> tuple[str, int]:
    """`text` at the largest size down to `minimum` that fits `width`; still too long there, it
    is cut with an ellipsis (a level may name a hero at length: the name must stay readable)."""
    size = fit_text(text, size, width, bold, minimum)
    face = font(size, bold)
    if face.size(text)[0] <= width:
        return text, size
    while len(text) > 1 and face.size(text.rstrip() + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…", size
