"""What a choice would do, worked out on a copy of the state before the player commits: a
cast's expected numbers (after shields), where a push lands, whom an area reaches; a walk's
energy cost and whether it leaves the hero anything to act with. The scene asks; the view draws
the answers (view_model.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.skirmish.words import hero_label, status_name, word
from game.i18n import _, ngettext, pgettext
from game.rules.events import EventKind
from game.rules.skirmish.actions import Act, cast, move
from game.rules.skirmish.game import cell_name
from game.rules.skirmish.model import DamageKind, StatusKind, Verb


@dataclass(frozen=True)
class CastPreview:
    lines: list[str]  # in words, with the heroes' names
    affected: frozenset = frozenset()  # uids the cast reaches
    pushes: tuple = ()  # (from cell, to cell) of each hero it moves (the caster's dash included)
    area: list = field(default_factory=list)


def cast_preview(state, ability, cell) -> CastPreview:
    """The expected outcome of casting `ability` on `cell` (random rolls replaced by their means)."""
    sim = state.simulation()
    hero = sim.active_hero
    area = state.grid.area(ability.shape, ability.size, hero.cell, cell)
    before = {h.uid: h.cell for h in sim.heroes}
    events = sim.apply(cast(ability.id, *cell))
    lines: list[str] = []
    if any(e.verb == Verb.DAMAGE and e.kind == DamageKind.PHYSICAL for e in ability.effects):
        words = _("Hit chance {hit}%, critical {crit}%. Expected:")
        lines.append(words.format(hit=round(100 * hero.hit_chance()), crit=round(100 * hero.crit_chance())))
    what: dict[int, list[str]] = {}
    pushes = []
    for e in events:
        if e.kind == EventKind.DAMAGE:
            what.setdefault(e.card, []).append(_("-{amount} health").format(amount=f"{e.value:.0f}"))
        elif e.kind == EventKind.ABSORB:
            shield = state.heroes[e.card - 1].amount(StatusKind.SHIELD)
            words = _("shield takes {amount} of {shield}")
            what.setdefault(e.card, []).append(words.format(amount=f"{e.value:.0f}", shield=shield))
        elif e.kind == EventKind.HEAL:
            what.setdefault(e.card, []).append(_("+{amount} health").format(amount=f"{e.value:.0f}"))
        elif e.kind == EventKind.STATUS:
            turns = int(e.value)
            words = ngettext("{status} for {count} turn", "{status} for {count} turns", turns)
            what.setdefault(e.card, []).append(words.format(status=status_name(e.name), count=turns))
        elif e.kind == EventKind.DISPLACE:
            pushes.append((before[e.card], e.point))
            words = _("moves to {cell}") if e.card == hero.uid else _("lands on {cell}")
            what.setdefault(e.card, []).append(words.format(cell=cell_name(*e.point)))
        elif e.kind == EventKind.DEATH:
            what.setdefault(e.card, []).append(_("would fall"))
    hurt = {e.card for e in events if e.kind == EventKind.DAMAGE}
    for e in events:  # a shield that takes the whole blow: say so, with the number after it
        if e.kind == EventKind.ABSORB and e.card not in hurt:
            what[e.card].append(_("no damage gets through"))
            hurt.add(e.card)
    comma = pgettext("skirmish log", ", ")
    for uid, parts in what.items():
        who = _("You") if uid == hero.uid and len(what) > 1 else hero_label(state, uid)
        # TRANSLATORS: a preview line: "Orla (Cleric): -12 health, Slow for 2 turns".
        lines.append(_("{hero}: {outcome}").format(hero=who, outcome=comma.join(parts)))
    affected = frozenset(uid for uid in what if uid != hero.uid or len(what) == 1)
    if not what:
        reached = [h for h in state.heroes if h.alive and h.cell in area]
        lines.append(_("Nobody in the area.") if not reached else word(ability.text))
    return CastPreview(lines, affected, tuple(pushes), area)


def path_note(state, path) -> str:
    """A walk's cost and what is left: "3 steps: 6 energy, 4 left"."""
    hero = state.active_hero
    steps = len(path)
    cost = steps * hero.cls.move_cost
    left = hero.energy - cost
    # TRANSLATORS: a walk's cost by the board: "3 steps: 6 energy, 4 left".
    words = ngettext("{count} step: {cost} energy, {left} left", "{count} steps: {cost} energy, {left} left", steps)
    return words.format(count=steps, cost=cost, left=f"{left:g}")


def move_warning(state, cell) -> str:
    """Why a walk to `cell` deserves a second click ("" when it does not): it ends the hero's
    turn, or leaves too little energy for any of its abilities."""
    hero = state.active_hero
    after = state.clone()
    after.do(move(*cell))
    name = state.name(hero.uid)
    if after.is_over:
        return ""
    if after.active_hero.uid != hero.uid:
        words = _("This walk uses all of {name}'s energy: the turn ends. Click again (or Enter) to walk.")
        return words.format(name=name)
    moved = after.heroes[hero.uid - 1]
    if not any(a.kind == Act.CAST for a in after.legal_actions()) and not any(
        moved.energy >= ability.energy and moved.mana >= ability.mana and not moved.cooldowns.get(ability.id)
        for ability in moved.cls.abilities
    ):
        words = _(
            "After this walk {name} has {energy} energy: not enough for any ability. Click again (or Enter) to walk."
        )
        return words.format(name=name, energy=f"{moved.energy:g}")
    return ""
