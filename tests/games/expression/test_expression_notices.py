"""The notices and views the renderer is written against: kinds, keys, audiences,
and the package docstring that documents them."""

from __future__ import annotations

import json
import re
from typing import Any

import games.expression
from games import HOST, PUBLIC, Notice
from games.expression import GAME
from games.expression.models import FinalGuess
from tests.games.expression.expression_support import (
    PAIRS,
    START_NUMBERS,
    START_SYMBOLS,
    apply,
    at_final,
    exact_final,
    fresh,
    kinds,
    only,
    play_rounds,
    say,
    scripted_play,
    started,
)

PLAY_1 = "play 1 + 2 × 4"  # round 1: global 1 and +; 9
PLAY_1B = "play 12 − 3 + 1"  # 10: wins


def audiences(step: Any) -> list[tuple[Any, str]]:
    return [(n.audience, n.kind) for n in step.notices]


def test_setup_notices() -> None:
    step = GAME.setup({"global_tiles": PAIRS}, seed=1, now_ms=0)
    assert audiences(step) == [(PUBLIC, "bout_started")]
    data = step.notices[0].data
    assert data["bout"] == 1
    assert data["pairs"][0] == {"round": 1, "number": 1, "symbol": "+"}
    assert data["planning_seconds"] == 180
    assert data["reserve_ms"] == [180_000, 180_000]


def test_planning_and_starter_notices() -> None:
    state = fresh()
    first = say(state, 1, "ready")
    assert audiences(first) == [(PUBLIC, "seat_ready")]
    assert first.notices[0].data == {"bout": 1, "seat": 1}
    both = say(first.state, 0, "ready")
    assert audiences(both) == [
        (PUBLIC, "seat_ready"),
        (PUBLIC, "planning_ended"),
        (PUBLIC, "starter_choice_opened"),
        (0, "starter_requested"),
    ]
    assert both.notices[2].data == {"bout": 1, "seat": 0, "seconds": 60}
    assert both.notices[3].data == {"bout": 1, "seconds": 60, "window": "starter:1"}
    chosen = say(both.state, 0, "first them", 7_000)
    assert audiences(chosen) == [
        (PUBLIC, "starter_chosen"),
        (PUBLIC, "round_started"),
        (1, "play_requested"),
    ]
    assert chosen.notices[1].data == {
        "bout": 1,
        "round": 1,
        "pair": {"number": 1, "symbol": "+"},
        "first": 1,
    }
    assert chosen.notices[2].data == {
        "bout": 1,
        "round": 1,
        "pair": {"number": 1, "symbol": "+"},
        "numbers": START_NUMBERS,
        "symbols": START_SYMBOLS,
        "opponent_colours": None,
        "seconds": 45,
        "reserve_ms": 180_000,
        "window": "expression:1:1:1",
    }


def test_play_notices() -> None:
    first = say(started(first=0), 0, PLAY_1, 3_000)
    assert audiences(first) == [
        (0, "expression_accepted"),
        (1, "tiles_played"),
        (PUBLIC, "seat_played"),
        (1, "play_requested"),
    ]
    assert first.notices[0].data == {
        "bout": 1,
        "round": 1,
        "tiles": [1, "+", 2, "×", 4],
        "own": [2, 4, "×"],
        "value": "9",
        "distance": "1",
        "charged_ms": 0,
        "reserve_ms": 180_000,
    }
    assert first.notices[1].data == {
        "bout": 1,
        "round": 1,
        "seat": 0,
        "colours": ["white", "black", "black", "black", "black"],
        "reserve_ms": 180_000,
    }
    assert first.notices[2].data == {"bout": 1, "round": 1, "seat": 0, "reserve_ms": 180_000}
    assert first.notices[3].data["opponent_colours"] == first.notices[1].data["colours"]
    second = say(first.state, 1, PLAY_1B, 4_000)
    assert audiences(second) == [
        (1, "expression_accepted"),
        (0, "tiles_played"),
        (PUBLIC, "seat_played"),
        (PUBLIC, "round_won"),
        (HOST, "round_detail"),
        (0, "guess_requested"),
        (1, "reveal_requested"),
    ]
    detail = second.notices[4].data
    assert detail["winner"] == 1
    assert [p["value"] for p in detail["plays"]] == ["9", "10"]
    assert detail["plays"][1]["own"] == {"numbers": [3, 12], "symbol": "−"}
    assert second.notices[5].data == {
        "bout": 1,
        "round": 1,
        "seconds": 60,
        "window": "guess:1:1",
    }
    assert second.notices[6].data == {
        "bout": 1,
        "round": 1,
        "seconds": 60,
        "tiles": [3, 12, "−"],
        "default": "−",
        "window": "reveal:1:1",
    }


