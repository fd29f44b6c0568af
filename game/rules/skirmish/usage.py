"""The AI's per-ability usage rules (seed 002's `usageLogic`), read from the ability data: whether
casting an ability on a cell is worth considering at all. The rules of play never consult them."""

from __future__ import annotations

from game.rules.skirmish.effects import affected
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.hero import Hero
from game.rules.skirmish.model import DEBUFFS, Ability, Affects, MOVE_VERBS, Usage, Verb

_ANY = Usage()


def usage_ok(state, caster: Hero, ability: Ability, cell: tuple[int, int]) -> bool:
    rule = ability.usage
    if rule == _ANY:
        return True
    if rule.caster_health_below is not None and not caster.health_ratio < rule.caster_health_below:
        return False
    if rule.caster_energy_below is not None and not caster.energy < rule.caster_energy_below * caster.cls.energy:
        return False
    if rule.caster_mana_below is not None and not caster.mana_ratio < rule.caster_mana_below:
        return False
    relocates = any(e.verb in MOVE_VERBS for e in ability.effects)
    enemies = [h for h in state.heroes if h.alive and h.team != caster.team]
    if rule.enemy_within is not None:
        origin = cell if relocates else caster.cell
        if not any(manhattan(origin, e.cell) <= rule.enemy_within for e in enemies):
            return False
    if rule.no_enemy_within is not None and any(manhattan(cell, e.cell) <= rule.no_enemy_within for e in enemies):
        return False
    area = state.grid.area(ability.shape, ability.size, caster.cell, cell)
    in_area = [h for h in state.heroes if h.alive and h.cell in set(area)]
    if sum(1 for h in in_area if h.team != caster.team) < rule.min_enemies:
        return False
    if sum(1 for h in in_area if h.team == caster.team) < rule.min_allies:
        return False
    if rule.no_friendly_fire:
        for effect in ability.effects:
            hurts = effect.verb in (Verb.DAMAGE, Verb.PUSH, Verb.PULL) or (
                effect.verb == Verb.STATUS and effect.status in DEBUFFS
            )
            if hurts and effect.to == Affects.HEROES and any(h.team == caster.team for h in in_area):
                return False
    targets = _targets(state, caster, ability, area)
    if rule.target_health_below is not None and not any(t.health_ratio < rule.target_health_below for t in targets):
        return False
    if rule.without_status is not None and not any(not t.has(rule.without_status) for t in targets):
        return False
    return True


def _targets(state, caster: Hero, ability: Ability, area: list) -> list[Hero]:
    """The heroes the ability's effects reach (the caster alone if only it is reached)."""
    seen: dict[int, Hero] = {}
    for effect in ability.effects:
        if effect.to == Affects.CASTER or effect.verb in MOVE_VERBS:
            continue
        for hero in affected(state, caster, effect.to, area):
            seen[hero.uid] = hero
    return list(seen.values()) or [caster]
