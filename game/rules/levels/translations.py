"""Game data in the player's language: the per-language files beside the data.

`levels/campaign/translations/<code>.json` translates the campaign's and its levels' texts,
`levels/cards/translations/<code>.json` the cards' names and flavor lines; `<code>` is `zh-CN`,
`ru` or `th`. Every translation is keyed by the English text itself, so an English edit makes the
old translation unused (the text falls back to English and `levels validate --lang` lists it):

    {"$schema": "../../schema/translations.schema.json", "language": "ru",
     "common": {"Magister Ilsa": "Магистр Ильза"},
     "campaign": {"The Apprentice's Bench": "Скамья ученика"},
     "levels": {"c1_first_spark": {"First Spark": "Первая искра"}},
     "cards": {"Scrap Mite": "Ржавый клещ"}}

A text T of level L reads `levels[L][T]`, else `common[T]`, else T; a text of campaign.json reads
`campaign[T]`, else `common[T]`, else T; a card's name or flavor `cards[T]`, else T.

Only the client shows translated data, and only as a copy made after the English is read: ids,
unlock rules and level digests (saves, replays) are the English file's whatever the language
(`localize_level` notes the English digest, `source_digest` gives it back). The command-line
tools, the referee and the bots read the English files and never this module.
Rules layer: standard library and pydantic only.
"""

from __future__ import annotations

import hashlib
import json
import logging
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.paths import levels_dir
from game.rules.levels.problems import Problem, json_path
from game.rules.safe_json import JsonFileError, NotARegularFile, read_json_file

log = logging.getLogger(__name__)

DATA_LANGUAGES = ("zh-CN", "ru", "th")  # English is the data itself
FOLDER = "translations"  # beside the data: levels/campaign/translations, levels/cards/translations

# Where a level's and the campaign's player-visible texts are ("[]": each item of a list, or the
# one object where a list may be given as a single object; "*": every field).
LEVEL_PATHS = (
    "title",
    "summary",
    "story/*/[]/speaker",
    "story/*/[]/text",
    "objectives/[]/text",
    "opponent/name",
    "opponent/heroes/[]/name",
    "player/heroes/[]/name",
    "events/[]/say/[]/speaker",
    "events/[]/say/[]/text",
    "events/[]/do/[]/say/[]/speaker",
    "events/[]/do/[]/say/[]/text",
    "rewards/message",
)
CAMPAIGN_PATHS = (
    "title",
    "chapters/[]/title",
    "chapters/[]/intro/[]/speaker",
    "chapters/[]/intro/[]/text",
)
CARD_FIELDS = ("name", "flavor")  # of each card of a card file (levels/cards/*.json)


class TranslationFile(BaseModel):
    """One language's translations of the campaign, or of the cards (all sections optional)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str | None = Field(None, alias="$schema", description="the JSON Schema, for editors")
    language: Literal["zh-CN", "ru", "th"] = Field(description="the language, as the file's name says it")
    common: dict[str, str] = Field(
        default_factory=dict, description="English text -> translation, for every level and the campaign"
    )
    campaign: dict[str, str] = Field(default_factory=dict, description="texts of campaign.json")
    levels: dict[str, dict[str, str]] = Field(
        default_factory=dict, description="level id -> (English text -> translation) for that level"
    )
    cards: dict[str, str] = Field(default_factory=dict, description="card names and flavor lines")


def translations_schema() -> dict:
    schema = TranslationFile.model_json_schema(by_alias=True)
    schema["title"] = "Duelmind translations"
    return schema


def schema_text() -> str:
    return json.dumps(translations_schema(), indent=2, sort_keys=True) + "\n"


def schema_path() -> Path:
    return levels_dir() / "schema" / "translations.schema.json"


# ---------------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Translations:
    """One language's translations of one data folder; the empty table is English."""

    language: str = "en"
    common: Mapping[str, str] = field(default_factory=dict)
    campaign: Mapping[str, str] = field(default_factory=dict)
    levels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    cards: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, data: TranslationFile) -> "Translations":
        return cls(data.language, data.common, data.campaign, data.levels, data.cards)

    def level_text(self, level_id: str, text: str) -> str:
        return self.levels.get(level_id, {}).get(text) or self.common.get(text) or text

    def campaign_text(self, text: str) -> str:
        return self.campaign.get(text) or self.common.get(text) or text

    def card_text(self, text: str) -> str:
        return self.cards.get(text) or text

    def __bool__(self) -> bool:
        return bool(self.common or self.campaign or self.levels or self.cards)


ENGLISH = Translations()


def translation_path(folder: Path, language: str) -> Path:
    return Path(folder) / FOLDER / f"{language}.json"


