"""Deadlines: one 90 s window per auction, per seat still to bid; expiry is a pass."""

from __future__ import annotations

import pytest

from games import Deadline, Rejected
from games.goofspiel import GAME
from tests.games.goofspiel.goofspiel_support import auction, bid, fresh, kinds, only, play


def test_setup_arms_one_deadline_per_seat() -> None:
    state = fresh(now_ms=5_000)
    assert GAME.deadlines(state) == [
        Deadline(
            key="bid:1:A:0",
            at_ms=95_000,
            seat=0,
            reminders=(30, 15, 5),
            label="your bid on cell A (r1c1)",
        ),
        Deadline(
            key="bid:1:A:1",
            at_ms=95_000,
            seat=1,
            reminders=(30, 15, 5),
            label="your bid on cell A (r1c1)",
        ),
    ]


def test_deadline_goes_once_the_seat_has_bid() -> None:
    state = bid(fresh(), 1, 2, now_ms=10_000).state
    assert [d.key for d in GAME.deadlines(state)] == ["bid:1:A:0"]
    # Changing the bid does not bring it back.
    state = bid(state, 1, 3, now_ms=20_000).state
    assert [d.key for d in GAME.deadlines(state)] == ["bid:1:A:0"]


def test_next_window_opens_when_the_auction_resolves() -> None:
    state = auction(fresh(), 1, 2, now_ms=30_000).state
    deadlines = GAME.deadlines(state)
    assert [d.key for d in deadlines] == ["bid:1:B:0", "bid:1:B:1"]
    assert {d.at_ms for d in deadlines} == {120_000}
    assert {d.label for d in deadlines} == {"your bid on cell B (r1c2)"}


def test_keys_are_unique_over_the_match() -> None:
    state = fresh()
    keys: list[str] = []
    while state.outcome is None:
        keys += [d.key for d in GAME.deadlines(state)]
        state = auction(state, 0, 0).state
    assert len(keys) == len(set(keys)) == 72
    assert keys[-1] == "bid:6:F:1"


def test_move_seconds_sets_the_window_and_drops_reminders_that_do_not_fit() -> None:
    state = fresh(move_seconds=20)
    deadline = GAME.deadlines(state)[0]
    assert deadline.at_ms == 20_000
    assert deadline.reminders == (15, 5)
    opened = GAME.setup({"move_seconds": 20}, seed=1).notices[1]
    assert opened.data["seconds"] == 20


def test_expiry_with_the_other_bid_in_resolves_as_a_pass() -> None:
    state = bid(fresh(), 0, 1, now_ms=40_000).state
    step = GAME.expire(state, "bid:1:A:1", 90_000)
    resolved = only(step, "auction_resolved").data
    assert resolved["bids"] == [1, 0]
    assert resolved["winner"] == 0
    assert resolved["timed_out"] == [False, True]
    assert step.state.history[-1].timed_out == (False, True)
    # The next auction's window opens at the moment of the expiry.
    assert {d.at_ms for d in GAME.deadlines(step.state)} == {180_000}


def test_both_expiring_resolves_on_the_second() -> None:
    state = fresh()
    first = GAME.expire(state, "bid:1:A:0", 90_000)
    assert first.notices == []
    assert GAME.to_act(first.state) == frozenset({1})
    assert [d.key for d in GAME.deadlines(first.state)] == ["bid:1:A:1"]
    second = GAME.expire(first.state, "bid:1:A:1", 90_000)
    resolved = only(second, "auction_resolved").data
    assert resolved["bids"] == [0, 0]
    assert resolved["winner"] is None
    assert resolved["timed_out"] == [True, True]
    assert kinds(second)[1] == "auction_opened"


def test_a_timed_out_seat_cannot_bid_after_all() -> None:
    state = GAME.expire(fresh(), "bid:1:A:0", 90_000).state
    with pytest.raises(Rejected, match="ran out"):
        bid(state, 0, 3, now_ms=10_000)


def test_a_bid_at_or_after_the_window_end_is_late() -> None:
    state = fresh(now_ms=1_000)
    with pytest.raises(Rejected, match="Time is up on cell A"):
        bid(state, 0, 3, now_ms=91_000)
    assert bid(state, 0, 3, now_ms=90_999).state.bids == [3, None]


@pytest.mark.parametrize("key", ["bid:1:A:1", "bid:1:B:0", "bid:9:A:0", "nonsense", ""])
def test_stale_or_unknown_keys_are_no_ops(key: str) -> None:
    # Seat 1 has bid, so its key is no longer live; the others never were.
    state = bid(fresh(), 1, 4).state
    step = GAME.expire(state, key, 90_000)
    assert step.notices == []
    assert step.state == state


def test_expiry_from_a_resolved_auction_is_a_no_op() -> None:
    state = auction(fresh(), 1, 1).state
    step = GAME.expire(state, "bid:1:A:0", 90_000)
    assert step.notices == []
    assert step.state == state


def test_expiry_after_the_end_is_a_no_op() -> None:
    state = play(fresh(), [(0, 0)] * 36).state
    assert state.outcome is not None
    assert GAME.expire(state, "bid:6:F:0", 10**9).state == state


def test_expire_never_mutates_its_input() -> None:
    state = bid(fresh(), 0, 2).state
    before = state.model_dump()
    GAME.expire(state, "bid:1:A:1", 90_000)
    assert state.model_dump() == before
