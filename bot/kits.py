"""Each game's parts in the bot, found from its key alone.

A game is registered once, by its line in ``games/core/registry.py``. Every
other place that needs the list of games reads it from there and finds the
game's parts by where they live:

====================  =========================================================
``games.<key>``        the engine (``GAME``) and its ``Config``: the settings
                       section ``[<key>]`` and a match's options
``games/<key>/``       ``settings.toml``: that section as config.example.toml
``settings.toml``      documents it (``bot.settings_example`` assembles the file)
``bot.discord.<key>``  the Discord adapter (a discord.py extension); a game
                       without one is not offered by ``/match new``
``bot.render.<key>``   ``RENDERER``: its Renderer subclass (else the generic one)
``bot.demo.<key>``     ``PLAYER`` and, if the host has moves, ``HOST_SCRIPT``:
                       the built-in players of ``genius-bot demo``, each given
                       only its own seat's view; optional ``LEVELS`` (players
                       by level, weakest first), ``DEMO_MATCHES`` (the options
                       of each match the demo plays; default one match with
                       none), ``ASKS_EVERY_SEAT`` (ask seats the game is
                       not waiting on, e.g. for a buzz), ``RANDOM`` (a random
                       legal player) and ``BENCH_MATCHES`` (the setups
                       bench/players.py weighs the levels on; its
                       ``BENCH_FIGURES`` says what else to report); ``LEVELS``
                       also makes the game one members may practise against
                       the bot (``/match practice``)
``bot.runtime.``       ``resolve`` and/or ``prepare``: the files its settings
``resources.<key>``    name, read at match creation and checked at start-up
                       (a game that reads no files has no such module)
====================  =========================================================

A demo match must keep three rules (tests/bot/demo/test_demo_every_game.py
checks every game's, and names the rule a game breaks):

1. the built-in players play every match of ``DEMO_MATCHES`` to its end
   (finished: not aborted, not stuck waiting on a move nobody makes);
2. the room is told the result in the words every game uses: a winner as
   ``🏆 **<name> wins`` (Decoder: ``🏁 **<name> wins!``), a draw as
   ``🤝 **The match is a draw``, or an end without a winner as
   ``The match ends — <why>``;
3. the room is shown at least one picture (the demo saves each as a PNG).

So adding a game is its own folders plus its registry line; nothing here
lists games, and nothing in the tests does either: what the shared tests need
to know about a game is in its test folders (tests/facts.py), and
docs/architecture.md, "Adding a game", lists every part a game provides.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import Any

import games

#: A built-in player: the seat's view, the seat and a seeded generator in, the
#: text a player would type out (None: let the clock run).
Player = Callable[[dict[str, Any], int, random.Random], str | None]
#: A finished match's figures for one seat, from the states its players were asked
#: about, the state it ended in and the seat (bench/players.py).
BenchFigures = Callable[[Sequence[Any], Any, int], dict[str, list[float]]]
#: The host's move, from the host view, when no seat can move (or None).
HostScript = Callable[[dict[str, Any]], str | None]


def _exists(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def part(module: str, name: str) -> Any:
    """``name`` from ``module`` if that module exists (None otherwise, or if it has
    no such name): how a game's optional parts are found by convention."""
    return getattr(import_module(module), name, None) if _exists(module) else None


def adapter_module(key: str) -> str | None:
    """The game's Discord extension, if it has one."""
    module = f"bot.discord.{key}"
    return module if _exists(module) else None


def adapters() -> dict[str, str]:
    """Game key -> Discord extension, for every game that has one, in registry order."""
    found = {key: adapter_module(key) for key in games.keys()}
    return {key: module for key, module in found.items() if module is not None}


@cache
def demo_player(key: str) -> Player | None:
    module = f"bot.demo.{key}"
    if not _exists(module):
        return None
    player: Player | None = getattr(import_module(module), "PLAYER", None)
    return player


@cache
def host_script(key: str) -> HostScript | None:
    module = f"bot.demo.{key}"
    if not _exists(module):
        return None
    script: HostScript | None = getattr(import_module(module), "HOST_SCRIPT", None)
    return script


@cache
def _demo_module(key: str) -> Any:
    module = f"bot.demo.{key}"
    return import_module(module) if _exists(module) else None


def demo_matches(key: str) -> list[dict[str, Any]]:
    """The options of each match the demo plays of ``key`` (default: one, with none)."""
    matches: list[dict[str, Any]] = getattr(_demo_module(key), "DEMO_MATCHES", [{}])
    return matches


def demo_flag(key: str, name: str) -> bool:
    """A flag of the game's demo players (``ASKS_EVERY_SEAT``)."""
    return bool(getattr(_demo_module(key), name, False))


def demo_levels(key: str) -> dict[str, Player]:
    """The game's built-in players by level, weakest first (a game without
    ``LEVELS`` has its one ``PLAYER``, as ``normal``)."""
    if levels := practice_levels(key):
        return levels
    player = demo_player(key)
    return {} if player is None else {"normal": player}


def practice_levels(key: str) -> dict[str, Player]:
    """The game's honest players by level, weakest first: its ``LEVELS`` alone
    (a player without levels may not be one that sees only its seat)."""
    levels: dict[str, Player] | None = getattr(_demo_module(key), "LEVELS", None)
    return dict(levels or {})


def practice_games() -> list[str]:
    """Every game a member may practise against the bot: it has honest players
    at levels, and a Discord adapter to be played on."""
    return [key for key in adapters() if practice_levels(key)]


def random_player(key: str) -> Player | None:
    """The game's random legal player (``RANDOM``): the baseline its levels are
    weighed against in bench/players.py."""
    player: Player | None = getattr(_demo_module(key), "RANDOM", None)
    return player


def bench_matches(key: str) -> list[dict[str, Any]]:
    """The options of each setup bench/players.py weighs the levels on
    (``BENCH_MATCHES``; default: one, the game's own defaults)."""
    matches: list[dict[str, Any]] = getattr(_demo_module(key), "BENCH_MATCHES", [{}])
    return matches


def bench_figures(key: str) -> BenchFigures | None:
    """What bench/players.py reports of a finished match of ``key`` beyond who won
    (``BENCH_FIGURES``: e.g. probes to an answer; None: nothing more)."""
    figures: BenchFigures | None = getattr(_demo_module(key), "BENCH_FIGURES", None)
    return figures


def demo_games() -> list[str]:
    """Every game with built-in players (an engine can land before them)."""
    return [key for key in games.keys() if demo_player(key) is not None]


def renderer_class(key: str) -> type[Any] | None:
    """The ``RENDERER`` class ``bot.render.<key>`` exports, if that package exists."""
    module = f"bot.render.{key}"
    if not _exists(module):
        return None
    found: type[Any] | None = getattr(import_module(module), "RENDERER", None)
    return found
