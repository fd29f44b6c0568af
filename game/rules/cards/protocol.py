"""The CodinGame LOCM protocol text: what a bot reads each turn, and the action lines it sends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.rules.cards.actions import Action, parse_action
from game.rules.cards.model import Card, format_keywords

if TYPE_CHECKING:
    from game.rules.cards.battle import Battle, Creature, Side

HAND, MY_BOARD, ENEMY_BOARD = 0, 1, -1  # the protocol's location column


def parse_action_line(line: str) -> list[Action]:
    """Split a bot's answer on ';' and parse each action (ActionSyntaxError if one is malformed)."""
    return [parse_action(part) for part in line.strip().split(";") if part.strip()]


def _player_line(side: "Side", draw: int) -> str:
    return f"{side.health} {side.turn_mana} {side.deck_size} {side.next_rune} {draw}"


def card_line(card: Card, uid: int, location: int, lanes: int, lane: int = -1) -> str:
    """A card line for a card in hand (or offered in the draft, uid -1)."""
    line = (
        f"{card.base_id} {uid} {location} {int(card.type)} {card.cost} {card.attack} {card.defense} "
        f"{format_keywords(card.keywords)} {card.my_health} {card.opp_health} {card.draw} "
    )
    return line + f"{lane} " if lanes == 2 else line


def creature_line(creature: "Creature", location: int, lanes: int) -> str:
    card = creature.card
    effects = f"{card.my_health} {card.opp_health} {card.draw}" if creature.shows_effects else "0 0 0"
    line = (
        f"{card.base_id} {creature.uid} {location} 0 {card.cost} {creature.attack} {creature.defense} "
        f"{format_keywords(creature.keywords)} {effects} "
    )
    return line + f"{creature.lane} " if lanes == 2 else line


def battle_input(battle: "Battle") -> str:
    """The exact text a CodinGame bot receives at the start of the current player's turn."""
    lanes = battle.lanes
    me = battle.sides[battle.current]
    enemy = battle.sides[1 - battle.current]
    # The referee shows the current player the cards it drew this turn, and the opponent's
    # draws to come (1 plus what it earned since its turn started).
    lines = [
        _player_line(me, me.drawn),
        _player_line(enemy, enemy.next_draw),
        f"{len(enemy.hand)} {len(enemy.actions)}",
    ]
    lines += [f"{base_id} {action.text(lanes)}" for base_id, action in enemy.actions]
    cards = [card_line(i.card, i.uid, HAND, lanes) for i in me.hand]
    cards += [creature_line(c, MY_BOARD, lanes) for c in me.board]
    cards += [creature_line(c, ENEMY_BOARD, lanes) for c in enemy.board]
    lines.append(str(len(cards)))
    lines += cards
    return "\n".join(lines) + "\n"


def draft_input(pick: int, seat: int, offer: Sequence[Card], lanes: int = 1) -> str:
    """What player `seat` reads for draft pick `pick` (0..29): mana 0 marks a draft turn."""
    opponent_picks = pick + 1 if seat == 1 else pick
    lines = [f"30 0 {pick} 25 0", f"30 0 {opponent_picks} 25 0", "0 0", str(len(offer))]
    lines += [card_line(card, -1, HAND, lanes) for card in offer]
    return "\n".join(lines) + "\n"


def split_turn_input(text: str) -> list[str]:
    """Lines of one turn's input, for comparisons that ignore trailing spaces."""
    return [" ".join(line.split()) for line in text.strip("\n").split("\n")]


def play_turn(battle: "Battle", line: str, played: list | None = None) -> list[str]:
    """Play a `;`-separated action line with referee semantics, then end the turn: PASS is
    skipped, a well-formed but illegal action is skipped with a warning and the rest is still
    played. A malformed action raises ActionSyntaxError before anything is played (the referee
    counts that as a loss). Returns the warnings; `played` gets the actions played (replays)."""
    return battle.play_actions(parse_action_line(line), played)
