"""The LOCM battle: the single forward model used by the client, the AIs, the referee and the tools.

This module holds the state API and the turn structure; what is legal is in legality.py, how
fights and items resolve in combat.py, Duelmind's triggered effects in effects.py.

The rules are those of Legends of Code and Magic as CodinGame states them (its official referee
where the statement and the referee differ); docs/design/card-engine.md sums them up.
The state API follows OpenSpiel's games: `current_player`, `legal_actions()`, `apply(action)`
(returns the events, in the order they happened), `clone()`, `winner`, `observation(player)`.
`do(action)` is `apply` without recording events, for searches and benchmarks.

Speed matters (searches clone and step millions of times), hence `__slots__`, keyword bit
flags, decks as tuples shared between clones, interned actions, and inner loops written for
CPython 3.11's costs (module globals instead of enum members, plain loops instead of small
comprehensions, no wrapper call in `do`): see legality.py. `python main.py bench engine` measures.
"""

from __future__ import annotations

from typing import Sequence

from game.rules.cards.actions import END_TURN, FACE, Action, Kind
from game.rules.cards.combat import Combat
from game.rules.cards.effects import TriggeredEffects
from game.rules.cards.legality import Legality
from game.rules.cards.model import Card, Trigger
from game.rules.cards.observation import Observation

# The state records and limits are re-exported here: callers know them as part of the battle
# (`X as X` marks a re-export).
from game.rules.cards.state import (
    BOARD_LIMIT as BOARD_LIMIT,
    FIRST_RUNE as FIRST_RUNE,
    HAND_LIMIT,
    MAX_MANA,
    OPENING_HAND,
    RUNE_STEP as RUNE_STEP,
    STARTING_HEALTH as STARTING_HEALTH,
    TURN_LIMIT,
    Creature,
    IllegalAction,
    Instance,
    Side,
)
from game.rules.cards.state import find_creature as _find
from game.rules.cards.twist import BattleTwist
from game.rules.events import Event, EventKind

# The kinds as module globals for the hot paths: `Kind.ATTACK` costs a class attribute lookup
# (about 80 ns), and an action's kind is always the member itself (actions are interned), so
# identity tells them apart.
_END_TURN = Kind.END_TURN
_SUMMON = Kind.SUMMON
_ATTACK = Kind.ATTACK
_new = object.__new__  # what Battle.__new__(Battle) calls, without the two lookups


