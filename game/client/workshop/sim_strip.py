"""The editor's simulation strip: a simulation started from the set-up (F7) runs in the
background while the designer keeps editing; this strip, under the problems panel, shows its
progress with Cancel, then the win rate with Results (the result panel) and × (done with it).

The editor calls `start`, `update`, `press`, `draw` and `close` (when it is left or the app
quits: the child process is stopped and the run's folder removed). The run plays the level as
it was at its start; the strip and the result say how many edits ago that was.
"""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.client import theme
from game.client.widgets import Button, draw_text, fit_text, panel
from game.client.workshop.panel import shorten
from game.workshop.simulate import Setup, Simulation, staleness

HEIGHT = 50
GAP = 6


class SimStrip:
    """One background run and its strip."""

    def __init__(self, sim: Simulation, title: str, warnings: tuple[str, ...]):
        self.sim = sim
        self.title = title
        self.warnings = warnings  # what the editor's checks suspected when it started
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cancel = Button(pygame.Rect(0, 0, 84, 30), _("Cancel"), size=15)
        self.results = Button(pygame.Rect(0, 0, 92, 30), _("Results"), size=15, primary=True)
        self.dismiss = Button(pygame.Rect(0, 0, 30, 30), "×", size=18)

    def buttons(self) -> list[Button]:
        if self.sim.running:
            return [self.cancel]
        return [self.results, self.dismiss] if self.sim.finished else [self.dismiss]

    def place(self, area: pygame.Rect) -> None:
        """Sit at the bottom of `area` (the problems panel's place), buttons at the right."""
        self.rect = pygame.Rect(area.x, area.bottom - HEIGHT, area.width, HEIGHT)
        x = self.rect.right - 10
        for button in reversed(self.buttons()):
            button.rect.topright = (x, self.rect.y + 10)
            x = button.rect.x - 6

    def draw(self, surface: pygame.Surface, doc) -> None:
        sim = self.sim
        border = theme.BAD if sim.error else theme.GOOD if sim.finished else theme.MANA
        panel(surface, self.rect, theme.PANEL, border, radius=10)
        buttons = self.buttons()
        room = buttons[0].rect.x - self.rect.x - 20
        left = self.rect.x + 12
        if sim.running:
            words = ngettext(
                "Simulating: {done} of {count} game", "Simulating: {done} of {count} games", sim.games
            ).format(done=sim.done, count=sim.games)
            draw_text(
                surface, words, (left, self.rect.y + 6), fit_text(words, 15, room, bold=True), theme.TEXT, bold=True
            )
            bar = pygame.Rect(left, self.rect.y + 30, room, 10)
            pygame.draw.rect(surface, theme.BACKGROUND_2, bar, border_radius=5)
            filled = bar.copy()
            filled.width = int(bar.width * min(1.0, sim.done / max(1, sim.games)))
            if filled.width:
                pygame.draw.rect(surface, theme.MANA, filled, border_radius=5)
        elif sim.finished:
            report = sim.report or {}
            games = report.get("games", 0)
            words = ngettext(
                "Won {wins} of {count} game ({rate})", "Won {wins} of {count} games ({rate})", games
            ).format(wins=report.get("wins", 0), count=games, rate=f"{report.get('win_rate', 0):.0%}")
            draw_text(
                surface, words, (left, self.rect.y + 6), fit_text(words, 16, room, bold=True), theme.TEXT, bold=True
            )
            note = staleness(sim.edits_since(doc)) or _("Simulated as the level is now")
            draw_text(surface, shorten(note, 13, room), (left, self.rect.y + 28), 13, theme.TEXT_DIM)
        else:
            draw_text(surface, _("Simulation stopped"), (left, self.rect.y + 6), 15, theme.BAD, bold=True)
            draw_text(surface, shorten(sim.error, 13, room), (left, self.rect.y + 28), 13, theme.TEXT_DIM)
        for button in buttons:
            button.draw(surface)

    def hit(self, pos) -> str | None:
        """Which of the strip's buttons is at `pos`: "cancel", "results", "dismiss", "strip" (the
        strip elsewhere: a click there does nothing else), or None."""
        for name, button in (("cancel", self.cancel), ("results", self.results), ("dismiss", self.dismiss)):
            if button in self.buttons() and button.rect.collidepoint(pos):
                return name
        return "strip" if self.rect.collidepoint(pos) else None

    def close(self) -> None:
        """Stop the run if it still plays and remove its folder (its kept replays with it)."""
        if self.sim.running:
            self.sim.cancel()
        self.sim.clean_up()


# ---------------------------------------------------------------------------------- the editor's hooks


def problems_area(editor, area: pygame.Rect) -> pygame.Rect:
    """The problems panel's rect: `area`, less the strip's room while there is a strip."""
    strip = getattr(editor, "sim_strip", None)
    if strip is None:
        return pygame.Rect(area)
    return pygame.Rect(area.x, area.y, area.width, area.height - HEIGHT - GAP)


def start(editor, setup: Setup) -> None:
    """The set-up's Start: write the level as it is now and run it in the background (a run
    still going is stopped first: one at a time)."""
    path = editor.play_file()
    if path is None:
        return
    close(editor)
    from game.workshop.model import message_in_words

    sim = Simulation.of(path, setup, doc=editor.doc)
    warnings = tuple(message_in_words(warning.message) for warning in editor.doc.warnings)
    editor.sim_strip = SimStrip(sim, editor.doc.data.get("title", ""), warnings)
    sim.start()
    editor.say(_("Simulating in the background: keep editing"))


def update(editor, area: pygame.Rect) -> None:
    strip = getattr(editor, "sim_strip", None)
    if strip is not None:
        was_running = strip.sim.running
        strip.sim.poll()
        strip.place(area)
        if was_running and not strip.sim.running:
            editor.app.play_sound("click")
    editor.problems.rect = problems_area(editor, area)


def hover(editor, pos) -> None:
    strip = getattr(editor, "sim_strip", None)
    if strip is not None:
        for button in (strip.cancel, strip.results, strip.dismiss):
            button.hovered = button.rect.collidepoint(pos)


def press(editor, pos) -> bool:
    """A press on the strip (True: it was there)."""
    strip = getattr(editor, "sim_strip", None)
    hit = strip.hit(pos) if strip is not None else None
    if strip is None or hit is None:
        return False
    if hit == "cancel":
        close(editor)
        editor.say(_("Simulation cancelled"))
    elif hit == "dismiss":
        close(editor)
    elif hit == "results":
        open_results(editor)
    return True


def open_results(editor) -> None:
    strip = editor.sim_strip
    if strip is not None and strip.sim.finished:
        editor.app.push(
            "workshop_simulate",
            run=strip.sim,
            kind=editor.doc.kind,
            title=strip.title,
            warnings=strip.warnings,
            doc=editor.doc,
        )


def close(editor) -> None:
    strip = getattr(editor, "sim_strip", None)
    if strip is not None:
        strip.close()
    editor.sim_strip = None


def draw(surface: pygame.Surface, editor) -> None:
    strip = getattr(editor, "sim_strip", None)
    if strip is not None:
        strip.draw(surface, editor.doc)
