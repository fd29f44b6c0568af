"""What a card is and does, as numbers (its feature vector), and its value for the draft AI: the
fitted weights (ai/cards/draft_weights.json, written by the offline tool game/tools/draft_fit.py)
dotted with the features. Weights are data: the running AI never imports the fitting tool.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from game.rules.cards.model import BREAKTHROUGH, CHARGE, DRAIN, GUARD, LETHAL, WARD, Card, CardType, Do, Target, Trigger

WEIGHTS_FILE = Path(__file__).resolve().with_name("draft_weights.json")
STAGES = ("stats", "effects")  # stat features fitted on the LOCM list, effect features on Duelmind's set
SELFPLAY = "selfplay"  # stat weights refitted per lane variant on the hard AI's own games (draft_selfplay.py)

STAT_FEATURES = (
    "creature",
    "creature_cost",
    "attack",
    "defense",
    "synergy",
    "guard_defense",
    "ward_attack",
    "ward",
    "lethal",
    "drain_attack",
    "breakthrough_attack",
    "charge_attack",
    "no_attack",
    "green",
    "green_cost",
    "green_attack",
    "green_defense",
    "green_keywords",
    "red",
    "red_cost",
    "red_damage",
    "red_attack_loss",
    "red_keywords",
    "blue",
    "blue_cost",
    "blue_damage",
    "my_health",
    "opp_damage",
    "draw",
)
EFFECT_FEATURES = (
    "fx_damage",
    "fx_heal",
    "fx_draw",
    "fx_buff",
    "fx_give",
    "fx_remove",
    "fx_summon",
    "fx_destroy",
    "fx_silence",
    "fx_mana",
    "fx_aura",
    "fx_repeating",
    "fx_death",
    "fx_mass",
)
FEATURES = STAT_FEATURES + EFFECT_FEATURES
_MASS_TARGETS = frozenset({Target.ENEMY_CREATURES, Target.FRIENDLY_CREATURES, Target.ALL_CREATURES, Target.EACH_PLAYER})
_INDEX = {name: i for i, name in enumerate(FEATURES)}


@lru_cache(maxsize=None)
def fitted_weights(lanes: int | None = None, source: str = "selfplay") -> dict[str, float]:
    """The weights by feature name (read once per variant): the stat weights, replaced for a lane
    variant by its self-play fit when `source` is "selfplay" and the file holds one (the
    "selfplay" entry, keyed "1_lane"/"2_lanes"), then the effect weights."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    weights: dict[str, float] = dict(data["stats"]["weights"])
    if source == "selfplay" and lanes is not None:
        weights.update(data.get(SELFPLAY, {}).get(lane_key(lanes), {}).get("weights", {}))
    elif source not in ("selfplay", "stats"):
        raise ValueError(f"unknown draft weights source {source!r}")
    weights.update(data["effects"]["weights"])
    unknown = set(weights) - set(FEATURES)
    if unknown:
        raise ValueError(f"{WEIGHTS_FILE}: weights for unknown features {sorted(unknown)}")
    return weights


def lane_key(lanes: int) -> str:
    return "1_lane" if lanes == 1 else f"{lanes}_lanes"


def features(card: Card) -> list[float]:
    """The card's feature vector (see FEATURES)."""
    f = [0.0] * len(FEATURES)

    def put(name: str, value: float) -> None:
        f[_INDEX[name]] = float(value)

    kw = card.keywords
    if card.type == CardType.CREATURE:
        a, d = card.attack, card.defense
        put("creature", 1)
        put("creature_cost", card.cost)
        put("attack", a)
        put("defense", d)
        put("synergy", math.sqrt(max(0, a) * max(0, d)))
        put("guard_defense", d if kw & GUARD else 0)
        put("ward_attack", a if kw & WARD else 0)
        put("ward", 1 if kw & WARD else 0)
        put("lethal", 1 if kw & LETHAL and a > 0 else 0)
        put("drain_attack", a if kw & DRAIN else 0)
        put("breakthrough_attack", a if kw & BREAKTHROUGH else 0)
        put("charge_attack", a if kw & CHARGE else 0)
        put("no_attack", 1 if a <= 0 else 0)
    elif card.type == CardType.GREEN:
        put("green", 1)
        put("green_cost", card.cost)
        put("green_attack", card.attack)
        put("green_defense", card.defense)
        put("green_keywords", bin(kw).count("1"))
    elif card.type == CardType.RED:
        put("red", 1)
        put("red_cost", card.cost)
        put("red_damage", min(12, max(0, -card.defense)))
        put("red_attack_loss", max(0, -card.attack))
        put("red_keywords", bin(kw).count("1"))
    else:
        put("blue", 1)
        put("blue_cost", card.cost)
        put("blue_damage", min(12, max(0, -card.defense)))
    put("my_health", card.my_health)
    put("opp_damage", -card.opp_health)
    put("draw", card.draw)
    for effect in card.effects:
        _add_effect(f, effect)
    return f


def _add_effect(f: list[float], effect) -> None:
    """Add one triggered effect's magnitudes to a card's feature vector."""
    action = effect.action
    if action == Do.DAMAGE:
        f[_INDEX["fx_damage"]] += effect.amount
    elif action == Do.HEAL:
        f[_INDEX["fx_heal"]] += effect.amount
    elif action == Do.DRAW:
        f[_INDEX["fx_draw"]] += effect.amount
    elif action == Do.BUFF:
        f[_INDEX["fx_buff"]] += effect.attack + effect.defense
    elif action == Do.GIVE:
        f[_INDEX["fx_give"]] += bin(effect.keywords).count("1")
    elif action == Do.REMOVE:
        f[_INDEX["fx_remove"]] += bin(effect.keywords).count("1")
    elif action == Do.SUMMON:
        token = effect.token
        stats = token.attack + token.defense if token is not None else 0
        f[_INDEX["fx_summon"]] += stats * max(1, effect.amount)
    elif action == Do.DESTROY:
        f[_INDEX["fx_destroy"]] += 1
    elif action == Do.SILENCE:
        f[_INDEX["fx_silence"]] += 1
    elif action == Do.MANA:
        f[_INDEX["fx_mana"]] += effect.amount
    trigger = effect.trigger
    if trigger == Trigger.AURA:
        f[_INDEX["fx_aura"]] += 1
    elif trigger in (Trigger.TURN_START, Trigger.TURN_END, Trigger.ATTACK, Trigger.ATTACKED):
        f[_INDEX["fx_repeating"]] += 1
    elif trigger == Trigger.DEATH:
        f[_INDEX["fx_death"]] += 1
    if effect.target in _MASS_TARGETS:
        f[_INDEX["fx_mass"]] += 1


def value(card: Card, weights: dict[str, float]) -> float:
    """w . features(card): the card's fitted contribution to the log-odds of winning."""
    return sum(weights.get(name, 0.0) * x for name, x in zip(FEATURES, features(card)) if x)
