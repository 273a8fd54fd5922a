"""The game registry: ``games.get("goofspiel")``."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from games.core.contract import Game

# THE list of games: key -> module that defines ``GAME``. Adding a game is its
# own folders plus one line here; the bot finds everything else from the key
# (see bot/kits.py). Imported lazily so one broken game cannot stop the others
# from loading. The order is the order menus and the demo show.
_MODULES: dict[str, str] = {
    "goofspiel": "games.goofspiel",
    "expression": "games.expression",
    "decoder": "games.decoder",
    "runebreaker": "games.runebreaker",
    "logical_horror": "games.logical_horror",
}

_loaded: dict[str, Game[Any, Any, Any]] = {}


def keys() -> tuple[str, ...]:
    """The keys of every game this build hosts."""
    return tuple(_MODULES)


def get(key: str) -> Game[Any, Any, Any]:
    """The engine for ``key``; ``KeyError`` names the known keys."""
    if key not in _MODULES:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(_MODULES)}")
    if key not in _loaded:
        _loaded[key] = import_module(_MODULES[key]).GAME
    return _loaded[key]
