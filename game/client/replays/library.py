"""The Replays list (from the title menu): every game the client recorded, newest first.

Filter by game, by how it was played (quick match, hot-seat, campaign, AI against AI, and the
designers' simulate and referee runs) and by result; watch one (the viewer), star one (kept beyond
the library's limit) or delete one (after a question). A file that cannot be read is listed with
its reason, never deleted by the game (the player may delete it here).
"""

from __future__ import annotations

from datetime import datetime

import pygame

from game.client import theme
from game.client.objectives_hud import draw_star
from game.client.replays.viewer import MODES, player_problem
from game.client.scene import Scene
from game.client.value_names import month_name
from game.client.widgets import Button, draw_text, fit_text, hover_buttons, panel, press_buttons
from game.i18n import N_, _, pgettext
from game.rules.registry import GAMES
from game.rules.replays import ReplayError, ReplayLibrary
from game.rules.replays.files import Entry

LIST = pygame.Rect(40, 150, 1200, 500)
ROW_H = 62  # a row at 100 % text (`row_height()` grows with the text size)


def row_height() -> int:
    from game.client.resources import font

    return max(ROW_H, font(19, True).get_linesize() + font(16).get_linesize() + 12)


ALL = ""
# The tables' words are marked N_ and translated where drawn (a language switch reaches them).
MODE_NAMES = {**MODES, "simulate": N_("Simulated"), "referee": N_("Bot match"), "gomocup": N_("Bot match")}


def mode_name(mode: str) -> str:
    """How a replay's game was played, in the player's language (its own words in this list: a
    filter reads "Played as: Simulated"); an unknown mode as written."""
    if mode == "simulate":
        return pgettext("replay mode", "Simulated")
    return _(MODE_NAMES[mode]) if mode in MODE_NAMES else mode


RESULTS = (ALL, "won", "lost", "draw")
RESULT_NAMES = {ALL: N_("Any result"), "won": N_("Won"), "lost": N_("Lost"), "draw": N_("Draw")}
KEY_HINTS = N_("↑ ↓: choose  ·  Enter: watch  ·  S: star  ·  Delete: delete  ·  G, M, R: filters  ·  Esc: back")


def result_of(replay) -> str:
    """ "won" or "lost" for the one person who played (a level: its objectives), "draw", or ""
    (people against each other, AIs against each other, or not finished)."""
    if replay.result.won is not None:
        return "won" if replay.result.won else "lost"
    winner = replay.result.winner
    if winner is None:
        return "draw" if replay.result.text else ""
    humans = [index for index, seat in enumerate(replay.players) if seat.kind == "human"]
    if len(humans) != 1:
        return ""
    return "won" if winner == humans[0] else "lost"


def when(replay) -> str:
    """The time it was recorded, as a player reads it ("27 Nov, 10:58")."""
    try:
        moment = datetime.fromisoformat(replay.recorded).astimezone()
    except ValueError:
        return replay.recorded
    # TRANSLATORS: when a replay was recorded: "27 Nov, 10:58" ({month} is a short month name).
    words = pgettext("replay date", "{day} {month}, {time}")
    return words.format(day=moment.day, month=month_name(moment.month), time=moment.strftime("%H:%M"))


