"""Table tests of the auction rules: bids, ties, discards, new cards, the end."""

from __future__ import annotations

import pytest

from games import HOST, Rejected
from games.goofspiel import GAME, Bid
from tests.games.goofspiel.goofspiel_support import (
    ROW_MAJOR,
    START_SUM,
    auction,
    bid,
    fresh,
    kinds,
    only,
    pass_phase,
    play,
)

STARTING = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6]


def test_starting_hands() -> None:
    state = fresh()
    assert state.hands == [STARTING, STARTING]
    assert sum(STARTING) == START_SUM


def test_higher_card_claims_the_cell_and_both_cards_are_discarded() -> None:
    step = auction(fresh(), 3, 5)
    state = step.state
    assert state.board == {"r1c1": 1}
    assert state.hands[0].count(3) == 3
    assert state.hands[1].count(5) == 1
    assert len(state.hands[0]) == len(state.hands[1]) == 20
    assert only(step, "auction_resolved").data["winner"] == 1


def test_tie_leaves_the_cell_unclaimed_and_still_discards() -> None:
    state = auction(fresh(), 4, 4).state
    assert state.board == {}
    assert state.hands[0].count(4) == state.hands[1].count(4) == 2


def test_pass_is_zero_and_discards_nothing() -> None:
    state = auction(fresh(), 0, 1).state
    assert state.board == {"r1c1": 1}
    assert state.hands[0] == STARTING
    state = auction(state, 1, 0).state
    assert state.board == {"r1c1": 1, "r1c2": 0}
    state = auction(state, 0, 0).state
    assert "r1c3" not in state.board
    assert len(state.history) == 3


def test_bid_for_a_card_not_held_is_rejected_with_the_hand() -> None:
    state = fresh()
    state = play(state, [(6, 0)]).state  # seat 0 plays its only 6
    with pytest.raises(Rejected) as caught:
        bid(state, 0, 6)
    hand = " ".join(map(str, state.hands[0]))
    assert caught.value.message == f"You don't hold a 6 — your hand is {hand}."


def test_last_copy_of_a_card_cannot_be_bid_twice() -> None:
    state = play(fresh(), [(5, 0), (5, 0)]).state
    assert 5 not in state.hands[0]
    with pytest.raises(Rejected, match="don't hold a 5"):
        bid(state, 0, 5)
    with pytest.raises(Rejected, match="don't hold a 5"):
        GAME.parse(state, 0, "5")


def test_a_bid_can_change_until_both_are_in() -> None:
    state = fresh()
    first = bid(state, 0, 2)
    assert only(first, "bid_received").data["changed"] is False
    second = bid(first.state, 0, 6)
    assert only(second, "bid_received").data == {
        "letter": "A",
        "cell": "r1c1",
        "card": 6,
        "changed": True,
    }
    resolved = bid(second.state, 1, 5)
    assert only(resolved, "auction_resolved").data["bids"] == [6, 5]
    assert resolved.state.board == {"r1c1": 0}
    assert 2 in resolved.state.hands[0]
    assert resolved.state.hands[0].count(2) == 5


def test_changing_to_a_pass_is_allowed() -> None:
    state = bid(bid(fresh(), 1, 3).state, 1, 0).state
    resolved = bid(state, 0, 0).state
    assert resolved.history[-1].bids == (0, 0)
    assert resolved.hands[1] == STARTING


def test_second_bid_resolves_at_once_without_bid_received() -> None:
    first = bid(fresh(), 1, 2)
    assert kinds(first) == ["bid_received", "bid_in"]
    second = bid(first.state, 0, 1)
    assert kinds(second)[0] == "auction_resolved"
    assert "bid_received" not in kinds(second)
    assert "bid_in" not in kinds(second)


def test_host_has_no_moves() -> None:
    state = fresh()
    with pytest.raises(Rejected, match="host"):
        GAME.apply(state, HOST, Bid(card=1), 0)
    with pytest.raises(Rejected, match="host"):
        GAME.parse(state, HOST, "1")


