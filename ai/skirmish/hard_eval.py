"""What the hard AI knows about a position that the medium tree's score does not (the tree's
score, evaluation.py, stays as it is: medium is the yardstick hard is measured against).

Each rule here fixes a mistake a player saw hard make; tests/skirmish/test_hard_positions.py
holds a position for each (what was tried against the spent mana, and lost strength, is in
docs/design/skirmish-ai.md):

- under the storm nothing is safe and only the spells a hero can pay for set its range
  (`place_worth`, `fight_range`): the last druid, out of mana, kept to its spells' range 5 where
  its staff does nothing and idled in a corner while the storm killed it; from the round before
  the storm on, safety is no longer weighed and a hero without mana closes to striking range;
- a wounded hero must get out of reach (`escape_cells`): a 1-health cleric stayed in a ranger's
  range because no cell out of it was among the cells the search tried;
- a hero the enemies could kill next round is in peril (`peril`): a 14-health cleric walked into
  the middle of the enemy team to cast Smite, because the replies deal each blow at its mean and
  no single enemy's mean kills it.
"""

from __future__ import annotations

from ai.skirmish.evaluation import STATUS_HP, hazard_cost
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.hero import Hero
from game.rules.skirmish.model import DEBUFFS, DamageKind, TargetKind, Verb

MANA_WORTH = 10.0  # a full pool, as before
POSITION_WORTH = 30.0  # about a third of a hero's health, as before
# place_worth's parts beside nearness to fighting range (1): allies near, enemies unable to strike.
COHESION = 0.25
SAFETY = 0.25

_RANGES: dict[tuple, int] = {}


def fight_range(hero: Hero, paid_only: bool = True) -> int:
    """One less than the longest reach of the damaging enemy-targeted abilities (melee: 1), with
    `paid_only` only those whose mana the hero has now: evaluation.optimal_range otherwise."""
    paid = tuple(a.mana <= hero.mana or not paid_only for a in hero.cls.abilities)
    key = (hero.cls.id, paid)
    cached = _RANGES.get(key)
    if cached is None:
        reach = [
            a.range + (a.size if a.target == TargetKind.CELL else 0)
            for a, ok in zip(hero.cls.abilities, paid)
            if ok and a.target != TargetKind.SELF and any(e.verb == Verb.DAMAGE for e in a.effects)
        ]
        cached = _RANGES[key] = max(1, max(reach, default=1) - 1)
    return cached


def strikers(state, cell: tuple[int, int], enemies: list[Hero]) -> float:
    """How many of `enemies` could walk into their fighting range of `cell` and still strike on
    their next turn (one that needs sight and has none counts half)."""
    los = state.grid.los
    count = 0.0
    for enemy in enemies:
        best = fight_range(enemy, False)
        threat = enemy.turn_energy() // enemy.cls.move_cost + best + 1
        if manhattan(cell, enemy.cell) <= threat:
            count += 0.5 if best > 1 and not los(cell, enemy.cell) else 1.0
    return count


def storm_on(state) -> bool:
    """Is the storm blowing this round or the next (then hiding only loses health)?"""
    arena = state.arena
    return bool(arena.storm_round) and state.round + 1 >= arena.storm_round


def place_worth(state, hero: Hero, cell: tuple[int, int]) -> float:
    """0..1.5: how near the nearest enemy the hero can see is to its fighting range (an unseen one
    counts half), plus COHESION x the share of allies within 3 steps, plus SAFETY x the share of
    enemies who cannot strike the cell next turn (all of them under the storm); minus the embers'
    cost. The old hard's weights (position_weights: w0 + 0.5 w1), with fight_range and the storm."""
    enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
    if not enemies:
        return 1.5
    storm = storm_on(state)
    best = fight_range(hero, storm)
    los = state.grid.los
    near = 0.0
    for enemy in enemies:
        gap = abs(manhattan(cell, enemy.cell) - best)
        near = max(near, max(0.0, 1.0 - gap / 8.0) * (1.0 if best == 1 or los(cell, enemy.cell) else 0.5))
    allies = [h for h in state.heroes if h.alive and h.team == hero.team and h is not hero]
    cohesion = sum(1.0 for a in allies if manhattan(cell, a.cell) <= 3) / len(allies) if allies else 1.0
    safe = 1.0 if storm else 1.0 - strikers(state, cell, enemies) / len(enemies)
    return near + COHESION * cohesion + SAFETY * safe - hazard_cost(state, hero, cell) / POSITION_WORTH


