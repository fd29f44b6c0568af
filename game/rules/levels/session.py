"""LevelSession: one attempt at a level, the rules layer the client (and the headless tools)
drive. No pygame, no AI: an opponent is any agent of the one interface (`act(observation,
budget_ms) -> Decision`, game/rules/game_api.py), made by `ai.levels.opponents.make_opponent(session)`.

Life of a session::

    level = load_level("c1_first_spark")              # game.rules.levels.load_level: path or campaign id
    session = LevelSession.create(level, seed=1234)    # CardSession, GomokuSession or SkirmishSession
    events = session.start()                           # the opening events (cards: draws, turn 1)
    session.dialogue()                                 # lines due now: story.before first
    while not session.over:
        if session.phase == "draft":                   # cards, draft decks only
            seat = session.drafting_seats()[0]
            offer = session.draft_offer(seat)          # 3 cards
            session.draft_pick(seat, index)            # returns the opening events once all picks are in
        elif session.is_player_turn:
            session.legal_actions()                    # engine actions (cards) / (x, y) points (gomoku)
            events = session.apply(action)             # the human's action: Action, its text, or (x, y)
        else:
            session.run_turn(agent, budget_ms)         # the opponent's whole turn in-process, or with a worker:
            # decision = worker: agent.act(session.observation(seat), budget_ms)
            # session.apply(decision.action), until is_player_turn
        session.dialogue()                             # scripted lines said by that action
        session.objectives()                           # [ObjectiveStatus(text, required, state, detail)]
    session.result                                     # LevelResult(won, stars, turns, objectives, reason)
    session.dialogue()                                 # story.after or story.after_loss

Shared attributes: `kind` ("cards"/"gomoku"), `level`, `seed`, `phase` ("draft", "play",
"over"), `over`, `result`, `player_seat` / `opponent_seat` (cards: engine seats; gomoku: the
colours BLACK=1 / WHITE=2), `current_seat`, `is_player_turn`, `warnings` (a scripted action
skipped, an event that could not fire), `actions` (every action so far as text, both sides).

Cards (`CardSession`): `battle` (game.rules.cards.Battle), `labels` (label -> instance id),
`card_pool` (what the AIs may assume decks are made of), `observation(seat)`; `apply` returns
the engine's events plus the level's own ("summon" and "give" from scripted events). The
opponent: `make_opponent(session)` (ai.levels.opponents) gives a ready agent: a scripted one is
instant and can run in-process; an AI one is the registry's `level.opponent.ai` for seat
`opponent_seat` with `level.opponent.budget_ms` per turn, which a worker process can run.
Gomoku (`GomokuSession`): `state` (GomokuState); `apply` returns the state's events.
Skirmish (`SkirmishSession`, game/rules/levels/skirmish_session.py): `state` (SkirmishState), seats
are teams (the player's is 0); `apply` takes a skirmish Action or its text.

Saves: `save_data()` is a JSON-ready dict (level id, digest, seed, actions) up to the last moment
the player was to act (an opponent's unfinished turn is played again on resume);
`LevelSession.resume(level, data)` replays it exactly. game/rules/saves/progress.py stores it.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any
from game.rules.cards.actions import Action, parse_action
from game.rules.cards.battle import Battle, IllegalAction
from game.rules.cards.decisions import remaining_budget
from game.rules.events import Event
from game.rules.gomoku import BLACK, WHITE, GomokuState, Rule, format_move, parse_move
from game.rules.gomoku.game import GomokuGame
from game.rules.levels.model import CardLevel, GomokuLevel, Line
from game.rules.levels.build import CardSetup
from game.rules.levels.modifiers import blocked_points
from game.rules.gomoku.rules import WALL
from game.rules.levels.scripted_events import EventRunner
from game.rules.levels.objectives import GomokuObjectiveTracker, ObjectiveStatus, ObjectiveTracker, _Tracker


class LevelOver(RuntimeError):
    """An action after the level ended."""


class ResumeError(ValueError):
    """A saved game that does not replay on this level (the message says why)."""


@dataclass(frozen=True)
class LevelResult:
    won: bool
    stars: int  # 1 for a win plus one per bonus objective met (max 3); 0 for a loss
    turns: int  # the player's own turns (cards) or moves (gomoku)
    objectives: list[ObjectiveStatus]
    reason: str  # a sentence for the result screen


def level_digest(level) -> str:
    """A short hash of the level's content (saves note which version of a level they are of).
    Fields left at their defaults are not hashed, so a new optional field in the level format
    does not make every stored measurement and save look like one of a changed level. A copy
    shown in the player's language (game/rules/levels/translations.py) hashes as its English."""
    from game.rules.levels.translations import source_digest

    english = source_digest(level)
    if english is not None:
        return english
    return hashlib.sha256(level.model_dump_json(by_alias=True, exclude_defaults=True).encode()).hexdigest()[:16]


