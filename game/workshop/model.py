"""The workshop's document: a level's JSON data, the edits made to it (undo and redo), and its
problems found by the same loader and checks as `levels validate`.

Every edit is a list of `Change`s to places in the JSON (set or delete a key, set, insert or
remove a list item), applied at once and recorded with its inverse, so undo and redo replay the
exact data (key order included) and a save after undo writes the file as it was. Typing into
one field merges into one edit. Pure: no pygame; the editor scenes and the tests drive it alike.
"""

from __future__ import annotations

from game.i18n import N_, _

import copy
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.workshop import jsontext
from game.rules.levels.problems import Problem


class _Missing:
    """No value: a key absent from an object (the one instance is MISSING; copies are itself)."""

    def __repr__(self) -> str:
        return "MISSING"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


MISSING: Any = _Missing()
Path_ = tuple  # a place in the JSON: keys and indexes from the root

# Where a key goes when the editor adds it: the order of the shipped files and the README.
KEY_ORDER = (
    "$schema",
    "version",
    "kind",
    "id",
    "title",
    "summary",
    "boss",
    "story",
    "rules",
    "rule",
    "size",
    "map",
    "opening",
    "first",
    "turn",
    "player",
    "opponent",
    "objectives",
    "events",
    "rewards",
    "name",
    "portrait",
    "deck",
    "health",
    "mana",
    "runes",
    "hand",
    "board",
    "control",
    "ai",
    "script",
    "rules",
    "budget_ms",
    "speaker",
    "text",
    "lanes",
    "style",
    "files",
    "allowed",
    "deck_size",
    "pool",
    "picks",
    "seed",
    "cards",
    "card",
    "label",
    "count",
    "lane",
    "ready",
    "attack",
    "defense",
    "actions",
    "then",
    "moves",
    "turns",
    "by_turn",
    "required",
    "when",
    "do",
    "health_at_most",
    "died",
    "board_empty",
    "side",
    "say",
    "give",
    "summon",
    "unlocks",
    "message",
    "before",
    "after",
    "after_loss",
    "black",
    "white",
    "after_move",
)
_RANK = {key: index for index, key in enumerate(dict.fromkeys(KEY_ORDER))}


@dataclass
class Change:
    """One place changed: `container[key]` from `before` to `after` (MISSING: absent). In a list
    with `insert` set, `before` MISSING inserts an item and `after` MISSING removes it."""

    path: Path_
    key: str | int
    before: Any = MISSING
    after: Any = MISSING
    insert: bool = False
    position: int | None = None  # an object key's place, kept so undo puts it back where it was

    def inverse(self) -> "Change":
        return Change(self.path, self.key, self.after, self.before, self.insert, self.position)


@dataclass
class Edit:
    label: str
    changes: list[Change] = field(default_factory=list)
    merge: str | None = None  # consecutive edits with the same merge key become one (typing)


def resolve(data: Any, path: Path_) -> Any:
    node = data
    for part in path:
        node = node[part]
    return node


def get(data: Any, path: Path_, default: Any = None) -> Any:
    try:
        return resolve(data, path)
    except (KeyError, IndexError, TypeError):
        return default


def _apply(data: Any, change: Change) -> None:
    container = resolve(data, change.path)
    if isinstance(container, list):
        if change.insert and change.before is MISSING:
            container.insert(change.key, copy.deepcopy(change.after))
        elif change.insert and change.after is MISSING:
            del container[change.key]
        else:
            container[change.key] = copy.deepcopy(change.after)
        return
    if change.after is MISSING:
        change.position = list(container).index(change.key)
        del container[change.key]
        return
    if change.before is MISSING and change.key not in container:
        items = list(container.items())
        at = change.position if change.position is not None else _place(list(container), change.key)
        change.position = at
        items.insert(at, (change.key, copy.deepcopy(change.after)))
        container.clear()
        container.update(items)
        return
    container[change.key] = copy.deepcopy(change.after)


def _place(keys: list[str], key: str) -> int:
    """Where a new key goes among `keys`: before the first key that comes after it in KEY_ORDER."""
    rank = _RANK.get(key, len(_RANK))
    for index, other in enumerate(keys):
        if _RANK.get(other, len(_RANK)) > rank:
            return index
    return len(keys)


