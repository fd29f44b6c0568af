"""Reading level and campaign files: every problem as (file, JSON path, plain-language message).

`load_level(path)` returns the validated model (pydantic checks plus the cross-checks of
`game.rules.levels.checks`) or raises `LevelError` listing every problem found; `validate_paths`
is what `python main.py levels validate` runs.
"""

from __future__ import annotations

import copy
import difflib
import json
from pathlib import Path
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from game.rules.levels import model
from game.paths import levels_dir
from game.rules.levels.level_base import LABEL_PATTERN, LEVEL_ID_PATTERN, LevelBase
from game.rules.levels.problems import LevelError, Problem, json_path  # noqa: F401  (part of this module's API)
from game.rules.safe_json import JsonFileError, NotARegularFile, cap_problems, read_json_file, safe_resolve, shorten


def campaign_dir() -> Path:
    return levels_dir() / "campaign"


def campaign_path() -> Path:
    return campaign_dir() / "campaign.json"


def level_path(level_id: str) -> Path:
    return campaign_dir() / f"{level_id}.json"


def find_level(name: str | Path) -> Path:
    """A level file from a path or a campaign level id."""
    path = Path(name)
    if path.suffix == ".json" or path.exists() or len(path.parts) > 1:
        return path
    return level_path(str(name))


# ------------------------------------------------------------------------------ JSON paths


def _walk(raw: Any, loc: tuple) -> tuple[list[str | int], Any]:
    """The part of a pydantic error location that exists in the raw JSON (union tags and the
    like are dropped), and the value found there."""
    parts: list[str | int] = []
    node = raw
    for part in loc:
        if isinstance(node, dict) and isinstance(part, str) and part in node:
            parts.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            parts.append(part)
            node = node[part]
    return parts, node


def _all_field_names() -> set[str]:
    names: set[str] = set()
    for value in vars(model).values():
        if isinstance(value, type) and issubclass(value, BaseModel):
            for name, info in value.model_fields.items():
                names.add(info.alias or name)
    return names


_FIELD_NAMES = _all_field_names()
_PATTERN_HELP = {
    LEVEL_ID_PATTERN: "must be lowercase letters, digits and _ (up to 48), starting with a letter or digit",
    LABEL_PATTERN: "must be lowercase letters, digits and _ (up to 32), starting with a letter",
}


MAX_PROBLEMS_PER_FILE = 50  # then one line: "... and N more problems in this file"


def _short(text: str, limit: int = 80) -> str:
    """A value quoted in a message, cut to `limit` characters (a message is read, and drawn)."""
    return shorten(text, limit)


def _capped(problems: list[Problem], file: str) -> list[Problem]:
    return cap_problems(problems, file, MAX_PROBLEMS_PER_FILE, lambda text: Problem(file, "$", text))


def _describe(item: Mapping[str, Any], raw: Any) -> tuple[list[str | int], str]:
    kind = item["type"]
    loc = tuple(item["loc"])
    ctx = item.get("ctx") or {}
    if kind == "missing":
        parts, _ = _walk(raw, loc[:-1])
        return parts, f'missing required field "{loc[-1]}"'
    parts, value = _walk(raw, loc)
    found = (
        _short(json.dumps(_short(value, 200) if isinstance(value, str) else value, ensure_ascii=False))
        if not isinstance(value, (dict, list))
        else None
    )
    if kind == "extra_forbidden":
        name = _short(str(loc[-1]))
        close = difflib.get_close_matches(name, _FIELD_NAMES, n=1)
        hint = f' (did you mean "{close[0]}"?)' if close else ""
        return parts, f'unknown field "{name}"{hint}'
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        expected = ctx.get("expected_tags", "")
        if kind == "union_tag_not_found":
            return parts, f'missing "{ctx.get("discriminator", "kind").strip(chr(39))}"' + (
                f": one of {expected}" if expected else ""
            )
        return parts, f'unknown kind {_short(json.dumps(ctx.get("tag")))}: expected one of {expected}'
    if kind == "literal_error":
        return parts, f"must be {ctx.get('expected')}" + (f" (found {found})" if found else "")
    if kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        return parts, f"must be at least {bound}" + (f" (found {found})" if found else "")
    if kind in ("less_than_equal", "less_than"):
        bound = ctx.get("le", ctx.get("lt"))
        return parts, f"must be at most {bound}" + (f" (found {found})" if found else "")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return parts, f"must be a whole number (found {found or 'a ' + type(value).__name__})"
    if kind == "string_pattern_mismatch":
        help_text = _PATTERN_HELP.get(str(ctx.get("pattern")), f"does not match the pattern {ctx.get('pattern')}")
        return parts, f"{help_text} (found {found})"
    if kind == "too_short":
        return parts, f"needs at least {ctx.get('min_length')} item(s)" if isinstance(
            value, list
        ) else f"must be at least {ctx.get('min_length')} character(s) long"
    if kind == "too_long":
        return parts, f"must be at most {ctx.get('max_length')} item(s) or characters long"
    if kind == "deck_kind":
        return parts, item["msg"] + (f" (found {json.dumps(value.get('kind'))})" if isinstance(value, dict) else "")
    message = item["msg"].removeprefix("Value error, ")
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        message = f"must be an object {{...}} (found {found or type(value).__name__})"
    elif kind == "list_type":
        message = f"must be a list [...] (found {found or type(value).__name__})"
    elif kind == "string_type":
        message = f"must be a string (found {found or type(value).__name__})"
    elif kind == "bool_type" or kind == "bool_parsing":
        message = f"must be true or false (found {found})"
    return parts, message


