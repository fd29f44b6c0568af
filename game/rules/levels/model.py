"""The level files' data model: pydantic models for card, gomoku and skirmish levels, their story and
the campaign, and the JSON Schema exported for editors (levels/schema/level.schema.json and
campaign.schema.json). Card levels are defined here; what every level shares is in level_base.py,
gomoku and skirmish levels in gomoku_level.py and skirmish_level.py; `Level` below is the union
a level file is read as.

Rules layer: no pygame, no AI. The models check each file on its own (types, ranges, which fields
go together); what needs the card set or the other files (unknown card ids, impossible objectives,
scripted actions naming cards the side does not have, unreachable levels) is checked by
`game.rules.levels.checks`. The writing guide is in the README ("Campaign and writing levels").

Numbers that must be at least 1 (turns, moves) are checked by validators rather than schema
bounds, so the message can say why (e.g. "win within 0 turns leaves no turn to win in"); the
exported schema still carries the bounds for editor completion.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, Union, get_args

from pydantic import Discriminator, Field, StringConstraints, Tag, TypeAdapter, field_validator, model_validator

from game.paths import levels_dir
from game.rules.levels.gomoku_level import GomokuLevel as GomokuLevel  # re-exported: the level kinds live here
from game.rules.levels.level_base import (
    MAX_ITEMS,
    MAX_LINES,
    Label,
    whole_version,
    LevelBase,
    LevelId,
    LevelModel,
    Line,
    ObjectiveBase,
    SideName,
    at_least_one,
)
from game.rules.levels.skirmish_level import SkirmishLevel as SkirmishLevel
from game.rules.levels.modifiers import CardTwist
from game.rules.text_fields import MAX_HERO_NAME, Name

CAMPAIGN_VERSION: Final = 1

CardAIName = Literal["random", "easy", "medium", "hard"]
# The scripted opponent's fallback rules (implemented in ai/cards/scripted.py), tried in order
# after the turn's script: the first that yields an action plays it, then the list starts over.
FallbackRule = Literal[
    "attack_guards",
    "attack_biggest",
    "attack_weakest",
    "trade",
    "attack_face",
    "summon_biggest",
    "summon_cheapest",
    "use_items",
    "end_turn",
]
FALLBACK_RULES: tuple[str, ...] = get_args(FallbackRule)

MAX_DECK = 200  # deck entries (each up to 30 copies); a real deck has at most 60 cards
MAX_EVENTS = 200  # script turns, events, objectives
MAX_TURNS = 50  # LOCM's turn limit: from a player's 51st turn every draw breaks a rune
HAND_LIMIT = 8


# ---------------------------------------------------------------------------------- cards


class CardEntry(LevelModel):
    """A card in a deck or hand: a card id, or {"card": id, "label": name, "count": n}.

    A label names that copy so scripts, events and objectives can refer to it ({label})."""

    card: int = Field(ge=1)
    label: Label | None = None
    count: int = Field(1, ge=1, le=30)

    @model_validator(mode="before")
    @classmethod
    def _from_id(cls, data):
        if isinstance(data, int) and not isinstance(data, bool):
            return {"card": data}
        return data

    @model_validator(mode="after")
    def _label_is_one_card(self) -> "CardEntry":
        if self.label is not None and self.count != 1:
            raise ValueError("a labelled entry names one card: use count 1")
        return self

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema, handler):
        schema = handler.resolve_ref_schema(handler(core_schema))
        return {"anyOf": [{"type": "integer", "minimum": 1, "description": "a card id"}, schema]}


class BoardEntry(LevelModel):
    """A creature on the board when the level starts."""

    card: int = Field(ge=1)
    label: Label | None = None
    lane: int = Field(0, ge=0, le=1)
    ready: bool = Field(True, description="it can attack on its side's first turn")
    attack: int | None = Field(None, ge=0, le=99, description="override the card's attack")
    defense: int | None = Field(None, ge=1, le=99, description="override the card's defense")


class FixedDeck(LevelModel):
    kind: Literal["fixed"] = "fixed"
    cards: list[CardEntry] = Field(max_length=MAX_DECK, description="drawn in this order")


class ShuffledDeck(LevelModel):
    kind: Literal["shuffled"]
    cards: list[CardEntry] = Field(max_length=MAX_DECK)
    seed: int | None = Field(None, description="fixed shuffle; without it each attempt shuffles anew")


class DraftDeck(LevelModel):
    kind: Literal["draft"]
    pool: list[int] | None = Field(
        None, max_length=MAX_ITEMS, description="card ids offered (default: the level's card set)"
    )
    picks: int = Field(30, ge=1, le=60)


class PlayerDeck(LevelModel):
    """The player brings a deck of their own, built in the deck editor from their collection
    (game/rules/levels/player_deck.py says whether one is legal and builds one when none is given)."""

    kind: Literal["player"]
    size: int = Field(30, ge=1, le=60, description="the deck has exactly this many cards")
    max_copies: int = Field(2, ge=1, le=30, description="copies of one card a deck may hold")
    allowed: list[int] | None = Field(
        None, max_length=MAX_ITEMS, description="the card ids a deck may use (default: every card of the level)"
    )
    suggested: list[CardEntry] = Field(
        default_factory=list,
        max_length=MAX_DECK,
        description=(
            "the deck offered to a player without one of their own, and played headless "
            "(default: one built from the allowed cards with a mana curve)"
        ),
    )


def _deck_kind(value) -> str:
    if isinstance(value, dict):
        return value.get("kind", "fixed")  # a deck without a kind is drawn in the order given
    return getattr(value, "kind", "fixed")


Deck = Annotated[
    Union[
        Annotated[FixedDeck, Tag("fixed")],
        Annotated[ShuffledDeck, Tag("shuffled")],
        Annotated[DraftDeck, Tag("draft")],
        Annotated[PlayerDeck, Tag("player")],
    ],
    Discriminator(
        _deck_kind,
        custom_error_type="deck_kind",
        custom_error_message='deck "kind" must be "fixed", "shuffled", "draft" or "player"',
    ),
]


class CardRules(LevelModel):
    lanes: Literal[1, 2] = 1
    style: Literal["plain", "duelmind"] = Field(
        "duelmind", description="plain: LOCM-style cards only (no triggered effects); duelmind: all cards"
    )
    files: list[Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]+$", max_length=64)]] = Field(
        default_factory=lambda: ["core"],
        min_length=1,
        max_length=20,
        description="card files in levels/cards/ (without .json)",
    )
    allowed: list[int] | None = Field(
        None, max_length=MAX_ITEMS, description="only these card ids may appear (default: every card)"
    )
    deck_size: int | None = Field(None, ge=1, le=60, description="every deck must have exactly this many cards")


class SideSpec(LevelModel):
    deck: Deck
    health: int | None = Field(None, ge=1, le=99, description="starting health (default 30)")
    mana: int | None = Field(None, ge=1, le=12, description="max mana on the side's first turn (then +1 a turn)")
    runes: int | None = Field(
        None,
        ge=0,
        le=5,
        description=(
            "runes still standing, the lowest ones (runes 2: at 10 and 5; 0: none); "
            "default: every rune below the starting health"
        ),
    )
    hand: list[CardEntry] | None = Field(
        None, max_length=50, description="the hand when the level starts, instead of the opening draw"
    )
    board: list[BoardEntry] = Field(default_factory=list, max_length=20)


class ScriptTurn(LevelModel):
    turn: int = Field(
        description="the opponent's own turn number (1 = its first turn)", json_schema_extra={"minimum": 1}
    )
    actions: list[Annotated[str, StringConstraints(max_length=200)]] = Field(
        max_length=100,
        description='e.g. "SUMMON {card:12}", "SUMMON {boss} 1", "ATTACK {card:25} FACE", "USE {bolt} {hero}", "PASS"',
    )
    then: Literal["rules", "end"] = Field(
        "rules", description="after the actions: play the fallback rules, or end the turn"
    )

    @field_validator("turn")
    @classmethod
    def _turn(cls, value: int) -> int:
        return at_least_one(value, "turn")


class OpponentSpec(SideSpec):
    name: Name = Field("Opponent", min_length=1, max_length=MAX_HERO_NAME)
    portrait: str | None = Field(None, pattern=r"^[a-z0-9_]+$")
    control: Literal["scripted", "ai"] = "scripted"
    script: list[ScriptTurn] = Field(default_factory=list, max_length=MAX_EVENTS)
    rules: list[FallbackRule] = Field(
        default_factory=list, max_length=50, description="fallback rules of a scripted opponent"
    )
    ai: CardAIName | None = Field(None, description="the AI level (control 'ai')")
    budget_ms: int = Field(300, ge=5, le=10000, description="the AI's thinking time per turn")

    @model_validator(mode="after")
    def _control(self) -> "OpponentSpec":
        if self.control == "ai":
            if self.ai is None:
                raise ValueError("an AI opponent needs \"ai\": one of random, easy, medium, hard")
            if self.script or self.rules:
                raise ValueError("an AI opponent has no script or rules: use control \"scripted\" for those")
        elif self.ai is not None:
            raise ValueError("\"ai\" is for control \"ai\"; a scripted opponent plays its script and rules")
        return self


class WinObjective(ObjectiveBase):
    kind: Literal["win"]


class WinWithinObjective(ObjectiveBase):
    kind: Literal["win_within"]
    turns: int = Field(description="the player's own turns", json_schema_extra={"minimum": 1})

    @field_validator("turns")
    @classmethod
    def _turns(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"win within {value} turns leaves no turn to win in: use at least 1")
        return value


class SurviveObjective(ObjectiveBase):
    kind: Literal["survive"]
    turns: int = Field(description="the opponent's turns to live through", json_schema_extra={"minimum": 1})

    @field_validator("turns")
    @classmethod
    def _turns(cls, value: int) -> int:
        return at_least_one(value, "turns")


class ClearBoardObjective(ObjectiveBase):
    kind: Literal["clear_board"]
    by_turn: int = Field(
        1,
        description="the enemy board is empty during the player's turn N or earlier",
        json_schema_extra={"minimum": 1},
    )

    @field_validator("by_turn")
    @classmethod
    def _by_turn(cls, value: int) -> int:
        return at_least_one(value, "by_turn")


class KeepAliveObjective(ObjectiveBase):
    kind: Literal["keep_alive"]
    label: Label = Field(description="the labelled creature of the player's that must not die")


CardObjective = Annotated[
    Union[WinObjective, WinWithinObjective, SurviveObjective, ClearBoardObjective, KeepAliveObjective],
    Field(discriminator="kind"),
]


class When(LevelModel):
    """When a scripted event fires (once): exactly one condition."""

    turn: int | None = Field(
        None, description="at the start of `side`'s own turn N (after its draw)", json_schema_extra={"minimum": 1}
    )
    health_at_most: int | None = Field(None, ge=0, le=99, description="when `side`'s health drops to N or less")
    died: Label | None = Field(None, description="when the labelled creature dies")
    board_empty: bool | None = Field(None, description="when `side` has no creature after an action")
    side: SideName = "opponent"

    @model_validator(mode="after")
    def _one(self) -> "When":
        given = [name for name in ("turn", "health_at_most", "died", "board_empty") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError(
                "give exactly one of turn, health_at_most, died, board_empty"
                + (f" (found {', '.join(given)})" if given else "")
            )
        if self.turn is not None:
            at_least_one(self.turn, "turn")
        if self.board_empty is False:
            raise ValueError("board_empty must be true (leave it out otherwise)")
        return self


class GiveCards(LevelModel):
    side: SideName = "player"
    cards: list[CardEntry] = Field(min_length=1, max_length=50)


class SummonCreature(LevelModel):
    side: SideName = "opponent"
    card: int = Field(ge=1)
    label: Label | None = None
    lane: int = Field(0, ge=0, le=1)
    ready: bool = Field(False, description="it may attack at once")


class EventStep(LevelModel):
    """One thing an event does: exactly one of say, give, summon."""

    say: Line | None = None
    give: GiveCards | None = Field(None, description="add cards to a side's hand (skipped when the hand is full)")
    summon: SummonCreature | None = Field(None, description="put a creature on a board (skipped when the lane is full)")

    @model_validator(mode="after")
    def _one(self) -> "EventStep":
        given = [name for name in ("say", "give", "summon") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError(
                "each step does exactly one of say, give, summon" + (f" (found {', '.join(given)})" if given else "")
            )
        return self


class CardEvent(LevelModel):
    when: When
    do: list[EventStep] = Field(min_length=1, max_length=50)


class CardLevel(LevelBase):
    kind: Literal["cards"]
    rules: CardRules = Field(default_factory=CardRules)
    first: SideName = Field("player", description="who plays the first turn")
    turn: int | None = Field(
        None,
        description=(
            "the duel's turn when the level starts (default 1): the first side's own turn number; "
            "the turn limit counts from it, script and event turns are such numbers too, "
            "objectives count the level's own turns"
        ),
        json_schema_extra={"minimum": 1, "maximum": MAX_TURNS},
    )
    player: SideSpec
    opponent: OpponentSpec
    objectives: list[CardObjective] = Field(min_length=1, max_length=MAX_EVENTS)
    events: list[CardEvent] = Field(default_factory=list, max_length=MAX_EVENTS)
    # left out of dumps when unset, so a level without a twist keeps its digest (saves, the curve)
    twist: CardTwist | None = Field(None, exclude_if=lambda value: value is None, description="a boss's rule twist")

    @field_validator("turn")
    @classmethod
    def _turn(cls, value: int | None) -> int | None:
        if value is None:
            return value
        if value < 1:
            raise ValueError(f"turn {value} is before the duel's first turn: use 1 or more (or leave it out)")
        if value > MAX_TURNS:
            raise ValueError(
                f"turn {value} is past the turn limit: from a side's turn {MAX_TURNS + 1} on every draw "
                f"breaks a rune instead, so a level starts at turn {MAX_TURNS} at the latest"
            )
        return value

    @property
    def turns_before(self) -> int:
        """The own turns each side has played before the level's first turn (`turn` - 1)."""
        return (self.turn or 1) - 1


