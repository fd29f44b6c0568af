"""A campaign card level on the ordinary draft and duel screens, driven by its LevelSession.

The duel scene's hooks do the work: actions go through `session.apply` (objectives, scripted
events and their own "give"/"summon" events), the level is over when the session says so (an
objective can end it before the duel does), the objectives HUD replaces the match info, and
the opponent is the level's: a scripted agent decides in-process, an AI one in the worker.
"""

from __future__ import annotations

from game.rules.cards.actions import Action
from game.client import theme
from game.client.objectives_hud import ObjectivesHUD
from game.client.scene import Scene
from game.client.scenes.draft import DraftScene
from game.client.scenes.duel import DuelScene
from game.client.scenes.level_common import LevelSceneMixin


class LevelDuelScene(LevelSceneMixin, DuelScene):
    name = "level_duel"

    def __init__(self, app, run):
        self.run = run
        session = run.session
        specs = {session.opponent_seat: run.opponent_spec} if run.opponent_spec is not None else {}
        super().__init__(app, run.setup, session.battle, session.card_pool, run.game_id, specs)
        self.level = session.level
        self.ending_lines: list = []
        self._warned = len(session.warnings)
        player = session.player_seat
        self.hud = ObjectivesHUD(session.objectives(), caption=lambda: f"Turn {max(1, self.view.sides[player].turns)}",
                                 hints=["E / Space: end turn", "Esc: menu  ·  F5: reload"], padding=14)
        self.log.clear()
        self.log_lines.clear()
        self.add_log(self.level.title, theme.ACCENT)
        if self.level.summary:
            self.add_log(self.level.summary, theme.TEXT_DIM)

    def on_exit(self) -> None:
        self.end_game()  # an AI opponent's agent in the worker is let go

    def note_resumed(self, actions: int) -> None:
        self.add_log(f"Saved game resumed ({actions} actions replayed)", theme.ACCENT)
        self.toast(f"Saved game resumed: {actions} actions replayed")

    # ------------------------------------------------------------------ hooks

    def seat_label(self, seat: int) -> str:
        return "You" if seat == self.session.player_seat else self.level.opponent.name

    def game_over(self) -> bool:
        return self.session.over

    def apply_action(self, action: Action) -> list:
        return self.session.apply(action)

    def ai_budget_ms(self) -> float:
        return self.run.budget_ms()

    def perform(self, action: Action, pause_ms: float = 0.0) -> None:
        super().perform(action, pause_ms)
        warnings = self.session.warnings[self._warned:]
        self._warned = len(self.session.warnings)
        for warning in warnings:  # for level designers: a scripted action or event that did not happen
            self.add_log(f"level: {warning}", theme.TEXT_DIM)
        self.after_action()

    def _drive_ai(self, seat: int) -> None:
        if self.run.agent is None:  # an AI opponent: the worker, as in a quick match
            super()._drive_ai(seat)
            return
        decision = self.run.agent.decide(self.session.observation(seat), self.ai_budget_ms())
        explanation = getattr(decision, "explanation", None) or {}
        self.session.warnings.extend(explanation.get("warnings", []))
        if explanation:
            self.explanation, self.explained_by = explanation, self.seat_label(seat)
        self.play_ai_actions(seat, list(decision.actions))

    def update(self, dt_ms: float) -> None:
        self.hud.update(dt_ms)
        self.toast_age += dt_ms
        super().update(dt_ms)

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_toast(surface, (640, 266))

    def show_result(self) -> None:
        self.end_game()
        self.show_level_end()

    def rematch(self) -> None:
        self.run.restart()


class _DraftView:
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


class LevelDraftScene(LevelSceneMixin, DraftScene):
    """The level's draft on the quick match's draft screen; the opponent's picks come from its
    agent (scripted: in-process; AI: the worker, one request per pick)."""

    name = "level_draft"

    def __init__(self, app, run):
        Scene.__init__(self, app)
        self.run = run
        session = run.session
        self.setup = run.setup
        self.draft = _DraftView(session)
        self.game_id = run.game_id
        drafting = session.drafting_seats()
        self.specs = {}
        self.drafters = {session.opponent_seat: run.opponent_spec} if session.opponent_seat in drafting else {}
        self.human_seats = [session.player_seat] if session.player_seat in drafting else []
        self.jobs: dict[int, object] = {}
        self.picker = session.player_seat if self.human_seats else None
        self.focus = 0
        self.hover = None
        self.finished = False
        self.time = 0.0
        if self.drafters and run.opponent_spec is not None:
            self.app.pool.submit("card_new_game", route=0, spec=run.opponent_spec)

    def note_resumed(self, actions: int) -> None:
        pass  # the picks made so far are in the mana curve

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        if not self.finished and self.run.opponent_spec is not None:  # left mid-draft
            self.app.pool.submit("card_end_game", route=0, game_id=self.game_id)

    def pick(self, index: int) -> None:
        if self.picker is None:
            return
        seat = self.picker
        self.session.draft_pick(seat, index)
        self.app.play_sound("play")
        if seat not in self.session.drafting_seats():
            self.picker = None
        self.run.checkpoint()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.open_pause()
            return
        super().handle(intent)

    def update(self, dt_ms: float) -> None:
        self.time += dt_ms
        session = self.session
        seat = session.opponent_seat
        if seat in session.drafting_seats():
            spec = self.run.opponent_spec
            if spec is None:
                session.run_draft(seat, self.run.agent)
            else:
                job = self.jobs.get(seat)
                if job is None:
                    picked = session.draft_picked(seat)
                    self.jobs[seat] = self.app.pool.submit("card_draft", route=0, spec=spec,
                                                           offer=session.draft_offer(seat), picked=picked,
                                                           pick=len(picked))
                elif job.done:
                    del self.jobs[seat]
                    if job.error:
                        from game.client.scenes.error import ErrorScene

                        self.app.push(ErrorScene(self.app, "The AI could not draft", job.error))
                        return
                    session.draft_pick(seat, int(job.result))
        if not self.finished and session.phase == "play":
            self.finished = True
            self.run.checkpoint()
            self.run.to_duel()