def team_value(state, team: int) -> float:
    """Our heroes' worth minus theirs: 40 for standing, 100 * sqrt(health ratio), MANA_WORTH x
    mana ratio, statuses in health points x 100 / max health; a won match is worth 10,000."""
    if state.winner is not None:
        return 10_000.0 if state.winner == team else -10_000.0 if state.winner in (0, 1) else 0.0
    total = 0.0
    for hero in state.heroes:
        if not hero.alive:
            continue
        value = 40.0 + 100.0 * (max(0.0, hero.health) / hero.cls.health) ** 0.5 + MANA_WORTH * hero.mana_ratio
        for kind, status in hero.statuses.items():
            worth = STATUS_HP[kind](status) * 100.0 / hero.cls.health
            value += -worth if kind in DEBUFFS else worth
        total += value if hero.team == team else -value
    return total


def plan_value(state, team: int, hero_uid: int) -> float:
    """team_value plus the planning hero's place_worth x POSITION_WORTH: health alone cannot
    tell one walk from another, and the replies then only judge arbitrary ones."""
    value = team_value(state, team)
    hero = state.heroes[hero_uid - 1]
    if hero.alive and state.winner is None:
        value += POSITION_WORTH * place_worth(state, hero, hero.cell)
    return value


def escape_cells(state, hero: Hero, cells, keep: int = 2) -> list[tuple[int, int]]:
    """The `keep` cells of `cells` that fewest enemies can strike next turn, nearest an ally
    first among equals (a healer's cover), then row-major."""
    enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
    allies = [h for h in state.heroes if h.alive and h.team == hero.team and h is not hero]
    if not enemies:
        return []

    def rank(cell):
        company = min((manhattan(cell, a.cell) for a in allies), default=0)
        return (strikers(state, cell, enemies), company, cell[1], cell[0])

    return sorted(cells, key=rank)[:keep]


PERIL = 0.5  # of the hero's standing worth, lost when the enemies' high rolls together could kill it


def high_damage(enemy: Hero, cell: tuple[int, int], target: Hero) -> float:
    """The most `enemy` could deal to `target` on `cell` in its next turn on high rolls (no
    crits): it walks to its longest paid reach, then casts the paid blows that deal most with the energy
    left, each ability once unless it has no cooldown (walls and sight ignored)."""
    blows = []
    for a in enemy.cls.abilities:
        if a.mana > enemy.mana or a.target == TargetKind.SELF and a.range == 0 and a.size == 0:
            continue
        for e in a.effects:
            if e.verb != Verb.DAMAGE:
                continue
            if e.kind == DamageKind.MAGIC:
                hit = e.power[1] * (100 - target.resist()) / 100
            else:
                hit = round(enemy.cls.damage[1] * e.scale) * (100 - target.armour()) / 100
            reach = a.range + (a.size if a.target == TargetKind.CELL else 0)
            blows.append((hit * enemy.damage_percent() / 100, a.energy, a.cooldown, reach))
    if not blows:
        return 0.0
    energy = enemy.turn_energy()
    gap = manhattan(cell, enemy.cell)
    best = 0.0
    for reach in {b[3] for b in blows}:
        left = energy - max(0, gap - reach) * enemy.cls.move_cost
        if left <= 0:
            continue
        # most damage for each amount of energy (a knapsack: two bolts may beat one fireball)
        most = [0.0] * (left + 1)
        for hit, cost, cooldown, r in blows:
            if r < reach or cost <= 0:
                continue
            if cooldown == 0:
                for spent in range(cost, left + 1):
                    most[spent] = max(most[spent], most[spent - cost] + hit)
            else:
                for spent in range(left, cost - 1, -1):
                    most[spent] = max(most[spent], most[spent - cost] + hit)
        best = max(best, most[left])
    return best


def peril(state, hero: Hero) -> float:
    """What the hero standing on its cell stands to lose: PERIL x its standing worth (as
    team_value counts it) when the enemies' high_damage together reaches its health (the greedy
    replies deal each blow at its mean, so three enemies' blows that kill a 14-health cleric on
    high rolls look survivable); 0 under the storm (hiding then only loses) or when it is safe."""
    if not hero.alive or state.winner is not None or storm_on(state):
        return 0.0
    enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
    total = sum(high_damage(e, hero.cell, hero) for e in enemies)
    if total < hero.health:
        return 0.0
    return PERIL * (40.0 + 100.0 * (max(0.0, hero.health) / hero.cls.health) ** 0.5)


def safest_cells(state, hero: Hero, cells, keep: int = 1) -> list[tuple[int, int]]:
    """The `keep` cells of `cells` where the enemies' high_damage together is least (escape_cells
    counts enemies, and a mage that can reach every cell counts the same everywhere), then
    row-major."""
    enemies = [h for h in state.heroes if h.alive and h.team != hero.team]
    if not enemies:
        return []
    return sorted(cells, key=lambda c: (sum(high_damage(e, c, hero) for e in enemies), c[1], c[0]))[:keep]