# ---------------------------------------------------------------------------------- the union of level kinds
#
# `Level` (what a level file is read as) is the union of every game's level model, taken from the
# game registry (`game/rules/registry.py`: each GameKind's `level_model`), so a new game's levels
# join it by their registry line. It is built on first use (a game's level module imports
# level_base, and so this package, before its own model exists), through `level_adapter()` or the
# module attributes `Level` and `LEVEL_ADAPTER`.

_LEVEL_UNION: dict[str, Any] = {}


def level_adapter() -> TypeAdapter:
    """The validator of a level file: the union of every registered game's level model, by "kind"."""
    if not _LEVEL_UNION:
        from game.rules.registry import GAMES

        models = tuple(model for kind in GAMES.values() if (model := kind.level_model_class()) is not None)
        union: Any = Annotated[Union.__getitem__(models), Field(discriminator="kind")]  # type: ignore[attr-defined]
        _LEVEL_UNION["Level"] = union
        _LEVEL_UNION["LEVEL_ADAPTER"] = TypeAdapter(union)
    return _LEVEL_UNION["LEVEL_ADAPTER"]


if TYPE_CHECKING:
    Level: Any
    LEVEL_ADAPTER: TypeAdapter


def __getattr__(name: str) -> Any:
    if name in ("Level", "LEVEL_ADAPTER"):
        level_adapter()
        return _LEVEL_UNION[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ---------------------------------------------------------------------------------- campaign


class ChapterUnlock(LevelModel):
    after: list[LevelId] = Field(
        default_factory=list, max_length=MAX_ITEMS, description="levels that must be completed first"
    )
    stars: int = Field(0, ge=0, le=999, description="stars needed in total (from all levels)")


class Chapter(LevelModel):
    id: LevelId
    title: Name = Field(min_length=1, max_length=60)
    intro: list[Line] = Field(default_factory=list, max_length=MAX_LINES)
    unlock: ChapterUnlock = Field(default_factory=ChapterUnlock)
    order: Literal["sequential", "open"] = Field(
        "sequential", description="sequential: each level opens when the one before it is completed"
    )
    levels: list[LevelId] = Field(
        min_length=1, max_length=MAX_ITEMS, description="level files levels/campaign/<id>.json, in order"
    )


class Campaign(LevelModel):
    schema_: str | None = Field(None, alias="$schema")
    version: Literal[1] = CAMPAIGN_VERSION

    _version = field_validator("version", mode="before")(classmethod(lambda cls, value: whole_version(value)))
    title: Name = Field(min_length=1, max_length=60)
    starting_cards: list[int] = Field(
        default_factory=list,
        max_length=MAX_ITEMS,
        description="the card ids of a new player's collection (levels' rewards.cards add to it)",
    )
    chapters: list[Chapter] = Field(min_length=1, max_length=100)

    def level_ids(self) -> list[str]:
        return [level for chapter in self.chapters for level in chapter.levels]

    def chapter_of(self, level_id: str) -> Chapter | None:
        return next((chapter for chapter in self.chapters if level_id in chapter.levels), None)


# ---------------------------------------------------------------------------------- schema


def schema_dir() -> Path:
    return levels_dir() / "schema"


def level_schema() -> dict:
    schema = level_adapter().json_schema()
    schema["title"] = "Duelmind level"
    return schema


def campaign_schema() -> dict:
    schema = Campaign.model_json_schema()
    schema["title"] = "Duelmind campaign"
    return schema


def schema_texts() -> dict[Path, str]:
    """Each exported schema file and its up-to-date text."""
    return {
        schema_dir() / "level.schema.json": json.dumps(level_schema(), indent=2, sort_keys=True) + "\n",
        schema_dir() / "campaign.schema.json": json.dumps(campaign_schema(), indent=2, sort_keys=True) + "\n",
    }
