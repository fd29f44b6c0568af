"""The CodinGame LOCM turn text read back into an `Observation`: what a bot that only sees the
protocol knows, in the form the card AIs use.

`parse_turn_input(text)` takes one turn's input (the format of the CodinGame LOCM statement, as
`battle_input()` in protocol.py writes it):

- a draft turn (mana 0) gives a `DraftInput` with the three offered cards;
- a battle turn gives an `Observation` whose redacted battle matches the referee's state as far
  as the text tells it: both healths, max mana (and the second player's bonus), runes, draws,
  deck sizes, the own hand, both boards (own creatures may all attack: it is the turn start),
  the opponent's last actions, the opponent's hand as hidden cards with plausible instance ids,
  and both remaining decks as hidden cards with their true ids (ids follow deck positions:
  2*i + seat + 1, so a deck of 30 minus the deck size tells which ids were drawn).

One lane (11-column card lines) and two lanes (12 columns) are told apart from the input; the
older 4-field player line (no draw column) is accepted. Cards are rebuilt from their line
values (named "#<id>") unless a card list is passed. Anything malformed raises `ProtocolError`
naming the line number and what is wrong.

`turn_length(lines)` tells from the lines read so far how many lines the turn has, for bots that
read the protocol as a stream.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from game.rules.cards.actions import (
    FACE,
    MAX_INSTANCE_ID,
    NO_TARGET,
    Action,
    ActionSyntaxError,
    Kind,
    is_int,
    parse_action,
)
from game.rules.cards.battle import Battle
from game.rules.cards.model import Card, CardType, parse_keywords
from game.rules.cards.observation import Observation, creature_from_line
from game.rules.cards.state import BOARD_LIMIT, FIRST_RUNE, HAND_LIMIT, HIDDEN, MAX_MANA, OPENING_HAND, Instance, Side

DECK_SIZE = 30  # cards in a drafted deck: own and enemy instance ids follow from it
MAX_ACTION_LINES = 64  # sanity limits for the counts, so a garbled count cannot swallow a stream
MAX_CARD_LINES = 64
ABILITY_LETTERS = set("BCDGLW-")
# Bounds that keep a garbled or hostile turn from costing the bot its memory or its time: every
# number's size; a deck's remaining cards; the cards to draw (the engine draws them one by one);
# and instance ids, which the engine keeps below MAX_INSTANCE_ID (so a deck, whose ids are
# 2*i + seat + 1, holds at most MAX_DECK_IDS cards, drawn ones included).
MAX_VALUE = 10**6
MAX_DECK = 100
MAX_DRAW = 99
MAX_DECK_IDS = (MAX_INSTANCE_ID - 1) // 2


class ProtocolError(ValueError):
    """Turn input that does not follow the protocol; the message starts with the line number."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


@dataclass
class DraftInput:
    """A draft turn: pick `pick` (0-based) of player `seat`, with the offered cards."""

    pick: int
    seat: int
    offer: list[Card]
    lanes: int


@dataclass
class _PlayerLine:
    health: int
    mana: int
    deck: int
    rune: int
    draw: int | None


@dataclass
class _CardLine:
    number: int  # line number, for messages
    base_id: int
    uid: int
    location: int
    type: CardType
    cost: int
    attack: int
    defense: int
    keywords: int
    my_health: int
    opp_health: int
    draw: int
    lane: int  # -1 with one lane or in hand


# ----------------------------------------------------------------------------------- lines


def _ints(words: Sequence[str], number: int, what: str) -> list[int]:
    try:
        values = [int(word) for word in words]
    except ValueError:
        bad = next(word for word in words if not is_int(word))
        raise ProtocolError(number, f"{what}: {bad[:40]!r} is not an integer") from None
    for value in values:
        if abs(value) > MAX_VALUE:
            raise ProtocolError(number, f"{what}: {str(value)[:40]} is out of range (at most {MAX_VALUE} either way)")
    return values


