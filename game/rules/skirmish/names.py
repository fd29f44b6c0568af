"""Heroes' names: a level's names where it gives them, else drawn from NAMES for the match's seed,
distinct within the match, so the log and the AI's explanation can say "Orla (Cleric)" instead
of a class and a number. The draw is its own generator (seeded by text): it never touches the
match's rolls, so naming changes no result."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from game.i18n import N_

# Short names (at most 7 letters): a hero's name fits under its token and in the log. Marked for
# translation (a transliteration: Orla is 奥拉, Орла, ออร์ลา) and shown so by the client's words
# (game/rules/skirmish/words.py's `hero_label`); the state keeps these English names.
NAMES = (
    N_("Aveline"),
    N_("Kael"),
    N_("Isolde"),
    N_("Tarin"),
    N_("Mirela"),
    N_("Oswin"),
    N_("Ysolde"),
    N_("Daven"),
    N_("Liora"),
    N_("Corwin"),
    N_("Sabine"),
    N_("Edric"),
    N_("Nessa"),
    N_("Rowan"),
    N_("Thalia"),
    N_("Garrick"),
    N_("Elowen"),
    N_("Bram"),
    N_("Anwen"),
    N_("Fenwick"),
    N_("Orla"),
    N_("Tobias"),
    N_("Seren"),
    N_("Hollis"),
    N_("Wren"),
    N_("Aldric"),
    N_("Dunstan"),
    N_("Joren"),
    N_("Petra"),
    N_("Quill"),
)


def hero_names(seed: int, count: int, given: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """`count` names, hero uid 1 first: `given` (uid -> name) where set, the others drawn without
    repeats from NAMES (leaving out the given ones) by a generator seeded with the match's seed."""
    given = dict(given or {})
    taken = {name.casefold() for name in given.values()}
    pool = [name for name in NAMES if name.casefold() not in taken]
    drawn = random.Random(f"skirmish hero names {seed}").sample(pool, min(count, len(pool)))
    names = []
    for uid in range(1, count + 1):
        if uid in given:
            names.append(given[uid])
        else:
            names.append(drawn.pop(0) if drawn else f"Hero {uid}")
    return tuple(names)


def level_names(teams: Sequence[Sequence[str | None]], seed: int) -> tuple[str, ...]:
    """Names for a level's heroes: each team's list of names (None: draw one), team 0 first."""
    given = {}
    uid = 0
    for team in teams:
        for name in team:
            uid += 1
            if name:
                given[uid] = name
    return hero_names(seed, uid, given)
