"""The log's words for what an ability did: "Orla (Cleric): Strike on Kael (Ranger), 4 damage".

An ability's CAST event is followed by the events of its hits (damage, misses, heals, statuses,
pushes, falls) until the next CAST or turn; `cast_lines` sums each hero's share into one line per
cast, which the animator logs when the cast is shown."""

from __future__ import annotations

from game.rules.skirmish.words import hero_label, status_name, word
from game.i18n import _, ngettext, pgettext
from game.rules.events import EventKind
from game.rules.skirmish.game import cell_name

_ENDS = frozenset({EventKind.CAST, EventKind.HERO_TURN, EventKind.ROUND, EventKind.WIN, EventKind.DRAW_GAME})


def cast_lines(state, events) -> dict[int, str]:
    """id(CAST event) -> its log line, for every CAST among `events` (the state names heroes and
    abilities)."""
    lines = {}
    for index, event in enumerate(events):
        if event.kind != EventKind.CAST:
            continue
        caster = state.heroes[event.card - 1]
        ability = state.ability(caster, event.name)
        what: dict[int, list[str]] = {}  # hero uid -> what happened to it, in order
        damage: dict[int, int] = {}
        for hit in events[index + 1 :]:
            if hit.kind in _ENDS:
                break
            if hit.kind == EventKind.DAMAGE:
                damage[hit.card] = damage.get(hit.card, 0) + int(hit.value)
                what.setdefault(hit.card, [])
            elif hit.kind == EventKind.CRIT:
                what.setdefault(hit.target, []).append(_("a critical hit"))
            elif hit.kind == EventKind.MISS:
                what.setdefault(hit.target, []).append(_("missed"))
            elif hit.kind == EventKind.ABSORB:
                words = _("{amount} taken by the shield")
                what.setdefault(hit.card, []).append(words.format(amount=int(hit.value)))
            elif hit.kind == EventKind.HEAL:
                what.setdefault(hit.card, []).append(_("+{amount} health").format(amount=int(hit.value)))
            elif hit.kind == EventKind.STATUS:
                turns = int(hit.value)
                words = ngettext("{status} for {count} turn", "{status} for {count} turns", turns)
                what.setdefault(hit.card, []).append(words.format(status=status_name(hit.name), count=turns))
            elif hit.kind == EventKind.DISPLACE:
                words = _("moves to {cell}") if hit.card == caster.uid else _("pushed to {cell}")
                what.setdefault(hit.card, []).append(words.format(cell=cell_name(*hit.point)))
            elif hit.kind == EventKind.DEATH:
                what.setdefault(hit.card, []).append(_("falls"))
        for uid, amount in damage.items():
            what[uid].insert(0, _("{amount} damage").format(amount=amount))
        # TRANSLATORS: the log's list separators: "4 damage, a critical hit" and "Kael 4 damage; Orla 3 damage".
        comma, semicolon = pgettext("skirmish log", ", "), pgettext("skirmish log", "; ")
        who, name = hero_label(state, caster.uid), word(ability.name)
        if not what:
            lines[id(event)] = _("{hero}: {ability}").format(hero=who, ability=name)
        elif len(what) == 1:
            ((uid, parts),) = what.items()
            if uid == caster.uid:
                # TRANSLATORS: a skirmish log line: "Orla (Cleric): Mend, +12 health".
                words = _("{hero}: {ability}, {outcome}")
                lines[id(event)] = words.format(hero=who, ability=name, outcome=comma.join(parts))
            else:
                # TRANSLATORS: a skirmish log line: "Kael (Ranger): Shoot on Orla (Cleric), 4 damage".
                words = _("{hero}: {ability} on {target}, {outcome}")
                target = hero_label(state, uid)
                lines[id(event)] = words.format(hero=who, ability=name, target=target, outcome=comma.join(parts))
        else:
            each = semicolon.join(
                # TRANSLATORS: one hero's share of an ability's outcome in the log: "Orla (Cleric) 4 damage".
                _("{target} {outcome}").format(
                    target=_("itself") if uid == caster.uid else hero_label(state, uid), outcome=comma.join(parts)
                )
                for uid, parts in what.items()
            )
            # TRANSLATORS: a skirmish log line of an ability that reached several heroes.
            lines[id(event)] = _("{hero}: {ability}: {outcomes}").format(hero=who, ability=name, outcomes=each)
    return lines
