"""The text grammar: forgiving, stamped with what it answers, and helpful when it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from games import HOST, Rejected
from games.expression import GAME
from games.expression.grammar import parse_text
from games.expression.models import (
    ChooseStarter,
    FinalEntry,
    FinalGuess,
    Guess,
    OwnTiles,
    Play,
    Ready,
    Reveal,
)
from tests.games.expression.expression_support import expression_with, fresh, started

HINT = "(hint)"


def read(text: str) -> Any:
    return parse_text(" ".join(text.lower().split()), HINT)


@pytest.mark.parametrize(
    ("text", "numbers", "symbols"),
    [
        ("play 7 + 12 * 3", (7, 12, 3), ("+", "×")),
        ("play 7+12*3", (7, 12, 3), ("+", "×")),
        ("7+12*3", (7, 12, 3), ("+", "×")),
        ("PLAY 7 X 12 x 3", (7, 12, 3), ("×", "×")),
        ("play 1 - 2 / 3", (1, 2, 3), ("−", "÷")),
        ("play 1 − 2 ÷ 3", (1, 2, 3), ("−", "÷")),
        ("play 1 – 2 : 3", (1, 2, 3), ("−", "÷")),
        ("play 1 × 2 — 3", (1, 2, 3), ("×", "−")),
        ("  submit   10 +  11 - 12 ", (10, 11, 12), ("+", "−")),
        ("`play 4*4*4`", (4, 4, 4), ("×", "×")),
        ("play 4*4*4.", (4, 4, 4), ("×", "×")),
        ("expression 01 + 2 + 3", (1, 2, 3), ("+", "+")),
    ],
)
def test_expressions(text: str, numbers: tuple[int, ...], symbols: tuple[str, ...]) -> None:
    assert read(text) == Play(numbers=numbers, symbols=symbols)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "numbers", "symbol"),
    [
        ("guess 5 7 +", (5, 7), "+"),
        ("guess 5", (5,), None),
        ("guess +", (), "+"),
        ("guess x", (), "×"),
        ("guess 12 and /", (12,), "÷"),
        ("guess - 3", (3,), "−"),
        ("guess 5,7,*", (5, 7), "×"),
        ("guess none", (), None),
        ("Guess Nothing", (), None),
        ("guess pass", (), None),
    ],
)
def test_guesses(text: str, numbers: tuple[int, ...], symbol: str | None) -> None:
    assert read(text) == Guess(numbers=numbers, symbol=symbol)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "tile"),
    [("reveal 7", 7), ("reveal +", "+"), ("reveal *", "×"), ("reveal :", "÷"), ("reveal 12", 12)],
)
def test_reveals(text: str, tile: int | str) -> None:
    assert read(text) == Reveal(tile=tile)  # type: ignore[arg-type]


def own(a: int, b: int, symbol: str) -> OwnTiles:
    return OwnTiles(numbers=(a, b), symbol=symbol)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "final 1: 5 7 +; 2: 12 12 -",
            FinalGuess(
                entries=(
                    FinalEntry(round=1, tiles=own(5, 7, "+")),
                    FinalEntry(round=2, tiles=own(12, 12, "−")),
                )
            ),
        ),
        # Newlines arrive as spaces; order inside a round does not matter.
        (
            "final\n1: 7 5 +\n2: - 12 12\n12 : 1 2 /",
            FinalGuess(
                entries=(
                    FinalEntry(round=1, tiles=own(5, 7, "+")),
                    FinalEntry(round=2, tiles=own(12, 12, "−")),
                    FinalEntry(round=12, tiles=own(1, 2, "÷")),
                )
            ),
        ),
        (
            "final 1: 5 7 ÷ 2: 1 1 +",
            FinalGuess(
                entries=(
                    FinalEntry(round=1, tiles=own(5, 7, "÷")),
                    FinalEntry(round=2, tiles=own(1, 1, "+")),
                )
            ),
        ),
        ("final round 3: 1 2 x", FinalGuess(entries=(FinalEntry(round=3, tiles=own(1, 2, "×")),))),
        ("final r4: 1 2 x", FinalGuess(entries=(FinalEntry(round=4, tiles=own(1, 2, "×")),))),
        ("final 3: none", FinalGuess(entries=(FinalEntry(round=3, tiles=None),))),
        ("final done", FinalGuess(done=True)),
        ("Final  DONE", FinalGuess(done=True)),
        ("final lock", FinalGuess(done=True)),
        (
            "final 1: 5 7 +; done",
            FinalGuess(entries=(FinalEntry(round=1, tiles=own(5, 7, "+")),), done=True),
        ),
    ],
)
def test_final_guesses(text: str, expected: FinalGuess) -> None:
    assert read(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ready", Ready()),
        ("I'm ready!", Ready()),
        ("first me", ChooseStarter(starter="me")),
        ("me first", ChooseStarter(starter="me")),
        ("first them", ChooseStarter(starter="them")),
        ("them first", ChooseStarter(starter="them")),
        ("first opponent", ChooseStarter(starter="them")),
    ],
)
def test_other_moves(text: str, expected: Any) -> None:
    assert read(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "I didn't understand “hello”. (hint)"),
        ("", "I didn't understand “”. (hint)"),
        ("first", "I didn't understand “first”. (hint)"),
        ("5 7 +", "I didn't understand “5 7 +”. (hint)"),
        ("play 7 + 12", "An expression is number symbol number symbol number"),
        ("play 7 + + 12 3", "An expression is number symbol number symbol number"),
        ("play + 7 + 12 3", "An expression is number symbol number symbol number"),
        ("play 7 + 12 * 3 + 1", "An expression is number symbol number symbol number"),
        ("play 7 + 13 * 3", "Number tiles run 1–12, so “13” is no tile."),
        ("play 0 + 1 * 3", "Number tiles run 1–12, so “0” is no tile."),
        ("play 7 + (12 * 3)", "“(” is not a tile"),
        ("play 7 ^ 12 * 3", "“^” is not a tile"),
        ("play 7.5 + 1 * 1", "“.” is not a tile"),
        ("guess 1 2 3", "Guess at most two numbers and one symbol"),
        ("guess 1 + -", "Guess at most two numbers and one symbol"),
        ("guess 5 5", "You may not guess the same number twice."),
        ("guess", "Guess up to two numbers and one symbol"),
        ("guess five", "“five” is not a tile"),
        ("reveal", "Reveal one of your own tiles"),
        ("reveal 7 +", "Reveal one of your own tiles"),
        ("reveal 14", "Number tiles run 1–12, so “14” is no tile."),
        ("final", "Name rounds and tiles"),
        ("final 5 7 +", "Start each round's guess with its number and a colon"),
        ("final 13: 5 7 +", "Rounds run 1–12, so there is no round 13."),
        ("final 0: 5 7 +", "Rounds run 1–12, so there is no round 0."),
        ("final 1: 5 +", "Round 1: name the two numbers and one symbol"),
        ("final 1: 5 7 8 +", "Round 1: name the two numbers and one symbol"),
        ("final 1: 5 7 + -", "Round 1: name the two numbers and one symbol"),
        ("final 1: 5 7 +; 1: 5 7 -", "You named round 1 twice"),
        ("final 1: 5 7 : 2: 1 1 +", "Round 7 has no tiles. In a Final Guess type ÷ as `/`"),
        ("final 1: 5 7 + :", "In a Final Guess type ÷ as `/`"),
    ],
)
def test_refused(text: str, message: str) -> None:
    with pytest.raises(Rejected) as caught:
        read(text)
    assert caught.value.message.startswith(message)


def test_huge_numbers_are_refused_without_converting_them() -> None:
    with pytest.raises(Rejected, match="is no tile"):
        read("play " + "9" * 5000 + " + 1 * 1")
    with pytest.raises(Rejected, match="no round"):
        read("final " + "9" * 5000 + ": 1 1 +")


def test_long_nonsense_is_shortened_in_the_reply() -> None:
    with pytest.raises(Rejected) as caught:
        read("x" * 500 + "y")
    assert len(caught.value.message) < 120


def test_pathological_input_is_fast() -> None:
    # A backtracking tokenizer would take ages on this; the scanner is linear.
    with pytest.raises(Rejected):
        read("play " + "1 " * 20_000 + "q")


# -- through GAME.parse: the state's checks and the stamps ---------------------------


def test_parse_stamps_bout_and_round() -> None:
    state = started(first=0)
    pair = state.current.pair
    action = GAME.parse(state, 0, f"play {pair.number} {pair.symbol} 2 + 3")
    assert action == Play(numbers=(pair.number, 2, 3), symbols=(pair.symbol, "+"), bout=1, round=1)
    assert GAME.parse(fresh(), 1, "ready") == Ready(bout=1)


def test_parse_refuses_the_host() -> None:
    with pytest.raises(Rejected, match="host"):
        GAME.parse(fresh(), HOST, "ready")


def test_not_understood_says_what_to_do_now() -> None:
    state = started(first=1)
    with pytest.raises(Rejected) as caught:
        GAME.parse(state, 1, "what now")
    assert caught.value.message == (
        "I didn't understand “what now”. It's your turn to play round 1, e.g. `play 7 + 12 × 3`."
    )
    with pytest.raises(Rejected, match="your opponent's turn to play in round 1"):
        GAME.parse(state, 0, "huh")


def test_parse_checks_turn_and_tiles() -> None:
    state = started(first=0)
    play = expression_with(state, (4, 4, "÷"))
    text = "play " + " ".join(str(t) for t in play.tiles())
    with pytest.raises(Rejected, match="Your opponent plays first in round 1"):
        GAME.parse(state, 1, text)
    state.numbers[0].remove(4)
    with pytest.raises(Rejected, match="you hold only one 4"):
        GAME.parse(state, 0, text)


def test_parse_names_the_stage_when_the_move_does_not_fit() -> None:
    with pytest.raises(Rejected) as caught:
        GAME.parse(fresh(), 0, "guess 5")
    assert caught.value.message == (
        "You can't guess now. It's the planning phase of bout 1; type `ready` when you "
        "are done planning."
    )
