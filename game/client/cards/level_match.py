"""A campaign card level as the draft and duel scenes play it (see `game/client/level_match.py`)."""

from __future__ import annotations

import logging

from game.client.objectives_hud import ObjectivesHUD
from game.client.level_match import Toast, _LevelHooks
from game.client.cards.match import CardMatch, DraftMatch
from game.i18n import N_, _
from game.rules.levels.modifiers import twist_words

log = logging.getLogger(__name__)


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
            caption=lambda: _("Turn {number}").format(number=max(1, self.battle.sides[player].turns)),
            hints=_Translated([N_("E / Space: end turn"), N_("Esc: menu")]),
            padding=14,
            twists=twist_words(session.level),
        )
        self.toast = Toast((640, 266))

    def local_agent(self, seat: int):
        return self.run.agent if seat == self.session.opponent_seat else None

    def warnings(self) -> list[str]:
        """What a level designer should know happened: scripted actions or events that did not."""
        new = self.session.warnings[self._warned :]
        self._warned = len(self.session.warnings)
        return new

    def after_action(self, host) -> None:
        # Designer's text (a scripted action skipped...): always in the log file, and in the
        # player's log only with Settings' "Level designer hints" on.
        show = bool(getattr(host.app.settings, "designer", False))
        for warning in self.warnings():
            log.warning("level %s: %s", self.level.id, warning)
            if show:
                host.add_log(f"level: {warning}", "TEXT_DIM")
        super().after_action(host)

    def finish(self, host) -> None:
        host.end_game()
        super().finish(host)

    def note_resumed(self) -> None:
        self.toast.show(_("Your saved game goes on"))


class _Translated(list):
    """Marked lines that read in the player's language whenever they are read (the HUD is made
    once per duel; the language may change in Settings meanwhile)."""

    def __iter__(self):
        return (_(line) for line in super().__iter__())


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


def prepare_level(run) -> None:
    """A card level's set-up: its opponent is an AI in the worker pool or a scripted agent here."""
    from game.client.ai_worker import AgentSpec
    from game.client.match import MatchSetup

    session, level = run.session, run.level
    opponent = level.opponent
    run.setup = MatchSetup(
        game="cards",
        opponent="ai",
        difficulty=opponent.ai or "scripted",
        lanes=level.rules.lanes,
        human_seat=session.player_seat,
        seed=session.seed,
    )
    if opponent.control == "ai":
        run.opponent_spec = AgentSpec(run.game_id, session.opponent_seat, opponent.ai, session.seed, level.rules.lanes)
    else:
        from ai.levels.opponents import make_opponent

        run.agent = make_opponent(session)


def open_level(run) -> tuple[str, dict]:
    """The draft while the level's draft goes on, else the duel."""
    if run.session.phase == "draft":
        return "draft", {"match": LevelDraftMatch(run)}
    return "duel", {"match": LevelCardMatch(run)}
