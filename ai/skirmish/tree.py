"""The medium AI, seed 002's decision tree: every sequence of the active hero's actions until its
turn ends, each simulated on a copy with random outcomes replaced by their expected value, scored
by the situation score; a node's score is its own score plus its best child's (scores float up
to the roots, as in the article), and the best root action is played.

As in the article: moves (and dash/teleport targets) are pruned to the best three cells by
position weight, abilities by the usage rules in their data, branches are freed as the search
returns (only the best path is kept) unless a tree is asked for (`keep_tree`: the JSON
debugging aid), and a thinking-time threshold stops the growth. One change: the tree is grown
by iterative deepening (depth 1, 2, ...; the last complete depth is used), so the threshold cuts
every root action at the same depth instead of starving all but the first.

Measured changes (medium against easy, 40 ms): the article's selfScore is the situation score
itself, always positive, so any longer sequence outscores a shorter one and the hero paces
between two cells to pile up points (1.5 of 20 games won). Here selfScore is the change the
action makes to the situation score; summed along a path it telescopes to the final situation
minus the present one, so the sum the article floats up compares where each sequence ends.
The move ranking also gives +2 to cells from which an attack is still affordable (the article's
pure position weight kept far cells that left no energy to fight); the score's own changes are
in evaluation.py.

The plan (the best path) is followed while outcomes are certain: after a MOVE the next planned
action is played without a new search; after a CAST, whose rolls the simulation only averaged,
the turn is planned again.
"""

from __future__ import annotations

import gc
import time

from ai.skirmish.agent import SkirmishAgent, deadline
from ai.skirmish.evaluation import move_weight, situation_score, teams_around
from game.i18n import _, pgettext
from game.rules.skirmish import words as said
from game.rules.events import EventKind
from game.rules.skirmish.actions import END, Act, Action, cast, move
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.model import MOVE_VERBS, TargetKind, Verb
from game.rules.skirmish.usage import usage_ok

MOVE_KEEP = 3  # the article keeps the best 3 move targets
MAX_DEPTH = 12


class Node:
    __slots__ = ("action", "self_score", "score", "branch", "path")

    def __init__(self, action: Action, self_score: float):
        self.action = action
        self.self_score = self_score
        self.score = self_score
        self.branch: list[Node] | None = None  # children, kept only for export
        self.path: tuple[Action, ...] = (action,)  # this action and the best continuation

    def to_json(self) -> dict:
        out = {"action": self.action.text(), "score": round(self.score, 1), "selfScore": round(self.self_score, 1)}
        if self.branch:
            out["branch"] = [child.to_json() for child in self.branch]
        return out