def _count(line: str, number: int, fields: int, index: int, what: str, limit: int) -> int:
    words = line.split()
    if len(words) != fields:
        raise ProtocolError(
            number, f"{what} needs {fields} integer{'s' if fields > 1 else ''}, got {line.strip()[:80]!r}"
        )
    values = _ints(words, number, what)
    value = values[index]
    if not 0 <= value <= limit:
        raise ProtocolError(number, f"{what}: {value} is out of range (0..{limit})")
    return value


def is_player_line(line: str) -> bool:
    """Whether a line has the shape of a player line (4 or 5 integers): the first two lines of
    every turn have it and no other line does, so a bot that lost track can resynchronize."""
    words = line.split()
    return len(words) in (4, 5) and all(is_int(word) for word in words)


def turn_length(lines: Sequence[str], first_line: int = 1) -> int | None:
    """How many lines the turn starting with `lines` has in all, or None while the lines so far
    do not tell yet (the action count is on line 3, the card count after the actions).
    Raises ProtocolError when a count line is garbled."""
    if len(lines) < 3:
        return None
    actions = _count(lines[2], first_line + 2, 2, 1, "opponent hand and action counts", MAX_ACTION_LINES)
    if len(lines) < 4 + actions:
        return None
    cards = _count(lines[3 + actions], first_line + 3 + actions, 1, 0, "card count", MAX_CARD_LINES)
    return 4 + actions + cards


def _player_line(line: str, number: int, who: str) -> _PlayerLine:
    words = line.split()
    if len(words) not in (4, 5):
        raise ProtocolError(
            number, f"{who} player line needs 4 or 5 integers (health mana deck rune [draw]), got {line.strip()[:80]!r}"
        )
    values = _ints(words, number, f"{who} player line")
    health, mana, deck, rune = values[:4]
    draw = values[4] if len(values) == 5 else None
    if not 0 <= mana <= MAX_MANA + 1:
        raise ProtocolError(number, f"{who} mana {mana} is out of range (0..{MAX_MANA + 1})")
    if deck < 0 or rune < 0 or (draw is not None and draw < 0):
        raise ProtocolError(number, f"{who} player line has a negative deck size, rune or draw: {line.strip()[:80]!r}")
    if deck > MAX_DECK:
        raise ProtocolError(number, f"{who} deck size {deck} is out of range (0..{MAX_DECK})")
    if rune > FIRST_RUNE:
        raise ProtocolError(number, f"{who} next rune {rune} is out of range (0..{FIRST_RUNE})")
    if draw is not None and draw > MAX_DRAW:
        raise ProtocolError(number, f"{who} card draw {draw} is out of range (0..{MAX_DRAW})")
    return _PlayerLine(health, mana, deck, rune, draw)


def _card_line(line: str, number: int) -> _CardLine:
    words = line.split()
    if len(words) not in (11, 12):
        raise ProtocolError(
            number, f"card line needs 11 fields (one lane) or 12 (two lanes), got {len(words)}: {line.strip()[:80]!r}"
        )
    abilities = words[7]
    if len(abilities) != 6 or not set(abilities) <= ABILITY_LETTERS:
        raise ProtocolError(number, f"abilities {abilities[:40]!r} must be six characters of BCDGLW or '-'")
    numbers = _ints(words[:7] + words[8:], number, "card line")
    base_id, uid, location, card_type, cost, attack, defense = numbers[:7]
    my_health, opp_health, draw = numbers[7:10]
    lane = numbers[10] if len(words) == 12 else -1
    if location not in (0, 1, -1):
        raise ProtocolError(number, f"location {location} must be 0 (hand), 1 (my board) or -1 (enemy board)")
    if card_type not in (0, 1, 2, 3):
        raise ProtocolError(number, f"card type {card_type} must be 0, 1, 2 or 3")
    if cost < 0 or draw < 0:
        raise ProtocolError(number, f"negative cost or card draw: {line.strip()[:80]!r}")
    if draw > MAX_DRAW:
        raise ProtocolError(number, f"card draw {draw} is out of range (0..{MAX_DRAW})")
    if uid != -1 and not 1 <= uid <= MAX_INSTANCE_ID:
        raise ProtocolError(number, f"instance id {uid} is out of range (1..{MAX_INSTANCE_ID}, or -1 in the draft)")
    if lane not in (-1, 0, 1):
        raise ProtocolError(number, f"lane {lane} must be -1, 0 or 1")
    return _CardLine(
        number,
        base_id,
        uid,
        location,
        CardType(card_type),
        cost,
        attack,
        defense,
        parse_keywords(abilities),
        my_health,
        opp_health,
        draw,
        lane,
    )


