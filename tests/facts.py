"""What the shared tests need to know about each game, found from its key.

A game is its folders plus its registry line (bot/kits.py), in the tests too:
no shared test lists the games. Each shared test loops over ``games.keys()``
and reads what it needs about a game from that game's own test folders:

- ``tests/games/<key>/facts.py``: the engine's facts (its move words, its
  phases, its secrets, a soak's short clocks…);
- ``tests/bot/discord/<key>/facts.py``: what the Discord tests drive (the
  states that post its buttons, a match's options), once the game has a
  Discord adapter (an engine can land before it).

:data:`FACTS` is the whole list, each with what it is and who reads it; a game
that lacks one fails with a message saying exactly what to add and where
(``tests/test_facts.py`` holds every game to the list). docs/architecture.md,
"Adding a game", says the same in prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any

from bot.kits import adapter_module


class Layer(StrEnum):
    """Where a game keeps a kind of fact: the module's dotted path, by key."""

    GAMES = "tests.games.{key}.facts"
    DISCORD = "tests.bot.discord.{key}.facts"

    def module(self, key: str) -> str:
        return self.value.format(key=key)

    def path(self, key: str) -> str:
        return self.module(key).replace(".", "/") + ".py"

    def applies(self, key: str) -> bool:
        """Discord facts are asked of a game only once it has a Discord adapter."""
        return self is not Layer.DISCORD or adapter_module(key) is not None


#: A fact with no default: every game must define it.
REQUIRED: Any = object()


@dataclass(frozen=True)
class Fact:
    """One thing a shared test needs to know about a game."""

    name: str
    layer: Layer
    #: What to define, as a game author reads it: its type and meaning.
    what: str
    #: The shared tests (or bench scripts) that read it.
    read_by: str
    default: Any = REQUIRED

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


