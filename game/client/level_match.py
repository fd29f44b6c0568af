"""A campaign level as a match: the draft, duel, gomoku and skirmish scenes play it exactly as they play a
quick match, and these classes fill in what a level changes. Moves go through the level's
session (objectives, scripted events, the story lines said during play); the objectives HUD
replaces the match info; the opponent is the level's (scripted: decides in-process; AI: the
worker pool, at the level's budget); after every action the HUD follows the board, the lines
said open a dialogue when the animations reach them, and the game is saved; at the end the
closing lines come, then the level's result screen.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.anim import Anim
from game.client.match import CardMatch, DraftMatch, GomokuMatch, SkirmishMatch
from game.client.objectives_hud import ObjectivesHUD
from game.client.widgets import draw_text, panel, text_surface

NEVER = 1e12  # an animation step that lasts until something ends it
TOAST_MS = 3500


class Toast:
    """A short message over the board for a few seconds."""

    def __init__(self, centre):
        self.centre = centre
        self.text = ""
        self.age = 0.0

    def show(self, text: str) -> None:
        self.text, self.age = text, 0.0

    def update(self, dt_ms: float) -> None:
        self.age += dt_ms

    def draw(self, surface: pygame.Surface) -> None:
        if not self.text or self.age > TOAST_MS:
            return
        alpha = int(255 * min(1.0, (TOAST_MS - self.age) / 500))
        width = text_surface(self.text, 18, theme.TEXT, True).get_width() + 40
        box = pygame.Rect(0, 0, width, 44)
        box.center = self.centre
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), (20, 24, 36), theme.ACCENT, radius=12, alpha=230)
        draw_text(layer, self.text, (width // 2, 22), 18, theme.TEXT, bold=True, anchor="center")
        layer.set_alpha(alpha)
        surface.blit(layer, box)


class _LevelHooks:
    """What the level's duel and gomoku matches share: the story lines, saves, pause and the end."""

    run = None
    ending_lines: list

    def _join(self, run) -> None:
        """What every level match keeps: its run, the level, the closing lines still to say."""
        self.run = run
        self.level = run.session.level
        self.ending_lines = []

    @property
    def level_run(self):
        return self.run

    @property
    def session(self):
        return self.run.session

    # The rules go through the level's session (objectives, scripted events, the lines said).
    def apply(self, action) -> list:
        return self.session.apply(action)

    @property
    def over(self) -> bool:
        return self.session.over

    def seat_label(self, seat: int) -> str:
        return "You" if seat == self.session.player_seat else self.level.opponent.name

    def seat_portrait(self, seat: int, app) -> str:
        if seat == self.session.player_seat:
            return app.settings.portrait
        return self.level.opponent.portrait or self.level.opponent.name

    def opening_log(self) -> list[str]:
        return [self.level.title] + ([self.level.summary] if self.level.summary else [])

    def ai_budget_ms(self, app) -> float:
        return self.run.budget_ms()

    def queue_lines(self, scene, lines) -> None:
        """Say `lines` once the animations queued so far have played; play waits for the reader."""
        step = Anim("say", NEVER)

        def start(step=step):
            def done():
                step.duration = 0.0  # the queue moves on at the next frame

            box = scene.dialogue_box  # gomoku: beside the board, not over it
            scene.app.push("dialogue", lines=lines, on_done=done, **({"box": box} if box is not None else {}))

        step.on_start = start
        scene.anims.then(step)

    def after_action(self, scene) -> None:
        """The HUD (when the board shows it), the lines said, a save."""
        session = self.session
        statuses = session.objectives()
        scene.anims.call(lambda statuses=statuses: self.hud.show(statuses))
        lines = session.dialogue()
        if session.over:
            self.ending_lines += lines
        elif lines:
            self.queue_lines(scene, lines)
        self.run.checkpoint()

    def finish(self, scene) -> None:
        """Record the result, say the closing lines, then show the level's result screen."""
        self.run.finish()
        lines, self.ending_lines = self.ending_lines, []
        scene.app.push("dialogue", lines=lines, on_done=lambda: scene.app.push("level_result", run=self.run))

    def rematch(self, app) -> None:
        self.run.restart()

    def open_pause(self, scene) -> None:
        scene.app.push(
            "pause", leave=self.run.quit, quit_label=f"Quit to {self.run.home_label.lower()}", restart=self.run.restart
        )


class LevelCardMatch(_LevelHooks, CardMatch):
    def __init__(self, run):
        session = run.session
        specs = {session.opponent_seat: run.opponent_spec} if run.opponent_spec is not None else {}
        super().__init__(run.setup, session.battle, session.card_pool, run.game_id, specs)
        self._join(run)
        self._warned = len(session.warnings)
        player = session.player_seat
        self.hud = ObjectivesHUD(
            session.objectives(),
            caption=lambda: f"Turn {max(1, self.battle.sides[player].turns)}",
            hints=["E / Space: end turn", "Esc: menu"],
            padding=14,
        )
        self.toast = Toast((640, 266))

    def local_agent(self, seat: int):
        return self.run.agent if seat == self.session.opponent_seat else None

    def warnings(self) -> list[str]:
        """What a level designer should know happened: scripted actions or events that did not."""
        new = self.session.warnings[self._warned :]
        self._warned = len(self.session.warnings)
        return new

    def after_action(self, scene) -> None:
        for warning in self.warnings():
            scene.add_log(f"level: {warning}", theme.TEXT_DIM)
        super().after_action(scene)

    def finish(self, scene) -> None:
        scene.end_game()
        super().finish(scene)

    def note_resumed(self) -> None:
        self.toast.show("Your saved game goes on")


