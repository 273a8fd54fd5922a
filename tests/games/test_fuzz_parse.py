"""Hostile text into every game's parse, in every phase, for every seat and the host.

Only a valid action or ``Rejected`` may come out, and a refusal must be fit to
show (tests/games/fuzz_support.py). This is the short run; ``python -m
bench.fuzz`` feeds at least 10,000 inputs per game.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import HOST, Rejected
from games.core import Actor
from games.expression import grammar as expression_grammar
from tests.facts import fact
from tests.games.fuzz_support import ACTORS, Table, feed, hostile_text, moves, named_phase, tables

FUZZ = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _named_phases(table: Table) -> set[str]:
    """The phase the game names, and "over" once the match is."""
    over = {"over"} if table.state.outcome is not None else set()
    return {named_phase(table.key, table.state)} | over


@pytest.mark.parametrize("key", games.keys())
def test_the_tables_cover_every_phase(key: str) -> None:
    """The states fuzzed below include every phase the game has (its facts'
    ``PHASES``), the end included."""
    found = set().union(*(_named_phases(table) for table in tables(key, matches=1)))
    every: frozenset[str] = fact(key, "PHASES")
    missed = (every | {"over"}) - found
    assert not missed, f"{key}: no state fuzzed is in phase {sorted(missed)}"
    unknown = found - every - {"over"}
    assert not unknown, f"{key}: phase() gave {sorted(unknown)}, not in its facts' PHASES"


@pytest.mark.parametrize("key", games.keys())
def test_hostile_text_gets_an_action_or_a_refusal(key: str) -> None:
    game = games.get(key)

    @FUZZ
    @given(
        table=st.sampled_from(tables(key, matches=1)),
        actor=st.sampled_from(ACTORS),
        text=hostile_text(key),
    )
    def fuzz(table: Table, actor: Actor, text: str) -> None:
        feed(game, table, actor, text)

    fuzz()


@pytest.mark.parametrize("key", games.keys())
def test_every_phase_and_actor_takes_the_games_own_moves_without_crashing(key: str) -> None:
    """Each move word of the grammar, in every collected state, for both seats and
    the host: the near misses above mutate these, so they must parse cleanly."""
    game = games.get(key)
    taken = 0
    for table in tables(key, matches=1):
        for actor in ACTORS:
            for text in moves(key):
                taken += feed(game, table, actor, text) is not None
    assert taken > 0  # the seeds are real moves: some phase takes some of them


# -- length caps: read before anything else ----------------------------------------------


class Untouchable(str):
    """A text whose length may be read and nothing else: any method, index,
    iteration or formatting fails the test. Refusing it proves the parser looked
    at the length alone (no lower-casing, splitting or regular expression)."""

    def __getattribute__(self, name: str) -> Any:
        raise AssertionError(f"the parser read .{name} of an over-long text")

    def __getitem__(self, key: Any) -> str:
        raise AssertionError("the parser indexed an over-long text")

    def __iter__(self) -> Any:
        raise AssertionError("the parser iterated an over-long text")

    def __format__(self, spec: str) -> str:
        raise AssertionError("the parser formatted an over-long text")

    def __str__(self) -> str:
        raise AssertionError("the parser copied an over-long text")


@pytest.mark.parametrize("key", games.keys())
@pytest.mark.parametrize("extra", [1, 100_000])
def test_an_over_long_move_is_refused_having_read_only_its_length(key: str, extra: int) -> None:
    game = games.get(key)
    table = next(t for t in tables(key, matches=1) if t.state.outcome is None)
    for actor in ACTORS:
        text = Untouchable("9" * (game.max_move_chars + extra))
        with pytest.raises(Rejected) as refused:
            game.parse(table.state, actor, text)
        limit = f"{game.max_move_chars:,} characters"
        assert refused.value.message == (
            f"That is too long to be a move: {game.title} moves are at most {limit}, "
            f"and this has {game.max_move_chars + extra:,}."
        )


@pytest.mark.parametrize("key", games.keys())
def test_a_move_at_the_cap_is_read_as_a_move(key: str) -> None:
    """At the cap exactly, the grammar reads the text (and says what is wrong with it)."""
    game = games.get(key)
    table = next(t for t in tables(key, matches=1) if t.state.outcome is None)
    with pytest.raises(Rejected) as refused:
        game.parse(table.state, 0, "?" * game.max_move_chars)
    assert "too long" not in refused.value.message


@pytest.mark.parametrize("key", games.keys())
def test_the_cap_is_above_the_longest_legal_move(key: str) -> None:
    """The forms hold 1,000 characters; moves typed in full stay well under the cap,
    and the grammar reads them (whatever it then says about this state)."""
    game = games.get(key)
    table = next(t for t in tables(key, matches=1) if t.state.outcome is None)
    longest: list[str] = fact(key, "LONGEST_MOVES")
    for move in longest:
        assert len(move) < game.max_move_chars
        try:
            game.parse(table.state, 0, move)
        except Rejected as refused:
            assert "too long" not in refused.message  # noqa: PT017


# -- Expression's Final Guess: the quadratic split, fixed at its cause ---------------------


def test_a_round_number_can_start_only_where_its_digits_start() -> None:
    """Splitting a Final Guess tried a round number from every digit of a run, each
    attempt reading to the run's end (quadratic). Now only the run's first digit
    can begin one: every attempt from inside a run fails at its first step."""
    marker = expression_grammar._FINAL_MARKER
    text = "1: 5 7 + r12 : 3 3 x round 2: 1 1 - " + "9" * 500 + ": 1 1 +"
    starts = [at for at in range(len(text)) if marker.match(text, at)]
    found = [marker.match(text, at).group(1) for at in starts]  # type: ignore[union-attr]
    assert found == ["1", "12", "12", "2", "2", "9" * 500]  # "r12", "12", "round 2", "2", ...
    assert all(not text[at - 1].isdigit() for at in starts if at > 0)
    digits = "7" * 1000
    assert [at for at in range(len(digits)) if marker.match(digits + ":", at)] == [0]


def test_a_long_final_guess_of_digits_is_refused_plainly() -> None:
    """What used to take 20 s ("final " + 50,000 digits) is the cap's refusal now,
    and under the cap the grammar names the problem."""
    state = next(t.state for t in tables("expression", matches=1) if t.state.outcome is None)
    game = games.get("expression")
    with pytest.raises(Rejected, match="at most 2,000 characters"):
        game.parse(state, 0, "final " + "1" * 50_000)
    with pytest.raises(Rejected, match="Start each round's guess"):
        expression_grammar.parse_final("1" * 1_990)


def test_the_host_is_refused_in_every_game_without_a_crash() -> None:
    for key in games.keys():
        game = games.get(key)
        for table in tables(key, matches=1):
            assert feed(game, table, HOST, "@everyone play 4") is None
