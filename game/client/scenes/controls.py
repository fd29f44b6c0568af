"""Controls: every key and gamepad button, game by game (from Settings and the pause menu).

The keys come from game/client/input.py's own tables (`KEY_ACTIONS`, `PAD_NAMES`, what each
action does in `ACTION_USES`), so this list says what the game really does. Its words are translated when drawn
(game/i18n.py); the keys keep the names printed on the keyboard."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.input import ACTION_USES, PAD_NAMES, keys_for
from game.client.resources import font
from game.client.scene import Scene
from game.client.widgets import Button, Tabs, backdrop, draw_text, panel, wrap_text
from game.i18n import N_, _

MOUSE_NOTE = N_("The mouse works everywhere too: click to choose, drag a card to play it, right click to cancel.")
TABLE = pygame.Rect(theme.WIDTH // 2 - 540, 166, 1080, 430)
COLUMNS = ((N_("Keys"), 0, 250), (N_("Gamepad"), 260, 190), (N_("What it does"), 460, 580))  # (title, x, width)
ARROWS = ("up", "down", "left", "right")


def control_rows(group: str) -> list[tuple[str, str, str]]:
    """(keys, gamepad buttons, what it does) for each line of `group`, in the current language:
    keys as the keyboard labels them, "-" where no pad button does it."""
    rows = []
    for actions, use in ACTION_USES[group]:
        if actions.startswith("="):  # a scene's own keys, as written
            rows.append((actions[1:], "-", _(use)))
            continue
        names = actions.split()
        keys = [_("Arrows")] if tuple(names) == ARROWS else [key for name in names for key in keys_for(name)]
        if len(keys) > 3 and all(key.isdigit() for key in keys):  # the digits 1 to 8: "1-8"
            keys = [f"{keys[0]}-{keys[-1]}"]
        pads = list(dict.fromkeys(_(PAD_NAMES[name]) for name in names if name in PAD_NAMES))
        rows.append((" / ".join(keys), " / ".join(pads) or "-", _(use)))
    return rows


def table_lines(group: str, size: int) -> tuple[int, list[tuple[str, str, list[str]]]]:
    """The table's height at text `size`, and its rows with their words wrapped."""
    line = font(size).get_linesize()
    rows = [(keys, pad, wrap_text(use, size, COLUMNS[2][2])) for keys, pad, use in control_rows(group)]
    notes = len(wrap_text(_(MOUSE_NOTE), 16, TABLE.width - 40))
    height = 28 + font(18).get_linesize() + sum(line * len(lines) + 8 for _, _, lines in rows)
    return height + notes * font(16).get_linesize(), rows


class ControlsScene(Scene):
    name = "controls"
    opaque = True

    def __init__(self, app):
        super().__init__(app)
        self.groups = list(ACTION_USES)
        self.tabs = Tabs(pygame.Rect(theme.WIDTH // 2 - 560, 98, 1120, 50), [_(group) for group in self.groups])
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 130, 614, 260, 52), _("Back"), self.close, primary=True)

    @property
    def group(self) -> str:
        return self.groups[self.tabs.index]

    def close(self) -> None:
        self.app.pop()

    def turn(self, delta: int) -> None:
        self.tabs.index = (self.tabs.index + delta) % len(self.groups)

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name in ("back", "confirm"):
                self.close()
            elif intent.name in ("left", "up"):
                self.turn(-1)
            elif intent.name in ("right", "down", "toggle_overlay"):
                self.turn(1)
        elif intent.kind == "move":
            self.back.hovered = self.back.rect.collidepoint(intent.pos)
            self.tabs.hover(intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if self.back.hit(intent.pos):
                self.close()
                return
            tab = self.tabs.at(intent.pos)
            if tab is not None:
                self.app.play_sound("click")
                self.tabs.index = tab

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_text(
            surface, _("Controls"), (theme.WIDTH // 2, 50), 44, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        self.tabs.draw(surface)
        panel(surface, TABLE, theme.PANEL, theme.PANEL_BORDER, radius=12, alpha=230)
        # The largest text that keeps the whole table in its box (at a big text size setting).
        size = next((size for size in range(20, 11, -1) if table_lines(self.group, size)[0] <= TABLE.height), 12)
        rows = table_lines(self.group, size)[1]
        line = font(size).get_linesize()
        y = TABLE.y + 14
        for title, x, width in COLUMNS:
            draw_text(surface, _(title), (TABLE.x + 20 + x, y), 18, theme.TEXT_DIM, bold=True, width=width, box=TABLE)
        y += font(18).get_linesize() + 8
        for keys, pad, lines in rows:
            draw_text(surface, keys, (TABLE.x + 20, y), size, theme.ACCENT, bold=True, width=COLUMNS[0][2], box=TABLE)
            draw_text(surface, pad, (TABLE.x + 20 + COLUMNS[1][1], y), size, theme.TEXT, width=COLUMNS[1][2], box=TABLE)
            for index, text in enumerate(lines):
                draw_text(surface, text, (TABLE.x + 20 + COLUMNS[2][1], y + index * line), size, theme.TEXT, box=TABLE)
            y += line * len(lines) + 8
        note = wrap_text(_(MOUSE_NOTE), 16, TABLE.width - 40)
        for index, text in enumerate(note):
            y_note = TABLE.bottom - 12 - (len(note) - index) * font(16).get_linesize()
            draw_text(surface, text, (TABLE.x + 20, y_note), 16, theme.TEXT_DIM, box=TABLE)
        self.back.draw(surface)
