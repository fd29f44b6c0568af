"""The rule-based card bot ("easy"): no search, a fixed order of sensible rules.

Draft: each offered card is scored by what it is worth in stat points (attack + defense plus
keyword, summon-effect and item values) minus what its cost usually buys, plus a bonus when its
cost bucket is behind a target mana curve (and a penalty once the deck holds enough items).

Battle, one whole turn per decision, every step checked on a clone of the observed battle:
1. lethal: if charge creatures, face items, guard removal and all attacks kill, do that;
2. removal: red and blue items on the biggest threat they kill (or whose Guard / Ward / Lethal
   they strip when that matters);
3. summons: the most valuable set of creatures that fits the mana and the board (charge
   creatures before the attacks, the others after, so trades free room); with two lanes each
   goes to the lane it contests best (Guards where the enemy attack is, others where they
   can trade or reach the face);
4. green items on a creature that can then trade up (before the attacks) or on the creature
   that gains most (after);
5. attacks, in order: kill the Guards that block the way, take favourable trades (even trades
   too when under pressure), then go face;
6. leftover mana: face damage items, healing when low, any remaining useful card.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Sequence

from ai.cards.agent import CardAgent, Decision
from ai.cards.rule_values import best_combo, card_worth, combat_stats, creature_value, draft_score, fight, stats_worth
from game.rules.cards.actions import END_TURN, FACE, Action, Kind, attack, use
from game.rules.cards.battle import Battle, Creature
from game.rules.cards.model import CHARGE, GUARD, WARD, Card, CardType
from game.rules.cards.observation import Observation


class TurnPlanner:
    """Plays one turn for `seat` on `battle` (a clone: it is changed), recording the actions."""

    def __init__(self, battle: Battle, seat: int):
        self.b = battle
        self.seat = seat
        self.actions: list[Action] = []
        self.notes: list[str] = []

    @property
    def me(self):
        return self.b.sides[self.seat]

    @property
    def opp(self):
        return self.b.sides[1 - self.seat]

    @property
    def done(self) -> bool:
        return self.b.winner is not None or self.b.current != self.seat

    def act(self, action: Action, note: str = "") -> bool:
        """Play `action` if it is legal now (it always should be: this is the safety net)."""
        if self.done or self.b.illegal_reason(action) is not None:
            return False
        self.b.do(action)
        self.actions.append(action)
        if note:
            self.notes.append(f"{action.text(self.b.lanes)}: {note}")
        return True

    # ------------------------------------------------------------------ queries

    def ready(self, lane: int | None = None) -> list[Creature]:
        return [c for c in self.me.board if c.can_attack and (lane is None or c.lane == lane)]

    def enemies(self, lane: int | None = None) -> list[Creature]:
        return [c for c in self.opp.board if lane is None or c.lane == lane]

    def guards(self, lane: int) -> list[Creature]:
        return [c for c in self.enemies(lane) if c.keywords & GUARD]

    def hand(self, *types: CardType) -> list:
        # A card drawn mid-plan on the observation is hidden (None): it is played next decision.
        return [i for i in self.me.hand if i.card is not None and i.card.type in types and i.card.cost <= self.me.mana]

    def room(self) -> int:
        limit = 6 if self.b.lanes == 1 else 3
        return sum(max(0, limit - sum(1 for c in self.me.board if c.lane == lane)) for lane in range(self.b.lanes))

    def enemy_pressure(self) -> int:
        """The attack the opponent's board has (what it can throw at my face next turn)."""
        return sum(c.attack for c in self.opp.board)

    def defensive(self) -> bool:
        return self.enemy_pressure() >= self.me.health - 4

    # ------------------------------------------------------------------ the turn

    def plan(self) -> None:
        lethal = self.find_lethal()
        if lethal is not None:
            for action in lethal:
                self.act(action, "lethal")
            return
        self.removal()
        chosen = self.choose_creatures()
        for instance in chosen:
            if instance.card.keywords & CHARGE:
                self.summon(instance, "charge creature before the attacks")
        self.greens(before_attacks=True)
        self.attacks()
        for instance in self.choose_creatures():
            self.summon(instance, "best creatures for the mana")
        self.greens(before_attacks=False)
        if self.ready():  # a creature given Charge now
            self.attacks()
        self.leftover()

    # ------------------------------------------------------------------ lethal

    def find_lethal(self) -> list[Action] | None:
        for charge_first in (True, False):
            trial = TurnPlanner(self.b.clone(), self.seat)
            trial.rush(charge_first)
            if trial.b.winner == self.seat:
                return trial.actions
        return None

    def rush(self, charge_first: bool) -> None:
        """Everything at the face: charge creatures, face items, attack items, guard removal,
        guards killed as cheaply as possible, then every attacker at the face."""
        steps = (
            (self._rush_charge, self._rush_face_items) if charge_first else (self._rush_face_items, self._rush_charge)
        )
        for step in steps:
            step()
        for instance in sorted(self.hand(CardType.GREEN), key=lambda i: -i.card.attack):
            if instance.card.attack > 0 or instance.card.keywords & CHARGE:
                target = self.green_target(instance.card, before_attacks=True, rushing=True)
                if target is not None:
                    self.act(use(instance.uid, target.uid))
        for lane in range(self.b.lanes):
            for guard in sorted(self.guards(lane), key=lambda c: -c.defense):
                self._strip_guard(guard)
            while self.guards(lane) and self.ready(lane):
                guard = min(self.guards(lane), key=lambda c: c.defense)
                combo = best_combo(self.ready(lane), guard, 3)
                if combo is None or not any([self.act(attack(c.uid, guard.uid)) for c in combo.attackers]):
                    break
            for creature in self.ready(lane):
                self.act(attack(creature.uid, FACE))

    def _rush_charge(self) -> None:
        for instance in sorted(self.hand(CardType.CREATURE), key=lambda i: -i.card.attack):
            if instance.card.keywords & CHARGE and instance.card.attack > 0:
                self.summon(instance, lane_for_face=True)

    def _rush_face_items(self) -> None:
        for instance in self.hand(CardType.BLUE):
            card = instance.card
            if -card.defense - card.opp_health > 0:
                self.act(use(instance.uid, FACE))

    def _strip_guard(self, guard: Creature) -> None:
        for instance in self.hand(CardType.RED, CardType.BLUE):
            card = instance.card
            if card.keywords & GUARD or (
                card.defense < 0 and -card.defense >= guard.defense and not guard.keywords & WARD
            ):
                if self.act(use(instance.uid, guard.uid)):
                    return

    # ------------------------------------------------------------------ items

    def removal(self, leftover: bool = False) -> None:
        """Red and blue items on the enemy creatures they hurt most, best first."""
        while not self.done:
            best = None
            for instance in self.hand(CardType.RED, CardType.BLUE):
                worth = card_worth(instance.card)
                for target in self.enemies():
                    gain = self._item_gain(instance.card, target)
                    threshold = (0.3 if leftover else 0.6) * worth + 0.5
                    if gain >= threshold and (best is None or gain - 0.3 * instance.card.cost > best[0]):
                        best = (gain - 0.3 * instance.card.cost, instance, target, gain)
            if best is None:
                return
            _, instance, target, gain = best
            kills = self._item_kills(instance.card, target)
            if not self.act(
                use(instance.uid, target.uid),
                f"{'kills' if kills else 'weakens'} {target.attack}/{target.defense} (worth {gain:.1f})",
            ):
                return

    @staticmethod
    def _after_item(card: Card, target: Creature) -> tuple[int, int, int]:
        keywords = target.keywords & ~card.keywords
        attack_after = max(0, target.attack + card.attack)
        defense = target.defense
        if card.defense < 0:
            if keywords & WARD:
                keywords &= ~WARD
            else:
                defense += card.defense
        return attack_after, defense, keywords

    def _item_kills(self, card: Card, target: Creature) -> bool:
        return self._after_item(card, target)[1] <= 0

    def _item_gain(self, card: Card, target: Creature) -> float:
        """What using the red/blue item on the target takes from the enemy (plus what stripping
        its Guard opens for my ready attackers)."""
        after = self._after_item(card, target)
        gain = creature_value(target) - stats_worth(after)
        if target.keywords & GUARD and not after[2] & GUARD:
            gain += 0.5 * sum(c.attack for c in self.ready(target.lane))
        return gain

    def greens(self, before_attacks: bool) -> None:
        """Green items: before the attacks only when they let a creature trade up (or attack
        at all: Charge); afterwards on whichever creature gains most."""
        while not self.done:
            best = None
            for instance in self.hand(CardType.GREEN):
                target = self.green_target(instance.card, before_attacks)
                if target is not None:
                    gain = self._green_gain(instance.card, target, before_attacks)
                    if best is None or gain > best[0]:
                        best = (gain, instance, target)
            if best is None:
                return
            gain, instance, target = best
            if not self.act(use(instance.uid, target.uid), f"on {target.attack}/{target.defense} (gain {gain:.1f})"):
                return

    def green_target(self, card: Card, before_attacks: bool, rushing: bool = False) -> Creature | None:
        best = None
        for creature in self.me.board:
            gain = self._green_gain(card, creature, before_attacks, rushing)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, creature)
        return None if best is None else best[1]

    def _green_gain(self, card: Card, creature: Creature, before_attacks: bool, rushing: bool = False) -> float:
        keywords = creature.keywords | card.keywords
        after = (max(0, creature.attack + card.attack), creature.defense + card.defense, keywords)
        gain = stats_worth(after) - creature_value(creature)
        gives_charge = card.keywords & CHARGE and not creature.can_attack and not creature.has_attacked
        if card.keywords & CHARGE and not gives_charge:
            gain -= 0.5 * after[0]  # the Charge is wasted here
        if rushing:
            return after[0] if (creature.can_attack or gives_charge) else 0.0
        if card.keywords & GUARD and creature.keywords & GUARD:
            gain -= 2.0
        if not before_attacks:
            return gain + (after[0] if gives_charge else 0.0)
        if gives_charge:
            return gain + after[0]
        if not creature.can_attack:
            return 0.0
        # Before the attacks: only when the buff turns a bad attack into a good trade.
        targets = self.guards(creature.lane) or self.enemies(creature.lane)
        for target in targets:
            mine_now, theirs_now = fight(combat_stats(creature), combat_stats(target))
            mine_then, theirs_then = fight(after, combat_stats(target))
            good_now = theirs_now[1] <= 0 and mine_now[1] > 0
            good_then = theirs_then[1] <= 0 and mine_then[1] > 0
            if good_then and not good_now:
                return gain + creature_value(target)
        return 0.0

    # ------------------------------------------------------------------ summons

    def choose_creatures(self) -> list:
        """The set of affordable creatures with the most worth that fits the board (mana spent
        counts a little too, so big creatures are not skipped for two small ones)."""
        options = [i for i in self.hand(CardType.CREATURE)]
        room = self.room()
        mana = self.me.mana
        best: tuple[float, list] = (0.0, [])
        for count in range(1, min(room, len(options)) + 1):
            for members in combinations(options, count):
                cost = sum(i.card.cost for i in members)
                if cost > mana:
                    continue
                value = sum(card_worth(i.card) + 0.5 * i.card.cost for i in members)
                if value > best[0]:
                    best = (value, list(members))
        return sorted(best[1], key=lambda i: -i.card.cost)

    def summon(self, instance, note: str = "", lane_for_face: bool = False) -> bool:
        lane = self.choose_lane(instance.card, lane_for_face)
        if lane is None:
            return False
        # From the legal list, so a card that needs a summon target (Duelmind) still gets one.
        options = [
            action
            for action in self.b.legal_actions()
            if action.kind == Kind.SUMMON and action.card == instance.uid and action.lane == lane
        ]
        if not options:
            return False
        action = options[0] if len(options) == 1 else max(options, key=self._after_summon)
        where = f" in lane {lane}" if self.b.lanes == 2 else ""
        return self.act(action, (note + where) if note else "")

    def _after_summon(self, action: Action) -> float:
        """The board after a targeted summon, from this side: its creatures' worth minus the
        enemy's, plus half the health difference (damage goes to an enemy, a buff to a friend)."""
        trial = self.b.clone()
        trial.do(action)
        if trial.winner is not None:
            return math.inf if trial.winner == self.seat else -math.inf
        me, opp = trial.sides[self.seat], trial.sides[1 - self.seat]
        return (
            sum(creature_value(c) for c in me.board)
            - sum(creature_value(c) for c in opp.board)
            + 0.5 * (me.health - opp.health)
        )

    def choose_lane(self, card: Card, for_face: bool = False) -> int | None:
        limit = 6 if self.b.lanes == 1 else 3
        open_lanes = [lane for lane in range(self.b.lanes) if sum(1 for c in self.me.board if c.lane == lane) < limit]
        if len(open_lanes) <= 1:
            return open_lanes[0] if open_lanes else None
        stats = (card.attack, card.defense, card.keywords)
        scores = {}
        for lane in open_lanes:
            enemies = self.enemies(lane)
            mine = [c for c in self.me.board if c.lane == lane]
            guard_wall = sum(c.defense for c in enemies if c.keywords & GUARD)
            score: float
            if for_face:
                score = -guard_wall
            elif card.keywords & GUARD:
                # Guards stand where the enemy attack is, unless guards already stand there.
                score = sum(c.attack for c in enemies) - 2.0 * sum(1 for c in mine if c.keywords & GUARD)
            else:
                score = 0.0
                for enemy in enemies:
                    mine_after, theirs_after = fight(stats, combat_stats(enemy))
                    if theirs_after[1] <= 0 and (mine_after[1] > 0 or creature_value(enemy) > stats_worth(stats)):
                        score += 2.0  # it can take this one on
                if enemies and not mine:
                    score += 1.5  # contest a lane the enemy holds alone
                if not enemies:
                    score += 0.5  # an open road to the face
                score -= 0.3 * guard_wall
            scores[lane] = score - 0.8 * len(mine)
        return max(open_lanes, key=lambda lane: (scores[lane], -lane))

    # ------------------------------------------------------------------ attacks

    def attacks(self) -> None:
        defensive = self.defensive()
        racing = (
            not defensive
            and self.opp.health <= sum(c.attack for c in self.me.board)
            and self.me.health > 2 * self.enemy_pressure()
        )
        for lane in range(self.b.lanes):
            self._clear_guards(lane)
            self._trade(lane, defensive, racing)
            if not self.guards(lane):
                for creature in self.ready(lane):
                    self.act(attack(creature.uid, FACE), "face")
            else:
                self._chip(lane)

    def _clear_guards(self, lane: int) -> None:
        """Kill the Guards in the way, cheapest first, when the way is worth opening."""
        while not self.done and self.guards(lane) and self.ready(lane):
            best = None
            for guard in self.guards(lane):
                combo = best_combo(self.ready(lane), guard, 3)
                if combo is not None and (best is None or combo.net > best.net):
                    best = combo
            if best is None:
                return
            others = [c for c in self.ready(lane) if c not in best.attackers]
            opened = 0.6 * sum(c.attack for c in others) + 2.0
            if best.net + opened < 0:
                return
            played = [
                self.act(
                    attack(creature.uid, best.target.uid),
                    f"guard {best.target.attack}/{best.target.defense} in the way (net {best.net:+.1f})",
                )
                for creature in best.attackers
            ]
            if not any(played):
                return

    def _trade(self, lane: int, defensive: bool, racing: bool) -> None:
        """Favourable trades: free kills always, trading up unless racing, even trades when
        the enemy board threatens my health."""
        while not self.done and not self.guards(lane) and self.ready(lane):
            best = None
            for target in sorted(self.enemies(lane), key=creature_value, reverse=True):
                combo = best_combo(self.ready(lane), target, 2)
                if combo is not None and (best is None or combo.net > best.net):
                    best = combo
            if best is None:
                return
            lost = any(fight(combat_stats(c), combat_stats(best.target))[0][1] <= 0 for c in best.attackers)
            if racing:
                wanted = not lost and best.net > 0
            elif defensive:
                wanted = best.net >= -1.5
            else:
                wanted = best.net > 0.5
            if not wanted:
                return
            played = [
                self.act(
                    attack(creature.uid, best.target.uid),
                    f"trade with {best.target.attack}/{best.target.defense} (net {best.net:+.1f})",
                )
                for creature in best.attackers
            ]
            if not any(played):
                return

    def _chip(self, lane: int) -> None:
        """A Guard that could not be killed: hit it with whoever survives the hit."""
        for creature in self.ready(lane):
            guards = self.guards(lane)
            if not guards:
                return
            guard = min(guards, key=lambda c: c.defense)
            mine, theirs = fight(combat_stats(creature), combat_stats(guard))
            if mine[1] > 0 and (theirs[1] < guard.defense or theirs[2] != guard.keywords):
                self.act(attack(creature.uid, guard.uid), "chip the guard")

    # ------------------------------------------------------------------ leftover mana

    def leftover(self) -> None:
        self.removal(leftover=True)
        for instance in sorted(self.hand(CardType.BLUE), key=lambda i: -i.card.cost):
            card = instance.card
            face = -card.defense - card.opp_health
            heals = card.my_health > 0
            if (
                face > 0
                and card.defense >= 0
                or (heals and self.me.health <= 20)
                or (face > 0 and self.opp.health <= 2 * face)
                or len(self.me.hand) >= 7
            ):
                self.act(use(instance.uid, FACE), "face" if face > 0 else "heal")
        for instance in self.choose_creatures():
            self.summon(instance, "leftover mana")
        self.greens(before_attacks=False)


# --------------------------------------------------------------------------------- agent


class RuleAgent(CardAgent):
    """The rule-based bot; see the module docstring for its rules."""

    name = "easy"

    def draft_pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        scores = [draft_score(card, picked, pick) for card in offer]
        return max(range(len(offer)), key=lambda index: (scores[index], -index))

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        planner = TurnPlanner(observation.battle.clone(), observation.player)
        planner.plan()
        return Decision(planner.actions + [END_TURN], {"ai": self.name, "rules": planner.notes})
