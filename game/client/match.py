"""What a quick match is (the choices made on the setup screen), how one starts, and the match
objects the draft, duel and gomoku scenes play (see "matches" below)."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, replace

from game.rules.gomoku import Rule


@dataclass(frozen=True)
class MatchSetup:
    game: str = "cards"  # "cards" | "gomoku" | "skirmish"
    opponent: str = "ai"  # "ai" | "hotseat" | "watch" (AI vs AI)
    difficulty: str = "easy"  # card agent name, gomoku level or skirmish AI
    lanes: int = 1
    draft: str = "draft"  # "draft": the player picks; "auto": the AI drafts for the player
    human_seat: int = 0  # cards: 0 plays first; gomoku: 0 plays black
    rule: int = int(Rule.FREESTYLE)
    size: int = 15
    seed: int = 0
    heroes: tuple = ()  # skirmish: the first team's three class ids, "" for a random one (() all random)
    arena: str = ""  # skirmish: the map id ("" random)

    def again(self) -> "MatchSetup":
        """The same match with a fresh seed (rematch)."""
        return replace(self, seed=random.randrange(1 << 30))

    def controllers(self) -> tuple[str, str]:
        """Who plays each seat: "human" or "ai"."""
        if self.opponent == "hotseat":
            return ("human", "human")
        if self.opponent == "watch":
            return ("ai", "ai")
        return ("human", "ai") if self.human_seat == 0 else ("ai", "human")


def seat_label(setup: MatchSetup, seat: int) -> str:
    """How the scenes name a seat of a quick match: "You", the AI's character, or "Player 1"."""
    from game.client.portraits import opponent_character

    if setup.opponent == "hotseat":
        return f"Player {seat + 1}"
    if setup.controllers()[seat] == "human":
        return "You"
    name = (
        SKIRMISH_OPPONENTS.get(setup.difficulty, ("The Duelmind", ""))[0]
        if setup.game == "skirmish"
        else opponent_character(setup.game, setup.difficulty)[0]
    )
    return f"{name} ({seat + 1})" if setup.opponent == "watch" else name


def seat_portrait(setup: MatchSetup, seat: int, player_portrait: str) -> str:
    """The portrait name of a quick match's seat (people: the one chosen in Settings; in hot-seat,
    player 2 gets the first player portrait that is not player 1's, so the two faces differ)."""
    from game.client.portraits import opponent_character
    from game.client.settings import PLAYER_PORTRAITS

    if setup.controllers()[seat] == "human":
        if setup.opponent == "hotseat" and seat == 1:
            return next(name for name in PLAYER_PORTRAITS if name != player_portrait)
        return player_portrait
    if setup.game == "skirmish":
        return SKIRMISH_OPPONENTS.get(setup.difficulty, ("", "duelmind"))[1]
    return opponent_character(setup.game, setup.difficulty)[1]


# Quick skirmishes: who commands the other team at each AI level (name, portrait).
SKIRMISH_OPPONENTS = {
    "random": ("Pip", "pip"),
    "easy": ("Corin Ashdown", "corin"),
    "greedy": ("Captain Voss", "voss"),
    "medium": ("Sister Maren", "maren"),
    "hard": ("Lord Halvek", "halvek"),
}


def new_game_id() -> str:
    return uuid.uuid4().hex


def start_match(app, setup: MatchSetup, replace_top: bool = False) -> None:
    """Open the first screen of a match (the draft for cards, the board for gomoku)."""
    if setup.game == "gomoku":
        name, options = "gomoku", {"match": GomokuMatch(setup)}
    elif setup.game == "skirmish":
        name, options = "skirmish", {"match": SkirmishMatch(setup)}
    elif setup.game != "cards":  # any other game: the scene its front end registered plays the setup
        from game.rules.registry import game_kind

        name, options = game_kind(setup.game).client_scene or "error", {"setup": setup}
    else:
        from game.client.card_pool import CardPoolError

        try:
            pool = app.card_pool_loader()
        except CardPoolError as error:
            name, options = "error", {"title": "No cards to play with", "message": str(error)}
        else:
            name, options = "draft", {"match": DraftMatch(app, setup, pool.cards)}
    (app.replace if replace_top else app.push)(name, **options)


