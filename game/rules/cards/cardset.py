"""Duelmind's card files (`levels/cards/*.json`): pydantic models, loading with clear errors, and
the JSON Schema for editors.

A file looks like:
    {"version": 1, "name": "core", "cards": [
        {"id": 12, "name": "Ember Imp", "type": "creature", "cost": 2, "attack": 2, "defense": 1,
         "keywords": "C",
         "effects": [{"trigger": "play", "action": "damage", "target": "chosen", "choose": "enemy",
                      "amount": 1}]}]}
Every problem is reported as `file: card ID (Name): field.path: message`.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Final, Iterable, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from game.rules.cards.model import PLAYER_TARGETS, Card, CardType, Choice, Do, Effect, Target, Trigger, parse_keywords
from game.rules.cards.text import card_text
from game.paths import assets_dir, levels_dir
from game.rules.safe_json import JsonFileError, NotARegularFile, cap_problems, read_json_file, safe_resolve, shorten
from game.rules.text_fields import Name

CARDSET_VERSION: Final = 1  # Final: its type is Literal[1], what `version` accepts
_TYPES = {"creature": CardType.CREATURE, "green": CardType.GREEN, "red": CardType.RED, "blue": CardType.BLUE}
_CREATURE_ACTIONS = {Do.DAMAGE, Do.GIVE, Do.REMOVE, Do.BUFF, Do.DESTROY, Do.SILENCE}
_OWNER_ACTIONS = {Do.DRAW, Do.MANA, Do.SUMMON}  # always for the card's owner
_FIGHT_TRIGGERS = {Trigger.ATTACK, Trigger.ATTACKED}
MAX_TOKEN_CHAIN = 8  # cards in a chain of a card summoning a token summoning a token ...: longer is refused
MAX_CARDS = 1000  # cards in one file (the shipped core.json has 122): more is refused, not checked one by one
MAX_EFFECTS = 20  # effects on one card (the most any shipped card has is 3)
MAX_PROBLEMS_PER_FILE = 50  # then one line: "... and N more problems in this file"
_ICON_NAME = re.compile(r"^([a-z0-9]+(-[a-z0-9]+)*)?$")  # "" or e.g. "wolf-head": a file name, never a path


class EffectSpec(BaseModel):
    """One triggered effect: when (trigger), what (action), to whom (target), how much."""

    model_config = ConfigDict(extra="forbid", use_enum_values=False)

    trigger: Trigger
    action: Do
    target: Target = Field(Target.ME, description="whom it affects; draw, mana and summon are always for the owner")
    amount: StrictInt = Field(0, ge=0, le=99, description="damage, heal, draw or mana amount; summon: how many tokens")
    attack: StrictInt = Field(0, ge=-20, le=20, description="buff: attack change")
    defense: StrictInt = Field(0, ge=-20, le=20, description="buff: defense change")
    keywords: str = Field(
        "", pattern=r"^[BCDGLW-]*$", max_length=12, description="give/remove: keyword letters from BCDGLW"
    )
    token: StrictInt | None = Field(None, description="summon: the id of a token card")
    choose: Choice | None = Field(None, description="creatures with target 'chosen': what the player picks")

    @model_validator(mode="after")
    def _consistent(self) -> "EffectSpec":
        action, target, trigger = self.action, self.target, self.trigger
        if action in (Do.DAMAGE, Do.HEAL, Do.DRAW, Do.MANA) and self.amount < 1:
            raise ValueError(f"{action.value} needs an amount of at least 1")
        if action == Do.HEAL and target not in PLAYER_TARGETS:
            raise ValueError("heal targets players only: me, opponent or each_player")
        if action in (Do.GIVE, Do.REMOVE) and not self.keywords.strip("-"):
            raise ValueError(f"{action.value} needs keywords (letters from BCDGLW)")
        if action == Do.BUFF and not (self.attack or self.defense):
            raise ValueError("buff needs a non-zero attack or defense")
        if action == Do.SUMMON and self.token is None:
            raise ValueError("summon needs a token id")
        if action != Do.SUMMON and self.token is not None:
            raise ValueError("token is only for summon")
        if action in _OWNER_ACTIONS and target != Target.ME:
            raise ValueError(f"{action.value} is always for the card's owner: use target 'me'")
        if action in _CREATURE_ACTIONS and target in PLAYER_TARGETS and action != Do.DAMAGE:
            raise ValueError(f"{action.value} needs creature targets, not {target.value}")
        if self.choose is not None and target != Target.CHOSEN:
            raise ValueError("choose is only for target 'chosen'")
        if target == Target.CHOSEN and trigger != Trigger.PLAY:
            raise ValueError("only play effects can have a chosen target")
        if target == Target.PARTNER and trigger not in _FIGHT_TRIGGERS:
            raise ValueError("target 'partner' needs an attack or attacked trigger")
        if trigger == Trigger.DEATH and target in (Target.SELF, Target.ADJACENT):
            raise ValueError(f"a death effect cannot target {target.value}: the creature is gone")
        if trigger == Trigger.AURA and (
            action != Do.BUFF or target not in (Target.FRIENDLY_CREATURES, Target.ADJACENT)
        ):
            raise ValueError("an aura is a buff of friendly_creatures or adjacent creatures")
        return self


class CardSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: StrictInt = Field(ge=1, le=9999)
    name: Name = Field(min_length=1, max_length=32)
    type: Literal["creature", "green", "red", "blue"]
    cost: StrictInt = Field(ge=0, le=12)
    attack: StrictInt = Field(0, ge=-20, le=20)
    defense: StrictInt = Field(0, ge=-99, le=20)
    keywords: str = Field("", pattern=r"^[BCDGLW-]*$", max_length=12, description="letters from BCDGLW")
    my_health: StrictInt = Field(0, ge=-20, le=20, description="when played: change of the owner's health")
    opp_health: StrictInt = Field(0, ge=-20, le=20, description="when played: change of the opponent's health")
    draw: StrictInt = Field(0, ge=0, le=4, description="when played: extra cards drawn next turn")
    effects: list[EffectSpec] = Field(default_factory=list, max_length=MAX_EFFECTS)
    token: StrictBool = Field(False, description="summoned by effects only; never drafted")
    flavor: str = Field("", max_length=200)
    art: str = Field(
        "",
        json_schema_extra={"pattern": _ICON_NAME.pattern},
        description="the card's picture: an icon name, the file assets/art/icons/<art>.svg "
        "(empty: the game picks one by card type)",
    )

    @field_validator("art")
    @classmethod
    def _art_exists(cls, value: str) -> str:
        if len(value) > 64:  # before any file look-up: a long name raises OSError (name too long)
            raise ValueError(f"{value[:40]!r}... is not an icon name: at most 64 characters")
        if not _ICON_NAME.fullmatch(value):
            raise ValueError(
                f"{value!r} is not an icon name: lowercase letters and digits joined by '-', e.g. 'wolf-head'"
            )
        if value and not (icons_dir() / f"{value}.svg").is_file():
            close = difflib.get_close_matches(value, [p.stem for p in icons_dir().glob("*.svg")], n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ValueError(f"no icon file assets/art/icons/{value}.svg{hint}")
        return value

    @field_validator("keywords")
    @classmethod
    def _distinct_keywords(cls, value: str) -> str:
        letters = value.replace("-", "")
        if len(set(letters)) != len(letters):
            raise ValueError("a keyword letter is repeated")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "CardSpec":
        if self.type == "creature":
            if self.defense < 1:
                raise ValueError("a creature needs a defense of at least 1")
            if self.attack < 0:
                raise ValueError("a creature's attack cannot be negative")
        if self.type == "green" and self.defense < 0:
            raise ValueError("a green item cannot lower defense")
        if self.type != "creature":
            if any(e.trigger != Trigger.PLAY for e in self.effects):
                raise ValueError("an item's effects all trigger on play")
            if any(e.target == Target.CHOSEN and e.choose is not None for e in self.effects):
                raise ValueError("an item's chosen target is its own target: leave out choose")
        if self.token and self.type != "creature":
            raise ValueError("a token must be a creature")
        return self


class CardSetFile(BaseModel):
    model_config = ConfigDict(extra="forbid", title="Duelmind card file")

    version: Literal[1] = CARDSET_VERSION
    name: Name = Field(min_length=1, max_length=200)
    cards: list[CardSpec] = Field(max_length=MAX_CARDS)

    @field_validator("version", mode="before")
    @classmethod
    def _whole_number(cls, value):
        if type(value) is not int:  # true and 1.0 equal 1 in Python, but are no version number
            raise ValueError(f"version must be the whole number {CARDSET_VERSION} (found {_found(value)})")
        return value


class CardSetError(ValueError):
    """Problems found in card files; `problems` lists one message each."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class CardSet:
    cards: dict[int, Card]  # every card by id, tokens included

    @property
    def draftable(self) -> list[Card]:
        return [card for card in self.cards.values() if not card.token]


