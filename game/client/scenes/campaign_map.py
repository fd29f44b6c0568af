"""The campaign map: one column per chapter (and one for bonus levels), a tile per level showing
whether it is locked, open or completed and its best stars, and a panel with the selected
level's story summary, objectives and record, with Play, or Resume and Restart when a game of it
was left unfinished.

The first level of a chapter opens with the chapter's intro; clicking a chapter's header shows
it again. Mouse, or arrows + Enter; Esc goes back to the title; F5 reads the campaign files
again (for level designers)."""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.campaign import (
    CampaignData,
    level_kind,
    load_campaign_data,
    objective_texts,
    open_progress,
    opponent_text,
)
from game.client.front_ends import front_end
from game.client.input import keys_for
from game.client.objectives_hud import draw_star
from game.client.scene import Scene
from game.client.resources import font
from game.client.value_names import (
    DIFFICULTY_BLURBS,
    DIFFICULTY_MODES,
    DIFFICULTY_NAMES,
    count_turns,
    value_name,
)
from game.client.widgets import (
    Button,
    backdrop,
    draw_text,
    fit_lines,
    fit_text,
    hover_buttons,
    panel,
    press_buttons,
    text_surface,
    wrap_text,
)
from game.i18n import N_, _, ngettext
from game.rules.levels.difficulty import DIFFICULTIES, at_difficulty, plays_the_same
from game.rules.levels.unlocks import max_stars
from game.rules.registry import game_kind
from game.rules.levels.modifiers import twist_short
from game.client.rules_words import progress_words, translate

TOP = 104  # chapter headers
HEADER_HEIGHT = 64
TILES_TOP = 180
TILES_BOTTOM = 548
TINY = 6  # the smallest size a map label shrinks to (9 px at 150 % text), rather than leave its tile
DETAIL = pygame.Rect(24, 560, theme.WIDTH - 48, 146)
MARGIN = 24
GAP = 12


class Column:
    def __init__(self, number: int | None, title: str, chapter, level_ids: list[str], rect: pygame.Rect):
        self.number = number  # chapter number, None for the bonus column
        self.title = title
        self.chapter = chapter
        self.level_ids = level_ids
        self.rect = rect  # the header


