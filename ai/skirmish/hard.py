"""The hard AI: the medium tree's move generator, but each whole-turn plan is judged by where it
ends and then by what the next heroes (usually the enemy) would do about it.

Two phases within the budget. Plans: the active hero's action sequences (same pruning as the
tree: best move cells, usage rules) grown by iterative deepening in expected-value mode, each
ending state valued by `team_value`, a team-symmetric score (standing heroes, concave in health so
that wounded enemies are worth finishing, statuses). Replies: the best PLANS plans are played on:
the next REPLY_TURNS hero turns are simulated with the greedy policy (greedy.py: each hero's best
expected-value action, again and again), whichever team they belong to, and the plan whose
aftermath is worth most is chosen (one turn: with two, 40% of the searches had no time left to
judge any plan at a 40 ms budget). This is a one-ply expectimax over whole turns, with chance
nodes replaced by expectations and the opponents modelled by a cheap policy; it is what the
medium tree lacks (it walks into the range of three enemies because nothing there hurts yet).
"""

from __future__ import annotations

import heapq
import itertools
import time

from ai.skirmish.greedy import GreedyAgent
from ai.skirmish.evaluation import STATUS_HP, position_weights
from ai.skirmish.tree import PlanFollower, candidates
from game.rules.skirmish.actions import END, Action
from game.rules.skirmish.model import DEBUFFS

PLANS = 4  # plans whose replies are simulated
REPLY_TURNS = 1  # hero turns simulated after the plan
MAX_STEPS_PER_TURN = 6  # actions per simulated reply turn
PLAN_SHARE = 0.45  # of the usable budget, for finding plans; the rest for replies
MAX_DEPTH = 10
POSITION_WORTH = 30.0  # about a third of a hero's health


def plan_value(state, team: int, hero_uid: int) -> float:
    """team_value plus the planning hero's position weights (evaluation.py) x POSITION_WORTH: health
    alone cannot tell one walk from another, and the replies then only judge arbitrary ones."""
    value = team_value(state, team)
    hero = state.heroes[hero_uid - 1]
    if hero.alive and state.winner is None:
        w0, w1 = position_weights(state, hero, hero.cell)
        value += POSITION_WORTH * (w0 + 0.5 * w1)
    return value


def team_value(state, team: int) -> float:
    """Our heroes' worth minus theirs: 40 for standing, 100 * sqrt(health ratio), statuses in
    health points x 100 / max health, 10 x mana ratio; a won match is worth 10,000."""
    if state.winner is not None:
        return 10_000.0 if state.winner == team else -10_000.0 if state.winner in (0, 1) else 0.0
    total = 0.0
    for hero in state.heroes:
        if not hero.alive:
            continue
        value = 40.0 + 100.0 * (max(0.0, hero.health) / hero.cls.health) ** 0.5 + 10.0 * hero.mana_ratio
        for kind, status in hero.statuses.items():
            worth = STATUS_HP[kind](status) * 100.0 / hero.cls.health
            value += -worth if kind in DEBUFFS else worth
        total += value if hero.team == team else -value
    return total


class HardAgent(PlanFollower):
    name = "hard"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.reply_policy = GreedyAgent(seed)
        self.last_report = ""

    def search(self, state, stop: float) -> tuple[Action, ...]:
        start = time.perf_counter()
        plan_stop = start + (stop - start) * PLAN_SHARE
        plans = self._plans(state, plan_stop)
        if not plans:
            return (END,)
        team = state.current_player
        best_path, best_value, judged = plans[0][2], None, 0
        for leaf_value, _, path, end in plans:
            if time.perf_counter() > stop:
                break
            value = self._after_replies(end, team, state.active_hero.uid, stop)
            if value is None:
                break
            judged += 1
            if best_value is None or value > best_value:
                best_path, best_value = path, value
        self.last_report = f"{len(plans)} plans, {judged} judged after replies"
        return best_path

    # ----------------------------------------------------------------------------- plans

    def _plans(self, state, stop: float) -> list[tuple]:
        root = state.simulation()
        team = root.current_player
        uid = root.active_hero.uid
        heap: list[tuple] = []  # the PLANS best (value, tiebreak, path, end state), smallest first
        counter = itertools.count()
        seen: set[tuple] = set()

        def record(path, end):
            if path in seen:
                return
            seen.add(path)
            item = (plan_value(end, team, uid), next(counter), path, end)
            if len(heap) < PLANS:
                heapq.heappush(heap, item)
            elif item[0] > heap[0][0]:
                heapq.heapreplace(heap, item)

        cut = False  # set by walk() when it stopped at the depth limit (reset for each depth below)

        def walk(node, path, depth) -> bool:
            nonlocal cut
            for action in candidates(node, node.active_hero):
                if time.perf_counter() > stop:
                    return False
                child = node.clone()
                child.do(action)
                here = path + (action,)
                same_turn = child.winner is None and child.round == node.round and child.turn_index == node.turn_index
                if action is END or not same_turn:
                    record(here, child)
                elif depth <= 1:
                    cut = True
                    end = child.clone()
                    end.do(END)
                    record(here, end)
                elif not walk(child, here, depth - 1):
                    return False
            return True

        for depth in range(1, MAX_DEPTH + 1):
            cut = False
            if not walk(root, (), depth) or not cut:
                break
        # Best first; equal values keep the order found (shallower plans first).
        return sorted(heap, key=lambda item: (-item[0], item[1]))

    # ----------------------------------------------------------------------------- replies

    def _after_replies(self, end, team: int, uid: int, stop: float) -> float | None:
        sim = end.clone()
        for _ in range(REPLY_TURNS):
            if sim.is_over:
                break
            turn = (sim.round, sim.turn_index)
            for _ in range(MAX_STEPS_PER_TURN):
                if time.perf_counter() > stop:
                    return None
                action = self.reply_policy.act(sim, 0)
                sim.do(action)
                if sim.is_over or (sim.round, sim.turn_index) != turn:
                    break
            else:
                sim.do(END)
        return plan_value(sim, team, uid)

    def explain(self) -> str:
        return self.last_report