def icons_dir() -> Path:
    """Where the card pictures named by `art` live (the check only looks at file names)."""
    return assets_dir() / "art" / "icons"


def default_card_files() -> list[Path]:
    return sorted((levels_dir() / "cards").glob("*.json"))


def load_cardset(paths: Iterable[str | Path] | None = None) -> CardSet:
    """Load and cross-check card files (default: levels/cards/*.json); raises CardSetError."""
    files = [Path(p) for p in (default_card_files() if paths is None else paths)]
    problems: list[str] = []
    specs: dict[int, tuple[CardSpec, Path]] = {}
    if not files:
        raise CardSetError(["no card files found"])
    for path in files:
        for spec in _read_file(path, problems):
            if spec.id in specs:
                other = specs[spec.id][1]
                problems.append(f"{path}: card {spec.id} ({spec.name}): id: already used in {other}")
                continue
            specs[spec.id] = (spec, path)
    for spec, path in specs.values():
        for index, effect in enumerate(spec.effects):
            if effect.token is None:
                continue
            token = specs.get(effect.token)
            where = f"{path}: card {spec.id} ({spec.name}): effects.{index}.token"
            if token is None:
                problems.append(f"{where}: no valid card has id {effect.token}")
            elif not token[0].token:
                problems.append(f"{where}: card {effect.token} ({token[0].name}) is not marked as a token")
    if problems:
        raise CardSetError(problems)
    built: dict[int, Card] = {}
    chains: dict[int, int] = {}
    for card_id in specs:
        _build(card_id, specs, built, set(), chains)
    return CardSet(built)


