"""The matches the draft and duel scenes play: a quick match's draft (`DraftMatch`) and duel
(`CardMatch`); campaign levels subclass them in `game/client/cards/level_match.py`."""

from __future__ import annotations

import random

from game.client import replay_recorder
from game.client.match import MatchSetup, new_game_id, seat_label, seat_portrait, start_match, versus_sentence
from game.i18n import N_, _, pgettext


# Quick matches: who plays at each difficulty (name, portrait).
OPPONENTS = {
    "random": ("Pip", "pip"),
    "easy": ("Corin Ashdown", "corin"),
    "medium": ("Sister Maren", "maren"),
    "hard": ("Lord Halvek", "halvek"),
}


def open_quick_match(app, setup: MatchSetup) -> tuple[str, dict]:
    """A quick card match starts with the draft (or a message when there are no cards)."""
    from game.client.cards.card_pool import CardPoolError

    try:
        pool = app.card_pool_loader()
    except CardPoolError as error:
        return "error", {"title": _("No cards to play with"), "message": str(error)}
    return "draft", {"match": DraftMatch(app, setup, pool.cards)}


class DraftMatch:
    """The draft of a quick card match: one Draft shared by both seats; AI seats (and a person
    who let the AI draft for them) pick through the worker pool."""

    level_run = None

    def __init__(self, app, setup: MatchSetup, pool):
        from game.client.ai_worker import AgentSpec, card_agent_names
        from game.rules.cards.draft import Draft

        self.app = app
        self.setup = setup
        self.rng = random.Random(setup.seed)
        self.draft = Draft(pool, self.rng)
        self.game_id = new_game_id()
        self.hotseat = setup.opponent == "hotseat"
        strongest = card_agent_names()[-1]
        self.specs: dict = {}  # seats the worker plays in the battle
        self.drafters: dict = {}  # seats whose picks the worker makes
        for seat, who in enumerate(setup.controllers()):
            seed = self.rng.randrange(1 << 30)
            if who == "ai":
                spec = AgentSpec(self.game_id, seat, setup.difficulty, seed, setup.lanes)
                self.specs[seat] = self.drafters[seat] = spec
            elif setup.draft == "auto":
                self.drafters[seat] = AgentSpec(self.game_id, seat, strongest, seed, setup.lanes)
        self.human_seats = [
            seat for seat, who in enumerate(setup.controllers()) if who == "human" and seat not in self.drafters
        ]

    def seat_label(self, seat: int) -> str:
        return seat_label(self.setup, seat)

    def offer(self, seat: int):
        picks = len(self.draft.picks[seat])
        return self.draft.offers[min(picks, len(self.draft.offers) - 1)]

    def picked(self, seat: int) -> list:
        return list(self.draft.picks[seat])

    def picks_left(self, seat: int) -> int:
        return len(self.draft.offers) - len(self.draft.picks[seat])

    def choose(self, seat: int, index: int) -> None:
        self.draft.choose(seat, index)

    def local_pick(self, seat: int) -> bool:
        """Make `seat`'s picks in-process if an agent here drafts for it (levels); False otherwise."""
        return False

    @property
    def complete(self) -> bool:
        return self.draft.is_complete

    def to_duel(self, app) -> None:
        """The draft is over: the duel replaces the draft screen."""
        from game.rules.cards.battle import Battle

        battle = Battle.from_decks(self.draft.decks(self.rng), self.setup.lanes)
        app.replace("duel", match=CardMatch(self.setup, battle, self.draft.cards, self.game_id, self.specs))

    def open_pause(self, host) -> None:
        """The pause menu; `host` is a MatchHost (game/client/level_match.py)."""
        host.app.push("pause")


