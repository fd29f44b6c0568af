"""Input mapping: pygame events become intents before any scene sees them.

Mouse positions are converted from window pixels to the virtual canvas; keys become named
actions, so scenes (and tests) deal with "confirm" or "end_turn", never with key codes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

KEY_ACTIONS = {
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_e: "end_turn",
    pygame.K_SPACE: "end_turn",
    pygame.K_TAB: "toggle_overlay",
    pygame.K_u: "undo",
    pygame.K_n: "numbers",  # gomoku: move numbers on the stones
    pygame.K_BACKSPACE: "undo",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_r: "rematch",
    pygame.K_F11: "fullscreen",
    pygame.K_F5: "reload",  # a level being played is read again from its file and restarted
}


@dataclass(frozen=True)
class Intent:
    """kind: "move" | "press" | "release" | "wheel" | "action" | "quit" | "resize".

    pos is in virtual canvas coordinates; button is the mouse button; name is the action name
    for "action" intents; value carries the wheel amount or the new window size."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    name: str = ""
    value: object = None


ALWAYS_ACTIONS = (pygame.K_ESCAPE, pygame.K_F5, pygame.K_F11)  # keep their meaning in text fields too


class InputMapper:
    def __init__(self, to_virtual):
        self.to_virtual = to_virtual  # window (x, y) -> virtual (x, y)
        self.mouse = (0, 0)

    def map(self, event, raw_keys: bool = False) -> Intent | None:
        """The intent of one pygame event. With `raw_keys` (a scene that edits text is on top),
        every key press but Esc, F5 and F11 is `Intent("key", name=<key name>, value=<modifier
        bits>)` and typed text is `Intent("text", value=<text>)`."""
        kind = event.type
        if raw_keys:
            if kind == pygame.KEYDOWN and event.key not in ALWAYS_ACTIONS:
                return Intent("key", self.mouse, name=pygame.key.name(event.key), value=event.mod)
            if kind == pygame.TEXTINPUT:
                return Intent("text", self.mouse, value=event.text)
        if kind == pygame.QUIT:
            return Intent("quit")
        if kind == pygame.MOUSEMOTION:
            self.mouse = self.to_virtual(event.pos)
            return Intent("move", self.mouse)
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = self.to_virtual(event.pos)
            return Intent("press", self.mouse, event.button)
        if kind == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.mouse = self.to_virtual(event.pos)
            return Intent("release", self.mouse, event.button)
        if kind == pygame.MOUSEWHEEL:
            return Intent("wheel", self.mouse, value=event.y)
        if kind == pygame.KEYDOWN:
            name = KEY_ACTIONS.get(event.key)
            if name:
                return Intent("action", self.mouse, name=name)
            return None
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            return Intent("resize")
        return None