def _card_from(line: _CardLine) -> Card:
    return Card(
        base_id=line.base_id,
        name=f"#{line.base_id}",
        type=line.type,
        cost=line.cost,
        attack=line.attack,
        defense=line.defense,
        keywords=line.keywords,
        my_health=line.my_health,
        opp_health=line.opp_health,
        draw=line.draw,
    )


def _lines_of(text: str) -> list[str]:
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


# ----------------------------------------------------------------------------------- parse


def parse_turn_input(
    text: str,
    my_deck: Sequence[Card] | None = None,
    *,
    cards: Mapping[int, Card] | None = None,
    seat: int | None = None,
    lanes: int | None = None,
    turn: int | None = None,
    card_pool: Sequence[Card] | None = None,
    opponent_seen: Sequence[Card] | None = None,
    deck_size: int = DECK_SIZE,
    first_line: int = 1,
) -> Observation[Battle] | DraftInput:
    """One turn's protocol text as an `Observation` (battle) or a `DraftInput` (draft).

    my_deck: the own remaining deck (unordered), which only the bot's memory of its draft can
    tell; cards: real cards by base id (else rebuilt from the line values); seat, lanes, turn
    (this player's turn number, 1-based): what the bot knows from earlier turns (else inferred:
    the seat from instance id parity, lanes from the columns, the turn from the mana);
    card_pool and opponent_seen: passed on to the Observation; first_line: the number of the
    text's first line in messages (a bot reading a stream numbers lines from its start)."""
    lines = _lines_of(text)
    if not lines:
        raise ProtocolError(first_line, "empty turn input")
    for index, line in enumerate(lines):
        if not line.strip():
            raise ProtocolError(first_line + index, "unexpected empty line")
    expected = turn_length(lines, first_line)
    if expected is None:
        raise ProtocolError(first_line + len(lines), f"input ends after {len(lines)} lines, in the middle of the turn")
    if len(lines) != expected:
        raise ProtocolError(
            first_line + min(len(lines), expected), f"the counts announce {expected} lines, the input has {len(lines)}"
        )
    mine = _player_line(lines[0], first_line, "my")
    theirs = _player_line(lines[1], first_line + 1, "opponent's")
    opp_hand_count = int(lines[2].split()[0])
    if not 0 <= opp_hand_count <= HAND_LIMIT:
        raise ProtocolError(first_line + 2, f"opponent hand count {opp_hand_count} is out of range (0..{HAND_LIMIT})")
    action_count = int(lines[2].split()[1])
    card_lines = [
        _card_line(line, first_line + 4 + action_count + i) for i, line in enumerate(lines[4 + action_count :])
    ]
    columns = {len(lines[4 + action_count + i].split()) for i in range(len(card_lines))}
    if len(columns) > 1:
        raise ProtocolError(card_lines[-1].number, "card lines mix 11 and 12 columns")
    if columns:
        detected = 2 if columns == {12} else 1
        if lanes is not None and lanes != detected:
            raise ProtocolError(
                card_lines[0].number,
                f"card lines have {columns.pop()} columns, expected {10 + lanes} for {lanes} lane(s)",
            )
        lanes = detected
    if mine.mana == 0:
        return _draft(mine, theirs, action_count, card_lines, lanes or 1, cards, first_line)
    actions = [_action_line(line, first_line + 3 + i) for i, line in enumerate(lines[3 : 3 + action_count])]
    if lanes is None:  # no card on the table: the opponent's summons may still tell
        lanes = 2 if any(a.kind == Kind.SUMMON and a.lane == 1 for _, a in actions) else 1
    return _battle(
        mine,
        theirs,
        opp_hand_count,
        actions,
        card_lines,
        lanes,
        my_deck,
        cards,
        seat,
        turn,
        card_pool,
        opponent_seen,
        deck_size,
        first_line,
    )