def _expected_tags(validate, raw: Any, loc: tuple, discriminator: str) -> str:
    """The tags a discriminated union at `loc` accepts. Pydantic does not list them when the tag
    is missing, so the document is validated once more with a tag no union accepts, and the
    'unknown tag' error at the same place lists them."""
    probe = copy.deepcopy(raw)
    target = probe
    for part in loc:  # the loc also names the union tags taken on the way: those are not in the data
        if (
            isinstance(target, dict)
            and part in target
            or isinstance(target, list)
            and isinstance(part, int)
            and 0 <= part < len(target)
        ):
            target = target[part]
    if not isinstance(target, dict):
        return ""
    target[discriminator] = "\u2400"  # no union has this tag
    try:
        validate(probe)
    except ValidationError as error:
        for item in error.errors():
            if item["type"] == "union_tag_invalid" and tuple(item["loc"]) == loc:
                return item.get("ctx", {}).get("expected_tags", "")
    except Exception:  # a probe that fails otherwise only loses the list of tags
        pass
    return ""


def validation_problems(error: ValidationError, raw: Any, file: str, validate=None) -> list[Problem]:
    """One Problem per pydantic error, with the JSON path in words; `validate` (the validator that
    raised `error`) lets a missing union tag list the tags it may have."""
    problems = []
    seen = set()
    for item in error.errors():
        if item["type"] == "union_tag_not_found" and validate is not None:
            discriminator = item.get("ctx", {}).get("discriminator", "kind").strip("'")
            item = {
                **item,
                "ctx": {
                    **item.get("ctx", {}),
                    "expected_tags": _expected_tags(validate, raw, tuple(item["loc"]), discriminator),
                },
            }
        parts, message = _describe(item, raw)
        problem = Problem(file, json_path(parts), message)
        if problem not in seen:
            seen.add(problem)
            problems.append(problem)
    return _capped(problems, file)


# ------------------------------------------------------------------------------ reading


def read_json(path: Path) -> tuple[Any, list[Problem]]:
    """A level or campaign file's JSON object through the safe reader, or the problem with it."""
    try:
        raw = read_json_file(path)
    except FileNotFoundError:
        return None, [Problem(str(path), "$", "file not found")]
    except NotARegularFile as error:  # a FIFO, a device, a symbolic link loop: never opened
        # (its strerror is always set, to the sentence after the path; typeshed has it Optional)
        return None, [Problem(str(path), "$", error.strerror or str(error))]
    except OSError as error:
        return None, [Problem(str(path), "$", f"cannot read the file: {error}")]
    except JsonFileError as error:
        return None, [Problem(str(path), error.json_path or "$", error.message)]
    if not isinstance(raw, dict):
        return None, [Problem(str(path), "$", f"a level file is a JSON object {{...}}, not {type(raw).__name__}")]
    return raw, []


def parse_level(raw: dict, file: str) -> tuple[LevelBase | None, list[Problem]]:
    try:
        return model.LEVEL_ADAPTER.validate_python(raw), []
    except ValidationError as error:
        return None, validation_problems(error, raw, file, model.LEVEL_ADAPTER.validate_python)


def read_level(path: str | Path) -> tuple[LevelBase | None, list[Problem]]:
    """Parse and cross-check one level file: (the level or None, every problem)."""
    from game.rules.levels.checks import check_level

    path = Path(path)
    raw, problems = read_json(path)
    if raw is None:
        return None, problems
    level, problems = parse_level(raw, str(path))
    if level is None:
        return None, problems
    try:
        problems = _capped(check_level(level, str(path)), str(path))
    except Exception as error:  # a bug in one check must not hide the other files' problems
        return None, [
            Problem(
                str(path),
                "$",
                f"could not be checked (an error in the checker: {type(error).__name__}: {error}); please report it",
            )
        ]
    # In a campaign folder (any folder holding a campaign.json) a level's id is its file name, so
    # two files can never claim the same id.
    in_campaign = (path.parent / "campaign.json").exists() or safe_resolve(path.parent) == safe_resolve(campaign_dir())
    if path.stem != level.id and in_campaign:
        problems.append(Problem(str(path), "$.id", f'a campaign level\'s id must be its file name: "{path.stem}"'))
    return level, problems