FACTS: tuple[Fact, ...] = (
    Fact(
        "MOVES",
        Layer.GAMES,
        "list[str]: the game's own move words, as a player types them (the seeds the "
        "fuzz mutates; some must be taken in some phase)",
        "tests/games/test_fuzz_parse.py, bench/fuzz.py",
    ),
    Fact(
        "PHASES",
        Layer.GAMES,
        "frozenset[str]: every phase name phase(state) can give (the fuzz's states must "
        "cover them all, and the end)",
        "tests/games/test_fuzz_parse.py",
    ),
    Fact(
        "phase",
        Layer.GAMES,
        "def phase(state) -> str: the phase a state is in, in the game's own words (one of PHASES)",
        "tests/games/fuzz_support.py, tests/games/test_fuzz_parse.py",
    ),
    Fact(
        "situation",
        Layer.GAMES,
        "def situation(state) -> tuple: what else tells two states of one phase apart "
        "for the fuzz (decisions owed, what a seat holds); default: nothing",
        "tests/games/fuzz_support.py",
        default=None,
    ),
    Fact(
        "FUZZ_MATCHES",
        Layer.GAMES,
        "list[dict]: set-ups beyond the demo's own (bot/demo/<key>.py DEMO_MATCHES), for "
        "phases the demo never reaches; default: none",
        "tests/games/fuzz_support.py",
        default=(),
    ),
    Fact(
        "LONGEST_MOVES",
        Layer.GAMES,
        "list[str]: the longest legal moves, spelled as loosely as the grammar allows "
        "(they must stay under Game.max_move_chars)",
        "tests/games/test_fuzz_parse.py",
    ),
    Fact(
        "HEAVY_MOVES",
        Layer.GAMES,
        "list[tuple[str, str]]: (prefix, piece) inputs that cost the grammar most, the "
        "piece repeated to 1k, 10k and 100k characters",
        "bench/fuzz.py",
    ),
    Fact(
        "SOAK_OPTIONS",
        Layer.GAMES,
        "list[dict]: match options with short clocks (seconds), played in turn, so a "
        "soak's matches meet every kind of deadline",
        "tests/reliability/soak_child.py",
    ),
    Fact(
        "SOAK_AT_ONCE",
        Layer.GAMES,
        "int: the game's matches playing at once in the CI soak (fewer for a dear "
        "built-in player); default 4",
        "tests/reliability/test_soak.py",
        default=4,
    ),
    Fact(
        "secrets",
        Layer.GAMES,
        "def secrets(state) -> list[str]: each value the game keeps from the room until "
        "/match reveal, as the revealed text shows it (empty: nothing is secret, and the "
        "reveal is refused)",
        "tests/bot/test_replay_cli.py",
    ),
    Fact(
        "REVEAL_PICTURED",
        Layer.GAMES,
        "bool: the reveal of a finished match carries pictures; default False",
        "tests/bot/test_replay_cli.py",
        default=False,
    ),
    Fact(
        "on_reserve",
        Layer.GAMES,
        "def on_reserve(state) -> bool: a seat is on reserve or bank time now (its window "
        "ran out and it still owes a move), where a golden match is taken; default: the "
        "game has no reserve or bank time",
        "tests/golden/make.py",
        default=None,
    ),
    Fact(
        "PLAN",
        Layer.DISCORD,
        "Plan (tests/bot/discord/authorization_support.py): the Stage its slash commands "
        "are driven in, and the Stages that post every button, menu and form it has",
        "tests/bot/discord/test_authorization.py",
    ),
    Fact(
        "FORMS_NOT_SENT",
        Layer.DISCORD,
        "dict[str, str]: forms the authorization matrix opens but does not send, each "
        "with the reason; default none",
        "tests/bot/discord/test_authorization.py",
        default={},
    ),
    Fact(
        "FORM_NAMES",
        Layer.DISCORD,
        "dict[str, tuple[str, ...]]: forms (Modal classes) with no ``form`` name of their "
        "own, named by what they are built with: class name -> the form names; default none",
        "tests/bot/discord/test_authorization.py",
        default={},
    ),
    Fact(
        "MATCH_OPTIONS",
        Layer.DISCORD,
        "str | None: /match new options (JSON) for a match whose seats can type moves at "
        "once; default None (the game's defaults)",
        "tests/bot/discord/test_mentions.py",
        default=None,
    ),
    Fact(
        "PRACTICE_OPTIONS",
        Layer.DISCORD,
        "str | None: /match practice options (JSON) for a short practice match, played to "
        "its end against the bot once the game has levels (bot/demo/<key>.py LEVELS); "
        "default None (the game's defaults)",
        "tests/bot/discord/test_practice.py",
        default=None,
    ),
)

_BY_NAME = {fact.name: fact for fact in FACTS}


class MissingFact(AssertionError):
    """A game lacks a fact a shared test needs: the message says what to add, and where."""


def module(key: str, layer: Layer) -> ModuleType | None:
    """The game's facts module of ``layer``, or None if it has none."""
    name = layer.module(key)
    try:
        found = find_spec(name)
    except ModuleNotFoundError:  # the game's test folder itself is missing
        found = None
    return import_module(name) if found is not None else None


def fact(key: str, name: str) -> Any:
    """``name`` as game ``key`` defines it (or its default); a required one it lacks
    fails with what to add."""
    wanted = _BY_NAME[name]
    found = module(key, wanted.layer)
    if found is not None and hasattr(found, name):
        return getattr(found, name)
    if not wanted.required:
        return wanted.default
    raise MissingFact(missing(key, wanted, has_module=found is not None))


def missing(key: str, wanted: Fact, *, has_module: bool) -> str:
    """What to add for a required fact ``key`` lacks."""
    path = wanted.layer.path(key)
    where = path if has_module else f"{path} (a new module; its folder needs an __init__.py)"
    return (
        f"game {key!r} has no {wanted.name} for the shared tests: add {wanted.name} to "
        f"{where}: {wanted.what}. Read by {wanted.read_by}."
    )


def lacking(key: str) -> list[str]:
    """Every required fact ``key`` lacks, each with what to add (Discord facts only
    once it has a Discord adapter)."""
    problems = []
    for wanted in FACTS:
        if not wanted.required or not wanted.layer.applies(key):
            continue
        found = module(key, wanted.layer)
        if found is None or not hasattr(found, wanted.name):
            problems.append(missing(key, wanted, has_module=found is not None))
    return problems
