"""The workshop's games: one `EditorKind` per game whose levels the workshop edits, a plain table
filled here, explicitly, and put into the game registry (`game/rules/registry.py`,
`register_front_end(name, editor=...)`) by `install()`.

Nothing in the workshop compares a level's kind with a game's name: the new level a game starts
from, the front page's button, the settings tabs and their rows, the objectives offered, which
canvas the editor draws (the card table, the stone board or the hero field), the forced-win
prover its checks use and how many games a simulation plays all come from the level's entry here.
"Which games can the workshop edit" is "which registry entries have a workshop editor".
A game's title and turn unit ("turns", "moves", "rounds") are the registry's own.

To make a game editable: write its forms (a `{tab: rows(doc)}` table, as `forms` and
`skirmish_forms` have), its template (`templates`), and add one `EditorKind` to `EDITOR_KINDS`.
Pure: no pygame; it imports nothing of the workshop (the entries name their modules), so every
workshop module may ask it.
"""

from __future__ import annotations

from game.i18n import N_

import copy
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from game.rules.registry import GAMES, UnknownGame, game_kind, load_dotted, register_front_end


@dataclass(frozen=True)
class EditorKind:
    """How the workshop edits one game's levels. The dotted names ('module:attribute') are
    imported when first used, so that the workshop's modules can ask this table about a document
    without importing each other in a circle."""

    name: str  # the game's id in the registry and in level files ("kind")
    new_level_label: str  # the front page's button that starts a new level of this game
    level_word: str  # as messages name its levels: "the workshop edits card, gomoku and skirmish levels" (English; marked for the workshop's own words)
    template: str  # 'module:DATA' the level a new document starts from (it validates as it is)
    tabs: str  # 'module:TABLE' the settings panel: {tab name: rows(doc) -> [Row]}, in the tabs' order
    # 'module:TABLE' the objective kinds `forms.objective_rows` offers, with a new one's parameters
    # (None: the game's forms build their own objective rows, as `skirmish_forms` does)
    objectives: str | None = None
    # Which canvas the editor draws (exactly one is on):
    card_table: bool = False  # hands, boards and decks, with the card picker to drag cards from
    stone_board: bool = False  # a gomoku board: click to cycle a stone
    hero_field: bool = False  # a skirmish map with its hero palette
    forced_win_prover: str | None = None  # 'module:function' proving forced-win objectives in the checks
    simulated_games: int = 20  # how many games the editor's Simulate plays
    # 'module:function' (level, file) -> problems the editor shows as warnings: likely dead ends
    # that `levels validate` does not reject and test play does not wait for
    warnings: str | None = None

    def new_level(self) -> dict:
        """A fresh copy of the template."""
        return copy.deepcopy(load_dotted(self.template))

    def tab_rows(self) -> Mapping[str, Callable[[Any], list]]:
        """The settings panel: tab name -> the function building its rows from a document."""
        return load_dotted(self.tabs)

    def objective_kinds(self) -> Mapping[str, dict]:
        """The objective kinds offered, with a new one's parameters ({} when the forms have their own)."""
        return load_dotted(self.objectives) if self.objectives else {}

    def prover(self) -> Callable | None:
        """The forced-win prover the level checks are given (None: the game has no forced wins)."""
        return load_dotted(self.forced_win_prover) if self.forced_win_prover else None


EDITOR_KINDS: dict[str, EditorKind] = {
    kind.name: kind
    for kind in (
        EditorKind(
            "cards",
            new_level_label=N_("New card puzzle"),
            level_word=N_("card"),
            template="game.workshop.templates:CARD_PUZZLE",
            tabs="game.workshop.forms:CARD_TABS",
            objectives="game.workshop.edits:CARD_OBJECTIVES",
            card_table=True,
            simulated_games=20,
            warnings="game.rules.levels.checks:card_warnings",
        ),
        EditorKind(
            "gomoku",
            new_level_label=N_("New gomoku level"),
            level_word=N_("gomoku"),
            template="game.workshop.templates:GOMOKU",
            tabs="game.workshop.forms:GOMOKU_TABS",
            objectives="game.workshop.edits:GOMOKU_OBJECTIVES",
            stone_board=True,
            forced_win_prover="ai.gomoku.threats:find_vcf",
            simulated_games=8,
        ),
        EditorKind(
            "skirmish",
            new_level_label=N_("New skirmish level"),
            level_word=N_("skirmish"),
            template="game.workshop.templates:SKIRMISH",
            tabs="game.workshop.skirmish_forms:TAB_ROWS",
            hero_field=True,
            simulated_games=20,
        ),
    )
}


def install() -> None:
    """Put every editor kind into the game registry (idempotent)."""
    for name, kind in EDITOR_KINDS.items():
        register_front_end(name, editor=kind)


def find_editor_kind(name: Any) -> EditorKind | None:
    """The workshop's editor of game `name`, or None (no such game, or one the workshop cannot edit)."""
    try:
        kind = game_kind(name)
    except (UnknownGame, TypeError):
        return None
    if kind.workshop_editor is None:
        install()
    return kind.workshop_editor


def editor_kind(name: str) -> EditorKind:
    """The workshop's editor of game `name` (LookupError for a game it cannot edit)."""
    found = find_editor_kind(name)
    if found is None:
        raise LookupError(f"the workshop cannot edit {name!r} levels")
    return found


def editable_games() -> list[str]:
    """The games the workshop edits, in the registry's order."""
    install()
    return [name for name, kind in GAMES.items() if kind.workshop_editor is not None]


def editable_levels_in_words() -> str:
    """The games the workshop edits, as its messages name their levels: "card, gomoku and skirmish"."""
    words = [editor_kind(name).level_word for name in editable_games()]
    return f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else "".join(words)


def prover_for(name: Any) -> Callable | None:
    """The forced-win prover for checking a level of game `name` (None for the games without one)."""
    found = find_editor_kind(name)
    return found.prover() if found is not None else None


__all__ = [
    "EDITOR_KINDS",
    "EditorKind",
    "editable_games",
    "editable_levels_in_words",
    "editor_kind",
    "find_editor_kind",
    "install",
    "prover_for",
]
