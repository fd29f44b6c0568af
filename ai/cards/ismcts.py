"""Hard: information-set Monte Carlo tree search over whole turns and the opponent's reply.

The agent never looks at a hidden card. Its search tree is built over its information set:

1. Candidate turns. The planner's search over this turn's action sequences (see planner.py)
   runs for a share of the budget and keeps the best distinct end-of-turn positions; each is a
   child of the root (a macro action: a whole turn, END_TURN included). A lethal sequence is
   played at once.
2. Simulations. Each iteration takes a determinization (inference.py: the own deck order and
   the opponent's hand and deck, sampled from the draft offers consistently with every card the
   opponent has played), picks a child by UCB1, fills the child's position with the sampled
   cards, ends the turn (the opponent draws), lets the opponent reply with a greedy policy (each
   step the action that is best for it by the evaluation, until ending its turn is best; a win
   is always taken), then plays its own next turn with the same policy (`my_reply`), and scores
   the result with the evaluation, mapped to [0, 1]. Playouts are cut there: the evaluation
   stands in for the rest of the game.
   Determinizations are shared by the children (the k-th visit of every child uses the k-th
   sample), so children are compared on the same hidden cards. At most MAX_DETERMINIZATIONS
   are kept (then they are reused in turn), so memory does not grow with the budget.
3. Choice: the most visited child (ties: the best mean); the whole turn is returned as one
   Decision, and the tree is freed when `decide` returns.

The deadline is checked inside every loop (the planner's and the opponent's), with a safety
margin for the last iteration.

`Decision.explanation` is JSON-ready: {"agent", "children": [{"actions", "visits", "mean",
"score"}] (best first), "simulations", "determinizations", "from_draft", "lethal", "ms"}.
"""

from __future__ import annotations

import math
import time
import weakref
from typing import Sequence

from ai.cards.agent import CardAgent, Decision
from ai.cards.draft_ai import DraftAI
from ai.cards.evaluation import DEFAULT_EVALUATOR, VALUE_SCALE, Evaluator, to_probability
from ai.cards.inference import Determinization, DraftMemory, HiddenSampler
from ai.cards.planner import Plan, plan_text, search_turn
from ai.cards.search_common import Deadline, find_lethal, no_gc, useful_actions
from game.rules.cards.actions import END_TURN
from game.rules.cards.battle import Battle
from game.rules.cards.model import Card
from game.rules.cards.observation import Observation


# Samples kept per decision: about 10 KB each, so a few MB at most however long the budget.
MAX_DETERMINIZATIONS = 256


class Child:
    """A root child: one whole-turn plan and its statistics."""

    __slots__ = ("plan", "visits", "total", "__weakref__")

    def __init__(self, plan: Plan):
        self.plan = plan
        self.visits = 0
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Tree:
    """The search tree of one decision (root = the information set now)."""

    __slots__ = ("children", "simulations", "determinizations", "__weakref__")

    def __init__(self, plans: Sequence[Plan]):
        self.children = [Child(plan) for plan in plans]
        self.simulations = 0
        self.determinizations: list[Determinization] = []

    def node_count(self) -> int:
        return 1 + len(self.children)


def greedy_reply(
    battle: Battle, player: int, evaluate, deadline: float, max_steps: int = 10, lethal_nodes: int = 0
) -> None:
    """Play `player`'s turn on `battle` greedily (one-step lookahead on the evaluation) without
    ending it; stops at the deadline. Mutates `battle`. With `lethal_nodes`, a lethal sequence
    (found by a search of at most that many nodes) is played first: a plan that leaves the
    opponent a win in several steps is seen as lost, not only one that loses to a single blow."""
    if lethal_nodes and battle.winner is None and battle.current == player:
        winning = find_lethal(battle, player, deadline, lethal_nodes)
        if winning is not None:
            for action in winning:
                battle.do(action)
            return
    for _ in range(max_steps):
        if battle.winner is not None or battle.current != player:
            return
        best_score = evaluate(battle, player)
        best_action = None
        for action in useful_actions(battle):
            child = battle.clone()
            child.do(action)
            if child.winner == player:
                battle.do(action)
                return
            score = evaluate(child, player)
            if score > best_score:
                best_score = score
                best_action = action
        if best_action is None or time.perf_counter() >= deadline:
            return
        battle.do(best_action)


