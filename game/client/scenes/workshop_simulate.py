"""The workshop's simulation screen: `levels simulate` runs in its own process while a progress
bar fills; then the win rate with its Wilson 95 % interval, the turns (moves, rounds) taken as a small
chart, and how often each objective was met. Esc cancels a running simulation, or closes."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, draw_text, hover_buttons, panel, press_buttons, shade, wrap_text
from game.workshop.kinds import find_editor_kind
from game.workshop.simulate import Simulation, histogram, most_missed
from game.rules.registry import game_kind

BOX = pygame.Rect(190, 70, 900, 580)
DEFAULT_GAMES = 20  # for a level of a game the workshop has no editor for


class WorkshopSimulateScene(Scene):
    name = "workshop_simulate"
    opaque = False

    def __init__(
        self,
        app,
        path,
        kind: str | None = None,
        title: str = "",
        games: int | None = None,
        budget_ms: int | None = 100,
        warnings: tuple[str, ...] = (),
    ):
        """Simulate the level file at `path`; `warnings`: what the editor's checks suspect (a
        "win this turn" out of reach), said under the result as a likely reason for it."""
        super().__init__(app)
        self.warnings = warnings
        editor = find_editor_kind(kind)  # how many games a level of its game plays by default
        self.sim = Simulation(path, games or (editor.simulated_games if editor else DEFAULT_GAMES), budget_ms)
        self.kind = kind
        self.title = title
        self.close_button = Button(pygame.Rect(BOX.centerx - 110, BOX.bottom - 70, 220, 50), "Cancel", self.close)

    def on_enter(self) -> None:
        self.sim.start()

    def on_exit(self) -> None:
        if self.sim.running:
            self.sim.cancel()
        # Its temporary folder goes with the screen, however the simulation ended (cancel and the
        # end of poll remove it already; this covers a start that failed half-way).
        self.sim.clean_up()

    def close(self) -> None:
        if self.sim.running:
            self.sim.cancel()
        self.app.pop()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name in ("back", "confirm"):
            self.close()
        elif intent.kind == "move":
            hover_buttons([self.close_button], intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            press_buttons([self.close_button], intent.pos, lambda: self.app.play_sound("click"))

    def update(self, dt_ms: float) -> None:
        self.sim.poll()
        self.close_button.label = "Cancel" if self.sim.running else "Close"

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        panel(surface, BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        sim = self.sim
        draw_text(
            surface, f"Simulate: {self.title}", (BOX.centerx, BOX.y + 34), 30, theme.ACCENT, bold=True, anchor="center"
        )
        draw_text(
            surface,
            f"levels simulate, {sim.games} games, the strongest AI in your seat",
            (BOX.centerx, BOX.y + 70),
            16,
            theme.TEXT_DIM,
            anchor="center",
        )
        bar = pygame.Rect(BOX.x + 60, BOX.y + 100, BOX.width - 120, 26)
        pygame.draw.rect(surface, theme.BACKGROUND_2, bar, border_radius=8)
        filled = bar.copy()
        filled.width = int(bar.width * min(1.0, sim.done / max(1, sim.games)))
        if filled.width:
            pygame.draw.rect(surface, theme.GOOD if sim.report else theme.MANA, filled, border_radius=8)
        draw_text(surface, f"{sim.done} / {sim.games} games", bar.center, 16, theme.TEXT, bold=True, anchor="center")
        if sim.error:
            draw_text(surface, sim.error[:110], (BOX.centerx, BOX.y + 170), 18, theme.BAD, anchor="center")
        report = sim.report
        if report is None:
            if not sim.error:
                draw_text(
                    surface,
                    "Playing... the editor stays as it is.",
                    (BOX.centerx, BOX.y + 170),
                    18,
                    theme.TEXT_DIM,
                    anchor="center",
                )
        else:
            self.draw_report(surface, report)
        self.close_button.draw(surface)

    def draw_report(self, surface, report: dict) -> None:
        low, high = report["wilson95"]
        y = BOX.y + 150
        draw_text(
            surface,
            f"Win rate {report['wins']}/{report['games']} = {report['win_rate']:.0%}",
            (BOX.x + 60, y),
            26,
            theme.TEXT,
            bold=True,
        )
        draw_text(surface, f"95 % Wilson interval {low:.0%} - {high:.0%}", (BOX.x + 60, y + 34), 18, theme.TEXT_DIM)
        unit = game_kind(report["kind"]).turn_unit  # as levels simulate counts the game's length
        t = report[unit]
        draw_text(
            surface,
            f"{unit}: mean {t['mean']:.1f}, median {t['p50']}, 90th percentile {t['p90']}",
            (BOX.x + 60, y + 60),
            18,
            theme.TEXT_DIM,
        )
        # The interval as a bar: where the true win rate lies, 95 % of the time.
        scale = pygame.Rect(BOX.x + 60, y + 92, 360, 12)
        pygame.draw.rect(surface, theme.BACKGROUND_2, scale, border_radius=6)
        pygame.draw.rect(
            surface,
            theme.GOOD,
            (scale.x + int(low * scale.width), scale.y, max(3, int((high - low) * scale.width)), scale.height),
            border_radius=6,
        )
        pygame.draw.line(
            surface,
            theme.TEXT,
            (scale.x + int(report["win_rate"] * scale.width), scale.y - 4),
            (scale.x + int(report["win_rate"] * scale.width), scale.bottom + 4),
            2,
        )
        self.draw_chart(surface, pygame.Rect(BOX.x + 500, y, 340, 130), unit)
        draw_text(surface, "Objectives met", (BOX.x + 60, y + 150), 20, theme.ACCENT, bold=True)
        for i, objective in enumerate(report["objectives"][:6]):
            tag = "required" if objective["required"] else "bonus"
            row = y + 182 + i * 28
            draw_text(surface, f"[{tag}] {objective['text']}", (BOX.x + 60, row), 17, theme.TEXT)
            meter = pygame.Rect(BOX.x + 560, row + 3, 200, 14)
            pygame.draw.rect(surface, theme.BACKGROUND_2, meter, border_radius=5)
            pygame.draw.rect(
                surface,
                theme.GOOD,
                (meter.x, meter.y, int(meter.width * objective["rate"]), meter.height),
                border_radius=5,
            )
            draw_text(surface, f"{objective['met']}/{report['games']}", (meter.right + 12, row), 17, theme.TEXT_DIM)
        missed = most_missed(report)
        if missed:
            row = y + 182 + min(6, len(report["objectives"])) * 28 + 8
            draw_text(surface, missed, (BOX.x + 60, row), 17, theme.BAD, bold=True)
            for line in wrap_text(f"Likely why: {self.warnings[0]}", 16, BOX.width - 120)[:2] if self.warnings else []:
                row += 24
                draw_text(surface, line, (BOX.x + 60, row), 16, theme.TEXT)
        if report.get("warnings"):
            draw_text(
                surface,
                f"{report['warnings']} scripted actions or events were skipped (first: "
                f"{report['first_warnings'][0][:70]})",
                (BOX.x + 60, BOX.bottom - 104),
                15,
                theme.BAD,
            )

    def draw_chart(self, surface, rect: pygame.Rect, unit: str) -> None:
        buckets = histogram(self.sim.turns)
        draw_text(surface, f"{unit} per game", (rect.x, rect.y - 2), 15, theme.TEXT_DIM)
        if not buckets:
            return
        top = max(count for _, _, count in buckets)
        width = min(rect.width // len(buckets), 48)
        base = rect.bottom - 18
        for i, (low, high, count) in enumerate(buckets):
            height = int((base - rect.y - 22) * count / top)
            pygame.draw.rect(surface, theme.MANA, (rect.x + i * width + 2, base - height, width - 4, height))
            if i % max(1, len(buckets) // 6) == 0:
                draw_text(
                    surface, str(low), (rect.x + i * width + width // 2, base + 2), 12, theme.TEXT_DIM, anchor="midtop"
                )
