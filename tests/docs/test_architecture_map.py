"""The file map in docs/architecture.md lists what exists.

A newcomer reads the map to find their way; a module that is not on it is one
they will not find. So every package folder and every module (``__init__`` and
private ``_`` modules of per-game folders aside, which the map names by pattern)
must be named in the map's code block.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPPED = ("games", "storage", "bot", "bench")
# Per-game Discord adapters and renderers are mapped as a pattern
# (bot/discord/<game>/, bot/render/<game>/), their files named once for all.
PATTERNED = ("bot/discord", "bot/render")


def _map_text() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    found = re.search(r"## Map\s+```\n(.*?)```", text, re.DOTALL)
    assert found, "docs/architecture.md has no '## Map' code block"
    return found.group(1)


def _modules() -> list[Path]:
    modules: list[Path] = []
    for top in MAPPED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if "__pycache__" in rel.parts or "migrations" in rel.parts:
                continue
            if path.name == "__init__.py":
                continue
            modules.append(rel)
    return modules


def _named(rel: Path, text: str) -> bool:
    stem = rel.stem
    return re.search(rf"(?<![\w.]){re.escape(stem)}(\.py)?(?!\w)", text) is not None


@pytest.mark.parametrize("rel", _modules(), ids=str)
def test_every_module_is_on_the_map(rel: Path) -> None:
    text = _map_text()
    assert _named(rel, text), f"{rel} is missing from the map in docs/architecture.md"


def _folders() -> list[Path]:
    folders: list[Path] = []
    for top in MAPPED:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT)
            if not path.is_dir() or "__pycache__" in rel.parts or "migrations" in rel.parts:
                continue
            if rel.parent.as_posix() in PATTERNED and (path / "__init__.py").exists():
                continue  # a game's folder: the pattern <game>/ covers it
            if not any(path.glob("*.py")):
                continue  # data, static files, templates
            folders.append(rel)
    return folders


@pytest.mark.parametrize("rel", _folders(), ids=str)
def test_every_package_folder_is_on_the_map(rel: Path) -> None:
    text = _map_text()
    assert f"{rel.as_posix()}/" in text or f"{rel.name}/" in text, (
        f"{rel}/ is missing from the map in docs/architecture.md"
    )
