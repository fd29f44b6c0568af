"""The workshop's simulation screens, over the editor: the set-up (F7: how many games, who sits
in the player's seat, the thinking time; Start runs it in the background, see
game/client/workshop/sim_strip.py), and the result of a finished run (the strip's Results): the
win rate with its Wilson 95 % interval, the turns (moves, rounds) taken as a small chart, how
often each objective was met, the most-missed one with the editor's warnings, and the lost games
kept as replays, each with Watch when the replay viewer is there."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, draw_text, fit_text, hover_buttons, panel, press_buttons, shade, wrap_text
from game.workshop.kinds import find_editor_kind
from game.workshop.simulate import (
    BUDGETS_MS,
    PLAYER_MODEL,
    Setup,
    Simulation,
    games_choices,
    histogram,
    lost_games,
    most_missed,
    player_choices,
    staleness,
)
from game.rules.registry import game_kind
from game.i18n import N_, _, ngettext

BOX = pygame.Rect(190, 70, 900, 580)  # the set-up
RESULT_BOX = pygame.Rect(24, 40, 1232, 650)  # the result: the report left, the lost games right
LOST_X = 880  # the lost games' column, from the result box's left
DEFAULT_GAMES = 20  # for a level of a game the workshop has no editor for
REPLAY_VIEWER = "replay_viewer"  # the scene that plays a replay file back, when the app has one


def player_words(name: str | None) -> str:
    if name == PLAYER_MODEL:
        return _("a middling player")
    return _("the {level} AI").format(level=ai_level_words(name)) if name else _("the strongest AI")


def ai_level_words(name: str) -> str:
    """An AI level's name ("hard") in the language, lower case as it sits in a sentence."""
    from game.client.value_names import AI_LEVEL_NAMES

    return _(AI_LEVEL_NAMES[name]).lower() if name in AI_LEVEL_NAMES else name


# The game's length in its own unit (game/rules/registry.py `turn_unit`), one sentence per unit.
UNIT_STATS = {
    "turns": N_("turns: mean {mean}, median {median}, 90th percentile {p90}"),
    "moves": N_("moves: mean {mean}, median {median}, 90th percentile {p90}"),
    "rounds": N_("rounds: mean {mean}, median {median}, 90th percentile {p90}"),
}
UNIT_CHART = {"turns": N_("turns per game"), "moves": N_("moves per game"), "rounds": N_("rounds per game")}


def lost_game_heading(number: int, length: int, unit: str) -> str:
    """ "Game 3, 12 turns" in the game's unit."""
    if unit == "moves":
        words = ngettext("Game {number}, {count} move", "Game {number}, {count} moves", length)
    elif unit == "rounds":
        words = ngettext("Game {number}, {count} round", "Game {number}, {count} rounds", length)
    else:
        words = ngettext("Game {number}, {count} turn", "Game {number}, {count} turns", length)
    return words.format(number=number, count=length)


def can_watch() -> bool:
    """Whether the app has the replay viewer (Watch is hidden until it does)."""
    from game.client.scenes import SCENES

    return REPLAY_VIEWER in SCENES


