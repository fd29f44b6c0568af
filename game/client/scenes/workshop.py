"""The level workshop's front page: start a new card puzzle, gomoku or skirmish level, or open one
of the campaign's level files (or any file by its path) in the editor."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, backdrop, draw_text, fit_text
from game.client.workshop import keys
from game.workshop.kinds import editable_games, editor_kind, find_editor_kind
from game.rules.levels.loader import campaign_dir


def _listed(path: Path) -> str | None:
    """The title the front page lists the campaign's level file `path` under: a level of a game the
    workshop edits, by its title; a file it cannot read, by its file name (opening it shows the
    designer why). None: not listed (another game's level)."""
    from game.workshop.io import WorkshopFileError, load

    try:
        data, _ = load(path)
    except WorkshopFileError:
        return path.stem
    if find_editor_kind(data.get("kind")) is None:
        return None
    title = data.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else path.stem


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
        ] + [("Open a file...", self.ask_path)]
        buttons = [
            Button(pygame.Rect(120 + i * 265, 150, 245, 56), label, action, primary=i == 0)
            for i, (label, action) in enumerate(starts)
        ]
        listed = [
            (path, _listed(path)) for path in sorted(campaign_dir().glob("*.json")) if path.name != "campaign.json"
        ]
        self.files = [path for path, title in listed if title is not None]
        self.titles = {path: title for path, title in listed if title is not None}
        # Players see the levels' titles; the file's id (small, under it) only in designer mode.
        designer = bool(getattr(app.settings, "designer", False))
        for i, path in enumerate(self.files):
            rect = pygame.Rect(120 + i % 4 * 262, 270 + i // 4 * 54, 250, 46)
            title = self.titles[path]
            size = fit_text(title, 18, rect.width - 16, bold=True)
            note = path.stem if designer else ""
            buttons.append(
                Button(rect, title, lambda p=path: self.open(p), note=note, size=min(size, 16) if note else size)
            )
        buttons.append(
            Button(pygame.Rect(theme.WIDTH // 2 - 270, 650, 260, 52), "Campaign structure", self.open_campaign)
        )
        buttons.append(Button(pygame.Rect(theme.WIDTH // 2 + 10, 650, 260, 52), "Back", self.app.pop))
        self.menu = ButtonColumn(buttons)

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
        from game.workshop.io import WorkshopFileError

        try:
            self.app.push("workshop_editor", path=path)
        except WorkshopFileError as error:
            self.notice = str(error)

    def open_campaign(self) -> None:
        """The chapters, their levels and unlock rules (game/client/scenes/workshop_campaign.py)."""
        from game.workshop.io import WorkshopFileError

        try:
            self.app.push("workshop_campaign")
        except WorkshopFileError as error:
            self.notice = str(error)

    def ask_path(self) -> None:
        self.app.push(
            "workshop_prompt",
            title="Open a level file",
            text=str(campaign_dir()) + "/",
            buttons=[("Open", lambda text: self.open(Path(text.strip()))), ("Cancel", None)],
        )

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.app.pop()
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_text(
            surface, "Level workshop", (theme.WIDTH // 2, 60), 52, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        draw_text(
            surface,
            "Build card puzzles, duels, gomoku and skirmish levels; test play them; save them as level files",
            (theme.WIDTH // 2, 112),
            18,
            theme.TEXT_DIM,
            anchor="center",
        )
        draw_text(surface, "The campaign's levels", (120, 240), 18, theme.TEXT_DIM, bold=True)
        self.menu.draw(surface)
        if self.notice:
            draw_text(surface, self.notice[:140], (theme.WIDTH // 2, 626), 16, theme.BAD, anchor="center")
