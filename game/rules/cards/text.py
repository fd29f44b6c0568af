"""Rules text generated from card data, so that what a card says and what it does never disagree."""

from __future__ import annotations

from game.rules.cards.model import Card, CardType, Choice, Do, Effect, Target, Trigger, keyword_names

_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four"}

_TRIGGER_OPENING = {
    Trigger.DEATH: "Last breath: ",
    Trigger.TURN_START: "At the start of your turn, ",
    Trigger.TURN_END: "At the end of your turn, ",
    Trigger.ATTACK: "Whenever it attacks, ",
    Trigger.ATTACKED: "Whenever it is attacked, ",
}

_CHOICE_NAMES = {
    Choice.ENEMY_CREATURE: "an enemy creature",
    Choice.FRIENDLY_CREATURE: "a friendly creature",
    Choice.ANY_CREATURE: "a creature",
    Choice.ENEMY: "an enemy",
}

_TARGET_NAMES = {
    Target.SELF: "it",
    Target.ENEMY_CREATURES: "all enemy creatures",
    Target.FRIENDLY_CREATURES: "your other creatures",
    Target.ALL_CREATURES: "all creatures",
    Target.RANDOM_ENEMY: "a random enemy creature",
    Target.RANDOM_FRIEND: "another random friendly creature",
    Target.ADJACENT: "adjacent creatures",
    Target.PARTNER: "the creature it fights",
    Target.OPPONENT: "your opponent",
    Target.ME: "you",
    Target.EACH_PLAYER: "each player",
}

_ITEM_TARGET = {
    CardType.GREEN: "the friendly creature",
    CardType.RED: "the enemy creature",
    CardType.BLUE: "the target",
}


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _target_name(effect: Effect, card: Card) -> str:
    if effect.target == Target.CHOSEN:
        if card.type == CardType.CREATURE:
            return _CHOICE_NAMES[effect.choose or Choice.ANY_CREATURE]
        return _ITEM_TARGET[card.type]
    if effect.target == Target.SELF and card.type == CardType.CREATURE and effect.trigger == Trigger.PLAY:
        return "it"
    return _TARGET_NAMES[effect.target]


def effect_text(effect: Effect, card: Card) -> str:
    """One sentence for one effect."""
    if effect.trigger == Trigger.AURA:
        who = "Adjacent creatures" if effect.target == Target.ADJACENT else "Your other creatures"
        return f"{who} have {_signed(effect.attack)}/{_signed(effect.defense)}."
    target = _target_name(effect, card)
    action = effect.action
    if action == Do.DAMAGE:
        phrase = f"deal {effect.amount} damage to {target}"
    elif action == Do.HEAL:
        verb = "gain" if effect.target == Target.ME else "gains"
        phrase = f"{target} {verb} {effect.amount} health"
    elif action == Do.DRAW:
        phrase = f"draw {_cards(effect.amount)}"
    elif action == Do.MANA:
        phrase = f"gain {effect.amount} mana this turn"
    elif action == Do.GIVE:
        phrase = f"give {target} {_and_list(keyword_names(effect.keywords))}"
    elif action == Do.REMOVE:
        phrase = f"remove {_and_list(keyword_names(effect.keywords))} from {target}"
    elif action == Do.BUFF:
        phrase = f"give {target} {_signed(effect.attack)}/{_signed(effect.defense)}"
    elif action == Do.SUMMON:
        token = effect.token
        count = effect.amount or 1
        noun = f"{token.attack}/{token.defense} {token.name}" if token else "token"
        phrase = f"summon {_NUMBERS.get(count, str(count))} {noun}{'s' if count > 1 else ''}"
    elif action == Do.DESTROY:
        phrase = f"destroy {target}"
    else:
        phrase = f"silence {target}"
    opening = _TRIGGER_OPENING.get(effect.trigger, "")
    if opening.endswith(", "):
        return f"{opening}{phrase}."
    if card.type == CardType.CREATURE and effect.trigger == Trigger.PLAY:
        opening = "Summon: "
    return f"{opening}{phrase[0].upper()}{phrase[1:]}."


def card_text(card: Card) -> str:
    """The full rules text of a card, from its data."""
    parts: list[str] = []
    names = keyword_names(card.keywords)
    if card.type == CardType.CREATURE:
        if names:
            parts.append(_and_list(names) + ".")
    elif card.type == CardType.GREEN:
        bits = []
        if card.attack or card.defense:
            bits.append(f"{_signed(card.attack)}/{_signed(card.defense)}")
        if names:
            bits.append(_and_list(names))
        if bits:
            parts.append(f"Give a friendly creature {' and '.join(bits)}.")
    else:
        who = "an enemy creature" if card.type == CardType.RED else "an enemy creature or your opponent"
        if names:
            everything = len(names) == 6
            parts.append(f"Remove {'all abilities' if everything else _and_list(names)} from an enemy creature.")
        if card.attack and card.defense == 0:
            parts.append(f"Give an enemy creature {_signed(card.attack)}/+0.")
        elif card.attack:
            parts.append(f"Give an enemy creature {_signed(card.attack)}/{_signed(card.defense)}.")
        elif card.defense < 0:
            parts.append(f"Deal {-card.defense} damage to {who}.")
    columns_start = len(parts)
    if card.my_health > 0:
        parts.append(f"You gain {card.my_health} health.")
    elif card.my_health < 0:
        parts.append(f"You lose {-card.my_health} health.")
    if card.opp_health < 0:
        parts.append(f"Deal {-card.opp_health} damage to your opponent.")
    elif card.opp_health > 0:
        parts.append(f"Your opponent gains {card.opp_health} health.")
    if card.draw:
        parts.append(f"Draw {_cards(card.draw)} next turn.")
    if card.type == CardType.CREATURE and len(parts) > columns_start:
        parts[columns_start] = "Summon: " + parts[columns_start]
    parts += [effect_text(effect, card) for effect in card.effects]
    return " ".join(parts)
