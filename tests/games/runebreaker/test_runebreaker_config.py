"""Config: the variants' defaults, fixed rounds that fit, and the registry."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

import games
from games import PUBLIC
from games.runebreaker import GAME
from games.runebreaker.models import RuneBreakerConfig
from tests.games.runebreaker.runebreaker_support import CLASSIC_ROUND, FINALS_ROUND, Table


def test_the_registry_has_rune_breaker() -> None:
    assert games.get("runebreaker") is GAME
    assert GAME.title == "Rune Breaker"


@pytest.mark.parametrize(
    ("variant", "size", "turns", "periods", "answer_ms"),
    [("classic", 10, 9, 8, 120_000), ("finals", 8, 5, 12, 60_000)],
)
def test_each_variant_has_the_rules_figures(
    variant: str, size: int, turns: int, periods: int, answer_ms: int
) -> None:
    config = RuneBreakerConfig(variant=variant)  # type: ignore[arg-type]
    assert (config.size, config.turns, config.starting_periods, config.answer_ms) == (
        size,
        turns,
        periods,
        answer_ms,
    )
    state = GAME.setup({"variant": variant, "first_seat": 0}, seed=1).state
    assert GAME.view(state, PUBLIC)["reserves"] == [periods, periods]
    assert GAME.view(state, PUBLIC)["round"]["size"] == size


def test_fixed_rounds_must_fit_the_variant() -> None:
    with pytest.raises(ValidationError, match="finals variant plays 8×8"):
        RuneBreakerConfig(variant="finals", rounds=[CLASSIC_ROUND])
    with pytest.raises(ValidationError, match="5 rounds"):
        RuneBreakerConfig(variant="finals", rounds=[FINALS_ROUND] * 6)
    with pytest.raises(ValidationError):
        RuneBreakerConfig(variant="classic", colours=7)
    with pytest.raises(ValidationError):
        RuneBreakerConfig(variant="classic", probe_seconds=3)


def test_rounds_past_the_fixed_ones_are_generated_from_the_seed() -> None:
    config = {"variant": "classic", "first_seat": 0, "look_seconds": 0}
    config["rounds"] = [CLASSIC_ROUND.model_dump(mode="json")]
    secret = " ".join(c or ".." for c in CLASSIC_ROUND.reagent_board().cells)
    second = []
    for seed in (4, 4, 5):
        table = Table.start(config, seed=seed)
        assert table.state.current.spec == CLASSIC_ROUND
        table.move(1, "buzz")
        table.move(1, "answer " + secret)
        table.move(0, "pass")
        assert table.state.current.number == 2
        second.append(table.state.current.spec)
    assert second[0] == second[1]  # the same seed: the same round
    assert second[0] != second[2]
    assert second[0] != CLASSIC_ROUND
    assert second[0].size == 10


def test_a_state_round_trips_through_json() -> None:
    table = Table.start({"variant": "finals"}, seed=9)
    table.move(
        0,
        "probe Rc .. .. .. / .. .. .. .. / .. .. .. .. / .. .. .. .. : "
        + table.state.current.spec.runes[0].symbol,
    )
    loaded = GAME.load_state(table.state.model_dump_json())
    assert loaded == table.state
