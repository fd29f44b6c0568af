"""The log's words for what an ability did: "Orla (Cleric): Strike on Kael (Ranger), 4 damage".

An ability's CAST event is followed by the events of its hits (damage, misses, heals, statuses,
pushes, falls) until the next CAST or turn; `cast_lines` sums each hero's share into one line per
cast, which the animator logs when the cast is shown."""

from __future__ import annotations

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
                what.setdefault(hit.target, []).append("a critical hit")
            elif hit.kind == EventKind.MISS:
                what.setdefault(hit.target, []).append("missed")
            elif hit.kind == EventKind.ABSORB:
                what.setdefault(hit.card, []).append(f"{int(hit.value)} taken by the shield")
            elif hit.kind == EventKind.HEAL:
                what.setdefault(hit.card, []).append(f"+{int(hit.value)} health")
            elif hit.kind == EventKind.STATUS:
                turns = int(hit.value)
                what.setdefault(hit.card, []).append(f"{hit.name} for {turns} turn{'s' if turns != 1 else ''}")
            elif hit.kind == EventKind.DISPLACE:
                verb = "moves to" if hit.card == caster.uid else "pushed to"
                what.setdefault(hit.card, []).append(f"{verb} {cell_name(*hit.point)}")
            elif hit.kind == EventKind.DEATH:
                what.setdefault(hit.card, []).append("falls")
        for uid, amount in damage.items():
            what[uid].insert(0, f"{amount} damage")
        head = f"{state.label(caster.uid)}: {ability.name}"
        if not what:
            lines[id(event)] = head
        elif len(what) == 1:
            ((uid, parts),) = what.items()
            on = "" if uid == caster.uid else f" on {state.label(uid)}"
            lines[id(event)] = f"{head}{on}, {', '.join(parts)}"
        else:
            lines[id(event)] = f"{head}: " + "; ".join(
                f"{'itself' if uid == caster.uid else state.label(uid)} {', '.join(parts)}"
                for uid, parts in what.items()
            )
    return lines
