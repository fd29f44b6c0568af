"""A greedy one-action policy: cast the single most useful ability now (judged by one
expected-value simulation: damage dealt, healing done, kills), else walk toward fighting range of
the nearest enemy keeping energy for an attack, else end the turn. The hard AI's model of how
the other heroes reply (cheap, and better than the easy AI's rules); playable on its own."""

from __future__ import annotations

from ai.skirmish.agent import SkirmishAgent
from ai.skirmish.evaluation import optimal_range
from game.rules.skirmish.actions import END, Action, cast, move
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.usage import usage_ok


def gain(before, after, team: int) -> float:
    """Health swing of one action in health points: enemy loss plus ally gain, kills +30."""
    total = 0.0
    for old, new in zip(before.heroes, after.heroes):
        change = max(0.0, new.health) - max(0.0, old.health)
        killed = 30.0 if old.alive and not new.alive else 0.0
        total += change - killed if old.team == team else -change + killed
    return total


class GreedyAgent(SkirmishAgent):
    name = "greedy"

    def act(self, state, budget_ms: float) -> Action:
        hero = state.active_hero
        sim = state.simulation()
        best, best_gain = None, 0.5
        occupied = state.occupied()
        for ability in hero.cls.abilities:
            if not state.can_cast(hero, ability):
                continue
            for cell in state.targets(hero, ability, occupied):
                if not usage_ok(state, hero, ability, cell):
                    continue
                after = sim.clone()
                action = cast(ability.id, *cell)
                after.do(action)
                value = gain(sim, after, hero.team) + self.rng.random() * 0.1
                if value > best_gain:
                    best, best_gain = action, value
        if best is not None:
            return best
        enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
        want = optimal_range(hero)
        los = state.grid.los

        def badness(cell):
            # Best: an enemy in sight at the hero's fighting range; then just nearer.
            return min(
                (
                    abs(manhattan(cell, e.cell) - want) + (0 if want == 1 or los(cell, e.cell) else 3),
                    manhattan(cell, e.cell),
                )
                for e in enemies
            )

        steps = int(hero.energy // hero.cls.move_cost)
        reach = state.grid.reach(hero.cell, steps, occupied)
        here = badness(hero.cell)
        # Keep energy for the cheapest attack when the cell allows one.
        cheapest = min((a.energy for a in hero.cls.abilities if a.harmful), default=0)
        options = [(badness(c), d, c) for c, d in reach.items()]
        affordable = [o for o in options if hero.energy - o[1] * hero.cls.move_cost >= cheapest]
        pool = affordable or options
        if pool:
            score, _, cell = min(pool, key=lambda o: (o[0], o[1], o[2][1], o[2][0]))
            if score < here:
                return move(*cell)
        return END
