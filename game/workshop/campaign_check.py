"""The campaign workshop's live checks: what `levels validate CAMPAIGN_FILE` reports, run on the
campaign and level data being edited instead of the files (the campaign model, each level file's
own checks, chapters naming levels that have no file, a level in two chapters, unlock rules naming
unknown levels, chapter ids used twice, rewards unlocking unknown levels, levels nobody can reach),
in the same order. Where a level can never be unlocked because chapters wait for each other, the
message also names the circle. And each problem's place in words, for the problems panel.

A level's own checks are cached by its data (a campaign edit changes no level), so a check after
an edit only replays the unlock rules: well under a millisecond on the shipped campaign.
"""

from __future__ import annotations

from game.i18n import N_, _

import copy
import re
from pathlib import Path

from pydantic import ValidationError

from game.workshop import jsontext
from game.workshop.kinds import prover_for
from game.workshop.model import parse_path, path_words
from game.rules.levels.model import Campaign
from game.rules.levels.checks import check_campaign, check_level
from game.rules.levels.loader import parse_level, validation_problems
from game.rules.levels.problems import Problem, json_path

_LEVEL_CHECKS: dict[tuple[str, str], tuple[object, list[Problem]]] = {}  # (file, data) -> (model or None, problems)


def level_checked(data: dict, file: Path) -> tuple[object, list[Problem]]:
    """A level file's model and its own problems, as `levels validate` reads the file (cached)."""
    key = (str(file), jsontext.canonical(data))
    found = _LEVEL_CHECKS.get(key)
    if found is None:
        level, problems = parse_level(copy.deepcopy(data), str(file))
        if level is not None:
            try:
                problems = check_level(level, str(file), prover_for(level.kind))
            except Exception as error:  # as the loader: a checker bug is a problem shown, not a crash
                level = None
                problems = [Problem(str(file), "$", f"could not be checked ({type(error).__name__}: {error})")]
        if level is not None and file.stem != level.id:
            problems = problems + [
                Problem(str(file), "$.id", f'a campaign level\'s id must be its file name: "{file.stem}"')
            ]
        if len(_LEVEL_CHECKS) > 400:
            _LEVEL_CHECKS.clear()
        found = _LEVEL_CHECKS[key] = (level, problems)
    return found


def campaign_problems(data: dict, campaign_file: Path, unreadable: dict[str, list[Problem]]) -> list[Problem]:
    """Every problem `levels validate CAMPAIGN_FILE` would list if the campaign file and the level
    files beside it held `data` (`{"campaign": ..., "levels": {id: data}}`); `unreadable`: the
    problems of level files that are not JSON objects, by level id."""
    raw = data["campaign"]
    try:
        campaign = Campaign.model_validate(copy.deepcopy(raw))
    except ValidationError as error:  # as `levels validate`: the levels are checked once the campaign reads
        return validation_problems(error, raw, str(campaign_file), Campaign.model_validate)
    folder = campaign_file.parent
    problems: list[Problem] = []
    levels: dict = {}
    first_with_id: dict[str, Path] = {}
    complete = not unreadable
    for level_id in sorted(set(data["levels"]) | set(unreadable), key=lambda i: f"{i}.json"):
        level_file = folder / f"{level_id}.json"
        if level_id in unreadable:
            problems += unreadable[level_id]
            continue
        level, found = level_checked(data["levels"][level_id], level_file)
        problems += found
        if level is None:
            complete = False
            continue
        first = first_with_id.setdefault(level.id, level_file)
        if first != level_file:
            problems.append(Problem(str(level_file), "$.id", f'level id "{level.id}" is already used by {first}'))
        levels[level_id] = level
    files = set(data["levels"]) | set(unreadable)
    for level_id in campaign.level_ids():  # a level listed twice without a file: twice, as the validator says it
        if level_id not in files:
            c, i = _first_place(campaign, level_id)
            problems.append(
                Problem(
                    str(campaign_file),
                    json_path(["chapters", c, "levels", i]),
                    f'level "{level_id}" has no file {folder / (level_id + ".json")}',
                )
            )
    if complete:  # the unlock rules need every level (their problems are listed above)
        problems += explain_circles(check_campaign(campaign, levels, str(campaign_file)), campaign)
    return problems


def _first_place(campaign: Campaign, level_id: str) -> tuple[int, int]:
    for c, chapter in enumerate(campaign.chapters):
        if level_id in chapter.levels:
            return c, chapter.levels.index(level_id)
    return -1, -1


# ---------------------------------------------------------------------------------- circles


def waiting_circle(campaign: Campaign, start: int) -> list[int] | None:
    """Chapters that wait for each other, starting at chapter `start`: [start, b, ..., start] when
    `start` waits (through unlock.after) for a level of a chapter that waits ... for `start`."""

    def waits_for(c: int) -> list[int]:
        found = []
        for level_id in campaign.chapters[c].unlock.after:
            place = _first_place(campaign, level_id)[0]
            if place >= 0 and place not in found:
                found.append(place)
        return found

    paths = [[start]]
    seen = set()
    while paths:
        path = paths.pop(0)
        for nxt in waits_for(path[-1]):
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                paths.append(path + [nxt])
    return None