class WorkshopSimulateScene(Scene):
    name = "workshop_simulate"
    opaque = False

    def __init__(
        self,
        app,
        kind: str | None = None,
        title: str = "",
        warnings: tuple[str, ...] = (),
        start: Callable[[Setup], None] | None = None,
        run: Simulation | None = None,
        doc=None,
    ):
        """The set-up of a simulation of a `kind` level (`start` gets the chosen Setup), or with
        `run`, that finished run's result (`doc`: the document, to say how far it has changed).
        `warnings`: what the editor's checks suspect (a "win this turn" out of reach), said under
        the result as a likely reason for it."""
        super().__init__(app)
        self.kind = kind
        self.title = title
        self.warnings = warnings
        self.on_start = start
        self.run = run
        self.doc = doc
        self.buttons: list[Button] = []
        self.labels: list[tuple[str, int]] = []
        self.watch: list[tuple[Button, object]] = []
        if run is None:
            editor = find_editor_kind(kind)  # how many games a level of its game plays by default
            default = editor.simulated_games if editor else DEFAULT_GAMES
            self.choices: dict[str, list[tuple[Any, str]]] = {
                "games": [
                    (n, ngettext("{count} game", "{count} games", n).format(count=n)) for n in games_choices(default)
                ],
                "player": [(name, self.seat_words(name, words)) for name, words in player_choices(kind)]
                if kind
                else [],
                "budget": [(ms, _("{ms} ms").format(ms=ms)) for ms in BUDGETS_MS],
            }
            self.chosen: dict[str, Any] = {"games": default, "player": PLAYER_MODEL, "budget": 100}
            if not any(name == PLAYER_MODEL for name, _words in self.choices["player"]):
                self.chosen["player"] = self.choices["player"][0][0] if self.choices["player"] else None
            self.build_setup()
        else:
            self.build_result()

    # ------------------------------------------------------------------ the set-up

    ROWS = (("games", N_("Games")), ("player", N_("In your seat")), ("budget", N_("Thinking time per turn")))

    @staticmethod
    def seat_words(name: str, words: str) -> str:
        """Who sits in the player's seat, as its button says it (game/workshop/simulate.py's words
        stay English for `levels simulate`)."""
        if name == PLAYER_MODEL:
            return _("A middling player")
        return _("{level} AI").format(level=ai_level_words(name).capitalize()) if name else words

    def build_setup(self) -> None:
        """The choice buttons, row by row (a row wraps when its choices do not fit), then Start and Cancel."""
        self.buttons, self.labels = [], []
        y = BOX.y + 112
        for key, label in self.ROWS:
            self.labels.append((_(label), y))
            x, width = BOX.x + 60, 150 if key != "player" else 195
            for value, words in self.choices[key]:
                if x + width > BOX.right - 40:
                    x, y = BOX.x + 60, y + 44
                button = Button(pygame.Rect(x, y + 28, width - 10, 36), words, self.chooser(key, value), size=16)
                button.primary = self.chosen[key] == value
                self.buttons.append(button)
                x += width
            y += 96
        self.buttons.append(
            Button(pygame.Rect(BOX.centerx - 230, BOX.bottom - 70, 220, 50), _("Start"), self.start, primary=True)
        )
        self.buttons.append(Button(pygame.Rect(BOX.centerx + 10, BOX.bottom - 70, 220, 50), _("Cancel"), self.close))

    def chooser(self, key: str, value) -> Callable[[], None]:
        def choose() -> None:
            self.chosen[key] = value
            self.build_setup()

        return choose

    def setup(self) -> Setup:
        return Setup(int(self.chosen["games"]), self.chosen["player"], int(self.chosen["budget"]))

    def start(self) -> None:
        self.app.pop()
        if self.on_start is not None:
            self.on_start(self.setup())

    def draw_setup(self, surface: pygame.Surface) -> None:
        panel(surface, BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        heading = _("Simulate: {level}").format(level=self.title) if self.title else _("Simulate")
        draw_text(
            surface,
            heading,
            (BOX.centerx, BOX.y + 34),
            fit_text(heading, 30, BOX.width - 60, bold=True),
            theme.ACCENT,
            bold=True,
            anchor="center",
        )
        draw_text(
            surface,
            _("Plays the level as it is now, in the background: keep editing while it runs."),
            (BOX.centerx, BOX.y + 72),
            17,
            theme.TEXT_DIM,
            anchor="center",
        )
        for label, y in self.labels:
            draw_text(surface, label, (BOX.x + 60, y), 18, theme.TEXT, bold=True)
        hint = (
            _("A middling player: a strong AI that slips as people do, so the win rate is close to a player's.")
            if self.chosen["player"] == PLAYER_MODEL
            else _("An AI plays to win the duel: a level it wins may still be hard for a person.")
        )
        draw_text(
            surface,
            hint,
            (BOX.centerx, BOX.bottom - 104),
            fit_text(hint, 15, BOX.width - 80),
            theme.TEXT_DIM,
            anchor="center",
        )
        for button in self.buttons:
            button.draw(surface)

    # ------------------------------------------------------------------ the result

    def build_result(self) -> None:
        self.buttons = [
            Button(pygame.Rect(RESULT_BOX.centerx - 110, RESULT_BOX.bottom - 64, 220, 48), _("Close"), self.close)
        ]
        self.watch = []
        report = self.run.report if self.run is not None else None
        if report is None or not can_watch():
            return
        for index, game in enumerate(lost_games(report)):
            rect = pygame.Rect(RESULT_BOX.right - 96, self.lost_row_y(index) + 6, 76, 30)
            self.watch.append((Button(rect, _("Watch"), self.watcher(game.file), size=15), game))
            self.buttons.append(self.watch[-1][0])

    @staticmethod
    def lost_row_y(index: int) -> int:
        return RESULT_BOX.y + 150 + index * 44

    def watcher(self, path) -> Callable[[], None]:
        return lambda: self.app.push(REPLAY_VIEWER, path=path)

    def draw_result(self, surface: pygame.Surface) -> None:
        panel(surface, RESULT_BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        assert self.run is not None and self.run.report is not None
        report = self.run.report
        box = RESULT_BOX
        heading = _("Simulated: {level}").format(level=self.title) if self.title else _("Simulated")
        draw_text(
            surface,
            heading,
            (box.x + 40, box.y + 18),
            fit_text(heading, 28, LOST_X - 60, bold=True),
            theme.ACCENT,
            bold=True,
        )
        setup = ngettext(
            "{count} game, {player} in your seat, {ms} ms to think",
            "{count} games, {player} in your seat, {ms} ms to think",
            report["games"],
        ).format(count=report["games"], player=player_words(report.get("player")), ms=f"{report.get('budget_ms', 0):g}")
        draw_text(surface, setup, (box.x + 40, box.y + 56), 16, theme.TEXT_DIM)
        stale = staleness(self.run.edits_since(self.doc)) if self.doc is not None else ""
        if stale:
            draw_text(
                surface,
                _("{stale}: F7 simulates the level as it is now").format(stale=stale),
                (box.x + 40, box.y + 80),
                16,
                theme.BAD,
                bold=True,
            )
        self.draw_report(surface, report, box)
        self.draw_lost(surface, report)
        for button in self.buttons:
            button.draw(surface)

    def draw_lost(self, surface: pygame.Surface, report: dict) -> None:
        x = RESULT_BOX.x + LOST_X
        width = RESULT_BOX.right - 20 - x
        lost = report["games"] - report["wins"]
        games = lost_games(report)
        draw_text(surface, _("Lost games"), (x, RESULT_BOX.y + 110), 20, theme.ACCENT, bold=True)
        if not lost:
            draw_text(surface, _("None: every game was won"), (x, RESULT_BOX.y + 150), 16, theme.TEXT_DIM)
            return
        if len(games) < lost:
            first = _("the first {shown} of {lost}").format(shown=len(games), lost=lost)
            draw_text(surface, first, (x + 130, RESULT_BOX.y + 114), fit_text(first, 14, width - 130), theme.TEXT_DIM)
        unit = game_kind(report["kind"]).turn_unit
        room = width - (90 if can_watch() else 0)
        for index, game in enumerate(games):
            y = self.lost_row_y(index)
            row = pygame.Rect(x - 8, y, width + 8, 40)
            pygame.draw.rect(surface, theme.BACKGROUND_2, row, border_radius=8)
            head = lost_game_heading(game.number, game.turns, unit)
            draw_text(surface, head, (x, y + 3), 15, theme.TEXT, bold=True)
            failed = _("failed: {objective}").format(objective=game.failed)
            draw_text(surface, failed, (x, y + 21), fit_text(failed, 13, room), theme.BAD)

    # ------------------------------------------------------------------ both

    def close(self) -> None:
        self.app.pop()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.close()
        elif intent.kind == "action" and intent.name == "confirm":
            if self.run is None:
                self.start()
            else:
                self.close()
        elif intent.kind == "move":
            hover_buttons(self.buttons, intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            press_buttons(self.buttons, intent.pos, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        if self.run is None:
            self.draw_setup(surface)
        else:
            self.draw_result(surface)

    def draw_report(self, surface, report: dict, box: pygame.Rect) -> None:
        low, high = report["wilson95"]
        y = box.y + 110
        draw_text(
            surface,
            _("Win rate {wins}/{games} = {rate}").format(
                wins=report["wins"], games=report["games"], rate=f"{report['win_rate']:.0%}"
            ),
            (box.x + 60, y),
            26,
            theme.TEXT,
            bold=True,
        )
        interval = _("95 % Wilson interval {low} - {high}").format(low=f"{low:.0%}", high=f"{high:.0%}")
        draw_text(surface, interval, (box.x + 60, y + 34), 18, theme.TEXT_DIM)
        unit = game_kind(report["kind"]).turn_unit  # as levels simulate counts the game's length
        t = report[unit]
        draw_text(
            surface,
            _(UNIT_STATS.get(unit, UNIT_STATS["turns"])).format(mean=f"{t['mean']:.1f}", median=t["p50"], p90=t["p90"]),
            (box.x + 60, y + 60),
            18,
            theme.TEXT_DIM,
        )
        # The interval as a bar: where the true win rate lies, 95 % of the time.
        scale = pygame.Rect(box.x + 60, y + 92, 360, 12)
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
        self.draw_chart(surface, pygame.Rect(box.x + 500, y, 340, 130), unit)
        draw_text(surface, _("Objectives met"), (box.x + 60, y + 150), 20, theme.ACCENT, bold=True)
        for i, objective in enumerate(report["objectives"][:6]):
            tagged = _("[required] {objective}") if objective["required"] else _("[bonus] {objective}")
            line = tagged.format(objective=objective["text"])
            row = y + 182 + i * 28
            draw_text(
                surface,
                line,
                (box.x + 60, row),
                fit_text(line, 17, 480),
                theme.TEXT,
            )
            meter = pygame.Rect(box.x + 560, row + 3, 200, 14)
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
            draw_text(surface, missed, (box.x + 60, row), 17, theme.BAD, bold=True)
            why = _("Likely why: {warning}").format(warning=self.warnings[0]) if self.warnings else ""
            for line in wrap_text(why, 16, LOST_X - 100)[:2] if why else []:
                row += 24
                draw_text(surface, line, (box.x + 60, row), 16, theme.TEXT)
        if report.get("warnings"):
            draw_text(
                surface,
                ngettext(
                    "{count} scripted action or event was skipped (first: {first})",
                    "{count} scripted actions or events were skipped (first: {first})",
                    report["warnings"],
                ).format(count=report["warnings"], first=report["first_warnings"][0][:70]),
                (box.x + 60, box.bottom - 104),
                15,
                theme.BAD,
            )

    def draw_chart(self, surface, rect: pygame.Rect, unit: str) -> None:
        buckets = histogram(self.run.turns if self.run is not None else [])
        draw_text(surface, _(UNIT_CHART.get(unit, UNIT_CHART["turns"])), (rect.x, rect.y - 2), 15, theme.TEXT_DIM)
        if not buckets:
            return
        top = max(count for _low, _high, count in buckets)
        width = min(rect.width // len(buckets), 48)
        base = rect.bottom - 18
        for i, (low, high, count) in enumerate(buckets):
            height = int((base - rect.y - 22) * count / top)
            pygame.draw.rect(surface, theme.MANA, (rect.x + i * width + 2, base - height, width - 4, height))
            if i % max(1, len(buckets) // 6) == 0:
                draw_text(
                    surface, str(low), (rect.x + i * width + width // 2, base + 2), 12, theme.TEXT_DIM, anchor="midtop"
                )