class LevelSession:
    kind = ""
    player_seat: int  # set by each game kind (class or __init__)
    opponent_seat: int

    def __init__(self, level, seed: int = 0):
        self.level = level
        self.seed = int(seed)
        self.phase = "new"
        self.result: LevelResult | None = None
        self.warnings: list[str] = []
        self.thoughts: dict[int, dict] = {}  # action index -> the AI's Explanation.to_json() (replays)
        self.actions: list[str] = []
        self._checkpoint = 0
        self._lines: list[Line] = []
        self.tracker: _Tracker | None = None  # each game kind's own tracker (cards: once the battle begins)

    @staticmethod
    def create(level, seed: int = 0, deck: list[int] | None = None) -> "LevelSession":
        """A fresh session for `level` (of any game kind: the registry names its session type);
        call start() next. `deck`: the cards the player brings to a card level whose player deck
        is "player" (None: the level's suggested deck)."""
        from game.rules.registry import UnknownGame, kind_of_level

        try:
            session_type = kind_of_level(level).level_session_class()
        except UnknownGame:
            session_type = None
        if session_type is None:
            raise TypeError(f"not a level: {type(level).__name__}")
        if deck is not None:  # only a card level takes one
            return session_type(level, seed, deck=deck)
        return session_type(level, seed)

    def _took(self, decision) -> None:
        """Keep what an agent's decision, just played, says beside its action: its warnings, and
        its explanation for the replay (`thoughts`, by the action's index)."""
        self.warnings += decision.warnings
        if decision.explanation is not None:
            self.thoughts[len(self.actions) - 1] = decision.explanation.to_json()

    @staticmethod
    def piece_names(level) -> dict[str, str]:
        """The names of `level`'s labelled pieces (label -> name) for its objectives' sentences;
        the games whose objectives name labelled pieces (cards, heroes) say how."""
        return {}

    @classmethod
    def resume(cls, level, data: dict) -> "LevelSession":
        """Replay a saved game (from save_data()) on `level`; raises ResumeError when it does not fit."""
        if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
            raise ResumeError("the save has no list of actions")
        if data.get("level") != level.id:
            raise ResumeError(f"the save is of level {data.get('level')!r}, not {level.id!r}")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ResumeError("the save has no seed")
        deck = data.get("deck")  # the deck the player brought (a "player" deck level)
        if deck is not None and not (isinstance(deck, list) and all(type(card) is int for card in deck)):
            raise ResumeError("the save's deck is not a list of card ids")
        try:
            session = LevelSession.create(level, seed, deck)
        except ValueError as error:  # a deck card the level no longer has
            raise ResumeError(str(error)) from None
        session.start()
        for number, text in enumerate(data["actions"], 1):
            if not isinstance(text, str):
                raise ResumeError(f"action {number} is not text: {text!r}")
            if session.over:
                raise ResumeError(f"the level ended before action {number} ({text!r})")
            try:
                session.replay(text)
            except (ValueError, IllegalAction, LevelOver) as error:  # skirmish's IllegalAction is a ValueError
                changed = " (the level has changed since the save)" if data.get("digest") != level_digest(level) else ""
                raise ResumeError(f"action {number} ({text!r}) does not replay: {error}{changed}") from None
        session._lines.clear()  # what was said is history; a resumed game shows no old lines
        return session

    # ------------------------------------------------- what each game kind's session provides

    def start(self) -> list:
        raise NotImplementedError

    def replay(self, text: str) -> None:
        """Play one saved action (from `actions`) again."""
        raise NotImplementedError

    def saved_action(self, text: str) -> Any:
        """The game's action written as `text` in `actions` (ValueError when it is not one)."""
        raise NotImplementedError

    @property
    def game_state(self) -> Any:
        """The game's state being played (a GameState); None before it exists (a card level's draft)."""
        raise NotImplementedError

    def describe_saved(self, text: str) -> str:
        """A saved action (from `actions`) in a player's words, before it is played; the text
        itself when it is no action of the board (a card level's draft pick)."""
        from game.rules.registry import game_kind

        state = self.game_state
        if state is None:
            return text
        try:
            return game_kind(self.kind).describe_action(state, self.saved_action(text))
        except (ValueError, IndexError, KeyError):
            return text

    @property
    def current_seat(self) -> int | None:
        raise NotImplementedError

    def player_turns(self) -> int:
        raise NotImplementedError

    # ------------------------------------------------------------------------------ common

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def is_player_turn(self) -> bool:
        return self.phase == "play" and self.current_seat == self.player_seat

    def dialogue(self) -> list[Line]:
        """The lines due now (story before the level, lines said by events, story after); each once."""
        lines, self._lines = self._lines, []
        return lines

    def objectives(self) -> list[ObjectiveStatus]:
        return self.tracker.status() if self.tracker is not None else []

    def save_data(self) -> dict:
        return {
            "level": self.level.id,
            "digest": level_digest(self.level),
            "seed": self.seed,
            "actions": self.actions[: self._checkpoint],
        }

    def _mark_checkpoint(self, actor) -> None:
        """Saves keep every action up to the player's last one, or the end of the opponent's
        last whole turn: not the start of a turn the opponent is still playing."""
        if self.over or actor == self.player_seat or self.current_seat == self.player_seat:
            self._checkpoint = len(self.actions)

    def _finish(self, outcome: str, reason: str) -> None:
        won = outcome == "won"
        # every kind sets its tracker before anything can end the level (its outcome is what does)
        assert self.tracker is not None
        self.phase = "over"
        self.result = LevelResult(won, self.tracker.stars if won else 0, self.player_turns(), self.objectives(), reason)
        story = self.level.story
        self._lines += story.after if won else story.after_loss
        self._checkpoint = len(self.actions)


