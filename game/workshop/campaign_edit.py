"""The campaign's structure as a workshop document: which chapters there are, which levels each
holds and in what order, when each chapter opens, its intro, and the levels a won level unlocks.

One `CampaignDocument` holds the campaign file and every level file of its folder as one JSON
value, `{"campaign": ..., "levels": {level id: level data}}`, so a chapter edit and a reward edit
(which lives in a level's file) share one undo history. A save writes back only the files whose
data changed, each atomically and in its own layout (`jsontext`): loading and saving changes
nothing. Each function below is one undoable edit. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import _, ngettext

import re
from pathlib import Path

from game.workshop import disk, io, jsontext
from game.workshop.kinds import find_editor_kind
from game.workshop.model import MISSING, Document
from game.rules.levels.loader import read_json
from game.rules.levels.problems import Problem
from game.rules.registry import game_kind

CAMPAIGN = ("campaign",)
CHAPTERS = ("campaign", "chapters")
ORDERS = ("sequential", "open")  # the schema's Chapter.order
# The order of a chapter's keys in the shipped campaign (the workshop's KEY_ORDER knows levels only).
CHAPTER_KEYS = ("id", "title", "intro", "unlock", "order", "levels")


class CampaignDocument(Document):
    """The campaign file at `path` and the level files beside it, edited as one document."""

    def __init__(self, path: str | Path):
        path = Path(path)
        campaign, original = io.load(path)
        if not isinstance(campaign.get("chapters"), list):
            raise io.WorkshopFileError(_("{file}: a campaign file has a list of chapters").format(file=path))
        self.folder = path.parent
        self.originals: dict[tuple, jsontext.Original] = {CAMPAIGN: original}
        self.unreadable: dict[str, list[Problem]] = {}  # level files that are not JSON objects: their problems
        levels = {}
        for level_file in self.level_files():
            raw, problems = read_json(level_file)
            if raw is None:
                self.unreadable[level_file.stem] = problems
                continue
            levels[level_file.stem], self.originals[("levels", level_file.stem)] = io.load(level_file)
        super().__init__({"campaign": campaign, "levels": levels}, path, original)
        self.validator = self._check
        # Each file as read (game/workshop/disk.py): a save asks before writing over another
        # program's changes, or the level editor's save of the same level.
        self.stamps = {part: disk.stamp(self.file_of(part)) for part in self.originals}

    def _check(self, data: dict, file: str, path: Path | None) -> list[Problem]:
        from game.workshop.campaign_check import campaign_problems

        return campaign_problems(data, self.path, self.unreadable)

    def level_files(self) -> list[Path]:
        return sorted(p for p in self.folder.glob("*.json") if p.name != "campaign.json")

    def file_of(self, part: tuple) -> Path:
        return self.path if part == CAMPAIGN else self.folder / f"{part[1]}.json"

    def changed_files(self) -> list[tuple]:
        """The files whose text a save would change: ("campaign",) or ("levels", id)."""
        changed = []
        for part, original in self.originals.items():
            if jsontext.dump(self.get(part), original) != original.text:
                changed.append(part)
        return changed

    def changed_outside(self) -> list[Path]:
        """The files a save would write that another program (or the level editor) changed since
        they were read here."""
        found = []
        for part in self.changed_files():
            known = self.stamps.get(part)
            now = disk.look(self.file_of(part), known)
            if now is not None and known is not None and now.digest != known.digest:
                found.append(self.file_of(part))
        return found

    def changed_elsewhere(self) -> list[Path]:
        """Every file of the campaign another program changed since it was read here (whether or
        not a save would write it), and level files added to the folder meanwhile. A file only
        touched (same bytes) is not a change: its new time is remembered."""
        found = []
        for part, known in self.stamps.items():
            now = disk.look(self.file_of(part), known)
            if now is None or known is None:
                continue
            if now.digest == known.digest:
                self.stamps[part] = now
            else:
                found.append(self.file_of(part))
        known_ids = {part[1] for part in self.originals if part != CAMPAIGN} | set(self.unreadable)
        found += [path for path in self.level_files() if path.stem not in known_ids]
        return found

    def keep_mine(self, paths: list[Path]) -> None:
        """The designer keeps this screen's version of `paths`: a save writes over them without
        asking again."""
        for part in self.stamps:
            if self.file_of(part) in paths:
                self.stamps[part] = disk.stamp(self.file_of(part))

    def reload(self) -> None:
        """Read the campaign file and its folder again, as one undoable edit (Ctrl+Z brings back
        what was here); what was read is the saved state from now on."""
        fresh = CampaignDocument(self.file_of(CAMPAIGN))
        self.replace_all(fresh.data, "reload the files")
        self.originals, self.unreadable, self.stamps = fresh.originals, fresh.unreadable, fresh.stamps
        self._problems = None  # the unreadable files may differ even where the data does not
        self.mark_saved(self.originals[CAMPAIGN])

    def save(self) -> list[Path]:
        """Write every changed file atomically (the levels first: a campaign never names a reward
        that is not written yet); returns the files written."""
        written = []
        for part in sorted(self.changed_files(), key=lambda p: p == CAMPAIGN):
            self.originals[part] = io.save(self.file_of(part), self.get(part), self.originals[part])
            self.stamps[part] = disk.stamp(self.file_of(part))
            written.append(self.file_of(part))
        self.mark_saved(self.originals[CAMPAIGN])
        return written

    def copy_level_in(self, source: str | Path) -> str:
        """Copy the level file `source` from another folder into the campaign's folder (a campaign
        names its levels by file, so a level of another folder is copied in, not referred to):
        its id is kept unless a file of the folder has it, then a fresh one (`_2`, `_3`...) is its
        id and its file name. The copy is written at once (the source is never touched) and read
        as one of the folder's files; it is in no chapter yet. Returns its id."""
        from game.workshop.file_browser import fresh_id, id_for

        source = Path(source)
        if source.resolve().parent == self.folder.resolve():
            raise io.WorkshopFileError(_("{file} is already in this campaign's folder").format(file=source.name))
        data, original = io.load(source)
        if find_editor_kind(data.get("kind")) is None:
            raise io.WorkshopFileError(_("{file} is not a level the workshop edits").format(file=source.name))
        taken = set(level_ids(self)) | {path.stem for path in self.folder.glob("*.json")}
        level_id = fresh_id(id_for(str(data.get("id"))) or id_for(source.stem) or "level", taken)
        target = self.folder / f"{level_id}.json"
        data["id"] = level_id
        if io.managed_schema(data.get("$schema")):
            data["$schema"] = io.schema_reference(target)
        part = ("levels", level_id)
        self.originals[part] = io.save(target, data, original)
        self.stamps[part] = disk.stamp(target)
        # Read like the folder's other files: not an edit (the file is written; undo leaves it).
        self.data["levels"][level_id] = data
        self.version += 1
        return level_id

    def text(self) -> str:
        return jsontext.dump(self.get(CAMPAIGN), self.originals[CAMPAIGN])


