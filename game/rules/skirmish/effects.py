"""How an ability resolves: its area is computed once, then each effect's verb, in data order, acts
on the living heroes it reaches (one function per verb in VERBS; a new verb is one entry).

Randomness, in this order for each hero hit by a physical damage effect (heroes by uid): the hit
roll `rng.random() < hit`, then the amount `rng.randint(lo, hi)`, then the crit roll
`rng.random() < crit` (crit x1.5, rounded down). Magic damage, heals and collision damage roll
`rng.randint(lo, hi)` only. Statuses, pushes and moves never roll: they always land.
Integer arithmetic: amount * damage% // 100, then * (100 - armour) // 100.

In expected-value mode (`state.expected`, the searches' simulations, after seed 002's
`castSimulation`) every roll is replaced by its mean: physical damage is
hit * mean * (1 + crit / 2) * damage% * (1 - armour%), as a float, and no random number is drawn.
"""

from __future__ import annotations

from typing import Callable, cast

from game.rules.events import Event, EventKind
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.hero import Hero, Status
from game.rules.skirmish.model import Ability, Affects, DamageKind, Effect, Resource, StatusKind, Verb

Cell = tuple[int, int]
CRIT_PERCENT = 150


def affected(state, caster: Hero, to: Affects, area: list[Cell]) -> list[Hero]:
    """The living heroes an effect reaches, by uid."""
    if to == Affects.CASTER:
        return [caster] if caster.alive else []
    cells = set(area)
    out = []
    for hero in state.heroes:
        if not hero.alive or hero.health <= 0 or hero.cell not in cells:
            continue
        if to == Affects.ENEMIES and hero.team == caster.team:
            continue
        if to == Affects.ALLIES and hero.team != caster.team:
            continue
        out.append(hero)
    return out


def resolve(state, caster: Hero, ability: Ability, target: Cell, events: list[Event] | None) -> None:
    area = state.grid.area(ability.shape, ability.size, caster.cell, target)
    for effect in ability.effects:
        VERBS[effect.verb](state, caster, effect, affected(state, caster, effect.to, area), target, ability, events)


def roll(state, lo: int, hi: int) -> float:
    return (lo + hi) / 2 if state.expected else state.rng.randint(lo, hi)


def deal(state, hero: Hero, amount: float, source: int, events: list[Event] | None, shields: bool = True) -> None:
    """Take damage: a shield absorbs first (unless `shields` is False: poison)."""
    if amount <= 0:
        return
    shield = hero.statuses.get(StatusKind.SHIELD) if shields else None
    if shield is not None:
        absorbed = min(shield.amount, amount)
        left = shield.amount - absorbed
        if left > 0:
            # A float only in expected-value mode, where every amount is a mean (as Hero.health);
            # Status.amount stays an int for the statuses the stats read (never a shield's).
            hero.statuses[StatusKind.SHIELD] = shield._replace(amount=cast(int, left))
        else:
            del hero.statuses[StatusKind.SHIELD]
        amount -= absorbed
        if events is not None:
            events.append(Event(EventKind.ABSORB, player=hero.team, card=hero.uid, value=int(absorbed)))
            if left <= 0:
                events.append(Event(EventKind.EXPIRE, player=hero.team, card=hero.uid, name=StatusKind.SHIELD.value))
    if amount <= 0:
        return
    hero.health -= amount
    if events is not None:
        events.append(Event(EventKind.DAMAGE, player=hero.team, card=hero.uid, target=source, value=int(amount)))


