"""Scripted events of a card level: a condition, checked after the start and after every action,
and what happens once it holds (say a line, give cards, summon a creature). Each event fires at
most once, in file order.

Conditions: `turn` (at the start of `side`'s own turn N, after its draw), `health_at_most`,
`died` (a labelled creature died), `board_empty` (after an action, `side` has no creature).
A give to a full hand or a summon into a full lane is skipped with a warning.

What the runner adds to the battle is reported as events like the engine's:
`Event("summon", player, card, FACE, lane)` (a creature put on the board; no summon effects
fire) and `Event("give", player, card)` (a card put into the hand).
"""

from __future__ import annotations

from game.rules.cards.actions import FACE
from game.rules.cards.battle import Battle, Creature
from game.rules.events import Event, EventKind
from game.rules.cards.state import BOARD_LIMIT, HAND_LIMIT
from game.rules.levels.model import CardLevel, Line


class EventRunner:
    def __init__(
        self, level: CardLevel, player_seat: int, labels: dict[str, int], waiting: dict[tuple[int, int, int], int]
    ):
        self.level = level
        self.player_seat = player_seat
        self.labels = labels
        self.waiting = waiting
        self.fired = [False] * len(level.events)
        self.warnings: list[str] = []  # of the current update

    def _seat(self, side: str) -> int:
        return self.player_seat if side == "player" else 1 - self.player_seat

    def _holds(self, when, events: list[Event], battle: Battle) -> bool:
        seat = self._seat(when.side)
        if when.turn is not None:
            return any(e.kind is EventKind.TURN and e.player == seat and e.value == when.turn for e in events)
        if when.health_at_most is not None:
            return battle.sides[seat].health <= when.health_at_most
        if when.died is not None:
            uid = self.labels.get(when.died)
            return any(e.kind is EventKind.DEATH and e.card == uid for e in events)
        return not battle.sides[seat].board

    def update(self, events: list[Event], battle: Battle) -> tuple[list[Event], list[Line], list[str]]:
        """Fire every event whose condition holds now; returns (new events, lines said, warnings)."""
        added: list[Event] = []
        lines: list[Line] = []
        self.warnings = []
        if battle.winner is not None:
            return added, lines, self.warnings
        # One pass is enough: what an event does (give, summon, say) cannot make another
        # event's condition (a turn start, a death, health, an empty board) newly true.
        for index, event in enumerate(self.level.events):
            if self.fired[index] or not self._holds(event.when, events, battle):
                continue
            self.fired[index] = True
            for step_index, step in enumerate(event.do):
                if step.say is not None:
                    lines.append(step.say)
                elif step.give is not None:
                    self._give(battle, index, step_index, step.give, added)
                else:
                    self._summon(battle, index, step_index, step.summon, added)
        if added:
            battle.refresh_auras()
        return added, lines, self.warnings

    def _instance(self, battle: Battle, seat: int, key: tuple[int, int, int]):
        uid = self.waiting[key]
        side = battle.sides[seat]
        return next(i for i in side.deck[: side.deck_pos] if i.uid == uid)

    def _give(self, battle: Battle, index: int, step_index: int, give, added: list[Event]) -> None:
        seat = self._seat(give.side)
        side = battle.sides[seat]
        copies = sum(entry.count for entry in give.cards)
        for copy in range(copies):
            instance = self._instance(battle, seat, (index, step_index, copy))
            if len(side.hand) >= HAND_LIMIT:
                self.warnings.append(f"events[{index}]: {give.side}'s hand is full: {instance.card.name} not given")
                continue
            side.hand.append(instance)
            added.append(Event(EventKind.GIVE, player=seat, card=instance.uid))

    def _summon(self, battle: Battle, index: int, step_index: int, summon, added: list[Event]) -> None:
        seat = self._seat(summon.side)
        side = battle.sides[seat]
        instance = self._instance(battle, seat, (index, step_index, 0))
        lane = summon.lane if battle.lanes == 2 else 0
        limit = BOARD_LIMIT if battle.lanes == 1 else BOARD_LIMIT // 2
        if sum(1 for c in side.board if c.lane == lane) >= limit:
            self.warnings.append(
                f"events[{index}]: {summon.side}'s lane {lane} is full: {instance.card.name} not summoned"
            )
            return
        creature = Creature(instance.uid, instance.card, lane)
        creature.can_attack = summon.ready
        side.board.append(creature)
        added.append(Event(EventKind.SUMMON, player=seat, card=instance.uid, target=FACE, value=lane))