def read_translations(path: Path, language: str | None = None) -> tuple[TranslationFile | None, list[Problem]]:
    """A translation file, checked (its `language` must be the one its name says), or its problems.
    A missing file is no problem: (None, [])."""
    path = Path(path)
    file = str(path)
    try:
        raw = read_json_file(path)
    except FileNotFoundError:
        return None, []
    except NotARegularFile as error:
        return None, [Problem(file, "$", error.strerror or str(error))]
    except OSError as error:
        return None, [Problem(file, "$", f"cannot read the file: {error}")]
    except JsonFileError as error:
        return None, [Problem(file, error.json_path or "$", error.message)]
    if not isinstance(raw, dict):
        return None, [Problem(file, "$", f"a translation file is a JSON object {{...}}, not {type(raw).__name__}")]
    try:
        data = TranslationFile.model_validate(raw)
    except ValidationError as error:
        from game.rules.levels.loader import validation_problems

        problems = validation_problems(error, raw, file)
        if not isinstance(raw.get("language"), str) or raw.get("language") not in DATA_LANGUAGES:
            problems = [
                Problem(
                    file,
                    "$.language",
                    f"must be one of {', '.join(DATA_LANGUAGES)} (found {_quoted(raw.get('language'))})",
                )
                if p.path == "$.language"
                else p
                for p in problems
            ]
        return None, problems
    expected = language or path.stem
    if data.language != expected:
        return None, [Problem(file, "$.language", f'the file is for "{expected}" but says "{data.language}"')]
    return data, []


