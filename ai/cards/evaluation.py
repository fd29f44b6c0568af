"""State evaluation for the card AIs: how good a battle is for one seat, in "health points".

`evaluate(battle, seat)` scores the position as if the current player's turn were over (the other
player acts next): positive is good for `seat`. It is called in the inner loop of every search,
so it reads the engine's slotted objects directly and caches per-creature values.

Terms, each "mine minus the opponent's":
- board: every creature's value from attack, defense and keywords (`creature_value`);
- health: concave in health (a point of health matters more when low), on the health the side
  will have after its next draw (an empty deck or the turn limit breaks runes: deck-out);
- cards: cards in hand plus cards the side will draw next turn (breaking an enemy rune gives the
  enemy a card, so the evaluation is rune-aware), limited by the hand limit and the deck;
- threat: the side acting next with enough attack on board to kill through the guards;
- deck-out: a side whose next draws break its last rune has lost.
A finished battle scores +-WIN.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path

from game.rules.cards.battle import HAND_LIMIT, RUNE_STEP, TURN_LIMIT, Battle
from game.rules.cards.model import BREAKTHROUGH, DRAIN, GUARD, LETHAL, WARD

WIN = 1_000_000.0
VALUE_SCALE = 25.0  # health points per unit of log-odds: to_probability's default scale
FITTED_WEIGHTS_FILE = Path(__file__).resolve().with_name("evaluation_weights.json")
TUNED_WEIGHTS_FILE = Path(__file__).resolve().with_name("evaluation_tuned.json")


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (health points). Frozen so that one instance can key caches."""

    attack: float = 1.6
    defense: float = 1.0
    synergy: float = 1.6  # * sqrt(attack * defense): a creature needs both to trade well
    guard: float = 0.35  # * defense
    ward: float = 0.9  # * (attack + 1)
    lethal: float = 3.0  # + when attack > 0 (and more with ward)
    drain: float = 0.6  # * attack
    breakthrough: float = 0.25  # * attack
    no_attack: float = 0.5  # multiplier for a creature with 0 attack (it can only block)
    health: float = 0.5
    low_health: float = 12.0  # extra value of health near 0: low_health * (1 - exp(-h / scale))
    low_health_scale: float = 5.0
    hand_card: float = 2.6
    draw_card: float = 2.2  # a card still to be drawn next turn
    threat: float = 20.0  # the side acting next can attack for lethal
    pressure: float = 0.15  # * the face damage the side acting next threatens (health lost)
    exposure: float = 0.15  # * value of the waiting side's creatures an attacker can kill and survive


DEFAULT_WEIGHTS = Weights()


def weights_from(overrides: dict | None) -> Weights:
    """Default weights with some changed (for tuning runs)."""
    if not overrides:
        return DEFAULT_WEIGHTS
    names = {f.name for f in fields(Weights)}
    unknown = set(overrides) - names
    if unknown:
        raise ValueError(f"unknown evaluation weights: {sorted(unknown)}")
    return Weights(**{**DEFAULT_WEIGHTS.__dict__, **overrides})


