"""Card duel events -> queued animations that replay the past on the view.

The engine has already applied the action (the model is final). The shown battle (the scene's
`view`, which the animator reaches through a `DuelStage`: view_model.py) is a copy of
the battle from before it; each animation applies its event to the view when it starts (a card
leaves the hand, damage lowers defense) or ends (a drawn card lands, a dead creature goes), and
after the action the view is replaced by the snapshot taken right after it, so the view can
never drift from the rules.
"""

from __future__ import annotations

import pygame
import pytweening

from game.rules.cards.actions import FACE
from game.rules.cards.battle import Battle, Creature
from game.rules.events import Event, EventKind
from game.rules.cards.model import WARD
from game.client import theme
from game.client.anim import Anim
from game.client.cards.duel_words import is_you
from game.client.cards.view_model import DuelStage
from game.i18n import _, ngettext
from game.client.sound import near_death, sound_for

# Kinds that play at the same time as the one before them (a hit and its numbers, buffs together).
PARALLEL = {
    EventKind.DAMAGE,
    EventKind.WARD,
    EventKind.HEALTH,
    EventKind.BUFF,
    EventKind.RUNE,
    EventKind.HAND_FULL,
    EventKind.DECK_OUT,
    EventKind.SILENCE,
    EventKind.MANA,
}


