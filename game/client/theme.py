"""Colours and sizes shared by every scene (one palette, so screens look like one game)."""

from __future__ import annotations

WIDTH, HEIGHT = 1280, 720  # the virtual canvas every scene draws on

BACKGROUND = (22, 26, 38)
BACKGROUND_2 = (30, 36, 52)
PANEL = (38, 45, 64)
PANEL_LIGHT = (52, 61, 86)
PANEL_BORDER = (82, 94, 128)
TEXT = (232, 235, 242)
TEXT_DIM = (150, 158, 178)
TEXT_DARK = (28, 30, 36)
ACCENT = (240, 190, 80)
ACCENT_DARK = (170, 120, 40)
GOOD = (110, 210, 130)
BAD = (235, 95, 90)
MANA = (90, 160, 255)
HEALTH = (230, 80, 80)
HIGHLIGHT = (120, 240, 160)
TARGET = (255, 110, 90)
DISABLED = (92, 98, 116)
SHADOW = (0, 0, 0, 110)

# Card type colours: creature, green item, red item, blue item.
CARD_TYPE_COLOURS = {
    0: (196, 150, 92),
    1: (84, 178, 96),
    2: (206, 74, 70),
    3: (72, 130, 214),
}
CARD_TYPE_NAMES = {0: "Creature", 1: "Green item", 2: "Red item", 3: "Blue item"}

# Keyword badge colours by protocol letter.
KEYWORD_COLOURS = {
    "B": (236, 140, 60),
    "C": (240, 210, 70),
    "D": (170, 100, 220),
    "G": (150, 166, 190),
    "L": (90, 200, 110),
    "W": (90, 210, 230),
}
KEYWORD_HELP = {
    "B": "Breakthrough: damage beyond the defender's defense hits the opponent.",
    "C": "Charge: may attack the turn it is summoned.",
    "D": "Drain: damage it deals while attacking heals its owner.",
    "G": "Guard: enemies in its lane must attack Guards first.",
    "L": "Lethal: any damage it deals kills the creature hit.",
    "W": "Ward: cancels the next damage it would take.",
}

BOARD_WOOD = (186, 142, 82)
BOARD_WOOD_DARK = (150, 108, 58)
BOARD_LINE = (60, 40, 20)
STONE_BLACK = (28, 28, 32)
STONE_WHITE = (236, 236, 228)