# ------------------------------------------------------------------------------ matches
#
# A scene plays a match; it never knows whether that is a quick match or a campaign level. A
# match is the rules (legal actions, apply -> events, over/winner), who plays each seat (people,
# the worker pool's AIs, or an agent that decides in-process), the AI's budget, and the hooks a
# level fills in (the objectives HUD, what happens after an action and at the end, rematch,
# pause). Campaign levels are the subclasses in game/client/level_match.py.


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

    def open_pause(self, scene) -> None:
        scene.app.push("pause")


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
        return self.battle.apply(action)

    def observation(self, seat: int):
        return self.battle.observation(seat, self.card_pool)

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
        """An agent that decides in-process for `seat` (a level's scripted opponent), or None."""
        return None

    # what a level changes
    def opening_log(self) -> list[str]:
        return ["The duel begins"]

    def after_action(self, scene) -> None:
        """After every action of either side (levels: objectives, story lines, saves)."""

    def finish(self, scene) -> None:
        """The game is over: show the result."""
        winner = self.winner
        label = self.seat_label(winner)
        if self.setup.opponent in ("hotseat", "watch"):
            headline, good = f"{label} wins!", None
        elif label == "You":
            headline, good = "Victory!", True
        else:
            headline, good = "Defeat", False
        battle = self.battle
        turns = f"{battle.turn} turn{'s' if battle.turn != 1 else ''}"
        detail = f"after {turns}  ·  health {battle.sides[0].health} - {battle.sides[1].health}"
        scene.end_game()
        # The face shown: the winner's, or yours when you lost (the loser's face tells a defeat).
        shown = winner if good is not False else 1 - winner
        scene.app.push(
            "result",
            headline=headline,
            detail=detail,
            good=good,
            on_rematch=lambda: self.rematch(scene.app),
            face=(self.seat_portrait(shown, scene.app), self.seat_label(shown)),
        )

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, scene) -> None:
        scene.app.push("pause", on_quit=scene.end_game)


class GomokuMatch:
    """A gomoku game as the gomoku scene plays it (a quick match; levels: LevelGomokuMatch)."""

    kind = "gomoku"
    hud = None
    toast = None
    level_run = None
    title = "Gomoku"
    move_hint = "Click or arrows + Enter to play; U undoes"
    can_undo = True

    def __init__(self, setup: MatchSetup, state=None):
        from game.rules.gomoku import GomokuState, Rule

        self.setup = setup
        self.state = state if state is not None else GomokuState(setup.size, Rule(setup.rule))
        self.controllers = setup.controllers()  # seat 0 = black, 1 = white
        self.hotseat = self.controllers == ("human", "human")
        self.difficulty = setup.difficulty
        self.seed = setup.seed

    # the rules
    def is_legal(self, move) -> bool:
        return self.state.is_legal(*move)

    def apply(self, move) -> list:
        return self.state.apply(move)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self):
        return self.state.winner

    # the players
    @staticmethod
    def seat_of(colour: int) -> int:
        from game.rules.gomoku import BLACK

        return 0 if colour == BLACK else 1

    def label(self, colour: int) -> str:
        from game.rules.gomoku import BLACK

        name = "Black" if colour == BLACK else "White"
        seat = self.seat_of(colour)
        if self.hotseat:
            return f"{name} (player {seat + 1})"
        return f"{name} ({'you' if self.controllers[seat] == 'human' else seat_label(self.setup, seat)})"

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    def ai_budget_ms(self, app) -> float:
        return float(app.think_ms)

    # what a level changes
    def buttons(self, scene) -> list[tuple[str, object]]:
        """The buttons under the move list: (label, what a click does)."""
        return [("Undo", scene.undo), ("New game", lambda: self.rematch(scene.app)), ("Menu", scene.open_pause)]

    def after_action(self, scene) -> None:
        """After every move of either side (levels: objectives, story lines, saves)."""

    def finish(self, scene) -> None:
        from game.rules.gomoku import BLACK, DRAW, WHITE

        state = self.state
        moves = len(state.moves)
        face = None
        if state.winner == DRAW:
            headline, good, detail = "Draw", None, f"after {moves} move{'s' if moves != 1 else ''}"
        else:
            how = "five in a row" if state.winning_line else f"foul: {state.foul}"
            detail = f"{how} after {moves} move{'s' if moves != 1 else ''}"
            if self.hotseat:
                headline, good = f"{'Black' if state.winner == BLACK else 'White'} wins!", None
            elif self.controllers[self.seat_of(state.winner)] == "human":
                headline, good = "Victory!", True
            else:
                headline, good = "Defeat", False
            shown = self.seat_of(state.winner) if good is not False else 1 - self.seat_of(state.winner)
            face = (self.seat_portrait(shown, scene.app), self.label(BLACK if shown == 0 else WHITE))
        scene.app.push(
            "result", headline=headline, detail=detail, good=good, on_rematch=lambda: self.rematch(scene.app), face=face
        )

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, scene) -> None:
        scene.app.push("pause")


