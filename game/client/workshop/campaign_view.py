"""Drawing the campaign structure screen (game/client/scenes/workshop_campaign.py): the chapter
list on the left, the chosen chapter's levels in the middle over its settings, the levels in no
chapter, the chosen level's rewards and the problems on the right; and its two overlays, the
level chooser and the help. Where each list's rows and small buttons are is computed here too, so
the scene's clicks and the tests use the same rectangles.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.client import theme
from game.client.widgets import draw_text, fit_text, panel, shade, wrap_text
from game.workshop import campaign_edit as ce
from game.workshop.campaign_check import describe
from game.client.workshop.panel import draw_help_box
from game.client.workshop.panel import fitted

CHAPTERS_RECT = pygame.Rect(12, 52, 290, 600)
CHAPTER_BUTTONS_Y = 662
LEVELS_RECT = pygame.Rect(312, 52, 470, 314)
SETTINGS_RECT = pygame.Rect(312, 374, 470, 338)
UNASSIGNED_RECT = pygame.Rect(792, 52, 476, 180)
LEVEL_RECT = pygame.Rect(792, 240, 476, 216)
PROBLEMS_RECT = pygame.Rect(792, 464, 476, 248)
SELECTED = (70, 62, 40)


class ListBox:
    """A panel's list of rows under a heading, scrolled by whole rows, each row with small buttons
    at its right end."""

    def __init__(self, rect: pygame.Rect, row_h: int, top: int = 34):
        self.rect = pygame.Rect(rect)
        self.row_h = row_h
        self.top = top
        self.scroll = 0

    def capacity(self) -> int:
        return max(1, (self.rect.height - self.top - 6) // self.row_h)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + 6,
            self.rect.y + self.top + (index - self.scroll) * self.row_h,
            self.rect.width - 12,
            self.row_h - 4,
        )

    def visible(self, count: int) -> range:
        self.scroll = max(0, min(self.scroll, count - self.capacity()))
        return range(self.scroll, min(count, self.scroll + self.capacity()))

    def index_at(self, pos, count: int) -> int | None:
        return next((i for i in self.visible(count) if self.row_rect(i).collidepoint(pos)), None)

    def drop_index(self, pos, count: int) -> int:
        """Where a dragged row dropped at `pos` goes: before the row whose upper half it is over."""
        for index in self.visible(count):
            rect = self.row_rect(index)
            if pos[1] < rect.centery:
                return index
        return count

    def buttons(self, index: int, labels: tuple[str, ...]) -> list[tuple[pygame.Rect, str]]:
        rect = self.row_rect(index)
        right = rect.right - 6
        found = []
        for label in reversed(labels):
            width = 30 if len(label) == 1 else 52
            box = pygame.Rect(right - width, rect.centery - 13, width, 26)
            found.insert(0, (box, label))
            right -= width + 4
        return found

    def wheel(self, amount: int, count: int) -> None:
        self.scroll = max(0, min(self.scroll - amount, count - self.capacity()))

    def reveal(self, index: int, count: int) -> None:
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.capacity():
            self.scroll = index - self.capacity() + 1
        self.visible(count)


REMOVE = "×"  # a level row's button that takes it out of its chapter (the scene compares with it)
LEVEL_BUTTONS = ("↑", "↓", REMOVE)
ADD_BUTTON = (N_("Add"),)


def chapter_summary(doc, c: int) -> str:
    """When a chapter opens, in a few words."""
    after, stars = ce.unlock_after(doc, c), ce.unlock_stars(doc, c)
    parts = []
    if after:
        parts.append(
            _("after {level}").format(level=after[0])
            if len(after) == 1
            else ngettext("after {count} level", "after {count} levels", len(after)).format(count=len(after))
        )
    if stars:
        parts.append(ngettext("{count} star", "{count} stars", stars).format(count=stars))
    count = len(ce.chapter_levels(doc, c))
    # TRANSLATORS: the conditions are listed with ", " ("after first_spark, 3 stars").
    opens = _("open from the start") if not parts else _("opens {conditions}").format(conditions=", ".join(parts))
    return _("{levels} · {opens}").format(
        levels=ngettext("{count} level", "{count} levels", count).format(count=count), opens=opens
    )


def small_button(surface, rect: pygame.Rect, label: str, lit: bool = False, enabled: bool = True) -> None:
    pygame.draw.rect(surface, theme.PANEL_LIGHT if lit and enabled else theme.PANEL, rect, border_radius=6)
    pygame.draw.rect(surface, theme.ACCENT if lit and enabled else theme.PANEL_BORDER, rect, 1, border_radius=6)
    colour = theme.TEXT if enabled else theme.DISABLED
    label = _(label) if label in ADD_BUTTON + ("Cancel",) else label  # the others are marks (↑ ↓ ×)
    draw_text(
        surface, label, rect.center, fit_text(label, 15, rect.width - 6, bold=True), colour, bold=True, anchor="center"
    )


def draw_chapters(surface, doc, box: ListBox, chosen: int, bad_chapters: set[int], drop: int | None, mouse) -> None:
    panel(surface, box.rect, theme.BACKGROUND_2, theme.PANEL_BORDER, radius=10)
    draw_text(surface, _("Chapters"), (box.rect.x + 12, box.rect.y + 8), 18, theme.ACCENT, bold=True)
    chapters = ce.chapters(doc)
    for c in box.visible(len(chapters)):
        rect = box.row_rect(c)
        lit = c == chosen or c == drop
        pygame.draw.rect(surface, SELECTED if lit else theme.PANEL, rect, border_radius=8)
        border = (
            theme.ACCENT
            if c == drop
            else theme.BAD
            if c in bad_chapters
            else theme.ACCENT
            if c == chosen
            else theme.PANEL_BORDER
        )
        pygame.draw.rect(surface, border, rect, 2 if c in (chosen, drop) else 1, border_radius=8)
        title = _("{number}. {title}").format(number=c + 1, title=chapters[c].get("title") or _("(no title)"))
        draw_text(
            surface,
            title,
            (rect.x + 10, rect.y + 7),
            fit_text(title, 16, rect.width - 20, bold=True),
            theme.BAD if c in bad_chapters else theme.TEXT,
            bold=True,
        )
        summary, size = fitted(chapter_summary(doc, c), 13, rect.width - 20)
        draw_text(surface, summary, (rect.x + 10, rect.y + 30), size, theme.TEXT_DIM)
    if not chapters:
        draw_text(surface, _("No chapters yet: add one below"), (box.rect.x + 12, box.rect.y + 44), 15, theme.TEXT_DIM)


def draw_level_row(
    surface,
    doc,
    box: ListBox,
    index: int,
    level_id: str,
    label: str,
    note: str,
    selected: bool,
    bad: bool,
    buttons: tuple[str, ...],
    mouse,
) -> None:
    """One level in a list: its title over its id and a note, its buttons at the right."""
    rect = box.row_rect(index)
    pygame.draw.rect(surface, SELECTED if selected else theme.PANEL, rect, border_radius=6)
    pygame.draw.rect(
        surface, theme.BAD if bad else theme.ACCENT if selected else theme.PANEL_BORDER, rect, 1, border_radius=6
    )
    controls = box.buttons(index, buttons)
    room = (controls[0][0].x if controls else rect.right) - rect.x - 16
    if note:
        label, size = fitted(label, 15, room, bold=True)
        note, note_size = fitted(note, 13, room)
        draw_text(
            surface,
            label,
            (rect.x + 10, rect.y + 3),
            size,
            theme.BAD if bad else theme.TEXT,
            bold=True,
        )
        draw_text(surface, note, (rect.x + 10, rect.bottom - 4), note_size, theme.TEXT_DIM, anchor="bottomleft")
    else:
        draw_text(
            surface,
            label,
            (rect.x + 8, rect.centery),
            fit_text(label, 15, room, bold=True),
            theme.BAD if bad else theme.TEXT,
            bold=True,
            anchor="midleft",
        )
    for button, text in controls:
        small_button(surface, button, text, button.collidepoint(mouse))


def draw_chapter_levels(
    surface, doc, box: ListBox, chosen: int, level: str | None, bad_levels: set[str], drop: int | None, mouse
) -> None:
    panel(surface, box.rect, theme.BACKGROUND_2, theme.ACCENT if drop is not None else theme.PANEL_BORDER, radius=10)
    chapters = ce.chapters(doc)
    if not 0 <= chosen < len(chapters):
        draw_text(surface, _("Choose a chapter on the left"), box.rect.center, 16, theme.TEXT_DIM, anchor="center")
        return
    order = chapters[chosen].get("order", "sequential")
    half = box.rect.width // 2 - 16  # the heading on the left half, how its levels open on the right
    heading, size = fitted(_("Levels of chapter {number}").format(number=chosen + 1), 18, half, bold=True)
    draw_text(surface, heading, (box.rect.x + 12, box.rect.y + 8), size, theme.ACCENT, bold=True)
    hint, size = fitted(_("played in this order") if order == "sequential" else _("open in any order"), 14, half)
    draw_text(surface, hint, (box.rect.right - 12, box.rect.y + 11), size, theme.TEXT_DIM, anchor="topright")
    levels = ce.chapter_levels(doc, chosen)
    for i in box.visible(len(levels)):
        level_id = levels[i]
        kind = kind_words(ce.kind_name(ce.level_kind(doc, level_id), "no such level file"))
        draw_level_row(
            surface,
            doc,
            box,
            i,
            level_id,
            _("{number}. {title}").format(number=i + 1, title=ce.level_title(doc, level_id)),
            f"{level_id} · {kind}",  # an id and a word: nothing to order
            level_id == level,
            level_id in bad_levels,
            LEVEL_BUTTONS,
            mouse,
        )
    if drop is not None:
        y = box.row_rect(drop).y - 3 if drop < len(levels) else box.row_rect(len(levels)).y - 3
        pygame.draw.line(surface, theme.ACCENT, (box.rect.x + 8, y), (box.rect.right - 8, y), 3)
    if not levels:
        draw_text(
            surface,
            _('No levels yet: drag one here from "Levels in no chapter"'),
            box.rect.center,
            15,
            theme.TEXT_DIM,
            anchor="center",
        )


def draw_unassigned(
    surface, doc, box: ListBox, level: str | None, bad_levels: set[str], chosen_ok: bool, drop: bool, mouse
) -> None:
    panel(surface, box.rect, theme.BACKGROUND_2, theme.ACCENT if drop else theme.PANEL_BORDER, radius=10)
    draw_text(surface, _("Levels in no chapter"), (box.rect.x + 12, box.rect.y + 8), 18, theme.ACCENT, bold=True)
    levels = ce.unassigned(doc)
    for i in box.visible(len(levels)):
        level_id = levels[i]
        sources = ce.unlocked_by(doc, level_id)
        note = (
            _("{id} · bonus: winning {levels} unlocks it").format(id=level_id, levels=", ".join(sources))
            if sources
            else _("{id} · not in the campaign yet").format(id=level_id)
        )
        draw_level_row(
            surface,
            doc,
            box,
            i,
            level_id,
            ce.level_title(doc, level_id),
            note,
            level_id == level,
            level_id in bad_levels,
            ADD_BUTTON if chosen_ok else (),
            mouse,
        )
    if not levels:
        draw_text(
            surface, _("Every level file is in a chapter"), (box.rect.x + 12, box.rect.y + 44), 15, theme.TEXT_DIM
        )


def draw_problems(surface, doc, rect: pygame.Rect, entries: list, scroll: int) -> list[tuple[pygame.Rect, tuple]]:
    """The problems list; returns each visible entry's rectangle and its place in the document."""
    problems = entries
    border = theme.BAD if problems else theme.GOOD
    panel(surface, rect, theme.BACKGROUND_2, border, radius=10)
    title = (
        ngettext("{count} problem", "{count} problems", len(problems)).format(count=len(problems))
        if problems
        else _("No problems: levels validate accepts this campaign")
    )
    draw_text(
        surface, title, (rect.x + 12, rect.y + 8), fit_text(title, 16, rect.width - 24, bold=True), border, bold=True
    )
    if problems and scroll:
        draw_text(
            surface,
            _("{count} above (scroll)").format(count=scroll),
            (rect.right - 12, rect.y + 10),
            13,
            theme.TEXT_DIM,
            anchor="topright",
        )
    y = rect.y + 32
    hits = []
    for place, message in problems[scroll:]:
        lines = wrap_text(
            _("{where}: {problem}").format(where=describe(doc.data, place), problem=message), 14, rect.width - 24
        )
        height = 17 * len(lines) + 4
        if y + height > rect.bottom - 6:
            draw_text(
                surface,
                _("... {count} more (scroll)").format(count=len(problems) - scroll - len(hits)),
                (rect.x + 12, y),
                14,
                theme.TEXT_DIM,
            )
            break
        hits.append((pygame.Rect(rect.x + 6, y - 2, rect.width - 12, height), place))
        for i, line in enumerate(lines):
            draw_text(surface, line, (rect.x + 12, y + i * 17), 14, theme.TEXT if i else theme.BAD)
        y += height + 2
    return hits


