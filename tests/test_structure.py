"""The code's shape: each package reads top-down, and no piece outgrows a reader.

**No import circles.** The import graph of bot/, games/ and storage/ is built
from the source with ``ast``: every ``import`` and ``from … import``, at module
level, inside functions, and under ``if TYPE_CHECKING:`` alike. Typing-only
imports count: a circle that exists only for the type checker still means
neither module can be read, changed or tested without the other, and it is
broken the same way as any other (the lower module declares a Protocol of what
it needs, or takes it as a parameter). A package's ``__init__`` is an edge only
where it is named; the parent packages Python runs on the way are not.

**Sizes.** No class over :data:`CLASS_LIMIT` lines, no module over
:data:`MODULE_LIMIT`. The known exceptions are listed with their reason; the
lists can only shrink (an entry no longer over its limit fails until removed).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "games", "storage")

CLASS_LIMIT = 250
MODULE_LIMIT = 400

#: "path::Class" -> why it is still over CLASS_LIMIT.
KNOWN_LONG_CLASSES: dict[str, str] = {}
#: "path" -> why it is still over MODULE_LIMIT.
KNOWN_LONG_MODULES: dict[str, str] = {}
#: Circles still open, by their modules -> why they are tolerated for now.
KNOWN_CIRCLES: dict[frozenset[str], str] = {}


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at ``line`` of its file."""

    source: str
    target: str
    line: int


def sources(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module under ``packages``, by its dotted name (a package by its folder's)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    """The names an import statement reaches, as written (``from a import b`` may
    name a module ``a.b`` or an attribute of ``a``: both are offered)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[: len(package) - (node.level - 1)]
        base = ".".join([*anchor, *([base] if base else [])])
    for alias in node.names:
        yield f"{base}.{alias.name}"


def import_edges(modules: Mapping[str, Path]) -> list[Edge]:
    """Every import between ``modules``, wherever in the file it is written."""
    edges: list[Edge] = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in _imported(node, module, is_package):
                # The longest known prefix: `a.b.attr` is module a.b, `a.b.c` may be a.b.c.
                while name and name not in modules:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    edges.append(Edge(module, name, node.lineno))
    return edges


@dataclass(frozen=True)
class Circle:
    """Modules that all reach one another by imports, and one closed path among them."""

    modules: frozenset[str]
    path: list[Edge]


def circles(edges: list[Edge]) -> list[Circle]:
    """Each strongly connected group of modules (Tarjan's algorithm), with a
    closed path through it, so a failure names a circle a reader can follow."""
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        graph.setdefault(edge.source, []).append(edge)
        graph.setdefault(edge.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for edge in graph[node]:
            if edge.target not in index:
                visit(edge.target)
                low[node] = min(low[node], low[edge.target])
            elif edge.target in stack:
                low[node] = min(low[node], index[edge.target])
        if low[node] == index[node]:
            group = set()
            while (member := stack.pop()) != node:
                group.add(member)
            group.add(node)
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [Circle(frozenset(group), _path_within(graph, group)) for group in groups]


def _path_within(graph: Mapping[str, list[Edge]], group: set[str]) -> list[Edge]:
    """A shortest circle through the group's first module, staying inside the group."""
    start = min(group)
    paths: dict[str, list[Edge]] = {start: []}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for edge in graph[node]:
                if edge.target == start:
                    return [*paths[node], edge]
                if edge.target in group and edge.target not in paths:
                    paths[edge.target] = [*paths[node], edge]
                    following.append(edge.target)
        frontier = following
    raise AssertionError(f"no circle through {start}")  # a group always has one


def describe(circle: Circle, modules: Mapping[str, Path]) -> str:
    """``bot.a, bot.b: bot/a.py:3 imports bot.b -> bot/b.py:9 imports bot.a``."""
    path = " -> ".join(
        f"{modules[e.source].relative_to(ROOT)}:{e.line} imports {e.target}" for e in circle.path
    )
    return f"{', '.join(sorted(circle.modules))}: {path}"


def test_no_import_circles() -> None:
    """Each package reads top-down: no module imports, even for typing, one that imports it."""
    modules = sources(ROOT, PACKAGES)
    found = circles(import_edges(modules))
    open_circles = [describe(c, modules) for c in found if c.modules not in KNOWN_CIRCLES]
    assert not open_circles, "import circles:\n" + "\n".join(open_circles)


def test_known_circles_are_still_open() -> None:
    """The tolerated list only shrinks: a circle broken is taken off it."""
    edges = import_edges(sources(ROOT, PACKAGES))
    found = {circle.modules for circle in circles(edges)}
    closed = [sorted(group) for group in KNOWN_CIRCLES if group not in found]
    assert not closed, f"no longer circles, remove them from KNOWN_CIRCLES: {closed}"


def test_a_circle_through_typing_and_function_imports_is_named(tmp_path: Path) -> None:
    """The graph sees an import under TYPE_CHECKING and one inside a function."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "top.py").write_text("def f():\n    from pkg.leaf import g\n")
    (package / "leaf.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import top\n"
    )
    (package / "alone.py").write_text("from . import leaf\n")
    modules = sources(tmp_path, ("pkg",))
    found = circles(import_edges(modules))
    assert [[(e.source, e.target, e.line) for e in c.path] for c in found] == [
        [("pkg.leaf", "pkg.top", 3), ("pkg.top", "pkg.leaf", 2)]
    ]


# -- sizes -------------------------------------------------------------------------


def _python_files() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]


def _class_lengths() -> dict[str, int]:
    lengths: dict[str, int] = {}
    for path in _python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                assert node.end_lineno is not None
                lengths[f"{path.relative_to(ROOT)}::{node.name}"] = node.end_lineno - first + 1
    return lengths


def _module_lengths() -> dict[str, int]:
    return {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in _python_files()
    }


def _within(measured: Mapping[str, int], limit: int, known: Mapping[str, str]) -> None:
    over = {name: n for name, n in measured.items() if n > limit and name not in known}
    assert not over, f"over {limit} lines (split it by concern, don't list it): {over}"
    shrunk = sorted(name for name in known if measured.get(name, 0) <= limit)
    assert not shrunk, f"no longer over {limit} lines, take them off the known list: {shrunk}"


def test_no_class_outgrows_its_limit() -> None:
    _within(_class_lengths(), CLASS_LIMIT, KNOWN_LONG_CLASSES)


def test_no_module_outgrows_its_limit() -> None:
    _within(_module_lengths(), MODULE_LIMIT, KNOWN_LONG_MODULES)
