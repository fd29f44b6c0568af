"""Rules text generated from card data, so that what a card says and what it does never disagree.

The text is made in English by default (the card files, the referee, the command-line tools and
the bots read that). The client asks for it in the player's language by passing `PLAYER`, which
translates through game/i18n.py (standard library only, so the rules may use it): every sentence
is one format string with named fields, the noun phrases put into it (whom an effect targets)
are translated by the grammatical role they play, since Russian declines them ("нанесите урон
вражескому существу", "уничтожьте вражеское существо").
"""

from __future__ import annotations

import gettext
from typing import Callable, Protocol

from game import i18n
from game.rules.cards.model import (
    KEYWORD_NAMES,
    Card,
    CardType,
    Choice,
    Do,
    Effect,
    Target,
    Trigger,
    keyword_names,
)


class Words(Protocol):
    """Where the words come from: gettext's three calls."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


ENGLISH: Words = gettext.NullTranslations()


class _PlayersLanguage:
    """The player's language at the moment of the call (game/i18n.py)."""

    def gettext(self, message: str) -> str:
        return i18n._(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return i18n.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return i18n.pgettext(context, message)


PLAYER: Words = _PlayersLanguage()

_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four"}  # English counts a few in words
_CLOSING = "。！？：；）」"  # Chinese punctuation that needs no space after it


def keyword_word(name: str, words: Words = ENGLISH) -> str:
    """A keyword's name ("Guard") in the language of `words` (the glossary of docs/translating.md)."""
    table = {
        "Breakthrough": words.pgettext("keyword", "Breakthrough"),
        "Charge": words.pgettext("keyword", "Charge"),
        "Drain": words.pgettext("keyword", "Drain"),
        "Guard": words.pgettext("keyword", "Guard"),
        "Lethal": words.pgettext("keyword", "Lethal"),
        "Ward": words.pgettext("keyword", "Ward"),
    }
    return table.get(name, name)


def _trigger(trigger: Trigger, words: Words) -> str | None:
    """The opening of an effect that fires later: a template with {effect}."""
    if trigger == Trigger.DEATH:
        # TRANSLATORS: a creature's effect when it dies; {effect} is a whole sentence.
        return words.gettext("Last breath: {effect}")
    if trigger == Trigger.TURN_START:
        # TRANSLATORS: {effect} is an action in lower case, e.g. "deal 1 damage to your opponent".
        return words.gettext("At the start of your turn, {effect}.")
    if trigger == Trigger.TURN_END:
        return words.gettext("At the end of your turn, {effect}.")
    if trigger == Trigger.ATTACK:
        return words.gettext("Whenever it attacks, {effect}.")
    if trigger == Trigger.ATTACKED:
        return words.gettext("Whenever it is attacked, {effect}.")
    return None


def _summon_opening(words: Words) -> str:
    # TRANSLATORS: what a creature does when it is played; {effect} is a whole sentence.
    return words.gettext("Summon: {effect}")


def _sentence(phrase: str, words: Words) -> str:
    # TRANSLATORS: one sentence of a card's rules text, made of an action ("Deal 1 damage to it").
    return words.pgettext("rules text", "{effect}.").format(effect=_capital(phrase))


# Whom an effect targets, by the role the words play in the sentence (Russian declines them).
def _target_words(role: str, words: Words) -> dict:
    if role == "to":  # deal damage to ..., give ... +1/+1
        return {
            Target.SELF: words.pgettext("deal damage to / give", "it"),
            Target.ENEMY_CREATURES: words.pgettext("deal damage to / give", "all enemy creatures"),
            Target.FRIENDLY_CREATURES: words.pgettext("deal damage to / give", "your other creatures"),
            Target.ALL_CREATURES: words.pgettext("deal damage to / give", "all creatures"),
            Target.RANDOM_ENEMY: words.pgettext("deal damage to / give", "a random enemy creature"),
            Target.RANDOM_FRIEND: words.pgettext("deal damage to / give", "another random friendly creature"),
            Target.ADJACENT: words.pgettext("deal damage to / give", "adjacent creatures"),
            Target.PARTNER: words.pgettext("deal damage to / give", "the creature it fights"),
            Target.OPPONENT: words.pgettext("deal damage to / give", "your opponent"),
            Target.ME: words.pgettext("deal damage to / give", "you"),
            Target.EACH_PLAYER: words.pgettext("deal damage to / give", "each player"),
            Choice.ENEMY_CREATURE: words.pgettext("deal damage to / give", "an enemy creature"),
            Choice.FRIENDLY_CREATURE: words.pgettext("deal damage to / give", "a friendly creature"),
            Choice.ANY_CREATURE: words.pgettext("deal damage to / give", "a creature"),
            Choice.ENEMY: words.pgettext("deal damage to / give", "an enemy"),
            CardType.GREEN: words.pgettext("deal damage to / give", "the friendly creature"),
            CardType.RED: words.pgettext("deal damage to / give", "the enemy creature"),
            CardType.BLUE: words.pgettext("deal damage to / give", "the target"),
        }
    if role == "from":  # remove Guard from ...
        return {
            Target.SELF: words.pgettext("remove from", "it"),
            Target.ENEMY_CREATURES: words.pgettext("remove from", "all enemy creatures"),
            Target.FRIENDLY_CREATURES: words.pgettext("remove from", "your other creatures"),
            Target.ALL_CREATURES: words.pgettext("remove from", "all creatures"),
            Target.RANDOM_ENEMY: words.pgettext("remove from", "a random enemy creature"),
            Target.RANDOM_FRIEND: words.pgettext("remove from", "another random friendly creature"),
            Target.ADJACENT: words.pgettext("remove from", "adjacent creatures"),
            Target.PARTNER: words.pgettext("remove from", "the creature it fights"),
            Choice.ENEMY_CREATURE: words.pgettext("remove from", "an enemy creature"),
            Choice.FRIENDLY_CREATURE: words.pgettext("remove from", "a friendly creature"),
            Choice.ANY_CREATURE: words.pgettext("remove from", "a creature"),
            Choice.ENEMY: words.pgettext("remove from", "an enemy"),
            CardType.GREEN: words.pgettext("remove from", "the friendly creature"),
            CardType.RED: words.pgettext("remove from", "the enemy creature"),
            CardType.BLUE: words.pgettext("remove from", "the target"),
        }
    if role == "who":  # ... gains 2 health
        return {
            Target.OPPONENT: words.pgettext("who gains health", "your opponent"),
            Target.EACH_PLAYER: words.pgettext("who gains health", "each player"),
        }
    return {  # destroy ..., silence ...
        Target.SELF: words.pgettext("destroy / silence", "it"),
        Target.ENEMY_CREATURES: words.pgettext("destroy / silence", "all enemy creatures"),
        Target.FRIENDLY_CREATURES: words.pgettext("destroy / silence", "your other creatures"),
        Target.ALL_CREATURES: words.pgettext("destroy / silence", "all creatures"),
        Target.RANDOM_ENEMY: words.pgettext("destroy / silence", "a random enemy creature"),
        Target.RANDOM_FRIEND: words.pgettext("destroy / silence", "another random friendly creature"),
        Target.ADJACENT: words.pgettext("destroy / silence", "adjacent creatures"),
        Target.PARTNER: words.pgettext("destroy / silence", "the creature it fights"),
        Choice.ENEMY_CREATURE: words.pgettext("destroy / silence", "an enemy creature"),
        Choice.FRIENDLY_CREATURE: words.pgettext("destroy / silence", "a friendly creature"),
        Choice.ANY_CREATURE: words.pgettext("destroy / silence", "a creature"),
        Choice.ENEMY: words.pgettext("destroy / silence", "an enemy"),
        CardType.GREEN: words.pgettext("destroy / silence", "the friendly creature"),
        CardType.RED: words.pgettext("destroy / silence", "the enemy creature"),
        CardType.BLUE: words.pgettext("destroy / silence", "the target"),
    }


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _stats(attack: int, defense: int) -> str:
    return f"{_signed(attack)}/{_signed(defense)}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _and_list(items: list[str], words: Words = ENGLISH) -> str:
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: between the items of a list but the last two ("Charge, Drain and Guard").
    comma = words.pgettext("list", ", ")
    # TRANSLATORS: the last two items of a list, or the list so far and its last item.
    return words.gettext("{items} and {last}").format(items=comma.join(items[:-1]), last=items[-1])


def _keywords(bits: int, words: Words) -> str:
    return _and_list([keyword_word(name, words) for name in keyword_names(bits)], words)


def _join(sentences: list[str]) -> str:
    out = ""
    for sentence in sentences:
        out += sentence if not out or out[-1] in _CLOSING else " " + sentence
    return out


def _target_key(effect: Effect, card: Card):
    if effect.target == Target.CHOSEN:
        return (effect.choose or Choice.ANY_CREATURE) if card.type == CardType.CREATURE else card.type
    return effect.target


def _english_count(words: Words, singular: str, plural: str, count: int) -> bool:
    """Whether `words` leave this counted message in English (then a few numbers are words)."""
    return words.ngettext(singular, plural, count) in (singular, plural)


def _phrase(effect: Effect, card: Card, words: Words, name: Callable[[str], str]) -> str:
    """The action of one effect, in lower case ("deal 1 damage to all creatures")."""
    key = _target_key(effect, card)
    action, amount = effect.action, effect.amount
    if action == Do.DAMAGE:
        template = words.ngettext("deal {amount} damage to {target}", "deal {amount} damage to {target}", amount)
        return template.format(amount=amount, target=_target_words("to", words)[key])
    if action == Do.HEAL:
        if effect.target == Target.ME:
            return words.ngettext("you gain {amount} health", "you gain {amount} health", amount).format(amount=amount)
        who = _target_words("who", words).get(key) or _target_words("to", words)[key]
        template = words.ngettext("{target} gains {amount} health", "{target} gains {amount} health", amount)
        return template.format(target=who, amount=amount)
    if action == Do.DRAW:
        if amount == 1:
            return words.gettext("draw a card")
        return words.ngettext("draw {count} card", "draw {count} cards", amount).format(count=amount)
    if action == Do.MANA:
        template = words.ngettext("gain {amount} mana this turn", "gain {amount} mana this turn", amount)
        return template.format(amount=amount)
    if action == Do.GIVE:
        template = words.gettext("give {target} {keywords}")
        return template.format(target=_target_words("to", words)[key], keywords=_keywords(effect.keywords, words))
    if action == Do.REMOVE:
        template = words.gettext("remove {keywords} from {target}")
        return template.format(keywords=_keywords(effect.keywords, words), target=_target_words("from", words)[key])
    if action == Do.BUFF:
        template = words.gettext("give {target} {stats}")
        return template.format(target=_target_words("to", words)[key], stats=_stats(effect.attack, effect.defense))
    if action == Do.SUMMON:
        token = effect.token
        count = amount or 1
        stats = f"{token.attack}/{token.defense}" if token else ""
        what = name(token.name) if token else words.gettext("token")
        if count == 1:
            return words.gettext("summon a {stats} {name}").format(stats=stats, name=what).replace("  ", " ")
        singular, plural = "summon {count} {stats} {name}", "summon {count} {stats} {name}s"
        number = _NUMBERS.get(count, str(count)) if _english_count(words, singular, plural, count) else str(count)
        template = words.ngettext("summon {count} {stats} {name}", "summon {count} {stats} {name}s", count)
        return template.format(count=number, stats=stats, name=what).replace("  ", " ")
    if action == Do.DESTROY:
        return words.gettext("destroy {target}").format(target=_target_words("it", words)[key])
    return words.gettext("silence {target}").format(target=_target_words("it", words)[key])


def effect_text(effect: Effect, card: Card, words: Words = ENGLISH, name: Callable[[str], str] = str) -> str:
    """One sentence for one effect (`name` gives a token's name as shown)."""
    if effect.trigger == Trigger.AURA:
        stats = _stats(effect.attack, effect.defense)
        if effect.target == Target.ADJACENT:
            return words.gettext("Adjacent creatures have {stats}.").format(stats=stats)
        return words.gettext("Your other creatures have {stats}.").format(stats=stats)
    phrase = _phrase(effect, card, words, name)
    opening = _trigger(effect.trigger, words)
    if opening is not None and effect.trigger != Trigger.DEATH:
        return opening.format(effect=phrase)
    sentence = _sentence(phrase, words)
    if opening is not None:
        return opening.format(effect=sentence)
    if card.type == CardType.CREATURE and effect.trigger == Trigger.PLAY:
        return _summon_opening(words).format(effect=sentence)
    return sentence


def card_text(card: Card, words: Words = ENGLISH, name: Callable[[str], str] = str, keywords: bool = True) -> str:
    """The full rules text of a card, from its data (`keywords=False`: without the sentence that
    only lists a creature's keywords, which a small face shows as badges)."""
    parts: list[str] = []
    names = keyword_names(card.keywords)
    listed = _keywords(card.keywords, words) if names else ""
    if card.type == CardType.CREATURE:
        if names and keywords:
            # TRANSLATORS: a creature's keywords as a sentence ("Charge and Guard.").
            parts.append(words.gettext("{keywords}.").format(keywords=listed))
    elif card.type == CardType.GREEN:
        stats = _stats(card.attack, card.defense) if card.attack or card.defense else ""
        if stats and names:
            parts.append(
                words.gettext("Give a friendly creature {stats} and {keywords}.").format(stats=stats, keywords=listed)
            )
        elif stats:
            parts.append(words.gettext("Give a friendly creature {stats}.").format(stats=stats))
        elif names:
            parts.append(words.gettext("Give a friendly creature {keywords}.").format(keywords=listed))
    else:
        if names:
            if len(names) == len(KEYWORD_NAMES):
                parts.append(words.gettext("Remove all abilities from an enemy creature."))
            else:
                parts.append(words.gettext("Remove {keywords} from an enemy creature.").format(keywords=listed))
        if card.attack:
            stats = _stats(card.attack, card.defense)
            parts.append(words.gettext("Give an enemy creature {stats}.").format(stats=stats))
        elif card.defense < 0:
            damage = -card.defense
            if card.type == CardType.RED:
                template = words.ngettext(
                    "Deal {amount} damage to an enemy creature.", "Deal {amount} damage to an enemy creature.", damage
                )
            else:
                template = words.ngettext(
                    "Deal {amount} damage to an enemy creature or your opponent.",
                    "Deal {amount} damage to an enemy creature or your opponent.",
                    damage,
                )
            parts.append(template.format(amount=damage))
    columns_start = len(parts)
    if card.my_health > 0:
        template = words.ngettext("You gain {amount} health.", "You gain {amount} health.", card.my_health)
        parts.append(template.format(amount=card.my_health))
    elif card.my_health < 0:
        template = words.ngettext("You lose {amount} health.", "You lose {amount} health.", -card.my_health)
        parts.append(template.format(amount=-card.my_health))
    if card.opp_health < 0:
        template = words.ngettext(
            "Deal {amount} damage to your opponent.", "Deal {amount} damage to your opponent.", -card.opp_health
        )
        parts.append(template.format(amount=-card.opp_health))
    elif card.opp_health > 0:
        template = words.ngettext(
            "Your opponent gains {amount} health.", "Your opponent gains {amount} health.", card.opp_health
        )
        parts.append(template.format(amount=card.opp_health))
    if card.draw == 1:
        parts.append(words.gettext("Draw a card next turn."))
    elif card.draw:
        template = words.ngettext("Draw {count} card next turn.", "Draw {count} cards next turn.", card.draw)
        parts.append(template.format(count=card.draw))
    if card.type == CardType.CREATURE and len(parts) > columns_start:
        parts[columns_start] = _summon_opening(words).format(effect=parts[columns_start])
    parts += [effect_text(effect, card, words, name) for effect in card.effects]
    return _join(parts)