def creature_value(attack: int, defense: int, keywords: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The board value of a creature with these current stats."""
    if defense <= 0:
        return 0.0
    value = w.attack * attack + w.defense * defense + w.synergy * math.sqrt(attack * defense)
    if keywords:
        if keywords & GUARD:
            value += w.guard * defense
        if attack > 0:
            if keywords & LETHAL:
                value += w.lethal * (1.5 if keywords & WARD else 1.0)
            if keywords & DRAIN:
                value += w.drain * attack
            if keywords & BREAKTHROUGH:
                value += w.breakthrough * attack
        if keywords & WARD:
            value += w.ward * (attack + 1)
    if attack <= 0:
        value *= w.no_attack
    return value


def health_value(health: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    if health <= 0:
        return 0.0
    return w.health * health + w.low_health * (1.0 - math.exp(-health / w.low_health_scale))


def health_after_draws(health: int, next_rune: int, draws: int, deck_size: int, turns: int) -> int:
    """A side's health once its next turn's `draws` are done (missing cards break runes)."""
    missing = draws if turns + 1 > TURN_LIMIT else max(0, draws - deck_size)
    while missing > 0 and health > 0:
        if next_rune > 0:
            health = next_rune
            next_rune -= RUNE_STEP
        else:
            health = 0
        missing -= 1
    return health


class Evaluator:
    """A callable evaluation with fixed weights and a creature-value cache."""

    __slots__ = ("weights", "_creature_cache", "_health_cache", "_call", "_parts")

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS):
        self.weights = weights
        self._creature_cache: dict[int, float] = {}
        self._health_cache = [health_value(h, weights) for h in range(0, 121)]
        self._call, self._parts = self._build()

    def __call__(self, battle: Battle, seat: int) -> float:
        return self._call(battle, seat)

    def creature(self, attack: int, defense: int, keywords: int) -> float:
        return creature_value(attack, defense, keywords, self.weights)

    def _build(self):
        w = self.weights
        cache = self._creature_cache
        health_table = self._health_cache
        hand_card = w.hand_card
        draw_card = w.draw_card
        threat = w.threat
        pressure = w.pressure
        exposure = w.exposure
        turn_limit = TURN_LIMIT
        hand_limit = HAND_LIMIT

        def board_value(board) -> float:
            total = 0.0
            for c in board:
                key = c.keywords | (c.defense << 6) | (c.attack << 16)
                value = cache.get(key)
                if value is None:
                    value = cache[key] = creature_value(c.attack, c.defense, c.keywords, w)
                total += value
            return total

        def face_damage(attacker_board, defender_board, lanes) -> int:
            """Damage the attacker's board can push to the face through guards (rough)."""
            damage = 0
            for lane in range(lanes):
                power = 0
                strongest = 0
                for c in attacker_board:
                    if c.lane == lane and c.attack > 0:
                        power += c.attack
                        if c.attack > strongest:
                            strongest = c.attack
                if power == 0:
                    continue
                wall = 0
                for c in defender_board:
                    if c.lane == lane and c.keywords & GUARD:
                        wall += c.defense
                        if c.keywords & WARD:
                            wall += strongest
                if power > wall:
                    damage += power - wall
            return damage

        def exposed_value(attacker_board, defender_board) -> float:
            """Value of the defender's creatures that some attacker can kill and survive (only
            Guards while a Guard stands in that lane)."""
            total = 0.0
            guarded = [False, False]
            for y in defender_board:
                if y.keywords & GUARD:
                    guarded[y.lane] = True
            for y in defender_board:
                if guarded[y.lane] and not y.keywords & GUARD:
                    continue
                if y.keywords & WARD:
                    continue
                ya = y.attack
                y_lethal = ya > 0 and y.keywords & LETHAL
                for x in attacker_board:
                    xa = x.attack
                    if xa <= 0 or x.lane != y.lane:
                        continue
                    if xa < y.defense and not x.keywords & LETHAL:
                        continue
                    if ya > 0 and not x.keywords & WARD and (y_lethal or ya >= x.defense):
                        continue
                    key = y.keywords | (y.defense << 6) | (ya << 16)
                    value = cache.get(key)
                    if value is None:
                        value = cache[key] = creature_value(ya, y.defense, y.keywords, w)
                    total += value
                    break
            return total

        def side_state(side) -> tuple[int, int]:
            """(health after the next draws, cards the next draws bring)."""
            draws = side.next_draw
            deck = len(side.deck) - side.deck_pos
            health = side.health
            if side.turns + 1 > turn_limit:
                missing, drawn = draws, 0
            else:
                drawn = draws if draws <= deck else deck
                missing = draws - drawn
            if missing:
                health = health_after_draws(health, side.next_rune, draws, deck, side.turns)
            room = hand_limit - len(side.hand)
            if drawn > room:
                drawn = room if room > 0 else 0
            return health, drawn

        def evaluate(battle: Battle, seat: int) -> float:
            winner = battle.winner
            if winner is not None:
                return WIN if winner == seat else -WIN
            sides = battle.sides
            me = sides[seat]
            opp = sides[1 - seat]
            my_health, my_draws = side_state(me)
            opp_health, opp_draws = side_state(opp)
            if opp_health <= 0 and my_health > 0:
                # The opponent's next draw kills it; if it acts next, even before it can attack.
                return WIN * 0.5
            if my_health <= 0:
                return -WIN * 0.5
            score = board_value(me.board) - board_value(opp.board)
            score += health_table[my_health if my_health < 120 else 120]
            score -= health_table[opp_health if opp_health < 120 else 120]
            my_hand = len(me.hand)
            opp_hand = len(opp.hand)
            score += hand_card * ((my_hand if my_hand < 8 else 8) - (opp_hand if opp_hand < 8 else 8))
            score += draw_card * (my_draws - opp_draws)
            # The side acting next attacks first: a lethal threat, and the damage it can push.
            lanes = battle.lanes
            if battle.current == seat:  # my turn is ending: the opponent attacks next
                if exposure and opp.board:
                    score -= exposure * exposed_value(opp.board, me.board)
                damage = face_damage(opp.board, me.board, lanes)
                if damage:
                    if damage >= my_health:
                        score -= threat
                    score -= pressure * (damage if damage < my_health else my_health)
            else:
                if exposure and me.board:
                    score += exposure * exposed_value(me.board, opp.board)
                damage = face_damage(me.board, opp.board, lanes)
                if damage:
                    if damage >= opp_health:
                        score += threat
                    score += pressure * (damage if damage < opp_health else opp_health)
            return score

        return evaluate, (face_damage, exposed_value, side_state)

    def terms(self, battle: Battle, seat: int) -> list[float] | None:
        """The evaluation as a vector, one entry per name in TERMS (mine minus the opponent's),
        such that the evaluation is the weights dotted with it (`linear_weights`): what an
        outcome fit needs. None where the evaluation is not linear (a finished battle, a side
        whose next draw kills it). `no_attack` and `low_health_scale` stay fixed, and exposure
        counts creatures at this evaluator's values."""
        if battle.winner is not None:
            return None
        face_damage, exposed_value, side_state = self._parts
        w = self.weights
        me, opp = battle.sides[seat], battle.sides[1 - seat]
        my_health, my_draws = side_state(me)
        opp_health, opp_draws = side_state(opp)
        if my_health <= 0 or opp_health <= 0:
            return None
        t = dict.fromkeys(TERMS, 0.0)
        for sign, board in ((1.0, me.board), (-1.0, opp.board)):
            for c in board:
                for name, x in creature_terms(c.attack, c.defense, c.keywords, w.no_attack):
                    t[name] += sign * x
        for sign, health in ((1.0, my_health), (-1.0, opp_health)):
            health = min(health, 120)
            t["health"] += sign * health
            t["low_health"] += sign * (1.0 - math.exp(-health / w.low_health_scale))
        t["hand_card"] = min(len(me.hand), HAND_LIMIT) - min(len(opp.hand), HAND_LIMIT)
        t["draw_card"] = my_draws - opp_draws
        if battle.current == seat:  # my turn is ending: the opponent attacks next
            sign, attackers, defenders, health = -1.0, opp.board, me.board, my_health
        else:
            sign, attackers, defenders, health = 1.0, me.board, opp.board, opp_health
        if attackers:
            t["exposure"] = sign * exposed_value(attackers, defenders)
        damage = face_damage(attackers, defenders, battle.lanes)
        if damage:
            t["threat"] = sign * (damage >= health)
            t["pressure"] = sign * min(damage, health)
        return [t[name] for name in TERMS]


# The evaluation's terms and the weights that multiply them (see Evaluator.terms).
TERMS = (
    "attack",
    "defense",
    "synergy",
    "guard",
    "ward",
    "lethal",
    "drain",
    "breakthrough",
    "health",
    "low_health",
    "hand_card",
    "draw_card",
    "threat",
    "pressure",
    "exposure",
)


def linear_weights(weights: Weights) -> list[float]:
    """The weights in TERMS order."""
    return [getattr(weights, name) for name in TERMS]


def creature_terms(attack: int, defense: int, keywords: int, no_attack: float) -> list[tuple[str, float]]:
    """A creature's value as (term, amount) pairs: `creature_value` is the weights dotted with them."""
    if defense <= 0:
        return []
    scale = no_attack if attack <= 0 else 1.0
    parts = [("attack", attack), ("defense", defense), ("synergy", math.sqrt(attack * defense))]
    if keywords & GUARD:
        parts.append(("guard", defense))
    if attack > 0:
        if keywords & LETHAL:
            parts.append(("lethal", 1.5 if keywords & WARD else 1.0))
        if keywords & DRAIN:
            parts.append(("drain", attack))
        if keywords & BREAKTHROUGH:
            parts.append(("breakthrough", attack))
    if keywords & WARD:
        parts.append(("ward", attack + 1))
    return [(name, amount * scale) for name, amount in parts]


DEFAULT_EVALUATOR = Evaluator()


@lru_cache(maxsize=1)
def tuned_evaluator() -> Evaluator:
    """The evaluation with the weights tuned by self-play on win rate (TUNED_WEIGHTS_FILE, written
    by game/tools/eval_tune.py)."""
    data = json.loads(TUNED_WEIGHTS_FILE.read_text(encoding="utf-8"))
    return Evaluator(weights_from(data["weights"]))


@lru_cache(maxsize=1)
def fitted_evaluator() -> Evaluator:
    """The evaluation with the weights fitted on hard's own games (FITTED_WEIGHTS_FILE, written
    by game/tools/eval_fit.py); the weights it does not fit keep their hand values."""
    data = json.loads(FITTED_WEIGHTS_FILE.read_text(encoding="utf-8"))
    return Evaluator(weights_from(data["weights"]))


def evaluate(battle: Battle, seat: int) -> float:
    """The default evaluation of `battle` for `seat` (see the module docstring)."""
    return DEFAULT_EVALUATOR(battle, seat)


def to_probability(score: float, scale: float = VALUE_SCALE) -> float:
    """Map an evaluation to a win-probability-like value in [0, 1] (for MCTS statistics)."""
    if score >= WIN * 0.5:
        return 1.0
    if score <= -WIN * 0.5:
        return 0.0
    x = score / scale
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
