"""The skirmish's table from event kind to animation: the model is final at once, the view
animates the past. `ArenaView` is what the player has been shown so far (positions, health,
statuses, whose turn); each animation changes it when it starts or ends, and when the queue is
empty the scene makes it equal to the state again (`sync`), so nothing drifts.

BUILDERS maps each skirmish EventKind to a function (stage, event) -> Anim or None, where the
stage is a `SkirmishStage` (view_model.py: the shown arena, floaters, hurt flashes, crits, the
log), never the scene; the hits of
one ability (DAMAGE, MISS, HEAL, STATUS, ...) play together, as one step after the cast.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
import pytweening

from game.client import theme
from game.client.anim import Anim, reduced_motion
from game.rules.skirmish.words import hero_label, status_name, word
from game.i18n import _
from game.rules.events import EventKind
from game.rules.skirmish.state import EMBERS, STORM

WALK_MS = 120  # per cell
TOGETHER = frozenset(
    {
        EventKind.DAMAGE,
        EventKind.MISS,
        EventKind.HEAL,
        EventKind.ABSORB,
        EventKind.STATUS,
        EventKind.CRIT,
        EventKind.DISPLACE,
        EventKind.MANA,
        EventKind.ENERGY,
    }
)
# Bookkeeping a player need not hear: every turn's mana, refills, a status running out.
QUIET = frozenset({EventKind.MANA, EventKind.ENERGY, EventKind.EXPIRE})


@dataclass
class HeroView:
    uid: int
    team: int
    cls_id: str
    x: float
    y: float
    health: float
    max_health: int
    mana: float
    max_mana: int
    statuses: dict = field(default_factory=dict)  # status name -> turns left
    fade: float = 1.0  # 1 standing, down to 0 as it falls
    lift: int = 0  # pixels above its cell (a hop)

    @property
    def shown(self) -> bool:
        return self.fade > 0.0


class ArenaView:
    def __init__(self, state):
        self.heroes: dict[int, HeroView] = {}
        self.active = 0
        self.round = 0
        self.sync(state)

    def sync(self, state) -> None:
        """Show the state as it is (when no animation is left to play)."""
        for hero in state.heroes:
            shown = self.heroes.get(hero.uid)
            if shown is None:
                shown = self.heroes[hero.uid] = HeroView(
                    hero.uid, hero.team, hero.cls.id, *hero.cell, hero.health, hero.cls.health, hero.mana, hero.cls.mana
                )
            shown.x, shown.y = hero.cell
            shown.health, shown.mana = hero.health, hero.mana
            shown.statuses = {kind.value: status.turns for kind, status in hero.statuses.items()}
            shown.fade = 1.0 if hero.alive else 0.0
            shown.lift = 0
        self.round = state.round
        self.active = state.active_hero.uid if not state.is_over else 0

    def cell(self, uid: int) -> tuple[int, int]:
        hero = self.heroes[uid]
        return (round(hero.x), round(hero.y))


class Floater:
    """A number or word rising from a cell: -12, CRIT -18, miss, +9, stunned."""

    __slots__ = ("text", "colour", "size", "cell", "age", "duration", "offset", "_image")

    def __init__(self, text: str, colour, cell, size: int = 22, offset: int = 0, duration: float = 1000.0):
        self.text, self.colour, self.size, self.cell = text, colour, size, cell
        self.age, self.duration, self.offset = 0.0, duration, offset
        self._image = None

    def image(self) -> pygame.Surface:
        if self._image is None:
            from game.client.widgets import text_surface

            face = text_surface(self.text, self.size, self.colour, True)
            shadow = text_surface(self.text, self.size, (0, 0, 0), True)
            image = pygame.Surface((face.get_width() + 2, face.get_height() + 2), pygame.SRCALPHA)
            image.blit(shadow, (2, 2))
            image.blit(face, (0, 0))
            self._image = image
        return self._image


def _float(stage, uid: int, text: str, colour, size: int = 22) -> None:
    hero = stage.view.heroes.get(uid)
    if hero is not None:
        stacked = sum(1 for f in stage.floaters if f.cell == (hero.x, hero.y) and f.age < 250)
        stage.floaters.append(Floater(text, colour, (hero.x, hero.y), size, offset=-22 * stacked))


def _round(stage, event) -> Anim:
    def start():
        stage.view.round = event.value
        stage.add_log(_("Round {number}").format(number=event.value), theme.ACCENT)

    return Anim("banner", 700, on_start=start, text=_("Round {number}").format(number=event.value))


def _hero_turn(stage, event) -> Anim:
    def start():
        stage.view.active = event.card

    return Anim("turn", 160, on_start=start)


def _move(stage, event) -> Anim:
    hero = stage.view.heroes[event.card]
    path = list(event.line) or [event.point]
    data = {"uid": event.card, "path": path, "from": None}

    def start():
        data["from"] = (hero.x, hero.y)

    def end():
        hero.x, hero.y = event.point

    return Anim("walk", WALK_MS * len(path), on_start=start, on_end=end, ease=pytweening.linear, **data)


def _cast(stage, event) -> Anim:
    state = stage.state
    caster = state.heroes[event.card - 1]
    ability = state.ability(caster, event.name)
    origin = stage.view.cell(event.card)
    area = state.grid.area(ability.shape, ability.size, origin, event.point)

    line = stage.notes.pop(id(event), None) or _("{hero}: {ability}").format(
        hero=hero_label(state, caster.uid), ability=word(ability.name)
    )

    def start():
        stage.add_log(line, theme.TEXT)

    return Anim("cast", 340, on_start=start, origin=origin, point=event.point, area=area, harmful=ability.harmful)


def _damage(stage, event) -> Anim:
    hero = stage.view.heroes[event.card]
    crit = (event.card, event.target) in stage.crits

    def start():
        hero.health -= event.value
        stage.hurt[event.card] = 260.0
        if crit:
            stage.crits.discard((event.card, event.target))
            _float(stage, event.card, _("CRIT -{amount}").format(amount=event.value), (255, 210, 80), 28)
        elif event.target == EMBERS:  # no hero dealt it: the log says where it came from
            _float(stage, event.card, f"-{event.value}", theme.EMBERS)
            words = _("{hero} burns on the embers: {amount} damage")
            stage.add_log(words.format(hero=hero_label(stage.state, event.card), amount=event.value), theme.TEXT_DIM)
        else:
            colour = (200, 170, 255) if event.target == STORM else theme.BAD
            _float(stage, event.card, f"-{event.value}", colour)

    return Anim("hit", 320, on_start=start, uid=event.card)


def _crit(stage, event) -> None:
    stage.crits.add((event.target, event.card))  # the DAMAGE that follows: card = the hero hit, target = source
    return None


def _miss(stage, event) -> Anim:
    return Anim("hit", 260, on_start=lambda: _float(stage, event.target, _("miss"), (200, 200, 210)), uid=event.target)


def _heal(stage, event) -> Anim:
    hero = stage.view.heroes[event.card]

    def start():
        hero.health = min(hero.max_health, hero.health + event.value)
        _float(stage, event.card, f"+{event.value}", theme.GOOD)

    return Anim("hit", 280, on_start=start, uid=event.card)


def _absorb(stage, event) -> Anim:
    return Anim(
        "hit",
        240,
        on_start=lambda: _float(
            stage, event.card, _("shield {amount}").format(amount=event.value), (140, 210, 255), 18
        ),
        uid=event.card,
    )


def _displace(stage, event) -> Anim:
    hero = stage.view.heroes[event.card]
    data = {"uid": event.card, "path": [event.point], "from": None}

    def start():
        data["from"] = (hero.x, hero.y)

    def end():
        hero.x, hero.y = event.point

    return Anim("walk", 260, on_start=start, on_end=end, ease=pytweening.easeOutQuad, **data)


def _status(stage, event) -> Anim:
    hero = stage.view.heroes[event.card]

    def start():
        hero.statuses[event.name] = event.value
        _float(stage, event.card, f"{status_name(event.name)} {event.value}", (240, 220, 150), 17)

    return Anim("hit", 220, on_start=start, uid=event.card)


def _expire(stage, event) -> Anim:
    return Anim("call", 0, on_start=lambda: stage.view.heroes[event.card].statuses.pop(event.name, None))


def _stunned(stage, event) -> Anim:
    def start():
        _float(stage, event.card, _("stunned"), (240, 210, 70), 20)
        words = _("{hero} is stunned: the turn is lost")
        stage.add_log(words.format(hero=hero_label(stage.state, event.card)), theme.TEXT_DIM)

    return Anim("pause", 500, on_start=start)


def _mana(stage, event) -> Anim:
    def start():
        hero = stage.view.heroes[event.card]
        hero.mana = max(0, min(hero.max_mana, hero.mana + event.value))

    return Anim("call", 0, on_start=start)


def _death(stage, event) -> Anim:
    hero = stage.view.heroes[event.card]
    name = hero_label(stage.state, event.card)

    def start():
        stage.add_log(_("{hero} is down").format(hero=name), theme.BAD)

    def end():
        hero.fade = 0.0

    return Anim("death", 520, on_start=start, on_end=end, uid=event.card)


def _end(stage, event) -> Anim:
    return Anim("pause", 500)


BUILDERS = {
    EventKind.ROUND: _round,
    EventKind.HERO_TURN: _hero_turn,
    EventKind.MOVE: _move,
    EventKind.CAST: _cast,
    EventKind.DAMAGE: _damage,
    EventKind.CRIT: _crit,
    EventKind.MISS: _miss,
    EventKind.HEAL: _heal,
    EventKind.ABSORB: _absorb,
    EventKind.DISPLACE: _displace,
    EventKind.STATUS: _status,
    EventKind.EXPIRE: _expire,
    EventKind.STUNNED: _stunned,
    EventKind.MANA: _mana,
    EventKind.ENERGY: lambda stage, event: None,
    EventKind.DEATH: _death,
    EventKind.WIN: _end,
    EventKind.DRAW_GAME: _end,
}


def animate_progress(stage) -> None:
    """Move the view along with the running animations (walks, falls)."""
    for anim in stage.anims.active:
        if anim.kind == "walk" and anim.data.get("from") is not None:
            hero = stage.view.heroes[anim.data["uid"]]
            points = [anim.data["from"]] + list(anim.data["path"])
            t = anim.eased * (len(points) - 1)
            index = min(int(t), len(points) - 2)
            frac = t - index
            (ax, ay), (bx, by) = points[index], points[index + 1]
            hero.x, hero.y = ax + (bx - ax) * frac, ay + (by - ay) * frac
            hero.lift = 0 if reduced_motion() else int(6 * abs(math.sin(t * math.pi)))  # a hop per cell
        elif anim.kind == "death":
            stage.view.heroes[anim.data["uid"]].fade = max(0.01, 1.0 - anim.eased)