# ---------------------------------------------------------------------------------- overlays

CHOOSER_RECT = pygame.Rect(140, 40, 1000, 640)
CHOOSER_CANCEL = pygame.Rect(CHOOSER_RECT.centerx - 80, CHOOSER_RECT.bottom - 52, 160, 38)


def chooser_layout(doc, exclude: set[str]) -> list[tuple[pygame.Rect, str, str]]:
    """The level chooser's entries, chapter by chapter: (rect, "heading", its text) and
    (rect, "level", level id), three levels to a row."""
    groups = [
        (_("{number}. {title}").format(number=c + 1, title=chapter.get("title", "")), ce.chapter_levels(doc, c))
        for c, chapter in enumerate(ce.chapters(doc))
    ]
    groups.append((_("In no chapter"), ce.unassigned(doc)))
    x0, y = CHOOSER_RECT.x + 30, CHOOSER_RECT.y + 70
    width, height = 308, 32
    items: list[tuple[pygame.Rect, str, str]] = []
    for heading, levels in groups:
        levels = [level for level in levels if level not in exclude and level in (doc.get(("levels",)) or {})]
        if not levels:
            continue
        items.append((pygame.Rect(x0, y, 600, 20), "heading", heading))
        y += 24
        for i, level_id in enumerate(levels):
            items.append((pygame.Rect(x0 + i % 3 * (width + 8), y, width, height), "level", level_id))
            if i % 3 == 2 or i == len(levels) - 1:
                y += height + 6
        y += 4
    return items


