"""The workshop's file dialog, one for every file question it asks: open a level or campaign
file from any folder, save a level under a new name (Save As, Duplicate), choose a campaign's
folder, choose a level to add to a campaign.

It walks folders (Up, a click or Enter into a folder, or a path typed in the path box), lists each
folder's level files by title and game (game/workshop/file_browser.py), offers a few places and,
when opening, the recent files. The caller gets the chosen path through `on_choose(path)` after
the dialog closes; `check(path)` (optional) may refuse a choice with a sentence, which the dialog
shows while staying open. Keys: Up/Down choose a line, Enter opens it, Backspace in the list goes
up, Tab moves between the path box, the list and the name box, Esc cancels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, draw_text, fit_text, hover_buttons, panel, press_buttons, shade
from game.client.workshop import keys
from game.i18n import N_, _
from game.paths import levels_dir
from game.rules.levels.loader import campaign_dir
from game.workshop import file_browser as fb

BOX = pygame.Rect(110, 40, 1060, 640)
PATH_RECT = pygame.Rect(BOX.x + 110, BOX.y + 64, BOX.width - 130, 36)
SIDE_RECT = pygame.Rect(BOX.x + 20, BOX.y + 114, 290, 404)
LIST_RECT = pygame.Rect(BOX.x + 326, BOX.y + 114, BOX.width - 346, 404)
NAME_RECT = pygame.Rect(BOX.x + 130, BOX.bottom - 108, 500, 36)
ROW_H = 44
SIDE_ROW_H = 34
PRIMARY = {"open": N_("Open"), "save": N_("Save"), "folder": N_("Open this folder")}
# What a line of the listing holds, in words (a level's game is named by its game's title).
WHAT = {
    "folder": N_("folder"),
    "campaign": N_("campaign"),
    "not a level": N_("not a level"),
    "not valid JSON": N_("not valid JSON"),
}


def what_in_words(what: str) -> str:
    """`Entry.what` as the list shows it: a game's title ("card duel") in the language too."""
    if what in WHAT:
        return _(WHAT[what])
    from game.client.value_names import GAME_TITLES

    title = next((title for title in GAME_TITLES if title.lower() == what), None)
    return _(title).lower() if title is not None else what