def _found(value) -> str:
    return shorten(
        json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else type(value).__name__
    )


def validate_card_files(paths: Iterable[str | Path]) -> CardSet:
    """Check card files as the set they will join: the shipped files (levels/cards/*.json) plus
    `paths`, so a new file that reuses a shipped card's id, or summons a token only the shipped set
    has, is judged as it will be played. Returns the joined set; raises CardSetError."""
    paths = [Path(p) for p in paths]
    given = {safe_resolve(p) for p in paths}
    shipped = [p for p in default_card_files() if safe_resolve(p) not in given]
    return load_cardset(shipped + paths)


def _read_file(path: Path, problems: list[str]) -> list[CardSpec]:
    found: list[str] = []
    specs = _read_file_problems(path, found)
    problems.extend(cap_problems(found, str(path), MAX_PROBLEMS_PER_FILE))
    return specs


def _read_file_problems(path: Path, problems: list[str]) -> list[CardSpec]:
    try:
        raw = read_json_file(path)
    except NotARegularFile as error:
        problems.append(f"{path}: cannot read: {error.strerror}")
        return []
    except OSError as error:
        problems.append(f"{path}: cannot read: {error.strerror or error}")
        return []
    except JsonFileError as error:
        problems.append(str(error))
        return []
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        problems.append(f"{path}: cards: expected an object with a list of cards")
        return []
    try:  # the envelope first, then each card on its own so one bad card hides no other problem
        CardSetFile.model_validate({**raw, "cards": []})
    except ValidationError as error:
        problems.extend(_describe(path, raw, item) for item in error.errors())
    cards = raw["cards"]
    if len(cards) > MAX_CARDS:  # refused at once: a small file of a million entries is no card set
        problems.append(
            f"{path}: cards: at most {MAX_CARDS:,} cards in one file (found {len(cards):,}); "
            "split the set into several files"
        )
        return []
    specs = []
    for index, card in enumerate(cards):
        try:
            specs.append(CardSpec.model_validate(card))
        except ValidationError as error:
            problems.extend(
                _describe(path, raw, {**item, "loc": ("cards", index, *item["loc"])}) for item in error.errors()
            )
    return specs