class CardSession(LevelSession):
    kind = "cards"
    level: CardLevel
    tracker: ObjectiveTracker | None  # None until the battle begins (after the draft)

    @staticmethod
    def piece_names(level) -> dict[str, str]:
        return CardSetup(level).label_names

    def __init__(self, level: CardLevel, seed: int = 0, deck: list[int] | None = None):
        super().__init__(level, seed)
        self.deck = list(deck) if deck is not None else None  # the player's own deck, saved with the game
        if self.deck is not None:  # a deck from a save may be of another version of the level
            from game.rules.levels.build import level_cardset
            from game.rules.levels.player_deck import deck_problems

            problems = deck_problems(level, self.deck, level_cardset(level))
            if problems:
                raise ValueError(f"the deck is not legal for this level: {problems[0]}")
        self.setup = CardSetup(level, seed, player_cards=self.deck)
        self.player_seat = self.setup.player_seat
        self.opponent_seat = 1 - self.player_seat
        self.battle: Battle | None = None
        self.labels: dict[str, int] = self.setup.labels
        self.runner: EventRunner | None = None
        self.card_pool = self.setup.card_pool()

    @property
    def current_seat(self) -> int | None:
        return self.battle.current if self.battle is not None else None

    def save_data(self) -> dict:
        data = super().save_data()
        if self.deck is not None:
            data["deck"] = list(self.deck)
        return data

    def player_turns(self) -> int:
        """The player's own turns played in the level (those before a late start not counted)."""
        if self.battle is None:
            return 0
        return self.battle.sides[self.player_seat].turns - self.level.turns_before

    def start(self) -> list[Event]:
        if self.phase != "new":
            raise RuntimeError("the session has already started")
        self._lines += self.level.story.before
        if self.setup.drafting_seats():
            self.phase = "draft"
            return []
        return self._begin_battle()

    # -------------------------------------------------------------------------- draft

    def drafting_seats(self) -> list[int]:
        return self.setup.drafting_seats() if self.phase == "draft" else []

    def draft_offer(self, seat: int):
        return self.setup.draft_offer(seat)

    def draft_picked(self, seat: int):
        return self.setup.draft_picked(seat)

    def draft_pick(self, seat: int, index: int) -> list[Event]:
        """`seat` takes card `index` of its offer; once every pick is in, the battle starts and
        its opening events are returned."""
        if seat not in self.drafting_seats():
            raise IllegalAction(f"seat {seat} has no pick to make")
        self.setup.draft_pick(seat, index)
        self.actions.append(f"PICK {seat} {index}")
        self._checkpoint = len(self.actions)
        if not self.setup.drafting_seats():
            return self._begin_battle()
        return []

    # -------------------------------------------------------------------------- battle

    def _begin_battle(self) -> list[Event]:
        battle, events, waiting = self.setup.build()
        self.battle = battle
        self.runner = EventRunner(self.level, self.player_seat, self.labels, waiting)
        self.tracker = ObjectiveTracker(
            self.level.objectives, self.player_seat, self.labels, self.setup.label_names, self.level.turns_before
        )
        self.phase = "play"
        return self._after(events, None)

    def _battle(self) -> Battle:
        """The battle; IllegalAction before it has begun (during the draft)."""
        if self.battle is None:
            raise IllegalAction("the battle has not started (draft first)")
        return self.battle

    def _after(self, events: list[Event], actor: int | None) -> list[Event]:
        # _begin_battle sets all three before its _after; apply's come later (phase "play")
        assert self.battle is not None and self.runner is not None and self.tracker is not None
        added, lines, warnings = self.runner.update(events, self.battle)
        self._lines += lines
        self.warnings += warnings
        events = events + added
        self.tracker.update(events, self.battle)
        if self.tracker.outcome is not None:  # a finished duel always settles the objectives
            self._finish(self.tracker.outcome, self.tracker.reason)
        self._mark_checkpoint(actor)
        return events

    def legal_actions(self) -> list[Action]:
        return self.battle.legal_actions() if self.phase == "play" and self.battle is not None else []

    def observation(self, seat: int | None = None):
        """What `seat` (default: the side to act) may see, with the level's card pool."""
        battle = self._battle()
        seat = battle.current if seat is None else seat
        return battle.observation(seat, self.card_pool)

    def apply(self, action: Action | str) -> list[Event]:
        """Play an action for the side to act (the human's, or the opponent agent's); raises
        IllegalAction with the engine's reason, LevelOver after the end."""
        if self.over:
            raise LevelOver("the level is over")
        if self.phase != "play":
            raise IllegalAction("the battle has not started (draft first)")
        if isinstance(action, str):
            action = self.saved_action(action)
        battle = self._battle()
        actor = battle.current
        events = battle.apply(action)
        self.actions.append(action.text(battle.lanes))
        return self._after(events, actor)

    def saved_action(self, text: str) -> Action:
        return parse_action(text)

    @property
    def game_state(self) -> Battle | None:
        return self.battle

    def replay(self, text: str) -> None:
        if text.startswith("PICK "):
            _, seat, index = text.split()
            self.draft_pick(int(seat), int(index))
        else:
            self.apply(text)

    def run_turn(self, agent, budget_ms: float) -> list[tuple[Action, list[Event]]]:
        """Let `agent` play the current side's whole turn (headless play, simulations, tests), one
        action per `agent.act(observation, budget_ms) -> Decision` (game/rules/game_api.py; the
        card AIs answer through ai.agents.CardTurnAgent, which keeps the rest of its planned turn).
        Each act gets what is left of the turn's budget; a decision's warnings (a scripted action
        skipped) are added to `self.warnings`. An illegal action raises IllegalAction (a bug in
        the agent). Returns [(action, events)]."""
        battle = self._battle()
        seat = battle.current
        played: list[tuple[Action, list[Event]]] = []
        started = time.perf_counter()
        while not self.over and battle.current == seat:
            remaining = remaining_budget(budget_ms, (time.perf_counter() - started) * 1000)
            decision = agent.act(self.observation(seat), remaining)
            played.append((decision.action, self.apply(decision.action)))
            self._took(decision)
        return played

    def run_draft(self, seat: int, agent) -> None:
        """Make all of `seat`'s remaining picks with `agent.draft_pick(offer, picked, pick)`."""
        while seat in self.drafting_seats():
            picked = self.setup.draft_picked(seat)
            self.draft_pick(seat, agent.draft_pick(self.draft_offer(seat), picked, len(picked)))


