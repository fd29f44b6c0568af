"""Medium: a decision-tree planner over the action sequences of one turn.

The planner only plays its own turn, so it searches the observation's battle directly: own
actions never touch hidden cards (cards are drawn only when a turn starts), so no guessing is
needed. The tree is searched breadth-first, one level per action:

- every legal action of every position in the level is tried on a clone (useless actions are
  pruned first: attacks with 0 attack, items that would change nothing);
- positions reached by different orders are merged (a transposition key);
- each position is scored with the evaluation as if the turn ended there (so every node is also
  a complete plan: its actions, then END_TURN), and only the best `width` positions of a level
  are expanded further (top-k);
- the search is repeated with a wider beam (4, 12, 36, ...) while time remains, and stops early
  when a level was never cut (the whole turn was searched);
- a short lethal search runs first, and a sequence that wins at once is played at once;
- the time threshold: when the deadline passes, the best complete plan found so far is played.

Its `Decision.explanation` is JSON-ready: {"agent", "plans": [{"actions", "score"}] (best
first), "nodes", "width", "complete", "lethal", "ms"}.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ai.cards.agent import CardAgent, Decision
from ai.cards.draft_ai import DraftAI
from ai.cards.evaluation import DEFAULT_EVALUATOR, Evaluator
from ai.cards.search_common import Deadline, find_lethal, no_gc, state_key, useful_actions
from game.rules.cards.actions import END_TURN, Action
from game.rules.cards.battle import Battle
from game.rules.cards.model import Card
from game.rules.cards.observation import Observation

WIDTHS = (4, 12, 36, 108, 324, 972)


@dataclass
class Plan:
    """A complete plan for the rest of the turn: its actions (END_TURN implied), the score of
    the position it reaches and that position (a clone; None when not kept)."""

    actions: tuple[Action, ...]
    score: float
    state: Battle | None = None


@dataclass
class SearchResult:
    plans: list[Plan]  # best first
    nodes: int = 0
    width: int = 0
    complete: bool = False  # the last beam was never cut: every sequence was considered
    lethal: bool = False
    timed_out: bool = False
    extra: dict = field(default_factory=dict)

    @property
    def best(self) -> Plan:
        return self.plans[0]


def search_turn(
    root: Battle,
    seat: int,
    deadline: float,
    evaluate: Callable[[Battle, int], float] = DEFAULT_EVALUATOR,
    keep: int = 5,
    keep_states: bool = False,
    widths: Sequence[int] = WIDTHS,
    lethal_deadline: float | None = None,
) -> SearchResult:
    """Search the current player's (`seat`) turn from `root` (not modified) until `deadline`
    (perf_counter seconds). Returns the best `keep` distinct plans."""
    if lethal_deadline is None:
        lethal_deadline = min(deadline, time.perf_counter() + max(0.0, deadline - time.perf_counter()) * 0.3)
    winning = find_lethal(root, seat, lethal_deadline)
    if winning is not None:
        state = root.clone() if keep_states else None
        if state is not None:
            for action in winning:
                state.do(action)
        return SearchResult(
            [Plan(tuple(winning), evaluate(state, seat) if state else 0.0, state)], lethal=True, complete=True
        )

    # A min-heap of the best leaves: (score, tie, actions, state).
    best: list = []
    best_keys: dict = {}
    tie = 0
    root_score = evaluate(root, seat)
    best.append((root_score, tie, (), root.clone() if keep_states else None))
    best_keys[state_key(root)] = root_score
    nodes = 0
    scores: dict = {}  # transposition key -> score, shared by the beam passes
    timed_out = False
    complete = False
    width_used = 0
    for width in widths:
        width_used = width
        frontier: list[tuple[float, int, Battle, tuple[Action, ...]]] = [(root_score, 0, root, ())]
        seen = {state_key(root)}
        cut = False
        while frontier:
            children = []
            for _, _, state, actions in frontier:
                if time.perf_counter() >= deadline:
                    timed_out = True
                    break
                for action in useful_actions(state):
                    child = state.clone()
                    child.do(action)
                    nodes += 1
                    if child.winner is not None:
                        if child.winner == seat:  # a win the lethal search missed (node limit)
                            plan = actions + (action,)
                            return SearchResult(
                                [Plan(plan, evaluate(child, seat), child if keep_states else None)],
                                nodes=nodes,
                                width=width,
                                lethal=True,
                                complete=True,
                            )
                        continue
                    key = state_key(child)
                    if key in seen:
                        continue
                    seen.add(key)
                    score = scores.get(key)
                    if score is None:
                        score = scores[key] = evaluate(child, seat)
                    plan = actions + (action,)
                    tie += 1
                    children.append((score, tie, child, plan))
                    if key not in best_keys:
                        if len(best) < keep:
                            heapq.heappush(best, (score, tie, plan, child.clone() if keep_states else None))
                            best_keys[key] = score
                        elif score > best[0][0]:
                            heapq.heapreplace(best, (score, tie, plan, child.clone() if keep_states else None))
                            best_keys[key] = score
            if timed_out:
                break
            if len(children) > width:
                cut = True
                children.sort(key=_score_of, reverse=True)
                del children[width:]
            frontier = children
        if timed_out:
            break
        if not cut:
            complete = True
            break
    plans = [Plan(actions, score, state) for score, _, actions, state in sorted(best, key=lambda e: (-e[0], e[1]))]
    return SearchResult(plans, nodes=nodes, width=width_used, complete=complete, timed_out=timed_out)


def _score_of(entry) -> float:
    return entry[0]


def plan_text(actions: Sequence[Action], lanes: int) -> list[str]:
    return [action.text(lanes) for action in actions] + ["PASS"]


class PlannerAgent(CardAgent):
    """Medium: the whole turn planned at once by `search_turn`, returned as one Decision."""

    name = "medium"

    def __init__(
        self,
        seed: int | None = None,
        draft: DraftAI | None = None,
        evaluator: Evaluator = DEFAULT_EVALUATOR,
        safety_ms: float = 6.0,
        budget_fraction: float = 0.9,
    ):
        super().__init__(seed)
        self.draft = draft if draft is not None else DraftAI()
        self.evaluator = evaluator
        self.safety_ms = safety_ms
        self.budget_fraction = budget_fraction

    def new_game(self, seat: int, lanes: int) -> None:
        super().new_game(seat, lanes)
        self.draft.new_game(lanes)

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        return self.draft.pick(offer, picked, pick)

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        deadline = Deadline(budget_ms, self.safety_ms, self.budget_fraction)
        with no_gc():
            result = search_turn(observation.battle, observation.player, deadline.end, self.evaluator)
        lanes = observation.battle.lanes
        explanation = {
            "agent": self.name,
            "plans": [{"actions": plan_text(p.actions, lanes), "score": round(p.score, 2)} for p in result.plans],
            "nodes": result.nodes,
            "width": result.width,
            "complete": result.complete,
            "lethal": result.lethal,
            "ms": round((time.perf_counter() - deadline.start) * 1000, 1),
        }
        return Decision(list(result.best.actions) + [END_TURN], explanation)