def test_new_card_is_the_number_of_cells_claimed_in_the_phase() -> None:
    # Seat 0 claims A, B, C; seat 1 claims D; E ties; F both pass.
    step = play(fresh(), [(1, 0), (1, 0), (1, 0), (0, 1), (2, 2), (0, 0)])
    ended = only(step, "phase_ended").data
    assert ended["claimed"] == [3, 1]
    assert ended["new_cards"] == [3, 1]
    hands = step.state.hands
    # Seat 0 played 1 1 1 2 and got a 3; seat 1 played 1 2 and got a 1.
    assert hands[0].count(1) == 3
    assert hands[0].count(2) == 4
    assert hands[0].count(3) == 5
    assert hands[1].count(1) == 6
    assert hands[1].count(2) == 4
    assert hands == [sorted(hand) for hand in hands]
    assert step.state.phases[0].new_cards == (3, 1)
    assert step.state.claims == [0, 0]


def test_no_card_for_no_claims() -> None:
    step = play(fresh(), [(1, 0)] * 6)
    assert only(step, "phase_ended").data["new_cards"] == [6, None]
    assert step.state.hands[1] == STARTING
    assert step.state.hands[0] == sorted([*STARTING[6:], 6])


def test_the_sixth_phase_also_gives_a_new_card() -> None:
    state = fresh()
    for _ in range(5):
        state = pass_phase(state)
    step = play(state, [(1, 0), (0, 0), (0, 0), (0, 0), (0, 1), (0, 1)])
    ended = only(step, "phase_ended").data
    assert ended["phase"] == 6
    assert ended["new_cards"] == [1, 2]
    # The tie-break counts the sixth phase's card: 56 − 1 + 1 and 56 − 1 − 1 + 2.
    assert only(step, "match_over").data["remaining"] == [START_SUM, START_SUM]


def test_rules_worked_example() -> None:
    """Phase 2: Ruby (seat 0) has claimed 1 cell, Turquoise (seat 1) 2, one unclaimed.
    E: Ruby 2, Turquoise 4 -> Turquoise. F: both pass -> nobody. Ruby gets a 1,
    Turquoise a 3, and phase 3 opens on its cell A."""
    state = pass_phase(fresh())
    state = play(state, [(1, 0), (0, 1), (0, 1), (3, 3)]).state
    assert (state.phase, state.letter, state.claims) == (2, "E", [1, 2])
    e_step = auction(state, 2, 4)
    e = only(e_step, "auction_resolved").data
    assert (e["letter"], e["cell"], e["bids"], e["winner"]) == ("E", "r2c5", [2, 4], 1)
    f_step = GAME.apply(e_step.state, 0, GAME.parse(e_step.state, 0, "no submission"), 0)
    f_step = GAME.apply(f_step.state, 1, GAME.parse(f_step.state, 1, "pass"), 0)
    f = only(f_step, "auction_resolved").data
    assert (f["letter"], f["cell"], f["bids"], f["winner"]) == ("F", "r2c6", [0, 0], None)
    ended = only(f_step, "phase_ended").data
    assert ended == {
        "phase": 2,
        "claimed": [1, 3],
        "new_cards": [1, 3],
        "hands": f_step.state.hands,
    }
    assert only(f_step, "phase_started").data == {"phase": 3, "cells": ROW_MAJOR[12:18]}
    opened = only(f_step, "auction_opened").data
    assert (opened["phase"], opened["letter"], opened["cell"], opened["number"]) == (
        3,
        "A",
        "r3c1",
        13,
    )
    board = f_step.state.board
    assert board == {"r2c1": 0, "r2c2": 1, "r2c3": 1, "r2c5": 1}


def test_match_ends_after_36_auctions() -> None:
    state = fresh()
    for phase in range(1, 7):
        assert state.outcome is None
        assert state.phase == phase
        state = pass_phase(state)
    assert len(state.history) == 36
    assert [record.number for record in state.history] == list(range(1, 37))
    assert state.outcome is not None


def test_all_passes_is_a_draw() -> None:
    state = fresh()
    for _ in range(6):
        state = pass_phase(state)
    assert state.outcome is not None
    assert state.outcome.winner is None
    assert state.outcome.scores == (0, 0)
    assert state.outcome.reason == (
        f"a draw: line worth tied 0–0 and card strength left tied {START_SUM}–{START_SUM}"
    )


