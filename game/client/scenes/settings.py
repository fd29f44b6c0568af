"""Settings, in tabs: Game (animation speed, AI thinking time, how fast the AI's moves are shown,
your portrait), Sound (master, music and effects volumes, mute), Display (window size, full
screen, the level designer's hints, the language), Accessibility (colours, text size, reduced
motion), and Controls, which opens the list of keys and gamepad buttons. Every change is saved at once.

Every word is translated where it is drawn (rows, tabs and values keep their English ids), so a
new language chosen on the Language row shows at once, on this screen and the ones under it."""

from __future__ import annotations

import pygame

from game import i18n
from game.client import theme
from game.client.resources import font
from game.client.scene import Scene
from game.client.settings import (
    AI_PACES,
    ANIMATION_SPEEDS,
    PLAYER_PORTRAITS,
    TEXT_SCALES,
    THINK_TIMES_MS,
    VOLUMES,
    WINDOW_SIZES,
)
from game.client.value_names import AI_PACE_NAMES, PALETTE_NAMES, PORTRAIT_NAMES, value_name
from game.client.widgets import Button, OptionRow, Tabs, backdrop, draw_text, panel, wrap_text
from game.i18n import N_, _

TAB_NAMES = [N_("Game"), N_("Sound"), N_("Display"), N_("Accessibility"), N_("Controls")]
CONTROLS_TAB = TAB_NAMES.index("Controls")  # not a page: it opens the Controls screen
ROW_TOP, ROW_HEIGHT, ROW_GAP = 178, 50, 12
SAVE_FAILED = N_("Your settings could not be saved, so they last only until you quit the game.")
LANGUAGE = N_("Language")

# What a row does, shown under the rows while it is chosen (only where the label is not enough).
ROW_HELP = {
    "AI's moves shown": N_("How long the AI's actions stay on screen before its next one."),
    "Level designer hints": N_("Shows the level file's problems while you play it; F5 reads the file again."),
    "Colours": N_(
        "Colour-blind safe turns every red-against-green pair (good and bad, targets, the two "
        "teams, health and mana) into blue against orange."
    ),
    "Text size": N_("Makes all the text in the game larger."),
    "Reduced motion": N_(
        "No screen shake, no slow motion or freeze on big hits, no bobbing; animations play twice as fast."
    ),
}


def _nearest(choices, value) -> int:
    return min(range(len(choices)), key=lambda i: abs(choices[i] - value))


def _percent(value) -> str:
    return _("{percent}%").format(percent=round(value * 100))


def _on_off(value) -> str:
    return _("On") if value else _("Off")