class Document:
    """A level being edited. `path` is where it is saved (None until the first save)."""

    def __init__(self, data: dict, path: str | Path | None = None, original: jsontext.Original | None = None):
        self.data = data
        self.path = Path(path) if path is not None else None
        self.original = original
        self.undo_stack: list[Edit] = []
        self.redo_stack: list[Edit] = []
        self.version = 0  # grows with every change, undo and redo (the problems' cache key)
        self._saved = self._marker()
        self._open: Edit | None = None
        self._problems: tuple[int, list[Problem]] | None = None
        self._warnings: tuple[int, list[Problem]] | None = None
        self.validator: Any = None  # (data, file name, path) -> problems; default: validation.validate
        # The file as last read or written (a game/workshop/disk.py Stamp): edits made outside.
        self.disk: Any = None

    # ------------------------------------------------------------------ reading

    @property
    def kind(self) -> str:
        return self.data.get("kind", "")

    def get(self, path: Path_, default: Any = None) -> Any:
        return get(self.data, tuple(path), default)

    def _marker(self) -> tuple:
        return (len(self.undo_stack), id(self.undo_stack[-1]) if self.undo_stack else None)

    @property
    def dirty(self) -> bool:
        """Whether the data differs from the last save (undoing back to it makes it clean again)."""
        return self._marker() != self._saved

    @property
    def file_name(self) -> str:
        return str(self.path) if self.path is not None else f"{self.data.get('id') or 'untitled'}.json"

    # ------------------------------------------------------------------ editing

    @contextmanager
    def edit(self, label: str, merge: str | None = None):
        """Group the changes made inside into one undoable edit (nested edits join the outer one)."""
        if self._open is not None:
            yield self._open
            return
        self._open = Edit(label, merge=merge)
        try:
            yield self._open
        except BaseException:
            for change in reversed(self._open.changes):
                _apply(self.data, change.inverse())
            self._open = None
            raise
        done, self._open = self._open, None
        if not done.changes:
            return
        top = self.undo_stack[-1] if self.undo_stack else None
        if merge is not None and top is not None and top.merge == merge and not self.redo_stack and self.dirty:
            top.changes += done.changes
        else:
            self.undo_stack.append(done)
        self.redo_stack.clear()
        self.version += 1

    def _record(self, change: Change) -> None:
        if self._open is None:
            with self.edit(f"change {describe_path(change.path + (change.key,))}"):
                self._record(change)
            return
        _apply(self.data, change)
        self._open.changes.append(change)

    def set(self, path: Path_, value: Any) -> None:
        """Set the value at `path` (adding the key if absent); MISSING deletes the key."""
        path = tuple(path)
        container, key = path[:-1], path[-1]
        before = (
            get(self.data, path, MISSING)
            if isinstance(key, str) or key < len(resolve(self.data, container))
            else MISSING
        )
        if before is not MISSING and value is not MISSING and jsontext.canonical(before) == jsontext.canonical(value):
            return
        if before is MISSING and value is MISSING:
            return
        self._record(Change(container, key, copy.deepcopy(before), copy.deepcopy(value)))

    def ensure(self, path: Path_, value: Any) -> Any:
        """The value at `path`, set to `value` first if absent."""
        current = self.get(path, MISSING)
        if current is MISSING:
            self.set(path, value)
        return self.get(path)

    def insert(self, path: Path_, index: int | None, value: Any) -> int:
        items = resolve(self.data, tuple(path))
        index = len(items) if index is None else max(0, min(index, len(items)))
        self._record(Change(tuple(path), index, MISSING, copy.deepcopy(value), insert=True))
        return index

    def remove(self, path: Path_, index: int) -> Any:
        items = resolve(self.data, tuple(path))
        value = copy.deepcopy(items[index])
        self._record(Change(tuple(path), index, value, MISSING, insert=True))
        return value

    def move(self, path: Path_, index: int, to: int) -> None:
        with self.edit("move"):
            value = self.remove(path, index)
            self.insert(path, to, value)

    def replace_all(self, data: dict, label: str) -> None:
        """Make the document `data` in one undoable edit (a reload from the file, recovered work):
        every top-level key set or removed, so undo brings back what was there."""
        with self.edit(label):
            for key in [key for key in self.data if key not in data]:
                self.set((key,), MISSING)
            for key, value in data.items():
                self.set((key,), value)

    # ------------------------------------------------------------------ undo

    def undo(self) -> str | None:
        if not self.undo_stack:
            return None
        edit = self.undo_stack.pop()
        for change in reversed(edit.changes):
            _apply(self.data, change.inverse())
        self.redo_stack.append(edit)
        self.version += 1
        return edit.label

    def redo(self) -> str | None:
        if not self.redo_stack:
            return None
        edit = self.redo_stack.pop()
        for change in edit.changes:
            _apply(self.data, change)
        self.undo_stack.append(edit)
        self.version += 1
        return edit.label

    def mark_saved(self, original: jsontext.Original, path: Path | None = None) -> None:
        self.original = original
        if path is not None:
            self.path = Path(path)
        self._saved = self._marker()
        for edit in self.undo_stack:  # typing after a save starts a new edit
            edit.merge = None

    # ------------------------------------------------------------------ problems

    @property
    def problems(self) -> list[Problem]:
        """Every problem `levels validate` would report for this data (cached per version)."""
        if self._problems is None or self._problems[0] != self.version:
            from game.workshop.validation import validate

            check = self.validator or validate
            self._problems = (self.version, check(self.data, self.file_name, self.path))
        return self._problems[1]

    @property
    def warnings(self) -> list[Problem]:
        """Likely dead ends the checks see without rejecting the level (cached per version)."""
        if self._warnings is None or self._warnings[0] != self.version:
            from game.workshop.validation import warnings

            self._warnings = (self.version, [] if self.problems else warnings(self.data, self.file_name))
        return self._warnings[1]

    def text(self) -> str:
        return jsontext.dump(self.data, self.original)


