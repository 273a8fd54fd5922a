"""The text grammar: DECISIONS' forms, friendlier ones, and specific refusals."""

from __future__ import annotations

from typing import Any

import pytest

from games import HOST, Rejected
from games.decoder import GAME
from games.decoder.actions import (
    Ask,
    ChooseHand,
    ChooseRarities,
    GiveClue,
    GiveUp,
    Guess,
    GuessTotal,
    RaiseTime,
    Restore,
    Sabotage,
    StartSelection,
    Swap,
    Unexpected,
)
from games.decoder.grammar import parse
from tests.games.decoder.decoder_support import ALL_ITEMS, NAMES, act, fresh, playing, used_up


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("ask DECODER not ANY tank 3", Ask(word="DECODER", excluded="ANY", tank=3)),
        (
            "ask decoder not any tank 3 evidence surge",
            Ask(word="DECODER", excluded="ANY", tank=3, evidence=True, surge=True),
        ),
        ("  ASK   decoder   tank 3  NOT odd ", Ask(word="DECODER", excluded="ODD", tank=3)),
        ("ask decoder no two encrypted image", Ask(word="DECODER", excluded="TWO", tank=3)),
        (
            "ask decoder exclude any using tank encrypted image with new evidence",
            Ask(word="DECODER", excluded="ANY", tank=3, evidence=True),
        ),
        (
            "ask decoder not any 3 power surge",
            Ask(word="DECODER", excluded="ANY", tank=3, surge=True),
        ),
        ("`ask decoder not any tank #3`", Ask(word="DECODER", excluded="ANY", tank=3)),
        ("ask decoder, not any, tank 3.", Ask(word="DECODER", excluded="ANY", tank=3)),
        ("guess Q tank 2", Guess(letter="Q", tank=2)),
        (
            "guess q tank bijective matrix insurance surge",
            Guess(letter="Q", tank=2, insurance=True, surge=True),
        ),
        ("guess q 2 hand insurance", Guess(letter="Q", tank=2, insurance=True)),
        ("restore tank 5", Restore(tank=5)),
        ("restore floor plan surge", Restore(tank=5, surge=True)),
        ("restore 5 and power surge", Restore(tank=5, surge=True)),
    ],
)
def test_turn_actions(text: str, action: Any) -> None:
    state = playing(items=[ALL_ITEMS, []])
    used_up(state, 0, [1])  # so that there is something to restore
    assert parse(text.lower(), 0, NAMES, "turn") == action
    assert GAME.parse(state, 0, text) == action


@pytest.mark.parametrize(
    ("text", "asked", "action"),
    [
        ("clue ODD", "clue", GiveClue(clue="ODD")),
        ("odd", "clue", GiveClue(clue="ODD")),
        ("clue two unexpected", "clue", GiveClue(clue="TWO", unexpected=True)),
        ("giveup E", "giveup", GiveUp(letter="E")),
        ("give up e", "giveup", GiveUp(letter="E")),
        ("swap E", "swap", Swap(letter="E")),
        ("swap e unexpected sabotage", "swap", Swap(letter="E", unexpected=True)),
        ("keep", "swap", Swap(letter=None)),
        ("no swap", "swap", Swap(letter=None)),
        ("pass", "swap", Swap(letter=None)),
        ("total 17", "total", GuessTotal(total=17)),
        ("total 17 unexpected", "total", GuessTotal(total=17, unexpected=True)),
        ("total none", "total", GuessTotal(total=None)),
        ("pass", "total", GuessTotal(total=None)),
        ("sabotage 4", "sabotage", Sabotage(tank=4)),
        ("sabotage dot maze", "sabotage", Sabotage(tank=4)),
        ("sabotage tank 4 unexpected", "sabotage", Sabotage(tank=4, unexpected=True)),
        ("unexpected", "unexpected", Unexpected(use=True)),
        ("unexpected sabotage", "clue", Unexpected(use=True)),
        ("no", "unexpected", Unexpected(use=False)),
        ("pass", "unexpected", Unexpected(use=False)),
        ("time 3 120", None, RaiseTime(tank=3, seconds=120)),
        ("time encrypted image 120s", None, RaiseTime(tank=3, seconds=120)),
        ("raise tank 3 to 120 seconds", None, RaiseTime(tank=3, seconds=120)),
        ("time 3 to", None, None),
        ("rarities 2 1 0", None, ChooseRarities(common=2, uncommon=1, rare=0)),
        ("hand A B C D E F", None, ChooseHand(letters=list("ABCDEF"))),
        ("hand abcdef", None, ChooseHand(letters=list("ABCDEF"))),
        ("hand a, b, c, d, e, f", None, ChooseHand(letters=list("ABCDEF"))),
    ],
)
def test_other_actions(text: str, asked: Any, action: Any) -> None:
    if action is None:
        with pytest.raises(Rejected):
            parse(text, 0, NAMES, asked)
        return
    assert parse(" ".join(text.lower().split()), 0, NAMES, asked) == action