class ISMCTSAgent(CardAgent):
    """Hard: see the module docstring."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        draft: DraftAI | None = None,
        evaluator: Evaluator = DEFAULT_EVALUATOR,
        candidates: int = 10,
        plan_share: float = 0.35,
        exploration: float = 0.15,
        value_scale: float = VALUE_SCALE,
        safety_ms: float = 8.0,
        budget_fraction: float = 0.9,
        my_reply: bool = True,
        lethal_nodes: int = 2000,
    ):
        super().__init__(seed)
        self.my_reply = my_reply
        self.lethal_nodes = lethal_nodes
        # The draft values refitted on hard's own games (per lane variant, where fitted).
        self.draft = draft if draft is not None else DraftAI(source="selfplay")
        self.evaluator = evaluator
        self.candidates = candidates
        self.plan_share = plan_share
        self.exploration = exploration
        self.value_scale = value_scale
        self.safety_ms = safety_ms
        self.budget_fraction = budget_fraction
        self.memory = DraftMemory()
        self.last_tree: weakref.ref | None = None  # for tests: dead once a decision returned

    def new_game(self, seat: int, lanes: int) -> None:
        super().new_game(seat, lanes)
        self.draft.new_game(lanes)
        self.memory.reset()

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        self.memory.record(offer, pick)
        return self.draft.pick(offer, picked, pick)

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        deadline = Deadline(budget_ms, self.safety_ms, self.budget_fraction)
        with no_gc():
            decision = self._decide(observation, deadline)
        if decision.explanation is not None:  # always: _decide explains every decision
            decision.explanation["ms"] = round((time.perf_counter() - deadline.start) * 1000, 1)
        return decision

    def _decide(self, observation: Observation[Battle], deadline: Deadline) -> Decision:
        battle = observation.battle
        seat = observation.player
        lanes = battle.lanes
        evaluate = self.evaluator
        result = search_turn(
            battle, seat, deadline.at(self.plan_share), evaluate, keep=self.candidates, keep_states=True
        )
        explanation = {
            "agent": self.name,
            "children": [],
            "simulations": 0,
            "determinizations": 0,
            "from_draft": False,
            "lethal": result.lethal,
        }
        if result.lethal or len(result.plans) == 1:
            plan = result.best
            explanation["children"] = [
                {"actions": plan_text(plan.actions, lanes), "visits": 0, "mean": None, "score": round(plan.score, 2)}
            ]
            return Decision(list(plan.actions) + [END_TURN], explanation)

        sampler = HiddenSampler(observation, self.memory.offers, self.rng, self.draft.value)
        explanation["from_draft"] = sampler.from_draft
        tree = Tree(result.plans)
        del result
        self.last_tree = weakref.ref(tree)
        children = tree.children
        determinizations = tree.determinizations
        end = deadline.end
        scale = self.value_scale
        lethal_nodes = self.lethal_nodes
        c = self.exploration
        opponent = 1 - seat
        # Estimated cost of one simulation, to avoid starting one that cannot finish in time.
        sim_cost = 0.0
        while True:
            now = time.perf_counter()
            if now + sim_cost >= end:
                break
            # Selection: unvisited children first (best static score first), then UCB1.
            total = tree.simulations
            chosen = None
            best = -1.0
            log_total = math.log(total + 1)
            for child in children:
                if child.visits == 0:
                    chosen = child
                    break
                ucb = child.total / child.visits + c * math.sqrt(log_total / child.visits)
                if ucb > best:
                    best = ucb
                    chosen = child
            # Two children or more (one plan returned above), and a UCB value is never negative.
            assert chosen is not None
            k = chosen.visits % MAX_DETERMINIZATIONS
            if k >= len(determinizations):
                determinizations.append(sampler.sample())
            determinization = determinizations[k]
            # Simulation: fill the hidden cards, end the turn, the opponent replies, evaluate.
            planned = chosen.plan.state
            assert planned is not None  # search_turn kept the states (keep_states=True)
            state = determinization.fill(planned)
            state.do(END_TURN)
            if state.winner is None:
                greedy_reply(state, opponent, evaluate, end, lethal_nodes=lethal_nodes)
                if self.my_reply and state.winner is None:
                    state.do(END_TURN)
                    if state.winner is None:
                        greedy_reply(state, seat, evaluate, end, lethal_nodes=lethal_nodes)
            value = to_probability(evaluate(state, seat), scale)
            chosen.visits += 1
            chosen.total += value
            tree.simulations += 1
            spent = time.perf_counter() - now
            sim_cost = spent if sim_cost == 0.0 else 0.8 * sim_cost + 0.2 * spent

        ranked = sorted(children, key=lambda ch: (ch.visits, ch.mean, ch.plan.score), reverse=True)
        explanation["children"] = [
            {
                "actions": plan_text(ch.plan.actions, lanes),
                "visits": ch.visits,
                "mean": round(ch.mean, 4) if ch.visits else None,
                "score": round(ch.plan.score, 2),
            }
            for ch in ranked
        ]
        explanation["simulations"] = tree.simulations
        explanation["determinizations"] = len(determinizations)
        best_plan = ranked[0].plan
        actions = list(best_plan.actions) + [END_TURN]
        del tree, children, ranked, determinizations, best_plan
        return Decision(actions, explanation)