def candidates(state, hero) -> list[Action]:
    """END, the best MOVE_KEEP move targets by position weight, and the casts the usage rules allow
    (relocations: their best MOVE_KEEP cells)."""
    actions = [END]
    occupied = state.occupied()
    steps = int(hero.energy // hero.cls.move_cost)
    cells = state.grid.reach(hero.cell, steps, occupied)
    actions += [move(*c) for c in _best_cells(state, hero, cells, hero.energy)]
    for ability in hero.cls.abilities:
        if not state.can_cast(hero, ability):
            continue
        targets = [c for c in state.targets(hero, ability, occupied) if usage_ok(state, hero, ability, c)]
        if any(e.verb in MOVE_VERBS for e in ability.effects):
            targets = _best_cells(state, hero, targets)
        actions += [cast(ability.id, *c) for c in targets]
    return actions


def _best_cells(state, hero, cells, energy=None) -> list:
    """The MOVE_KEEP best cells by the article's position weight; walking targets (a dict of
    distances) also get +2 when the energy left there still pays for an attack on an enemy from
    there (else the pruning keeps far cells that leave nothing to fight with)."""
    sides = teams_around(state, hero)

    def rank(cell):
        value = move_weight(state, hero, cell, sides)
        if energy is not None and attack_from(state, hero, cell, energy - cells[cell] * hero.cls.move_cost):
            value += 2.0
        return (-value, cell[1], cell[0])

    return sorted(cells, key=rank)[:MOVE_KEEP]


def attack_from(state, hero, cell, energy: float) -> bool:
    """Whether a ready damaging ability could hit an enemy from `cell` with `energy` left."""
    for ability in hero.cls.abilities:
        if ability.energy > energy or ability.mana > hero.mana or hero.cooldowns.get(ability.id, 0):
            continue
        if ability.target != TargetKind.ENEMY or not any(e.verb == Verb.DAMAGE for e in ability.effects):
            continue
        for enemy in state.heroes:
            if enemy.alive and enemy.team != hero.team:
                d = manhattan(cell, enemy.cell)
                if ability.min_range <= d <= ability.range and (not ability.los or state.grid.los(cell, enemy.cell)):
                    return True
    return False


class TreeSearch:
    """One search over the active hero's turn; `nodes` are the root's children, best first."""

    def __init__(self, state, stop: float, keep_tree: bool = False, max_depth: int = MAX_DEPTH):
        self.root = state.simulation()
        self.hero_uid = self.root.active_hero.uid
        self.team = self.root.active_hero.team
        self.stop = stop
        self.keep_tree = keep_tree
        self.nodes: list[Node] = []
        self.depth = 0
        self.expanded = 0
        for depth in range(1, max_depth + 1):
            self._cut = False
            nodes = self._branch(self.root, depth)
            if nodes is None:  # out of time within this depth: keep the last complete one
                if not self.nodes:  # not even depth 1: what was scored so far
                    self.nodes = sorted(self._partial, key=lambda n: -n.score)
                break
            self.nodes, self.depth = nodes, depth
            if not self._cut:  # the whole turn fitted: deeper finds nothing new
                break

    def _same_turn(self, before, after) -> bool:
        return after.winner is None and after.round == before.round and after.turn_index == before.turn_index

    def _branch(self, state, depth: int) -> list[Node] | None:
        hero = state.active_hero
        nodes: list[Node] = []
        self._partial = nodes
        before = situation_score(state, self.team, self.hero_uid)
        for action in candidates(state, hero):
            if time.perf_counter() > self.stop:
                return None
            child = state.clone()
            child.do(action)
            self.expanded += 1
            after = situation_score(child, self.team, self.hero_uid)
            node = Node(action, after - before)
            if action is not END and self._same_turn(state, child):
                if depth > 1:
                    branch = self._branch(child, depth - 1)
                    if branch is None:
                        return None
                    if branch:
                        node.score = node.self_score + branch[0].score
                        node.path = (action, *branch[0].path)
                        if self.keep_tree:
                            node.branch = branch
                else:
                    self._cut = True
            nodes.append(node)
        nodes.sort(key=lambda n: -n.score)
        return nodes

    def tree_json(self) -> dict:
        """The searched tree (complete only with keep_tree=True) as the article's JSON."""
        return {
            "hero": self.hero_uid,
            "depth": self.depth,
            "expanded": self.expanded,
            "branch": [node.to_json() for node in self.nodes],
        }


def explain(state, nodes: list[Node]) -> str:
    """The chosen plan in a player's words: the hero's name, the cells as the board labels them
    (game.py's `cell_name`), what each step is expected to do, and how it compared with the
    runner-up in words (the scores are the search's own units: only their order means much). In
    the language of the moment (the client's AI worker is told the player's; every other process
    keeps English)."""
    if not nodes:
        return _(said.NO_PLAN)
    best = nodes[0]
    sim = state.simulation()
    hero = sim.active_hero
    steps = []
    for action in best.path:
        if sim.is_over or sim.active_hero.uid != hero.uid:
            break
        words = step_words(sim, action)
        events = sim.apply(action)
        if action.kind == Act.CAST:
            damage, healing = _(said.ABOUT_DAMAGE), _(said.ABOUT_HEALING)
            effects = [
                damage.format(amount=f"{e.value:.0f}", hero=said.hero_label(sim, e.card))
                for e in events
                if e.kind == EventKind.DAMAGE
            ]
            effects += [
                healing.format(amount=f"{e.value:.0f}", hero=said.hero_label(sim, e.card))
                for e in events
                if e.kind == EventKind.HEAL
            ]
            if effects:
                listed = pgettext("skirmish log", ", ").join(effects)
                words = _(said.STEP_WITH_EFFECTS).format(step=words, effects=listed)
        steps.append(words)
    text = _(said.PLANNED).format(hero=said.hero_label(state, hero.uid), steps=_(said.THEN).join(steps))
    if len(nodes) > 1:
        text += " " + said.judged(best.score - nodes[1].score).format(step=step_words(state, nodes[1].action))
    return text


def step_words(state, action: Action) -> str:
    """One action of the active hero, as the rest of a sentence: "walk to c4", "use Strike on
    Kael (Ranger) at d4", "use Leap to reach f2", "end the turn"."""
    from game.rules.skirmish.game import cell_name

    if action.kind == Act.MOVE:
        return _(said.WALK_TO).format(cell=cell_name(action.x, action.y))
    if action.kind == Act.END:
        return _(said.END_THE_TURN)
    hero = state.active_hero
    ability = state.ability(hero, action.ability)
    name = said.word(ability.name)
    where = cell_name(action.x, action.y)
    if any(e.verb in MOVE_VERBS for e in ability.effects):
        return _(said.USE_TO_REACH).format(ability=name, cell=where)
    if ability.target == TargetKind.SELF:
        return _(said.USE).format(ability=name)
    target = state.hero_at(action.cell)
    if target is not None:
        who = _(said.ITSELF) if target.uid == hero.uid else said.hero_label(state, target.uid)
        return _(said.USE_ON).format(ability=name, target=who, cell=where)
    return _(said.USE_AT).format(ability=name, cell=where)


class PlanFollower(SkirmishAgent):
    """Plays a stored turn plan while its outcomes are certain (after MOVEs), replans otherwise."""

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.plan: list[Action] = []
        self.plan_key = None
        self.last_nodes: list[Node] = []

    def _key(self, state):
        return (
            state.round,
            state.turn_index,
            state.active_hero.uid,
            state.active_hero.cell,
            round(state.active_hero.energy, 6),
        )

    def act(self, state, budget_ms: float) -> Action:
        start = time.perf_counter()
        # The search makes no reference cycles: reference counting frees it all, and the cyclic
        # collector's pauses (several ms with this many objects) would only eat the budget.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._act(state, budget_ms, start)
        finally:
            if collecting:
                gc.enable()

    def _act(self, state, budget_ms: float, start: float) -> Action:
        if self.plan and self.plan_key == self._key(state) and self.plan[0] in state.legal_actions():
            action = self.plan.pop(0)
            self.last_nodes = []  # no search this time: nothing new to explain
        else:
            path = self.search(state, deadline(budget_ms, start))
            action, self.plan = path[0], list(path[1:])
        if action.kind == Act.MOVE and self.plan:
            after = state.clone()
            after.do(action)
            self.plan_key = self._key(after) if not after.is_over else None
        else:
            self.plan, self.plan_key = [], None
        return action

    def search(self, state, stop: float) -> tuple[Action, ...]:
        raise NotImplementedError


class TreeAgent(PlanFollower):
    name = "medium"

    def __init__(self, seed: int | None = None, keep_tree: bool = False):
        super().__init__(seed)
        self.keep_tree = keep_tree
        self.last_search: TreeSearch | None = None

    def search(self, state, stop: float) -> tuple[Action, ...]:
        search = TreeSearch(state, stop, self.keep_tree)
        self.last_search = search
        self.last_nodes = search.nodes
        return search.nodes[0].path if search.nodes else (END,)