def load_level(path: str | Path) -> LevelBase:
    """The validated level at `path` (a file, or a campaign level id); raises LevelError."""
    level, problems = read_level(find_level(path))
    if problems or level is None:
        raise LevelError(problems)
    return level


def read_campaign(path: str | Path | None = None) -> tuple[model.Campaign | None, list[Problem]]:
    path = Path(path) if path is not None else campaign_path()
    raw, problems = read_json(path)
    if raw is None:
        return None, problems
    try:
        return model.Campaign.model_validate(raw), []
    except ValidationError as error:
        return None, validation_problems(error, raw, str(path), model.Campaign.model_validate)


def load_campaign(path: str | Path | None = None) -> model.Campaign:
    """The campaign (default levels/campaign/campaign.json), model-checked only; raises LevelError."""
    campaign, problems = read_campaign(path)
    if problems or campaign is None:
        raise LevelError(problems)
    return campaign


def load_campaign_levels(campaign: model.Campaign, folder: Path | None = None) -> dict[str, LevelBase]:
    """Every level of the campaign, validated: those its chapters name and the bonus levels beside
    them that rewards unlock (raises LevelError with all problems)."""
    folder = folder or campaign_dir()
    levels, problems = {}, []
    extra = sorted(p.stem for p in folder.glob("*.json") if p.name != "campaign.json")
    for level_id in dict.fromkeys(campaign.level_ids() + extra):
        level, found = read_level(folder / f"{level_id}.json")
        problems += found
        if level is not None:
            levels[level_id] = level
    if problems:
        raise LevelError(problems)
    return levels


def validate_paths(paths: list[Path]) -> tuple[list[Problem], int]:
    """Check level files and campaign files (a campaign file also checks every level it names
    and the unlock rules). Returns (problems, files checked)."""
    from game.rules.levels.checks import check_campaign

    problems: list[Problem] = []
    checked = 0
    done: set[Path] = set()
    expanded: list[Path] = []
    ids: dict[tuple[Path, str], Path] = {}  # (folder, level id) -> the first file checked that has it

    def same_id(level, level_file: Path) -> list[Problem]:
        """Two files of one folder claim one level id: only one of them could ever be played."""
        if level is None:
            return []
        first = ids.setdefault((safe_resolve(level_file.parent), level.id), level_file)
        if first == level_file:
            return []
        return [Problem(str(level_file), "$.id", f'level id "{level.id}" is already used by {first}')]

    for path in map(Path, paths):  # a folder: its campaign, or else every level file in it
        if _is_dir(path):
            expanded += [path / "campaign.json"] if (path / "campaign.json").exists() else sorted(path.glob("*.json"))
        else:
            expanded.append(path)
    for path in expanded:
        if safe_resolve(path) in done:
            continue
        raw, found = read_json(path)
        if raw is not None and "chapters" in raw:
            campaign, found = read_campaign(path)
            problems += found
            checked += 1
            done.add(safe_resolve(path))
            if campaign is None:
                continue
            levels = {}
            unreadable = False
            folder = path.parent
            for level_file in sorted(folder.glob("*.json")):
                if safe_resolve(level_file) == safe_resolve(path):
                    continue
                level, found = read_level(level_file)
                problems += found + same_id(level, level_file)
                checked += 1
                done.add(safe_resolve(level_file))
                if level is not None:
                    levels[level_file.stem] = level
                else:
                    unreadable = True
            for level_id in campaign.level_ids():
                if not (folder / f"{level_id}.json").exists():
                    index = _chapter_position(campaign, level_id)
                    problems.append(
                        Problem(
                            str(path),
                            json_path(index),
                            f'level "{level_id}" has no file {folder / (level_id + ".json")}',
                        )
                    )
            if not unreadable:  # the unlock rules need every level (its problems are listed above)
                problems += check_campaign(campaign, levels, str(path))
            continue
        if raw is None:
            problems += found
            checked += 1
            done.add(safe_resolve(path))
            continue
        level, found = read_level(path)
        problems += found + same_id(level, path)
        checked += 1
        done.add(safe_resolve(path))
    return problems, checked


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, RuntimeError):
        return False


def _chapter_position(campaign: model.Campaign, level_id: str) -> list[str | int]:
    for c, chapter in enumerate(campaign.chapters):
        if level_id in chapter.levels:
            return ["chapters", c, "levels", chapter.levels.index(level_id)]
    return []
