"""The text grammar: forgiving, never ambiguous, and helpful when it refuses."""

from __future__ import annotations

import pytest

from games import Rejected
from games.goofspiel import GAME, Bid
from tests.games.goofspiel.goofspiel_support import fresh, play

HELP = "Bid with a card number 1–6 (e.g. `4` or `play 4`) or `pass`."


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("4", 4),
        ("play 4", 4),
        ("PLAY 4", 4),
        ("  play   4 ", 4),
        ("play4", 4),
        ("bid 6", 6),
        ("card 1", 1),
        ("submit 2", 2),
        ("`3`", 3),
        ("3.", 3),
        ("five", 5),
        ("play two", 2),
        ("0", 0),
        ("00", 0),
        ("play 0", 0),
        ("pass", 0),
        ("Pass", 0),
        ("pass!", 0),
        ("none", 0),
        ("nothing", 0),
        ("skip", 0),
        ("no submission", 0),
        ("No   Submission", 0),
        ("no card", 0),
        ("no bid", 0),
        ("bid pass", 0),
        ("zero", 0),
    ],
)
def test_accepted(text: str, card: int) -> None:
    assert GAME.parse(fresh(), 0, text) == Bid(card=card, auction=1)


@pytest.mark.parametrize(
    "text",
    ["p", "foo", "", "play", "4 5", "play 4 please", "pass 4", "r1c1", "A", "4x", "½", "٣", "4.5"],
)
def test_not_understood(text: str) -> None:
    with pytest.raises(Rejected) as caught:
        GAME.parse(fresh(), 1, text)
    assert caught.value.message == f"I didn't understand “{' '.join(text.lower().split())}”. {HELP}"


@pytest.mark.parametrize(
    ("text", "shown"), [("7", "7"), ("play 12", "12"), ("-1", "-1"), ("bid -3", "-3")]
)
def test_no_such_card(text: str, shown: str) -> None:
    with pytest.raises(Rejected) as caught:
        GAME.parse(fresh(), 0, text)
    assert caught.value.message == f"Cards run from 1 to 6, so “{shown}” is no card. {HELP}"


def test_huge_numbers_are_refused_without_converting_them() -> None:
    with pytest.raises(Rejected, match="is no card"):
        GAME.parse(fresh(), 0, "9" * 99)  # the longest run under the length cap


def test_long_nonsense_is_shortened_in_the_reply() -> None:
    with pytest.raises(Rejected) as caught:
        GAME.parse(fresh(), 0, "x" * 99)
    assert len(caught.value.message) < 150


def test_parse_checks_the_hand() -> None:
    state = fresh()
    state.hands[0] = [1, 2]
    with pytest.raises(Rejected) as caught:
        GAME.parse(state, 0, "play 4")
    assert caught.value.message == "You don't hold a 4 — your hand is 1 2."
    state.hands[0] = []
    with pytest.raises(Rejected, match="your hand is empty"):
        GAME.parse(state, 0, "1")
    assert GAME.parse(state, 0, "pass").card == 0


def test_parse_names_the_open_auction() -> None:
    state = play(fresh(), [(0, 0)] * 7).state
    assert GAME.parse(state, 1, "2") == Bid(card=2, auction=8)
