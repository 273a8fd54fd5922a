"""The views the renderer is written against: keys per audience, what each hides."""

from __future__ import annotations

import json

from games import HOST, PUBLIC
from games.decoder import GAME
from tests.games.decoder.decoder_support import act, fresh, playing, run

PUBLIC_KEYS = {
    "phase",
    "tank_names",
    "first_seat",
    "items",
    "used_items",
    "used_tanks",
    "hand_sizes",
    "revealed",
    "asked",
    "turn",
    "history",
    "awaiting",
    "banks",
    "selection_deadline_ms",
    "outcome",
}
SEAT_KEYS = PUBLIC_KEYS | {"seat", "hand", "seen", "tanks", "selection", "offer", "private_turns"}
HOST_KEYS = PUBLIC_KEYS | {"hands", "seen", "tanks", "selection", "timers", "last_turn", "turns"}
TURN_KEYS = {
    "number",
    "seat",
    "kind",
    "tank",
    "tank_name",
    "surge",
    "unexpected",
    "word",
    "excluded",
    "evidence",
    "answers",
    "chosen_by",
    "letter",
    "correct",
    "insurance_used",
    "given_up",
    "swap_decided",
    "restored",
    "total",
    "total_guessed",
    "total_correct",
    "sabotaged",
}


def test_view_keys_per_audience() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    assert set(GAME.view(state, PUBLIC)) == PUBLIC_KEYS
    assert set(GAME.view(state, 0)) == SEAT_KEYS
    assert set(GAME.view(state, HOST)) == HOST_KEYS
    assert set(GAME.view(state, PUBLIC)["turn"]) == TURN_KEYS
    for audience in (PUBLIC, 0, 1, HOST):
        shown = GAME.view(state, audience)
        assert json.loads(json.dumps(shown)) == shown


def test_public_view_during_a_wrong_guess() -> None:
    state = act(playing(), 0, "guess z tank 1", now_ms=1_000).state
    shown = GAME.view(state, PUBLIC)
    assert shown["phase"] == "play"
    assert shown["used_tanks"] == [[1], []]
    assert shown["hand_sizes"] == [6, 6]
    assert shown["turn"]["letter"] == "Z"
    assert shown["turn"]["correct"] is False
    assert shown["awaiting"] == [
        {"seat": 0, "decision": "giveup", "window": "d2", "deadline_ms": 91_000, "on_bank": False},
        {"seat": 1, "decision": "swap", "window": "d3", "deadline_ms": 61_000, "on_bank": False},
    ]
    assert shown["banks"] == [300, 300]
    assert "hands" not in shown
    assert "timers" not in shown


def test_seat_views_show_own_secrets_only() -> None:
    state = act(playing(), 0, "guess z tank 1").state
    assert state.turn is not None
    guesser, offered = GAME.view(state, 0), GAME.view(state, 1)
    assert guesser["hand"] == ["G", "H", "I", "K", "L", "M"]
    assert offered["hand"] == ["A", "B", "C", "D", "E", "F"]
    assert offered["offer"] == state.turn.offer
    assert guesser["offer"] is None
    assert [t["units"] for t in guesser["tanks"]] == [5, 6, 4, 10, 20, 30, 2]
    assert [t["units"] for t in offered["tanks"]] == [14, 7, 9, 8, 3, 12, 15]
    done = act(state, 1, "swap b").state
    assert GAME.view(done, 1)["private_turns"] == [
        {"turn": 1, "offered": state.turn.offer, "swapped_out": "B"}
    ]
    assert GAME.view(done, 0)["private_turns"] == []


def test_host_view_shows_everything() -> None:
    state = run(playing(), (0, "ask apple not any tank 1"), (1, "clue odd")).state
    host = GAME.view(state, HOST)
    assert host["hands"] == state.hands
    assert host["timers"] == [4, 0]
    assert host["last_turn"] == 0
    assert host["turns"][0]["word"] == "APPLE"


def test_selection_view_is_private() -> None:
    state = act(fresh(preset_hands=None), HOST, "start").state
    assert state.selection is not None
    assert GAME.view(state, PUBLIC)["phase"] == "selection"
    mine = GAME.view(state, 0)["selection"]
    assert mine["initial"] == state.selection[0].initial
    assert mine["extras_earned"] == 3
    assert "selection" not in GAME.view(state, PUBLIC)
    assert [s["initial"] for s in GAME.view(state, HOST)["selection"]] == [
        s.initial for s in state.selection
    ]


def test_insurance_shows_in_the_history_only_when_spent() -> None:
    state = playing(items=[["hand_insurance"], []])
    wrong = run(state, (0, "guess z tank 1 insurance"), (1, "keep")).state
    assert GAME.view(wrong, PUBLIC)["history"][0]["insurance_used"] is True
    right = run(state, (0, "guess a tank 1 insurance")).state
    assert GAME.view(right, PUBLIC)["history"][0]["insurance_used"] is False


def test_view_after_the_end() -> None:
    state = playing()
    state.hands[1] = ["A"]
    over = act(state, 0, "guess a tank 1").state
    shown = GAME.view(over, PUBLIC)
    assert shown["phase"] == "over"
    assert shown["outcome"]["winner"] == 0
    assert shown["awaiting"] == []
    assert GAME.window(over, 0) is None
