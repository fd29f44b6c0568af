"""The hard AI: whole-turn plans for the active hero, each judged by where it ends and then by
what the other heroes would do about it, looking further ahead while time remains.

Two phases within the budget. Plans: the active hero's action sequences (`hard_candidates`: the
medium tree's casts and usage rules, walking targets ranked by hard_eval.place_worth, and for a
wounded hero the cells fewest enemies can strike) grown by iterative deepening in expected-value
mode, each ending state valued by `plan_value` (hard_eval.py: a team-symmetric score, concave in
health so that wounded enemies are worth finishing, and the hero's place). The PLANS best are
kept, plans that end alike counted once. Replies: each kept plan is played on with the greedy
policy (greedy.py: each hero's best expected-value action, again and again) for the heroes'
turns that follow, whichever team they belong to, and the plan whose aftermath is worth most is
chosen, less its peril when the replies spared the hero (hard_eval.peril: the enemies' high rolls
together could kill it where the plan ends; the replies deal each blow at its mean). The replies deepen while time remains (HORIZONS): the next hero's turn, then every turn
until this hero's next one (each enemy answers once), then a round more; each horizon judges the
plans in the order the last one ranked them, so a horizon cut short still compares the leader
with its nearest rivals, and decides among those. This is a one-ply expectimax over whole turns,
chance nodes replaced by expectations and the other heroes modelled by a cheap policy; it is
what the medium tree lacks (it walks into the range of three enemies because nothing there
hurts yet). The old hard judged 4 plans one reply turn deep and used about 30% of its
budget; measured against it: docs/design/skirmish-ai.md.
"""

from __future__ import annotations

import heapq
import itertools
import time

from ai.skirmish.greedy import GreedyAgent
from ai.skirmish.hard_eval import escape_cells, peril, place_worth, plan_value, safest_cells, team_value
from ai.skirmish.tree import PlanFollower, attack_from, candidates
from game.rules.skirmish.actions import END, Act, Action, move
from game.rules.skirmish.words import plans_weighed

__all__ = ["HardAgent", "hard_candidates", "plan_value", "team_value"]

PLANS = 8  # plans whose replies are simulated
MOVE_KEEP = 3  # walking targets by place, as the tree keeps
ATTACK_BONUS = 0.33  # to a walking target that leaves energy for an attack (the tree's +2 of 6)
ESCAPES = 2  # cells fewest enemies can strike, offered to a wounded hero
WOUNDED = 0.5  # health ratio below which a hero is offered them
MAX_STEPS_PER_TURN = 6  # actions per simulated reply turn
PLAN_SHARE = 0.4  # of the usable budget, for finding plans; the rest for replies
MAX_DEPTH = 10
HORIZONS = 3  # reply horizons tried: the next turn, until this hero's next turn, a round more


