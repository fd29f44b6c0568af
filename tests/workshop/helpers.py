"""Driving the workshop like a designer: typed text, keys with Ctrl or Shift, screenshots."""

from __future__ import annotations

import pygame

from game.rules.levels.loader import level_path
from tests.client.driver import step


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app)


def press_key(app, code, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    step(app)


def ctrl(app, code) -> None:
    press_key(app, code, pygame.KMOD_LCTRL)


def row_centre(editor, label: str, nth: int = 0, side: str = "value") -> tuple[int, int]:
    """Where to click a row of the side panel: its value box (left or right half for - and +)."""
    rows = editor.rows
    indexes = [i for i, row in enumerate(rows.rows) if row.label == label]
    index = indexes[nth]
    rows.reveal(index)
    box = rows.value_rect(index) if rows.rows[index].kind != "button" else rows.row_rect(index)
    if side == "minus":
        return box.x + 8, box.centery
    if side == "plus":
        return box.right - 8, box.centery
    if rows.rows[index].kind == "button":
        return box.x + 40, box.centery
    return box.center


def shoot(app, tmp_path, name: str) -> pygame.Surface:
    """A screenshot of the window (kept in DUELMIND_SHOTS when set), checked to have content."""
    import os
    import shutil

    from tests.client.driver import colours

    path = tmp_path / f"workshop-{name}.png"
    app.screenshot(path)
    keep = os.environ.get("DUELMIND_SHOTS")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(path, os.path.join(keep, path.name))
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    assert colours(image) >= 12, f"{name} looks blank"
    return image


def open_editor(app, level_id: str):
    """The editor on a campaign level, opened from the workshop's front page over the title."""
    app.push("title")
    app.push("workshop", path=str(level_path(level_id)))
    step(app, 2)
    assert app.top.name == "workshop_editor"
    return app.top
