"""RoundSpec and Rune: symbols, structure checks, lookups, and exact JSON round trips."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from games.runebreaker.commands import Bound, CommandError
from games.runebreaker.notation import parse_board
from games.runebreaker.rounds import SYMBOLS, RoundSpec, Rune, canonical_symbol

REAGENT = "\n".join(
    [
        "Rc .. Bs ..",
        ".. Gt .. ..",
        ".. .. Yd ..",
        "Px .. .. Rc",
    ]
)


def spec(**changes: object) -> RoundSpec:
    fields: dict[str, object] = {
        "size": 4,
        "runes": [
            {"symbol": "A", "entry": "rotate", "params": [90]},
            {"symbol": "#", "entry": "recolour", "params": ["R", "B"]},
            {"symbol": "s", "entry": "shift", "params": ["right", 1]},
            {"symbol": "7", "entry": "skip", "params": []},
        ],
        "sequence": ["A", "#", "S"],
        "reagent": REAGENT,
    }
    fields.update(changes)
    return RoundSpec.model_validate(fields)


# -- symbols -------------------------------------------------------------------------


def test_symbols_are_single_characters_unique_whatever_the_case() -> None:
    assert len(SYMBOLS) == len(set(SYMBOLS.upper())) == len(set(SYMBOLS.lower()))
    assert all(symbol == symbol.upper() for symbol in SYMBOLS)


def test_symbols_include_the_rules_example() -> None:
    assert set("AS#9@RQ3") <= set(SYMBOLS)


@pytest.mark.parametrize("ch", list("*_~`|>\\./,01 "))
def test_no_markdown_notation_or_lookalike_symbols(ch: str) -> None:
    assert ch not in SYMBOLS


@pytest.mark.parametrize(
    ("text", "expected"),
    [("a", "A"), (" q ", "Q"), ("#", "#"), ("9", "9"), ("0", None), ("ab", None), ("", None)],
)
def test_canonical_symbol(text: str, expected: str | None) -> None:
    assert canonical_symbol(text) == expected


# -- validation ------------------------------------------------------------------------


def test_rune_symbols_are_stored_uppercase() -> None:
    assert spec().runes[2].symbol == "S"


@pytest.mark.parametrize(
    ("rune", "words"),
    [
        ({"symbol": "0", "entry": "rotate", "params": [90]}, "not a rune symbol"),
        ({"symbol": "AB", "entry": "rotate", "params": [90]}, "not a rune symbol"),
        ({"symbol": "A", "entry": "spin", "params": []}, "unknown command"),
        ({"symbol": "A", "entry": "rotate", "params": [45]}, "must be one of 90 180 270"),
        ({"symbol": "A", "entry": "rotate", "params": ["90"]}, "must be one of"),
        ({"symbol": "A", "entry": "recolour", "params": ["R", "R"]}, "must differ"),
        ({"symbol": "A", "entry": "rotate", "params": []}, "takes 1 parameter"),
    ],
)
def test_a_bad_rune_is_refused(rune: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        Rune.model_validate(rune)


def test_a_symbol_bound_twice_is_refused() -> None:
    runes = [
        {"symbol": "A", "entry": "rotate", "params": [90]},
        {"symbol": "a", "entry": "transpose", "params": []},
    ]
    with pytest.raises(ValidationError, match="bound more than once"):
        spec(runes=runes, sequence=["A"])


def test_the_sequence_may_use_only_bound_symbols() -> None:
    with pytest.raises(ValidationError, match="'Q', which no rune binds"):
        spec(sequence=["A", "Q"])


def test_sequence_symbols_are_stored_uppercase() -> None:
    assert spec(sequence=["a", "#", "s"]).sequence == ["A", "#", "S"]


# -- lookups ---------------------------------------------------------------------------


def test_bindings_and_program() -> None:
    round_ = spec()
    assert round_.bindings()["#"] == Bound("recolour", ("R", "B"))
    assert round_.program(["a", "S", "#"]) == [
        Bound("rotate", (90,)),
        Bound("shift", ("right", 1)),
        Bound("recolour", ("R", "B")),
    ]


def test_program_refuses_a_symbol_the_round_does_not_bind() -> None:
    with pytest.raises(ValueError, match="'Q' is not a rune of this round"):
        spec().program(["A", "Q"])


@pytest.mark.parametrize(("text", "found"), [("a", "A"), ("#", "#"), ("s", "S"), ("q", None)])
def test_symbol_of_is_case_insensitive(text: str, found: str | None) -> None:
    assert spec().symbol_of(text) == found


def test_rune_meaning_in_words() -> None:
    assert spec().runes[0].meaning() == "rotate 90° clockwise"
    assert spec().runes[3].structural


def test_reagent_and_product() -> None:
    round_ = spec()
    assert round_.reagent_board() == parse_board(REAGENT, 4)
    # Rotated 90° clockwise: Px .. .. Rc / .. .. Gt .. / .. Yd .. Bs / Rc .. .. ..
    # then red -> blue, then everything one cell right (the right column falls off).
    assert round_.product() == parse_board(
        ".. Px .. .. / .. .. .. Gt / .. .. Yd .. / .. Bc .. ..", 4
    )
    assert round_.product() is round_.product()  # cached


def test_product_of_a_round_that_errors() -> None:
    with pytest.raises(CommandError):
        spec(sequence=["#", "#"]).product()


# -- JSON ------------------------------------------------------------------------------


def test_json_round_trip_is_exact() -> None:
    round_ = spec()
    text = round_.model_dump_json()
    again = RoundSpec.model_validate_json(text)
    assert again == round_
    assert again.model_dump_json() == text
    assert [type(p) for p in again.runes[2].params] == [str, int]


def test_frozen() -> None:
    with pytest.raises(ValidationError):
        spec().size = 5  # type: ignore[misc]