def _action_line(line: str, number: int) -> tuple[int, Action]:
    words = line.split(maxsplit=1)
    if len(words) < 2 or not is_int(words[0]):
        raise ProtocolError(number, f"opponent action line needs 'cardNumber ACTION ...', got {line.strip()[:80]!r}")
    try:
        action = parse_action(words[1])
    except ActionSyntaxError as error:
        raise ProtocolError(number, f"opponent action: {error}") from None
    if action.kind == Kind.END_TURN:
        raise ProtocolError(number, f"opponent action line with PASS: {line.strip()[:80]!r}")
    if not 1 <= action.card <= MAX_INSTANCE_ID:
        raise ProtocolError(
            number, f"opponent action: instance id {action.card} is out of range (1..{MAX_INSTANCE_ID})"
        )
    if action.target not in (FACE, NO_TARGET) and not 1 <= action.target <= MAX_INSTANCE_ID:
        raise ProtocolError(
            number, f"opponent action: target {action.target} is out of range (-1 or 1..{MAX_INSTANCE_ID})"
        )
    base_id = int(words[0])
    if abs(base_id) > MAX_VALUE:
        raise ProtocolError(number, f"opponent action: card number {str(base_id)[:40]} is out of range")
    return base_id, action


def _draft(
    mine: _PlayerLine,
    theirs: _PlayerLine,
    action_count: int,
    card_lines: list[_CardLine],
    lanes: int,
    cards: Mapping[int, Card] | None,
    first_line: int,
) -> DraftInput:
    if action_count:
        raise ProtocolError(first_line + 2, "a draft turn (mana 0) cannot list opponent actions")
    if not card_lines:
        raise ProtocolError(first_line + 3, "a draft turn (mana 0) needs offered cards")
    offer = []
    for line in card_lines:
        if line.location != 0:
            raise ProtocolError(line.number, f"an offered card must have location 0, not {line.location}")
        real = cards.get(line.base_id) if cards else None
        offer.append(real if real is not None else _card_from(line))
    seat = 1 if theirs.deck == mine.deck + 1 else 0
    return DraftInput(pick=mine.deck, seat=seat, offer=offer, lanes=lanes)