class LevelGomokuMatch(_LevelHooks, GomokuMatch):
    move_hint = "Click or arrows + Enter to play"
    can_undo = False  # the objectives count moves; Restart starts the level again

    def __init__(self, run):
        session = run.session
        super().__init__(run.setup, session.state)
        self._join(run)
        self.title = self.level.title
        self.hud = ObjectivesHUD(session.objectives())
        self.toast = Toast((40 + 330, 64))

    def apply(self, move) -> list:
        return self.session.apply(tuple(move))

    def label(self, colour: int) -> str:
        from game.rules.gomoku import BLACK

        name = "Black" if colour == BLACK else "White"
        who = "you" if colour == self.session.player_seat else self.level.opponent.name
        return f"{name} ({who})"

    def seat_portrait(self, seat: int, app) -> str:
        if seat == self.seat_of(self.session.player_seat):
            return app.settings.portrait
        return self.level.opponent.portrait or self.level.opponent.name

    def buttons(self, scene) -> list[tuple[str, object]]:
        return [("Restart", self.run.restart), ("Menu", scene.open_pause)]

    def note_resumed(self) -> None:
        self.toast.show("Your saved game goes on")


class LevelSkirmishMatch(_LevelHooks, SkirmishMatch):
    """A skirmish level: the player's team is team 0; the opponent's team plays in the worker pool
    at the level's budget per action."""

    def __init__(self, run):
        session = run.session
        super().__init__(run.setup, session.state)
        self._join(run)
        self.title = self.level.title
        self.hud = ObjectivesHUD(session.objectives(), caption=lambda: f"Round {max(1, self.state.round)}")
        self.toast = Toast((360, 64))

    def finish(self, scene) -> None:
        scene.end_game()
        _LevelHooks.finish(self, scene)

    def open_pause(self, scene) -> None:
        def leave():
            scene.end_game()
            self.run.quit()

        def restart():
            scene.end_game()
            self.run.restart()

        scene.app.push("pause", leave=leave, quit_label=f"Quit to {self.run.home_label.lower()}", restart=restart)

    def note_resumed(self) -> None:
        self.toast.show("Your saved game goes on")


class _LevelDraftView:
    """Both sides' drafts of a level as one object shaped like game.rules.cards.draft.Draft (what the
    draft screen draws): each side drafts from its own offers."""

    def __init__(self, session):
        self.session = session
        plans = session.setup.plans
        mine = plans[session.player_seat].draft
        self.main = mine if mine is not None else plans[session.opponent_seat].draft

    @property
    def offers(self):
        return self.main.offers

    @property
    def cards(self):
        return self.main.cards

    @property
    def picks(self) -> list[list]:
        plans = self.session.setup.plans
        return [plans[seat].draft.picks[seat] if plans[seat].draft is not None else [] for seat in (0, 1)]


class LevelDraftMatch(_LevelHooks, DraftMatch):
    """A level's draft on the quick match's draft screen: the opponent's picks come from its agent
    (scripted: in-process; AI: the worker, one request per pick)."""

    def __init__(self, run):  # no DraftMatch.__init__: the level's session holds the draft
        session = run.session
        self.run = run
        self.level = session.level
        self.app = run.app
        self.setup = run.setup
        self.game_id = run.game_id
        self.hotseat = False
        self.draft = _LevelDraftView(session)
        drafting = session.drafting_seats()
        self.specs = {}
        self.drafters = (
            {session.opponent_seat: run.opponent_spec}
            if session.opponent_seat in drafting and run.opponent_spec is not None
            else {}
        )
        self.human_seats = [session.player_seat] if session.player_seat in drafting else []

    def offer(self, seat: int):
        return self.run.session.draft_offer(seat)

    def picked(self, seat: int) -> list:
        return list(self.run.session.draft_picked(seat))

    def picks_left(self, seat: int) -> int:
        return 1 if seat in self.run.session.drafting_seats() else 0

    def choose(self, seat: int, index: int) -> None:
        self.run.session.draft_pick(seat, index)
        self.run.checkpoint()

    def local_pick(self, seat: int) -> bool:
        session = self.run.session
        if seat == session.opponent_seat and self.run.agent is not None and seat in session.drafting_seats():
            session.run_draft(seat, self.run.agent)
            return True
        return False

    @property
    def complete(self) -> bool:
        return self.run.session.phase == "play"

    def to_duel(self, app) -> None:
        self.run.checkpoint()
        self.run.to_duel()
