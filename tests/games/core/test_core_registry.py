"""The game registry and the seeded draws."""

from __future__ import annotations

import pytest

import games
from games.core import Game, rng
from games.goofspiel import GAME


def test_keys_include_goofspiel() -> None:
    known = games.keys()
    assert "goofspiel" in known


def test_get_returns_the_module_engine() -> None:
    engine = games.get("goofspiel")
    assert engine is GAME
    assert isinstance(engine, Game)
    assert (engine.key, engine.title) == ("goofspiel", "Square Goofspiel")
    assert games.get("goofspiel") is engine


def test_every_listed_key_loads_an_engine_with_that_key() -> None:
    known = games.keys()
    for key in known:
        assert games.get(key).key == key


def test_unknown_key_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match=r"unknown game 'chess'; known games: .*goofspiel"):
        games.get("chess")


def test_draws_are_reproducible_and_independent_by_label() -> None:
    assert rng(7, "phase", 1).random() == rng(7, "phase", 1).random()
    assert rng(7, "phase", 1).random() != rng(7, "phase", 2).random()
    assert rng(7, "phase", 1).random() != rng(8, "phase", 1).random()
