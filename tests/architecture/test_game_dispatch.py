"""No code asks "which game is this?" by name: every per-game choice goes through the game
registry (game/rules/registry.py) or a table filled from it (game/client/front_ends.py, the
workshop's editor table). Read from the source, so a new `if level.kind == "gomoku":` fails here.

What counts as dispatch on a game: comparing something named like a game or kind (`kind`,
`game`, `setup.game`, `args.game`, ...) with a game's name, a `match`/`case` on a game's name, a
dict literal keyed by two or more games' names, and `isinstance` against a game's level model
or level session class outside the module that defines it. A game's name as data (a deck's
"cards" list, a folder name, `MatchSetup(game="gomoku")` in the game's own tool) is not dispatch.
"""

from __future__ import annotations

import ast

from game.rules.registry import GAMES
from tests.architecture.import_graph import REPO_ROOT, module_files

# The tables that are allowed to name every game: the registry and the tables filled from it.
TABLES = {"game.rules.registry", "game.client.front_ends", "game.workshop.kinds"}
NAMES = set(GAMES)


def _class_names() -> dict[str, str]:
    """Level model and session class name -> the module that defines it."""
    found = {}
    for kind in GAMES.values():
        for dotted in (kind.level_model, kind.level_session):
            if dotted:
                module, _, name = dotted.partition(":")
                found[name] = module
    return found


def _mentions_game(node: ast.AST) -> bool:
    """Does the expression name a game or a kind (`kind`, `level.kind`, `self.game.value`, ...)?"""
    for inner in ast.walk(node):
        word = inner.id if isinstance(inner, ast.Name) else inner.attr if isinstance(inner, ast.Attribute) else ""
        if "kind" in word.lower() or "game" in word.lower():
            return True
    return False


def _game_names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and node.value in NAMES:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in NAMES]
    return []


def dispatches(source: str, module: str = "") -> list[str]:
    """Each place in `source` that dispatches on a game's name, as 'line: text'."""
    classes = _class_names()
    found = []
    for node in ast.walk(ast.parse(source)):
        why = ""
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_game_names(side) for side in sides) and any(_mentions_game(s) for s in sides if not _game_names(s)):
                why = "compares with a game's name"
        elif isinstance(node, ast.match_case):
            if any(_game_names(p.value) for p in ast.walk(node.pattern) if isinstance(p, ast.MatchValue)):
                why = "a case on a game's name"
        elif isinstance(node, ast.Dict) and len(node.keys) >= 2:
            # every key a game's name (a table of commands or scenes that happen to share
            # some names with games is not a per-game table)
            if all(isinstance(k, ast.Constant) and k.value in NAMES for k in node.keys):
                why = "a table keyed by games' names"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            named = [n.id for arg in node.args[1:] for n in ast.walk(arg) if isinstance(n, ast.Name)]
            if any(name in classes and classes[name] != module for name in named):
                why = "isinstance on a game's level class"
        if why:
            line = node.pattern.lineno if isinstance(node, ast.match_case) else node.lineno
            found.append(f"{line}: {why}: {ast.get_source_segment(source, node) or ''}"[:160])
    return found


def test_no_dispatch_on_a_game_name_outside_the_registry():
    found = [
        f"{path.relative_to(REPO_ROOT)} {place}"
        for module, path in module_files().items()
        if module not in TABLES
        for place in dispatches(path.read_text(encoding="utf-8"), module)
    ]
    assert found == [], "ask the game registry instead:\n" + "\n".join(found)


def test_the_check_finds_each_kind_of_dispatch():
    planted = '''
if level.kind == "gomoku":
    pass
if setup.game in ("cards", "skirmish"):
    pass
match session.kind:
    case "connect4":
        pass
UNITS = {"cards": "turns", "gomoku": "moves"}
if isinstance(level, GomokuLevel):
    pass
'''
    assert len(dispatches(planted, "game.client.somewhere")) == 5


def test_a_game_name_as_data_is_not_dispatch():
    data = '''
if location[0] == "cards":
    pass
deck = {"kind": "fixed", "cards": []}
setup = MatchSetup(game="gomoku")
COMMANDS = {"play": 1, "gomoku": 2, "skirmish": 3}
'''
    assert dispatches(data) == []