class ReplaysScene(Scene):
    name = "replays"
    raw_keys = True  # S, G, M, R and Delete as themselves

    def __init__(self, app, library: ReplayLibrary | None = None):
        super().__init__(app)
        self.library = library if library is not None else ReplayLibrary()
        self.games = [ALL] + list(GAMES)
        self.modes = [ALL] + list(MODE_NAMES)
        self.game = self.mode = self.result = ALL
        self.selected = 0
        self.scroll = 0
        self.entries: list[Entry] = []
        self.filters = [
            Button(pygame.Rect(40, 88, 300, 46), "", lambda: self.cycle("game"), size=18),
            Button(pygame.Rect(356, 88, 300, 46), "", lambda: self.cycle("mode"), size=18),
            Button(pygame.Rect(672, 88, 260, 46), "", lambda: self.cycle("result"), size=18),
        ]
        self.back_button = Button(pygame.Rect(1100, 20, 140, 46), _("Back"), self.app.pop, size=20)
        self.reload()

    # ------------------------------------------------------------------ the list

    def reload(self) -> None:
        self.all_entries = self.library.entries()
        self.refilter()

    def refilter(self) -> None:
        self.entries = [entry for entry in self.all_entries if self.matches(entry)]
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self._follow()
        self.relabel()

    def relabel(self) -> None:
        """The filters' and the Back button's words in the language now (called when drawn)."""
        games = {ALL: _("Every game"), **{name: _(kind.title) for name, kind in GAMES.items()}}
        self.filters[0].label = _("Game: {game}").format(game=games[self.game])
        mode = mode_name(self.mode) if self.mode in MODE_NAMES else pgettext("replay mode", "Any")
        self.filters[1].label = _("Played as: {mode}").format(mode=mode)
        self.filters[2].label = _(RESULT_NAMES[self.result])
        self.back_button.label = _("Back")

    def matches(self, entry: Entry) -> bool:
        replay = entry.replay
        if replay is None:  # unreadable: listed unless a filter asks for something it cannot say
            return self.game == ALL and self.mode == ALL and self.result == ALL
        return (
            self.game in (ALL, replay.game)
            and self.mode in (ALL, replay.mode)
            and self.result in (ALL, result_of(replay))
        )

    def cycle(self, which: str) -> None:
        options = {"game": self.games, "mode": self.modes, "result": list(RESULTS)}[which]
        now = getattr(self, which)
        setattr(self, which, options[(options.index(now) + 1) % len(options)])
        self.refilter()

    def visible_rows(self) -> int:
        return LIST.height // row_height()

    def _follow(self) -> None:
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows():
            self.scroll = self.selected - self.visible_rows() + 1

    def row_rect(self, index: int) -> pygame.Rect:
        height = row_height()
        return pygame.Rect(LIST.x, LIST.y + (index - self.scroll) * height, LIST.width, height - 6)

    def star_rect(self, index: int) -> pygame.Rect:
        row = self.row_rect(index)
        return pygame.Rect(row.x + 8, row.y + 6, 44, row.height - 12)

    def watch_rect(self, index: int) -> pygame.Rect:
        row = self.row_rect(index)
        return pygame.Rect(row.right - 250, row.y + 8, 120, row.height - 16)

    def delete_rect(self, index: int) -> pygame.Rect:
        row = self.row_rect(index)
        return pygame.Rect(row.right - 120, row.y + 8, 110, row.height - 16)

    # ------------------------------------------------------------------ what a row does

    def watch(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            self.app.push("replay_viewer", path=self.entries[index].path)

    def star(self, index: int) -> None:
        if not 0 <= index < len(self.entries) or self.entries[index].replay is None:
            return
        entry = self.entries[index]
        try:
            entry.replay = self.library.star(entry.path, not entry.replay.starred)
        except ReplayError as error:
            self.app.show_banner(_("The replay could not be starred: {problem}").format(problem=player_problem(error)))

    def ask_delete(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]

        def delete(_text) -> None:
            try:
                self.library.delete(entry.path)
            except (ReplayError, OSError) as error:
                self.app.show_banner(_("The replay could not be deleted: {problem}").format(problem=error))
            self.reload()

        what = self.describe(entry)[0]
        self.app.push(
            "workshop_prompt",
            title=_("Delete this replay?"),
            message=_("{what}. A deleted replay cannot be watched again.").format(what=what),
            buttons=[(pgettext("button", "Delete"), delete), (_("Keep it"), None)],
        )

    def on_resume(self) -> None:
        self.reload()  # a replay deleted, or starred, meanwhile

    def describe(self, entry: Entry) -> tuple[str, str]:
        """A row's two lines: what and when; who played and how it ended (or why it cannot be read)."""
        replay = entry.replay
        if replay is None:
            return _("A replay that cannot be read"), player_problem(ReplayError(entry.problem or ""))
        title = _(GAMES[replay.game].title) if replay.game in GAMES else replay.game
        how = mode_name(replay.mode)
        parts = [title, how] + ([replay.level_title] if replay.level_title else []) + [when(replay)]
        first = " · ".join(parts)
        seats = [seat.name or (_("a person") if seat.kind == "human" else _("an AI")) for seat in replay.players]
        if not seats:
            return first, replay.result.text
        # TRANSLATORS: who played a replay: "You against Sister Maren" (a third seat joins the same way).
        names = seats[0]
        for seat in seats[1:]:
            names = _("{first} against {second}").format(first=names, second=seat)
        # TRANSLATORS: a replay's second line: who played, then how it ended (a sentence kept in the replay).
        ended = replay.result.text or _("not finished")
        return first, _("{players} — {result}").format(players=names, result=ended)

    # ------------------------------------------------------------------ input

    KEYS = {"up": -1, "down": 1, "page up": -5, "page down": 5}

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.app.pop()
            return
        if intent.kind == "key":
            if intent.name in self.KEYS:
                self.selected = max(0, min(len(self.entries) - 1, self.selected + self.KEYS[intent.name]))
                self._follow()
            elif intent.name in ("return", "enter", "space"):
                self.watch(self.selected)
            elif intent.name == "s":
                self.star(self.selected)
            elif intent.name in ("delete", "backspace"):
                self.ask_delete(self.selected)
            elif intent.name in ("g", "m", "r"):
                self.cycle({"g": "game", "m": "mode", "r": "result"}[intent.name])
            return
        if intent.kind == "action":  # a gamepad
            if intent.name in ("up", "down"):
                self.selected = max(0, min(len(self.entries) - 1, self.selected + (1 if intent.name == "down" else -1)))
                self._follow()
            elif intent.name == "confirm":
                self.watch(self.selected)
            return
        if intent.kind == "move":
            hover_buttons(self.filters + [self.back_button], intent.pos)
        elif intent.kind == "wheel":
            most = max(0, len(self.entries) - self.visible_rows())
            self.scroll = max(0, min(most, self.scroll - int(intent.value or 0)))
        elif intent.kind == "press" and intent.button == 1:
            if press_buttons(self.filters + [self.back_button], intent.pos, lambda: self.app.play_sound("click")):
                return
            self._click(intent.pos)

    def _click(self, pos) -> None:
        for index in range(self.scroll, min(len(self.entries), self.scroll + self.visible_rows())):
            if not self.row_rect(index).collidepoint(pos):
                continue
            self.selected = index
            if self.star_rect(index).collidepoint(pos):
                self.star(index)
            elif self.delete_rect(index).collidepoint(pos):
                self.ask_delete(index)
            else:  # Watch, or anywhere else on the row (an unreadable one: the viewer says why in full)
                self.watch(index)
            return

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        self.relabel()
        heading = draw_text(surface, _("Replays"), (40, 22), 40, theme.ACCENT, bold=True)
        starred = sum(1 for entry in self.all_entries if entry.replay is not None and entry.replay.starred)
        kept = _("The newest {limit} are kept, and every starred one ({starred} starred)").format(
            limit=self.library.limit, starred=starred
        )
        left = heading.right + 30  # after the heading as drawn (it grows with the text size)
        draw_text(surface, kept, (left, 40), 16, theme.TEXT_DIM, width=self.back_button.rect.x - 20 - left)
        self.back_button.draw(surface)
        for button in self.filters:
            button.draw(surface)
        shown = _("{shown} of {total}").format(shown=len(self.entries), total=len(self.all_entries))
        draw_text(surface, shown, (1240, 111), 16, theme.TEXT_DIM, anchor="midright")
        if not self.entries:
            words = (
                _("No replays yet: every game you finish is kept here.")
                if not self.all_entries
                else _("No replay matches these filters.")
            )
            draw_text(surface, words, LIST.center, 22, theme.TEXT_DIM, anchor="center")
        for index in range(self.scroll, min(len(self.entries), self.scroll + self.visible_rows())):
            self._draw_row(surface, index)
        draw_text(surface, _(KEY_HINTS), (theme.WIDTH // 2, 690), 15, theme.TEXT_DIM, anchor="center", width=1220)

    def _draw_row(self, surface, index: int) -> None:
        entry = self.entries[index]
        rect = self.row_rect(index)
        chosen = index == self.selected
        border = theme.ACCENT if chosen else theme.PANEL_BORDER
        panel(surface, rect, theme.PANEL_LIGHT if chosen else theme.PANEL, border, radius=10)
        first, second = self.describe(entry)
        readable = entry.replay is not None
        if readable:
            draw_star(surface, self.star_rect(index).center, 15, entry.replay.starred)
        text_x, room = rect.x + 64, rect.width - 64 - 262
        colour = theme.TEXT if readable else theme.BAD
        size = fit_text(first, 19, room, bold=True)
        top = draw_text(surface, first, (text_x, rect.y + 4), size, colour, bold=True)
        second, size = _shortened(second, 16, room)
        draw_text(surface, second, (text_x, top.bottom), size, theme.TEXT_DIM)
        if readable:
            Button(self.watch_rect(index), _("Watch"), None, size=18, primary=chosen).draw(surface)
        Button(self.delete_rect(index), pgettext("button", "Delete"), None, size=18).draw(surface)


def _shortened(text: str, size: int, room: int, smallest: int = 13) -> tuple[str, int]:
    """`text` at the largest size down to `smallest` that fits `room` pixels, else cut with "…"
    at that size (the whole sentence is in the viewer, a click away)."""
    fitted = fit_text(text, size, room)
    if fitted >= smallest:
        return text, fitted
    while len(text) > 1 and fit_text(text + "…", smallest, room) < smallest:
        text = text[:-1]
    return text.rstrip() + "…", smallest


__all__ = ["ReplaysScene", "result_of"]
