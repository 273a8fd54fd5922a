"""The engine's private copy of a state (games/core/copies.py), held to every
game's states in every phase: nothing mutable is shared with the caller's
state, nothing shared can be changed, and no step changes the state it was
given. A copy that became shallow anywhere fails here."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

import games
from bot.kits import demo_flag, demo_player
from games import HOST, Rejected
from games.core.copies import private_copy, shared
from tests.games.fuzz_support import Table, tables

KEYS = games.keys()
SENTINEL = object()


def _states(key: str) -> list[Table]:
    # The fuzz tests' tables (matches=1), so one worker builds them once for both.
    return list(tables(key, matches=1))


def _parts(value: Any) -> Iterator[Any]:
    """What ``value`` holds directly."""
    if isinstance(value, BaseModel):
        yield from value.__dict__.values()
    elif isinstance(value, dict):
        yield from value.keys()
        yield from value.values()
    elif isinstance(value, (list, tuple, set, frozenset)):
        yield from value


def _immutable(value: Any) -> bool:
    """Nothing inside ``value`` can be changed, as it is now (not as annotated)."""
    if isinstance(value, BaseModel):
        frozen = bool(type(value).model_config.get("frozen"))
        return frozen and all(_immutable(part) for part in _parts(value))
    if isinstance(value, (tuple, frozenset)):
        return all(_immutable(part) for part in value)
    return isinstance(value, (int, str, float, bytes, type(None)))


def _pairs(original: Any, copied: Any) -> Iterator[tuple[Any, Any]]:
    """Every part of ``original`` beside the same part of ``copied``."""
    yield original, copied
    if isinstance(original, dict):
        for key, value in original.items():
            yield from _pairs(value, copied[key])
    elif original is not copied:
        for mine, theirs in zip(_parts(original), _parts(copied), strict=True):
            yield from _pairs(mine, theirs)


@pytest.mark.parametrize("key", KEYS)
def test_a_copy_shares_only_what_cannot_change(key: str) -> None:
    for table in _states(key):
        copied = private_copy(table.state)
        assert copied == table.state
        assert copied.model_dump_json() == table.state.model_dump_json()
        for mine, theirs in _pairs(table.state, copied):
            if mine is theirs:
                assert _immutable(mine), f"{key}: {type(mine).__name__} shared, yet mutable"


@pytest.mark.parametrize("key", KEYS)
def test_changing_every_part_of_a_copy_leaves_the_original(key: str) -> None:
    for table in _states(key):
        before = table.state.model_dump_json()
        copied = private_copy(table.state)
        for part in [theirs for _, theirs in _pairs(table.state, copied)]:
            if isinstance(part, list):
                part.append(SENTINEL)
            elif isinstance(part, dict):
                part[SENTINEL] = SENTINEL
            elif isinstance(part, BaseModel) and not type(part).model_config.get("frozen"):
                part.__dict__[next(iter(part.__dict__))] = SENTINEL
        assert table.state.model_dump_json() == before


@pytest.mark.parametrize("key", KEYS)
def test_no_step_changes_the_state_it_is_given(key: str) -> None:
    """A move by each seat the game waits on (as the demo's player makes it) and
    the expiry of each live deadline, from every state: the state given is as it was."""
    game = games.get(key)
    player = demo_player(key)
    assert player is not None
    rng = random.Random(7)
    for table in _states(key):
        state, before = table.state, table.state.model_dump_json()
        seats = (0, 1) if demo_flag(key, "ASKS_EVERY_SEAT") else sorted(game.to_act(state))
        for seat in seats if state.outcome is None else ():
            audience = HOST if demo_flag(key, "SEES_ALL") else seat
            view = {**game.view(state, audience), "match": {"deadlines": []}}
            text = player(view, seat, rng)
            with contextlib.suppress(Rejected):
                game.apply(state, seat, game.parse(state, seat, text or "pass"), table.now_ms)
        for deadline in game.deadlines(state):
            game.expire(state, deadline.key, max(table.now_ms, deadline.at_ms))
        game.view(state, HOST)
        assert state.model_dump_json() == before


class Mark(BaseModel):
    model_config = ConfigDict(frozen=True)

    at: tuple[int, ...]
    note: str | None = None


class Marks(BaseModel):
    model_config = ConfigDict(frozen=True)

    marks: tuple[Mark, ...]


class FrozenWithList(BaseModel):
    model_config = ConfigDict(frozen=True)

    at: list[int]


class Open(BaseModel):
    at: tuple[int, ...]


class Anything(BaseModel):
    model_config = ConfigDict(frozen=True)

    data: Any


class Nested(BaseModel):
    model_config = ConfigDict(frozen=True)

    inner: Nested | None = None


@pytest.mark.parametrize(
    ("model", "is_shared"),
    [
        (Mark, True),
        (Marks, True),
        (FrozenWithList, False),  # frozen, but its list can be changed
        (Open, False),  # not frozen: its fields can be set
        (Anything, False),  # Any could be a list
        (Nested, False),  # refers to itself: not taken on trust
    ],
)
def test_which_models_a_copy_shares(model: type[BaseModel], is_shared: bool) -> None:
    assert shared(model) is is_shared


def test_a_frozen_model_holding_a_list_is_copied() -> None:
    original = FrozenWithList(at=[1, 2])
    copied = private_copy(original)
    assert copied == original
    assert copied is not original
    assert copied.at is not original.at
