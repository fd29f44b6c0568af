"""The level workshop's front page: start a new card puzzle, gomoku or skirmish level, open one
of the campaign's level files, or any level or campaign file through the file dialog
(game/client/scenes/workshop_files.py), or a campaign by its folder. A file that is not valid
JSON opens in the raw editor (game/client/scenes/workshop_raw.py) to be fixed."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, backdrop, draw_text, fit_text
from game.client.workshop import keys
from game.i18n import N_, _
from game.workshop.kinds import editable_games, editor_kind, find_editor_kind
from game.rules.levels.loader import campaign_dir


def _listed(path: Path) -> str | None:
    """The title the front page lists the campaign's level file `path` under: a level of a game the
    workshop edits, by its title; a file it cannot read, by its file name (opening it shows the
    designer why). None: not listed (another game's level)."""
    from game.workshop.io import WorkshopFileError, load

    try:
        data, _original = load(path)
    except WorkshopFileError:
        return path.stem
    if find_editor_kind(data.get("kind")) is None:
        return None
    title = data.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else path.stem


COLUMNS, ROWS = 5, 7  # the campaign's levels shown at once (more: scrolled with the wheel or ▲ ▼)


class WorkshopScene(Scene):
    name = "workshop"
    music = "title"

    def __init__(self, app, path: str | None = None):
        super().__init__(app)
        self.start_path = path
        self.notice = ""
        # A new level of each game the workshop edits (game/workshop/kinds.py), then any file.
        starts = [
            (editor_kind(game).new_level_label, lambda game=game: self.new(game)) for game in editable_games()
        ] + [(N_("Open a file..."), self.ask_path)]
        # The buttons keep their English ids and are relabelled where drawn (a language switch shows).
        self.start_ids = [label for label, _action in starts]
        self.start_buttons = [
            Button(pygame.Rect(40 + i * 303, 150, 287, 56), label, action, primary=i == 0)
            for i, (label, action) in enumerate(starts)
        ]
        listed = [
            (path, _listed(path)) for path in sorted(campaign_dir().glob("*.json")) if path.name != "campaign.json"
        ]
        self.files = [path for path, title in listed if title is not None]
        self.titles = {path: title for path, title in listed if title is not None}
        # Players see the levels' titles; the file's id (small, under it) only in designer mode.
        designer = bool(getattr(app.settings, "designer", False))
        self.level_buttons = []
        for level_file in self.files:
            rect = pygame.Rect(0, 0, 230, 44)  # placed by `lay_out`
            title = self.titles[level_file]
            size = fit_text(title, 18, rect.width - 16, bold=True)
            note = level_file.stem if designer else ""
            self.level_buttons.append(
                Button(rect, title, lambda p=level_file: self.open(p), note=note, size=min(size, 16) if note else size)
            )
        self.scroll_row = 0
        self.scroll_buttons = [
            Button(pygame.Rect(1150, 236, 40, 28), "▲", lambda: self.scroll(-1), size=14),
            Button(pygame.Rect(1198, 236, 40, 28), "▼", lambda: self.scroll(1), size=14),
        ]
        self.bottom_buttons = []
        bottom = [
            (N_("Campaign structure"), self.open_campaign),
            (N_("Other campaign..."), self.ask_campaign_folder),
            (N_("Back"), self.app.pop),
        ]
        self.bottom_ids = [label for label, _action in bottom]
        for i, (label, action) in enumerate(bottom):
            rect = pygame.Rect(theme.WIDTH // 2 - 405 + i * 275, 650, 260, 52)
            self.bottom_buttons.append(Button(rect, label, action, size=20))
        self.lay_out()

    def lay_out(self) -> None:
        """Place the levels shown from `scroll_row` on (five to a row, seven rows: above the
        notice and the bottom row); the menu holds the buttons on screen."""
        first = self.scroll_row * COLUMNS
        shown = self.level_buttons[first : first + COLUMNS * ROWS]
        for i, button in enumerate(shown):
            button.rect.topleft = (40 + i % COLUMNS * 242, 270 + i // COLUMNS * 50)
        more = len(self.level_buttons) > COLUMNS * ROWS
        self.scroll_buttons[0].enabled = more and self.scroll_row > 0
        self.scroll_buttons[1].enabled = more and first + COLUMNS * ROWS < len(self.level_buttons)
        arrows = self.scroll_buttons if more else []
        focus = self.menu.focus if hasattr(self, "menu") else 0
        self.menu: ButtonColumn = ButtonColumn(self.start_buttons + arrows + shown + self.bottom_buttons)
        if focus:
            self.menu.focus = min(focus, len(self.menu.buttons) - 1)  # ▼ pressed by keys stays chosen
            for index, button in enumerate(self.menu.buttons):
                button.focused = index == self.menu.focus

    def scroll(self, rows: int) -> None:
        last = max(0, -(-len(self.level_buttons) // COLUMNS) - ROWS)
        self.scroll_row = max(0, min(last, self.scroll_row + rows))
        self.lay_out()

    def on_enter(self) -> None:
        keys.install(self.app)
        if self.start_path:
            path, self.start_path = self.start_path, None
            self.open(Path(path))
        else:  # unsaved work an earlier run left (game/client/workshop/recovery_offer.py)
            from game.client.workshop.recovery_offer import offer

            offer(self.app)

    def new(self, kind: str) -> None:
        self.app.push("workshop_editor", kind=kind)

    def open(self, path: Path) -> None:
        """Open a file in what fits it: a level in the editor, a campaign file in the campaign
        structure, a file that is not valid JSON in the raw editor to fix it."""
        from game.workshop.file_browser import RecentFiles
        from game.workshop.io import BrokenFile, WorkshopFileError, load

        self.notice = ""
        try:
            data, _original = load(path)
            if isinstance(data.get("chapters"), list):
                self.app.push("workshop_campaign", path=path)
            else:
                self.app.push("workshop_editor", path=path)
        except BrokenFile:
            self.app.push("workshop_raw", path=path)
        except WorkshopFileError as error:
            self.notice = str(error)
            return
        RecentFiles().add(path)

    def open_campaign(self, path: Path | None = None) -> None:
        """The chapters, their levels and unlock rules (game/client/scenes/workshop_campaign.py)."""
        from game.workshop.io import WorkshopFileError

        try:
            self.app.push("workshop_campaign", path=path)
        except WorkshopFileError as error:
            self.notice = str(error)

    def ask_path(self) -> None:
        """Any level or campaign file, from any folder (the file dialog)."""
        self.app.push("workshop_files", mode="open", title=_("Open a level or campaign file"), on_choose=self.open)

    def ask_campaign_folder(self) -> None:
        """A campaign by its folder (the one holding its campaign.json and level files)."""
        from game.workshop.file_browser import campaign_file

        def check(folder: Path) -> str | None:
            if campaign_file(folder) is None:
                return _("This folder holds no campaign.json: choose the folder of a campaign")
            return None

        self.app.push(
            "workshop_files",
            mode="folder",
            title=_("Open a campaign folder"),
            folder=campaign_dir().parent,
            check=check,
            on_choose=lambda folder: self.open_campaign(folder / "campaign.json"),
        )

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.app.pop()
            return
        if intent.kind == "wheel":
            self.scroll(-intent.value)
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        for button, label in zip(self.start_buttons + self.bottom_buttons, self.start_ids + self.bottom_ids):
            button.label = _(label)
        draw_text(
            surface,
            _("Level workshop"),
            (theme.WIDTH // 2, 60),
            52,
            theme.ACCENT,
            bold=True,
            anchor="center",
            shadow=True,
        )
        draw_text(
            surface,
            _("Build card puzzles, duels, gomoku and skirmish levels; test play them; save them as level files"),
            (theme.WIDTH // 2, 112),
            18,
            theme.TEXT_DIM,
            anchor="center",
        )
        draw_text(surface, _("The campaign's levels"), (40, 240), 18, theme.TEXT_DIM, bold=True)
        self.menu.draw(surface)
        if self.notice:
            draw_text(surface, self.notice[:140], (theme.WIDTH // 2, 626), 16, theme.BAD, anchor="center")
