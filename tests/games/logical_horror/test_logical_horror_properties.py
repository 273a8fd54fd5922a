"""Property tests: random matches on generated puzzles, checked for what must
always hold."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import HOST, PUBLIC, Notice, Rejected
from games.logical_horror import GAME
from games.logical_horror.models import LogicalHorrorState
from games.logical_horror.rules import RULES
from tests.games.logical_horror.logical_horror_support import Table
from tests.games.replay import replay_log

MATCHES = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STEPS = 150


def _grid(board: list[bool], width: int) -> str:
    marks = "".join("#" if cell else "." for cell in board)
    return " ".join(marks[i : i + width] for i in range(0, len(marks), width))


def _board(rng: random.Random, state: LogicalHorrorState) -> list[bool]:
    """Near the solution or anywhere: the format decides whether it is refused."""
    puzzle = state.puzzle
    if rng.random() < 0.5:
        board = list(puzzle.solution)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(puzzle.cells)
            board[i] = not board[i]
        return board
    return [rng.random() < 0.25 for _ in range(puzzle.cells)]


def play(seed: int, options: dict[str, Any]) -> Table:
    rng = random.Random(seed)
    table = Table.start({"size": 8, **options}, seed=seed)
    for _ in range(STEPS):
        if GAME.outcome(table.state) is not None:
            break
        roll = rng.random()
        if roll < 0.35:
            table.fire(min(GAME.deadlines(table.state), key=lambda d: d.at_ms).key)
            continue
        seat = rng.randint(0, 1)
        if roll < 0.9:
            text = f"{rng.choice(['public', 'private'])} {_grid(_board(rng, table.state), 8)}"
        else:
            text = f"hint {rng.choice(table.state.puzzle.colours)}"
        with contextlib.suppress(Rejected):
            table.move(seat, text, at_ms=table.now + rng.randint(0, 20_000))
    return table


@MATCHES
@given(seed=st.integers(0, 10**6), colours=st.sampled_from([2, 3, 4]))
def test_replay_of_the_log_equals_the_stored_state(seed: int, colours: int) -> None:
    table = play(seed, {"colours": colours, "hint_seconds": 60})
    replayed = replay_log(
        GAME, {"size": 8, "colours": colours, "hint_seconds": 60}, seed, table.log
    )
    assert replayed.model_dump() == table.state.model_dump()
    for seat in (0, 1):
        resources = table.state.seats[seat]
        assert 0 <= resources.tokens <= len(table.state.puzzle.colours)


def _values(data: Any) -> Iterator[Any]:
    yield data
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _values(value)
    elif isinstance(data, list):
        for value in data:
            yield from _values(value)


def _secrets(state: LogicalHorrorState, except_colours: list[str] = ()) -> list[Any]:  # type: ignore[assignment]
    found: list[Any] = [list(state.puzzle.solution)]
    for colour, key in state.puzzle.rules.items():
        if colour not in except_colours:
            rule = RULES[key]
            found += [rule.name, rule.description]
    return found


@MATCHES
@given(seed=st.integers(0, 10**6))
def test_no_secret_reaches_the_room_or_a_seat(seed: int) -> None:
    """The rule mapping and the solution stay with the host; a hinted rule goes
    to its seat only; the match's end reveals everything."""
    table = play(seed, {"colours": 3, "hint_seconds": 30})
    state = table.state
    for notice in table.notices:
        if notice.kind == "match_over" or notice.audience == HOST:
            continue
        hinted = state.seats[notice.audience].hinted if isinstance(notice.audience, int) else []
        leaked = [v for v in _values(notice.data) if v in _secrets(state, hinted)]
        leaked = [v for v in leaked if not _own_winning_board(notice, v)]
        assert not leaked, notice.kind
    if GAME.outcome(state) is None:
        for audience in (PUBLIC, 0, 1):
            hinted = state.seats[audience].hinted if isinstance(audience, int) else []
            view = GAME.view(state, audience)
            assert not [v for v in _values(view) if v in _secrets(state, hinted)], audience


def _own_winning_board(notice: Notice, value: Any) -> bool:
    """A seat's own board echoed back, or the board that won, is no leak."""
    return notice.kind in ("query_result", "public_query", "win_claimed") and isinstance(
        value, list
    )


@MATCHES
@given(seed=st.integers(0, 10**6))
def test_a_private_query_tells_the_opponent_nothing_but_that_it_happened(seed: int) -> None:
    table = play(seed, {"colours": 2})
    shown_publicly = [q.board for q in table.state.queries if q.public]
    for notice in table.notices:
        if notice.kind == "private_query":
            assert notice.audience == PUBLIC
            assert set(notice.data) == {"seat"}
    for record in table.state.queries:
        # Random boards near the solution repeat: skip one the opponent also sent.
        theirs = [q.board for q in table.state.queries if q.seat != record.seat]
        if record.public or record.board in shown_publicly or record.board in theirs:
            continue
        for notice in table.notices:
            if notice.audience in (PUBLIC, 1 - record.seat) and notice.kind != "match_over":
                assert record.board not in list(_values(notice.data)), notice.kind
        for audience in (PUBLIC, 1 - record.seat):
            assert record.board not in list(_values(GAME.view(table.state, audience)))


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300), actor=st.sampled_from([0, 1, HOST]))
def test_random_text_into_parse_only_raises_rejected(text: str, actor: Any) -> None:
    state = Table.start().state
    with contextlib.suppress(Rejected):
        GAME.parse(state, actor, text)


@settings(max_examples=200, deadline=None)
@given(
    verb=st.sampled_from(["public", "private", "hint", "pause", "confirm"]),
    marks=st.text(alphabet="#.x/ \n`lh1-", max_size=80),
)
def test_move_shaped_text_only_raises_rejected(verb: str, marks: str) -> None:
    state = Table.start().state
    with contextlib.suppress(Rejected):
        GAME.parse(state, 0, f"{verb} {marks}")
