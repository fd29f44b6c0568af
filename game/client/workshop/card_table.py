"""The card level's table in the editor: each side's deck, hand and board (lanes and slots) as
the level file sets them, where a card dropped at a point lands, and their drawing.

The opponent sits at the top (deck, hand, board towards the middle), the player at the bottom
(board, hand, deck), as at the duel table.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.client.workshop.panel import fitted
from game.workshop.deck_forms import KIND_NAMES as DECK_KINDS
from game.client import theme
from game.client.cards.card_render import render_card
from game.client.widgets import draw_text, panel
from game.workshop import edits
from game.workshop.edits import Slot
from game.workshop.model import Document

AREA = pygame.Rect(308, 50, 566, 664)
CARD_W, CARD_H, STEP = 56, 78, 62
CHIP_W, CHIP_H, CHIP_STEP = 38, 20, 41
LABEL_W = 58
ROWS = {"opponent": ("deck", "hand", "board"), "player": ("board", "hand", "deck")}
ZONE_H = {"deck": 66, "hand": CARD_H + 18, "board": CARD_H + 18}


def side_rect(side: str) -> pygame.Rect:
    half = AREA.height // 2
    return pygame.Rect(AREA.x, AREA.y + (0 if side == "opponent" else half + 4), AREA.width, half - 4)


def zone_rect(side: str, zone: str) -> pygame.Rect:
    rect = side_rect(side)
    y = rect.y + 26
    for name in ROWS[side]:
        if name == zone:
            return pygame.Rect(rect.x + LABEL_W, y, rect.width - LABEL_W - 6, ZONE_H[name])
        y += ZONE_H[name] + 4
    raise KeyError(zone)


def lanes_of(doc: Document) -> int:
    return 2 if doc.get(("rules", "lanes")) == 2 else 1


def lane_rect(doc: Document, side: str, lane: int) -> pygame.Rect:
    zone = zone_rect(side, "board")
    if lanes_of(doc) == 1:
        return zone
    half = zone.width // 2
    return pygame.Rect(zone.x + lane * half, zone.y, half - 4, zone.height)


def slot_rects(doc: Document, side: str, zone: str) -> list[tuple[Slot, pygame.Rect]]:
    """Every placed card's rect, with its slot."""
    found = []
    if zone == "board":
        for lane, indexes in enumerate(edits.board_lanes(doc, side)):
            area = lane_rect(doc, side, min(lane, lanes_of(doc) - 1))
            for slot, index in enumerate(indexes):
                found.append(
                    (Slot(side, "board", index), pygame.Rect(area.x + 6 + slot * STEP, area.y + 9, CARD_W, CARD_H))
                )
        return found
    area = zone_rect(side, zone)
    for index, _entry in enumerate(edits.entries(doc, side, zone)):
        if zone == "hand":
            rect = pygame.Rect(area.x + 6 + index * STEP, area.y + 9, CARD_W, CARD_H)
        else:
            per_row = (area.width - 8) // CHIP_STEP
            rect = pygame.Rect(
                area.x + 4 + index % per_row * CHIP_STEP, area.y + 3 + index // per_row * (CHIP_H + 2), CHIP_W, CHIP_H
            )
        found.append((Slot(side, zone, index), rect))
    return found


def card_at(doc: Document, pos) -> Slot | None:
    for side in edits.SIDES:
        for zone in edits.ZONES:
            for slot, rect in slot_rects(doc, side, zone):
                if rect.collidepoint(pos):
                    return slot
    return None