# ---------------------------------------------------------------------------------- paths in words

_PART = re.compile(r'\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')
# Marked English: the workshop's problems list shows them translated (`describe_path(..., translate=True)`).
_WORDS = {
    "player": N_("your side"),
    "opponent": N_("the opponent"),
    "hand": N_("hand"),
    "board": N_("board"),
    "deck": N_("deck"),
    "cards": N_("cards"),
    "objectives": N_("objective"),
    "events": N_("event"),
    "script": N_("script turn"),
    "actions": N_("action"),
    "story": N_("story"),
    "before": N_("line before"),
    "after": N_("line after"),
    "after_loss": N_("line after a loss"),
    "opening": N_("opening"),
    "black": N_("black stone"),
    "white": N_("white stone"),
    "rules": N_("rules"),
    "do": N_("step"),
    "when": N_("when"),
    "rewards": N_("rewards"),
    "unlocks": N_("unlock"),
    "chapters": N_("chapter"),
    "levels": N_("level"),
    "pool": N_("pool card"),
    "allowed": N_("allowed card"),
    "intro": N_("intro line"),
    "$schema": N_("schema"),
}


def parse_path(text: str) -> tuple:
    """`$.opponent.script[2].actions[0]` -> ("opponent", "script", 2, "actions", 0)."""
    parts: list[str | int] = []
    for match in _PART.finditer(text.removeprefix("$")):
        key, index, quoted = match.groups()
        parts.append(key if key is not None else int(index) if index is not None else json.loads(quoted))
    return tuple(parts)


_EMBEDDED_PATH = re.compile(r"\$(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])+")


def message_in_words(message: str) -> str:
    """A validator message with the JSON paths it names ("taken by the hero at $.player.heroes[1]")
    in words, as the workshop shows every path."""
    return _EMBEDDED_PATH.sub(lambda match: describe_path(parse_path(match.group(0))), message)


def describe_path(parts: tuple, translate: bool = False) -> str:
    """The JSON path in words: ("opponent", "script", 2, "actions", 0) -> "the opponent › script turn 3 › action 1".
    English for edit names and validator sentences; `translate`: in the player's language (the
    problems list's headings)."""
    if not parts:
        return _("the level") if translate else "the level"
    return " › ".join(path_words(parts, translate=translate))


def path_words(parts: tuple, names: dict[str, str] = _WORDS, translate: bool = False) -> list[str]:
    """A JSON path as words, a list index joined to its list's word ("script turn 3"), keys named
    by `names` (else the key with spaces: a field's JSON name); `translate`: the words in the
    player's language."""
    words: list[str] = []
    for part in parts:
        if isinstance(part, int):
            if words:
                # TRANSLATORS: a list's word and an item's number in a path ("script turn 3").
                words[-1] = (_("{word} {number}") if translate else "{word} {number}").format(
                    word=words[-1], number=part + 1
                )
            else:
                words.append((_("item {number}") if translate else "item {number}").format(number=part + 1))
        elif part in names:
            words.append(_(names[part]) if translate else names[part])
        else:
            words.append(str(part).replace("_", " "))
    return words
