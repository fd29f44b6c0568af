"""The layers import one way (rules <- ai <- front ends) and no modules import each other in a
circle. Read from the source, so a wrong-way import fails here before anyone runs it."""

from __future__ import annotations

import ast

from tests.architecture.import_graph import import_graph, cycles, imports_of, module_files

# What each layer may import of ours, by module-name prefix. The base (paths, version, logs, i18n) is
# below the rules; the workshop model is a pygame-free front end under the client and tools; the
# front ends (client, tools) may import each other: the UI benchmark drives
# the client, and the terminal gomoku and the saves command reuse its match set-up and settings.
# The entry point (game/cli.py) is above them all: it imports each command's module by name.
BASE = ("game.paths", "game.version", "game.logs", "game.i18n", "game")
ALLOWED = {
    "game.rules": BASE + ("game.rules",),
    "ai": BASE + ("game.rules", "ai"),
    "game.workshop": BASE + ("game.rules", "ai", "game.workshop"),
    "game.client": BASE + ("game.rules", "ai", "game.workshop", "game.client"),
    "game.tools": BASE + ("game.rules", "ai", "game.workshop", "game.client", "game.tools"),
    "game.cli": BASE + ("game.rules", "ai", "game.workshop", "game.client", "game.tools"),
}
PYGAME_ALLOWED = ("game.client", "game.tools.bench_ui")


def _layer(module: str) -> str | None:
    for layer in sorted(ALLOWED, key=len, reverse=True):
        if module == layer or module.startswith(layer + "."):
            return layer
    return None


def _allowed(target: str, prefixes: tuple[str, ...]) -> bool:
    return any(target == p or target.startswith(p + ".") for p in prefixes if p != "game") or target == "game"


def test_every_module_belongs_to_a_layer():
    loose = [m for m in module_files() if _layer(m) is None and m not in BASE + ("ai",)]
    assert loose == [], f"modules outside game/rules, ai, game/client, game/tools: {loose}"


def test_imports_go_one_way():
    wrong = [
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        if (layer := _layer(module)) is not None
        for target in sorted(targets)
        if not _allowed(target, ALLOWED[layer])
    ]
    assert wrong == []


def test_pygame_only_in_the_client():
    found = []
    for module, path in module_files().items():
        if any(module == p or module.startswith(p + ".") for p in PYGAME_ALLOWED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name.split(".")[0] == "pygame" for name in names):
                found.append(module)
    assert found == []


def test_no_import_circles():
    assert cycles(import_graph()) == []


# The packages the type checker reads (pyproject's [tool.mypy] files).
TYPED = ("game.rules", "ai")


def _typed(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in TYPED)


def test_no_import_circles_even_for_annotations():
    """Neither do the rules and the AIs in their `if TYPE_CHECKING:` imports: two modules that
    name each other's types are one module in two files (battle.py and observation.py were)."""
    graph = import_graph(include_type_checking=True)
    typed = {module: {t for t in targets if _typed(t)} for module, targets in graph.items() if _typed(module)}
    assert cycles(typed) == []


def test_the_checks_catch_a_wrong_way_import_and_a_circle():
    """The tests above can fail: a planted upward import and a planted circle are found."""
    graph = {"game.rules.cards.battle": {"ai.cards.agent"}, "ai.cards.agent": {"game.rules.cards.battle"}}
    assert not _allowed("ai.cards.agent", ALLOWED[_layer("game.rules.cards.battle")])
    assert cycles(graph) == [["ai.cards.agent", "game.rules.cards.battle"]]


def test_the_graph_counts_annotation_imports_when_asked(tmp_path):
    """An import under `if TYPE_CHECKING:` is left out of the runtime graph and kept in the other."""
    path = tmp_path / "observation.py"
    path.write_text(
        "from typing import TYPE_CHECKING\n"
        "from game.rules.cards.state import Side\n"
        "if TYPE_CHECKING:\n"
        "    from game.rules.cards.battle import Battle\n",
        encoding="utf-8",
    )
    modules = module_files()
    name = "game.rules.cards.observation"
    assert imports_of(path, name, modules) == {"game.rules.cards.state"}
    assert imports_of(path, name, modules, include_type_checking=True) == {
        "game.rules.cards.state",
        "game.rules.cards.battle",
    }
