"""The package reads top-down: every import at the top of its module, and no
module of games/runebreaker reaches back to one that imports it (the round
flow once broke a circle match ↔ classic/finals/answers with an import
inside a function)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "games" / "runebreaker"
PREFIX = "games.runebreaker."


def _modules() -> dict[str, ast.Module]:
    """games/runebreaker's own modules (not ``commands/``, a package of its own)."""
    return {
        path.stem: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.glob("*.py"))
        if path.stem != "__init__"
    }


def _imports_of(tree: ast.Module, known: set[str]) -> set[str]:
    """The package's modules that ``tree`` imports, wherever the import is written."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "games.runebreaker":
            found |= {alias.name for alias in node.names} & known
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX):
            found.add((node.module or "").removeprefix(PREFIX).split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix(PREFIX) for a in node.names} & known
    return found & known


def test_no_import_is_hidden_in_a_function() -> None:
    hidden = [
        f"{name}.{function.name}"
        for name, tree in _modules().items()
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert not hidden, f"imports inside functions: {hidden}"


def test_no_module_reaches_back_to_its_importer() -> None:
    modules = _modules()
    graph = {name: _imports_of(tree, set(modules)) - {name} for name, tree in modules.items()}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            name = todo.pop()
            if name == goal:
                return True
            if name not in seen:
                seen.add(name)
                todo.extend(graph[name])
        return False

    circles = sorted(f"{a} ↔ {b}" for a in graph for b in graph[a] if reaches(b, a))
    assert not circles, f"import circles: {circles}"
