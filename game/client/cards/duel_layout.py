"""Where everything of a card duel sits on the 1280x720 canvas, computed from the view.

`bottom` is the seat shown at the bottom (the human, or the hot-seat player to move).
"""

from __future__ import annotations

import pygame

from game.rules.cards.battle import Battle
from game.client.cards.board_slots import BoardSlots, slots_per_lane
from game.client.cards.card_render import CARD_RATIO

CENTER = pygame.Rect(232, 0, 816, 720)
BOARD_CARD = 108
HAND_CARD = 116
BACK_CARD = 46
HERO_TOP = pygame.Rect(16, 16, 200, 206)
HERO_BOTTOM = pygame.Rect(16, 498, 200, 206)
BOARD_TOP = pygame.Rect(232, 80, 816, 176)
BOARD_BOTTOM = pygame.Rect(232, 276, 816, 176)
HAND_Y = 540
HAND_ROOM = CENTER.inflate(-16, 0)  # the hand's row: cards shrink to stand side by side in it
HAND_GAP = 6
OPP_HAND_Y = 8
LOG = pygame.Rect(1064, 16, 200, 420)
STATUS = pygame.Rect(1064, 446, 200, 142)
END_TURN = pygame.Rect(1064, 602, 200, 78)


def slot_rects(lanes: int, zone: pygame.Rect) -> list[pygame.Rect]:
    """Where creatures can stand in a board zone, lane by lane: the slots drawn on the mat."""
    height = int(BOARD_CARD * CARD_RATIO)
    rects = []
    per_lane, gap = slots_per_lane(lanes), (14 if lanes == 1 else 18)
    width = zone.width // lanes
    for lane in range(lanes):
        centre = zone.x + width * lane + width // 2
        total = per_lane * BOARD_CARD + (per_lane - 1) * gap
        x = centre - total // 2
        for _ in range(per_lane):
            rects.append(pygame.Rect(x, zone.centery - height // 2, BOARD_CARD, height))
            x += BOARD_CARD + gap
    return rects


def hand_card_width(count: int) -> int:
    """The width of the bottom hand's cards: full size while they fit side by side, else smaller,
    so no card covers its neighbour's name (7 cards: 109 px, 8: 94 px)."""
    if count <= 1:
        return HAND_CARD
    return min(HAND_CARD, (HAND_ROOM.width - (count - 1) * HAND_GAP) // count)


class DuelLayout:
    def __init__(self, view: Battle, bottom: int, slots: BoardSlots | None = None):
        self.view = view
        self.bottom = bottom
        self.top = 1 - bottom
        # Where each creature stands (kept by the scene between frames; a fresh book packs rows).
        self.slots = slots if slots is not None else BoardSlots()

    def hero(self, seat: int) -> pygame.Rect:
        return HERO_BOTTOM if seat == self.bottom else HERO_TOP

    def board_zone(self, seat: int) -> pygame.Rect:
        return BOARD_BOTTOM if seat == self.bottom else BOARD_TOP

    def lane_zone(self, seat: int, lane: int) -> pygame.Rect:
        zone = self.board_zone(seat)
        if self.view.lanes == 1:
            return zone
        half = zone.width // 2
        return pygame.Rect(zone.x + lane * half, zone.y, half, zone.height)

    def creature_rects(self, seat: int) -> dict[int, pygame.Rect]:
        slots = slot_rects(self.view.lanes, self.board_zone(seat))
        per_lane = slots_per_lane(self.view.lanes)
        rects: dict[int, pygame.Rect] = {}
        for lane in range(self.view.lanes):
            for uid, slot in self.slots.slots_of(self.view, seat, lane):
                rects[uid] = slots[lane * per_lane + slot].copy()
        return rects

    def slot_at(self, seat: int, lane: int, pos) -> int:
        """The slot of `lane` nearest to `pos` (where a summon dropped there should stand)."""
        per_lane = slots_per_lane(self.view.lanes)
        lane_slots = slot_rects(self.view.lanes, self.board_zone(seat))[lane * per_lane : (lane + 1) * per_lane]
        return min(range(per_lane), key=lambda index: abs(lane_slots[index].centerx - pos[0]))

    def all_creature_rects(self) -> dict[int, pygame.Rect]:
        rects = self.creature_rects(0)
        rects.update(self.creature_rects(1))
        return rects

    def hand_rects(self, seat: int, extra: int = 0) -> list[pygame.Rect]:
        """Slots of the seat's hand cards (plus `extra` slots for cards arriving)."""
        count = len(self.view.sides[seat].hand) + extra
        if seat == self.bottom:
            width = hand_card_width(count)
            # Smaller cards sit lower: the row's bottom edge stays where it is.
            y = HAND_Y + int(HAND_CARD * CARD_RATIO) - int(width * CARD_RATIO)
            step = width + HAND_GAP
        else:
            width, y = BACK_CARD, OPP_HAND_Y
            area = CENTER.width - 40
            step = width + 8 if count * (width + 8) <= area else (area - width) / max(1, count - 1)
        height = int(width * CARD_RATIO)
        total = step * (count - 1) + width if count else 0
        left = CENTER.centerx - total / 2
        return [pygame.Rect(int(left + i * step), y, width, height) for i in range(count)]

    def hand_rect(self, seat: int, uid: int) -> pygame.Rect | None:
        for instance, rect in zip(self.view.sides[seat].hand, self.hand_rects(seat)):
            if instance.uid == uid:
                return rect
        return None

    def deck_spot(self, seat: int) -> pygame.Rect:
        hero = self.hero(seat)
        return pygame.Rect(hero.right - 40, hero.centery - 28, 40, 56)