def drop_target(doc: Document, pos) -> tuple[str, str, int, int] | None:
    """(side, zone, index, lane) for a card dropped at `pos`, or None outside every zone."""
    for side in edits.SIDES:
        for zone in edits.ZONES:
            area = zone_rect(side, zone)
            if not area.collidepoint(pos):
                continue
            if zone == "board":
                lane = 1 if lanes_of(doc) == 2 and pos[0] >= lane_rect(doc, side, 1).x else 0
                return side, zone, max(0, (pos[0] - lane_rect(doc, side, lane).x) // STEP), lane
            rects = slot_rects(doc, side, zone)
            index = sum(
                1
                for _, rect in rects
                if (rect.centery < pos[1] - CHIP_H and zone == "deck")
                or (abs(rect.centery - pos[1]) <= rect.height and rect.centerx < pos[0])
            )
            return side, zone, index, 0
    return None


# ---------------------------------------------------------------------------------- drawing


def draw(
    surface: pygame.Surface,
    doc: Document,
    cards,
    selected: Slot | None,
    bad: set[tuple],
    hover_zone: tuple | None = None,
) -> None:
    for side in edits.SIDES:
        rect = side_rect(side)
        panel(surface, rect, theme.PANEL, theme.PANEL_BORDER, radius=10)
        spec = doc.get((side,)) or {}
        name = (spec.get("name") or _("Opponent")) if side == "opponent" else _("You")
        health = spec.get("health", 30)
        mana = spec.get("mana")
        first = doc.get(("first",), "player") == side
        if mana is None:
            head = _("{name}   health {health}   mana as the turn").format(name=name, health=health)
        else:
            head = _("{name}   health {health}   mana {mana}").format(name=name, health=health, mana=mana)
        if first:
            head = _("{side}   plays first").format(side=head)
        head, size = fitted(head, 16, rect.width - 20, bold=True)
        draw_text(surface, head, (rect.x + 10, rect.y + 5), size, theme.ACCENT if first else theme.TEXT, bold=True)
        for zone in ROWS[side]:
            area = zone_rect(side, zone)
            lit = hover_zone is not None and hover_zone[:2] == (side, zone)
            zone_bad = (side, "deck") in bad if zone == "deck" else (side, zone) in bad
            label = {"hand": _("Hand"), "board": _("Board"), "deck": _("Deck")}[zone]
            if zone == "hand" and doc.get((side, "hand")) is None:
                label = _("Hand\n(draw)")
            if zone == "deck":
                kind = (doc.get((side, "deck")) or {}).get("kind", "fixed")
                label = _("Deck\n{kind}").format(kind=_(DECK_KINDS[kind]).lower() if kind in DECK_KINDS else kind)
            for i, line in enumerate(label.split("\n")):
                line, size = fitted(line, 14 if i == 0 else 12, area.x - rect.x - 10, bold=i == 0)
                draw_text(
                    surface,
                    line,
                    (rect.x + 8, area.y + 4 + i * 16),
                    size,
                    theme.BAD if zone_bad else theme.TEXT_DIM,
                    bold=i == 0,
                )
            pygame.draw.rect(surface, (46, 54, 76) if lit else theme.BACKGROUND_2, area, border_radius=8)
            if zone == "board" and lanes_of(doc) == 2:
                mid = lane_rect(doc, side, 1).x - 2
                pygame.draw.line(surface, theme.PANEL_BORDER, (mid, area.y + 4), (mid, area.bottom - 4), 2)
            if zone == "deck" and (doc.get((side, "deck")) or {}).get("kind") == "draft":
                draw_text(
                    surface, _("drafted: cards come from the pool"), area.center, 14, theme.TEXT_DIM, anchor="center"
                )
            for slot, card_rect in slot_rects(doc, side, zone):
                draw_entry(
                    surface,
                    doc,
                    cards,
                    slot,
                    card_rect,
                    slot == selected,
                    any(p[: len(slot.path())] == slot.path() for p in bad),
                )


def draw_entry(surface, doc: Document, cards, slot: Slot, rect: pygame.Rect, selected: bool, bad: bool) -> None:
    entry = doc.get(slot.path())
    card_id = edits.entry_card(entry)
    card = cards.cards.get(card_id) if cards is not None else None
    extra = entry if isinstance(entry, dict) else {}
    if slot.zone == "deck":
        colour = theme.CARD_TYPE_COLOURS.get(int(card.type), theme.PANEL) if card else theme.BAD
        pygame.draw.rect(surface, colour, rect, border_radius=4)
        count = extra.get("count", 1)
        text = f"{card_id}" + (f"x{count}" if count != 1 else "")
        draw_text(surface, text, rect.center, 13, theme.TEXT_DARK, bold=True, anchor="center")
    elif card is None:
        pygame.draw.rect(surface, theme.BAD, rect, border_radius=6)
        draw_text(surface, f"? {card_id}", rect.center, 14, theme.TEXT, bold=True, anchor="center")
    else:
        face = render_card(card, rect.width, extra.get("attack"), extra.get("defense"))
        surface.blit(face, rect)
        if slot.zone == "board" and extra.get("ready") is False:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((0, 0, 30, 90))
            surface.blit(shade, rect)
    if extra.get("label"):
        draw_text(surface, extra["label"][:12], (rect.centerx, rect.bottom + 1), 10, theme.ACCENT, anchor="midtop")
    if bad:
        pygame.draw.rect(surface, theme.BAD, rect.inflate(4, 4), 2, border_radius=6)
    if selected:
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=7)
