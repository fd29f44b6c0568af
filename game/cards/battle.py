"""The LOCM battle: the single forward model used by the client, the AIs, the referee and the tools.

The rules are those of ../shared/docs/locm-rules.md (the official referee where they differ).
The state API follows OpenSpiel's games: `current_player`, `legal_actions()`, `apply(action)`
(returns the events, in the order they happened), `clone()`, `winner`, `observation(player)`.
`do(action)` is `apply` without recording events, for searches and benchmarks.

Speed matters (searches clone and step millions of times), hence `__slots__`, keyword bit
flags, decks as tuples shared between clones, and interned actions.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from game.cards.actions import END_TURN, FACE, NO_TARGET, Action, Kind, attack_row, summon, summon_row, use_row
from game.cards.effects import TriggeredEffects
from game.cards.model import BREAKTHROUGH, CHARGE, DRAIN, GUARD, LETHAL, WARD, Card, CardType, Trigger

STARTING_HEALTH = 30
FIRST_RUNE = 25  # runes at 25, 20, 15, 10, 5
RUNE_STEP = 5
HAND_LIMIT = 8
MAX_MANA = 12
BOARD_LIMIT = 6  # creatures per player; with two lanes, 3 per lane
TURN_LIMIT = 50  # from a player's 51st turn on, every draw breaks a rune instead
OPENING_HAND = (4, 5)  # cards drawn before the first turn, by seat


class Event(NamedTuple):
    """Something that happened, for the client's animations and the logs.

    kind: "turn" (player, value = turn number), "draw" (player, card), "hand_full" (player),
    "rune" (player, value = the rune broken), "deck_out" (player, value = new health),
    "summon" (player, card, value = lane), "use" (player, card = item, target),
    "attack" (player, card = attacker, target), "damage" (card = creature hit or FACE with
    player = whose face, value = amount), "ward" (card lost its Ward), "death" (player = owner,
    card), "health" (player, value = change), "buff" (card), "win" (player); with Duelmind's
    effects also "trigger" (player = owner, card = source, target = chosen), "silence" (card),
    "mana" (player, value)."""

    kind: str
    player: int = -1
    card: int = 0
    target: int = FACE
    value: int = 0


class Instance:
    """A card with its per-game instance id, in a deck or a hand (never changes there)."""

    __slots__ = ("uid", "card")

    def __init__(self, uid: int, card: Card):
        self.uid = uid
        self.card = card

    def __repr__(self) -> str:
        return f"Instance({self.uid}, {self.card.name if self.card else 'hidden'!r})"


class Creature:
    """A creature on the board: the card's stats as changed by combat and items."""

    __slots__ = ("uid", "card", "attack", "defense", "keywords", "lane", "can_attack", "has_attacked",
                 "shows_effects", "effects", "aura")

    def __init__(self, uid: int, card: Card, lane: int = 0):
        self.uid = uid
        self.card = card
        self.attack = card.attack
        self.defense = card.defense
        self.keywords = card.keywords
        self.lane = lane
        self.can_attack = bool(card.keywords & CHARGE)
        self.has_attacked = False
        # The referee prints a board creature's summon effects until it first fights or is
        # targeted by an item; after that the columns read 0 (display only).
        self.shows_effects = True
        self.effects = card.effects  # emptied by silence
        self.aura = (0, 0)  # the attack and defense bonus it has from auras now

    def copy(self) -> "Creature":
        twin = Creature.__new__(Creature)
        twin.uid = self.uid
        twin.card = self.card
        twin.attack = self.attack
        twin.defense = self.defense
        twin.keywords = self.keywords
        twin.lane = self.lane
        twin.can_attack = self.can_attack
        twin.has_attacked = self.has_attacked
        twin.shows_effects = self.shows_effects
        twin.effects = self.effects
        twin.aura = self.aura
        return twin

    def __repr__(self) -> str:
        return f"Creature({self.uid}, {self.card.name!r}, {self.attack}/{self.defense}, lane {self.lane})"


