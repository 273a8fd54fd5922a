"""Config: defaults, the fixed cell order and its validation, and the seeded phase draws."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from games.core import rng
from games.goofspiel import GAME, GoofspielConfig
from tests.games.goofspiel.goofspiel_support import ROW_MAJOR, auction, fresh, pass_phase, play


def phase_draws(seed: int, bids: tuple[int, int] = (0, 0)) -> list[list[str]]:
    """Every phase's A–F cells of a game played with the same bids throughout."""
    step = GAME.setup({}, seed=seed)
    state = step.state
    cells = [step.notices[0].data["cells"]]
    while state.outcome is None:
        card0 = bids[0] if bids[0] in state.hands[0] else 0
        card1 = bids[1] if bids[1] in state.hands[1] else 0
        step = auction(state, card0, card1)
        state = step.state
        cells += [n.data["cells"] for n in step.notices if n.kind == "phase_started"]
    return cells


def test_defaults() -> None:
    config = GoofspielConfig()
    assert config.cell_order is None
    assert config.move_seconds == 90


def test_unknown_key_is_an_error() -> None:
    with pytest.raises(ValidationError, match="extra"):
        GoofspielConfig.model_validate({"cell_ordr": ROW_MAJOR})


def test_move_seconds_at_least_10() -> None:
    assert GoofspielConfig(move_seconds=10).move_seconds == 10
    with pytest.raises(ValidationError, match="greater than or equal to 10"):
        GoofspielConfig(move_seconds=9)


def test_cell_order_fixes_each_phase() -> None:
    order = list(reversed(ROW_MAJOR))
    step = GAME.setup({"cell_order": order}, seed=3)
    assert step.notices[0].data == {"phase": 1, "cells": order[:6]}
    state = pass_phase(step.state)
    assert state.phase == 2
    assert state.phase_cells == order[6:12]


def test_cell_order_names_are_tidied() -> None:
    order = [name.upper() + " " for name in ROW_MAJOR]
    assert GoofspielConfig(cell_order=order).cell_order == ROW_MAJOR


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (ROW_MAJOR[:35], "must list all 36 cells; got 35, missing r6c6"),
        ([*ROW_MAJOR, "r1c1"], "lists r1c1 more than once"),
        ([*ROW_MAJOR[:35], "r1c1"], "lists r1c1 more than once"),
        ([*ROW_MAJOR[:35], "r7c1"], "not cells: 'r7c1'"),
        ([*ROW_MAJOR[:35], "A"], "not cells: 'a'"),
        ([], "must list all 36 cells; got 0"),
    ],
)
def test_cell_order_validation(order: list[str], message: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(message)):
        GoofspielConfig(cell_order=order)


def test_setup_refuses_a_bad_config() -> None:
    with pytest.raises(ValidationError, match="more than once"):
        GAME.setup({"cell_order": [*ROW_MAJOR[:35], "r1c1"]}, seed=1)


def test_random_phases_are_distinct_disjoint_and_cover_the_board() -> None:
    draws = phase_draws(seed=11)
    assert len(draws) == 6
    assert all(len(cells) == len(set(cells)) == 6 for cells in draws)
    everything = [cell for cells in draws for cell in cells]
    assert sorted(everything) == sorted(ROW_MAJOR)


def test_random_phases_are_reproducible_by_seed_whatever_is_bid() -> None:
    assert phase_draws(seed=5) == phase_draws(seed=5, bids=(1, 2))


def test_different_seeds_draw_differently() -> None:
    assert len({str(phase_draws(seed)) for seed in range(4)}) > 1


def test_first_phase_draw_comes_from_the_labelled_generator() -> None:
    expected = rng(42, "phase", 1).sample(sorted(ROW_MAJOR), 6)
    assert GAME.setup({}, seed=42).state.phase_cells == expected


def test_state_holds_no_future_cells() -> None:
    state = GAME.setup({}, seed=9).state
    named = set(re.findall(r"r[1-6]c[1-6]", state.model_dump_json()))
    assert named == set(state.phase_cells)


def test_fixed_order_shows_the_sixth_phase_in_order() -> None:
    order = ROW_MAJOR[6:] + ROW_MAJOR[:6]
    state = fresh(order)
    for _ in range(5):
        state = pass_phase(state)
    assert state.phase == 6
    assert state.phase_cells == ROW_MAJOR[:6]
    assert play(state, [(0, 0)] * 6).state.outcome is not None