class CardMatch:
    """A card duel as the duel scene plays it (a quick match; levels: LevelCardMatch)."""

    kind = "cards"
    hud = None  # an object with update(dt) and draw(surface, rect), shown instead of the match info
    toast = None  # a short message over the board (levels)
    level_run = None  # the campaign level played, for F5

    def __init__(self, setup: MatchSetup, battle, card_pool, game_id: str, specs: dict):
        self.setup = setup
        self.battle = battle
        self.card_pool = list(card_pool)
        self.game_id = game_id
        self.specs = dict(specs)  # seat -> AgentSpec: the seats the worker pool plays
        self.controllers = setup.controllers()

    # the rules
    def legal_actions(self) -> list:
        return self.battle.legal_actions()

    def apply(self, action) -> list:
        events = self.battle.apply(action)
        replay_recorder.track(self, action)  # quick matches only: a level's session keeps its own
        return events

    def observation(self, seat: int):
        return self.battle.observation(seat, self.card_pool)

    def replay_setup(self) -> tuple[dict, int]:
        """The replay's setup and seed: both decks in draw order (the draft's picks, shuffled) and
        the battle's seed (`Battle.from_decks`' default, as `to_duel` starts it)."""
        decks = [[instance.card.base_id for instance in side.deck] for side in self.battle.sides]
        return {"lanes": self.battle.lanes, "cards": card_set_of(self.card_pool), "decks": decks}, 0

    @property
    def over(self) -> bool:
        return self.battle.winner is not None

    @property
    def winner(self) -> int | None:
        return self.battle.winner

    # the players
    def seat_label(self, seat: int) -> str:
        return seat_label(self.setup, seat)

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    def ai_budget_ms(self, app) -> float:
        return float(app.think_ms)

    def local_agent(self, seat: int):
        """An agent that acts in-process for `seat` (a level's scripted opponent), or None."""
        return None

    # what a level changes
    def opening_log(self) -> list[str]:
        return [N_("The duel begins")]  # translated where the log draws it

    def after_action(self, host) -> None:
        """After every action of either side (levels: objectives, story lines, saves). `host` is
        what the match may do to the screen (a MatchHost, game/client/level_match.py)."""
        replay_recorder.note_thought(self, host)

    def finish(self, host) -> None:
        """The game is over: show the result."""
        winner = self.winner
        label = self.seat_label(winner)
        if self.setup.opponent in ("hotseat", "watch"):
            words, good = N_("{player} wins!"), None
        elif label in ("You", _("You")):
            words, good = N_("Victory!"), True
        else:
            words, good = N_("Defeat"), False
        # The screen says it in the player's language; the replay file keeps the English.
        headline, english = _(words).format(player=label), words.format(player=label)
        battle = self.battle
        # The table's "Turn N" counts a round of both players' turns (duel_view.py); so does this.
        rounds = max(1, (battle.turn + 1) // 2)
        sentence = versus_sentence(good, label, self.seat_label(1 - winner), rounds, "turn")
        detail = _("Health at the end: {first} - {second}").format(
            first=battle.sides[0].health, second=battle.sides[1].health
        )
        host.end_game()
        replay = replay_recorder.finished(self, host.app, winner, replay_recorder.result_text(english, sentence))
        # The face shown: the winner's, or yours when you lost (the loser's face tells a defeat).
        shown = winner if good is not False else 1 - winner
        host.app.push(
            "result",
            headline=headline,
            detail=detail,
            good=good,
            on_rematch=lambda: self.rematch(host.app),
            face=(self.seat_portrait(shown, host.app), self.seat_label(shown)),
            sentence=sentence,
            replay=replay,
        )

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, host) -> None:
        host.app.push("pause", on_quit=lambda: (replay_recorder.keep_left(self, host.app), host.end_game()))


def card_set_of(cards) -> str:
    """Which of the rules' card sets `cards` come from ("duelmind", else "locm"): what a replay's
    setup names so that `new_state` finds the same cards by id."""
    from game.rules.cards.game import _pool

    own = {card.base_id: card for card in _pool("duelmind")}
    return "duelmind" if all(own.get(card.base_id) == card for card in cards) else "locm"


# ------------------------------------------------------------------ what the shared screens ask
# (through the card game's FrontEnd in game/client/front_ends.py)


def quick_match_options(vs_ai) -> list:
    """The card duel's own lines on the quick-match screen: seat, lanes and how the deck is made."""
    from game.client.match import QuickOption
    from game.client.widgets import OptionRow

    # The labels are relabelled where the quick match screen draws them; the values are worded
    # at draw time, so they follow a language switch.
    seat = OptionRow(
        N_("You play"), [0, 1], 0, lambda v: pgettext("plays", "First") if v == 0 else pgettext("plays", "Second")
    )
    seat.enabled = vs_ai
    lanes = OptionRow(N_("Lanes"), [1, 2], 0, lambda v: _("One lane") if v == 1 else _("Two lanes"))
    draft = OptionRow(
        N_("Deck"), ["draft", "auto"], 0, lambda v: _("Draft it yourself") if v == "draft" else _("AI drafts for me")
    )
    return [
        QuickOption("card_seat", "human_seat", seat),
        QuickOption("lanes", "lanes", lanes),
        QuickOption("draft", "draft", draft),
    ]


def level_text(level) -> str:
    """A few words for a card level ("Card puzzle", "Draft, then duel, two lanes", ...)."""
    from game.rules.levels import model as m

    one_turn = any(
        (o.kind == "win_within" and o.turns == 1) or (o.kind == "clear_board" and o.by_turn == 1)
        for o in level.objectives
    )
    if one_turn:
        return _("Card puzzle")
    two = level.rules.lanes == 2
    if isinstance(level.player.deck, m.DraftDeck):
        return _("Draft, then duel, two lanes") if two else _("Draft, then duel")
    if level.opponent.control == "scripted":
        return _("Scripted duel, two lanes") if two else _("Scripted duel")
    return _("Duel, two lanes") if two else _("Duel")


def objective_names(level) -> dict:
    """The names of the level's labelled cards, for the objectives' sentences ({} if it won't build)."""
    try:
        from game.rules.levels.build import CardSetup

        return CardSetup(level, 0).label_names
    except Exception:  # noqa: BLE001 - only the wording of keep_alive depends on it
        return {}


def draw_level_icon(surface, rect) -> None:
    """A card back: a card level on the campaign map (and the games without a picture of their own)."""
    from game.client.cards.card_back import render_back

    surface.blit(render_back(28), (rect.x + 1, rect.y))