def explain_circles(problems: list[Problem], campaign: Campaign) -> list[Problem]:
    """The checks' "can never be unlocked" problems, with the circle of chapters named when there
    is one (the checks see only that no player gets there)."""
    explained = []
    for problem in problems:
        parts = parse_path(problem.path)
        if "can never be unlocked" in problem.message and len(parts) >= 2 and parts[0] == "chapters":
            circle = waiting_circle(campaign, parts[1])
            if circle is not None and len(circle) == 2:
                why = f'the chapter "{campaign.chapters[circle[0]].title}" waits for one of its own levels'
            elif circle is not None:
                why = (
                    "the chapters "
                    + " → ".join(f'"{campaign.chapters[c].title}"' for c in circle)
                    + " wait for each other"
                )
            if circle is not None:
                problem = Problem(problem.file, problem.path, f"{problem.message}: {why}")
        explained.append(problem)
    return explained


# ---------------------------------------------------------------------------------- places in words


def problem_places(doc) -> list[tuple[tuple, str]]:
    """A campaign document's problems: each one's place in the document and its sentence."""
    return [(place_in_document(problem, doc.path), problem.message) for problem in doc.problems]


def chapters_and_levels(doc, places: list[tuple[tuple, str]]) -> tuple[set[int], set[str]]:
    """The chapters (by index) and the levels (by id) that the problems at `places` are about."""
    chapters, levels = set(), set()
    for place, _message in places:
        if place[:2] == ("campaign", "chapters") and len(place) > 2 and isinstance(place[2], int):
            chapters.add(place[2])
            listed = doc.get(("campaign", "chapters", place[2], "levels")) or []
            if len(place) > 4 and place[3] == "levels" and isinstance(place[4], int) and place[4] < len(listed):
                levels.add(listed[place[4]])
        elif place[0] == "levels" and len(place) > 1:
            levels.add(place[1])
    return chapters, levels


def place_in_document(problem: Problem, campaign_file: Path) -> tuple:
    """Where a problem is in the campaign document: ("campaign", ...) or ("levels", id, ...)."""
    parts = parse_path(problem.path)
    if Path(problem.file) == campaign_file:
        named = re.match(r'level "([a-z0-9_]+)" is in no chapter', problem.message)
        if parts == ("chapters",) and named:  # the checks can only point at the chapters: point at the level
            return ("levels", named.group(1))
        return ("campaign",) + parts
    return ("levels", Path(problem.file).stem) + parts


def describe(data: dict, parts: tuple) -> str:
    """A place in the campaign document in words: ("campaign", "chapters", 1, "unlock", "after", 0)
    -> 'chapter 2 "The Stone Garden" › opens when › won first 1' (in the player's language: the
    problems panel's headings)."""
    if not parts:
        return _("the campaign")
    if parts[0] == "levels":
        level = (data.get("levels") or {}).get(parts[1]) if len(parts) > 1 else None
        title = level.get("title") if isinstance(level, dict) else None
        if len(parts) < 2:
            words = [_("the levels")]
        elif title:
            words = [_('level "{id}" ({title})').format(id=parts[1], title=title)]
        else:
            words = [_('level "{id}"').format(id=parts[1])]
        return " › ".join(words + _words(parts[2:]))
    rest = parts[1:]
    if not rest:
        return _("the campaign")
    if rest[0] != "chapters":
        return " › ".join([_("the campaign")] + _words(rest))
    if len(rest) == 1:
        return _("the chapters")
    chapters = (data.get("campaign") or {}).get("chapters") or []
    c = rest[1]
    chapter = chapters[c] if isinstance(c, int) and 0 <= c < len(chapters) and isinstance(chapters[c], dict) else {}
    if chapter.get("title"):
        head = _('chapter {number} "{title}"').format(number=c + 1, title=chapter["title"])
    else:
        head = _("chapter {number}").format(number=c + 1)
    levels = chapter.get("levels") or []
    words = [head]
    tail = list(rest[2:])
    if tail[:1] == ["levels"] and len(tail) > 1 and isinstance(tail[1], int):
        name = levels[tail[1]] if tail[1] < len(levels) else None
        if isinstance(name, str):
            words.append(_('level {number} "{id}"').format(number=tail[1] + 1, id=name))
        else:
            words.append(_("level {number}").format(number=tail[1] + 1))
        tail = tail[2:]
    return " › ".join(words + _words(tuple(tail)))


# The words of the screen's own rows ("Opens when", "Won first"), so a problem reads like what it points at.
_WORDS = {
    "unlock": N_("opens when"),
    "after": N_("won first"),
    "stars": N_("stars needed"),
    "intro": N_("intro line"),
    "unlocks": N_("unlocks"),
}


def _words(parts: tuple) -> list[str]:
    return path_words(parts, _WORDS, translate=True)