def hard_candidates(state, hero) -> list[Action]:
    """The medium tree's candidates (END, the casts the usage rules allow, relocations to their
    best cells), but walking targets ranked by place_worth, which knows the range the hero can
    pay for (the tree's ranking kept a druid without mana at its spells' range); and, for a hero
    below WOUNDED health, the ESCAPES cells fewest enemies can strike next turn (a wounded cleric
    in a ranger's range was offered no cell out of it)."""
    actions = [a for a in candidates(state, hero) if a.kind != Act.MOVE]
    steps = int(hero.energy // hero.cls.move_cost)
    reach = state.grid.reach(hero.cell, steps, state.occupied())

    def rank(cell):
        value = place_worth(state, hero, cell)
        if attack_from(state, hero, cell, hero.energy - reach[cell] * hero.cls.move_cost):
            value += ATTACK_BONUS
        return (-value, cell[1], cell[0])

    cells = sorted(reach, key=rank)[:MOVE_KEEP]
    if hero.health_ratio < WOUNDED:
        cells += [c for c in wounded_cells(state, hero, reach) if c not in cells]
    return actions[:1] + [move(*c) for c in cells] + actions[1:]


def wounded_cells(state, hero, reach) -> list[tuple[int, int]]:
    """The ESCAPES cells fewest enemies can strike, then the cell where their high rolls together
    hurt least (a mage in reach of every cell: a 14-health cleric was offered no cell out of its
    fireball's reach, and walked into the enemy team)."""
    cells = escape_cells(state, hero, reach, ESCAPES)
    return cells + [c for c in safest_cells(state, hero, reach) if c not in cells]


class HardAgent(PlanFollower):
    name = "hard"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.reply_policy = GreedyAgent(seed)
        self.last_report = ""
        self.horizon = 0  # hero turns of replies behind the last choice (for tests and the bench)

    def search(self, state, stop: float) -> tuple[Action, ...]:
        start = time.perf_counter()
        plans = self._plans(state, start + (stop - start) * PLAN_SHARE)
        if not plans:
            return (END,)
        team, uid = state.current_player, state.active_hero.uid
        others = sum(1 for h in state.heroes if h.alive) - 1
        best_path, self.horizon = plans[0][2], 0
        order = plans  # each horizon judges the plans in the previous horizon's order, best first
        for horizon in dict.fromkeys((1, max(1, others), 2 * others + 1)[:HORIZONS]):
            values = []
            for plan in order:
                value = self._after_replies(plan[3], team, uid, horizon, stop)
                if value is None:
                    break
                values.append((value, plan))
            if not values:
                break
            values.sort(key=lambda item: -item[0])  # stable: equal values keep the previous order
            best_path, self.horizon = values[0][1][2], horizon
            if len(values) < len(order):
                break
            order = [plan for _, plan in values]
        self.last_report = plans_weighed(len(plans))  # in the language of the moment (the worker: the player's)
        return best_path

    # ----------------------------------------------------------------------------- plans

    def _plans(self, state, stop: float) -> list[tuple]:
        root = state.simulation()
        team = root.current_player
        uid = root.active_hero.uid
        heap: list[tuple] = []  # the PLANS best (value, tiebreak, path, end state), smallest first
        counter = itertools.count()
        # Plans that end alike (the same cell and worth: a step there and back, the same casts in
        # another order) are one plan, the first found: else the few judged plans were often
        # one ending eight ways. A wounded hero's escape cells keep their best plan apart, judged
        # even when it ranks below the PLANS best (its worth shows only in the replies).
        seen: set[tuple] = set()
        hero = root.active_hero
        escapes: dict[tuple[int, int], tuple] = {}
        if hero.health_ratio < WOUNDED:
            steps = int(hero.energy // hero.cls.move_cost)
            reach = root.grid.reach(hero.cell, steps, root.occupied())
            escapes = {c: () for c in wounded_cells(root, hero, reach)}

        def record(path, end):
            value = plan_value(end, team, uid)
            cell = end.heroes[uid - 1].cell
            key = (cell, round(value, 6))
            if key in seen:
                return
            seen.add(key)
            item = (value, -next(counter), path, end)
            if cell in escapes and (not escapes[cell] or value > escapes[cell][0]):
                escapes[cell] = item
            if len(heap) < PLANS:
                heapq.heappush(heap, item)
            elif item[0] > heap[0][0]:
                heapq.heapreplace(heap, item)

        cut = False  # set by walk() when it stopped at the depth limit (reset for each depth below)

        def walk(node, path, depth, whole=False) -> bool:
            nonlocal cut
            for action in hard_candidates(node, node.active_hero):
                if not whole and time.perf_counter() > stop:
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
            # The first depth is judged whole, whatever the clock: END is the first candidate,
            # and a search stopped after it (a busy machine, an area spell checked on every cell)
            # ended the turn of a mage beside the berserker killing it, with 47 mana and full energy.
            if not walk(root, (), depth, whole=depth == 1) or not cut:
                break
        # Best first; equal values keep the order found (shallower plans first).
        plans = sorted(heap, key=lambda item: (-item[0], -item[1]))
        return plans + [item for item in escapes.values() if item and item not in plans]

    # ----------------------------------------------------------------------------- replies

    def _after_replies(self, end, team: int, uid: int, turns: int, stop: float) -> float | None:
        """plan_value after `turns` hero turns of greedy play from `end` (None: out of time)."""
        sim = end.clone()
        for _ in range(turns):
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
        value = plan_value(sim, team, uid)
        if sim.heroes[uid - 1].alive:  # the replies at their means spared it: the high rolls may not
            value -= peril(end, end.heroes[uid - 1])
        return value

    def explain(self) -> str:
        return self.last_report