class SkirmishMatch:
    """A skirmish as the skirmish scene plays it (a quick match; levels: LevelSkirmishMatch).

    Seat = team: 0 is the first team (yours against the AI), 1 the other. The AI seats are
    played by the worker pool ("skirmish_act"), one action per request."""

    kind = "skirmish"
    hud = None
    toast = None
    level_run = None
    title = "Skirmish"

    def __init__(self, setup: MatchSetup, state=None):
        from game.client.ai_worker import AgentSpec
        from game.rules.skirmish.state import SkirmishState

        self.setup = setup
        self.controllers = setup.controllers()
        self.hotseat = self.controllers == ("human", "human")
        self.game_id = new_game_id()
        rng = random.Random(setup.seed)
        if state is None:
            roster = skirmish_roster()
            arena = setup.arena if setup.arena in roster.arenas else rng.choice(sorted(roster.arenas))
            classes = sorted(roster.classes)
            picked = list(setup.heroes) + [""] * (3 - len(setup.heroes))
            first = [cls if cls in roster.classes else rng.choice(classes) for cls in picked[:3]]
            second = rng.sample(classes, 3)
            state = SkirmishState(roster, arena, [first, second], setup.seed)
        self.state = state
        self.specs = {
            seat: AgentSpec(self.game_id, seat, setup.difficulty, rng.randrange(1 << 30), 0)
            for seat, who in enumerate(self.controllers)
            if who == "ai"
        }

    # the rules
    def legal_actions(self) -> list:
        return self.state.legal_actions()

    def apply(self, action) -> list:
        return self.state.apply(action)

    def observation(self, seat: int):
        return self.state.observation(seat)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    # the players
    def seat_label(self, seat: int) -> str:
        return seat_label(self.setup, seat)

    def seat_portrait(self, seat: int, app) -> str:
        return seat_portrait(self.setup, seat, app.settings.portrait)

    def ai_budget_ms(self, app) -> float:
        """Per decision (a hero's turn is a few): the Settings' thinking time, at most 400 ms."""
        return float(min(app.think_ms, 400))

    # what a level changes
    def opening_log(self) -> list[str]:
        return [f"{self.state.arena.name}: {self.seat_label(0)} against {self.seat_label(1)}"]

    def after_action(self, scene) -> None:
        """After every action of either side (levels: objectives, story lines, saves)."""

    def finish(self, scene) -> None:
        from game.rules.skirmish.state import DRAW

        state = self.state
        rounds = f"after {state.round} round{'s' if state.round != 1 else ''}"
        standing = [len(state.team(team)) for team in (0, 1)]
        detail = f"{rounds}  ·  heroes standing {standing[0]} - {standing[1]}"
        face = None
        if state.winner == DRAW:
            headline, good = "Draw", None
        else:
            label = self.seat_label(state.winner)
            if self.setup.opponent in ("hotseat", "watch"):
                headline, good = f"{label} wins!", None
            elif self.controllers[state.winner] == "human":
                headline, good = "Victory!", True
            else:
                headline, good = "Defeat", False
            shown = state.winner if good is not False else 1 - state.winner
            face = (self.seat_portrait(shown, scene.app), self.seat_label(shown))
        scene.end_game()
        scene.app.push(
            "result", headline=headline, detail=detail, good=good, on_rematch=lambda: self.rematch(scene.app), face=face
        )

    def rematch(self, app) -> None:
        app.reset("title")
        start_match(app, self.setup.again())

    def open_pause(self, scene) -> None:
        scene.app.push("pause", on_quit=scene.end_game)


_ROSTER: list = []


def skirmish_roster():
    """levels/skirmish, loaded once per process."""
    if not _ROSTER:
        from game.rules.skirmish.data import load_roster

        _ROSTER.append(load_roster())
    return _ROSTER[0]