def test_tied_lines_go_to_the_card_strength_tie_break() -> None:
    # Seat 0 takes r1c2 with a 1, seat 1 takes r2c1 with a 2: a mirror image, so
    # row 1 (6) + column 2 (5) = 11 each. Both get a 1 for their one claim.
    order = ["r1c2", "r2c1"] + [cell for cell in ROW_MAJOR if cell not in ("r1c2", "r2c1")]
    state = play(fresh(order), [(1, 0), (0, 2), (0, 0), (0, 0), (0, 0), (0, 0)]).state
    for _ in range(5):
        state = pass_phase(state)
    assert state.outcome is not None
    assert state.outcome.scores == (11, 11)
    assert state.outcome.winner == 0
    assert state.outcome.reason == (
        f"line worth tied 11–11; seat 0 won the tie-break with {START_SUM} card strength left "
        f"to {START_SUM - 1}"
    )


def test_more_line_worth_wins() -> None:
    # Seat 1 takes r1c1: row 1 (6) and column 1 (6).
    state = play(fresh(), [(0, 1)] + [(0, 0)] * 5).state
    for _ in range(5):
        state = pass_phase(state)
    assert state.outcome is not None
    assert state.outcome.winner == 1
    assert state.outcome.scores == (0, 12)
    assert state.outcome.reason == "seat 1 won 12 to 0 in line worth"


def test_moves_after_the_end_are_rejected() -> None:
    state = fresh()
    for _ in range(6):
        state = pass_phase(state)
    with pytest.raises(Rejected, match="over"):
        bid(state, 0, 0)
    assert GAME.to_act(state) == frozenset()
    assert GAME.deadlines(state) == []
    assert GAME.outcome(state) == state.outcome


def test_apply_never_mutates_its_input() -> None:
    state = bid(fresh(), 0, 3).state
    before = state.model_dump()
    auction(state, 4, 4)
    bid(state, 0, 5)
    bid(state, 1, 2)
    with pytest.raises(Rejected):
        GAME.apply(state, HOST, Bid(card=1), 0)
    assert state.model_dump() == before


def test_rejected_bid_leaves_no_trace() -> None:
    state = play(fresh(), [(6, 0)]).state
    before = state.model_dump()
    with pytest.raises(Rejected):
        bid(state, 0, 6)
    assert state.model_dump() == before
    assert GAME.to_act(state) == frozenset({0, 1})


def test_to_act_is_the_seats_without_a_bid() -> None:
    state = fresh()
    assert GAME.to_act(state) == frozenset({0, 1})
    state = bid(state, 1, 1).state
    assert GAME.to_act(state) == frozenset({0})
    state = bid(state, 0, 1).state
    assert GAME.to_act(state) == frozenset({0, 1})


@pytest.mark.parametrize("moves", [0, 1, 7, 36])
def test_state_round_trips_through_json(moves: int) -> None:
    state = fresh(None, seed=4)
    for _ in range(moves):
        state = auction(state, 0, 1 if 1 in state.hands[1] else 0).state
    if state.outcome is None:
        state = bid(state, 1, 2).state  # a sealed bid is part of the state too
    loaded = GAME.load_state(state.model_dump_json())
    assert loaded == state
    assert loaded.model_dump_json() == state.model_dump_json()


def test_actions_round_trip_for_the_event_log() -> None:
    assert GAME.dump_action(Bid(card=4, auction=3)) == {"kind": "bid", "card": 4, "auction": 3}
    assert GAME.load_action({"kind": "bid", "card": 0}) == Bid(card=0, auction=None)


def test_a_bid_parsed_for_a_resolved_auction_is_refused_as_stale() -> None:
    state = bid(fresh(), 1, 1).state
    racing = [GAME.parse(state, 0, "3"), GAME.parse(state, 0, "5")]
    state = GAME.apply(state, 0, racing[0], 0).state
    assert state.history[-1].bids == (3, 1)
    with pytest.raises(Rejected) as caught:
        GAME.apply(state, 0, racing[1], 0)
    assert caught.value.message == (
        "Too late — the auction for cell A (r1c1) is over; cell B (r1c2) is up now."
    )


def test_a_bid_for_an_auction_not_yet_open_is_refused() -> None:
    with pytest.raises(Rejected, match="not opened yet; cell A \\(r1c1\\) is up now"):
        GAME.apply(fresh(), 0, Bid(card=1, auction=2), 0)


def test_a_bid_naming_no_auction_goes_to_the_open_one() -> None:
    state = play(fresh(), [(0, 0)]).state
    assert GAME.apply(state, 0, Bid(card=2), 0).state.bids == [2, None]
