"""A level where the player brings their own deck (`"deck": {"kind": "player", ...}`): which cards
a deck may use, why a deck is not legal (in a player's words), the deck played when the player
brings none (the level's `suggested`, or one built here), and building a deck with a mana curve.

Rules layer: pure functions over the level, the card set and the player's collection (a set of
card ids; owning a card lets a deck hold up to the level's `max_copies` of it). The deck editor,
the level's start and the headless tools all ask these, so they agree on what is legal. Why a deck
is not legal is said through `words` (game/rules/cards/text.py: English for the checks and the
tools, the player's language for the client), with gettext() and ngettext() calls that the
catalogs' extraction finds.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Collection, Iterable, Sequence

from game.rules.cards.cardset import CardSet
from game.rules.cards.model import Card, CardType
from game.rules.cards.text import ENGLISH, Words
from game.rules.levels.card_rules import allowed
from game.rules.levels.model import CardLevel, PlayerDeck

# A deck's share of cards by mana cost (0-1, 2, 3, 4, 5, 6 and more), for 30 cards: cheap
# creatures to answer the early turns, a thick middle, a few finishers. Scaled to other sizes.
CURVE: tuple[tuple[int, int, int], ...] = ((0, 1, 5), (2, 2, 7), (3, 3, 6), (4, 4, 5), (5, 5, 4), (6, 99, 3))
CURVE_TOTAL = sum(share for _, _, share in CURVE)
ITEM_SHARE = 0.25  # at most a quarter of an auto-built deck are items: creatures hold the board
ITEM_MIN_SHARE = 0.15  # and some are: a deck of creatures alone has no answer to a bigger one


def player_deck(level) -> PlayerDeck | None:
    """The level's player-deck rules, or None when the level gives the player a deck (or is of a
    game without decks: any level may be asked)."""
    deck = getattr(getattr(level, "player", None), "deck", None)
    return deck if isinstance(deck, PlayerDeck) else None


def deck_pool(level: CardLevel, cardset: CardSet) -> list[Card]:
    """Every card a deck may use in this level, by cost then id: the deck's `allowed` (default:
    every card of the level's files), less tokens and what the level's rules forbid."""
    rules = player_deck(level)
    listed = rules.allowed if rules is not None else None
    cards = [cardset.cards[i] for i in listed if i in cardset.cards] if listed is not None else cardset.draftable
    pool = {card.base_id: card for card in cards if not card.token and allowed(level, card) is None}
    return sorted(pool.values(), key=lambda card: (card.cost, card.base_id))


def deck_problems(
    level: CardLevel,
    cards: Sequence[int],
    cardset: CardSet,
    owned: Collection[int] | None = None,
    words: Words = ENGLISH,
    name: Callable[[str], str] = str,
) -> list[str]:
    """Why `cards` (one id per copy) may not be played in this level, in a player's words ([]:
    legal). `owned`: the player's collection (None: any card may be used, as the level's own
    suggested deck may). `words` and `name`: the language and the card names (the client passes
    the player's; the checks and tools keep English)."""
    rules = player_deck(level)
    if rules is None:
        return [words.gettext("This level gives you its own deck.")]
    pool = {card.base_id for card in deck_pool(level, cardset)}
    return problems_against(cards, cardset, pool, rules.size, rules.max_copies, owned, words, name)


def problems_against(
    cards: Sequence[int],
    cardset: CardSet,
    pool: Collection[int],
    size: int,
    max_copies: int,
    owned: Collection[int] | None = None,
    words: Words = ENGLISH,
    name: Callable[[str], str] = str,
) -> list[str]:
    """`deck_problems` for rules given one by one (`pool`: the card ids allowed): cards first (in
    the order the deck first lists them), then copies, then the count."""
    problems = []
    counts = Counter(cards)
    for card_id in counts:  # in the order the deck first lists them
        card = cardset.cards.get(card_id)
        if card is None:
            problems.append(words.gettext("Card {id} does not exist in this level's card set").format(id=card_id))
        elif card_id not in pool:
            problems.append(words.gettext("{card} is not allowed in this level").format(card=name(card.name)))
        elif owned is not None and card_id not in owned:
            problems.append(words.gettext("{card} is not in your collection").format(card=name(card.name)))
    for card_id, count in counts.items():
        card = cardset.cards.get(card_id)
        if card is not None and count > max_copies:
            template = words.ngettext(
                "{count} copy of {card}: at most {most}", "{count} copies of {card}: at most {most}", count
            )
            problems.append(template.format(count=count, card=name(card.name), most=max_copies))
    if len(cards) != size:
        template = words.ngettext("{count} of {size} card", "{count} of {size} cards", size)
        problems.append(template.format(count=len(cards), size=size))
    return problems


def card_value(card: Card) -> float:
    """A rough worth of a card for its cost, to choose among cards of one cost: stats, keywords
    and effects count; a creature's body is worth more than an item's one-off change."""
    keywords = bin(card.keywords).count("1")
    effects = len(card.effects)
    if card.type == CardType.CREATURE:
        body = card.attack + card.defense + 1.5 * keywords + 1.5 * effects
    else:
        body = abs(card.attack) + abs(card.defense) + 1.5 * keywords + 2.0 * effects
    body += abs(card.opp_health) + abs(card.my_health) / 2 + 2 * card.draw
    return body - 2.0 * card.cost


def auto_build(cards: Iterable[Card], size: int, max_copies: int) -> list[int]:
    """A deck of `size` cards from `cards` (each up to `max_copies` times) with a mana curve: the
    curve's share of each cost filled with that cost's best cards, items up to a quarter of the
    deck; what is left filled with the best cards remaining. Fewer than `size`
    when the cards run out. Deterministic: ties go to the lower id."""
    pool = sorted({card.base_id: card for card in cards if not card.token}.values(), key=lambda c: c.base_id)
    ranked = sorted(pool, key=lambda card: (-card_value(card), card.base_id))
    costs = {card.base_id: card.cost for card in pool}
    taken: Counter[int] = Counter()
    items_left = int(size * ITEM_SHARE)
    deck: list[int] = []

    def take(card: Card, room: int) -> int:
        nonlocal items_left
        copies = min(max_copies - taken[card.base_id], room, size - len(deck))
        if card.type != CardType.CREATURE:
            copies = min(copies, items_left)
            items_left -= max(0, copies)
        for _ in range(max(0, copies)):
            deck.append(card.base_id)
        taken[card.base_id] += max(0, copies)
        return max(0, copies)

    # a few of the best items first (answers to a big creature, reach for the last points), so a
    # deck of the best-valued cards is not creatures alone; they count in their cost's share
    wanted_items = round(size * ITEM_MIN_SHARE)
    for card in ranked:
        if card.type != CardType.CREATURE and wanted_items > 0:
            wanted_items -= take(card, wanted_items)
    for low, high, share in CURVE:
        room = round(size * share / CURVE_TOTAL) - sum(1 for card_id in deck if low <= costs[card_id] <= high)
        for card in ranked:  # creatures and items compete on worth; items stop at their share
            if room <= 0:
                break
            if low <= card.cost <= high:
                room -= take(card, room)
    for card in ranked:  # the curve's buckets could not all be filled: the best of the rest
        if len(deck) >= size:
            break
        take(card, size)
    if len(deck) < size:  # the item cap left the deck short: items after all
        items_left = size
        for card in ranked:
            take(card, size)
    return sorted(deck, key=lambda card_id: (costs[card_id], card_id))


def suggested_cards(level: CardLevel, cardset: CardSet) -> list[int]:
    """The deck a player without one of their own plays (and the headless tools): the level's
    `suggested`, or one built from every card the level allows."""
    rules = player_deck(level)
    if rules is None:
        return []
    if rules.suggested:
        return [entry.card for entry in rules.suggested for _ in range(entry.count)]
    return auto_build(deck_pool(level, cardset), rules.size, rules.max_copies)


def build_from_collection(level: CardLevel, cardset: CardSet, owned: Collection[int]) -> list[int]:
    """A deck for this level from the player's collection (the deck editor's "Build for me")."""
    rules = player_deck(level)
    if rules is None:
        return []
    cards = [card for card in deck_pool(level, cardset) if card.base_id in owned]
    return auto_build(cards, rules.size, rules.max_copies)


def mana_curve(cards: Iterable[int], cardset: CardSet, top: int = 7) -> list[int]:
    """How many of the deck's cards cost 0, 1, ... `top` or more (the editor's chart)."""
    counts = [0] * (top + 1)
    for card_id in cards:
        card = cardset.cards.get(card_id)
        if card is not None:
            counts[min(card.cost, top)] += 1
    return counts