def _battle(
    mine: _PlayerLine,
    theirs: _PlayerLine,
    opp_hand_count: int,
    actions: list[tuple[int, Action]],
    card_lines: list[_CardLine],
    lanes: int,
    my_deck: Sequence[Card] | None,
    cards: Mapping[int, Card] | None,
    seat: int | None,
    turn: int | None,
    card_pool: Sequence[Card] | None,
    opponent_seen: Sequence[Card] | None,
    deck_size: int,
    first_line: int,
) -> Observation[Battle]:
    # Which cards are whose: the location column; which seat we are: instance id parity.
    own_lines = [line for line in card_lines if line.location in (0, 1)]
    enemy_lines = [line for line in card_lines if line.location == -1]
    if seat is None:
        seat = _infer_seat(own_lines, enemy_lines, actions, mine, theirs)
    for line in own_lines:
        if line.uid < 1 or (line.uid - 1) % 2 != seat:
            raise ProtocolError(
                line.number, f"instance id {line.uid} is not one of player {seat}'s ids ({seat + 1}, {seat + 3}, ...)"
            )
    for line in enemy_lines:
        if line.uid < 1 or (line.uid - 1) % 2 == seat:
            raise ProtocolError(line.number, f"enemy instance id {line.uid} has the parity of my own ids")
    uids = Counter(line.uid for line in card_lines)
    for line in card_lines:
        if uids[line.uid] > 1:
            raise ProtocolError(line.number, f"instance id {line.uid} appears twice")
    hand_lines = [line for line in own_lines if line.location == 0]
    if len(hand_lines) > HAND_LIMIT:
        raise ProtocolError(hand_lines[-1].number, f"{len(hand_lines)} cards in hand, the limit is {HAND_LIMIT}")
    limit = BOARD_LIMIT if lanes == 1 else BOARD_LIMIT // 2
    for board in ([line for line in own_lines if line.location == 1], enemy_lines):
        for line in board:
            if line.type != CardType.CREATURE:
                raise ProtocolError(line.number, "a card on a board must be a creature (type 0)")
            if lanes == 2 and line.lane not in (0, 1):
                raise ProtocolError(line.number, f"a creature on a board needs lane 0 or 1, not {line.lane}")
        for lane in range(lanes):
            in_lane = [line for line in board if lanes == 1 or line.lane == lane]
            if len(in_lane) > limit:
                raise ProtocolError(
                    in_lane[-1].number, f"more than {limit} creatures in a {'board' if lanes == 1 else 'lane'}"
                )
    known = _known_cards(card_lines, actions, cards)

    battle = Battle.__new__(Battle)
    battle.lanes = lanes
    battle.current = seat
    battle.winner = None
    battle.effects_on = any(card.effects for card in known.values())  # never with LOCM cards
    battle.auras_on = any(card.has_aura for card in known.values())
    battle.rng_state = 0
    battle.dying = []
    battle.twist = None  # the protocol has no level twists

    me = Side.__new__(Side)
    opponent = Side.__new__(Side)
    my_turns, their_turns = _turn_counts(seat, mine, theirs, turn, deck_size)
    _fill_mana(me, mine.mana, seat, my_turns)
    _fill_mana(opponent, theirs.mana, 1 - seat, their_turns)
    me.mana = mine.mana
    opponent.mana = 0
    for side, player_line in ((me, mine), (opponent, theirs)):
        side.health = player_line.health
        side.next_rune = player_line.rune
        side.bonus_ends = False
    me.drawn = mine.draw if mine.draw is not None else 1
    me.next_draw = 1
    opponent.next_draw = theirs.draw if theirs.draw is not None else 1
    opponent.drawn = 1
    me.turns, opponent.turns = my_turns, their_turns
    me.actions = []
    opponent.actions = actions

    me.hand = [Instance(line.uid, known[line.base_id]) for line in hand_lines]
    me.board = [_creature(line, known, own=True) for line in own_lines if line.location == 1]
    opponent.board = [_creature(line, known, own=False) for line in enemy_lines]
    seen_own = {line.uid: known[line.base_id] for line in own_lines}
    me.deck, me.deck_pos = _deck(seat, mine.deck, seen_own, deck_size, first_line)
    their_seen_ids = {line.uid for line in enemy_lines}
    their_seen_ids |= {action.card for _, action in actions}
    opponent.deck, opponent.deck_pos = _deck(
        1 - seat, theirs.deck, {uid: HIDDEN for uid in their_seen_ids}, deck_size, first_line + 1
    )
    opponent.hand = _hidden_hand(opponent, 1 - seat, their_seen_ids, opp_hand_count, first_line)
    battle.sides = [me, opponent] if seat == 0 else [opponent, me]
    battle.token_base = 2 * max(len(me.deck), len(opponent.deck)) + 1
    battle.turn = 2 * my_turns - 1 + seat

    seen = (
        list(opponent_seen)
        if opponent_seen is not None
        else (
            [known[line.base_id] for line in enemy_lines]
            + [known[base] for base, action in actions if action.kind != Kind.ATTACK and base in known]
        )
    )
    if card_pool is None:
        pool = dict(cards) if cards else {}
        pool.update((card.base_id, card) for card in known.values())
        pool.update((card.base_id, card) for card in (my_deck or ()))
        card_pool = list(pool.values())
    return Observation(seat, battle, list(my_deck) if my_deck is not None else [], seen, card_pool)


def _infer_seat(own_lines, enemy_lines, actions, mine: _PlayerLine, theirs: _PlayerLine) -> int:
    if own_lines:
        return (own_lines[0].uid - 1) % 2
    if enemy_lines:
        return 1 - (enemy_lines[0].uid - 1) % 2
    for _, action in actions:
        if action.card > 0:
            return 1 - (action.card - 1) % 2
    # Nothing on the table: the second player shows one more mana than the first while its
    # bonus lasts; otherwise assume the first seat.
    return 1 if mine.mana > theirs.mana else 0


