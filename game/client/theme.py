"""Colours and sizes shared by every scene (one palette, so screens look like one game).

Two palettes: "standard" and "colour-blind safe". `apply_palette(name)` rebinds this module's
colours at run time; scenes read them as `theme.GOOD` when they draw, so the switch reaches every
screen without a restart (a name imported with `from theme import GOOD` would not follow)."""

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
TEAM_COLOURS = ((80, 150, 255), (235, 90, 80))  # the skirmish's two teams: player, opponent
EMBERS = (214, 92, 38)  # a skirmish map's burning floor ('~')
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


STANDARD = "standard"
COLOUR_BLIND_SAFE = "colour_blind_safe"
PALETTE_NAMES = {STANDARD: "Standard", COLOUR_BLIND_SAFE: "Colour-blind safe"}

# Every colour that tells two things apart by red against green. The standard values are the ones
# above; the safe ones move each pair onto the blue/orange axis that deuteranopes and protanopes
# still see (Okabe-Ito style), and differ in lightness too.
_SWAPPED = ("GOOD", "BAD", "HIGHLIGHT", "TARGET", "HEALTH", "MANA", "TEAM_COLOURS", "EMBERS")
PALETTES: dict[str, dict] = {
    STANDARD: {name: globals()[name] for name in _SWAPPED},
    COLOUR_BLIND_SAFE: {
        "GOOD": (90, 180, 250),
        "BAD": (245, 140, 40),
        "HIGHLIGHT": (50, 160, 255),  # apart from the duel's grey-blue Guard frame too
        "TARGET": (255, 150, 50),
        "HEALTH": (225, 95, 45),
        "MANA": (90, 160, 255),
        "TEAM_COLOURS": ((70, 150, 255), (245, 150, 40)),
        "EMBERS": (190, 80, 160),  # reddish purple: apart from the orange team; its flames tell it too
    },
}
# Card types and keyword badges are dicts other modules hold: they are updated in place.
_DICTS = {
    STANDARD: {"CARD_TYPE_COLOURS": dict(CARD_TYPE_COLOURS), "KEYWORD_COLOURS": dict(KEYWORD_COLOURS)},
    COLOUR_BLIND_SAFE: {
        # Green and red items: light teal against dark orange (apart in lightness and hue).
        "CARD_TYPE_COLOURS": {0: (196, 150, 92), 1: (120, 215, 200), 2: (200, 80, 30), 3: (72, 110, 214)},
        "KEYWORD_COLOURS": {**KEYWORD_COLOURS, "L": (120, 215, 200), "B": (236, 120, 40)},
    },
}
palette = STANDARD  # the palette in use


def apply_palette(name: str) -> None:
    """Switch every swapped colour to palette `name` (an unknown name means the standard one)."""
    global palette
    name = name if name in PALETTES else STANDARD
    globals().update(PALETTES[name])
    for dict_name, values in _DICTS[name].items():
        target = globals()[dict_name]
        target.clear()
        target.update(values)
    palette = name
