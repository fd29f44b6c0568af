"""Card duels: the LOCM rules engine (pure Python)."""

from game.rules.cards.actions import END_TURN, FACE, Action, ActionSyntaxError, Kind, attack, parse_action, summon, use
from game.rules.cards.battle import Battle, Creature, IllegalAction, Instance, Side
from game.rules.events import Event, EventKind
from game.rules.cards.draft import Draft, DraftAnswerError, parse_draft_answer, run_draft
from game.rules.cards.model import (
    BREAKTHROUGH,
    CHARGE,
    DRAIN,
    GUARD,
    LETHAL,
    WARD,
    Card,
    CardType,
    format_keywords,
    parse_keywords,
)
from game.rules.cards.observation import Observation

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Battle",
    "BREAKTHROUGH",
    "Card",
    "CardType",
    "CHARGE",
    "Creature",
    "DRAIN",
    "Draft",
    "DraftAnswerError",
    "END_TURN",
    "Event",
    "EventKind",
    "FACE",
    "GUARD",
    "IllegalAction",
    "Instance",
    "Kind",
    "LETHAL",
    "Observation",
    "Side",
    "WARD",
    "attack",
    "format_keywords",
    "parse_action",
    "parse_draft_answer",
    "parse_keywords",
    "run_draft",
    "summon",
    "use",
]
