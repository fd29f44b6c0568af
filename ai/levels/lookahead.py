"""Objective lookahead: an exhaustive search of the current turn for action sequences after which
a card level is won, whatever its objectives say (clear the board, win this turn, ...).

The card AIs play to win duels and know nothing of a level's objectives, so a puzzle such as
"clear the enemy board this turn" can be beyond them even when a solution exists. The simulate
command therefore gives its AI player this lookahead (`LookaheadPlayer`) on levels whose required
objectives are puzzles (`needs_lookahead`): at the start of each of its turns it searches that
turn, within a time and node limit, and plays a winning sequence when there is one; otherwise
the AI decides. The tests use `winning_lines` to
check that puzzles have solutions.

The search runs on the observation's battle, so it never sees a hidden card: an action that
draws a card (whose identity the player cannot know yet) ends that line of search.
"""

from __future__ import annotations

import copy
import time

from ai.cards.agent import CardAgent, Decision
from ai.cards.search_common import state_key
from game.rules.cards.actions import END_TURN, Action
from game.rules.cards.battle import Battle


def _track(tracker, events, battle):
    twin = copy.copy(tracker)
    twin.states = list(tracker.states)
    twin.details = list(tracker.details)
    twin.update(events, battle)
    return twin


def winning_lines(
    battle: Battle, tracker, limit: int = 1, deadline: float | None = None, node_limit: int = 100_000
) -> list[list[Action]]:
    """Up to `limit` action sequences of the current player's turn after which `tracker` (an
    ObjectiveTracker at this position; not modified) says the level is won."""
    seat = battle.current
    found: list[list[Action]] = []
    seen: set = set()
    nodes = 0

    def visit(state: Battle, track, line: list[Action]) -> None:
        nonlocal nodes
        for action in state.legal_actions():
            if len(found) >= limit or nodes >= node_limit or (deadline is not None and time.perf_counter() > deadline):
                return
            nodes += 1
            child = state.clone()
            events = child.apply(action)
            if any(instance.card is None for instance in child.sides[seat].hand):
                continue  # a card drawn from the hidden deck: unknowable
            child_track = _track(track, events, child)
            if child_track.outcome == "won":
                found.append(line + [action])
                continue
            if child_track.outcome == "lost" or action is END_TURN or child.current != seat:
                continue
            key = state_key(child)
            if key not in seen:
                seen.add(key)
                visit(child, child_track, line + [action])

    visit(battle, tracker, [])
    return found


def needs_lookahead(level) -> bool:
    """Whether a card level has a required objective a duel-playing AI does not aim for by
    itself: clearing the board, or winning within a number of turns (a puzzle)."""
    return any(o.required and o.kind in ("clear_board", "win_within") for o in level.objectives)


class LookaheadPlayer(CardAgent):
    """An AI in the player's seat of a card level, with the objective lookahead in front of it:
    each turn, up to `search_ms` (outside the AI's budget) to find a turn that wins the level."""

    def __init__(self, agent: CardAgent, session, search_ms: float = 1000.0, node_limit: int = 200_000):
        super().__init__(None)
        self.agent = agent
        self.session = session
        self.name = agent.name
        self.search_ms = search_ms
        self.node_limit = node_limit
        self._searched_turn = None
        self.solved_turns = 0  # turns played from the lookahead

    def new_game(self, seat: int, lanes: int) -> None:
        super().new_game(seat, lanes)
        self.agent.new_game(seat, lanes)

    def draft_pick(self, offer, picked, pick: int) -> int:
        return self.agent.draft_pick(offer, picked, pick)

    def decide(self, observation, budget_ms: float) -> Decision:
        battle = observation.battle
        turn = battle.sides[observation.player].turns
        if turn != self._searched_turn:
            self._searched_turn = turn
            deadline = time.perf_counter() + self.search_ms / 1000
            lines = winning_lines(battle, self.session.tracker, 1, deadline, self.node_limit)
            if lines:
                self.solved_turns += 1
                return Decision(lines[0] + [END_TURN], {"agent": "lookahead", "actions": len(lines[0])})
        return self.agent.decide(observation, budget_ms)
