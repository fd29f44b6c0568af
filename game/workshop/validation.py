"""The workshop's live validation: exactly what `levels validate` checks, on the data in the
editor instead of a file (the models, the cross-checks, a gomoku forced win proved by the AI's
prover, a campaign level's id against its file name, and the campaign's unlock rules with this
level as edited). Measured on the shipped levels: under 1 ms per check, so it runs after every edit.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

from game.workshop.kinds import find_editor_kind, prover_for
from game.rules.registry import load_dotted
from game.rules.levels.checks import check_campaign, check_level
from game.rules.levels.loader import campaign_dir, parse_level, read_campaign, read_json, read_level
from game.rules.levels.problems import Problem
from game.rules.safe_json import safe_resolve


def in_campaign(path: Path | None) -> bool:
    if path is None:
        return False
    return (path.parent / "campaign.json").exists() or safe_resolve(path.parent) == safe_resolve(campaign_dir())


def validate(data: dict, file: str, path: Path | None = None) -> list[Problem]:
    """The level's problems, as `levels validate FILE` (and, in a campaign folder, the campaign)
    lists them; with a list too short (a hero deleted) also the problems the checks find in the
    rest (references to what was deleted), and an id another campaign level has."""
    level, problems = parse_level(copy.deepcopy(data), file)
    if level is None:
        return problems + beyond_short_lists(data, file, problems) + duplicate_id(data, file, path)
    try:
        problems = check_level(level, file, prover_for(level.kind))
    except Exception as error:  # as the loader: a checker bug is a problem shown, not a crash
        return [Problem(file, "$", f"could not be checked ({type(error).__name__}: {error})")]
    if in_campaign(path):
        if path.stem != level.id:
            problems.append(Problem(file, "$.id", f'a campaign level\'s id must be its file name: "{path.stem}"'))
        problems += campaign_problems(path, level)
    return problems + duplicate_id(data, file, path)


def warnings(data: dict, file: str) -> list[Problem]:
    """What the level's game's checks suspect without rejecting it (game/workshop/kinds.py names
    them: a "win this turn" the cards cannot reach); none while the level has problems."""
    level, problems = parse_level(copy.deepcopy(data), file)
    editor = find_editor_kind(level.kind) if level is not None else None
    if level is None or editor is None or editor.warnings is None:
        return []
    try:
        return load_dotted(editor.warnings)(level, file)
    except Exception:  # a warning is a hint: a bug in one must not break the editor
        return []


_SHORT = re.compile(r"needs at least (\d+) item\(s\)")
_PART = re.compile(r"\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]")


def parse_path(text: str) -> tuple:
    """A problem's JSON path as keys and indexes: "$.player.heroes" -> ("player", "heroes"). (The
    document's own `model.parse_path` reads quoted keys too; this module cannot import it: the
    document imports this one.)"""
    return tuple(key or int(index) for key, index in _PART.findall(text.removeprefix("$")))


def get(data, parts: tuple):
    for part in parts:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def beyond_short_lists(data: dict, file: str, problems: list[Problem]) -> list[Problem]:
    """The checks' problems outside the lists that are too short, when those are the only format
    problems: deleting one of three heroes should show the objective and the events that name it
    at once, not after a third hero is added. The checks run on a copy with each short list
    filled up with copies of its last item; what they say about those lists themselves (the
    copies share a cell, a label) is left out, since the list is already reported."""
    short = []
    for problem in problems:
        found = _SHORT.fullmatch(problem.message)
        if found is None:
            return []  # another kind of format problem: the checks cannot run on a guess
        short.append((parse_path(problem.path), int(found.group(1))))
    filled = copy.deepcopy(data)
    for parts, at_least in short:
        items = get(filled, parts)
        if not isinstance(items, list) or not items:
            return []
        items.extend(copy.deepcopy(items[-1]) for _ in range(at_least - len(items)))
    level, again = parse_level(filled, file)
    if level is None:
        return []
    try:
        found_problems = check_level(level, file, prover_for(level.kind))
    except Exception:  # the real problems are already shown; a guess that breaks a check adds none
        return []
    return [
        problem
        for problem in found_problems
        if not any(parse_path(problem.path)[: len(parts)] == parts for parts, _ in short)
    ]


_IDS: dict[Path, tuple[int, str, str]] = {}


def _id_and_title(path: Path) -> tuple[str, str]:
    """A level file's id and title as written (cached until the file changes); ("", "") unreadable."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return "", ""
    cached = _IDS.get(path)
    if cached is None or cached[0] != stamp:
        raw, _ = read_json(path)
        level_id = raw.get("id") if isinstance(raw, dict) else None
        title = raw.get("title") if isinstance(raw, dict) else None
        cached = (stamp, level_id if isinstance(level_id, str) else "", title if isinstance(title, str) else "")
        _IDS[path] = cached
    return cached[1], cached[2]


def duplicate_id(data: dict, file: str, path: Path | None) -> list[Problem]:
    """An id another level of the campaign already has: the campaign's own folder for a level not
    saved yet (it is saved there by default), the level's folder when that is a campaign."""
    level_id = data.get("id")
    if not isinstance(level_id, str) or not level_id:
        return []
    if path is None:
        folder = campaign_dir()
    elif in_campaign(path):
        folder = path.parent
    else:
        return []
    mine = safe_resolve(path) if path is not None else None
    try:
        others = sorted(folder.glob("*.json"))
    except OSError:
        return []
    for other in others:
        if other.name == "campaign.json" or (mine is not None and safe_resolve(other) == mine):
            continue
        other_id, title = _id_and_title(other)
        if other_id == level_id or (other.stem == level_id and path is None):
            named = f' ("{title}")' if title else ""
            return [
                Problem(
                    file,
                    "$.id",
                    f'another level of the campaign{named} already has the id "{level_id}": '
                    "choose another id, or saving replaces that level",
                )
            ]
    return []


_OTHERS: dict[Path, tuple[float, object, list]] = {}


def _other_level(path: Path):
    """A campaign level file as read (cached until the file changes)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    cached = _OTHERS.get(path)
    if cached is None or cached[0] != stamp:
        cached = (stamp, *read_level(path))
        _OTHERS[path] = cached
    return cached[1] if not cached[2] else None


def campaign_problems(path: Path, level) -> list[Problem]:
    """The campaign's unlock rules with `level` (as edited) in place of its file: a level nobody can
    reach, an unlock naming no level. Only problems that concern this level are returned."""
    campaign_file = path.parent / "campaign.json"
    campaign, problems = read_campaign(campaign_file)
    if campaign is None:
        return []
    levels = {}
    for other in sorted(path.parent.glob("*.json")):
        if other.name == "campaign.json" or other.stem == path.stem:
            continue
        found = _other_level(other)
        if found is None:
            return []  # another file has problems: `levels validate` reports those
        levels[other.stem] = found
    levels[path.stem] = level
    mine = []
    for problem in check_campaign(campaign, levels, str(campaign_file)):
        if f'"{level.id}"' in problem.message or Path(problem.file).stem == path.stem:
            mine.append(problem)
    return mine