# ---------------------------------------------------------------------------------- reading


def chapters(doc: Document) -> list[dict]:
    found = doc.get(CHAPTERS)
    return found if isinstance(found, list) else []


def chapter_levels(doc: Document, chapter: int) -> list[str]:
    found = doc.get(CHAPTERS + (chapter, "levels"))
    return found if isinstance(found, list) else []


def level_ids(doc: Document) -> list[str]:
    """Every level file of the campaign folder, by id."""
    return sorted(set(doc.get(("levels",)) or {}) | set(getattr(doc, "unreadable", {})))


def level_title(doc: Document, level_id: str) -> str:
    return str(doc.get(("levels", level_id, "title")) or level_id)


def level_kind(doc: Document, level_id: str) -> str:
    return str(doc.get(("levels", level_id, "kind")) or "?")


def kind_name(kind: str, unknown: str) -> str:
    """A level kind as the campaign's lists name it: the game's title in lower case ("card duel")
    for the games the workshop edits (game/workshop/kinds.py), `unknown` for anything else."""
    editor = find_editor_kind(kind)
    return game_kind(editor.name).title.lower() if editor is not None else unknown


def place_of(doc: Document, level_id: str) -> tuple[int, int] | None:
    """(chapter index, position) of the first chapter listing `level_id`, or None."""
    for c, _chapter in enumerate(chapters(doc)):
        levels = chapter_levels(doc, c)
        if level_id in levels:
            return c, levels.index(level_id)
    return None


