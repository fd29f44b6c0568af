"""The one interface every card AI implements, and the loop that plays a game with them.

An agent sees only an `Observation` (what its seat may see) plus a time budget, and answers
with a `Decision`: one or more actions to play in order, and optionally what it considered
(for the client's overlay and `--explain` logs). Agents are stateful within a game (they may
remember draft offers or keep a search tree between decisions of one turn); `new_game()`
resets them and must free whatever they kept.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from game.rules.cards.actions import END_TURN, Action
from game.rules.cards.battle import Battle, IllegalAction
from game.rules.cards.decisions import DecisionSteps, remaining_budget
from game.rules.cards.draft import Draft
from game.rules.cards.model import Card
from game.rules.cards.observation import Observation


@dataclass
class Decision:
    actions: list[Action]  # played in order; after them the agent is asked again unless the turn ended
    explanation: dict | None = None


class CardAgent:
    """Base class: subclasses override `decide` and usually `draft_pick`."""

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def new_game(self, seat: int, lanes: int) -> None:
        """Called before each game (before the draft)."""
        self.seat = seat
        self.lanes = lanes

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        """Which of the offered cards (index) to take; `picked` are this agent's earlier picks."""
        return 0

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        raise NotImplementedError


class DraftedBy(CardAgent):
    """`player` plays the battle, `drafter` picks the cards: to measure drafts alone (the same
    battle AI on both seats, two drafting policies). The player still sees every offer (an AI
    that remembers the draft for its inference keeps doing so); its own choice is ignored."""

    def __init__(self, player: CardAgent, drafter: CardAgent):
        super().__init__(None)
        self.player = player
        self.drafter = drafter
        self.name = f"{player.name}+{drafter.name}-draft"

    def new_game(self, seat: int, lanes: int) -> None:
        super().new_game(seat, lanes)
        self.player.new_game(seat, lanes)
        self.drafter.new_game(seat, lanes)

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        self.player.draft_pick(offer, picked, pick)
        return self.drafter.draft_pick(offer, picked, pick)

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        return self.player.decide(observation, budget_ms)


@dataclass
class TurnRecord:
    player: int
    actions: list[Action]
    seconds: list[float] = field(default_factory=list)  # time of each decide() call
    explanations: list[dict] = field(default_factory=list)
    replans: int = 0  # plans cut short because the rest had become illegal


def play_turn(
    battle: Battle,
    agent: CardAgent,
    budget_ms: float,
    card_pool: Sequence[Card] | None = None,
    on_decision: Callable[[Decision, float], None] | None = None,
) -> TurnRecord:
    """Let `agent` play the current player's whole turn on `battle` (mutated in place).

    The agent's budget is for the whole turn; each decide() call gets what is left of it (at
    least a small floor, so an agent always gets a moment to answer). The first action of each
    decision must be legal (else IllegalAction: a bug in the agent); a later one that has become
    illegal (random effects, a card drawn mid-turn) ends that plan and the agent is asked again."""
    player = battle.current
    record = TurnRecord(player, [])
    turn_started = time.perf_counter()
    while battle.winner is None and battle.current == player:
        remaining = remaining_budget(budget_ms, (time.perf_counter() - turn_started) * 1000)
        started = time.perf_counter()
        decision = agent.decide(battle.observation(player, card_pool), remaining)
        elapsed = time.perf_counter() - started
        record.seconds.append(elapsed)
        if decision.explanation is not None:
            record.explanations.append(decision.explanation)
        if on_decision is not None:
            on_decision(decision, elapsed)
        if not decision.actions:
            raise IllegalAction(f"{agent.name} returned no action")
        steps = DecisionSteps(battle, decision.actions)
        for action in steps:
            battle.apply(action)
            record.actions.append(action)
        record.replans += steps.replanned
    return record


@dataclass
class GameResult:
    winner: int  # seat 0 (first player) or 1
    turns: int
    decks: list[list[Card]]
    records: list[TurnRecord]


def start_game(
    agents: Sequence[CardAgent],
    pool: Sequence[Card],
    rng: random.Random,
    lanes: int = 1,
    decks: Sequence[Sequence[Card]] | None = None,
) -> tuple[Battle, Sequence[Sequence[Card]], Sequence[Card]]:
    """Tell the agents a game starts, let them draft (unless `decks` are given, in draw order) and
    build the battle: (battle, the decks, the cards the agents may know of: the draft's or the pool)."""
    for seat, agent in enumerate(agents):
        agent.new_game(seat, lanes)
    draft_cards: Sequence[Card] = pool
    if decks is None:
        draft = Draft(pool, rng)
        for pick, offer in enumerate(draft.offers):
            for seat in (0, 1):
                draft.choose(seat, agents[seat].draft_pick(offer, draft.picks[seat], pick))
        decks = draft.decks(rng)
        draft_cards = draft.cards
    battle = Battle.from_decks(decks, lanes, seed=rng.getrandbits(64))  # drives random card effects
    return battle, decks, draft_cards


def play_game(
    agents: Sequence[CardAgent],
    pool: Sequence[Card],
    rng: random.Random,
    lanes: int = 1,
    budget_ms: float = 100.0,
    decks: Sequence[Sequence[Card]] | None = None,
    max_turns: int = 400,
) -> GameResult:
    """A whole game in-process: draft (unless `decks` are given, in draw order), then the battle.
    agents[0] is the first player."""
    battle, decks, draft_cards = start_game(agents, pool, rng, lanes, decks)
    records = []
    while battle.winner is None:
        if battle.turn > max_turns:  # the rune rules end every game long before this
            raise RuntimeError("battle did not end")
        records.append(play_turn(battle, agents[battle.current], budget_ms, draft_cards))
    return GameResult(battle.winner, battle.turn, [list(d) for d in decks], records)


__all__ = ["CardAgent", "Decision", "GameResult", "TurnRecord", "play_game", "play_turn", "start_game", "END_TURN"]
