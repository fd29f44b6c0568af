"""From a card level to a Battle: the level's card set, each side's cards with their instance ids
and labels, drafts, and the battle with the level's overrides.

Instance ids. The engine numbers the card at deck position i of seat p as 2*i + p + 1 and
treats deck[:deck_pos] as cards already out of the deck. A level's known cards are put there,
in front of the drawable deck, so every card gets an ordinary, stable id:

    deck tuple of a seat = [hand override] + [board override] + [event cards] + [drawable deck]

Hand and board cards start in the hand and on the board; event cards (given or summoned by a
scripted event) wait there until their event fires. The effect machinery sees them all from
the start. One consequence: the opponent's not-yet-given event cards count as "seen" in the
player's observation (they are never in a hand or deck there), which only tells an AI player
about cards the level will give the opponent later.

Seeds: one level seed drives the unseeded shuffles, the drafts and the battle's effect RNG,
each through its own `random.Random(f"{seed}:{purpose}")`, so a game replays from
(level, seed, actions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from game.rules.cards.battle import OPENING_HAND, Battle, Creature
from game.rules.events import Event, EventKind
from game.rules.cards.cardset import CardSet, load_cardset
from game.rules.cards.draft import Draft
from game.rules.cards.effects import cards_reachable
from game.rules.cards.model import Card
from game.rules.cards.state import FIRST_RUNE, HAND_LIMIT, RUNE_STEP, STARTING_HEALTH
from game.rules.levels.modifiers import battle_twist
from game.rules.levels.model import BoardEntry, CardEntry, CardLevel, DraftDeck, PlayerDeck, SideSpec
from game.rules.levels import card_rules
from game.rules.levels.player_deck import deck_pool, suggested_cards
from game.paths import levels_dir


@lru_cache(maxsize=8)
def _cardset(files: tuple[str, ...]) -> CardSet:
    return load_cardset([levels_dir() / "cards" / f"{name}.json" for name in files])


def level_cardset(level: CardLevel) -> CardSet:
    """Every card of the level's card files (tokens included); raises CardSetError."""
    return _cardset(tuple(level.rules.files))


allowed = card_rules.allowed  # here too, for the modules that read it from the build


def draft_pool(level: CardLevel, cardset: CardSet, deck: DraftDeck) -> list[Card]:
    if deck.pool is not None:
        return [cardset.cards[i] for i in deck.pool if i in cardset.cards]
    return [c for c in cardset.draftable if allowed(level, c) is None]


def side_spec(level: CardLevel, side: str) -> SideSpec:
    return level.player if side == "player" else level.opponent


def expand(entries: list[CardEntry]) -> list[tuple[int, str | None]]:
    """(card id, label) per copy."""
    return [(entry.card, entry.label) for entry in entries for _ in range(entry.count)]


def side_card_ids(level: CardLevel, side: str, cardset: CardSet) -> set[int]:
    """Every card id `side` may ever hold: its deck (or draft pool), hand, board, the cards events
    give it or summon for it, and the tokens those can summon."""
    spec = side_spec(level, side)
    ids = set()
    if isinstance(spec.deck, DraftDeck):
        ids |= {c.base_id for c in draft_pool(level, cardset, spec.deck)}
    elif isinstance(spec.deck, PlayerDeck):  # any deck the player may bring
        ids |= {c.base_id for c in deck_pool(level, cardset)}
    else:
        ids |= {card for card, _ in expand(spec.deck.cards)}
    ids |= {card for card, _ in expand(spec.hand or [])}
    ids |= {entry.card for entry in spec.board}
    for event in level.events:
        for step in event.do:
            if step.give is not None and step.give.side == side:
                ids |= {card for card, _ in expand(step.give.cards)}
            if step.summon is not None and step.summon.side == side:
                ids.add(step.summon.card)
    known = [cardset.cards[i] for i in ids if i in cardset.cards]
    return ids | {card.base_id for card in cards_reachable(known)}


