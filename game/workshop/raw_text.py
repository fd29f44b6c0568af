"""A level file's raw text being fixed by hand: the lines, a cursor, the edits the raw editor
(game/client/scenes/workshop_raw.py) makes with keys, and the check after each edit, through the
game's one JSON reader (`safe_json`), so the error shown is the one `levels validate` prints.
Pure: no pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules.safe_json import JsonFileError, parse_json_text

_WHERE = re.compile(r"at line (\d+), column (\d+)")


@dataclass(frozen=True)
class Check:
    """What the text is now: `ok` (a JSON object of a game the workshop edits, or a campaign
    file: `campaign`), or the error with its line and column (1-based; 0 when it has no place)."""

    ok: bool
    message: str
    line: int = 0
    column: int = 0
    campaign: bool = False


def check(text: str, source: str) -> Check:
    from game.workshop.kinds import editable_levels_in_words, find_editor_kind

    try:
        data = parse_json_text(text, source)
    except JsonFileError as error:
        found = _WHERE.search(error.message)
        line, column = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
        return Check(False, error.message, line, column)
    if not isinstance(data, dict):
        return Check(False, f"a level file is a JSON object {{...}}, not {type(data).__name__}")
    if isinstance(data.get("chapters"), list):
        return Check(True, "The text reads as a campaign", campaign=True)
    if find_editor_kind(data.get("kind")) is None:
        return Check(False, f'"kind" must name a game the workshop edits ({editable_levels_in_words()})')
    return Check(True, "The text reads as a level")


class RawText:
    """Lines of text and a cursor (row, column); every edit keeps the cursor inside the text."""

    def __init__(self, text: str):
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.row = 0
        self.column = 0
        self.version = 0  # grows with every edit (the check's cache key)
        self.saved_version = 0

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_version

    def mark_saved(self) -> None:
        self.saved_version = self.version

    def _changed(self) -> None:
        self.version += 1

    def go(self, row: int, column: int) -> None:
        self.row = max(0, min(len(self.lines) - 1, row))
        self.column = max(0, min(len(self.lines[self.row]), column))

    # ------------------------------------------------------------------ typing

    def insert(self, text: str) -> None:
        """Typed or pasted text at the cursor (new lines split the line; a tab is two spaces)."""
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "  ")
        if not text:
            return
        line = self.lines[self.row]
        before, after = line[: self.column], line[self.column :]
        parts = (before + text + after).split("\n")
        self.lines[self.row : self.row + 1] = parts
        last = text.split("\n")[-1]
        self.row += len(parts) - 1
        self.column = (len(before) if len(parts) == 1 else 0) + len(last)
        self._changed()

    def newline(self) -> None:
        """Enter: a new line, indented as the one it splits."""
        indent = re.match(r" *", self.lines[self.row]).group(0)  # type: ignore[union-attr]
        self.insert("\n" + indent[: self.column])

    def backspace(self) -> None:
        if self.column > 0:
            line = self.lines[self.row]
            self.lines[self.row] = line[: self.column - 1] + line[self.column :]
            self.column -= 1
        elif self.row > 0:
            self.column = len(self.lines[self.row - 1])
            self.lines[self.row - 1] += self.lines.pop(self.row)
            self.row -= 1
        else:
            return
        self._changed()

    def delete(self) -> None:
        line = self.lines[self.row]
        if self.column < len(line):
            self.lines[self.row] = line[: self.column] + line[self.column + 1 :]
        elif self.row < len(self.lines) - 1:
            self.lines[self.row] += self.lines.pop(self.row + 1)
        else:
            return
        self._changed()

    # ------------------------------------------------------------------ moving

    def move(self, key: str, page: int = 20) -> bool:
        """Move the cursor by a key's name ("left", "up", "home", "page down"...); False for
        another key."""
        row, column = self.row, self.column
        if key == "left":
            if column > 0:
                column -= 1
            elif row > 0:
                row, column = row - 1, len(self.lines[row - 1])
        elif key == "right":
            if column < len(self.lines[row]):
                column += 1
            elif row < len(self.lines) - 1:
                row, column = row + 1, 0
        elif key in ("up", "down", "page up", "page down"):
            row += {"up": -1, "down": 1, "page up": -page, "page down": page}[key]
        elif key == "home":
            column = 0
        elif key == "end":
            column = len(self.lines[row])
        else:
            return False
        self.go(row, column)
        return True