class Battle(Legality, Combat, TriggeredEffects):
    """A LOCM battle between players 0 (first) and 1 (with Duelmind's effects when its cards have them)."""

    # The effects' own state ("effects_on", "auras_on", "rng_state") is in TriggeredEffects' slots.
    # twist: a level's rule twist (game/rules/cards/twist.py), None in every other battle
    __slots__ = ("lanes", "sides", "current", "winner", "turn", "dying", "token_base", "twist")

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
        self.twist: BattleTwist | None = None
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
        self.begin_turn(events)

    def begin_turn(self, events: list[Event] | None = None) -> None:
        """Start the current player's turn (mana, readiness, the draw, turn-start effects). For
        set-ups that place hands and boards themselves (levels) instead of calling start()."""
        self._start_turn(events)

    def refresh_auras(self) -> None:
        """Recompute aura bonuses after placing creatures by hand (levels, scripted events)."""
        if self.auras_on:
            self._refresh_auras()

    # ----------------------------------------------------------------------------- state API

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    is_terminal = is_over  # the name every game's state has (game/rules/game_api.py)

    def clone(self) -> "Battle":
        twin = _new(Battle)
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
        twin.twist = self.twist
        return twin

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (raises IllegalAction otherwise); returns what happened."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        self._do(action, events)
        return events

    # ----------------------------------------------------------------------------- rules

    def do(self, action: Action, events: list[Event] | None = None) -> None:
        """Apply an action known to be legal (e.g. from legal_actions()), appending what happened
        to `events` when given. Searches call `do(action)`, which records nothing, millions of
        times; apply() is this with the legality check and the events."""
        kind = action.kind
        if kind is _END_TURN:
            self._end_turn(events)
            return
        player = self.current
        sides = self.sides
        me = sides[player]
        if kind is _ATTACK:
            uid = action.card
            for attacker in me.board:
                if attacker.uid == uid:
                    break
            else:  # impossible for a legal action, the only kind `do` takes
                raise AssertionError(f"attack by {uid}, not a creature on the board")
            me.actions.append((attacker.card.base_id, action))
            self._attack(player, attacker, action.target, events)
        else:
            hand = me.hand
            uid = action.card
            for index, instance in enumerate(hand):
                if instance.uid == uid:
                    break
            del hand[index]
            card = instance.card
            me.mana -= card.cost
            me.actions.append((card.base_id, action))
            creature = None
            if kind is _SUMMON:
                creature = Creature(uid, card, action.lane)
                me.board.append(creature)
                if events is not None:
                    events.append(Event(EventKind.SUMMON, player=player, card=uid, target=FACE, value=action.lane))
            else:
                self._use_item(player, card, uid, action.target, events)
            if card.my_health:
                self._health(me, player, card.my_health, events)
            if card.opp_health:
                self._health(sides[1 - player], 1 - player, card.opp_health, events)
            me.next_draw += card.draw
            if self.effects_on:
                if self.auras_on and creature is not None:
                    self._refresh_auras()
                if card.effects:
                    self._play_effects(player, creature, card, uid, action.target, events)
        if self.effects_on:
            self._settle(events)
        if me.health <= 0 or sides[1 - player].health <= 0:
            self._check_winner(player, events)

    # `do` under a private name, which apply() and play_actions() call: wrapping `Battle.do` (as
    # tests/cards/test_ai_search.py does to count a search's work) then wraps the searches' calls
    # only. The same function, not a wrapper around it: that call was 4% of an action.
    _do = do

    def _check_winner(self, acting: int, events: list[Event] | None) -> None:
        """After every action: the opponent at 0 or less loses first, then the acting player."""
        if self.sides[1 - acting].health <= 0:
            self._win(acting, events)
        elif self.sides[acting].health <= 0:
            self._win(1 - acting, events)

    def _win(self, player: int, events: list[Event] | None) -> None:
        self.winner = player
        if events is not None:
            events.append(Event(EventKind.WIN, player=player))

    def _end_turn(self, events: list[Event] | None) -> None:
        me = self.sides[self.current]
        if self.effects_on:
            self._turn_effects(self.current, Trigger.TURN_END, events)
            self._settle(events)
            self._check_winner(self.current, events)
            if self.winner is not None:
                return
        if self.twist is not None:
            self.twist.turn_end(self, self.current, events)
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
            events.append(Event(EventKind.TURN, player=player, value=me.turns))
        if self.twist is not None:  # before the draw: a twist may add cards to it
            self.twist.turn_start(self, player, events)
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
                    events.append(Event(EventKind.DECK_OUT, player=player, value=side.health))
                continue
            if len(side.hand) >= HAND_LIMIT:
                if events is not None:
                    events.append(Event(EventKind.HAND_FULL, player=player))
                continue
            instance = side.deck[side.deck_pos]
            side.deck_pos += 1
            side.hand.append(instance)
            if events is not None:
                events.append(Event(EventKind.DRAW, player=player, card=instance.uid))

    # ----------------------------------------------------------------------------- views

    def creature(self, uid: int) -> Creature | None:
        """The creature with this instance id on either board."""
        return _find(self.sides[0].board, uid) or _find(self.sides[1].board, uid)

    def owner_of(self, uid: int) -> int:
        """Whose card an instance id is (ids are 2*i + p + 1)."""
        return (uid - 1) % 2

    def play_actions(self, actions: Sequence[Action], played: list[Action] | None = None) -> list[str]:
        """Play a turn's actions with referee semantics, then end the turn (the CodinGame text of
        a turn is read by game.rules.cards.protocol.play_turn, which calls this).

        END_TURN (PASS) is skipped; a legal-looking but illegal action is skipped with a warning
        and the rest is still played. Returns the warnings; `played` gets the actions that were
        played, the end of the turn included (what `apply` would replay)."""
        warnings = []
        for action in actions:
            if self.winner is not None:
                break
            if action.kind == Kind.END_TURN:
                continue
            reason = self.illegal_reason(action)
            if reason is not None:
                warnings.append(f"{action.text(self.lanes)}: {reason}")
                continue
            self._do(action, None)
            if played is not None:
                played.append(action)
        if self.winner is None:
            self._end_turn(None)
            if played is not None:
                played.append(END_TURN)
        return warnings

    def observation(self, player: int, card_pool: Sequence[Card] | None = None) -> Observation[Battle]:
        """What `player` may see (see game.rules.cards.observation.Observation)."""
        return Observation.of(self, player, card_pool)

    def sample_hidden(
        self, player: int, rng, opponent_cards: Sequence[Card] | None = None, card_pool: Sequence[Card] | None = None
    ) -> "Battle":
        """A full battle consistent with what `player` has seen (for determinization)."""
        return self.observation(player, card_pool).determinize(rng, opponent_cards)
