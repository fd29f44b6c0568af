"""The workshop's campaign structure screen: the chapters and their order, which levels each holds
and in what order, when each chapter opens, its intro lines, and the levels a won level unlocks
(its file's rewards); the same problems as `levels validate`, live; undo, redo and save.

The document (game/workshop/campaign_edit.py) holds the campaign file and its folder's
level files and makes every edit; this scene turns clicks, drags and keys into those edits;
campaign_forms gives its settings rows and campaign_view draws the rest; campaign_keeping saves,
reloads, watches the files for changes made outside and copies levels in.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.workshop.campaign_keeping import CampaignFileKeeping
from game.client.widgets import Button, draw_text, fit_text, hover_buttons, press_buttons, vertical_gradient
from game.workshop import campaign_edit as ce
from game.client.workshop import campaign_view as view
from game.workshop import campaign_check, campaign_forms
from game.client.workshop import keys
from game.client.workshop.panel import RowPanel, draw_title_bar, draw_notice
from game.rules.levels.loader import campaign_path
from game.workshop.recovery import Recovery
from game.i18n import N_, _, generation

SHORTCUTS = {"z": "undo", "y": "redo", "s": "save", "n": "new_chapter"}


class WorkshopCampaignScene(CampaignFileKeeping, Scene):
    name = "workshop_campaign"
    raw_keys = True  # every key and typed text (game/client/workshop/keys.py)

    def __init__(
        self,
        app,
        path: str | Path | None = None,
        document: ce.CampaignDocument | None = None,
        recovery_name: str | None = None,
    ):
        """The campaign file at `path` (the shipped one by default), or a `document` already open
        (`recovery_name`: the recovery copy it came from)."""
        super().__init__(app)
        self.doc = document or ce.CampaignDocument(path or campaign_path())
        self.recovery = Recovery(self.doc, recovery_name)  # unsaved work survives a crash
        self.chapter = 0  # the chosen chapter's index (-1: none)
        self.level: str | None = next(iter(ce.chapter_levels(self.doc, 0)), None)  # the chosen level's id
        self.chapter_list = view.ListBox(view.CHAPTERS_RECT, 58)
        self.level_list = view.ListBox(view.LEVELS_RECT, 46)
        self.free_list = view.ListBox(view.UNASSIGNED_RECT, 46)
        self.settings = RowPanel(pygame.Rect(view.SETTINGS_RECT))
        self.details = RowPanel(pygame.Rect(view.LEVEL_RECT))
        self.problem_scroll = 0
        self.problem_hits: list[tuple[pygame.Rect, tuple]] = []
        self.choosing: dict | None = None  # the level chooser: {"title", "pick": callback, "exclude"}
        self.showing_help = False
        self.discarded = False  # the close button's Discard: quit without asking again
        self.drag: dict | None = None  # {"level": id, "from": pos, "moved": bool}
        self.mouse = (0, 0)
        self.notice, self.notice_ms = "", 0.0
        self._built = None
        self.keep_files()  # looking for changes made outside (game/client/workshop/campaign_keeping.py)
        labels = [
            (N_("Back"), self.leave),
            (N_("Save"), self.save),
            (N_("Undo"), self.undo),
            (N_("Redo"), self.redo),
            (N_("Reload F5"), self.reload_files),
            (N_("Help F1"), self.help),
        ]
        widths = [70, 70, 70, 70, 100, 96]
        self.buttons, x = [], 1268 - sum(widths) - 6 * (len(widths) - 1)
        for (label, action), width in zip(labels, widths):
            self.buttons.append(Button(pygame.Rect(x, 8, width, 34), label, action, size=16))
            x += width + 6
        chapter_buttons = [
            (N_("+ Chapter"), self.new_chapter, 92),
            ("↑", lambda: self.move_chapter(-1), 50),
            ("↓", lambda: self.move_chapter(1), 50),
            (N_("Remove"), self.remove_chapter, 86),
        ]
        # In the "Levels in no chapter" header (drawn after that panel): where a copied level goes.
        self.copy_button = Button(
            pygame.Rect(view.UNASSIGNED_RECT.right - 178, view.UNASSIGNED_RECT.y + 5, 170, 28),
            N_("Copy a level in..."),
            self.ask_level_file,
            size=15,
        )
        self.buttons.append(self.copy_button)
        x = view.CHAPTERS_RECT.x
        for label, action, width in chapter_buttons:
            self.buttons.append(Button(pygame.Rect(x, view.CHAPTER_BUTTONS_Y, width, 40), label, action, size=16))
            x += width + 4
        # Each button's English label is its id; `draw` shows it in the language of the moment.
        self.button_ids = [button.label for button in self.buttons]
        self.background = vertical_gradient((theme.WIDTH, theme.HEIGHT), (28, 32, 48), (16, 18, 28))

    def on_enter(self) -> None:
        keys.install(self.app)

    def on_exit(self) -> None:
        if not self.discarded:
            self.recovery.flush()

    # ------------------------------------------------------------------ state

    def problems(self) -> list[tuple[tuple, str]]:
        return campaign_check.problem_places(self.doc)

    def keep_choice_valid(self) -> None:
        """After an undo, a removed chapter or a renamed file may be gone: choose what is left."""
        count = len(ce.chapters(self.doc))
        self.chapter = min(self.chapter, count - 1) if count else -1
        if self.chapter < 0 and count:
            self.chapter = 0
        if self.level is not None and self.level not in ce.level_ids(self.doc):
            self.level = None

    def rebuild(self) -> None:
        self.keep_choice_valid()
        key = (self.doc.version, self.chapter, self.level, generation())  # rows in the language of the moment
        if key == self._built:
            return
        self._built = key
        self.settings.rows = campaign_forms.chapter_rows(self.doc, self.chapter, self.choose_unlock)
        self.details.rows = campaign_forms.level_rows(self.doc, self.level, self.choose_reward)
        for rows in (self.settings, self.details):
            rows.scroll = min(rows.scroll, max(0, len(rows.rows) - 1))

    def say(self, text: str) -> None:
        self.notice, self.notice_ms = text, 2600.0

    # ------------------------------------------------------------------ actions

    def undo(self) -> None:
        label = self.doc.undo()
        self.say(_("Undid: {edit}").format(edit=label) if label else _("Nothing to undo"))

    def redo(self) -> None:
        label = self.doc.redo()
        self.say(_("Redid: {edit}").format(edit=label) if label else _("Nothing to redo"))

    def help(self) -> None:
        self.showing_help = True

    def unsaved_words(self) -> str:
        files = ", ".join(self.doc.file_of(part).name for part in self.doc.changed_files()) or self.doc.path.name
        return _("{files}: changes not saved.").format(files=files)

    def choose_chapter(self, c: int) -> None:
        self.settings.finish(self.doc)
        self.chapter = c
        self.settings.scroll = 0
        self.settings.highlight = None
        levels = ce.chapter_levels(self.doc, c)
        if self.level not in levels and self.level not in ce.unassigned(self.doc):
            self.level = levels[0] if levels else None

    def new_chapter(self) -> None:
        self.choose_chapter(ce.add_chapter(self.doc))
        self.chapter_list.reveal(self.chapter, len(ce.chapters(self.doc)))
        self.say(_("Added a chapter: give it a title and drag levels into it"))

    def move_chapter(self, delta: int) -> None:
        if self.chapter >= 0:
            self.chapter = ce.move_chapter(self.doc, self.chapter, delta)

    def remove_chapter(self) -> None:
        if self.chapter >= 0:
            ce.remove_chapter(self.doc, self.chapter)
            self.keep_choice_valid()
            self.say(_("Removed the chapter; its levels are now in no chapter (Ctrl+Z brings it back)"))

    def put_level(self, level_id: str, chapter: int, position: int | None = None) -> None:
        if chapter < 0:
            self.say(_("Add a chapter first"))
            return
        ce.add_level(self.doc, level_id, chapter, position)
        self.level = level_id

    def take_out(self, level_id: str) -> None:
        place = ce.place_of(self.doc, level_id)
        if place is not None:
            ce.remove_level(self.doc, *place)

    def move_chosen_level(self, delta: int) -> None:
        place = ce.place_of(self.doc, self.level) if self.level else None
        if place is not None:
            to = ce.move_level(self.doc, place[0], place[1], delta)
            self.level_list.reveal(to, len(ce.chapter_levels(self.doc, place[0])))

    def step_level(self, delta: int) -> None:
        """Choose the level above or below in the list the chosen level is in."""
        place = ce.place_of(self.doc, self.level) if self.level else None
        levels = (
            ce.chapter_levels(self.doc, place[0])
            if place
            else ce.unassigned(self.doc)
            if self.level
            else ce.chapter_levels(self.doc, self.chapter)
        )
        if not levels:
            return
        index = levels.index(self.level) + delta if self.level in levels else 0
        self.level = levels[max(0, min(len(levels) - 1, index))]

    def choose_unlock(self) -> None:
        c = self.chapter
        self.choosing = {
            "title": _("Chapter {number} opens after winning...").format(number=c + 1),
            "exclude": set(ce.unlock_after(self.doc, c)),
            "pick": lambda level_id: ce.add_unlock_after(self.doc, c, level_id),
        }

    def choose_reward(self) -> None:
        level_id = self.level
        self.choosing = {
            "title": _("Winning {level} unlocks...").format(level=level_id),
            "exclude": set(ce.reward_unlocks(self.doc, level_id)) | {level_id},
            "pick": lambda target: ce.add_reward_unlock(self.doc, level_id, target),
        }

    def show_problem(self, place: tuple) -> None:
        """Choose the chapter or level a problem is about and light its row."""
        self.settings.highlight = self.details.highlight = None
        if place[:2] == ("campaign", "chapters") and len(place) > 2 and isinstance(place[2], int):
            self.choose_chapter(place[2])
            if len(place) > 4 and place[3] == "levels" and isinstance(place[4], int):
                levels = ce.chapter_levels(self.doc, place[2])
                if place[4] < len(levels):
                    self.level = levels[place[4]]
                    self.level_list.reveal(place[4], len(levels))
            self.settings.highlight = place
        elif place[0] == "levels" and len(place) > 1:
            self.level = place[1]
            chapter_place = ce.place_of(self.doc, place[1])
            if chapter_place is not None:
                self.chapter = chapter_place[0]
            self.details.highlight = place
        else:
            self.settings.highlight = place
        self.rebuild()
        for panel in (self.settings, self.details):
            if panel.highlight is None:
                continue
            for index, row in enumerate(panel.rows):
                if row.path is not None and panel.highlight[: len(row.path)] == row.path and row.kind != "button":
                    panel.reveal(index)

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if self.showing_help:
            if intent.kind in ("key", "press") or intent.kind == "action" and intent.name in ("back", "confirm"):
                self.showing_help = False
            return
        if intent.kind == "move":
            self.mouse = intent.pos
            hover_buttons(self.buttons, intent.pos)
            if self.drag is not None:  # a press that travels is a drag; one that does not, a click
                start = self.drag["from"]
                self.drag["moved"] |= abs(intent.pos[0] - start[0]) + abs(intent.pos[1] - start[1]) >= 6
        elif intent.kind == "press":
            self.press(intent.pos, intent.button)
        elif intent.kind == "release":
            self.release(intent.pos)
        elif intent.kind == "wheel":
            self.wheel(intent.pos, intent.value)
        elif intent.kind == "text":
            for panel in (self.settings, self.details):
                if panel.editing is not None:
                    panel.type_text(self.doc, intent.value)
        elif intent.kind == "key":
            self.key(intent)
        elif intent.kind == "action" and intent.name == "back":
            if self.choosing is not None:
                self.choosing = None
            elif self.typing():
                self.finish_typing()
            elif self.level is not None:
                self.level = None
            else:
                self.leave()

    def typing(self) -> bool:
        return self.settings.editing is not None or self.details.editing is not None

    def finish_typing(self) -> None:
        self.settings.finish(self.doc)
        self.details.finish(self.doc)

    def key(self, intent) -> None:
        name = intent.name
        if keys.ctrl(intent):
            action = SHORTCUTS.get(name)
            if action == "undo" and keys.shift(intent):
                action = "redo"
            if action:
                self.finish_typing()
                getattr(self, action)()
            return
        if name == "f1":
            self.help()
        elif self.typing():
            if name in ("return", "enter", "tab"):
                self.finish_typing()
            elif name == "backspace":
                for panel in (self.settings, self.details):
                    if panel.editing is not None:
                        panel.backspace(self.doc)
        elif self.choosing is not None:
            return
        elif name in ("up", "down"):
            delta = -1 if name == "up" else 1
            self.move_chosen_level(delta) if keys.shift(intent) else self.step_level(delta)
        elif name in ("page up", "page down"):
            delta = -1 if name == "page up" else 1
            if keys.shift(intent):
                self.move_chapter(delta)
            elif ce.chapters(self.doc):
                self.choose_chapter(max(0, min(len(ce.chapters(self.doc)) - 1, self.chapter + delta)))
        elif name in ("delete", "backspace") and self.level is not None:
            self.take_out(self.level)
        elif name in ("return", "enter") and self.level in ce.unassigned(self.doc):
            self.put_level(self.level, self.chapter)
        elif name == "?" or (name == "/" and keys.shift(intent)):
            self.help()

    def wheel(self, pos, amount: int) -> None:
        if view.PROBLEMS_RECT.collidepoint(pos):
            count = len(self.doc.problems)
            self.problem_scroll = max(0, min(self.problem_scroll - amount, count - 1))
        elif view.CHAPTERS_RECT.collidepoint(pos):
            self.chapter_list.wheel(amount, len(ce.chapters(self.doc)))
        elif view.LEVELS_RECT.collidepoint(pos) and self.chapter >= 0:
            self.level_list.wheel(amount, len(ce.chapter_levels(self.doc, self.chapter)))
        elif view.UNASSIGNED_RECT.collidepoint(pos):
            self.free_list.wheel(amount, len(ce.unassigned(self.doc)))
        else:
            self.settings.wheel(self.doc, pos, amount) or self.details.wheel(self.doc, pos, amount)

    def press(self, pos, button: int) -> None:
        if self.choosing is not None:
            self.press_chooser(pos)
            return
        if button == 1 and press_buttons(self.buttons, pos, lambda: self.app.play_sound("click")):
            self.finish_typing()
            return
        hit = next((place for rect, place in self.problem_hits if rect.collidepoint(pos)), None)
        if hit is not None:
            self.show_problem(hit)
            return
        if self.settings.click(self.doc, pos, button) or self.details.click(self.doc, pos, button):
            return
        chapters = ce.chapters(self.doc)
        index = self.chapter_list.index_at(pos, len(chapters))
        if index is not None:
            self.choose_chapter(index)
            return
        if self.chapter >= 0:
            levels = ce.chapter_levels(self.doc, self.chapter)
            index = self.level_list.index_at(pos, len(levels))
            if index is not None:
                self.press_level_row(pos, index, levels[index])
                return
        free = ce.unassigned(self.doc)
        index = self.free_list.index_at(pos, len(free))
        if index is not None:
            self.level = free[index]
            if any(rect.collidepoint(pos) for rect, _ in self.free_list.buttons(index, view.ADD_BUTTON)):
                self.put_level(free[index], self.chapter)
            else:
                self.drag = {"level": free[index], "from": pos, "moved": False}

    def press_level_row(self, pos, index: int, level_id: str) -> None:
        self.level = level_id
        for rect, label in self.level_list.buttons(index, view.LEVEL_BUTTONS):
            if rect.collidepoint(pos):
                if label == view.REMOVE:
                    ce.remove_level(self.doc, self.chapter, index)
                else:
                    self.move_chosen_level(-1 if label == "↑" else 1)
                return
        self.drag = {"level": level_id, "from": pos, "moved": False}

    def press_chooser(self, pos) -> None:
        choosing = self.choosing
        for rect, kind, value in view.chooser_layout(self.doc, choosing["exclude"]):
            if kind == "level" and rect.collidepoint(pos):
                self.choosing = None
                choosing["pick"](value)
                return
        if not view.CHOOSER_RECT.collidepoint(pos) or view.CHOOSER_CANCEL.collidepoint(pos):
            self.choosing = None

    def drop_target(self, pos) -> tuple[str, int | None] | None:
        """Where a dragged level would go: ("chapter", index), ("position", index in the chosen
        chapter) or ("none", None): out of its chapter."""
        chapters = ce.chapters(self.doc)
        index = self.chapter_list.index_at(pos, len(chapters))
        if index is not None:
            return "chapter", index
        if view.LEVELS_RECT.collidepoint(pos) and self.chapter >= 0:
            return "position", self.level_list.drop_index(pos, len(ce.chapter_levels(self.doc, self.chapter)))
        if view.UNASSIGNED_RECT.collidepoint(pos):
            return "none", None
        return None

    def release(self, pos) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag["moved"]:
            return
        target = self.drop_target(pos)
        level_id = drag["level"]
        if target is None:
            return
        kind, index = target
        if kind == "chapter":
            if ce.place_of(self.doc, level_id) is None or ce.place_of(self.doc, level_id)[0] != index:
                self.put_level(level_id, index)
        elif kind == "position":
            self.put_level(level_id, self.chapter, index)
        else:
            self.take_out(level_id)

    def update(self, dt_ms: float) -> None:
        self.notice_ms = max(0.0, self.notice_ms - dt_ms)
        self.keep_update(dt_ms)
        self.rebuild()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.rebuild()
        surface.blit(self.background, (0, 0))
        for button, label in zip(self.buttons, self.button_ids):
            button.label = _(label) if label not in ("↑", "↓") else label
        draw_title_bar(
            surface,
            _("Campaign structure  ·  {title}").format(title=self.doc.get(("campaign", "title")) or ""),
            self.doc,
            self.buttons,
            disabled=("↑", "↓", "Remove") if self.chapter < 0 else (),
            detail=self.doc.path.name,
        )
        bad_chapters, bad_levels = campaign_check.chapters_and_levels(self.doc, self.problems())
        target = self.drop_target(self.mouse) if self.drag and self.drag["moved"] else None
        view.draw_chapters(
            surface,
            self.doc,
            self.chapter_list,
            self.chapter,
            bad_chapters,
            target[1] if target and target[0] == "chapter" else None,
            self.mouse,
        )
        view.draw_chapter_levels(
            surface,
            self.doc,
            self.level_list,
            self.chapter,
            self.level,
            bad_levels,
            target[1] if target and target[0] == "position" else None,
            self.mouse,
        )
        view.draw_unassigned(
            surface,
            self.doc,
            self.free_list,
            self.level,
            bad_levels,
            self.chapter >= 0,
            bool(target and target[0] == "none"),
            self.mouse,
        )
        self.copy_button.draw(surface)
        paths = {place[:n] for place, _ in self.problems() for n in range(1, len(place) + 1)}
        self.settings.draw(surface, self.doc, paths)
        self.details.draw(surface, self.doc, paths)
        problems = self.problems()
        self.problem_scroll = min(self.problem_scroll, max(0, len(problems) - 1))
        self.problem_hits = view.draw_problems(surface, self.doc, view.PROBLEMS_RECT, problems, self.problem_scroll)
        if self.drag and self.drag["moved"]:
            label = ce.level_title(self.doc, self.drag["level"])
            box = pygame.Rect(self.mouse[0] + 12, self.mouse[1] + 6, min(260, 24 + len(label) * 8), 28)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=6)
            draw_text(
                surface,
                label,
                (box.x + 10, box.centery),
                fit_text(label, 15, box.width - 16),
                theme.TEXT,
                anchor="midleft",
            )
        if self.choosing is not None:
            items = view.chooser_layout(self.doc, self.choosing["exclude"])
            view.draw_chooser(surface, self.doc, self.choosing["title"], items, self.mouse)
        if self.showing_help:
            view.draw_help(surface)
        if self.notice_ms > 0:
            draw_notice(surface, self.notice)
