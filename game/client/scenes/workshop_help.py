"""The workshop's help: every shortcut, and what the mouse does (any key or click closes it)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import draw_text, panel, shade

BOX = pygame.Rect(140, 30, 1000, 660)
SHORTCUTS = [
    ("Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", "undo / redo every edit"),
    ("Ctrl+S", "save (a new level asks for a file name)"),
    ("F6", "test play: the level as a player sees it; leaving it returns here"),
    ("F7", "simulate: levels simulate in the background, win rate and objectives"),
    ("F1 or ?", "this help"),
    ("/", "search cards by name, id or rules text"),
    ("Up / Down", "choose a card in the picker"),
    ("H / B / D", "put the chosen card in your hand / board / deck"),
    ("Shift+H / B / D", "... in the opponent's hand / board / deck"),
    ("Delete", "remove the selected card (skirmish: the selected hero)"),
    ("1 - 9", "skirmish: choose a hero class to add; Esc stops adding"),
    ("Tab", "next settings tab (while typing: finish the text)"),
    ("Esc", "stop typing, deselect, then leave (asks to save changes)"),
]
MOUSE = [
    ("Drag a card from the picker", "onto a hand, a board lane and slot, or a deck"),
    ("Click a placed card", "select it: its label, lane, readiness, stats and moves show at the right"),
    ("Drag a placed card", "move it to another zone, lane, slot or side; right click removes it"),
    ("Gomoku board", "click: black, white, empty; Shift+click: white; right click: clear"),
    ("Skirmish field", "click a free tile: add a hero; drag one: move (or swap); right click removes"),
    ("Settings rows", "numbers: - and + (or the wheel); choices cycle (right click back); x removes"),
    ("Problems panel", "click a problem to select the card or field it is about"),
]


class WorkshopHelpScene(Scene):
    name = "workshop_help"
    opaque = False
    raw_keys = True

    def handle(self, intent) -> None:
        if intent.kind in ("key", "press") or intent.kind == "action" and intent.name in ("back", "confirm"):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 180)
        panel(surface, BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        draw_text(surface, "Workshop help", (BOX.centerx, BOX.y + 32), 32, theme.ACCENT, bold=True, anchor="center")
        y = BOX.y + 70
        for heading, rows in (("Keys", SHORTCUTS), ("Mouse", MOUSE)):
            draw_text(surface, heading, (BOX.x + 40, y), 20, theme.ACCENT, bold=True)
            y += 28
            for keys, what in rows:
                draw_text(surface, keys, (BOX.x + 50, y), 16, theme.TEXT, bold=True)
                draw_text(surface, what, (BOX.x + 370, y), 16, theme.TEXT_DIM)
                y += 23
            y += 8
        draw_text(surface, "Any key or click closes this", (BOX.centerx, BOX.bottom - 24), 15, theme.TEXT_DIM,
                  anchor="center")