def runes_below(health: int | None) -> int:
    """How many runes can stand at this starting health (None: the default 30): those below it,
    since a rune breaks when health drops to its value (12 health: the runes at 10 and 5)."""
    health = STARTING_HEALTH if health is None else health
    return min(FIRST_RUNE, (health - 1) // RUNE_STEP * RUNE_STEP) // RUNE_STEP


def standing_runes(spec: SideSpec) -> int:
    """The runes a side starts with: its `runes`, or every rune below its starting health."""
    return runes_below(spec.health) if spec.runes is None else spec.runes


@dataclass
class Placed:
    """A card known before the game starts: where it begins and its label."""

    card: Card
    label: str | None
    zone: str  # "hand", "board", "event", "deck"
    board: BoardEntry | None = None
    event: tuple[int, int, int] | None = None  # (event, step, copy) for event cards


@dataclass
class SidePlan:
    seat: int
    spec: SideSpec
    prelude: list[Placed] = field(default_factory=list)
    deck: list[Placed] | None = None  # None until a draft side has drafted
    draft: Draft | None = None


class CardSetup:
    """A card level compiled for one seed: who sits where, each seat's cards, the drafts."""

    def __init__(
        self, level: CardLevel, seed: int = 0, cardset: CardSet | None = None, player_cards: list[int] | None = None
    ):
        # player_cards: the deck the player brings to a "player" deck level (one id per copy);
        # None plays the level's suggested deck (game/rules/levels/player_deck.py)
        self.level = level
        self.seed = seed
        self.cardset = cardset or level_cardset(level)
        self.player_seat = 0 if level.first == "player" else 1
        by_seat: dict[int, SidePlan] = {}
        cards = self.cardset.cards
        for side in ("player", "opponent"):
            seat = self.player_seat if side == "player" else 1 - self.player_seat
            spec = side_spec(level, side)
            plan = SidePlan(seat, spec)
            plan.prelude += [Placed(cards[c], label, "hand") for c, label in expand(spec.hand or [])]
            plan.prelude += [Placed(cards[b.card], b.label, "board", board=b) for b in spec.board]
            for e, event in enumerate(level.events):
                for s, step in enumerate(event.do):
                    if step.give is not None and step.give.side == side:
                        for k, (c, label) in enumerate(expand(step.give.cards)):
                            plan.prelude.append(Placed(cards[c], label, "event", event=(e, s, k)))
                    if step.summon is not None and step.summon.side == side:
                        plan.prelude.append(
                            Placed(cards[step.summon.card], step.summon.label, "event", event=(e, s, 0))
                        )
            deck = spec.deck
            if isinstance(deck, DraftDeck):
                pool = draft_pool(level, self.cardset, deck)
                plan.draft = Draft(pool, self.rng(f"draft:{side}"), picks=deck.picks, draft_cards=min(60, len(pool)))
            elif isinstance(deck, PlayerDeck):
                chosen = player_cards if player_cards is not None else suggested_cards(level, self.cardset)
                plan.deck = [Placed(cards[c], None, "deck") for c in chosen]
                self.rng(f"shuffle:{side}").shuffle(plan.deck)  # the same shuffle a "shuffled" deck gets
            else:
                placed = [Placed(cards[c], label, "deck") for c, label in expand(deck.cards)]
                if deck.kind == "shuffled":
                    rng = (
                        random.Random(f"level-deck:{deck.seed}:{side}")
                        if deck.seed is not None
                        else self.rng(f"shuffle:{side}")
                    )
                    rng.shuffle(placed)
                plan.deck = placed
            by_seat[seat] = plan
        self.plans: list[SidePlan] = [by_seat[0], by_seat[1]]  # by seat
        # Labels name cards of the prelude or of a given deck (drafted decks have none), so their
        # instance ids are known before any draft: 2*i + seat + 1 (see the module docstring).
        labelled = [
            (placed.label, placed.card, 2 * i + plan.seat + 1)
            for plan in self.plans
            for i, placed in enumerate(plan.prelude + (plan.deck or []))
            if placed.label is not None
        ]
        self.labels = {label: uid for label, _, uid in labelled}
        # The card name of each label, for objective texts such as "Keep Copperclad Knight alive".
        self.label_names = {label: card.name for label, card, _ in labelled}

    def rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}:{purpose}")

    def card_pool(self) -> list[Card]:
        """The cards an AI may assume the decks were built from (for its observations)."""
        return [c for c in self.cardset.draftable if allowed(self.level, c) is None]

    # ------------------------------------------------------------------------------ drafts

    def drafting_seats(self) -> list[int]:
        """Seats that still have picks to make."""
        return [
            plan.seat
            for plan in self.plans
            if plan.draft is not None and len(plan.draft.picks[plan.seat]) < len(plan.draft.offers)
        ]

    def _draft(self, seat: int) -> Draft:
        draft = self.plans[seat].draft
        if draft is None:
            raise ValueError(f"seat {seat} does not draft its deck")
        return draft

    def draft_offer(self, seat: int) -> tuple[Card, ...]:
        draft = self._draft(seat)
        return draft.offers[len(draft.picks[seat])]

    def draft_picked(self, seat: int) -> list[Card]:
        return list(self._draft(seat).picks[seat])

    def draft_pick(self, seat: int, index: int) -> Card:
        plan = self.plans[seat]
        draft = self._draft(seat)
        card = draft.choose(seat, index)
        if len(draft.picks[seat]) == len(draft.offers):
            picks = list(draft.picks[seat])
            self.rng(f"shuffle:{'player' if seat == self.player_seat else 'opponent'}").shuffle(picks)
            plan.deck = [Placed(c, None, "deck") for c in picks]
        return card

    # ------------------------------------------------------------------------------ battle

    def build(self) -> tuple[Battle, list[Event], dict[tuple[int, int, int], int]]:
        """The battle at the start of the first turn (drafts must be complete), the events of
        the opening draws and the first turn's start, and the ids of the cards waiting for
        their scripted event (by (event, step, copy)). A level's `turn` N starts the first side's
        own turn N (both sides have played N - 1 turns: side.turns = N - 1 and battle.turn =
        2N - 2 before begin_turn, which counts the first turn)."""
        if self.drafting_seats():
            raise RuntimeError("the draft is not finished")
        decks = []
        for plan in self.plans:
            if plan.deck is None:  # set by __init__, or by a draft's last pick
                raise RuntimeError("the draft is not finished")
            decks.append([p.card for p in plan.prelude] + [p.card for p in plan.deck])
        battle = Battle(decks, self.level.rules.lanes, self.rng("battle").getrandbits(64))
        before = self.level.turns_before
        if before:  # a level set late in a duel: both sides have played `before` turns (the turn limit counts them)
            battle.turn = 2 * before
            for side in battle.sides:
                side.turns = before
        waiting: dict[tuple[int, int, int], int] = {}
        events: list[Event] = []
        for plan in self.plans:
            side = battle.sides[plan.seat]
            side.deck_pos = len(plan.prelude)
            for placed, instance in zip(plan.prelude, side.deck):
                if placed.zone == "hand":
                    side.hand.append(instance)
                elif placed.zone == "board":
                    entry = placed.board
                    assert entry is not None  # __init__ makes every "board" Placed with its entry
                    creature = Creature(instance.uid, instance.card, entry.lane)
                    if entry.attack is not None:
                        creature.attack = entry.attack
                    if entry.defense is not None:
                        creature.defense = entry.defense
                    side.board.append(creature)
                elif placed.zone == "event":
                    assert placed.event is not None  # __init__ makes every "event" Placed with its key
                    waiting[placed.event] = instance.uid
        for plan in self.plans:
            side = battle.sides[plan.seat]
            if plan.spec.hand is None:  # the opening draw, as Battle.start does it
                for _ in range(min(OPENING_HAND[plan.seat], side.deck_size, HAND_LIMIT - len(side.hand))):
                    instance = side.deck[side.deck_pos]
                    side.deck_pos += 1
                    side.hand.append(instance)
                    events.append(Event(EventKind.DRAW, player=plan.seat, card=instance.uid))
            elif plan.seat == 0:
                side.next_draw = 0  # the given hand is the hand of the first turn
        # The level's rule twist plays from the first turn on (game/rules/levels/modifiers.py).
        battle.twist = battle_twist(getattr(self.level, "twist", None), self.player_seat)
        # The first turn starts as in Battle.start (mana, readiness, the draw, turn effects).
        battle.begin_turn(events)
        for plan in self.plans:
            side = battle.sides[plan.seat]
            spec = plan.spec
            if plan.seat == 0:  # the second side's creatures are readied by its own first turn
                ready = {
                    side.deck[k].uid: p.board.ready
                    for k, p in enumerate(plan.prelude)
                    if p.zone == "board" and p.board is not None
                }  # (a "board" card always has its entry)
                for creature in side.board:
                    creature.can_attack = ready.get(creature.uid, creature.can_attack)
            if spec.mana is not None:
                if plan.seat == 0:
                    side.max_mana = spec.mana
                    side.mana = spec.mana + side.bonus_mana
                    side.mana += battle.twist.extra_mana[0] if battle.twist is not None else 0  # the surge still comes
                else:
                    side.max_mana = spec.mana - 1  # its first turn adds one
            if spec.health is not None:
                side.health = spec.health
                side.next_rune = min(FIRST_RUNE, (spec.health - 1) // RUNE_STEP * RUNE_STEP)
            if spec.runes is not None:  # fewer runes than the health allows: the lowest ones stand
                side.next_rune = spec.runes * RUNE_STEP
        battle.refresh_auras()
        return battle, events, waiting