def unassigned(doc: Document) -> list[str]:
    """The campaign folder's levels that no chapter lists (bonus levels, or levels to add)."""
    listed = {level for c, _chapter in enumerate(chapters(doc)) for level in chapter_levels(doc, c)}
    return [level_id for level_id in level_ids(doc) if level_id not in listed]


def reward_unlocks(doc: Document, level_id: str) -> list[str]:
    found = doc.get(("levels", level_id, "rewards", "unlocks"))
    return found if isinstance(found, list) else []


def unlocked_by(doc: Document, level_id: str) -> list[str]:
    """The levels whose win unlocks `level_id` (their rewards.unlocks name it)."""
    return [other for other in level_ids(doc) if level_id in reward_unlocks(doc, other)]


def unlock_after(doc: Document, chapter: int) -> list[str]:
    found = doc.get(CHAPTERS + (chapter, "unlock", "after"))
    return found if isinstance(found, list) else []


def unlock_stars(doc: Document, chapter: int) -> int:
    found = doc.get(CHAPTERS + (chapter, "unlock", "stars"))
    return found if isinstance(found, int) else 0


# ---------------------------------------------------------------------------------- levels in chapters


def add_level(doc: Document, level_id: str, chapter: int, position: int | None = None) -> None:
    """Put `level_id` in `chapter` at `position` (the end when None), taking it out of the chapter
    that listed it before: a level belongs to one chapter."""
    title = chapters(doc)[chapter].get("title", "")
    with doc.edit(_('put "{level}" in the chapter "{chapter}"').format(level=level_id, chapter=title)):
        place = place_of(doc, level_id)
        if place is not None:
            if place[0] == chapter and position is not None and place[1] < position:
                position -= 1  # the level's old place was before the new one
            doc.remove(CHAPTERS + (place[0], "levels"), place[1])
        doc.ensure(CHAPTERS + (chapter, "levels"), [])
        doc.insert(CHAPTERS + (chapter, "levels"), position, level_id)


def remove_level(doc: Document, chapter: int, position: int) -> str:
    """Take a level out of its chapter (its file stays: it is listed as in no chapter)."""
    level_id = chapter_levels(doc, chapter)[position]
    with doc.edit(_('take "{level}" out of its chapter').format(level=level_id)):
        doc.remove(CHAPTERS + (chapter, "levels"), position)
    return level_id


def move_level(doc: Document, chapter: int, position: int, delta: int) -> int:
    """Move a level up (-1) or down (+1) in its chapter; returns its new position."""
    levels = chapter_levels(doc, chapter)
    to = max(0, min(len(levels) - 1, position + delta))
    if to != position:
        with doc.edit(
            (_('move "{level}" up') if delta < 0 else _('move "{level}" down')).format(level=levels[position])
        ):
            doc.move(CHAPTERS + (chapter, "levels"), position, to)
    return to


# ---------------------------------------------------------------------------------- chapters


def new_chapter_id(doc: Document, title: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")[:40] or "chapter"
    taken = {chapter.get("id") for chapter in chapters(doc)}
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}_{n}", n + 1
    return candidate


