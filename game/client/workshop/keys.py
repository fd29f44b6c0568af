"""Keys for the workshop's scenes: a scene with `raw_keys = True` gets every key press as
`Intent("key", name=<pygame key name>, value=<modifier bits>)` and typed text as
`Intent("text", value=<text>)` from the app's input mapper (game/client/input.py); Esc, F5 and
F11 keep their usual actions. `install` turns on the platform's text input.
"""

from __future__ import annotations

import pygame

CTRL = pygame.KMOD_CTRL | pygame.KMOD_META  # Cmd on macOS
SHIFT = pygame.KMOD_SHIFT


def install(app) -> None:
    """Start the platform's text input (typed text arrives as TEXTINPUT events)."""
    try:
        pygame.key.start_text_input()
    except pygame.error:  # no text input on this video driver: shortcuts still work
        pass


def ctrl(intent) -> bool:
    return bool(intent.value and intent.value & CTRL)


def shift(intent) -> bool:
    return bool(intent.value and intent.value & SHIFT)
