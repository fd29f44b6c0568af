"""A problem found in a level or campaign file: the file, the JSON path in words, a sentence.

Shared by the loader (JSON and model errors) and the checks (what the models cannot see)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.safe_json import json_path  # noqa: F401  (re-exported: the levels' problems use it)


@dataclass(frozen=True)
class Problem:
    file: str
    path: str  # a JSON path: "$", "$.opponent.script[2].actions[0]"
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.message}"


class LevelError(ValueError):
    """A level or campaign file with problems; `problems` lists each one."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