class CampaignMapScene(Scene):
    name = "campaign_map"
    music = "title"

    def __init__(self, app, data: CampaignData | None = None):
        super().__init__(app)
        self.data = data if data is not None else load_campaign_data()
        self.progress = open_progress(app, self.data) if self.data.campaign is not None else None
        self.selected: str | None = None
        self.notices: list[str] = []
        self.columns: list[Column] = []
        self.tiles: dict[str, pygame.Rect] = {}
        self.states: dict[str, str] = {}
        self.runs: set[str] = set()
        self.time = 0.0
        self.mouse = (0, 0)
        # Each header button that has a key shows it under its label, as the skirmish's End turn
        # does (the key names are the keyboard's, from the key mapping); the buttons are tall
        # enough for the two lines at 150 % text.
        self.back = Button(
            pygame.Rect(MARGIN, 20, 130, 54), _("Back"), self.leave, size=20, note=" / ".join(keys_for("back"))
        )
        # the deck editor: the player's collection and the decks they bring to "player" deck levels;
        # its key is an action (Tab, a pad's Y) like the map's others, so a pad opens it too
        self.decks = Button(
            pygame.Rect(MARGIN + 142, 20, 130, 54),
            _("Decks"),
            self.open_decks,
            size=20,
            note=" / ".join(keys_for("toggle_overlay")),
        )
        # the profile (totals and achievements) and the difficulty setting, at the right
        self.profile_button = Button(
            pygame.Rect(theme.WIDTH - MARGIN - 130, 20, 130, 54), _("Profile"), self.open_profile, size=20
        )
        self.difficulty_button = Button(
            pygame.Rect(theme.WIDTH - MARGIN - 130 - 12 - 150, 20, 150, 54),
            "",
            self.choose_difficulty,
            size=18,
        )
        self.buttons: list[Button] = []
        self._objectives: dict[str, list] = {}  # level id -> its objectives' sentences
        self.refresh()

    # ------------------------------------------------------------------ state

    def refresh(self) -> None:
        """Read the progress again (after a level, or a reload) and lay the map out."""
        if self.progress is None:
            return
        if self.data.follow_language():  # a language switched in Settings: the data's words too
            self._objectives.clear()
        progress = self.progress
        completed = progress.completed()
        for level_id in self.all_ids():
            if level_id in self.data.broken:
                state = "broken"
            elif not progress.is_unlocked(level_id):
                state = "locked"
            elif level_id in completed:
                state = "done"
            else:
                state = "open"
            self.states[level_id] = state
        self.runs = set(progress.runs())
        self.notices += progress.problems
        progress.problems.clear()
        self._layout()
        if self.selected not in self.states:
            self.selected = self.default_selection()
        self._make_buttons()

    def all_ids(self) -> list[str]:
        ids = self.data.campaign.level_ids() if self.data.campaign else []
        return list(dict.fromkeys(ids + self.data.bonus_ids()))

    def default_selection(self) -> str | None:
        """A level with a saved game, else the first open one not completed, else the first."""
        ids = self.all_ids()
        for wanted in (
            lambda i: i in self.runs and self.states.get(i) in ("open", "done"),
            lambda i: self.states.get(i) == "open",
            lambda i: True,
        ):
            found = next((level_id for level_id in ids if wanted(level_id)), None)
            if found is not None:
                return found
        return None

    def next_level_after(self, level_id: str) -> str | None:
        """The level to offer after winning `level_id`: the next open, uncompleted one in
        campaign order (after it first, then from the start)."""
        self.refresh()
        ids = self.all_ids()
        start = ids.index(level_id) + 1 if level_id in ids else 0
        for candidate in ids[start:] + ids[:start]:
            if candidate != level_id and self.states.get(candidate) == "open":
                return candidate
        return None

    def on_resume(self) -> None:
        self.refresh()

    def reload(self) -> bool:
        """F5 on the map: read the campaign and level files again."""
        self.data = load_campaign_data(self.data.folder)
        self._objectives.clear()
        self.progress = open_progress(self.app, self.data) if self.data.campaign is not None else None
        self.refresh()
        self.notices.append(_("Campaign files read again."))
        return True

    # ------------------------------------------------------------------ layout

    def _layout(self) -> None:
        campaign = self.data.campaign
        groups = [
            (index + 1, chapter.title, chapter, list(chapter.levels)) for index, chapter in enumerate(campaign.chapters)
        ]
        bonus = self.data.bonus_ids()
        if bonus:
            groups.append((None, _("Bonus"), None, bonus))
        count = len(groups)
        width = (theme.WIDTH - 2 * MARGIN - (count - 1) * GAP) // count
        self.columns = []
        self.tiles = {}
        for index, (number, title, chapter, ids) in enumerate(groups):
            x = MARGIN + index * (width + GAP)
            self.columns.append(Column(number, title, chapter, ids, pygame.Rect(x, TOP, width, HEADER_HEIGHT)))
            step = min(74, (TILES_BOTTOM - TILES_TOP) // max(1, len(ids)))
            for row, level_id in enumerate(ids):
                self.tiles[level_id] = pygame.Rect(x, TILES_TOP + row * step, width, step - 8)

    def _make_buttons(self) -> None:
        level_id = self.selected
        state = self.states.get(level_id)
        right = pygame.Rect(DETAIL.right - 236, DETAIL.y + 18, 212, 52)
        below = right.move(0, 62)
        self.buttons = []
        if state == "broken":
            self.buttons = [
                Button(right, _("Show problems"), lambda: self.start_level(level_id), primary=True, size=20)
            ]
        elif state in ("open", "done"):
            if level_id in self.runs:
                self.buttons = [
                    Button(right, _("Resume"), lambda: self.start_level(level_id, resume=True), primary=True),
                    Button(below, _("Restart"), lambda: self.start_level(level_id)),
                ]
            else:
                self.buttons = [
                    Button(
                        right,
                        _("Play") if state == "open" else _("Play again"),
                        lambda: self.start_level(level_id),
                        primary=True,
                    )
                ]

    # ------------------------------------------------------------------ actions

    def leave(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def header_buttons(self) -> list[Button]:
        """The buttons along the top (only Back when the campaign cannot be read)."""
        if self.data.campaign is None:
            return [self.back]
        self.difficulty_button.label = value_name(DIFFICULTY_MODES, self.progress.difficulty)
        # A longer language's words shrink to the button rather than leave it.
        for button, size in (
            (self.difficulty_button, 18),
            (self.profile_button, 20),
            (self.decks, 20),
            (self.back, 20),
        ):
            button.size = fit_text(button.label, size, button.rect.width - 16, bold=True)
        return [self.back, self.decks, self.difficulty_button, self.profile_button]

    def achievements_line(self) -> str:
        """The line under the stars ("3 of 8 achievements"): those this game knows, earned."""
        from game.rules.saves.achievements import ACHIEVEMENTS

        earned = sum(1 for achievement in ACHIEVEMENTS if achievement.id in self.progress.data.achievements)
        return ngettext("{count} of {total} achievement", "{count} of {total} achievements", len(ACHIEVEMENTS)).format(
            count=earned, total=len(ACHIEVEMENTS)
        )

    def open_profile(self) -> None:
        self.app.push("profile", progress=self.progress, levels=self.data.levels)

    def choose_difficulty(self) -> None:
        """Story, Normal or Hard, each with what it does; the choice is kept with the progress."""
        from game.rules.saves.store import StoreError

        def choose(name: str):
            def chosen(_text) -> None:
                try:
                    self.progress.set_difficulty(name)
                except StoreError as error:
                    self.app.show_banner(_("The difficulty could not be saved: {problem}").format(problem=error))

            return chosen

        lines = [
            _("{difficulty}: {what_it_does}").format(
                difficulty=value_name(DIFFICULTY_NAMES, name), what_it_does=value_name(DIFFICULTY_BLURBS, name)
            )
            for name in DIFFICULTIES
        ]
        lines.append(_("Stars remember the difficulty they were won at."))
        self.app.push(
            "workshop_prompt",
            title=_("Campaign difficulty"),
            message=" ".join(lines),
            buttons=[(value_name(DIFFICULTY_NAMES, name), choose(name)) for name in DIFFICULTIES]
            + [(_("Cancel"), None)],
        )

    def open_decks(self) -> None:
        from game.client.cards.deck_choice import open_deck_editor

        if self.progress is not None:
            open_deck_editor(self.app, self.progress, self.data.campaign, self.data.levels)

    def select(self, level_id: str | None) -> None:
        if level_id is not None and level_id != self.selected:
            self.selected = level_id
            self.app.play_sound("click")
            self._make_buttons()

    def start_level(self, level_id: str, resume: bool = False) -> None:
        """Play a level (its chapter's intro first, the first time), or resume its saved game."""
        from game.client.level_run import LevelRun

        run = LevelRun(
            self.app,
            self.data.level_path(level_id),
            home=self,
            progress=self.progress,
            campaign=self,
            home_label=N_("Campaign map"),  # English: the level's screens translate it
        )
        if self.states.get(level_id) == "broken":
            run.progress = None
            run.open()
            return
        session = None
        if resume:
            # From the English file: the copy in the player's language keeps its digest.
            session = self.progress.resume(run.in_language(run.at_difficulty(self.data.english_level(level_id))))
            if session is None:  # unreadable, or the level changed: moved aside, and said why
                self.refresh()
                return
        else:
            self.progress.delete_run(level_id)
        intro, heading = None, None
        chapter = self.data.chapter_of(level_id)
        if (
            not resume
            and chapter is not None
            and chapter.intro
            and chapter.levels[0] == level_id
            and self.progress.record(level_id).attempts == 0
        ):
            number = self.data.campaign.chapters.index(chapter) + 1
            intro, heading = chapter.intro, (_("Chapter {number}").format(number=number), chapter.title)
        run.open(session, intro=intro, heading=heading)

    def show_intro(self, column: Column) -> None:
        chapter = column.chapter
        if chapter is None or not chapter.intro or not self.progress.chapter_unlocked(chapter.id):
            return
        heading = (_("Chapter {number}").format(number=column.number), chapter.title)
        self.app.push("dialogue", lines=chapter.intro, heading=heading)

    def activate(self) -> None:
        """Enter: the selected level's first button (Play or Resume)."""
        if self.buttons:
            self.app.play_sound("click")
            self.buttons[0].on_click()

    def _move_selection(self, name: str) -> None:
        if self.selected is None:
            return
        column = next(i for i, c in enumerate(self.columns) if self.selected in c.level_ids)
        row = self.columns[column].level_ids.index(self.selected)
        if name in ("up", "down"):
            ids = self.columns[column].level_ids
            row = max(0, min(len(ids) - 1, row + (1 if name == "down" else -1)))
            self.select(ids[row])
        else:
            column = max(0, min(len(self.columns) - 1, column + (1 if name == "right" else -1)))
            ids = self.columns[column].level_ids
            self.select(ids[min(row, len(ids) - 1)])

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name == "back":
                if self.notices:
                    self.notices.clear()
                else:
                    self.leave()
            elif intent.name in ("up", "down", "left", "right"):
                self._move_selection(intent.name)
            elif intent.name == "confirm":
                self.activate()
            elif intent.name == "toggle_overlay" and self.data.campaign is not None:
                self.open_decks()  # the Decks button's key
            return
        if intent.kind == "move":
            self.mouse = intent.pos
            hover_buttons([*self.header_buttons(), *self.buttons], intent.pos)
            return
        if intent.kind == "press" and intent.button == 1:
            self.notices.clear()
            if press_buttons([*self.header_buttons(), *self.buttons], intent.pos, lambda: self.app.play_sound("click")):
                return
            for level_id, rect in self.tiles.items():
                if rect.collidepoint(intent.pos):
                    if level_id == self.selected:
                        self.activate()  # a second click on the selected tile plays it
                    else:
                        self.select(level_id)
                    return
            for column in self.columns:
                if column.rect.collidepoint(intent.pos):
                    self.show_intro(column)
                    return

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        if self.data.campaign is None:
            self.back.draw(surface)
            self._draw_broken_campaign(surface)
            return
        for button in self.header_buttons():
            button.draw(surface)
        total = sum(max_stars(level) for level in self.data.levels.values())
        earned = self.progress.total_stars()
        stars = f"{earned} / {total}"
        right = self.difficulty_button.rect.x - 16
        draw_text(surface, stars, (right, 40), 24, theme.TEXT, bold=True, anchor="midright")
        star_x = right - font(24, True).size(stars)[0] - 20
        draw_star(surface, (star_x, 40), 15, True)
        # under the stars, the achievements earned (the Profile button beside them lists them)
        badges = self.achievements_line()
        draw_text(surface, badges, (right, 66), 14, theme.TEXT_DIM, anchor="midright")
        edge = min(star_x - 24, right - font(14).size(badges)[0] - 16)
        # The title in the room between the buttons at the left and the stars (smaller if need be).
        left = self.decks.rect.right + 16
        room = edge - left
        title = self.data.campaign.title
        size = fit_text(title, 44, room, bold=True)
        centre = min(max(theme.WIDTH // 2, left + room // 2), edge - font(size, True).size(title)[0] // 2)
        draw_text(surface, title, (centre, 52), size, theme.ACCENT, bold=True, anchor="center", shadow=True)
        for column in self.columns:
            self._draw_header(surface, column)
            if column.chapter is not None:  # the path from one lesson to the next
                for first, second in zip(column.level_ids, column.level_ids[1:]):
                    a, b = self.tiles[first], self.tiles[second]
                    done = self.states.get(first) == "done"
                    pygame.draw.line(
                        surface, theme.GOOD if done else (70, 78, 100), (a.centerx, a.bottom), (b.centerx, b.top), 4
                    )
            for level_id in column.level_ids:
                self._draw_tile(surface, level_id, self.tiles[level_id])
        self._draw_detail(surface)
        if self.notices:
            self._draw_notices(surface)

    def _chapter_state(self, column: Column) -> tuple[bool, str]:
        """(unlocked, why not) for a column."""
        chapter = column.chapter
        if chapter is None:
            return True, ""
        if self.progress.chapter_unlocked(chapter.id):
            return True, ""
        needs = [
            self._title(level_id) for level_id in chapter.unlock.after if level_id not in self.progress.completed()
        ]
        parts = []
        if needs:
            parts.append(_("win {levels}").format(levels=_(", ").join(needs)))
        if chapter.unlock.stars > self.progress.total_stars():
            stars = chapter.unlock.stars
            parts.append(ngettext("{count} star", "{count} stars", stars).format(count=stars))
        # TRANSLATORS: {conditions} is "win <levels>", "<n> stars", or both joined by " and ".
        return False, _("Needs {conditions}").format(conditions=_(" and ").join(parts))

    def _title(self, level_id: str) -> str:
        level = self.data.levels.get(level_id)
        return level.title if level is not None else level_id

    def _draw_header(self, surface, column: Column) -> None:
        rect = column.rect
        unlocked, _why = self._chapter_state(column)
        hovered = rect.collidepoint(self.mouse) and column.chapter is not None and unlocked
        panel(
            surface,
            rect,
            theme.PANEL_LIGHT if hovered else theme.BACKGROUND_2,
            theme.ACCENT_DARK if unlocked else theme.DISABLED,
            radius=12,
        )
        label = _("CHAPTER {number}").format(number=column.number) if column.number is not None else _("REWARDS")
        done = sum(1 for level_id in column.level_ids if self.states.get(level_id) == "done")
        stars = sum(self.progress.record(level_id).stars for level_id in column.level_ids)
        count = draw_text(
            surface,
            f"{done}/{len(column.level_ids)}",
            (rect.right - 40, rect.y + 10),
            13,
            theme.TEXT_DIM,
            anchor="topright",
            box=rect,
        )
        draw_star(surface, (rect.right - 27, rect.y + 17), 6, stars > 0)
        draw_text(surface, str(stars), (rect.right - 12, rect.y + 10), 13, theme.TEXT_DIM, anchor="topright", box=rect)
        room = count.x - rect.x - 20
        if column.number is not None and font(fit_text(label, 13, room, True), True).size(label)[0] > room:
            # the label gives way to the counts at a large text size
            label = _("CH {number}").format(number=column.number)
        label_rect = pygame.Rect(rect.x + 14, rect.y + 10, 0, 0)
        if font(TINY, True).size(label)[0] <= room:  # else only the title: "Bonus" says what "REWARDS" did
            label_rect = draw_text(
                surface,
                label,
                (rect.x + 14, rect.y + 10),
                fit_text(label, 13, room, True, minimum=TINY),
                theme.ACCENT if unlocked else theme.DISABLED,
                bold=True,
                box=rect,
            )
        # Eight columns leave a chapter's name little room: at a large text size it may go below 9.
        size = fit_text(column.title, 19, rect.width - 28, bold=True, minimum=TINY)
        top = max(rect.y + 30, label_rect.bottom - 4)
        while size > TINY and font(size, True).get_height() > rect.bottom - 2 - top:  # the header's height too
            size -= 1
        lines = [column.title]
        if size < 12 or font(size, True).size(column.title)[0] > rect.width - 28:  # a long name: two lines, larger
            two = fit_lines(lines, 13, rect.width - 28, rect.bottom - 2 - top, bold=True, minimum=TINY)
            if two[0] > size and len(two[1]) <= 2 or font(size, True).size(column.title)[0] > rect.width - 28:
                size, lines = two
        for line in lines:
            top = draw_text(
                surface,
                line,
                (rect.x + 14, top),
                size,
                theme.TEXT if unlocked else theme.DISABLED,
                bold=True,
                box=rect,
            ).bottom

    def _draw_tile(self, surface, level_id: str, rect: pygame.Rect) -> None:
        state = self.states.get(level_id, "locked")
        selected = level_id == self.selected
        hovered = rect.collidepoint(self.mouse)
        fill = {"done": (36, 58, 56), "open": theme.PANEL, "locked": (28, 32, 44), "broken": (72, 38, 42)}[state]
        if hovered or selected:
            fill = tuple(min(255, c + 14) for c in fill)
        border = (
            theme.ACCENT
            if selected
            else theme.BAD
            if state == "broken"
            else theme.GOOD
            if state == "done"
            else theme.PANEL_BORDER
            if state == "open"
            else (54, 60, 78)
        )
        if selected:
            glow = pygame.Surface(rect.inflate(14, 14).size, pygame.SRCALPHA)
            pulse = 60 + int(40 * math.sin(self.time / 300))
            pygame.draw.rect(glow, (*theme.ACCENT, pulse), glow.get_rect(), border_radius=16)
            surface.blit(glow, rect.inflate(14, 14))
        panel(surface, rect, fill, border, radius=12, width=3 if selected else 2)
        level = self.data.levels.get(level_id)
        icon = pygame.Rect(rect.x + 10, rect.y + (rect.height - 40) // 2, 30, 40)
        if state == "locked":
            _padlock(surface, icon.center, (96, 104, 126))
        elif level is None:
            draw_text(surface, "!", icon.center, 30, theme.BAD, bold=True, anchor="center")
        else:
            front_end(level.kind).draw_level_icon(surface, icon)
        title = level.title if level is not None else level_id
        column = self._column_of(level_id)
        x = rect.x + 50
        if state == "locked" and (column.chapter is None or not self._chapter_state(column)[0]):
            # A locked chapter's levels and locked bonus levels stay a surprise: the padlock
            # says "locked", so the tile holds only the question marks (it fits a short tile).
            draw_text(surface, "? ? ?", (x, rect.centery), 18, theme.DISABLED, bold=True, anchor="midleft", box=rect)
            return
        colour = theme.TEXT if state in ("open", "done") else theme.TEXT_DIM if state == "broken" else theme.DISABLED
        lines = _tile_title(title, rect.right - 8 - x)
        y = rect.y + rect.height - (20 if len(lines) == 1 else 12)
        step = (y - 8 - rect.y - 6) // len(lines)
        if len(lines) > 1:  # a chapter of many levels has short tiles: two lines shrink to stay apart
            lines = [(line, _fitting_lines(line, size, step)) for line, size in lines]
        for index, (line, size) in enumerate(lines):
            draw_text(surface, line, (x, rect.y + 6 + index * step), size, colour, bold=True, box=rect)
        if state == "broken":
            draw_text(surface, _("the file has problems"), (x, y - 8), 14, theme.BAD)
        elif state == "locked":
            if len(lines) == 1:  # (a two-line title leaves it to the padlock)
                draw_text(surface, _("locked"), (x, y - 8), 14, (110, 118, 140))
        else:
            record = self.progress.record(level_id)
            radius, spacing = (8, 20) if len(lines) == 1 else (6, 15)  # a two-line title leaves less room
            for index in range(max_stars(level)):
                draw_star(surface, (x + 8 + index * spacing, y), radius, index < record.stars)
            if level_id in self.runs:
                badge = pygame.Rect(0, 0, 62, 20)
                badge.midright = (rect.right - 10, y)
                pygame.draw.rect(surface, theme.ACCENT_DARK, badge, border_radius=10)
                saved = _("saved")
                size = fit_text(saved, 13, badge.width - 6, bold=True)
                draw_text(surface, saved, badge.center, size, theme.TEXT, bold=True, anchor="center")
            elif level.boss:
                stars_end = x + 8 + (max_stars(level) - 1) * spacing + radius + 6
                boss = _("BOSS")
                size = fit_text(boss, 13, rect.right - 10 - stars_end, bold=True)
                draw_text(surface, boss, (rect.right - 10, y), size, theme.BAD, bold=True, anchor="midright")

    def _column_of(self, level_id: str) -> Column:
        return next(column for column in self.columns if level_id in column.level_ids)

    def _draw_detail(self, surface) -> None:
        panel(surface, DETAIL, theme.PANEL, theme.PANEL_BORDER, radius=16, alpha=235)
        level_id = self.selected
        if level_id is None:
            return
        state = self.states.get(level_id)
        x, y = DETAIL.x + 24, DETAIL.y + 16
        level = self.data.levels.get(level_id)
        if level is None:
            draw_text(surface, level_id, (x, y), 26, theme.BAD, bold=True)
            problems = self.data.broken.get(level_id, [])
            text = ngettext("{count} problem in {file}", "{count} problems in {file}", len(problems)).format(
                count=len(problems), file=self.data.level_path(level_id).name
            )
            draw_text(surface, text, (x, y + 40), 17, theme.TEXT_DIM)
            for index, problem in enumerate(problems[:2]):
                line = f"{problem.path}: {problem.message}"
                draw_text(surface, line[:110] + ("…" if len(line) > 110 else ""), (x, y + 66 + index * 24), 16)
            for button in self.buttons:
                button.draw(surface)
            return
        column = self._column_of(level_id)
        unlocked, why = self._chapter_state(column)
        if state == "locked" and not unlocked:
            heading = _("{chapter}: locked").format(chapter=column.title)
            draw_text(surface, heading, (x, y), 26, theme.TEXT_DIM, bold=True)
            draw_text(surface, why, (x, y + 42), 18, theme.TEXT_DIM)
            return
        # Lines spaced by the font's own height: they stay apart at a large text size.
        title = draw_text(surface, level.title, (x, y), 26, theme.ACCENT, bold=True, width=520)
        # the opponent as the difficulty setting makes it ("medium AI" on normal, "hard AI" on hard)
        kind = _("{game}  ·  vs {opponent}").format(
            game=level_kind(level), opponent=opponent_text(at_difficulty(level, self.progress.difficulty))
        )
        below = draw_text(surface, kind, (x, title.bottom - 4), 16, theme.TEXT_DIM, width=520).bottom
        step = max(22, font(17).get_linesize())
        room = max(1, (DETAIL.bottom - 10 - below) // step)
        for index, line in enumerate(wrap_text(level.summary, 17, 520)[: min(3, room)]):
            draw_text(surface, line, (x, below + index * step), 17, theme.TEXT)
        # Objectives in the middle.
        ox = DETAIL.x + 560
        draw_text(surface, _("Objectives"), (ox, y), 17, theme.TEXT, bold=True)
        oy = y + max(28, font(17, True).get_linesize() + 4)
        if level_id not in self._objectives:
            self._objectives[level_id] = objective_texts(level)
        for text, required in self._objectives[level_id][:4]:
            if required:
                pygame.draw.circle(surface, theme.TEXT_DIM, (ox + 7, oy + 10), 5, 2)
            else:
                draw_star(surface, (ox + 7, oy + 10), 7, False)
            label = text if required else _("{objective} (bonus)").format(objective=text)
            draw_text(surface, label, (ox + 22, oy), 16, theme.TEXT, width=DETAIL.right - 270 - ox - 22)
            oy += max(24, font(16).get_linesize())
        # a boss's rule twist (game/rules/levels/modifiers.py), when there is room
        twist = translate(twist_short(level))
        if twist and oy + font(16).get_linesize() <= DETAIL.bottom - 6:
            words = _("Twist: {twist}").format(twist=twist)
            draw_text(surface, words, (ox, oy), 16, theme.ACCENT, width=DETAIL.right - 270 - ox)
        # The record, or why it is locked, on the right.
        rx = DETAIL.right - 250
        if state == "locked":
            by = self.data.unlocked_by(level_id)
            previous = self._previous(level_id)
            reason = (
                _("Win {level} to unlock").format(level=self._title(by))
                if by
                else _("Win {level} first").format(level=self._title(previous))
                if previous
                else _("Locked")
            )
            for index, line in enumerate(wrap_text(reason, 17, 220)):
                draw_text(surface, line, (rx + 6, DETAIL.y + 30 + index * 24), 17, theme.TEXT_DIM)
            _padlock(surface, (rx + 110, DETAIL.y + 108), (96, 104, 126), 1.4)
            return
        record = self.progress.record(level_id)
        if record.attempts:
            best = (
                _("best {length}").format(length=count_turns(game_kind(level.kind).turn_unit, record.best_turns))
                if record.best_turns is not None
                else _("not won yet")
            )
            info = _("{wins}/{attempts} won  ·  {best}").format(wins=record.wins, attempts=record.attempts, best=best)
            hardest = next((d for d in reversed(DIFFICULTIES) if d in record.stars_at), None)
            if hardest is not None and not plays_the_same(level):
                info += _("  ·  won on {difficulty}").format(difficulty=value_name(DIFFICULTY_NAMES, hardest))
        else:
            info = _("Not played yet")
        draw_text(surface, info, (DETAIL.right - 24, DETAIL.bottom - 24), 14, theme.TEXT_DIM, anchor="midright")
        for button in self.buttons:
            button.draw(surface)

    def _previous(self, level_id: str) -> str | None:
        chapter = self.data.chapter_of(level_id)
        if chapter is None:
            return None
        index = chapter.levels.index(level_id)
        return chapter.levels[index - 1] if index > 0 else None

    def _draw_notices(self, surface) -> None:
        notices = [progress_words(notice, self._title) for notice in self.notices]  # the rules' English, worded
        lines = [line for notice in notices for line in wrap_text(notice, 17, 860)]
        box = pygame.Rect(0, 0, 900, 26 + 24 * len(lines))
        box.midtop = (theme.WIDTH // 2, 84)
        panel(surface, box, (70, 40, 40), theme.BAD, alpha=245)
        for index, line in enumerate(lines):
            draw_text(surface, line, (box.x + 20, box.y + 13 + index * 24), 17)

    def _draw_broken_campaign(self, surface) -> None:
        box = pygame.Rect(140, 120, 1000, 480)
        panel(surface, box, theme.PANEL, theme.BAD, radius=16, width=3)
        draw_text(
            surface,
            _("The campaign file has problems"),
            (box.centerx, box.y + 46),
            34,
            theme.BAD,
            bold=True,
            anchor="center",
        )
        y = box.y + 100
        for problem in self.data.problems[:10]:
            for line in wrap_text(str(problem), 17, box.width - 80):
                draw_text(surface, line, (box.x + 40, y), 17)
                y += 24
        draw_text(
            surface,
            _("Fix it and press F5  ·  Esc: back"),
            (box.centerx, box.bottom - 30),
            16,
            theme.TEXT_DIM,
            anchor="center",
        )


def _padlock(surface, centre, colour, scale: float = 1.0) -> None:
    x, y = centre
    body = pygame.Rect(0, 0, int(22 * scale), int(17 * scale))
    body.midtop = (x, y - int(2 * scale))
    shackle = pygame.Rect(0, 0, int(14 * scale), int(18 * scale))
    shackle.midbottom = (x, body.y + int(6 * scale))
    pygame.draw.ellipse(surface, colour, shackle, max(2, int(3 * scale)))
    pygame.draw.rect(surface, colour, body, border_radius=int(4 * scale))
    pygame.draw.circle(surface, (30, 34, 46), (x, body.centery), max(2, int(3 * scale)))


def _fitting_lines(line: str, size: int, step: int) -> int:
    """The largest size up to `size` at which `line` and the one `step` below keep their letters
    apart (measured as drawn: Thai's marks above and below make a taller line than Latin's)."""

    def tall(size: int) -> int:
        return max(font(size, True).get_linesize(), text_surface(line, size, bold=True).get_height())

    while size > TINY and tall(size) * 0.7 > step:
        size -= 1
    return size


def _tile_title(title: str, width: int) -> list[tuple[str, int]]:
    """A level tile's title as (line, size): one line at 17 when it fits without shrinking much,
    else two lines of a smaller size (a long title stays readable instead of tiny)."""
    if fit_text(title, 17, width, bold=True) >= 15:
        return [(title, fit_text(title, 17, width, bold=True))]
    size = 14
    # The title's two lines share the tile's height with the stars: at a large text size they may
    # have to go below 11.
    lines = wrap_text(title, size, width, bold=True)
    while len(lines) > 2 and size > TINY:
        size -= 1
        lines = wrap_text(title, size, width, bold=True)
    if len(lines) > 2:  # still too long: the first line, and the rest fitted onto the second
        lines = [lines[0], " ".join(lines[1:])]
    return [(line, fit_text(line, size, width, bold=True, minimum=TINY)) for line in lines]
