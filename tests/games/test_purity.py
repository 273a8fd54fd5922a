"""Engines are pure (DESIGN §1): nothing under games/ may do I/O, read a clock,
or reach into the bot or storage layers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"

FORBIDDEN_MODULES = frozenset(
    {
        "discord",
        "sqlalchemy",
        "aiosqlite",
        "asyncpg",
        "asyncio",
        "bot",
        "storage",
        "time",
        "datetime",
        "secrets",
    }
)
# Calls that read a clock or unseeded randomness, however the module got its name.
FORBIDDEN_CALLS = frozenset(
    {
        "time",
        "time_ns",
        "monotonic",
        "monotonic_ns",
        "perf_counter",
        "perf_counter_ns",
        "now",
        "utcnow",
        "today",
        "urandom",
        "getrandbits",
        "token_hex",
        "token_bytes",
    }
)
# random's module-level functions share one unseeded generator; engines must use
# games.core.rng (a seeded random.Random) instead.
UNSEEDED_RANDOM = frozenset(
    {"random", "randint", "randrange", "choice", "choices", "sample", "shuffle", "uniform", "seed"}
)


def violations(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if _forbidden(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and _forbidden(node.module or ""):
            found.append(f"from {node.module} import …")
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [
                f"from random import {a.name}" for a in node.names if a.name in UNSEEDED_RANDOM
            ]
        elif isinstance(node, ast.Call):
            found += _bad_call(node.func)
    return found


def _forbidden(module: str) -> bool:
    return module.split(".")[0] in FORBIDDEN_MODULES


def _bad_call(func: ast.expr) -> list[str]:
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else "…"
        if func.attr in FORBIDDEN_CALLS:
            return [f"{owner}.{func.attr}()"]
        if owner == "random" and func.attr in UNSEEDED_RANDOM:
            return [f"random.{func.attr}()"]
    if isinstance(func, ast.Name) and func.id in FORBIDDEN_CALLS - {"time"}:
        return [f"{func.id}()"]
    return []


SOURCES = sorted(GAMES_DIR.rglob("*.py"))


def test_games_has_sources() -> None:
    assert any(path.name == "contract.py" for path in SOURCES)
    assert any(path.parent.name == "goofspiel" for path in SOURCES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_engine_module_is_pure(path: Path) -> None:
    assert violations(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import discord",
        "import discord.ext.commands",
        "from sqlalchemy.orm import Session",
        "import asyncio",
        "import aiosqlite, json",
        "import asyncpg as pg",
        "from bot.runtime import Runtime",
        "import storage",
        "import time",
        "from time import monotonic",
        "import datetime as dt",
        "from datetime import datetime",
        "x = clock.time()",
        "x = dt.datetime.now()",
        "x = datetime.utcnow()",
        "x = date.today()",
        "x = perf_counter()",
        "x = os.urandom(4)",
        "x = random.randint(1, 6)",
        "x = random.shuffle(cells)",
        "from random import shuffle",
        "import secrets",
    ],
)
def test_the_checker_catches(source: str) -> None:
    assert violations(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "import random\nr = random.Random('7:phase:1')\nr.sample(cells, 6)",
        "from games.core import rng",
        "from pydantic import BaseModel",
        "from . import models",
        "window.end_ms",
        "import re\nre.compile('x')",
    ],
)
def test_the_checker_allows(source: str) -> None:
    assert violations(source) == []
