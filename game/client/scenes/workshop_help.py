"""The workshop's help: every shortcut, and what the mouse does (any key or click closes it)."""

from __future__ import annotations

import pygame

from game.client.scene import Scene
from game.client.workshop.panel import draw_help_box

BOX = pygame.Rect(140, 30, 1000, 660)
SHORTCUTS = [
    ("Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", "undo / redo every edit"),
    ("Ctrl+S", "save (a new level asks for a file name)"),
    ("F6", "test play: the level as a player sees it; leaving it returns here"),
    ("F7", "simulate: levels simulate in the background, win rate and objectives"),
    ("F5", "read the level file again (Ctrl+Z brings your edits back)"),
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
        draw_help_box(surface, BOX, "Workshop help", (("Keys", SHORTCUTS), ("Mouse", MOUSE)), value_x=370)