def draw_chooser(surface, doc, title: str, items, mouse) -> None:
    """The level chooser over the screen, with its Cancel button (CHOOSER_CANCEL)."""
    shade(surface, 170)
    panel(surface, CHOOSER_RECT, theme.PANEL, theme.ACCENT, radius=16, width=3)
    draw_text(surface, title, (CHOOSER_RECT.centerx, CHOOSER_RECT.y + 34), 26, theme.ACCENT, bold=True, anchor="center")
    for rect, kind, text in items:
        if kind == "heading":
            draw_text(surface, text, rect.topleft, 16, theme.ACCENT, bold=True)
            continue
        lit = rect.collidepoint(mouse)
        pygame.draw.rect(surface, theme.PANEL_LIGHT if lit else theme.BACKGROUND_2, rect, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if lit else theme.PANEL_BORDER, rect, 1, border_radius=6)
        label = f"{ce.level_title(doc, text)}  ·  {text}"
        draw_text(
            surface,
            label,
            (rect.x + 8, rect.centery),
            fit_text(label, 14, rect.width - 16),
            theme.TEXT,
            anchor="midleft",
        )
    small_button(surface, CHOOSER_CANCEL, N_("Cancel"), CHOOSER_CANCEL.collidepoint(mouse))


HELP_KEYS = [
    ("Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", N_("undo / redo every edit")),
    ("Ctrl+S", N_("save (only the files that changed)")),
    ("Ctrl+N", N_("add a chapter after the last one")),
    ("F5", N_("read the campaign and its level files again (Ctrl+Z brings your edits back)")),
    (N_("Page Up / Page Down"), N_("choose the chapter above / below")),
    (N_("Shift+Page Up / Page Down"), N_("move the chosen chapter up / down")),
    (N_("Up / Down"), N_("choose the level above / below in the chapter")),
    (N_("Shift+Up / Shift+Down"), N_("move the chosen level up / down in its chapter")),
    (N_("Enter"), N_("put the chosen level (from \"in no chapter\") in the chosen chapter")),
    (N_("Delete"), N_("take the chosen level out of its chapter")),
    (N_("F1 or ?"), N_("this help")),
    ("Esc", N_("stop typing, close, deselect, then leave (asks to save changes)")),
]
HELP_MOUSE = [
    (N_("Drag a level"), N_("onto a chapter on the left, into the middle list, or onto \"in no chapter\"")),
    (N_("↑ ↓ × on a level"), N_("move it up or down in its chapter, take it out of the chapter")),
    (N_("Add on a level in no chapter"), N_("put it at the end of the chosen chapter")),
    (N_("Copy a level in..."), N_("copy a level file of another folder into the campaign's folder")),
    (N_("Settings rows"), N_("texts: click and type; choices cycle; numbers: - and + or the wheel; x removes")),
    (N_("Problems panel"), N_("click a problem to choose the chapter or level it is about")),
]


KEYS_ONLY = frozenset(("Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", "Ctrl+S", "Ctrl+N", "F5", "Esc"))


def translated(rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The help's rows in the language of the moment (a key's name alone, "Ctrl+S", is not marked)."""
    return [(keys if keys in KEYS_ONLY else _(keys), _(what)) for keys, what in rows]


def kind_words(kind: str) -> str:
    """A level's game as the lists name it ("card duel"), in the language of the moment."""
    from game.client.scenes.workshop_files import what_in_words

    return _("no such level file") if kind == "no such level file" else what_in_words(kind)


def draw_help(surface) -> None:
    draw_help_box(
        surface,
        pygame.Rect(140, 60, 1000, 600),
        _("Campaign structure help"),
        ((_("Keys"), translated(HELP_KEYS)), (_("Mouse"), translated(HELP_MOUSE))),
        value_x=330,
        title_size=30,
    )
