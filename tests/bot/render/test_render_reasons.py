"""A result's reason as a person reads it: the engines count seats ("seat 0",
"seat 1"); the result post and ``/match status`` of every game name the
players instead."""

from __future__ import annotations

import re

import games
from bot.render import renderer_for
from bot.render.base import name_seats, named_reason
from games import PUBLIC
from tests.games.test_outcome_reasons import silent_end

NAMES = ("Ru**by", "Turquoise")
SEAT_NUMBER = re.compile(r"\bseat [0-9]\b", re.IGNORECASE)


def test_seats_become_names_escaped_once_in_a_message() -> None:
    reason = "seat 1's hand is empty: seat 0 guessed its last letter"
    assert named_reason(reason, NAMES) == (
        "Turquoise's hand is empty: Ru\\*\\*by guessed its last letter"
    )
    assert name_seats(reason, NAMES) == "Turquoise's hand is empty: Ru**by guessed its last letter"


def test_only_a_seat_mention_is_named() -> None:
    # Seat 10 is no seat; "seats" and a typed "*" are left as they are (escaped).
    assert named_reason("seat 10 and both seats tied *", NAMES) == (
        "seat 10 and both seats tied \\*"
    )


def _seated(text: str) -> list[str]:
    return SEAT_NUMBER.findall(text)


def test_every_games_result_post_names_the_players_when_a_clock_ends_it() -> None:
    """Players who never move: the clock ends the match (where a game's clock
    can), and the room's last post says who lost by name."""
    ended = 0
    for key in games.keys():
        step = silent_end(key, seed=1)
        if step is None:
            continue  # this game waits on someone (the host) rather than a clock
        ended += 1
        room = [n for n in step.notices if n.audience == PUBLIC]
        text = renderer_for(key).render(room, PUBLIC, names=NAMES).text
        assert _seated(text) == [], f"{key}: {text}"
        outcome = step.state.outcome
        if outcome.winner is not None:
            assert "Turquoise" in text or "Ru\\*\\*by" in text, f"{key}: {text}"
    assert ended, "no game's clock ended a silent match"