def add_chapter(doc: Document, title: str = "New Chapter", at: int | None = None) -> int:
    """A new chapter (at the end by default) that opens when the chapter before it is finished;
    returns its index. It has no levels yet, which the problems list says until one is added."""
    at = len(chapters(doc)) if at is None else at
    chapter: dict = {"id": new_chapter_id(doc, title), "title": title}
    before = chapter_levels(doc, at - 1) if at > 0 else []
    if before:
        chapter["unlock"] = {"after": [before[-1]]}
    chapter.update({"order": "sequential", "levels": []})
    with doc.edit(_('add the chapter "{chapter}"').format(chapter=title)):
        return doc.insert(CHAPTERS, at, chapter)


def remove_chapter(doc: Document, chapter: int) -> None:
    """Remove a chapter; its levels stay in the folder, listed as in no chapter."""
    with doc.edit(_('remove the chapter "{chapter}"').format(chapter=chapters(doc)[chapter].get("title", ""))):
        doc.remove(CHAPTERS, chapter)


def move_chapter(doc: Document, chapter: int, delta: int) -> int:
    to = max(0, min(len(chapters(doc)) - 1, chapter + delta))
    if to != chapter:
        with doc.edit(
            (_('move the chapter "{chapter}" up') if delta < 0 else _('move the chapter "{chapter}" down')).format(
                chapter=chapters(doc)[chapter].get("title", "")
            )
        ):
            doc.move(CHAPTERS, chapter, to)
    return to


def set_chapter_key(doc: Document, chapter: int, key: str, value) -> None:
    """Set a chapter's key (MISSING removes it); a new key goes where the shipped file has it."""
    path = CHAPTERS + (chapter,)
    current = doc.get(path)
    if value is MISSING or key in current:
        doc.set(path + (key,), value)
        return
    rank = {name: i for i, name in enumerate(CHAPTER_KEYS)}
    items = list(current.items()) + [(key, value)]
    items.sort(key=lambda item: rank.get(item[0], len(rank)))  # stable: unknown keys keep their place at the end
    doc.set(path, dict(items))


def set_title(doc: Document, chapter: int, title: str | None) -> None:
    with doc.edit(_("rename chapter {number}").format(number=chapter + 1), merge=f"title {chapter}"):
        doc.set(CHAPTERS + (chapter, "title"), title if title is not None else "")


def set_order(doc: Document, chapter: int, order: str) -> None:
    with doc.edit(
        (
            _("make chapter {number}'s levels open in any order")
            if order == "open"
            else _("make chapter {number}'s levels sequential")
        ).format(number=chapter + 1)
    ):
        set_chapter_key(doc, chapter, "order", order)


# ---------------------------------------------------------------------------------- unlock rules


def _tidy_unlock(doc: Document, chapter: int) -> None:
    """An unlock rule that asks for nothing is left out of the file (as the first chapter's is)."""
    unlock = doc.get(CHAPTERS + (chapter, "unlock"))
    if isinstance(unlock, dict):
        if "after" in unlock and not unlock["after"]:
            doc.set(CHAPTERS + (chapter, "unlock", "after"), MISSING)
        if "stars" in unlock and unlock["stars"] == 0:
            doc.set(CHAPTERS + (chapter, "unlock", "stars"), MISSING)
        if not doc.get(CHAPTERS + (chapter, "unlock")):
            doc.set(CHAPTERS + (chapter, "unlock"), MISSING)


def add_unlock_after(doc: Document, chapter: int, level_id: str) -> None:
    """The chapter opens only once `level_id` is completed too."""
    if level_id in unlock_after(doc, chapter):
        return
    with doc.edit(_('open chapter {number} after "{level}"').format(number=chapter + 1, level=level_id)):
        if not isinstance(doc.get(CHAPTERS + (chapter, "unlock")), dict):
            set_chapter_key(doc, chapter, "unlock", {"after": [level_id]})
            return
        doc.ensure(CHAPTERS + (chapter, "unlock", "after"), [])
        doc.insert(CHAPTERS + (chapter, "unlock", "after"), None, level_id)


