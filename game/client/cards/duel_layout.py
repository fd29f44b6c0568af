"""Where everything of a card duel sits on the 1280x720 canvas, computed from the view.

`bottom` is the seat shown at the bottom (the human, or the hot-seat player to move).
"""

from __future__ import annotations

import pygame

from game.rules.cards.battle import Battle
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
OPP_HAND_Y = 8
LOG = pygame.Rect(1064, 16, 200, 420)
STATUS = pygame.Rect(1064, 446, 200, 142)
END_TURN = pygame.Rect(1064, 602, 200, 78)


class DuelLayout:
    def __init__(self, view: Battle, bottom: int):
        self.view = view
        self.bottom = bottom
        self.top = 1 - bottom

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
        height = int(BOARD_CARD * CARD_RATIO)
        rects: dict[int, pygame.Rect] = {}
        board = self.view.sides[seat].board
        for lane in range(self.view.lanes):
            zone = self.lane_zone(seat, lane)
            members = [c for c in board if c.lane == lane]
            gap = 14 if self.view.lanes == 1 else 18
            total = len(members) * BOARD_CARD + max(0, len(members) - 1) * gap
            x = zone.centerx - total // 2
            y = zone.centery - height // 2
            for creature in members:
                rects[creature.uid] = pygame.Rect(x, y, BOARD_CARD, height)
                x += BOARD_CARD + gap
        return rects

    def all_creature_rects(self) -> dict[int, pygame.Rect]:
        rects = self.creature_rects(0)
        rects.update(self.creature_rects(1))
        return rects

    def hand_rects(self, seat: int, extra: int = 0) -> list[pygame.Rect]:
        """Slots of the seat's hand cards (plus `extra` slots for cards arriving)."""
        count = len(self.view.sides[seat].hand) + extra
        if seat == self.bottom:
            width, y = HAND_CARD, HAND_Y
        else:
            width, y = BACK_CARD, OPP_HAND_Y
        height = int(width * CARD_RATIO)
        area = CENTER.width - 40
        step = width + 8 if count * (width + 8) <= area else (area - width) / max(1, count - 1)
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
