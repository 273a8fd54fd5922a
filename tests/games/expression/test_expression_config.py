"""Config: defaults, the fixed global tiles and their validation, the seeded draws."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from games.expression import GAME, ExpressionConfig
from games.expression.tiles import draw_globals
from tests.games.expression.expression_support import PAIRS, SYMBOLS, fresh


def test_defaults() -> None:
    config = ExpressionConfig()
    assert config.advantage == 0
    assert config.global_tiles is None
    assert (
        config.planning_seconds,
        config.submit_seconds,
        config.reserve_seconds,
        config.guess_seconds,
        config.final_seconds,
    ) == (180, 45, 180, 60, 300)


def test_keys_are_exactly_the_decided_ones() -> None:
    assert set(ExpressionConfig.model_fields) == {
        "advantage",
        "global_tiles",
        "planning_seconds",
        "submit_seconds",
        "reserve_seconds",
        "guess_seconds",
        "final_seconds",
    }


def test_unknown_key_is_an_error() -> None:
    with pytest.raises(ValidationError, match="extra"):
        ExpressionConfig.model_validate({"global_tile": PAIRS})


@pytest.mark.parametrize("seat", [-1, 2, "host"])
def test_advantage_is_a_seat(seat: Any) -> None:
    with pytest.raises(ValidationError):
        ExpressionConfig(advantage=seat)


def test_global_tiles_accept_every_symbol_spelling() -> None:
    spelled = [[1, "+"], [2, "-"], [3, "*"], [4, "x"], [5, "/"], [6, ":"], [7, "−"], [8, "×"]]
    spelled += [[9, "÷"], [10, "+"], [11, "+"], [12, "+"], *PAIRS[12:]]
    config = ExpressionConfig(global_tiles=spelled)  # type: ignore[arg-type]
    assert config.global_tiles is not None
    assert [p.symbol for p in config.global_tiles[:9]] == [
        "+", "−", "×", "×", "÷", "÷", "−", "×", "÷",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (PAIRS[:12], "must list 24 [number, symbol] pairs (bout 1's 12, then bout 2's); got 12"),
        ([*PAIRS, [1, "+"]], "got 25"),
        ([[13, "+"], *PAIRS[1:]], "global numbers run 1–12, got 13"),
        ([[0, "+"], *PAIRS[1:]], "global numbers run 1–12, got 0"),
        ([[1, "^"], *PAIRS[1:]], "'^' is not a symbol"),
        ([[1, "+", 2], *PAIRS[1:]], "a global pair is [number, symbol]"),
    ],
)
def test_global_tiles_validation(pairs: list[Any], message: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(message)):
        ExpressionConfig(global_tiles=pairs)


def test_config_round_trips_as_json() -> None:
    config = ExpressionConfig(global_tiles=PAIRS, advantage=1)  # type: ignore[arg-type]
    assert ExpressionConfig.model_validate_json(config.model_dump_json()) == config
    dumped = json.loads(config.model_dump_json())
    assert dumped["global_tiles"][1] == {"number": 2, "symbol": "−"}


def test_fixed_tiles_give_each_bout_its_twelve() -> None:
    step = GAME.setup({"global_tiles": PAIRS}, seed=3)
    pairs = step.notices[0].data["pairs"]
    assert [[p["number"], p["symbol"]] for p in pairs] == PAIRS[:12]
    assert [p["round"] for p in pairs] == list(range(1, 13))


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_drawn_pairs_are_balanced(seed: int) -> None:
    for bout in (1, 2):
        pairs = draw_globals(seed, bout)
        assert sorted(p.number for p in pairs) == list(range(1, 13))
        assert Counter(p.symbol for p in pairs) == Counter(dict.fromkeys(SYMBOLS, 3))


def test_draws_are_reproducible_and_differ_by_seed_and_bout() -> None:
    assert draw_globals(5, 1) == draw_globals(5, 1)
    assert draw_globals(5, 1) != draw_globals(5, 2)
    assert len({str(draw_globals(seed, 1)) for seed in range(5)}) > 1


def test_setup_reveals_the_drawn_pairs() -> None:
    step = GAME.setup({}, seed=9)
    shown = [(p["number"], p["symbol"]) for p in step.notices[0].data["pairs"]]
    assert shown == [(p.number, p.symbol) for p in draw_globals(9, 1)]


def test_state_holds_no_bout_2_pairs_before_bout_2() -> None:
    state = fresh(global_tiles=None, seed=9)
    assert len(state.globals) == 1
    assert state.globals[0] == draw_globals(9, 1)


@pytest.mark.parametrize(
    ("key", "value", "ok"),
    [
        ("planning_seconds", 0, True),
        ("reserve_seconds", 0, True),
        ("submit_seconds", 0, False),
        ("guess_seconds", 0, False),
        ("final_seconds", 0, False),
        ("planning_seconds", -1, False),
    ],
)
def test_time_limits(key: str, value: int, ok: bool) -> None:
    if ok:
        assert getattr(ExpressionConfig.model_validate({key: value}), key) == value
    else:
        with pytest.raises(ValidationError):
            ExpressionConfig.model_validate({key: value})
