"""Config: DECISIONS' keys, their validation, and the seeded defaults."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import ValidationError

from games.decoder import GAME, DecoderConfig
from games.decoder.defaults import PUZZLE_NAMES
from tests.games.decoder.decoder_support import HANDS, NAMES, TIMES


def test_defaults() -> None:
    config = DecoderConfig()
    assert (config.selection_seconds, config.turn_seconds, config.response_seconds) == (180, 90, 60)
    assert config.bank_seconds == 300
    assert config.word_list is None
    assert config.preset_hands is None
    assert set(DecoderConfig.model_fields) == {
        "tank_names",
        "times",
        "items",
        "first_seat",
        "word_list",
        "selection_seconds",
        "turn_seconds",
        "response_seconds",
        "bank_seconds",
        "preset_hands",
    }


def test_unknown_key_is_an_error() -> None:
    with pytest.raises(ValidationError, match="extra"):
        DecoderConfig.model_validate({"tank_name": NAMES})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"tank_names": NAMES[:6]}, "tank_names needs exactly 7 names; got 6"),
        ({"tank_names": [*NAMES[:6], "arithmetic  BOX"]}, "tank_names repeats arithmetic box"),
        ({"tank_names": [*NAMES[:6], "42"]}, "tank name '42' needs a letter in it"),
        ({"tank_names": [*NAMES[:6], "Surge"]}, "tank name 'Surge' is a command word"),
        ({"times": [TIMES[0]]}, "times needs two lists"),
        ({"times": [TIMES[0][:6], TIMES[1]]}, "times for seat 0 needs 7 puzzle times; got 6"),
        ({"times": [TIMES[0], [*TIMES[1][:6], 301]]}, "puzzle times run 0–300 s"),
        ({"items": [["power_surge", "Power Surge"], []]}, "lists an item twice"),
        ({"items": [["lucky charm"], []]}, "Input should be"),
        ({"first_seat": 2}, "Input should be 0 or 1"),
        ({"preset_hands": [HANDS[0], HANDS[0]]}, "the preset hands share G, H, I, K, L, M"),
        ({"preset_hands": [HANDS[0][:5], HANDS[1]]}, "preset hand 0 needs 6 different letters"),
        ({"preset_hands": [[*HANDS[0][:5], "1"], HANDS[1]]}, "which is no letter A–Z"),
        ({"turn_seconds": 5}, "greater than or equal to 10"),
        ({"bank_seconds": -5}, "greater than or equal to 0"),
    ],
)
def test_validation(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(message)):
        DecoderConfig.model_validate(changes)


def test_items_and_hands_are_tidied() -> None:
    config = DecoderConfig(
        items=[["Power Surge", "new-evidence"], ["UNEXPECTED SABOTAGE"]],
        preset_hands=[[" g", "h", "i", "k", "l", "m"], list("fedcba")],
    )
    assert config.items == [["power_surge", "new_evidence"], ["unexpected_sabotage"]]
    assert config.preset_hands == [HANDS[0], HANDS[1]]


def test_setup_fills_what_is_left_out_from_the_seed() -> None:
    state = GAME.setup({}, seed=8).state
    assert len(state.tank_names) == 7
    assert set(state.tank_names) <= set(PUZZLE_NAMES)
    assert all(8 <= tank.seconds <= 240 for row in state.tanks for tank in row)
    assert all(len(row) == 2 for row in state.items)
    assert state.first_seat in (0, 1)
    again = GAME.setup({}, seed=8).state
    assert again == state
    others = [GAME.setup({}, seed=seed).state for seed in range(1, 8)]
    assert len({tuple(s.tank_names) for s in others}) > 1
    assert len({s.first_seat for s in others}) == 2


def test_given_values_are_used_as_given() -> None:
    state = GAME.setup(
        {"tank_names": NAMES, "times": TIMES, "items": [[], ["power_surge"]], "first_seat": 1},
        seed=3,
    ).state
    assert state.tank_names == NAMES
    assert [[t.seconds for t in row] for row in state.tanks] == TIMES
    assert [[t.units for t in row] for row in state.tanks] == [
        [5, 6, 4, 10, 20, 30, 2],
        [14, 7, 9, 8, 3, 12, 15],
    ]
    assert state.items == [[], ["power_surge"]]
    assert state.first_seat == 1
    assert [bank.left_ms for bank in state.banks] == [300_000, 300_000]


def test_a_whole_demo_match_can_start_from_an_empty_config() -> None:
    from games import HOST

    state = GAME.setup({}, seed=4).state
    state = GAME.apply(state, HOST, GAME.parse(state, HOST, "start selection"), 0).state
    state = GAME.expire(state, "selection", 180_000).state
    assert state.phase == "play"
    assert all(len(hand) == 6 for hand in state.hands)


def test_a_tank_name_too_long_for_a_button_is_refused() -> None:
    """Names appear in Discord buttons (80 characters at most, with words around them)."""
    names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "G" * 41]
    with pytest.raises(ValidationError, match="longer than 40 characters"):
        DecoderConfig(tank_names=names)
    DecoderConfig(tank_names=[*names[:6], "G" * 40])