@pytest.mark.parametrize("text", ["start selection", "start", "begin", "Begin Selection"])
def test_host_start(text: str) -> None:
    assert GAME.parse(fresh(), HOST, text) == StartSelection()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Say a move."),
        ("dance", "I didn't understand “dance”."),
        ("ask", "Say the word."),
        ("ask de-coder not any tank 1", "A word is letters A–Z only."),
        ("ask decoder not all tank 1", "The clues are ANY, ODD and TWO, not “all”."),
        ("ask decoder not any tank 9", "Tanks are numbered 1–7 (or named: Arithmetic Box,"),
        ("ask decoder not any tank nowhere", "I didn't understand “nowhere” there."),
        ("guess tank 1", "Name one letter A–Z."),
        ("guess qq tank 1", "Name one letter A–Z."),
        ("guess q", "Say which tank you use."),
        ("restore", "Say which tank you use."),
        ("total", "That needs a whole number."),
        ("total 99999", "That needs a whole number."),
        ("rarities a b c", "That needs a whole number."),
        ("hand 1 2 3", "A hand is letters A–Z."),
        ("clue maybe", "The clues are ANY, ODD and TWO."),
        ("giveup e f", "Give up one letter."),
        ("unexpected now", "Say `unexpected` to use Unexpected Sabotage."),
        ("pass", "There is nothing to pass on right now."),
        ("start", "The host starts letter selection."),
    ],
)
def test_refusals_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(Rejected) as caught:
        parse(" ".join(text.lower().split()), 0, NAMES, None)
    assert caught.value.message.startswith(message)


def test_pass_when_the_decision_cannot_be_passed() -> None:
    with pytest.raises(Rejected, match="Passing is no answer to your clue choice"):
        parse("pass", 1, NAMES, "clue")


def test_longest_tank_name_wins() -> None:
    names = ["Box", "Box Two", "C", "D", "E", "F", "G"]
    assert parse("restore box two", 0, names, None) == Restore(tank=2)
    assert parse("restore box surge", 0, names, None) == Restore(tank=1, surge=True)


def test_parse_checks_the_state_too() -> None:
    """Parse tries the move on a copy: refusals come at once, state untouched."""
    state = playing()
    before = state.model_dump()
    with pytest.raises(Rejected, match="nothing to restore"):
        GAME.parse(state, 0, "restore tank 1")
    with pytest.raises(Rejected, match="not in the word list"):
        GAME.parse(state, 0, "ask qqqq not any tank 1")
    assert state.model_dump() == before


def test_long_nonsense_is_shortened() -> None:
    with pytest.raises(Rejected) as caught:
        GAME.parse(playing(), 0, "x" * 500)
    assert len(caught.value.message) < 300


def test_a_move_for_a_different_phase() -> None:
    with pytest.raises(Rejected, match="Turns haven't begun yet"):
        act(fresh(), 0, "guess a tank 1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ask decoder not any tank 1 tank 2", "Name one tank, not two"),
        ("guess q tank 1 tank 2", "Name one tank, not two"),
        ("ask decoder not any not odd tank 1", "Exclude one clue, not two"),
    ],
)
def test_two_of_a_kind_is_refused_not_silently_resolved(text: str, message: str) -> None:
    """A move naming two tanks (or two excluded clues) is ambiguous: refused, not guessed at."""
    with pytest.raises(Rejected, match=message):
        parse(text, 0, NAMES, None)