def test_guessing_notices() -> None:
    state = say(say(started(first=0), 0, PLAY_1).state, 1, PLAY_1B).state
    guessed = say(state, 0, "guess 12 5 +")
    assert audiences(guessed) == [(0, "guess_received"), (PUBLIC, "choice_in")]
    assert guessed.notices[0].data == {
        "bout": 1,
        "round": 1,
        "numbers": [12, 5],
        "symbol": "+",
        "changed": False,
    }
    assert guessed.notices[1].data == {"bout": 1, "round": 1, "seat": 0, "choice": "guess"}
    step = say(guessed.state, 1, "reveal 3")
    assert audiences(step) == [
        (1, "reveal_received"),
        (PUBLIC, "choice_in"),
        (PUBLIC, "guesses_scored"),
        (PUBLIC, "round_started"),
        (1, "play_requested"),
    ]
    assert step.notices[2].data == {
        "bout": 1,
        "round": 1,
        "guesser": 0,
        "numbers": [
            {"number": 12, "correct": True, "points": 2},
            {"number": 5, "correct": False, "points": -1},
        ],
        "symbol": {"symbol": "+", "correct": False, "points": -1},
        "points": 0,
        "timed_out": False,
        "revealer": 1,
        "revealed": None,
        "reveal_timed_out": False,
        "totals": [0, 1],
    }


def test_final_notices() -> None:
    state = at_final()
    saved = say(state, 1, "final 2: 2 2 +")
    assert audiences(saved) == [(1, "final_saved")]
    locked = say(saved.state, 1, "final done")
    assert audiences(locked) == [(1, "final_saved"), (PUBLIC, "final_locked")]
    step = say(locked.state, 0, "final done")
    assert kinds(step) == [
        "final_saved", "final_locked", "final_results", "final_scored", "bout_started"
    ]  # fmt: skip
    # The scored sheets name the opponent's tiles: the host's alone.
    results = only(step, "final_results")
    assert results.audience == HOST
    assert results.data["guesses"] == [[], [{"round": 2, "tiles": [2, 2, "+"], "correct": True}]]
    assert only(step, "final_scored").audience == PUBLIC
    assert only(step, "final_scored").data == {
        "bout": 1,
        "right": [0, 1],
        "points": [0, 2],
        "bout_points": [
            {"rounds": 6, "guesses": 0, "final": 0, "total": 6},
            {"rounds": 6, "guesses": 0, "final": 2, "total": 8},
        ],
        "totals": [6, 8],
    }


def full_match() -> list[Notice]:
    """A whole scripted match, with a few wrong guesses and a Final Guess."""
    step = GAME.setup({"global_tiles": PAIRS}, seed=1)
    notices = list(step.notices)
    state = step.state
    while state.outcome is None:
        if state.stage == "planning":
            step = say(state, 0 if not state.ready[0] else 1, "ready")
        elif state.stage == "starter":
            step = say(state, 0, "first them")
        elif state.stage == "final" and not state.finals[-1][0].entries:
            step = apply(state, 0, exact_final(state, 0))
        elif state.stage == "final":
            step = apply(state, int(state.finals[-1][0].locked), FinalGuess(done=True))
        elif state.stage == "guess" and state.current.guess is None:
            step = say(state, 1 - state.current.decided_winner, "guess 3 5 +")
        elif state.stage == "guess":
            step = GAME.expire(state, f"reveal:{state.bout}:{state.round}", 0)
        else:
            step = apply(state, state.to_play, scripted_play(state, state.to_play))
        state = step.state
        notices += step.notices
    return notices