class Side:
    """One player's half of the battle."""

    __slots__ = ("health", "max_mana", "bonus_mana", "bonus_ends", "mana", "deck", "deck_pos", "hand",
                 "board", "next_rune", "next_draw", "drawn", "turns", "actions")

    def __init__(self, deck: Sequence[Instance], bonus_mana: int = 0):
        self.health = STARTING_HEALTH
        self.max_mana = 0  # grows by 1 a turn up to MAX_MANA; the bonus is on top
        self.bonus_mana = bonus_mana  # the second player's +1 until a turn ends with 0 mana left
        self.bonus_ends = False
        self.mana = 0
        self.deck: tuple[Instance, ...] = tuple(deck)  # draw order; shared between clones
        self.deck_pos = 0
        self.hand: list[Instance] = []
        self.board: list[Creature] = []
        self.next_rune = FIRST_RUNE  # the remaining runes are next_rune, next_rune - 5, ..., 5
        self.next_draw = 1  # cards to draw at the start of the next own turn
        self.drawn = 1  # cards drawn at the start of the current (or last) own turn
        self.turns = 0
        self.actions: list[tuple[int, Action]] = []  # (base id, action) played this turn

    @property
    def deck_size(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def turn_mana(self) -> int:
        """The max mana of this player's current or last turn (what the protocol shows)."""
        return self.max_mana + self.bonus_mana

    def remaining_deck(self) -> tuple[Instance, ...]:
        return self.deck[self.deck_pos:]

    def copy(self) -> "Side":
        twin = Side.__new__(Side)
        twin.health = self.health
        twin.max_mana = self.max_mana
        twin.bonus_mana = self.bonus_mana
        twin.bonus_ends = self.bonus_ends
        twin.mana = self.mana
        twin.deck = self.deck
        twin.deck_pos = self.deck_pos
        twin.hand = self.hand[:]
        twin.board = [creature.copy() for creature in self.board]
        twin.next_rune = self.next_rune
        twin.next_draw = self.next_draw
        twin.drawn = self.drawn
        twin.turns = self.turns
        twin.actions = self.actions[:]
        return twin


class IllegalAction(ValueError):
    """An action that is well formed but not allowed now."""


class Battle(TriggeredEffects):
    """A LOCM battle between players 0 (first) and 1 (with Duelmind's effects when its cards have them)."""

    __slots__ = ("lanes", "sides", "current", "winner", "turn", "effects_on", "auras_on", "rng_state", "dying",
                 "token_base")

    def __init__(self, decks: Sequence[Sequence[Card]], lanes: int = 1, seed: int = 0):
        if lanes not in (1, 2):
            raise ValueError(f"lanes must be 1 or 2, not {lanes}")
        if len(decks) != 2:
            raise ValueError("a battle needs exactly two decks")
        self.lanes = lanes
        # Instance ids: the card at deck position i of player p gets id 2*i + p + 1.
        self.sides = [
            Side([Instance(2 * i + seat + 1, card) for i, card in enumerate(decks[seat])], bonus_mana=seat)
            for seat in (0, 1)
        ]
        self.current = 0
        self.winner: int | None = None
        self.turn = 0  # turns started so far, both players counted
        self.rng_state = seed & ((1 << 64) - 1)  # random effects only; see effects.py
        self.dying: list[tuple[int, Creature]] = []  # creatures whose death effects are pending
        self.token_base = 2 * max(len(decks[0]), len(decks[1])) + 1  # token ids start above deck ids
        self._detect_effects()

    @classmethod
    def from_decks(cls, decks: Sequence[Sequence[Card]], lanes: int = 1, seed: int = 0) -> "Battle":
        """A battle from two decks in draw order (no shuffle), ready at the start of the first
        player's first turn: opening hands drawn and the first turn started. `seed` drives
        random effects (LOCM cards have none)."""
        battle = cls(decks, lanes, seed)
        battle.start()
        return battle

    def start(self, events: list[Event] | None = None) -> None:
        """Draw the opening hands and start the first player's first turn."""
        for seat, count in enumerate(OPENING_HAND):
            self._draw(self.sides[seat], seat, count, events)
        self._start_turn(events)

    # ----------------------------------------------------------------------------- state API

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def clone(self) -> "Battle":
        twin = Battle.__new__(Battle)
        twin.lanes = self.lanes
        twin.sides = [self.sides[0].copy(), self.sides[1].copy()]
        twin.current = self.current
        twin.winner = self.winner
        twin.turn = self.turn
        twin.effects_on = self.effects_on
        twin.auras_on = self.auras_on
        twin.rng_state = self.rng_state
        twin.dying = []
        twin.token_base = self.token_base
        return twin

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player; END_TURN first.

        This is the search's inner loop, so it indexes rows of interned actions (by target id
        + 1, FACE being index 0) rather than building actions."""
        if self.winner is not None:
            return []
        me = self.sides[self.current]
        enemy = self.sides[1 - self.current]
        actions = [END_TURN]
        own_board = me.board
        enemy_board = enemy.board
        lanes = self.lanes
        if me.hand:
            mana = me.mana
            if lanes == 1:
                lane_room = (len(own_board) < BOARD_LIMIT,)
            else:
                in_lane0 = sum(1 for creature in own_board if creature.lane == 0)
                per_lane = BOARD_LIMIT // 2
                lane_room = (in_lane0 < per_lane, len(own_board) - in_lane0 < per_lane)
            for instance in me.hand:
                card = instance.card
                if card.cost > mana:
                    continue
                card_type = card.type
                if card_type == CardType.CREATURE:
                    row = summon_row(instance.uid)
                    chosen = self.choice_targets(card.choice) if card.choice is not None else None
                    for lane in range(lanes):
                        if lane_room[lane]:
                            if chosen:
                                actions += [summon(instance.uid, lane, target) for target in chosen]
                            else:
                                actions.append(row[lane])
                    continue
                row = use_row(instance.uid)
                if card_type == CardType.GREEN:
                    actions += [row[creature.uid + 1] for creature in own_board]
                else:
                    actions += [row[creature.uid + 1] for creature in enemy_board]
                    if card_type == CardType.BLUE:
                        actions.append(row[0])
        attackers = [creature for creature in own_board if creature.can_attack]
        if attackers:
            targets = self._attack_targets(enemy_board)
            for creature in attackers:
                row = attack_row(creature.uid)
                actions += [row[target + 1] for target in targets[creature.lane]]
        return actions

    def _attack_targets(self, enemy_board: list[Creature]) -> list[list[int]]:
        """Per lane, the ids an attacker in that lane may target (Guard first, else all + FACE)."""
        if self.lanes == 1:
            guards = [c.uid for c in enemy_board if c.keywords & GUARD]
            return [guards or [c.uid for c in enemy_board] + [FACE]]
        targets = []
        for lane in (0, 1):
            in_lane = [c for c in enemy_board if c.lane == lane]
            guards = [c.uid for c in in_lane if c.keywords & GUARD]
            targets.append(guards or [c.uid for c in in_lane] + [FACE])
        return targets

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None when it is legal."""
        if self.winner is not None:
            return "the battle is over"
        kind = action.kind
        if kind == Kind.END_TURN:
            return None
        me = self.sides[self.current]
        enemy = self.sides[1 - self.current]
        if kind == Kind.ATTACK:
            attacker = _find(me.board, action.card)
            if attacker is None:
                return f"creature {action.card} is not on your board"
            if not attacker.can_attack:
                return f"creature {action.card} cannot attack this turn"
            if action.target != FACE and _find(enemy.board, action.target) is None:
                return f"target {action.target} is not an enemy creature"
            if action.target not in self._attack_targets(enemy.board)[attacker.lane]:
                if action.target == FACE or _find(enemy.board, action.target).lane == attacker.lane:
                    return f"target {action.target} is not allowed: a Guard must be attacked first"
                return f"target {action.target} is in the other lane"
            return None
        instance = next((i for i in me.hand if i.uid == action.card), None)
        if instance is None:
            return f"card {action.card} is not in your hand"
        card = instance.card
        if card.cost > me.mana:
            return f"card {action.card} costs {card.cost}, you have {me.mana} mana"
        if kind == Kind.SUMMON:
            if card.type != CardType.CREATURE:
                return f"card {action.card} is not a creature"
            if action.lane >= self.lanes:
                return f"lane {action.lane} does not exist"
            limit = BOARD_LIMIT if self.lanes == 1 else BOARD_LIMIT // 2
            if sum(1 for c in me.board if c.lane == action.lane) >= limit:
                return "the board is full" if self.lanes == 1 else f"lane {action.lane} is full"
            chosen = self.choice_targets(card.choice) if card.choice is not None else []
            if action.target == NO_TARGET and chosen:
                return f"card {action.card} needs a target: one of {chosen}"
            if action.target != NO_TARGET and action.target not in chosen:
                return f"target {action.target} is not allowed for card {action.card}"
            return None
        # USE
        if card.type == CardType.CREATURE:
            return f"card {action.card} is a creature, not an item"
        if card.type == CardType.GREEN:
            if _find(me.board, action.target) is None:
                return f"a green item needs one of your creatures as target, not {action.target}"
            return None
        if action.target == FACE and card.type == CardType.BLUE:
            return None
        if _find(enemy.board, action.target) is None:
            return f"this item needs an enemy creature as target, not {action.target}"
        return None

    def is_legal(self, action: Action) -> bool:
        return self.illegal_reason(action) is None

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (raises IllegalAction otherwise); returns what happened."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        self._do(action, events)
        return events

    def do(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. from legal_actions()), recording nothing."""
        self._do(action, None)

    # ----------------------------------------------------------------------------- rules

    def _do(self, action: Action, events: list[Event] | None) -> None:
        kind = action.kind
        if kind == Kind.END_TURN:
            self._end_turn(events)
            return
        player = self.current
        me = self.sides[player]
        enemy = self.sides[1 - player]
        if kind == Kind.ATTACK:
            attacker = _find(me.board, action.card)
            me.actions.append((attacker.card.base_id, action))
            self._attack(player, attacker, action.target, events)
        else:
            hand = me.hand
            for index, instance in enumerate(hand):
                if instance.uid == action.card:
                    break
            del hand[index]
            card = instance.card
            me.mana -= card.cost
            me.actions.append((card.base_id, action))
            creature = None
            if kind == Kind.SUMMON:
                creature = Creature(instance.uid, card, action.lane)
                me.board.append(creature)
                if events is not None:
                    events.append(Event("summon", player, instance.uid, FACE, action.lane))
            else:
                self._use_item(player, card, instance.uid, action.target, events)
            self._health(me, player, card.my_health, events)
            self._health(enemy, 1 - player, card.opp_health, events)
            me.next_draw += card.draw
            if self.effects_on:
                if self.auras_on and creature is not None:
                    self._refresh_auras()
                if card.effects:
                    self._play_effects(player, creature, card, instance.uid, action.target, events)
        if self.effects_on:
            self._settle(events)
        self._check_winner(player, events)

    def _check_winner(self, acting: int, events: list[Event] | None) -> None:
        """After every action: the opponent at 0 or less loses first, then the acting player."""
        if self.sides[1 - acting].health <= 0:
            self._win(acting, events)
        elif self.sides[acting].health <= 0:
            self._win(1 - acting, events)

    def _attack(self, player: int, attacker: Creature, target_uid: int, events: list[Event] | None) -> None:
        me = self.sides[player]
        enemy = self.sides[1 - player]
        attacker.can_attack = False
        attacker.has_attacked = True
        attacker.shows_effects = False
        if events is not None:
            events.append(Event("attack", player, attacker.uid, target_uid))
        power = attacker.attack
        if target_uid == FACE:
            if self.effects_on and attacker.effects:
                self._fight_effects(player, attacker, None, events)
                if attacker not in me.board:
                    return
                power = attacker.attack
            if events is not None:
                events.append(Event("damage", 1 - player, FACE, FACE, power))
            self._health(enemy, 1 - player, -power, events)
            if power > 0 and attacker.keywords & DRAIN:
                self._health(me, player, power, events)
            return
        defender = _find(enemy.board, target_uid)
        defender.shows_effects = False
        if self.effects_on and (attacker.effects or defender.effects):
            self._fight_effects(player, attacker, defender, events)
            if attacker not in me.board or defender not in enemy.board:
                return  # a trigger removed one of them: no combat damage
        # Both hit at once, each blow measured against the other's state before the fight.
        dealt = self._hit(defender, power, attacker.keywords & LETHAL, events)
        self._hit(attacker, defender.attack, defender.keywords & LETHAL, events)
        if dealt > 0:
            # Breakthrough: the excess over the defender's defense reaches the opponent, only
            # when the damage itself killed (a Lethal-only kill leaves defense at exactly 0).
            if attacker.keywords & BREAKTHROUGH and defender.defense < 0:
                overflow = -defender.defense
                if events is not None:
                    events.append(Event("damage", 1 - player, FACE, FACE, overflow))
                self._health(enemy, 1 - player, -overflow, events)
            if attacker.keywords & DRAIN:
                self._health(me, player, power, events)
        self._bury(enemy, 1 - player, defender, events)
        self._bury(me, player, attacker, events)

    @staticmethod
    def _hit(creature: Creature, amount: int, lethal: int, events: list[Event] | None) -> int:
        """Deal damage to a creature; returns the damage actually dealt (0 if Ward took it).

        Lethal sets defense to 0 only when the damage itself did not kill, so a negative
        defense afterwards is exactly Breakthrough's excess."""
        if amount <= 0:
            return 0
        if creature.keywords & WARD:
            creature.keywords &= ~WARD
            if events is not None:
                events.append(Event("ward", card=creature.uid))
            return 0
        creature.defense -= amount
        if events is not None:
            events.append(Event("damage", card=creature.uid, value=amount))
        if lethal and creature.defense > 0:
            creature.defense = 0
        return amount

    def _use_item(self, player: int, item: Card, item_uid: int, target_uid: int,
                  events: list[Event] | None) -> None:
        me = self.sides[player]
        enemy = self.sides[1 - player]
        if events is not None:
            events.append(Event("use", player, item_uid, target_uid))
        if target_uid == FACE:  # blue item on the opponent
            self._health(enemy, 1 - player, item.defense, events)
            return
        if item.type == CardType.GREEN:
            creature = _find(me.board, target_uid)
            creature.shows_effects = False
            gains_charge = item.keywords & CHARGE and not creature.keywords & CHARGE
            creature.keywords |= item.keywords
            if gains_charge and not creature.has_attacked:
                creature.can_attack = True
            creature.attack = max(0, creature.attack + item.attack)
            creature.defense += item.defense
            if events is not None:
                events.append(Event("buff", player, target_uid))
            self._bury(me, player, creature, events)
            return
        # Red, or blue on a creature: keywords removed first, then the stats.
        creature = _find(enemy.board, target_uid)
        creature.shows_effects = False
        creature.keywords &= ~item.keywords
        creature.attack = max(0, creature.attack + item.attack)
        if item.defense < 0:
            self._hit(creature, -item.defense, 0, events)
        if events is not None:
            events.append(Event("buff", 1 - player, target_uid))
        self._bury(enemy, 1 - player, creature, events)

    def _bury(self, side: Side, owner: int, creature: Creature, events: list[Event] | None) -> None:
        if creature.defense <= 0 and creature in side.board:
            side.board.remove(creature)
            if events is not None:
                events.append(Event("death", owner, creature.uid))
            if creature.effects:
                self.dying.append((owner, creature))

    @staticmethod
    def _health(side: Side, player: int, change: int, events: list[Event] | None) -> None:
        if change == 0:
            return
        side.health += change
        if events is not None:
            events.append(Event("health", player, value=change))
        if change < 0:
            # Every rune at or above the new health breaks, each earning a draw next turn.
            while side.next_rune > 0 and side.health <= side.next_rune:
                if events is not None:
                    events.append(Event("rune", player, value=side.next_rune))
                side.next_rune -= RUNE_STEP
                side.next_draw += 1

    def _win(self, player: int, events: list[Event] | None) -> None:
        self.winner = player
        if events is not None:
            events.append(Event("win", player))

    def _end_turn(self, events: list[Event] | None) -> None:
        me = self.sides[self.current]
        if self.effects_on:
            self._turn_effects(self.current, Trigger.TURN_END, events)
            self._settle(events)
            self._check_winner(self.current, events)
            if self.winner is not None:
                return
        if me.bonus_mana and me.mana == 0:
            me.bonus_ends = True
        self.current = 1 - self.current
        self._start_turn(events)

    def _start_turn(self, events: list[Event] | None) -> None:
        player = self.current
        me = self.sides[player]
        self.turn += 1
        me.turns += 1
        if me.max_mana < MAX_MANA:
            me.max_mana += 1
        if me.bonus_ends:
            me.bonus_mana = 0
            me.bonus_ends = False
        me.mana = me.max_mana + me.bonus_mana
        me.actions = []
        for creature in me.board:
            creature.can_attack = True
            creature.has_attacked = False
        if events is not None:
            events.append(Event("turn", player, value=me.turns))
        draws = me.drawn = me.next_draw
        me.next_draw = 1
        self._draw(me, player, draws, events)
        if me.health <= 0:
            self._win(1 - player, events)
        elif self.effects_on:
            self._turn_effects(player, Trigger.TURN_START, events)
            self._settle(events)
            self._check_winner(player, events)

    def _draw(self, side: Side, player: int, count: int, events: list[Event] | None) -> None:
        for _ in range(count):
            if side.deck_pos >= len(side.deck) or side.turns > TURN_LIMIT:
                # No card to draw (or past the turn limit): the next rune breaks instead.
                if side.next_rune > 0:
                    side.health = side.next_rune
                    side.next_rune -= RUNE_STEP
                else:
                    side.health = 0
                if events is not None:
                    events.append(Event("deck_out", player, value=side.health))
                continue
            if len(side.hand) >= HAND_LIMIT:
                if events is not None:
                    events.append(Event("hand_full", player))
                continue
            instance = side.deck[side.deck_pos]
            side.deck_pos += 1
            side.hand.append(instance)
            if events is not None:
                events.append(Event("draw", player, instance.uid))

    # ----------------------------------------------------------------------------- views

    def creature(self, uid: int) -> Creature | None:
        """The creature with this instance id on either board."""
        return _find(self.sides[0].board, uid) or _find(self.sides[1].board, uid)

    def owner_of(self, uid: int) -> int:
        """Whose card an instance id is (ids are 2*i + p + 1)."""
        return (uid - 1) % 2

    def bot_input(self) -> str:
        """The exact text a CodinGame bot receives at the start of the current turn."""
        from game.cards.protocol import battle_input

        return battle_input(self)

    def play_turn(self, line: str) -> list[str]:
        """Play a `;`-separated action line with referee semantics, then end the turn.

        PASS is skipped; a well-formed but illegal action is skipped with a warning and the rest
        is still played. A malformed action raises ActionSyntaxError before anything is played
        (the referee counts that as a loss). Returns the warnings."""
        from game.cards.protocol import parse_action_line

        warnings = []
        for action in parse_action_line(line):
            if self.winner is not None:
                break
            if action.kind == Kind.END_TURN:
                continue
            reason = self.illegal_reason(action)
            if reason is not None:
                warnings.append(f"{action.text(self.lanes)}: {reason}")
                continue
            self._do(action, None)
        if self.winner is None:
            self._end_turn(None)
        return warnings

    def observation(self, player: int, card_pool: Sequence[Card] | None = None):
        """What `player` may see (see game.cards.observation.Observation)."""
        from game.cards.observation import Observation

        return Observation.of(self, player, card_pool)

    def sample_hidden(self, player: int, rng, opponent_cards: Sequence[Card] | None = None,
                      card_pool: Sequence[Card] | None = None) -> "Battle":
        """A full battle consistent with what `player` has seen (for determinization)."""
        return self.observation(player, card_pool).determinize(rng, opponent_cards)


def _find(board: Iterable[Creature], uid: int) -> Creature | None:
    for creature in board:
        if creature.uid == uid:
            return creature
    return None
