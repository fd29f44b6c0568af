"""Seed 002's situation score, seen from the active hero: health and mana ratios of both teams, the
active hero's position weights against enemies, allies and walls, and the statuses in play.

The weights are the article's (active hero 110 health / 55 mana, allies 100 / 50, enemies
50 mana) except the enemies' health term (see focus_enemy_health) and the position's (POSITION); statuses are valued in
health points, converted like health (x100 / max health), buffs counting for their owner's team.
"""

from __future__ import annotations

import math

from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.hero import Hero
from game.rules.skirmish.model import DEBUFFS, StatusKind, TargetKind, Verb

# A status's worth in health points of its bearer, per turn left (stun and shield: as a whole).
STATUS_HP = {
    StatusKind.STUN: lambda s: 25.0 * s.turns,
    StatusKind.SLOW: lambda s: 2.0 * s.amount * s.turns,
    StatusKind.HASTE: lambda s: 2.0 * s.amount * s.turns,
    StatusKind.POISON: lambda s: 1.0 * s.amount * s.turns,
    StatusKind.REGEN: lambda s: 1.0 * s.amount * s.turns,
    StatusKind.SHIELD: lambda s: 1.0 * s.amount,
    StatusKind.TAUNT: lambda s: 8.0 * s.turns,
    StatusKind.MIGHT: lambda s: 0.3 * s.amount * s.turns,
    StatusKind.WEAKEN: lambda s: 0.3 * s.amount * s.turns,
    StatusKind.GUARD: lambda s: 0.3 * s.amount * s.turns,
    StatusKind.SUNDER: lambda s: 0.3 * s.amount * s.turns,
    StatusKind.FOCUS: lambda s: 0.3 * s.amount * s.turns,
    StatusKind.BLIND: lambda s: 0.3 * s.amount * s.turns,
}


def effect_score(hero: Hero) -> float:
    """Net worth of a hero's statuses for that hero, in the score's units."""
    total = 0.0
    for kind, status in hero.statuses.items():
        value = STATUS_HP[kind](status) * 100.0 / hero.cls.health
        total += -value if kind in DEBUFFS else value
    return total


def article_enemy_health(ratio: float) -> float:
    """The article's enemy term, exp(3 * ratio) * 15 - 200 (kept for comparison)."""
    return math.exp(ratio * 3) * 15 - 200


def focus_enemy_health(ratio: float) -> float:
    """Ours: 160 * sqrt(ratio) + 40 while standing. Concave, so a blow on a wounded enemy is
    worth more than on a healthy one, and a kill is worth 40 more. The article's convex term
    makes 10 damage on a full 80-health enemy worth 94 points and finishing one at 12% worth 6:
    it spreads damage and never kills (the medium AI won 30% against easy with it, n=30)."""
    return 160.0 * math.sqrt(ratio) + 40.0


ENEMY_HEALTH = focus_enemy_health
# The two position weights' factors. The article's 250 and 125 value walking one cell closer
# above 40 health, and the hero walks into three enemies' range: medium scored 0.60 against easy
# with them, 0.75 with 150/75 and with 100/50, 0.71 with 50/25 (n=80 each, 40 ms).
POSITION = (120.0, 60.0)

_OPTIMAL: dict[str, int] = {}


def optimal_range(hero: Hero) -> int:
    """The distance to enemies a hero fights best from: one less than its longest damaging
    enemy-targeted reach (melee: 1)."""
    cached = _OPTIMAL.get(hero.cls.id)
    if cached is None:
        reach = [
            a.range + (a.size if a.target == TargetKind.CELL else 0)
            for a in hero.cls.abilities
            if any(e.verb == Verb.DAMAGE for e in a.effects) and a.target != TargetKind.SELF
        ]
        cached = _OPTIMAL[hero.cls.id] = max(1, max(reach, default=1) - 1)
    return cached


def position_weights(state, hero: Hero, cell: tuple[int, int], sides=None) -> tuple[float, float]:
    """[against enemies, with allies and walls], each in 0..1 (the article's calculatePositionWeight).

    The first is how close the nearest enemy the hero can see is to the hero's optimal range
    (an unseen enemy counts half: walls stop every ability that needs sight); the second is half
    staying within 3 steps of allies, half safety: the share of enemies who cannot walk and
    strike the cell on their next turn (a wall in the way of a ranged one counts half)."""
    enemies, allies = sides or teams_around(state, hero)
    if not enemies:
        return 1.0, 1.0
    best = optimal_range(hero)
    w0 = 0.0
    los = state.grid.los
    for enemy in enemies:
        gap = abs(manhattan(cell, enemy.cell) - best)
        value = max(0.0, 1.0 - gap / 8.0) * (1.0 if best == 1 or los(cell, enemy.cell) else 0.5)
        w0 = max(w0, value)
    cohesion = (sum(1.0 for a in allies if manhattan(cell, a.cell) <= 3) / len(allies)) if allies else 1.0
    safe = 0.0
    for enemy in enemies:  # can it walk into its fighting range of this cell and still strike?
        threat = enemy.turn_energy() // enemy.cls.move_cost + optimal_range(enemy) + 1
        if manhattan(cell, enemy.cell) > threat:
            safe += 1.0
        elif optimal_range(enemy) > 1 and not los(cell, enemy.cell):
            safe += 0.5
    return w0, 0.5 * cohesion + 0.5 * safe / len(enemies)


def teams_around(state, hero: Hero) -> tuple[list[Hero], list[Hero]]:
    """(standing enemies, standing allies but the hero): computed once when ranking many cells."""
    enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
    allies = [h for h in state.heroes if h.alive and h.team == hero.team and h is not hero]
    return enemies, allies


# An embers cell burns a hero who starts its turn there: a hero that ends its move on one pays
# at least once and often again (it stays to fight), so the score counts this many burns.
HAZARD_TURNS = 3


def hazard_cost(state, hero: Hero, cell: tuple[int, int]) -> float:
    """What standing on `cell` costs the hero in the score's health units (0 off embers)."""
    damage = state.hazard_damage(cell)
    return HAZARD_TURNS * damage * 100.0 / hero.cls.health if damage else 0.0


def move_weight(state, hero: Hero, cell: tuple[int, int], sides=None) -> float:
    """The article's ranking of move targets: weights[0] * 6 + weights[1] * 4, less a tenth of
    the embers' cost (so that the pruning keeps a safe cell of the same worth)."""
    w0, w1 = position_weights(state, hero, cell, sides)
    return w0 * 6 + w1 * 4 - hazard_cost(state, hero, cell) / 10.0


def situation_score(state, team: int, active_uid: int) -> float:
    score = 0.0
    for hero in state.heroes:
        health = max(0.0, hero.health) / hero.cls.health if hero.alive else 0.0
        mana = hero.mana_ratio if hero.alive else 0.0
        effects = effect_score(hero) if hero.alive else 0.0
        if hero.team != team:
            score -= ENEMY_HEALTH(health) if hero.alive else 0.0
            score -= mana * 50
            score -= effects
        elif hero.uid == active_uid:
            score += health * 110 + mana * 55 + effects
            if hero.alive:
                w0, w1 = position_weights(state, hero, hero.cell)
                score += w0 * POSITION[0] + w1 * POSITION[1] - 1.1 * hazard_cost(state, hero, hero.cell)
        else:
            score += health * 100 + mana * 50 + effects
    return score
