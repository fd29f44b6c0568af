"""The project's import graph, read from the source (every import statement, including those
inside functions, since a local import is still a dependency). The imports under `if
TYPE_CHECKING:` are left out unless asked for: they are for annotations and never run."""

from __future__ import annotations

import ast
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
OWN_PACKAGES = ("game", "ai")


def module_files() -> dict[str, Path]:
    """Module name -> file, for every module of our packages."""
    modules = {}
    for package in OWN_PACKAGES:
        for path in sorted((REPO_ROOT / package).rglob("*.py")):
            parts = path.relative_to(REPO_ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def imports_of(path: Path, name: str, modules: dict[str, Path], include_type_checking: bool = False) -> set[str]:
    """The modules of ours that `path` (module `name`) imports; with `include_type_checking`,
    also those it imports under `if TYPE_CHECKING:`."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and _is_type_checking(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in type_only and not include_type_checking:  # for annotations, never run
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source for alias in node.names
            ]
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a function or class: its module
                target = target.rpartition(".")[0]
            if target and target.split(".")[0] in OWN_PACKAGES and target != name:
                found.add(target)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Name)
        and test.id == "TYPE_CHECKING"
        or isinstance(test, ast.Attribute)
        and test.attr == "TYPE_CHECKING"
    )


def import_graph(include_type_checking: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (with `include_type_checking`, also those for
    annotations only)."""
    modules = module_files()
    return {name: imports_of(path, name, modules, include_type_checking) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:  # recursion depth is bounded by the module count (~200)
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found
