"""The random legal players (each demo module's ``RANDOM``, the baseline
bench/players.py weighs the levels against) and the benchmark's own counting.

Every game's random player plays a match against the game's weakest level from
each seat: every move it sends is legal, the match ends with a result, and the
same seed plays the same match. The benchmark's scoring counts a draw as half
a win, and flags a level that does not beat the level below it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bench.players import HARD, Played, Task, chosen, report
from bench.players import play as play_task
from bot.demo.duel import play_duel
from bot.kits import demo_games, demo_levels, demo_matches, random_player

WITH_RANDOM = [key for key in demo_games() if random_player(key) is not None]


def test_every_game_with_built_in_players_has_a_random_one() -> None:
    lacking = [key for key in games.keys() if demo_levels(key) and random_player(key) is None]
    assert not lacking, f"add RANDOM (a random legal player) to bot/demo/<key>.py for {lacking}"


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("key", WITH_RANDOM)
def test_random_player_moves_legally_to_a_result(key: str, seat: int) -> None:
    weakest = next(iter(demo_levels(key).values()))
    chance = random_player(key)
    assert chance is not None
    players = (chance, weakest) if seat == 0 else (weakest, chance)
    options: dict[str, Any] = demo_matches(key)[0]
    duel = play_duel(key, players, seed=seat + 11, options=options)
    assert duel.outcome is not None, f"{key}: the match against the random player never ended"
    theirs = [r for r in duel.refused if r.seat == seat]
    assert not theirs, f"{key}: the random player sent illegal moves: {theirs[:3]}"
    again = play_duel(key, players, seed=seat + 11, options=options)
    assert (again.moves, again.outcome) == (duel.moves, duel.outcome)


def test_random_player_chooses_among_the_moves_at_random() -> None:
    """Over many seeds the random Goofspiel bidder spreads its bids over its hand
    and the pass, rather than always sending one."""
    chance = random_player("goofspiel")
    assert chance is not None
    view = {"hands": [[1, 2, 3, 4], [1, 2]], "cell": "r1c1"}
    sent = {chance(view, 0, random.Random(seed)) for seed in range(200)}
    assert sent == {"play 1", "play 2", "play 3", "play 4", "pass"}


def _played(sides: tuple[str, str], winner: str | None, seed: int = 0) -> Played:
    times = {side: [0.01] for side in sides}
    return Played(Task("goofspiel", (), sides, seed), winner, times, refused=0)


def test_the_benchmark_flags_a_level_that_does_not_beat_the_one_below(
    capsys: pytest.CaptureFixture[str],
) -> None:
    names = ["random", "easy", HARD]
    results = [
        *(_played(("random", level), level) for level in ("easy", HARD)),
        _played(("easy", HARD), "easy"),
        _played(("easy", HARD), None),  # a draw: half a point each
    ]
    missed = report("goofspiel", {}, names, results)
    assert missed == ["goofspiel (defaults): hard scored 25% against easy"]
    table = capsys.readouterr().out
    assert "| easy | 100% (1) | — | 75% (2) |" in table


def test_a_bench_match_is_scored_for_its_contenders_whichever_seat_they_took() -> None:
    for seed in (0, 1):
        played = play_task(Task("goofspiel", (), ("random", "normal"), seed))
        assert played.winner in ("random", "normal", None)
        assert played.refused == 0
        assert played.decisions["random"]
        assert played.decisions["normal"]


def test_a_logical_horror_bench_match_counts_the_winners_queries() -> None:
    """The figures come from the finished match (its winning query included), not
    from the last state a player was asked about."""
    options = (("colours", 2), ("size", 8))
    played = play_task(Task("logical_horror", options, ("random", "normal"), 0))
    assert played.winner == "normal"
    queries = played.extras["normal"]["queries"]
    assert queries
    assert queries[0] >= 1
    assert played.extras["random"] == {}


def test_the_benchmark_plays_only_the_setups_asked_for() -> None:
    finals, classic = {"variant": "finals"}, {"variant": "classic"}
    assert chosen(finals, ["variant=finals"])
    assert not chosen(classic, ["variant=finals"])
    assert chosen(classic, [])
    assert not chosen({}, ["variant=finals"])
    assert chosen({"variant": "finals", "colours": 3}, ["variant=finals", "colours=3"])