def _quoted(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if value is not None else "nothing"


_loaded: dict[tuple[str, str], tuple[tuple, Translations]] = {}


def load_translations(folder: Path, language: str) -> Translations:
    """The translations of the data in `folder` into `language` (English: the empty table). A
    broken file is logged, naming the file and the field, and the data stays English. Read again
    only when the file changed."""
    if language not in DATA_LANGUAGES:
        return ENGLISH
    path = translation_path(folder, language)
    try:
        stamp: tuple = (path.stat().st_mtime_ns, path.stat().st_size)
    except OSError:
        return ENGLISH
    key = (str(path.resolve()), language)
    cached = _loaded.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    data, problems = read_translations(path, language)
    for problem in problems:
        log.warning("translations not used (the data stays English): %s", problem)
    table = Translations.of(data) if data is not None else ENGLISH
    _loaded[key] = (stamp, table)
    return table


# --------------------------------------------------------------------------- walking texts


def map_texts(node: Any, paths: Iterable[str], change: Callable[[str], str]) -> Any:
    """`node` (a raw JSON value or a pydantic model) with every text at `paths` replaced by
    `change(text)`; what did not change is the same object, nothing is changed in place."""
    for path in paths:
        node = _map(node, path.split("/"), change)
    return node


def _map(node: Any, parts: list[str], change: Callable[[str], str]) -> Any:
    if not parts:
        return change(node) if isinstance(node, str) and node else node
    head, rest = parts[0], parts[1:]
    if head == "[]":
        if isinstance(node, list):
            items = [_map(item, rest, change) for item in node]
            return node if all(a is b for a, b in zip(items, node)) else items
        return _map(node, rest, change)  # a single object where a list may stand
    if isinstance(node, dict):
        names = list(node) if head == "*" else [head] if head in node else []
        changed = {name: _map(node[name], rest, change) for name in names}
        changed = {name: value for name, value in changed.items() if value is not node[name]}
        return {**node, **changed} if changed else node
    if isinstance(node, BaseModel):
        fields = type(node).model_fields
        names = list(fields) if head == "*" else [head] if head in fields else []
        changed = {name: _map(getattr(node, name), rest, change) for name in names}
        changed = {name: value for name, value in changed.items() if value is not getattr(node, name)}
        return node.model_copy(update=changed) if changed else node
    return node


def texts_at(raw: Any, paths: Iterable[str]) -> list[tuple[str, str]]:
    """(JSON path, text) of every text at `paths` in raw JSON, in the order of `paths`; a text
    said again (a speaker's name) only where it is first found."""
    found: list[tuple[str, str]] = []
    for path in paths:
        _find(raw, path.split("/"), [], found)
    first: dict[str, str] = {}
    for where, text in found:
        first.setdefault(text, where)
    return [(where, text) for text, where in first.items()]


def _find(node: Any, parts: list[str], trail: list[str | int], found: list[tuple[str, str]]) -> None:
    if not parts:
        if isinstance(node, str) and node:
            found.append((json_path(trail), node))
        return
    head, rest = parts[0], parts[1:]
    if head == "[]":
        if isinstance(node, list):
            for index, item in enumerate(node):
                _find(item, rest, [*trail, index], found)
        else:
            _find(node, rest, trail, found)
    elif isinstance(node, dict):
        for name in list(node) if head == "*" else [head] if head in node else []:
            _find(node[name], rest, [*trail, name], found)


# ------------------------------------------------------------------------- localized copies

_digests: dict[int, str] = {}  # id of a localized level -> its English's digest (while it lives)


def localize_level(level: Any, table: Translations) -> Any:
    """A copy of `level` (a level model, as read) with its texts in `table`'s language; the
    English itself when nothing is translated. The copy's digest stays the English's."""
    if not table:
        return level
    english_digest = source_digest(level) or _digest(level)
    localized = map_texts(level, LEVEL_PATHS, lambda text: table.level_text(level.id, text))
    if localized is not level:
        key = id(localized)
        _digests[key] = english_digest
        weakref.finalize(localized, _digests.pop, key, None)
    return localized


def localize_level_raw(raw: dict, level_id: str, table: Translations) -> dict:
    """A level file's raw JSON with its texts in `table`'s language."""
    return map_texts(raw, LEVEL_PATHS, lambda text: table.level_text(level_id, text))


def localize_campaign(campaign: Any, table: Translations) -> Any:
    """The campaign (model or raw JSON) with its texts in `table`'s language."""
    return map_texts(campaign, CAMPAIGN_PATHS, table.campaign_text) if table else campaign


def source_digest(level: Any) -> str | None:
    """The English level's digest, for a copy `localize_level` made (None for any other level)."""
    return _digests.get(id(level))


def _digest(level: Any) -> str:
    # As game.rules.levels.session.level_digest hashes a level (that module asks this one first).
    return hashlib.sha256(level.model_dump_json(by_alias=True, exclude_defaults=True).encode()).hexdigest()[:16]


# ------------------------------------------------------------------- what is left to translate


@dataclass
class Coverage:
    """What one language's translations leave out of the data, and what they hold in vain."""

    language: str
    missing: list[Problem] = field(default_factory=list)  # file: $: the English text
    unused: list[Problem] = field(default_factory=list)  # translation file: $.section["text"]
    problems: list[Problem] = field(default_factory=list)  # a translation file that cannot be read
    checked: int = 0  # data files looked at


def campaign_coverage(folder: Path, language: str) -> Coverage:
    """The campaign folder's texts (campaign.json and every level file beside it) against its
    `translations/<language>.json`."""
    folder = Path(folder)
    report = Coverage(language)
    path = translation_path(folder, language)
    data, report.problems = read_translations(path, language)
    data = data or TranslationFile(language=language)  # type: ignore[arg-type]
    used_common: set[str] = set()
    used_campaign: set[str] = set()
    level_texts: dict[str, set[str]] = {}
    files = sorted(folder.glob("*.json"))
    for file in files:
        try:
            raw = read_json_file(file)
        except (OSError, JsonFileError):
            continue  # `levels validate` says what is wrong with it
        if not isinstance(raw, dict):
            continue
        report.checked += 1
        if "chapters" in raw:
            for where, text in texts_at(raw, CAMPAIGN_PATHS):
                if text in data.campaign:
                    used_campaign.add(text)
                elif text in data.common:
                    used_common.add(text)
                else:
                    report.missing.append(Problem(str(file), where, _quoted(text)))
            continue
        level_id: str = raw["id"] if isinstance(raw.get("id"), str) else file.stem
        own = data.levels.get(level_id, {})
        level_texts[level_id] = set()
        for where, text in texts_at(raw, LEVEL_PATHS):
            if text in own:
                level_texts[level_id].add(text)
            elif text in data.common:
                used_common.add(text)
            else:
                report.missing.append(Problem(str(file), where, _quoted(text)))
    where = str(path)
    for text in data.common:
        if text not in used_common:
            report.unused.append(Problem(where, json_path(["common", text]), "unused"))
    for text in data.campaign:
        if text not in used_campaign:
            report.unused.append(Problem(where, json_path(["campaign", text]), "unused"))
    for level_id, own in data.levels.items():
        if level_id not in level_texts:
            report.unused.append(Problem(where, json_path(["levels", level_id]), "unused: no level has this id"))
            continue
        for text in own:
            if text not in level_texts[level_id]:
                report.unused.append(Problem(where, json_path(["levels", level_id, text]), "unused"))
    if data.cards:
        report.unused.append(Problem(where, "$.cards", "unused: card names belong in levels/cards/translations"))
    return report


def card_coverage(folder: Path, language: str) -> Coverage:
    """The card files in `folder` (names and flavor lines) against its `translations/<language>.json`."""
    folder = Path(folder)
    report = Coverage(language)
    path = translation_path(folder, language)
    data, report.problems = read_translations(path, language)
    data = data or TranslationFile(language=language)  # type: ignore[arg-type]
    used: set[str] = set()
    for file in sorted(folder.glob("*.json")):
        try:
            raw = read_json_file(file)
        except (OSError, JsonFileError):
            continue
        cards = raw.get("cards") if isinstance(raw, dict) else None
        if not isinstance(cards, list):
            continue
        report.checked += 1
        for where, text in texts_at(raw, [f"cards/[]/{name}" for name in CARD_FIELDS]):
            if text in data.cards:
                used.add(text)
            else:
                report.missing.append(Problem(str(file), where, _quoted(text)))
    where = str(path)
    for text in data.cards:
        if text not in used:
            report.unused.append(Problem(where, json_path(["cards", text]), "unused"))
    for section in ("common", "campaign", "levels"):
        if getattr(data, section):
            report.unused.append(Problem(where, f"$.{section}", "unused: a card file's translations hold only cards"))
    return report