class WorkshopFilesScene(Scene):
    name = "workshop_files"
    opaque = False
    raw_keys = True

    def __init__(
        self,
        app,
        mode: str = "open",
        title: str = "",
        on_choose: Callable[[Path], None] | None = None,
        folder: str | Path | None = None,
        file_name: str = "",
        check: Callable[[Path], str | None] | None = None,
        recent: fb.RecentFiles | None = None,
    ):
        """`mode`: "open" (a file), "save" (a new file name in a folder) or "folder" (a folder)."""
        super().__init__(app)
        self.mode = mode
        self.title = title or _("Open a file")
        self.on_choose = on_choose
        self.check = check
        self.recent = recent if recent is not None else fb.RecentFiles()
        self.recent_files = self.recent.files() if mode == "open" else []
        start = Path(folder) if folder is not None else self.default_folder()
        self.folder = start if start.is_dir() else campaign_dir()
        self.file_name = file_name
        self.path_text = str(self.folder)
        self.focus = "name" if mode == "save" else "list"
        self.message = ""
        self.entries: list[fb.Entry] = []
        self.chosen = 0
        self.scroll = 0
        self.go(self.folder)
        self.up_button = Button(pygame.Rect(BOX.x + 20, PATH_RECT.y, 80, 36), _("Up"), self.go_up, size=16)
        self.buttons = [
            self.up_button,
            Button(pygame.Rect(BOX.right - 420, BOX.bottom - 62, 220, 46), _(PRIMARY[mode]), self.accept, primary=True),
            Button(pygame.Rect(BOX.right - 188, BOX.bottom - 62, 168, 46), _("Cancel"), self.app.pop),
        ]

    def default_folder(self) -> Path:
        """The newest recent file's folder, else the campaign's."""
        files = self.recent.files()
        return files[0].parent if files else campaign_dir()

    def on_enter(self) -> None:
        keys.install(self.app)

    # ------------------------------------------------------------------ places

    def places(self) -> list[tuple[str, Path]]:
        """The side list: a few folders, then (opening) the recent files, newest first."""
        found = [(_("The campaign"), campaign_dir()), (_("All levels"), levels_dir()), (_("Home"), Path.home())]
        return found + [(path.name, path) for path in self.recent_files]

    def go(self, folder: Path) -> None:
        """Show `folder` (a folder that cannot be read shows empty, with a message)."""
        folder = Path(folder).expanduser()
        if not folder.is_dir():
            self.message = _("There is no folder {folder}").format(folder=folder)
            return
        self.folder = folder.resolve()
        self.path_text = str(self.folder)
        self.entries = fb.listing(self.folder, files=True)
        self.chosen, self.scroll = 0, 0
        self.message = "" if self.entries or self.mode == "save" else _("Nothing to open in this folder")

    def go_up(self) -> None:
        if self.folder.parent != self.folder:
            self.go(self.folder.parent)

    # ------------------------------------------------------------------ choosing

    def activate(self, index: int) -> None:
        """Enter or a second click on a line: into a folder; a file is the answer (its name,
        when saving)."""
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        if entry.folder:
            self.go(entry.path)
        elif self.mode == "save":
            self.file_name = entry.name
            self.focus = "name"
        elif self.mode == "open":
            self.finish(entry.path)

    def accept(self) -> None:
        """The primary button (or Enter in the name box)."""
        if self.mode == "save":
            typed = self.typed_path()
            if typed is not None:
                self.finish(typed)
                return
            problem = fb.name_problem(self.file_name)
            if problem is not None:
                self.message = problem
                return
            self.finish(self.folder / fb.with_suffix(self.file_name))
        elif self.mode == "folder":
            self.finish(self.folder)
        elif 0 <= self.chosen < len(self.entries):
            self.activate(self.chosen)

    def typed_path(self) -> Path | None:
        """A path typed in the name box ("/home/me/levels/new.json", "drafts/new.json"): the
        file it names when its folder exists and its name is a valid file name."""
        typed = self.file_name.strip()
        if "/" not in typed and "\\" not in typed:
            return None
        path = (self.folder / Path(typed).expanduser()) if not Path(typed).expanduser().is_absolute() else Path(typed)
        if not path.parent.is_dir() or fb.name_problem(path.name) is not None:
            return None
        return path.parent / fb.with_suffix(path.name)

    @property
    def text(self) -> str:
        """The text being typed (the name box when saving): as the one-line prompt's `text`."""
        return self.file_name if self.mode == "save" and self.focus != "path" else self.path_text

    chosen_on_purpose = False  # a line was clicked or moved to (a second click then opens it)

    def finish(self, path: Path) -> None:
        if self.check is not None:
            problem = self.check(path)
            if problem is not None:
                self.message = problem
                return
        self.app.pop()
        if self.on_choose is not None:
            self.on_choose(path)

    def type_path(self) -> None:
        """Enter in the path box: a folder goes there; a file (opening) is the answer."""
        typed = Path(self.path_text.strip()).expanduser()
        if typed.is_dir():
            self.go(typed)
            self.focus = "list"
        elif self.mode == "open" and typed.is_file():
            self.finish(typed)
        elif self.mode == "save" and typed.parent.is_dir() and typed.name:
            self.go(typed.parent)
            self.file_name = typed.name
            self.focus = "name"
        else:
            self.message = _("There is no folder {folder}").format(folder=typed)

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "move":
            hover_buttons(self.buttons, intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            self.press(intent.pos)
        elif intent.kind == "wheel":
            if LIST_RECT.collidepoint(intent.pos):
                self.scroll = max(0, min(self.scroll - intent.value, max(0, len(self.entries) - self.rows_shown())))
        elif intent.kind == "text":
            self.type_text(intent.value)
        elif intent.kind == "key":
            self.key(intent.name)
        elif intent.kind == "action" and intent.name == "back":
            self.app.pop()

    def type_text(self, text: str) -> None:
        if self.focus == "path":
            self.path_text += text
        elif self.mode == "save":
            self.file_name += text
            self.focus = "name"
        self.message = ""

    def key(self, name: str) -> None:
        if name == "tab":
            order = ["path", "list"] + (["name"] if self.mode == "save" else [])
            self.focus = order[(order.index(self.focus) + 1) % len(order)]
        elif name in ("return", "enter"):
            if self.focus == "path":
                self.type_path()
            elif self.focus == "name":
                self.accept()
            else:
                self.activate(self.chosen)
        elif name == "backspace":
            if self.focus == "path":
                self.path_text = self.path_text[:-1]
            elif self.focus == "name":
                self.file_name = self.file_name[:-1]
            else:
                self.go_up()
        elif name in ("up", "down", "page up", "page down") and self.entries:
            self.focus = "list"
            step = {"up": -1, "down": 1, "page up": -self.rows_shown(), "page down": self.rows_shown()}[name]
            self.choose(max(0, min(len(self.entries) - 1, self.chosen + step)))

    def choose(self, index: int) -> None:
        self.chosen = index
        self.chosen_on_purpose = True
        shown = self.rows_shown()
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + shown:
            self.scroll = index - shown + 1

    def rows_shown(self) -> int:
        return (LIST_RECT.height - 8) // ROW_H

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            LIST_RECT.x + 4, LIST_RECT.y + 4 + (index - self.scroll) * ROW_H, LIST_RECT.width - 8, ROW_H - 4
        )

    def side_rect(self, index: int) -> pygame.Rect:
        top = SIDE_RECT.y + 30 + index * SIDE_ROW_H + (24 if index >= 3 else 0)
        return pygame.Rect(SIDE_RECT.x + 4, top, SIDE_RECT.width - 8, SIDE_ROW_H - 4)

    def press(self, pos) -> None:
        if press_buttons(self.buttons, pos, lambda: self.app.play_sound("click")):
            return
        if PATH_RECT.collidepoint(pos):
            self.focus = "path"
            return
        if self.mode == "save" and NAME_RECT.collidepoint(pos):
            self.focus = "name"
            return
        for index, (_label, path) in enumerate(self.places()):
            if self.side_rect(index).collidepoint(pos) and self.side_rect(index).bottom <= SIDE_RECT.bottom:
                self.go(path) if path.is_dir() else self.finish(path)
                return
        for index in range(self.scroll, min(len(self.entries), self.scroll + self.rows_shown())):
            if self.row_rect(index).collidepoint(pos):
                again = index == self.chosen and self.chosen_on_purpose and self.focus == "list"
                self.focus = "list"
                self.choose(index)
                if again:
                    self.activate(index)
                elif self.mode == "save" and not self.entries[index].folder:
                    self.file_name = self.entries[index].name  # saving over it still asks first
                return

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        panel(surface, BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        draw_text(surface, self.title, (BOX.centerx, BOX.y + 32), 28, theme.ACCENT, bold=True, anchor="center")
        self.text_box(surface, PATH_RECT, self.path_text, self.focus == "path")
        self.draw_side(surface)
        self.draw_list(surface)
        if self.mode == "save":
            label = _("File name")
            size = fit_text(label, 18, NAME_RECT.x - BOX.x - 34, bold=True)
            draw_text(surface, label, (BOX.x + 24, NAME_RECT.centery), size, theme.TEXT, bold=True, anchor="midleft")
            self.text_box(surface, NAME_RECT, self.file_name, self.focus == "name")
        hint = {
            "open": _("Enter or a second click opens a line · Backspace goes up a folder · Tab: the path box"),
            "save": _("Type the file's name · Tab: the path box and the list · Enter saves"),
            "folder": _("Walk to the folder and press Open this folder · Backspace goes up"),
        }[self.mode]
        draw_text(
            surface,
            hint,
            (BOX.x + 24, BOX.bottom - 28),
            fit_text(hint, 14, BOX.width - 456, minimum=10),
            theme.TEXT_DIM,
            anchor="midleft",
        )
        if self.message:
            room = BOX.width - 48
            draw_text(
                surface,
                self.message,
                (BOX.x + 24, BOX.bottom - 66 if self.mode != "save" else NAME_RECT.bottom + 14),
                fit_text(self.message, 16, room if self.mode != "save" else 560),
                theme.BAD,
            )
        for button in self.buttons:
            button.draw(surface)

    def text_box(self, surface, rect: pygame.Rect, text: str, focused: bool) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND_2, rect, border_radius=6)
        pygame.draw.rect(
            surface, theme.ACCENT if focused else theme.PANEL_BORDER, rect, 2 if focused else 1, border_radius=6
        )
        shown = text + ("|" if focused else "")
        size = fit_text(shown, 16, rect.width - 16, minimum=11)
        if size <= 11:  # a long path: its end, where the designer is
            while len(shown) > 4 and fit_text("…" + shown, 11, rect.width - 16, minimum=10) < 11:
                shown = shown[1:]
            shown = "…" + shown
        draw_text(surface, shown, (rect.x + 8, rect.centery), size, theme.TEXT, anchor="midleft", box=rect)

    def draw_side(self, surface) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND_2, SIDE_RECT, border_radius=8)
        draw_text(surface, _("Places"), (SIDE_RECT.x + 12, SIDE_RECT.y + 6), 15, theme.TEXT_DIM, bold=True)
        places = self.places()
        if self.recent_files:
            draw_text(
                surface, _("Recent files"), (SIDE_RECT.x + 12, self.side_rect(3).y - 22), 15, theme.TEXT_DIM, bold=True
            )
        for index, (label, path) in enumerate(places):
            rect = self.side_rect(index)
            if rect.bottom > SIDE_RECT.bottom:
                break
            here = path.is_dir() and path.resolve() == self.folder
            if here:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=6)
            draw_text(
                surface,
                label,
                (rect.x + 10, rect.centery),
                fit_text(label, 16, rect.width - 20, minimum=11),
                theme.TEXT,
                anchor="midleft",
                box=rect,
            )

    def draw_list(self, surface) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND_2, LIST_RECT, border_radius=8)
        if not self.entries:
            draw_text(surface, _("This folder is empty"), LIST_RECT.center, 18, theme.TEXT_DIM, anchor="center")
        for index in range(self.scroll, min(len(self.entries), self.scroll + self.rows_shown())):
            entry, rect = self.entries[index], self.row_rect(index)
            lit = index == self.chosen and (self.chosen_on_purpose or self.mode == "open")
            pygame.draw.rect(surface, theme.PANEL_LIGHT if lit else theme.PANEL, rect, border_radius=6)
            if lit and self.focus == "list":
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=6)
            title = (entry.title + "  ›") if entry.folder else entry.title
            faded = entry.what in ("not a level",) or (self.mode == "folder" and not entry.folder)
            colour = theme.TEXT_DIM if faded else theme.TEXT
            draw_text(
                surface,
                title,
                (rect.x + 12, rect.y + 4),
                fit_text(title, 17, rect.width - 240, bold=True, minimum=11),
                colour,
                bold=True,
                box=rect,
            )
            if not entry.folder:
                draw_text(
                    surface,
                    entry.name,
                    (rect.x + 12, rect.bottom - 3),
                    12,
                    theme.TEXT_DIM,
                    anchor="bottomleft",
                    box=rect,
                )
            what = what_in_words("folder" if entry.folder else entry.what)
            warn = entry.what == "not valid JSON"
            draw_text(
                surface,
                what,
                (rect.right - 12, rect.centery),
                15,
                theme.BAD if warn else theme.TEXT_DIM,
                anchor="midright",
                box=rect,
            )
        if len(self.entries) > self.rows_shown():
            shown = self.rows_shown() / len(self.entries)
            bar = pygame.Rect(LIST_RECT.right - 6, 0, 4, max(20, int(LIST_RECT.height * shown)))
            bar.y = LIST_RECT.y + int(
                (LIST_RECT.height - bar.height) * self.scroll / max(1, len(self.entries) - self.rows_shown())
            )
            pygame.draw.rect(surface, theme.PANEL_BORDER, bar, border_radius=2)
