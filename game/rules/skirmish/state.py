"""SkirmishState: one match of two teams of three heroes on a grid arena, the single forward model
for the client, the AIs, the bench and the tests.

The State API is OpenSpiel's, as in the card battle: `current_player` (the active hero's team) and
`active_hero`, `legal_actions()`, `apply(action)` (returns typed events), `do(action)` (the same,
recording nothing, for searches), `clone()`, `winner` (None, 0, 1 or DRAW), `is_over`,
`observation(team)`.

Turn structure. A round gives every living hero one turn, in initiative order: higher first;
between equal initiatives team (round + initiative + 1) % 2 first, which alternates by round and
by initiative so that with mirrored teams neither side always moves first (walking first into
range is a handicap: when team 0 won every tie of round 1, it scored 0.396 [0.354, 0.440] in
500 mirrored easy-vs-easy games; now 0.495 [0.464, 0.526] in 1,000); then slot order. A turn: cooldowns count down, poison and
regeneration tick, a stunned hero's turn is skipped, energy is refilled to the hero's turn energy
(not banked), mana regenerates. The hero moves (each step costs its move cost) and casts abilities
until it plays END or cannot act (no energy for a step and no ability it can pay for): then the
turn ends by itself. At the end of a hero's turn its statuses count down. A team wins when every
hero of the other team is down; both at once, or the arena's round limit passing, is a DRAW.
Against stalemates (healers can outheal the damage of weak teams) an arena may have a storm:
from its storm round on, every hero takes storm damage x storm rounds so far at its turn start,
after poison, through armour and shields. A hero starting its turn on an embers cell (a map's
'~' floor) then takes the map's hazard damage the same way.

All randomness comes from `rng` (random.Random seeded with `seed`; clone copies it), so a match
replays exactly from its set-up, seed and actions (see effects.py for the order of the rolls).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.events import Event, EventKind
from game.rules.game_api import IllegalAction as BaseIllegalAction
from game.rules.skirmish.actions import END, Act, Action, cast, move
from game.rules.skirmish.effects import heal, deal, resolve
from game.rules.skirmish.grid import Grid, manhattan
from game.rules.skirmish.hero import Hero
from game.rules.skirmish.model import Ability, Roster, StatusKind, TargetKind, Verb
from game.rules.skirmish.names import hero_names

DRAW = 2
TEAM_SIZE = 3
# The source of damage no hero dealt (a DAMAGE event's `target`): the storm, an embers cell.
STORM, EMBERS = -1, -2
_GRIDS: dict[int, Grid] = {}  # by id(arena): one line-of-sight cache per arena for every state


class IllegalAction(BaseIllegalAction):
    pass


class SkirmishState:
    __slots__ = (
        "roster",
        "arena",
        "grid",
        "heroes",
        "order",
        "turn_index",
        "round",
        "winner",
        "rng",
        "seed",
        "expected",
        "start_events",
        "names",
    )

    def __init__(self, roster: Roster, arena: str, teams: Sequence[Sequence[str]], seed: int = 0):
        if len(teams) != 2 or any(len(team) != TEAM_SIZE for team in teams):
            raise ValueError(f"a skirmish needs two teams of {TEAM_SIZE} hero classes")
        self.roster = roster
        self.arena = roster.arenas[arena]
        grid = _GRIDS.get(id(self.arena))
        if grid is None or grid.arena is not self.arena:
            grid = _GRIDS[id(self.arena)] = Grid(self.arena)
        self.grid = grid
        self.heroes = [
            Hero(team * TEAM_SIZE + slot + 1, team, slot, roster.classes[cls_id], self.arena.spawns[team][slot])
            for team in (0, 1)
            for slot, cls_id in enumerate(teams[team])
        ]
        self.order: list[int] = []  # uids of this round's turns, in order
        self.turn_index = -1
        self.round = 0
        self.winner: int | None = None
        self.seed = seed
        self.rng = random.Random(seed)
        self.expected = False  # expected-value simulation (searches): no rolls, floats
        # What players call the heroes (uid 1 first): drawn from the seed apart from the rolls
        # (names.py); a level sets its own. Only words read them: no rule does.
        self.names: tuple[str, ...] = hero_names(seed, len(self.heroes))
        self.start_events: list[Event] = []  # what happened before the first action (first round, turn)
        self._next_turn(self.start_events)

    # ----------------------------------------------------------------------------- state API

    @property
    def active_hero(self) -> Hero:
        return self.heroes[self.order[self.turn_index] - 1]

    def name(self, uid: int) -> str:
        """The hero's name, e.g. "Orla"."""
        return self.names[uid - 1]

    def label(self, uid: int) -> str:
        """The hero's name and class as the log and the explanations say it: "Orla (Cleric)"; a
        level's name that already says the class stands alone ("Your cleric")."""
        name, cls = self.names[uid - 1], self.heroes[uid - 1].cls.name
        name = name[:1].upper() + name[1:]
        return name if cls.casefold() in name.casefold() else f"{name} ({cls})"

    @property
    def current_player(self) -> int:
        return self.active_hero.team

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def clone(self) -> SkirmishState:
        twin = SkirmishState.__new__(SkirmishState)
        twin.roster = self.roster
        twin.arena = self.arena
        twin.grid = self.grid
        twin.heroes = [hero.copy() for hero in self.heroes]
        twin.order = self.order  # replaced, never mutated
        twin.turn_index = self.turn_index
        twin.round = self.round
        twin.winner = self.winner
        twin.seed = self.seed
        if self.expected:
            twin.rng = self.rng  # never drawn from in expected-value mode
        else:
            twin.rng = random.Random()
            twin.rng.setstate(self.rng.getstate())
        twin.expected = self.expected
        twin.start_events = []
        twin.names = self.names
        return twin

    def observation(self, team: int) -> SkirmishState:
        """What `team` may see: everything but the random generator's state. The copy's rng is a
        fresh Random(0), so a search cannot read the coming rolls; searchers that sample outcomes
        reseed it from their own seed, or simulate in expected-value mode."""
        seen = self.clone()
        seen.rng = random.Random(0)
        return seen

    def simulation(self) -> SkirmishState:
        """A copy in expected-value mode (no rolls: each random outcome is replaced by its mean)."""
        twin = self.clone()
        twin.expected = True
        return twin

    def legal_actions(self) -> list[Action]:
        """END, then MOVE to every reachable cell (row-major), then CAST of each ready, affordable
        ability on each valid target cell (abilities in class order)."""
        if self.winner is not None:
            return []
        hero = self.active_hero
        actions = [END]
        occupied = self.occupied()
        steps = int(hero.energy // hero.cls.move_cost)
        actions += [
            move(x, y) for (x, y) in sorted(self.grid.reach(hero.cell, steps, occupied), key=lambda c: (c[1], c[0]))
        ]
        for ability in hero.cls.abilities:
            if self.can_cast(hero, ability):
                actions += [cast(ability.id, x, y) for (x, y) in self.targets(hero, ability, occupied)]
        return actions

    def illegal_reason(self, action: Action) -> str | None:
        if self.winner is not None:
            return "the game is over"
        if action in self.legal_actions():
            return None
        hero = self.active_hero
        if action.kind == Act.CAST:
            ability = next((a for a in hero.cls.abilities if a.id == action.ability), None)
            if ability is None:
                return f"{hero.cls.name} has no ability {action.ability!r}"
            if not self.can_cast(hero, ability):
                return f"{ability.name} is on cooldown or costs more than {hero.cls.name} has"
            return f"{ability.name} cannot target {action.x},{action.y}"
        return f"{hero.cls.name} cannot reach {action.x},{action.y}"

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (IllegalAction otherwise) and return what happened, in order."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(f"{action.text()}: {reason}")
        events: list[Event] = []
        self._do(action, events)
        return events

    def do(self, action: Action) -> None:
        """Apply an action known to be legal (from legal_actions()), recording nothing."""
        self._do(action, None)

    # ----------------------------------------------------------------------------- queries

    def occupied(self) -> set[tuple[int, int]]:
        return {hero.cell for hero in self.heroes if hero.alive}

    def hero_at(self, cell: tuple[int, int]) -> Hero | None:
        for hero in self.heroes:
            if hero.alive and hero.cell == cell:
                return hero
        return None

    def team(self, team: int) -> list[Hero]:
        return [hero for hero in self.heroes if hero.team == team and hero.alive]

    def ability(self, hero: Hero, ability_id: str) -> Ability:
        for ability in hero.cls.abilities:
            if ability.id == ability_id:
                return ability
        raise KeyError(ability_id)

    def can_cast(self, hero: Hero, ability: Ability) -> bool:
        return hero.cooldowns.get(ability.id, 0) == 0 and hero.energy >= ability.energy and hero.mana >= ability.mana

    def can_act(self, hero: Hero) -> bool:
        """Energy for a step, or an ability it can pay for (targets aside: then it plays END)."""
        if hero.energy >= hero.cls.move_cost:
            return True
        return any(self.can_cast(hero, ability) for ability in hero.cls.abilities)

    def targets(self, hero: Hero, ability: Ability, occupied: set | None = None) -> list[tuple[int, int]]:
        """The cells `ability` may be cast on by `hero` now (costs and cooldown aside), row-major."""
        if ability.target == TargetKind.SELF:
            return [hero.cell]
        occupied = self.occupied() if occupied is None else occupied
        kind = ability.target
        if kind in (TargetKind.ENEMY, TargetKind.ALLY):
            taunt = hero.statuses.get(StatusKind.TAUNT)
            taunter = self.heroes[taunt.source - 1] if taunt is not None else None
            cells = []
            for other in self.heroes:
                if not other.alive or (other.team == hero.team) != (kind == TargetKind.ALLY):
                    continue
                if kind == TargetKind.ENEMY and taunter is not None and taunter.alive and other is not taunter:
                    continue
                cells.append(other.cell)
        elif any(e.verb == Verb.DASH for e in ability.effects):
            cells = list(self.grid.reach(hero.cell, ability.range, occupied))
        else:
            hx, hy, r = hero.cell[0], hero.cell[1], ability.range
            cells = [
                (x, y) for y in range(hy - r, hy + r + 1) for x in range(hx - r, hx + r + 1) if self.grid.floor((x, y))
            ]
            if kind == TargetKind.EMPTY:
                cells = [c for c in cells if c not in occupied]
        out = [
            c
            for c in cells
            if ability.min_range <= manhattan(hero.cell, c) <= ability.range
            and (not ability.los or self.grid.los(hero.cell, c))
        ]
        out.sort(key=lambda c: (c[1], c[0]))
        return out

    # ----------------------------------------------------------------------------- rules

    def _do(self, action: Action, events: list[Event] | None) -> None:
        hero = self.active_hero
        if action.kind == Act.END:
            self._end_turn(events)
            return
        if action.kind == Act.MOVE:
            occupied = self.occupied()
            path = self.grid.path(hero.cell, action.cell, occupied)
            cost = len(path) * hero.cls.move_cost
            hero.energy -= cost
            hero.cell = action.cell
            if events is not None:
                events.append(
                    Event(
                        EventKind.MOVE, player=hero.team, card=hero.uid, point=action.cell, line=tuple(path), value=cost
                    )
                )
        else:
            ability = self.ability(hero, action.ability)
            hero.energy -= ability.energy
            hero.mana -= ability.mana
            hero.cooldowns[ability.id] = ability.cooldown
            if events is not None:
                events.append(
                    Event(EventKind.CAST, player=hero.team, card=hero.uid, point=action.cell, name=ability.id)
                )
            resolve(self, hero, ability, action.cell, events)
            self._bury(events)
            if self.winner is not None:
                return
        if not hero.alive or not self.can_act(hero):
            self._end_turn(events)

    def _bury(self, events: list[Event] | None) -> None:
        """Heroes at 0 health or less are down (off the field); then the match may be decided."""
        for hero in self.heroes:
            if hero.alive and hero.health <= 0:
                hero.alive = False
                if events is not None:
                    events.append(Event(EventKind.DEATH, player=hero.team, card=hero.uid))
        standing = [any(h.alive for h in self.heroes if h.team == team) for team in (0, 1)]
        if not all(standing):
            self.winner = DRAW if not any(standing) else (0 if standing[0] else 1)
            if events is not None:
                if self.winner == DRAW:
                    events.append(Event(EventKind.DRAW_GAME))
                else:
                    events.append(Event(EventKind.WIN, player=self.winner))

    def _end_turn(self, events: list[Event] | None) -> None:
        hero = self.active_hero
        if hero.alive:
            self._end_turn_statuses(hero, events)
        self._next_turn(events)

    def _next_turn(self, events: list[Event] | None) -> None:
        """Start the next living hero's turn, skipping turns that end by themselves (stun, no
        action), and starting new rounds as needed; stops when a turn waits for an action."""
        while self.winner is None:
            self.turn_index += 1
            if self.turn_index >= len(self.order):
                if self.round >= self.arena.round_limit:
                    self.winner = DRAW
                    if events is not None:
                        events.append(Event(EventKind.DRAW_GAME))
                    return
                self._new_round(events)
            hero = self.active_hero
            if not hero.alive:
                continue
            if self._begin_turn(hero, events):
                return
            if self.winner is None and hero.alive:
                self._end_turn_statuses(hero, events)

    def _new_round(self, events: list[Event] | None) -> None:
        self.round += 1
        living = [h for h in self.heroes if h.alive]
        living.sort(key=lambda h: (-h.cls.initiative, h.team != (self.round + h.cls.initiative + 1) % 2, h.slot))
        self.order = [h.uid for h in living]
        self.turn_index = 0
        if events is not None:
            events.append(Event(EventKind.ROUND, value=self.round))

    def _begin_turn(self, hero: Hero, events: list[Event] | None) -> bool:
        """Start-of-turn upkeep; True when the hero then acts, False when its turn is over."""
        if events is not None:
            events.append(Event(EventKind.HERO_TURN, player=hero.team, card=hero.uid, value=hero.turn_energy()))
        for ability_id, left in list(hero.cooldowns.items()):
            if left <= 1:
                del hero.cooldowns[ability_id]
            else:
                hero.cooldowns[ability_id] = left - 1
        storm = self.storm_damage()
        embers = self.hazard_damage(hero.cell)
        poison = hero.statuses.get(StatusKind.POISON)
        if poison is not None or storm or embers:
            if poison is not None:
                deal(self, hero, poison.amount, poison.source, events, shields=False)
            deal(self, hero, storm, STORM, events, shields=False)
            deal(self, hero, embers, EMBERS, events, shields=False)
            self._bury(events)
            if not hero.alive:
                return False
        regen = hero.statuses.get(StatusKind.REGEN)
        if regen is not None:
            heal(hero, regen.amount, events)
        if hero.has(StatusKind.STUN):
            hero.energy = 0
            if events is not None:
                events.append(Event(EventKind.STUNNED, player=hero.team, card=hero.uid))
            return False
        hero.energy = hero.turn_energy()
        gain = min(hero.cls.mana_regen, hero.cls.mana - hero.mana)
        if gain > 0:
            hero.mana += gain
            if events is not None:
                events.append(Event(EventKind.MANA, player=hero.team, card=hero.uid, value=int(gain)))
        return self.can_act(hero)

    def storm_damage(self) -> int:
        """What the storm deals each hero at its turn start this round (ignoring armour and shields)."""
        arena = self.arena
        if not arena.storm_round or self.round < arena.storm_round:
            return 0
        return arena.storm_damage * (self.round - arena.storm_round + 1)

    def hazard_damage(self, cell: tuple[int, int]) -> int:
        """What an embers cell deals the hero starting its turn on it (through armour and shields)."""
        return self.arena.hazard_damage if cell in self.arena.hazards else 0

    def _end_turn_statuses(self, hero: Hero, events: list[Event] | None) -> None:
        """Statuses count down at the end of every turn of their hero, skipped turns (stun) included."""
        for kind, status in list(hero.statuses.items()):
            if status.turns <= 1:
                del hero.statuses[kind]
                if events is not None:
                    events.append(Event(EventKind.EXPIRE, player=hero.team, card=hero.uid, name=kind.value))
            else:
                hero.statuses[kind] = status._replace(turns=status.turns - 1)

    # ----------------------------------------------------------------------------- text

    def diagram(self) -> str:
        """The arena as text: `#` walls, `.` floor, `~` embers, heroes as their uid (1-3 team 0, 4-6 team 1)."""
        rows = []
        for y in range(self.arena.height):
            row = ""
            for x in range(self.arena.width):
                hero = self.hero_at((x, y))
                tile = "#" if (x, y) in self.arena.walls else "~" if (x, y) in self.arena.hazards else "."
                row += str(hero.uid) if hero else tile
            rows.append(row)
        return "\n".join(rows)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"hero {self.active_hero.uid} to act"
        return f"SkirmishState({self.arena.id}, round {self.round}, {state})"
