"""The notices and views the renderer is written against: kinds, keys, audiences."""

from __future__ import annotations

import json

from games import HOST, PUBLIC
from games.goofspiel import GAME
from tests.games.goofspiel.goofspiel_support import (
    ROW_MAJOR,
    auction,
    bid,
    fresh,
    kinds,
    only,
    play,
)

STARTING = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6]


def test_setup_notices() -> None:
    step = GAME.setup({"cell_order": ROW_MAJOR}, seed=1)
    assert [(n.audience, n.kind) for n in step.notices] == [
        (PUBLIC, "phase_started"),
        (PUBLIC, "auction_opened"),
        (0, "bid_requested"),
        (1, "bid_requested"),
    ]
    assert step.notices[0].data == {"phase": 1, "cells": ROW_MAJOR[:6]}
    assert step.notices[1].data == {
        "phase": 1,
        "letter": "A",
        "cell": "r1c1",
        "number": 1,
        "seconds": 90,
    }
    assert step.notices[3].data == {
        "phase": 1,
        "letter": "A",
        "cell": "r1c1",
        "hand": STARTING,
        "window": "bid:1:A:1",
        "seconds": 90,
    }


def test_first_bid_notices() -> None:
    step = bid(fresh(), 1, 3)
    assert [(n.audience, n.kind) for n in step.notices] == [(1, "bid_received"), (PUBLIC, "bid_in")]
    assert step.notices[0].data == {"letter": "A", "cell": "r1c1", "card": 3, "changed": False}
    assert step.notices[1].data == {"seat": 1, "letter": "A"}


def test_a_changed_bid_is_told_only_to_its_owner() -> None:
    step = bid(bid(fresh(), 0, 3).state, 0, 0)
    assert [(n.audience, n.kind) for n in step.notices] == [(0, "bid_received")]
    assert step.notices[0].data["changed"] is True


def test_resolution_notices() -> None:
    state = play(fresh(), [(2, 1)]).state
    step = auction(state, 0, 5)
    resolved = only(step, "auction_resolved")
    assert resolved.audience == PUBLIC
    assert resolved.data == {
        "number": 2,
        "phase": 1,
        "letter": "B",
        "cell": "r1c2",
        "bids": [0, 5],
        "winner": 1,
        "timed_out": [False, False],
        "hands": step.state.hands,
        "board": {"r1c1": 0, "r1c2": 1},
        "phase_cells": ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6"],
        "auctioned": ["r1c1", "r1c2"],
    }
    assert kinds(step)[-3:] == ["auction_opened", "bid_requested", "bid_requested"]


def test_phase_change_notices_come_in_order() -> None:
    step = play(fresh(), [(0, 0)] * 6)
    tail = kinds(step)[-6:]
    assert tail == [
        "auction_resolved",
        "phase_ended",
        "phase_started",
        "auction_opened",
        "bid_requested",
        "bid_requested",
    ]
    assert only(step, "phase_ended").data == {
        "phase": 1,
        "claimed": [0, 0],
        "new_cards": [None, None],
        "hands": [STARTING, STARTING],
    }


def test_match_over_notice() -> None:
    step = play(fresh(), [(0, 1)] + [(0, 0)] * 35)
    assert kinds(step)[-3:] == ["auction_resolved", "phase_ended", "match_over"]
    over = only(step, "match_over").data
    assert set(over) == {"lines", "points", "remaining", "winner", "reason", "board"}
    assert over["points"] == [0, 12]
    assert over["remaining"] == [56, 56]  # seat 1 played a 1 and got a 1 back
    assert over["winner"] == 1
    assert over["reason"] == "seat 1 won 12 to 0 in line worth"
    assert over["lines"][0] == {"line": "row 1", "worth": 6, "totals": [0, 1], "winner": 1}
    assert over["lines"][6] == {"line": "column 1", "worth": 6, "totals": [0, 1], "winner": 1}
    assert over["lines"][11] == {"line": "column 6", "worth": 1, "totals": [0, 0], "winner": None}


def test_every_notice_is_json_able() -> None:
    step = GAME.setup({}, seed=2)
    notices = list(step.notices)
    while step.state.outcome is None:
        hands = step.state.hands
        # Lowest cards for seat 0, highest for seat 1, so both win and lose cells.
        step = auction(step.state, hands[0][0] if hands[0] else 0, hands[1][-1] if hands[1] else 0)
        notices += step.notices
    assert {"phase_ended", "match_over"} <= {notice.kind for notice in notices}
    for notice in notices:
        assert json.loads(json.dumps(notice.data)) == notice.data


def test_public_view() -> None:
    state = bid(play(fresh(), [(1, 2)]).state, 0, 4).state
    shown = GAME.view(state, PUBLIC)
    assert shown["phase"] == 1
    assert (shown["number"], shown["letter"], shown["cell"]) == (2, "B", "r1c2")
    assert shown["phase_cells"][1] == {"letter": "B", "cell": "r1c2"}
    assert shown["board"] == {"r1c1": 1}
    assert shown["hands"] == state.hands
    assert shown["bids_in"] == [True, False]
    assert shown["history"] == [
        {
            "number": 1,
            "phase": 1,
            "letter": "A",
            "cell": "r1c1",
            "bids": [1, 2],
            "winner": 1,
            "timed_out": [False, False],
        }
    ]
    assert shown["points"] == [0, 12]
    assert shown["lines"][0]["totals"] == [0, 1]
    assert shown["remaining"] == [55, 54]
    assert shown["deadline_ms"] == 90_000
    assert shown["outcome"] is None
    assert "my_bid" not in shown
    assert "bids" not in shown
    assert json.loads(json.dumps(shown)) == shown


def test_seat_and_host_views() -> None:
    state = bid(fresh(), 0, 4).state
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    host = GAME.view(state, HOST)
    assert mine["my_bid"] == 4
    assert mine["seat"] == 0
    assert theirs["my_bid"] is None
    assert theirs["seat"] == 1
    assert host["bids"] == [4, None]
    assert "bids" not in mine
    assert "bids" not in theirs


def test_view_after_the_end() -> None:
    state = play(fresh(), [(0, 0)] * 36).state
    shown = GAME.view(state, PUBLIC)
    assert shown["outcome"]["winner"] is None
    assert shown["outcome"]["reason"].startswith("a draw")
    assert (shown["number"], shown["letter"], shown["cell"], shown["deadline_ms"]) == (None,) * 4
    assert shown["bids_in"] == [False, False]
    assert len(shown["history"]) == 36