class BoardSession(LevelSession):
    """What the board games' sessions share (gomoku here, Connect Four in game/rules/connect4/):
    a `state` whose `current_player` is the seat to move, a tracker counting each side's moves
    from the level's opening, and the level's lines said after the player's N-th move."""

    state: Any
    tracker: Any
    _said: list[bool]

    @property
    def current_seat(self) -> int:
        return self.state.current_player

    @property
    def game_state(self) -> Any:
        return self.state

    def player_turns(self) -> int:
        return self.tracker.moves_of(self.state, self.player_seat)

    def start(self) -> list:
        if self.phase != "new":
            raise RuntimeError("the session has already started")
        self._lines += self.level.story.before
        self.phase = "play"
        self._after([], None)
        return []

    def replay(self, text: str) -> None:
        self.apply(text)

    def apply(self, action) -> list:
        raise NotImplementedError

    def _after(self, events: list, actor: int | None) -> list:
        moves = self.player_turns()
        for index, event in enumerate(self.level.events):
            if not self._said[index] and moves >= event.after_move and self.state.current_player != self.player_seat:
                self._said[index] = True
                self._lines.append(event.say)
        self.tracker.update(events, self.state)
        if self.tracker.outcome is not None:
            self._finish(self.tracker.outcome, self.tracker.reason)
        self._mark_checkpoint(actor)
        return events


