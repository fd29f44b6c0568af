"""The easy AI, a rule-based bot with rules a beginner would follow: heal an ally who is low,
else hit the weakest enemy in reach with the strongest ability that can reach it, else walk
toward the nearest enemy (ranged heroes stop where they see it from their range), else end."""

from __future__ import annotations

from ai.skirmish.agent import SkirmishAgent
from ai.skirmish.evaluation import optimal_range
from game.rules.skirmish.actions import END, Action, cast, move
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.model import Ability, DamageKind, Verb
from game.rules.skirmish.usage import usage_ok


def power(hero, ability: Ability) -> float:
    """A rough strength: mean damage of its damage effects (physical from the hero's range)."""
    total = 0.0
    for effect in ability.effects:
        if effect.verb == Verb.DAMAGE:
            total += (
                sum(hero.cls.damage) / 2 * effect.scale if effect.kind == DamageKind.PHYSICAL else sum(effect.power) / 2
            )
    return total


class EasyAgent(SkirmishAgent):
    name = "easy"

    def act(self, state, budget_ms: float) -> Action:
        hero = state.active_hero
        occupied = state.occupied()
        heals, hits = [], []
        for ability in hero.cls.abilities:
            if not state.can_cast(hero, ability):
                continue
            heal = any(e.verb == Verb.HEAL for e in ability.effects) and not ability.harmful
            for cell in state.targets(hero, ability, occupied):
                if not usage_ok(state, hero, ability, cell):
                    continue
                target = state.hero_at(cell)
                if heal and target is not None and target.team == hero.team and target.health_ratio < 0.6:
                    heals.append((target.health_ratio, ability.id, cell))
                elif target is not None and target.team != hero.team and power(hero, ability) > 0:
                    hits.append((target.health, -power(hero, ability), ability.id, cell))
        if heals:
            _, ability_id, cell = min(heals)
            return cast(ability_id, *cell)
        if hits:
            *_, ability_id, cell = min(hits)
            return cast(ability_id, *cell)
        enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
        want = optimal_range(hero)
        steps = int(hero.energy // hero.cls.move_cost)
        reach = state.grid.reach(hero.cell, steps, occupied)

        def distance(cell):
            return min(manhattan(cell, e.cell) for e in enemies)

        if want > 1:  # ranged: the nearest cell (fewest steps) that sees an enemy from its range
            spots = [
                (d, c[1], c[0])
                for c, d in reach.items()
                if any(manhattan(c, e.cell) <= want and state.grid.los(c, e.cell) for e in enemies)
            ]
            seen_now = any(manhattan(hero.cell, e.cell) <= want and state.grid.los(hero.cell, e.cell) for e in enemies)
            if spots and not seen_now:
                _, y, x = min(spots)
                return move(x, y)
            if seen_now:
                return END
        if reach:
            best = min(reach, key=lambda c: (distance(c), reach[c], c[1], c[0]))
            if distance(best) < distance(hero.cell):
                return move(*best)
        return END