def documented() -> dict[str, str]:
    """kind -> its entry in the package docstring."""
    doc = games.expression.__doc__ or ""
    entries = re.split(r"\n- ", doc)
    found = {}
    for entry in entries:
        match = re.match(r"``([a-z_]+)``: ", entry)
        if match:
            found[match.group(1)] = entry.split("\n\n")[0]
    return found


def test_every_notice_is_documented_with_its_keys_and_json_able() -> None:
    notices = full_match()
    docs = documented()
    seen = {n.kind for n in notices}
    assert seen >= {"match_over", "final_scored", "guesses_scored", "bout_started"}
    for notice in notices:
        assert notice.kind in docs, notice.kind
        for key in notice.data:
            assert re.search(rf"\b{key}\b", docs[notice.kind]), (notice.kind, key)
        assert json.loads(json.dumps(notice.data)) == notice.data


def test_private_kinds_never_go_public() -> None:
    private = {
        "starter_requested",
        "play_requested",
        "expression_accepted",
        "guess_requested",
        "reveal_requested",
        "guess_received",
        "reveal_received",
        "final_requested",
        "final_saved",
        "tiles_played",  # colours: told to the other player, not the room
    }
    for notice in full_match():
        if notice.kind in private:
            assert notice.audience in (0, 1)
        elif notice.kind in ("round_detail", "final_results"):
            assert notice.audience == HOST
        else:
            assert notice.audience == PUBLIC


def test_match_over_notice() -> None:
    over = [n for n in full_match() if n.kind == "match_over"]
    assert len(over) == 1
    data = over[0].data
    assert set(data) == {
        "winner",
        "reason",
        "forfeit",
        "points",
        "before_final",
        "rounds_won",
        "reserve_ms",
    }
    assert data["forfeit"] is None
    assert data["rounds_won"] == [12, 12]


PUBLIC_KEYS = {
    "bout",
    "round",
    "stage",
    "advantage",
    "starters",
    "ready",
    "to_act",
    "pairs",
    "pair",
    "first",
    "to_play",
    "tiles_left",
    "points",
    "bout_points",
    "rounds_won",
    "reserve_ms",
    "deadlines",
    "history",
    "finals",
    "seconds",
    "outcome",
}
SEAT_KEYS = {
    "seat",
    "numbers",
    "symbols",
    "pairs_to_come",
    "my_plays",
    "my_guess",
    "my_reveal",
    "my_final",
    "my_final_locked",
}
HOST_KEYS = {
    "hands",
    "plays",
    "pending_guess",
    "pending_reveal",
    "final_sheets",
    "final_results",
    "all_pairs",
}


def test_view_keys_per_audience() -> None:
    state = say(started(first=0), 0, PLAY_1).state
    assert set(GAME.view(state, PUBLIC)) == PUBLIC_KEYS
    assert set(GAME.view(state, 0)) == PUBLIC_KEYS | SEAT_KEYS
    assert set(GAME.view(state, HOST)) == PUBLIC_KEYS | HOST_KEYS
    doc = games.expression.__doc__ or ""
    views_doc = doc[doc.index("Views") :]
    for key in PUBLIC_KEYS | SEAT_KEYS | HOST_KEYS:
        assert re.search(rf"\b{key}\b", views_doc), key
    for audience in (PUBLIC, 0, 1, HOST):
        shown = GAME.view(state, audience)
        assert json.loads(json.dumps(shown)) == shown