def _turn_counts(
    seat: int, mine: _PlayerLine, theirs: _PlayerLine, turn: int | None, deck_size: int
) -> tuple[int, int]:
    """(my turns so far including this one, the opponent's turns so far)."""
    if turn is None:
        if seat == 0:
            turn = mine.mana  # the first player has no bonus: max mana = turns up to the cap
        else:
            turn = theirs.mana  # the first player has had as many turns as we have
        if turn >= MAX_MANA:
            # Capped: estimate from the cards drawn (at least one a turn while the deck lasts).
            drawn = deck_size - mine.deck - OPENING_HAND[seat]
            turn = max(MAX_MANA, drawn)
    return turn, turn if seat == 1 else turn - 1


def _fill_mana(side: Side, shown: int, seat: int, turns: int) -> None:
    """Split the shown turn mana into max mana and the second player's bonus (+1 until one of
    its turns ends with no mana left)."""
    if seat == 0:
        side.max_mana, side.bonus_mana = min(shown, MAX_MANA), 0
        return
    bonus = shown - min(turns, MAX_MANA)
    if bonus not in (0, 1):  # the turn count was a guess: trust the text
        bonus = 1 if shown > MAX_MANA else 0
    side.max_mana, side.bonus_mana = shown - bonus, bonus


def _known_cards(card_lines: list[_CardLine], actions, cards: Mapping[int, Card] | None) -> dict[int, Card]:
    """A card per base id: the real one when given, else from a hand line (exact base values),
    else from a board line (current values)."""
    known: dict[int, Card] = {}
    # Hand lines first (exact), then board lines still showing their summon effects.
    for line in sorted(
        card_lines, key=lambda line: (line.location != 0, (line.my_health, line.opp_health, line.draw) == (0, 0, 0))
    ):
        if line.base_id in known:
            continue
        real = cards.get(line.base_id) if cards else None
        known[line.base_id] = real if real is not None else _card_from(line)
    if cards:
        for base, _ in actions:
            if base not in known and base in cards:
                known[base] = cards[base]
    return known


def _creature(line: _CardLine, known: dict[int, Card], own: bool):
    card = known[line.base_id]
    effects = (line.my_health, line.opp_health, line.draw)
    shows = effects != (0, 0, 0) or (card.my_health, card.opp_health, card.draw) == (0, 0, 0)
    return creature_from_line(
        card, line.uid, line.attack, line.defense, line.keywords, max(line.lane, 0), shows_effects=shows, can_attack=own
    )


def _deck(
    seat: int, remaining: int, seen: Mapping[int, Card], deck_size: int, number: int
) -> tuple[tuple[Instance, ...], int]:
    """A deck of instances with true ids: positions below deck_pos were drawn (cards known only
    when seen, else HIDDEN), the rest is hidden. `number` is the player line's, for the message."""
    highest = max(((uid - 1) // 2 for uid in seen), default=-1)
    total = max(deck_size, highest + 1 + remaining)
    if total > MAX_DECK_IDS:
        raise ProtocolError(
            number,
            f"a deck of {remaining} more card(s) after instance id {2 * highest + seat + 1} "
            f"needs ids above {MAX_INSTANCE_ID}, the engine's limit",
        )
    drawn = total - remaining
    deck = tuple(
        Instance(2 * i + seat + 1, seen.get(2 * i + seat + 1, HIDDEN) if i < drawn else HIDDEN) for i in range(total)
    )
    return deck, drawn


def _hidden_hand(side: Side, seat: int, seen_ids: set[int], count: int, first_line: int) -> list[Instance]:
    """The opponent's hand as hidden cards: the most recently drawn ids not seen on the table."""
    candidates = [instance.uid for instance in side.deck[: side.deck_pos] if instance.uid not in seen_ids]
    if len(candidates) < count:
        raise ProtocolError(
            first_line + 2,
            f"the opponent holds {count} cards but has drawn only {len(candidates)} not seen on the table",
        )
    chosen = candidates[len(candidates) - count :] if count else []
    return [Instance(uid, HIDDEN) for uid in chosen]


__all__ = ["DECK_SIZE", "DraftInput", "ProtocolError", "is_player_line", "parse_turn_input", "turn_length"]