class DuelAnimator:
    """Queues the animations of events; it sees only a `DuelStage` (view_model.py), not the stage."""

    def __init__(self, stage: DuelStage):
        self.stage = stage

    @property
    def anims(self):
        return self.stage.anims

    def _side(self, seat: int):
        return self.stage.shown().sides[seat]

    def _creature(self, uid: int) -> Creature | None:
        return self.stage.shown().creature(uid)

    def _target_rect(self, seat_of_target: int, target: int):
        layout = self.stage.layout()
        if target == FACE:
            return layout.hero(seat_of_target)
        return layout.all_creature_rects().get(target, layout.hero(seat_of_target))

    def animate(self, events: list[Event], after: Battle, pause_ms: float = 0.0) -> None:
        """Queue the animations of one action's events, then the sync to `after`."""
        if pause_ms:
            self.anims.then(Anim("pause", pause_ms))
        previous = None
        for event in events:
            anim = self._anim_for(event, after)
            if anim is None:
                continue
            if (
                event.kind in PARALLEL
                and previous in PARALLEL
                or (event.kind is EventKind.DEATH and previous is EventKind.DEATH)
            ):
                self.anims.also(anim)
            else:
                self.anims.then(anim)
            previous = event.kind
        self.anims.call(lambda: self.stage.sync_view(after))

    def _anim_for(self, event: Event, after: Battle) -> Anim | None:
        builder = BUILDERS.get(event.kind)
        return None if builder is None else builder(self, event, after)

    def _sound(self, event: Event, card=None) -> None:
        """Play the event's sound (game/client/sound.py chooses it by kind, size, colour, damage and
        seat), judged on the view as it was before the event; call it before changing the view."""
        stage = self.stage
        if card is None and event.kind in (EventKind.SUMMON, EventKind.USE):  # the card played, from the hand
            card = next((i.card for i in self._side(event.player).hand if i.uid == event.card), None)
            card = card or stage.card_of(event.card)
        me = stage.listener()  # hot-seat: None, every turn is "yours"
        if stage.skipping():  # the AI's actions fast-forwarded: no burst of sounds
            return
        stage.play_sound(sound_for(event, stage.shown(), me=me, card=card))

    def _impact(self, power: float, rect=None, kind: str = "hit", seat: int | None = None) -> None:
        """The duel's game feel for a blow or a landing (hit-stop, shake, sparks)."""
        self.stage.impact(power, rect, kind, seat)

    def _tension(self) -> None:
        """The duel's music turns tense while a player is near death (and back)."""
        self.stage.set_tension(near_death(self.stage.shown()))

    # Each builder returns one Anim whose callbacks mutate the view; BUILDERS maps kinds to them.
    def _turn(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage

        def start():
            self._sound(event)
            view = stage.shown()
            view.current = event.player
            side, final = view.sides[event.player], after.sides[event.player]
            side.mana, side.max_mana, side.bonus_mana = final.mana, final.max_mana, final.bonus_mana
            for creature in side.board:
                creature.can_attack = True
                creature.has_attacked = False
            self._tension()

        return Anim("banner", 900, on_start=start, ease=pytweening.linear, text=stage.turn_banner_text(event.player))

    def _draw(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("fly", 260, ease=pytweening.easeOutCubic, uid=event.card, face=stage.face_up(event.player))

        def start(anim=anim):
            layout = stage.layout()
            slots = layout.hand_rects(event.player, extra=1)
            anim.data["from"] = layout.deck_spot(event.player)
            anim.data["to"] = slots[-1]
            self._sound(event)

        def end():
            side = self._side(event.player)
            side.hand.append(stage.instances[event.card])
            side.deck_pos += 1

        anim.on_start, anim.on_end = start, end
        return anim

    def _give(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("fly", 360, ease=pytweening.easeOutCubic, uid=event.card, face=stage.face_up(event.player))

        def start(anim=anim):
            layout = stage.layout()
            hero = layout.hero(event.player)
            anim.data["from"] = pygame.Rect(hero.centerx - 20, hero.centery - 28, 40, 56)
            anim.data["to"] = layout.hand_rects(event.player, extra=1)[-1]
            self._sound(event)

        def end():
            self._side(event.player).hand.append(stage.instances[event.card])

        anim.on_start, anim.on_end = start, end
        return anim

    def _summon(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("fly", 320, ease=pytweening.easeInOutCubic, uid=event.card, face=True, summon=True)

        def land(anim=anim):  # set down with weight: dust, and a thud for the big ones
            card = anim.data.get("card")
            rect = anim.data.get("to")
            if card is not None and rect is not None:
                self._impact(min(1.0, card.cost / 10 + 0.15), rect, "ring")

        def start(anim=anim):
            layout = stage.layout()
            source = layout.hand_rect(event.player, event.card) or layout.hero(event.player)
            side = self._side(event.player)
            side.hand = [i for i in side.hand if i.uid != event.card]
            card = stage.card_of(event.card, after)
            if card is None:  # a token that is already gone again: the sync shows the rest
                anim.data.pop("uid")
                return
            anim.data["card"] = card
            side.board.append(Creature(event.card, card, event.value))
            anim.data["from"] = source
            anim.data["to"] = stage.layout().all_creature_rects()[event.card]
            anim.data["hide"] = event.card
            self._sound(event, card)

        anim.on_start, anim.on_end = start, land
        return anim

    def _use(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("fly", 420, ease=pytweening.easeInOutQuad, uid=event.card, face=True, shrink=True)

        def start(anim=anim):
            self._sound(event)
            layout = stage.layout()
            anim.data["from"] = layout.hand_rect(event.player, event.card) or layout.hero(event.player)
            anim.data["to"] = self._target_rect(
                1 - event.player if event.target == FACE else stage.shown().owner_of(event.target), event.target
            )
            side = self._side(event.player)
            side.hand = [i for i in side.hand if i.uid != event.card]

        anim.on_start = start
        return anim

    def _attack(self, event: Event, after: Battle) -> Anim | None:
        anim = Anim("lunge", 360, ease=pytweening.linear, uid=event.card)

        def start(anim=anim):
            self._sound(event)
            anim.data["to"] = self._target_rect(1 - event.player, event.target)
            creature = self._creature(event.card)
            if creature is not None:
                creature.can_attack = False

        anim.on_start = start
        return anim

    def _damage(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        if event.card == FACE:
            return None  # the "health" event that follows shows it
        anim = Anim("float", 650, ease=pytweening.easeOutQuad, text=f"-{event.value}", colour="BAD")

        def start(anim=anim):
            self._sound(event)
            anim.data["at"] = stage.layout().all_creature_rects().get(event.card)
            creature = self._creature(event.card)
            if creature is not None:
                creature.defense -= event.value
            self._impact(event.value / 8, anim.data["at"])

        anim.on_start = start
        return anim

    def _ward(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("float", 650, text=_("Ward!"), colour=(120, 230, 255))

        def start(anim=anim):
            self._sound(event)
            anim.data["at"] = stage.layout().all_creature_rects().get(event.card)
            creature = self._creature(event.card)
            if creature is not None:
                creature.keywords &= ~WARD

        anim.on_start = start
        return anim

    def _health(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        colour = "GOOD" if event.value > 0 else "BAD"  # a theme colour's name: looked up when drawn
        anim = Anim("float", 700, text=f"{event.value:+d}", colour=colour, big=True)

        def start(anim=anim):
            self._sound(event)
            anim.data["at"] = stage.layout().hero(event.player)
            side = self._side(event.player)
            side.health += event.value
            self._tension()
            if event.value < 0:
                rect = anim.data["at"]
                portrait = pygame.Rect(rect.x + 8, rect.y + 8, 112, 112)
                if side.health <= 0:
                    stage.finishing_blow(portrait)
                    anim.data["big"] = True
                self._impact(-event.value / 8, portrait, "hit", event.player)

        anim.on_start = start
        return anim

    def _rune(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("float", 1100, text=self._rune_words(event.player), colour=(255, 210, 120), label=True)

        def start(anim=anim):
            self._sound(event)
            anim.data["at"] = _beside_hero(stage.layout().hero(event.player), stage.layout().bottom == event.player)
            self._side(event.player).next_rune = event.value - 5

        anim.on_start = start
        return anim

    def _deck_out(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        label = stage.seat_label(event.player)
        words = _("You are out of cards") if is_you(label) else _("{player} is out of cards").format(player=label)
        anim = Anim("float", 1000, text=words, colour=theme.BAD, label=True)  # out of cards: it hurts

        def start(anim=anim):
            self._sound(event)
            anim.data["at"] = _beside_hero(stage.layout().hero(event.player), stage.layout().bottom == event.player)
            self._side(event.player).health = event.value
            self._tension()

        anim.on_start = start
        return anim

    def _hand_full(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("float", 900, text=self._hand_full_words(event.player), colour=(255, 210, 120), label=True)

        def start(anim=anim):
            self._sound(event)
            anim.data["at"] = _beside_hero(stage.layout().hero(event.player), stage.layout().bottom == event.player)

        anim.on_start = start
        return anim

    def _rune_words(self, seat: int) -> str:
        """A broken rune in the player's words (docs/player/cards.md: a broken rune draws you a card)."""
        label = self.stage.seat_label(seat)
        if is_you(label):
            return _("A rune breaks: you draw a card")
        return _("A rune breaks: {player} draws a card").format(player=label)

    def _hand_full_words(self, seat: int) -> str:
        label = self.stage.seat_label(seat)
        return _("Your hand is full") if is_you(label) else _("{player}'s hand is full").format(player=label)

    def _buff(self, event: Event, after: Battle) -> Anim | None:
        anim = Anim("glow", 320, uid=event.card)  # the creature whose stats changed

        def start():
            creature, final = self._creature(event.card), after.creature(event.card)
            if creature is not None and final is not None:
                creature.attack, creature.defense, creature.keywords = final.attack, final.defense, final.keywords

        anim.on_start = start
        return anim

    def _death(self, event: Event, after: Battle) -> Anim | None:
        anim = Anim("death", 420, ease=pytweening.easeInQuad, uid=event.card)

        def start(anim=anim):
            self._sound(event)

        def end():
            side = self._side(event.player)
            side.board = [c for c in side.board if c.uid != event.card]

        anim.on_start, anim.on_end = start, end
        return anim

    def _trigger(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("glow", 300, uid=event.card)

        def start(anim=anim):
            rect = stage.layout().all_creature_rects().get(event.card)
            if rect is None:
                rect = stage.layout().hand_rect(event.player, event.card) or stage.layout().hero(event.player)
            anim.data["at"] = rect

        anim.on_start = start
        return anim

    def _silence(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim("float", 600, text=_("Silenced"), colour=(200, 200, 220))

        def start(anim=anim):
            anim.data["at"] = stage.layout().all_creature_rects().get(event.card)
            creature = self._creature(event.card)
            if creature is not None:
                creature.keywords = 0

        anim.on_start = start
        return anim

    def _mana(self, event: Event, after: Battle) -> Anim | None:
        stage = self.stage
        anim = Anim(
            "float",
            600,
            text=ngettext("+{amount} mana", "+{amount} mana", event.value).format(amount=event.value),
            colour=theme.MANA,
        )

        def start(anim=anim):
            anim.data["at"] = stage.layout().hero(event.player)
            self._side(event.player).mana += event.value

        anim.on_start = start
        return anim

    def _win(self, event: Event, after: Battle) -> Anim | None:
        return Anim("pause", 300)  # the blow's "finisher" has sounded; the result screen plays the rest


def _beside_hero(hero: pygame.Rect, bottom: bool) -> pygame.Rect:
    """Where a sentence about a player floats: just outside its panel, towards the middle of the
    screen (above the bottom player's, below the top one's), never over the portrait."""
    spot = pygame.Rect(hero.x, 0, hero.width + 120, 36)
    if bottom:
        spot.bottom = hero.y - 4
    else:
        spot.top = hero.bottom + 4
    return spot


# The animation table: one builder per kind of event (kinds without one are not animated).
BUILDERS = {
    EventKind.TURN: DuelAnimator._turn,
    EventKind.DRAW: DuelAnimator._draw,
    EventKind.GIVE: DuelAnimator._give,
    EventKind.SUMMON: DuelAnimator._summon,
    EventKind.USE: DuelAnimator._use,
    EventKind.ATTACK: DuelAnimator._attack,
    EventKind.DAMAGE: DuelAnimator._damage,
    EventKind.WARD: DuelAnimator._ward,
    EventKind.HEALTH: DuelAnimator._health,
    EventKind.RUNE: DuelAnimator._rune,
    EventKind.DECK_OUT: DuelAnimator._deck_out,
    EventKind.HAND_FULL: DuelAnimator._hand_full,
    EventKind.BUFF: DuelAnimator._buff,
    EventKind.DEATH: DuelAnimator._death,
    EventKind.TRIGGER: DuelAnimator._trigger,
    EventKind.SILENCE: DuelAnimator._silence,
    EventKind.MANA: DuelAnimator._mana,
    EventKind.WIN: DuelAnimator._win,
}