def test_public_view_mid_round() -> None:
    state = say(started(first=0), 0, PLAY_1, 2_000).state
    shown = GAME.view(state, PUBLIC)
    assert (shown["bout"], shown["round"], shown["stage"]) == (1, 1, "play")
    assert shown["pair"] == {"number": 1, "symbol": "+"}
    assert (shown["first"], shown["to_play"], shown["to_act"]) == (0, 1, [1])
    assert shown["tiles_left"] == [[22, 11], [24, 12]]
    assert shown["history"] == [
        {
            "bout": 1,
            "round": 1,
            "pair": {"number": 1, "symbol": "+"},
            "first": 0,
            "winner": None,
            "guess_in": False,
            "reveal_in": False,
            "guesses": None,
            "guess_timed_out": False,
            "revealed": None,
            "reveal_timed_out": False,
        }
    ]
    assert shown["deadlines"][0]["key"] == "play:1:1:1"
    assert shown["deadlines"][0]["at_ms"] == 47_000


def test_seat_views() -> None:
    state = say(say(started(first=0), 0, PLAY_1).state, 1, PLAY_1B).state
    state = say(state, 0, "guess 3").state
    mine = GAME.view(state, 0)
    assert mine["seat"] == 0
    assert mine["numbers"].count(2) == 1
    assert mine["symbols"].count("×") == 2
    assert mine["my_plays"] == [
        {
            "tiles": [1, "+", 2, "×", 4],
            "own": [2, 4, "×"],
            "value": "9",
            "distance": "1",
            "charged_ms": 0,
        }
    ]
    assert mine["my_guess"] == {"numbers": [3], "symbol": None}
    assert mine["my_reveal"] is None
    assert mine["pairs_to_come"][0] == {"round": 2, "number": 2, "symbol": "−"}
    assert len(mine["pairs_to_come"]) == 11
    theirs = GAME.view(state, 1)
    assert theirs["my_guess"] is None  # the guess is sealed from the seat it is about
    assert theirs["numbers"].count(12) == 1
    assert theirs["history"][0]["colours"][0] == ["white", "black", "black", "black", "black"]
    assert theirs["history"][0]["guess_in"] is True


def test_host_view() -> None:
    state = say(say(started(first=0), 0, PLAY_1).state, 1, PLAY_1B).state
    state = say(state, 1, "reveal 12").state
    host = GAME.view(state, HOST)
    assert host["pending_reveal"] == 12
    assert host["pending_guess"] is None
    assert host["plays"][0][1]["own"] == [3, 12, "−"]
    assert host["hands"][1]["numbers"].count(12) == 1
    assert len(host["all_pairs"]) == 1


def test_finals_in_the_views() -> None:
    state = say(at_final(), 0, "final 1: 1 1 +").state
    assert GAME.view(state, 0)["my_final"] == [{"round": 1, "tiles": [1, 1, "+"]}]
    assert GAME.view(state, 1)["my_final"] == []
    assert GAME.view(state, PUBLIC)["finals"] == [
        {"locked": [False, False], "timed_out": [False, False], "right": None}
    ]
    state = say(say(state, 0, "final done").state, 1, "final done").state
    finals = GAME.view(state, PUBLIC)["finals"]
    assert finals[0]["right"] == [1, 0]
    assert finals[1] == {"locked": [False, False], "timed_out": [False, False], "right": None}
    sheets = [[{"round": 1, "tiles": [1, 1, "+"], "correct": True}], []]
    assert GAME.view(state, HOST)["final_results"][0] == sheets
    assert "final_results" not in GAME.view(state, 0)


def test_view_after_the_end() -> None:
    state = at_final()
    state = say(say(state, 0, "final done").state, 1, "final done").state
    state = say(say(state, 0, "ready").state, 1, "ready").state
    state = play_rounds(state, 12)
    state = say(say(state, 0, "final done").state, 1, "final done").state
    shown = GAME.view(state, PUBLIC)
    assert shown["stage"] == "over"
    assert shown["outcome"]["winner"] == 0  # 12–12 everywhere: the Advantage holder
    assert shown["deadlines"] == []
    assert shown["to_act"] == []
    assert len(shown["history"]) == 24