class GomokuSession(BoardSession):
    kind = "gomoku"
    level: GomokuLevel
    tracker: GomokuObjectiveTracker

    def __init__(self, level: GomokuLevel, seed: int = 0):
        super().__init__(level, seed)
        opening = level.opening
        black = [parse_move(s, level.size) for s in opening.black]
        white = [parse_move(s, level.size) for s in opening.white]
        blocked = blocked_points(level.twist, level.size)  # the twist's sealed points (modifiers.py)
        self.state = GomokuState.from_stones(black, white, level.size, Rule[level.rule.upper()], blocked)
        to_move = self.state.current_player
        self.player_seat = to_move if level.first == "player" else (WHITE if to_move == BLACK else BLACK)
        self.opponent_seat = WHITE if self.player_seat == BLACK else BLACK
        self.tracker = GomokuObjectiveTracker(level.objectives, self.player_seat, len(self.state.moves))
        self._said = [False] * len(level.events)

    def legal_actions(self) -> list[tuple[int, int]]:
        return self.state.legal_actions() if self.phase == "play" else []

    def saved_action(self, text: str) -> tuple[int, int]:
        return parse_move(text, self.state.size)

    @property
    def game_state(self) -> GomokuGame:
        return GomokuGame(self.state)  # the registry's shape over the session's board

    def observation(self, seat: int | None = None) -> GomokuState:
        return self.state.clone()

    def apply(self, action: tuple[int, int] | str) -> list[tuple]:
        if self.over:
            raise LevelOver("the level is over")
        if isinstance(action, str):
            action = self.saved_action(action)
        x, y = action
        if not self.state.is_legal(x, y):
            reason = (
                "blocked"
                if self.state.on_board(x, y) and self.state.at(x, y) == WALL
                else "occupied"
                if self.state.on_board(x, y) and self.state.at(x, y)
                else "off the board"
                if not self.state.on_board(x, y)
                else "forbidden for black (renju)"
            )
            raise IllegalAction(f"{x},{y} is {reason}")
        player = self.state.current_player
        events = self.state.apply((x, y))
        self.actions.append(format_move((x, y)))
        return self._after(events, player)

    def run_turn(self, agent, budget_ms: float) -> list[tuple[tuple[int, int], list]]:
        """Let `agent` (e.g. ai.levels.opponents.GomokuLevelAgent) play one move: its
        `act(state copy, budget_ms).action` is the point. Returns [(move, events)]."""
        decision = agent.act(self.observation(), budget_ms)
        move = (decision.action[0], decision.action[1])
        played = [(move, self.apply(move))]
        self._took(decision)
        return played