def remove_unlock_after(doc: Document, chapter: int, index: int) -> None:
    with doc.edit(
        _('stop chapter {number} waiting for "{level}"').format(
            number=chapter + 1, level=unlock_after(doc, chapter)[index]
        )
    ):
        doc.remove(CHAPTERS + (chapter, "unlock", "after"), index)
        _tidy_unlock(doc, chapter)


def set_unlock_stars(doc: Document, chapter: int, stars: int | None) -> None:
    """The stars (earned in all levels) the chapter needs; 0 or None: none."""
    stars = stars or 0
    with doc.edit(
        ngettext("chapter {number} needs {count} star", "chapter {number} needs {count} stars", stars).format(
            number=chapter + 1, count=stars
        ),
        merge=f"stars {chapter}",
    ):
        if not isinstance(doc.get(CHAPTERS + (chapter, "unlock")), dict):
            if stars:
                set_chapter_key(doc, chapter, "unlock", {"stars": stars})
            return
        doc.set(CHAPTERS + (chapter, "unlock", "stars"), stars)
        _tidy_unlock(doc, chapter)


# ---------------------------------------------------------------------------------- intro lines


def add_intro_line(doc: Document, chapter: int, text: str = "...") -> int:
    """A new intro line, spoken by whoever spoke the last one (the chapter's narrator, usually)."""
    lines = doc.get(CHAPTERS + (chapter, "intro")) or []
    last = lines[-1] if lines and isinstance(lines[-1], dict) else {}
    line = {"speaker": last.get("speaker", "Narrator")}
    if last.get("portrait"):
        line["portrait"] = last["portrait"]
    line["text"] = text
    with doc.edit(_("add an intro line to chapter {number}").format(number=chapter + 1)):
        if not isinstance(doc.get(CHAPTERS + (chapter, "intro")), list):
            set_chapter_key(doc, chapter, "intro", [line])
            return 0
        return doc.insert(CHAPTERS + (chapter, "intro"), None, line)


def remove_intro_line(doc: Document, chapter: int, index: int) -> None:
    with doc.edit(_("remove intro line {line} of chapter {number}").format(line=index + 1, number=chapter + 1)):
        doc.remove(CHAPTERS + (chapter, "intro"), index)
        if not doc.get(CHAPTERS + (chapter, "intro")):
            doc.set(CHAPTERS + (chapter, "intro"), MISSING)


# ---------------------------------------------------------------------------------- rewards (in level files)


def add_reward_unlock(doc: Document, level_id: str, target: str) -> None:
    """Winning `level_id` unlocks `target` (its file's rewards.unlocks)."""
    if target in reward_unlocks(doc, level_id):
        return
    path = ("levels", level_id, "rewards")
    with doc.edit(_('make "{level}" unlock "{target}"').format(level=level_id, target=target)):
        if not isinstance(doc.get(path), dict):
            doc.set(path, {"unlocks": [target]})
        elif not isinstance(doc.get(path + ("unlocks",)), list):
            doc.set(path + ("unlocks",), [target])
        else:
            doc.insert(path + ("unlocks",), None, target)


def remove_reward_unlock(doc: Document, level_id: str, index: int) -> None:
    path = ("levels", level_id, "rewards")
    with doc.edit(
        _('stop "{level}" unlocking "{target}"').format(level=level_id, target=reward_unlocks(doc, level_id)[index])
    ):
        doc.remove(path + ("unlocks",), index)
        if not doc.get(path + ("unlocks",)):
            doc.set(path + ("unlocks",), MISSING)
        if not doc.get(path):
            doc.set(path, MISSING)


def set_reward_message(doc: Document, level_id: str, message: str | None) -> None:
    """The line shown when `level_id` is won (None or empty: none)."""
    path = ("levels", level_id, "rewards")
    with doc.edit(_('set the reward message of "{level}"').format(level=level_id), merge=f"message {level_id}"):
        if message:
            doc.ensure(path, {})
            doc.set(path + ("message",), message)
        elif isinstance(doc.get(path), dict):
            doc.set(path + ("message",), MISSING)
            if not doc.get(path):
                doc.set(path, MISSING)
