"""How a card looks: a frame for its type, its composed picture (card_art.py), and every word laid
out in a box it fits, so that a card in the hand or on the board reads without hovering.

`layout_card` decides where everything goes and at which font size (names shrink to fit, then take
two lines, never cut inside a word; the one-line effect summary is shortened, or left out when it
does not fit); `render_card` draws exactly that layout, once per look (card, width, stats,
keywords), cached. Board creatures pass their current stats: green above the card's, red below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

import pygame

from game.rules.cards.model import KEYWORD_BITS, KEYWORD_LETTERS, Card, CardType, keyword_names
from game import i18n
from game.client.cards import card_art
from game.client.cards.card_words import card_name, rules_text, type_name
from game.client import theme
from game.client.cards.card_summary import summary_candidates
from game.client.paint import LRU, mix
from game.client.resources import font, text_scale
from game.client.widgets import drawable, text_surface, wrap_text

CARD_RATIO = 1.4  # height / width
LARGE_WIDTH = 150  # from this width on, a card shows its whole rules text
TINY_WIDTH = 80  # below it, only the picture, cost and stats

_FACES = LRU(400)

NAME_COLOUR = (252, 244, 222)
SUMMARY_COLOUR = (244, 236, 214)
RULES_COLOUR = (40, 32, 24)
OUTLINE = (12, 8, 6)
WHITE = (255, 255, 255)


def keyword_letters(bits: int) -> list[str]:
    return [letter for letter, bit in zip(KEYWORD_LETTERS, KEYWORD_BITS) if bits & bit]


# ----------------------------------------------------------------------------- layout


class Role(StrEnum):
    """What a string on a card is."""

    NAME = "name"
    SUMMARY = "summary"  # the one-line effect summary of small cards
    COST = "cost"
    ATTACK = "attack"
    DEFENSE = "defense"
    TYPE = "type"  # the type line of large cards
    RULES = "rules"  # a line of the rules text of large cards


@dataclass(frozen=True)
class TextBox:
    """One string as drawn: its font, the box it is centred in, and the area the box belongs to."""

    text: str
    size: int
    bold: bool
    rect: pygame.Rect
    area: pygame.Rect
    colour: tuple = NAME_COLOUR
    outline: int = 0  # pixels of dark outline around the glyphs
    role: Role = Role.NAME
    squeeze: float = 1.0  # horizontal scale (a summary may be condensed a little to fit)

    def measure(self) -> tuple[int, int]:
        """The drawn size in pixels, outline included."""
        w, h = font(self.size, self.bold).size(drawable(self.text))
        return _squeezed(w + 2 * self.outline, self.squeeze), h + 2 * self.outline


def _squeezed(width: int, squeeze: float) -> int:
    return width if squeeze == 1.0 else int(width * squeeze + 0.999)


@dataclass
class CardLayout:
    width: int
    height: int
    art: pygame.Rect
    name_plate: pygame.Rect
    cost: pygame.Rect
    attack: pygame.Rect | None
    defense: pygame.Rect | None
    rules_box: pygame.Rect | None
    keywords: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    texts: list[TextBox] = field(default_factory=list)
    # A board creature's stat above (+1) or below (-1) the card's: an arrow by its badge, so the
    # change is told by a shape, not only by the number's green or red.
    changes: list[tuple[pygame.Rect, int]] = field(default_factory=list)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)


def _width(text: str, size: int, bold: bool, outline: int = 0) -> int:
    return font(size, bold).size(drawable(text))[0] + 2 * outline


def _height(size: int, bold: bool, outline: int = 0) -> int:
    return font(size, bold).size("Ag")[1] + 2 * outline  # what render() makes (get_height() can be 1 px less)


def _split_two(words: list[str], size: int, bold: bool, outline: int) -> tuple[str, str, int]:
    """The split into two lines with the narrowest longer line."""
    best = None
    for i in range(1, len(words)):
        first, second = " ".join(words[:i]), " ".join(words[i:])
        wide = max(_width(first, size, bold, outline), _width(second, size, bold, outline))
        if best is None or wide < best[2]:
            best = (first, second, wide)
    return best


def fit_name(
    name: str,
    area: pygame.Rect,
    largest: int,
    smallest_one_line: int,
    smallest: int,
    bold: bool = True,
    outline: int = 1,
    colour=NAME_COLOUR,
) -> list[TextBox]:
    """The name in `area`: one line shrunk down to `smallest_one_line`, then two lines down to
    `smallest`, then one line at the smallest size; words are never cut. [] if nothing fits."""
    name = drawable(name).strip()
    words = name.split()

    def one(size):
        rect = pygame.Rect(area.x, 0, area.width, _height(size, bold, outline))
        rect.centery = area.centery
        return [TextBox(name, size, bold, rect, area, colour, outline, Role.NAME)]

    for size in range(largest, smallest_one_line - 1, -1):
        if _width(name, size, bold, outline) <= area.width and _height(size, bold, outline) <= area.height:
            return one(size)
    if len(words) > 1:
        for size in range(largest, smallest - 1, -1):
            line_h = _height(size, bold, outline)
            step = int(line_h * 0.8)
            if step + line_h > area.height:
                continue
            first, second, wide = _split_two(words, size, bold, outline)
            if wide <= area.width:
                top = area.y + (area.height - step - line_h) // 2
                return [
                    TextBox(
                        first,
                        size,
                        bold,
                        pygame.Rect(area.x, top, area.width, line_h),
                        area,
                        colour,
                        outline,
                        Role.NAME,
                    ),
                    TextBox(
                        second,
                        size,
                        bold,
                        pygame.Rect(area.x, top + step, area.width, line_h),
                        area,
                        colour,
                        outline,
                        Role.NAME,
                    ),
                ]
    for size in range(smallest_one_line - 1, smallest_name_size() - 1, -1):
        if _width(name, size, bold, outline) <= area.width and _height(size, bold, outline) <= area.height:
            return one(size)
    return []


def smallest_name_size() -> int:
    """The last size a name tries: 7 pixels, whatever the text size setting."""
    return design_size(7)


def design_size(pixels: int) -> int:
    """The smallest size to ask `font` for that draws at least `pixels` pixels. A face is a
    picture of fixed size: its words grow with the text size setting where they fit, but the
    floors they shrink back to stay in pixels (at 150 % a floor of 8 asked as 8 would be 12
    pixels, and a long name would find no size at all in a full hand's narrow card)."""
    size = 1
    while round(size * text_scale()) < pixels:
        size += 1
    return size


def _fit_line(
    candidates: list[str],
    area: pygame.Rect,
    largest: int,
    smallest: int,
    colour,
    role: Role,
    bold: bool = False,
    squeezes=(1.0,),
) -> list[TextBox]:
    """The first candidate that fits on one line in `area`: at the largest size, else condensed, else smaller."""
    for text in candidates:
        for size in range(largest, smallest - 1, -1):
            if _height(size, bold) > area.height:
                continue
            for squeeze in squeezes:
                if _squeezed(_width(text, size, bold), squeeze) <= area.width:
                    rect = pygame.Rect(area.x, 0, area.width, _height(size, bold))
                    rect.centery = area.centery
                    return [TextBox(text, size, bold, rect, area, colour, 0, role, squeeze)]
    return []


def _fit_number(text: str, disc: pygame.Rect, role: Role, colour, largest: int) -> TextBox:
    """A number centred in a badge, shrunk until it fits the badge's inner square."""
    outline = max(1, largest // 9)
    inner = disc.inflate(-max(2, disc.width // 7), -max(2, disc.height // 7))
    size = largest
    while size > 7 and (_width(text, size, True, outline) > inner.width or _height(size, True, outline) > inner.height):
        size -= 1
    rect = pygame.Rect(0, 0, inner.width, _height(size, True, outline))
    rect.center = inner.center
    return TextBox(text, size, True, rect, inner, colour, outline, role)


def _rules_body(card: Card) -> str:
    # TRANSLATORS: the rules text of a card that has none: its type as a sentence ("Creature.").
    return rules_text(card) or i18n.pgettext("rules text", "{effect}.").format(effect=type_name(card.type))


def _stat_colour(value: int, base: int):
    """A raised stat in the palette's good colour, a lowered one in its bad, lightened to read on
    the dark badges (the colour-blind palette swaps them; the arrows say it by shape too)."""
    if value > base:
        return mix(theme.GOOD, WHITE, 0.35)
    if value < base:
        return mix(theme.BAD, WHITE, 0.25)
    return WHITE


def layout_card(
    card: Card, width: int, attack: int | None = None, defense: int | None = None, keywords: int | None = None
) -> CardLayout:
    """Where each part of the card face goes at `width`, with every string fitted to its box."""
    attack = card.attack if attack is None else attack
    defense = card.defense if defense is None else defense
    keywords = card.keywords if keywords is None else keywords
    w, h = width, int(width * CARD_RATIO)
    large, tiny = w >= LARGE_WIDTH, w < TINY_WIDTH
    band = max(3, w // 30)
    inset = band + 2
    # Small faces give their picture less height than large ones: the summary below it is whole
    # sentences (card_summary.py), wrapped on up to four lines.
    art = pygame.Rect(inset, inset, w - 2 * inset, int(h * (0.40 if large else 0.43 if tiny else 0.33)))
    plate_h = int(h * (0.095 if large else 0.19))
    plate = pygame.Rect(inset - 1, art.bottom - 1, w - 2 * inset + 2, 0 if tiny else plate_h)
    gem_r = max(8, int(w * (0.085 if large else 0.135)))
    cost = pygame.Rect(0, 0, 2 * gem_r, 2 * gem_r)
    cost.center = (inset + gem_r - max(2, w // 40), inset + gem_r - max(2, w // 40))
    stat_r = max(8, int(w * (0.085 if large else 0.135)))
    stat_y = h - inset - stat_r + (1 if large else 2)
    attack_rect = defense_rect = None
    is_creature = card.type == CardType.CREATURE
    if is_creature or card.attack:
        attack_rect = pygame.Rect(0, 0, 2 * stat_r, 2 * stat_r)
        attack_rect.center = (inset + stat_r - max(1, w // 60), stat_y)
    if is_creature or card.defense:
        defense_rect = pygame.Rect(0, 0, 2 * stat_r, 2 * stat_r)
        defense_rect.center = (w - inset - stat_r + max(1, w // 60), stat_y)
    stats_top = stat_y - stat_r
    layout = CardLayout(w, h, art, plate, cost, attack_rect, defense_rect, None)
    texts = layout.texts
    # Keyword badges along the bottom of the picture.
    names = keyword_names(keywords)
    if names:
        px = max(10, int(w * (0.115 if large else 0.165)))
        px = min(px, (art.width - 6) // len(names) - 2)
        gap = max(1, px // 8)
        total = len(names) * px + (len(names) - 1) * gap
        x = art.centerx - total // 2
        y = art.bottom - px - max(2, w // 45)
        for name in names:
            layout.keywords.append((name, pygame.Rect(x, y, px, px)))
            x += px + gap
    # Cost, attack and defense.
    texts.append(_fit_number(str(card.cost), cost, Role.COST, WHITE, int(gem_r * 1.25)))
    if is_creature:
        for badge, now, base in ((attack_rect, attack, card.attack), (defense_rect, defense, card.defense)):
            if now != base and badge is not None:
                layout.changes.append((badge, 1 if now > base else -1))
        texts.append(
            _fit_number(str(attack), attack_rect, Role.ATTACK, _stat_colour(attack, card.attack), int(stat_r * 1.3))
        )
        texts.append(
            _fit_number(
                str(defense), defense_rect, Role.DEFENSE, _stat_colour(defense, card.defense), int(stat_r * 1.3)
            )
        )
    else:
        if attack_rect is not None:
            texts.append(_fit_number(f"{card.attack:+d}", attack_rect, Role.ATTACK, WHITE, int(stat_r * 1.1)))
        if defense_rect is not None:
            texts.append(_fit_number(f"{card.defense:+d}", defense_rect, Role.DEFENSE, WHITE, int(stat_r * 1.1)))
    if tiny:
        return layout
    pad = max(3, w // 28)
    name_area = plate.inflate(-2 * pad, -2)
    if large:
        texts += fit_name(
            card_name(card.name), name_area, int(w * 0.085), design_size(int(w * 0.068)), design_size(int(w * 0.056))
        )
        # The rules box between the name and the stats; the type in between the stats.
        box = pygame.Rect(inset + 2, plate.bottom + pad, w - 2 * inset - 4, stats_top - plate.bottom - pad - 3)
        layout.rules_box = box
        texts += _fit_rules(_rules_body(card), box.inflate(-2 * pad, -pad))
        type_area = pygame.Rect(0, 0, w - 2 * (inset + 2 * stat_r + pad), 2 * stat_r - 4)
        type_area.center = (w // 2, stat_y)
        texts += _fit_line(
            [type_name(card.type)],
            type_area,
            int(w * 0.06),
            9,
            (236, 226, 200),
            Role.TYPE,
            bold=True,
            squeezes=(1.0, 0.9, 0.82),  # a longer language's type, condensed before it is left out
        )
    else:
        texts += fit_name(
            card_name(card.name),
            name_area,
            max(9, int(w * 0.112)),
            design_size(max(9, int(w * 0.1))),  # a name shrinks back to the pixels it has at 100 %
            design_size(max(8, int(w * 0.082))),
        )
        summary = pygame.Rect(inset + 1, plate.bottom + 1, w - 2 * inset - 2, stats_top - plate.bottom - 1)
        texts += fit_summary(summary_candidates(card), summary, max(9, int(w * 0.088)), 8)
    return layout


def fit_summary(candidates, area: pygame.Rect, largest: int, smallest: int) -> list[TextBox]:
    """The first candidate that wraps into `area` (whole words, whole sentences), at the largest
    size, else condensed a little, else smaller; one box per line, centred. [] if none fits."""
    squeezes = (1.0, 0.9, 0.82)
    # A shorter sentence at a readable size beats a longer one in tiny type: each floor is tried
    # with every candidate before the type goes smaller.
    floors = sorted({max(smallest, min(largest, floor)) for floor in (10, 9, smallest)}, reverse=True)
    for floor in floors:
        for text in candidates:
            box = _wrapped(text, area, largest, floor, squeezes)
            if box:
                return box
    return []


def _wrapped(text: str, area: pygame.Rect, largest: int, smallest: int, squeezes) -> list[TextBox]:
    """`text` wrapped in `area` at the largest size down to `smallest` (each size plain, then condensed)."""
    for size in range(largest, smallest - 1, -1):
        line_h = _height(size, False)
        step = line_h - 1
        for squeeze in squeezes:
            lines = wrap_text(text, size, int(area.width / squeeze))
            if len(lines) * step + 1 > area.height:
                continue
            if any(_squeezed(_width(line, size, False), squeeze) > area.width for line in lines):
                continue
            top = area.y + (area.height - len(lines) * step - 1) // 2
            return [
                TextBox(
                    line,
                    size,
                    False,
                    pygame.Rect(area.x, top + i * step, area.width, line_h),
                    area,
                    SUMMARY_COLOUR,
                    0,
                    Role.SUMMARY,
                    squeeze,
                )
                for i, line in enumerate(lines)
            ]
    return []


def _fit_rules(body: str, area: pygame.Rect) -> list[TextBox]:
    """The rules text wrapped in `area`, at the largest size (about a twelfth of its width, down
    to 9) where it all fits; a text too long for that (a longer language) is then condensed a
    little, size by size again, before it would be cut."""
    for squeeze in (1.0, 0.9, 0.82):
        for size in range(max(9, min(17, area.width // 12)), 8, -1):
            lines = wrap_text(body, size, int(area.width / squeeze))
            line_h = _height(size, False)
            step = line_h - 1
            if len(lines) * step + 1 > area.height or any(
                _squeezed(_width(line, size, False), squeeze) > area.width for line in lines
            ):
                continue
            y = area.y + max(0, (area.height - len(lines) * step) // 2 - 1)
            return [
                TextBox(
                    line,
                    size,
                    False,
                    pygame.Rect(area.x, y + i * step, area.width, line_h),
                    area,
                    RULES_COLOUR,
                    0,
                    Role.RULES,
                    squeeze,
                )
                for i, line in enumerate(lines)
            ]
    return []


# ----------------------------------------------------------------------------- drawing


def render_card(
    card: Card, width: int, attack: int | None = None, defense: int | None = None, keywords: int | None = None
) -> pygame.Surface:
    """The card face at `width` pixels (height = width * 1.4), drawn once per look and cached."""
    attack = card.attack if attack is None else attack
    defense = card.defense if defense is None else defense
    keywords = card.keywords if keywords is None else keywords
    # A palette or language switch redraws the faces.
    key = (card, width, attack, defense, keywords, theme.GOOD, theme.BAD, i18n.generation())
    return _FACES.get(key, lambda: _draw_card(card, width, attack, defense, keywords))


def face_cache_info() -> dict:
    """Card faces: how many were drawn, served again, kept."""
    return _FACES.info()


def clear_face_cache() -> None:
    _FACES.clear()


@lru_cache(maxsize=600)
def _outlined(text: str, size: int, colour, bold: bool, outline: int) -> pygame.Surface:
    image = text_surface(text, size, colour, bold)
    if not outline:
        return image
    dark = text_surface(text, size, OUTLINE, bold)
    out = pygame.Surface((image.get_width() + 2 * outline, image.get_height() + 2 * outline), pygame.SRCALPHA)
    for dx in range(-outline, outline + 1):
        for dy in range(-outline, outline + 1):
            if dx * dx + dy * dy <= outline * outline + 1 and (dx or dy):
                out.blit(dark, (outline + dx, outline + dy))
    out.blit(image, (outline, outline))
    return out


def _draw_text(surface: pygame.Surface, box: TextBox) -> None:
    image = _outlined(box.text, box.size, box.colour, box.bold, box.outline)
    if box.squeeze != 1.0:
        image = pygame.transform.smoothscale(image, (_squeezed(image.get_width(), box.squeeze), image.get_height()))
    surface.blit(image, image.get_rect(center=box.rect.center))


def _disc(surface, rect: pygame.Rect, light, dark, rim) -> None:
    """A round badge: drop shadow, dark edge, a lit radial fill and a metal rim."""
    c, r = rect.center, rect.width // 2
    pygame.draw.circle(surface, (0, 0, 0, 150), (c[0] + 1, c[1] + 2), r + 1)
    pygame.draw.circle(surface, rim, c, r)
    steps = max(4, r // 2)
    inner = r - max(2, r // 6)
    for i in range(steps):
        t = i / (steps - 1)
        colour = mix(dark, light, t)
        rr = max(1, int(inner * (1 - 0.75 * t)))
        pygame.draw.circle(surface, colour, (c[0] - int(inner * 0.22 * t), c[1] - int(inner * 0.25 * t)), rr)
    pygame.draw.circle(surface, mix(rim, (0, 0, 0), 0.55), c, inner + 1, 1)


def _shield(surface, rect: pygame.Rect, light, dark, rim) -> None:
    """A heater shield for defense."""
    x, y, w, h = rect
    pts = [
        (x + w * 0.08, y + h * 0.06),
        (x + w * 0.92, y + h * 0.06),
        (x + w * 0.92, y + h * 0.5),
        (x + w * 0.5, y + h * 1.0),
        (x + w * 0.08, y + h * 0.5),
    ]
    pygame.draw.polygon(surface, (0, 0, 0, 150), [(px + 1, py + 2) for px, py in pts])
    pygame.draw.polygon(surface, rim, pts)
    inset = max(2, w // 9)
    inner = [
        (x + w * 0.08 + inset, y + h * 0.06 + inset),
        (x + w * 0.92 - inset, y + h * 0.06 + inset),
        (x + w * 0.92 - inset, y + h * 0.5),
        (x + w * 0.5, y + h * 1.0 - inset * 1.5),
        (x + w * 0.08 + inset, y + h * 0.5),
    ]
    pygame.draw.polygon(surface, dark, inner)
    left = [inner[0], (x + w * 0.5, inner[1][1]), (x + w * 0.5, inner[3][1]), inner[4]]
    pygame.draw.polygon(surface, light, left)
    pygame.draw.polygon(surface, mix(rim, (0, 0, 0), 0.5), inner, 1)


def _gem(surface, rect: pygame.Rect) -> None:
    """The mana gem: an octagon cut in blue, with a gold setting."""
    import math

    c, r = rect.center, rect.width / 2

    def octagon(radius, dx=0, dy=0):
        return [
            (
                c[0] + dx + math.cos(math.pi / 8 + i * math.pi / 4) * radius,
                c[1] + dy + math.sin(math.pi / 8 + i * math.pi / 4) * radius,
            )
            for i in range(8)
        ]

    pygame.draw.polygon(surface, (0, 0, 0, 150), octagon(r + 1, 1, 2))
    pygame.draw.polygon(surface, (236, 196, 110), octagon(r))
    pygame.draw.polygon(surface, (120, 84, 30), octagon(r), 1)
    body = octagon(r * 0.8)
    pygame.draw.polygon(surface, (28, 70, 170), body)
    facet = [body[4], body[5], body[6], (c[0], c[1])]
    pygame.draw.polygon(surface, (90, 150, 250), facet)
    pygame.draw.polygon(surface, (60, 116, 226), [body[6], body[7], body[0], (c[0], c[1])])
    pygame.draw.polygon(surface, (18, 44, 120), [body[1], body[2], body[3], (c[0], c[1])])
    pygame.draw.polygon(surface, (160, 200, 255), body, 1)


_BADGE_MARGIN = 3  # room around a badge image for its drop shadow


@lru_cache(maxsize=64)
def _badge_image(kind: Role, diameter: int) -> pygame.Surface:
    """The cost gem, the attack disc or the defense shield at a size, drawn once."""
    image = pygame.Surface((diameter + 2 * _BADGE_MARGIN, diameter + 2 * _BADGE_MARGIN), pygame.SRCALPHA)
    rect = pygame.Rect(_BADGE_MARGIN, _BADGE_MARGIN, diameter, diameter)
    if kind == Role.COST:
        _gem(image, rect)
    elif kind == Role.ATTACK:
        _disc(image, rect, (255, 214, 120), (176, 106, 30), (70, 44, 18))
    else:
        _shield(image, rect, (228, 92, 84), (150, 34, 34), (64, 20, 18))
    return image


def _change_arrow(surface, badge: pygame.Rect, sign: int) -> None:
    """A small outlined arrow above a stat badge: up for a stat raised, down for one lowered."""
    size = max(5, badge.width // 4)
    x, y = badge.centerx, badge.y - size // 2 - 1
    tip = -size if sign > 0 else size
    points = [(x - size, y - tip // 2), (x + size, y - tip // 2), (x, y + tip // 2)]
    pygame.draw.polygon(surface, _stat_colour(1 if sign > 0 else -1, 0), points)
    pygame.draw.polygon(surface, OUTLINE, points, 1)


def _draw_card(card: Card, width: int, attack: int, defense: int, keywords: int) -> pygame.Surface:
    layout = layout_card(card, width, attack, defense, keywords)
    w, h = layout.width, layout.height
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    palette = card_art.PALETTES[card.type]
    surface.blit(card_art.frame(card.type, (w, h)), (0, 0))
    # The picture in a bevelled window.
    art = layout.art
    surface.blit(card_art.card_art(card, art.size), art)
    pygame.draw.rect(surface, mix(palette["metal_dark"], (0, 0, 0), 0.4), art.inflate(2, 2), 1)
    pygame.draw.line(surface, palette["metal_light"], art.bottomleft, art.bottomright, 1)
    for name, rect in layout.keywords:
        surface.blit(card_art.keyword_badge(name, rect.width), rect)
    # The name plate.
    plate = layout.name_plate
    if plate.height:
        corner = max(2, plate.height // 5)
        pygame.draw.rect(surface, (16, 12, 10), plate, border_radius=corner)
        fill = mix(palette["body_top"], (0, 0, 0), 0.35)
        pygame.draw.rect(surface, fill, plate.inflate(-2, -2), border_radius=corner)
        bottom = plate.bottom - 1
        pygame.draw.line(surface, palette["metal_light"], (plate.x + 3, plate.y), (plate.right - 4, plate.y), 1)
        pygame.draw.line(surface, palette["metal_dark"], (plate.x + 3, bottom), (plate.right - 4, bottom), 1)
    if layout.rules_box is not None:
        box = layout.rules_box
        pygame.draw.rect(surface, (20, 14, 10), box.inflate(2, 2), border_radius=7)
        pygame.draw.rect(surface, (236, 226, 204), box, border_radius=6)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (120, 90, 50, 40), shade.get_rect(), max(2, box.width // 40), border_radius=6)
        surface.blit(shade, box)
    # Badges, then every string at its laid-out place.
    for kind, rect in ((Role.COST, layout.cost), (Role.ATTACK, layout.attack), (Role.DEFENSE, layout.defense)):
        if rect is not None:
            surface.blit(_badge_image(kind, rect.width), rect.move(-_BADGE_MARGIN, -_BADGE_MARGIN))
    for box in layout.texts:
        _draw_text(surface, box)
    for badge, sign in layout.changes:
        _change_arrow(surface, badge, sign)
    return surface.convert_alpha() if pygame.display.get_surface() else surface