def language_label() -> str:
    """The word "Language" in the current language, with the English word after it: a player who chose a
    language they cannot read still finds the way back."""
    label = _(LANGUAGE)
    return label if label == LANGUAGE else f"{label} · {LANGUAGE}"


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app, tab: int = 0):
        super().__init__(app)
        s = app.settings
        sizes = list(WINDOW_SIZES)
        if s.size not in sizes:
            sizes.append(s.size)
        palettes = list(theme.PALETTE_NAMES)
        # The pseudo-locale is for testers: offered when the environment or --lang asks for it.
        languages = i18n.choices(pseudo=i18n.pseudo_wanted() or i18n.language() == i18n.PSEUDO)
        codes = list(languages)
        pages = [
            [
                OptionRow(
                    N_("Animation speed"),
                    ANIMATION_SPEEDS,
                    _nearest(ANIMATION_SPEEDS, s.animation_speed),
                    lambda v: _("{speed}x").format(speed=f"{v:g}"),
                    self.set_speed,
                ),
                OptionRow(
                    N_("AI thinking time"),
                    THINK_TIMES_MS,
                    _nearest(THINK_TIMES_MS, s.ai_think_ms),
                    lambda v: _("{seconds} s per turn").format(seconds=f"{v / 1000:g}"),
                    self.set_think,
                ),
                OptionRow(
                    N_("AI's moves shown"),
                    list(AI_PACES),
                    list(AI_PACES).index(s.ai_pace),
                    lambda v: value_name(AI_PACE_NAMES, v, v.capitalize()),
                    lambda v: self._set("ai_pace", v),
                ),
                OptionRow(
                    N_("Your portrait"),
                    PLAYER_PORTRAITS,
                    PLAYER_PORTRAITS.index(s.portrait),
                    lambda v: value_name(PORTRAIT_NAMES, v, v.capitalize()),
                    lambda v: self._set("portrait", v),
                ),
            ],
            [
                OptionRow(N_("Master volume"), VOLUMES, _nearest(VOLUMES, s.volume), _percent, self.set_volume),
                OptionRow(
                    N_("Music volume"), VOLUMES, _nearest(VOLUMES, s.music_volume), _percent, self.set_music_volume
                ),
                OptionRow(
                    N_("Effects volume"),
                    VOLUMES,
                    _nearest(VOLUMES, s.effects_volume),
                    _percent,
                    self.set_effects_volume,
                ),
                OptionRow(N_("Mute"), [False, True], int(s.mute), _on_off, self.set_mute),
            ],
            [
                OptionRow(N_("Window size"), sizes, sizes.index(s.size), lambda v: f"{v[0]} × {v[1]}", self.set_size),
                OptionRow(N_("Full screen"), [False, True], int(s.fullscreen), _on_off, self.set_fullscreen),
                OptionRow(
                    N_("Level designer hints"),
                    [False, True],
                    int(s.designer),
                    _on_off,
                    lambda v: self._set("designer", bool(v)),
                ),
                OptionRow(
                    LANGUAGE,
                    codes,
                    codes.index(i18n.language()) if i18n.language() in codes else 0,
                    languages.get,  # each language in its own words, whatever the current one
                    self.set_language,
                ),
            ],
            [
                OptionRow(
                    N_("Colours"),
                    palettes,
                    palettes.index(s.palette) if s.palette in palettes else 0,
                    lambda v: value_name(PALETTE_NAMES, v, theme.PALETTE_NAMES.get(v, v)),
                    lambda v: self._set("palette", v),
                ),
                OptionRow(
                    N_("Text size"),
                    TEXT_SCALES,
                    _nearest(TEXT_SCALES, s.text_scale),
                    _percent,
                    lambda v: self._set("text_scale", float(v)),
                ),
                OptionRow(
                    N_("Reduced motion"),
                    [False, True],
                    int(s.reduced_motion),
                    _on_off,
                    lambda v: self._set("reduced_motion", bool(v)),
                ),
            ],
        ]
        self.pages = pages
        # Every row, tab after tab: Up/Down walk through all of them, the tab following the focus.
        self.rows = [row for page in pages for row in page]
        # Each row's English label: the help's key and the message its drawn label is made from.
        self.row_ids = [row.label for row in self.rows]
        for page in pages:
            for index, row in enumerate(page):
                row.rect = pygame.Rect(
                    theme.WIDTH // 2 - 400, ROW_TOP + index * (ROW_HEIGHT + ROW_GAP), 800, ROW_HEIGHT
                )
        self.tabs = Tabs(pygame.Rect(theme.WIDTH // 2 - 500, 98, 1000, 50), TAB_NAMES)
        self.focus = 0
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 130, 614, 260, 52), _("Back"), self.close, primary=True)
        self.problem: str | None = None  # a save that failed (SAVE_FAILED, translated when drawn)
        self.translate()
        self.select_tab(min(max(0, tab), len(pages) - 1))

    # ------------------------------------------------------------------ tabs and focus

    @property
    def page(self) -> int:
        """The tab of the focused row."""
        return self._page_of(self.focus)

    def _page_of(self, row: int) -> int:
        start = 0
        for index, page in enumerate(self.pages):
            if row < start + len(page):
                return index
            start += len(page)
        return len(self.pages) - 1

    def select_tab(self, index: int) -> None:
        """Show tab `index` (its first row focused); the Controls tab opens the Controls screen."""
        if index == CONTROLS_TAB:
            self.app.push("controls")
            return
        self.focus = sum(len(page) for page in self.pages[:index])
        self._mark()

    def translate(self) -> None:
        """Every label in the current language (after a switch on the Language row, and before
        each frame: a scene under this one was switched too)."""
        for row, message in zip(self.rows, self.row_ids):
            row.label = language_label() if message == LANGUAGE else _(message)
        self.tabs.labels = [_(name) for name in TAB_NAMES]
        self.back.label = _("Back")

    def _mark(self) -> None:
        self.tabs.index = self.page
        for index, row in enumerate(self.rows):
            row.focused = index == self.focus

    def visible_rows(self) -> list[OptionRow]:
        return self.pages[self.page]

    # ------------------------------------------------------------------ changes

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self._save()

    def _save(self) -> None:
        self.problem = SAVE_FAILED if self.app.save_settings() else None

    def set_language(self, value) -> None:
        """The game in `value` at once, on every screen, and the next time it starts."""
        self.app.settings.language = value
        self.app.language_override = None  # the player's choice wins over --lang from now on
        self._save()
        self.translate()

    def set_size(self, value) -> None:
        self.app.settings.width, self.app.settings.height = value
        self.app.apply_window_settings()
        self._save()

    def set_fullscreen(self, value) -> None:
        self.app.settings.fullscreen = bool(value)
        self.app.apply_window_settings()
        self._save()

    def set_volume(self, value) -> None:
        self.app.settings.volume = float(value)
        self._save()
        self.app.play_sound("stone")

    def set_music_volume(self, value) -> None:
        self.app.settings.music_volume = float(value)
        self._save()

    def set_effects_volume(self, value) -> None:
        self.app.settings.effects_volume = float(value)
        self._save()
        self.app.play_sound("stone")  # a sample at the new level

    def set_mute(self, value) -> None:
        self.app.settings.mute = bool(value)
        self._save()
        self.app.play_sound("click")

    def set_speed(self, value) -> None:
        self.app.settings.animation_speed = float(value)
        self._save()

    def set_think(self, value) -> None:
        self.app.settings.ai_think_ms = int(value)
        self._save()

    def close(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action":
            if intent.name in ("back", "confirm"):
                self.close()
                return
            if intent.name in ("up", "down"):
                self.focus = (self.focus + (1 if intent.name == "down" else -1)) % len(self.rows)
            elif intent.name in ("left", "right"):
                self.rows[self.focus].step(1 if intent.name == "right" else -1)
            elif intent.name == "toggle_overlay":  # Tab: the next tab
                self.select_tab((self.page + 1) % len(self.pages))
                return
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
                self.select_tab(tab)
                return
            start = sum(len(page) for page in self.pages[: self.page])
            for index, row in enumerate(self.visible_rows()):
                if row.rect.collidepoint(intent.pos):
                    self.focus = start + index
                    row.click(intent.pos)
        self._mark()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        self.translate()
        draw_text(
            surface, _("Settings"), (theme.WIDTH // 2, 50), 44, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        self.tabs.draw(surface)
        rows = self.visible_rows()
        for row in rows:
            row.draw(surface)
        help_text = ROW_HELP.get(self.row_ids[self.focus])
        if help_text:
            help_text = _(help_text)
            top = rows[-1].rect.bottom + 24
            lines = wrap_text(help_text, 18, 760)
            line_height = font(18).get_linesize() + 2
            box = pygame.Rect(theme.WIDTH // 2 - 400, top, 800, 20 + line_height * len(lines))
            panel(surface, box, theme.BACKGROUND_2, None, radius=10, alpha=200)
            for index, line in enumerate(lines):
                draw_text(surface, line, (box.x + 20, box.y + 10 + index * line_height), 18, theme.TEXT_DIM, box=box)
        self.back.draw(surface)
        if self.problem:
            draw_text(
                surface,
                _(self.problem),
                (theme.WIDTH // 2, 694),
                16,
                theme.BAD,
                anchor="center",
                width=theme.WIDTH - 40,
            )