def _describe(path: Path, raw, item: Mapping[str, Any]) -> str:
    location = list(item["loc"])
    where = str(path)
    if len(location) >= 2 and location[0] == "cards" and isinstance(location[1], int):
        try:
            card = raw["cards"][location[1]]
            where += f": card {shorten(str(card.get('id', '?')))} ({shorten(str(card.get('name', '?')))})"
        except (KeyError, IndexError, TypeError, AttributeError):
            where += f": cards[{location[1]}]"
        location = location[2:]
    field = shorten(".".join(str(part) for part in location)) or "(card)"
    message = shorten(item["msg"].removeprefix("Value error, "), 300)
    return f"{where}: {field}: {message}"


def _build(card_id: int, specs: dict, built: dict[int, Card], visiting: set[int], chains: dict[int, int]) -> Card:
    """Build card `card_id` and the tokens it summons; `chains` gets the number of cards in its
    longest chain of summons (kept to MAX_TOKEN_CHAIN, which also bounds the recursion)."""
    if card_id in built:
        return built[card_id]
    spec: CardSpec = specs[card_id][0]
    visiting.add(card_id)
    effects = []
    longest = 0
    for effect in spec.effects:
        token = None
        if effect.token in visiting:
            raise CardSetError(
                [
                    f"{specs[card_id][1]}: card {spec.id} ({spec.name}): effects: token {effect.token} "
                    "summons itself, directly or through other tokens"
                ]
            )
        if effect.token is not None:
            if len(visiting) < MAX_TOKEN_CHAIN:  # else the chain is too long already: do not go deeper
                token = _build(effect.token, specs, built, visiting, chains)
            if token is None or chains[effect.token] >= MAX_TOKEN_CHAIN:
                raise CardSetError(
                    [
                        f"{specs[card_id][1]}: card {spec.id} ({spec.name}): effects: token "
                        f"{effect.token} makes a chain of more than {MAX_TOKEN_CHAIN} cards summoning "
                        "tokens that summon tokens"
                    ]
                )
            longest = max(longest, chains[effect.token])
        effects.append(
            Effect(
                effect.trigger,
                effect.action,
                effect.target,
                effect.amount,
                effect.attack,
                effect.defense,
                parse_keywords(effect.keywords),
                token,
                effect.choose,
            )
        )
    card = Card(
        spec.id,
        spec.name,
        _TYPES[spec.type],
        spec.cost,
        spec.attack,
        spec.defense,
        parse_keywords(spec.keywords),
        spec.my_health,
        spec.opp_health,
        spec.draw,
        "",
        tuple(effects),
        spec.token,
        spec.art,
    )
    card = replace(card, text=card_text(card))
    built[card_id] = card
    chains[card_id] = longest + 1
    visiting.discard(card_id)
    return card


def cardset_schema() -> dict:
    """The JSON Schema of a card file, for editors (exported to levels/schema/cards.schema.json)."""
    return CardSetFile.model_json_schema()


def schema_path() -> Path:
    return levels_dir() / "schema" / "cards.schema.json"


def schema_text() -> str:
    return json.dumps(cardset_schema(), indent=2, sort_keys=True) + "\n"