def _damage(
    state, caster: Hero, effect: Effect, heroes: list[Hero], target: Cell, ability: Ability, events: list[Event] | None
) -> None:
    percent = caster.damage_percent()
    for hero in heroes:
        if effect.kind == DamageKind.MAGIC:
            base = roll(state, *effect.power)
            if state.expected:
                amount = base * percent / 100 * (100 - hero.resist()) / 100
            else:
                amount = base * percent // 100 * (100 - hero.resist()) // 100
            deal(state, hero, amount, caster.uid, events)
            continue
        lo = round(caster.cls.damage[0] * effect.scale)
        hi = round(caster.cls.damage[1] * effect.scale)
        hit, crit = caster.hit_chance(), caster.crit_chance()
        if state.expected:
            amount = hit * (lo + hi) / 2 * (1 + crit * (CRIT_PERCENT - 100) / 100) * percent / 100
            deal(state, hero, amount * (100 - hero.armour()) / 100, caster.uid, events)
            continue
        rng = state.rng
        if not rng.random() < hit:
            if events is not None:
                events.append(Event(EventKind.MISS, player=caster.team, card=caster.uid, target=hero.uid))
            continue
        amount = rng.randint(lo, hi)
        if rng.random() < crit:
            amount = amount * CRIT_PERCENT // 100
            if events is not None:
                events.append(Event(EventKind.CRIT, player=caster.team, card=caster.uid, target=hero.uid))
        deal(state, hero, amount * percent // 100 * (100 - hero.armour()) // 100, caster.uid, events)


def heal(hero: Hero, amount: float, events: list[Event] | None) -> None:
    amount = min(amount, hero.cls.health - hero.health)
    if amount <= 0:
        return
    hero.health += amount
    if events is not None:
        events.append(Event(EventKind.HEAL, player=hero.team, card=hero.uid, value=int(amount)))


def _heal(state, caster, effect, heroes, target, ability, events) -> None:
    for hero in heroes:
        heal(hero, roll(state, *effect.power), events)


def add_status(hero: Hero, kind: StatusKind, turns: int, amount: int, source: int, events: list[Event] | None) -> None:
    """A status already there is refreshed: the longer duration, the larger amount, the new source."""
    old = hero.statuses.get(kind)
    if old is not None:
        turns, amount = max(turns, old.turns), max(amount, old.amount)
    hero.statuses[kind] = Status(turns, amount, source)
    if events is not None:
        events.append(
            Event(EventKind.STATUS, player=hero.team, card=hero.uid, target=source, value=turns, name=kind.value)
        )


def _status(state, caster, effect, heroes, target, ability, events) -> None:
    for hero in heroes:
        add_status(hero, effect.status, effect.duration, effect.amount, caster.uid, events)


def _restore(state, caster, effect, heroes, target, ability, events) -> None:
    for hero in heroes:
        if effect.resource == Resource.ENERGY:
            gain = min(effect.amount, hero.cls.energy - hero.energy)
            if gain > 0:
                hero.energy += gain
                if events is not None:
                    events.append(Event(EventKind.ENERGY, player=hero.team, card=hero.uid, value=int(gain)))
        else:
            gain = min(effect.amount, hero.cls.mana - hero.mana)
            if gain > 0:
                hero.mana += gain
                if events is not None:
                    events.append(Event(EventKind.MANA, player=hero.team, card=hero.uid, value=int(gain)))


def _shove(state, caster, effect, heroes, target, ability, events, toward: bool) -> None:
    # The farthest hero moves first so that a nearer one is not blocked by it.
    cx, cy = caster.cell
    for hero in sorted(heroes, key=lambda h: (-manhattan(h.cell, caster.cell), h.uid)):
        dx, dy = hero.cell[0] - cx, hero.cell[1] - cy
        if dx == 0 and dy == 0:
            continue
        step = ((dx > 0) - (dx < 0), 0) if abs(dx) >= abs(dy) else (0, (dy > 0) - (dy < 0))
        if toward:
            step = (-step[0], -step[1])
        occupied = state.occupied()
        cell, moved = hero.cell, 0
        for _ in range(effect.cells):
            nxt = (cell[0] + step[0], cell[1] + step[1])
            if nxt in occupied or not state.grid.floor(nxt):
                break
            cell, moved = nxt, moved + 1
        if moved:
            hero.cell = cell
            if events is not None:
                events.append(
                    Event(
                        EventKind.DISPLACE,
                        player=hero.team,
                        card=hero.uid,
                        target=caster.uid,
                        point=cell,
                        name=ability.id,
                    )
                )
        if moved < effect.cells and effect.power[1] > 0:  # slammed into a wall or a hero
            deal(state, hero, roll(state, *effect.power), caster.uid, events)


def _push(state, caster, effect, heroes, target, ability, events) -> None:
    _shove(state, caster, effect, heroes, target, ability, events, toward=False)


def _pull(state, caster, effect, heroes, target, ability, events) -> None:
    _shove(state, caster, effect, heroes, target, ability, events, toward=True)


def _relocate(state, caster, effect, heroes, target, ability, events) -> None:
    """Dash and teleport: legality (a free cell, walkable or in sight) was checked by the state."""
    if target in state.occupied():  # an earlier effect of the same ability filled it
        return
    path = state.grid.path(caster.cell, target, state.occupied()) if effect.verb == Verb.DASH else [target]
    caster.cell = target
    if events is not None:
        events.append(
            Event(
                EventKind.DISPLACE, player=caster.team, card=caster.uid, point=target, line=tuple(path), name=ability.id
            )
        )


VERBS: dict[Verb, Callable] = {
    Verb.DAMAGE: _damage,
    Verb.HEAL: _heal,
    Verb.STATUS: _status,
    Verb.RESTORE: _restore,
    Verb.PUSH: _push,
    Verb.PULL: _pull,
    Verb.DASH: _relocate,
    Verb.TELEPORT: _relocate,
}
