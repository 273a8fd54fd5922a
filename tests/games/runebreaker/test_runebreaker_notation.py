"""The board notation: forgiving in, canonical out, and exact about what is wrong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import Rejected
from games.runebreaker.board import Board
from games.runebreaker.notation import format_board, parse_board
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

CANONICAL = "Rc Os .. ..\n.. Bt .. ..\n.. .. .. ..\n.. .. .. Px"
BOARD = (
    Board.empty(4).with_cell(0, 0, "Rc").with_cell(0, 1, "Os").with_cell(1, 1, "Bt")
).with_cell(3, 3, "Px")


def test_format_is_canonical() -> None:
    assert format_board(BOARD) == CANONICAL


@pytest.mark.parametrize(
    "text",
    [
        CANONICAL,
        CANONICAL.lower(),
        CANONICAL.upper(),
        "Rc Os .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Px",
        "Rc Os . . / . Bt . . / . . . . / . . . Px",
        "rc os .. .. .. bt .. .. .. .. .. .. .. .. .. px",
        "Rc,Os,..,..\n..,Bt,..,..\n..,..,..,..\n..,..,..,Px",
        "```\n" + CANONICAL + "\n```",
        "```text\n" + CANONICAL + "\n```",
        "`Rc Os .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Px`",
        "\n\n  Rc   Os .. ..  \n\n.. Bt .. ..\r\n.. .. .. ..\n.. .. .. Px\n\n",
        "Rc Os .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Px /",
        "cR sO .. .. / .. tB .. .. / .. .. .. .. / .. .. .. xP",
    ],
)
def test_parse_is_forgiving(text: str) -> None:
    assert parse_board(text, 4) == BOARD


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Rc Os .. .. / .. Bt .. .. / .. .. .. Zq / .. .. .. Px",
            "Row 3, column 4: “Zq” is not an object — colours are R O Y G B P, shapes c s t d h x.",
        ),
        ("Rc Os .. ..\n.. Bt .. ..\n.. .. .. ..\n.. .. ... Px", "Row 4, column 3: “...”"),
        ("rc os .. .. .. bt .. .. .. .. .. rq .. .. .. px", "Row 3, column 4: “rq”"),
        ("Rc Os .. .. / R c .. .. / .. .. .. .. / .. .. .. Px", "Row 2, column 1: “R”"),
        ("Rc Os .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Pxx", "Row 4, column 4: “Pxx”"),
        (
            "Rc Os .. ..\n.. Bt .. ..\n.. .. ..\n.. .. .. Px",
            "Row 3 has 3 cells; a 4×4 board needs 4.",
        ),
        ("Rc Os .. .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Px", "Row 1 has 5 cells"),
        (".. .. .. .. / .. .. .. .. / .. .. .. ..", "The board has 3 rows; a 4×4 board needs 4."),
        (CANONICAL + "\n.. .. .. ..", "The board has 5 rows"),
        ("rc os .. .. .. bt .. .. .. .. .. .. .. px", "I count 14 cells; a 4×4 board needs 16"),
        ("", "That board is blank"),
        ("``` ```", "That board is blank"),
        (" / / ", "That board is blank"),
    ],
)
def test_errors_name_the_row_and_column(text: str, message: str) -> None:
    with pytest.raises(Rejected) as refused:
        parse_board(text, 4)
    assert message in refused.value.message


def test_the_palette_limits_what_is_an_object() -> None:
    text = "Rc Os .. .. / .. Bt .. .. / .. .. .. .. / .. .. .. Px"
    with pytest.raises(Rejected) as refused:
        parse_board(text, 4, Palette(4, 4))
    assert refused.value.message.startswith(
        "Row 2, column 2: “Bt” is not in this game's palette — colours are R O Y G, shapes c s t d."
    )


def test_a_ten_by_ten_board_from_a_collapsed_message() -> None:
    rows = [" ".join(["Rc"] + [".."] * 9)] + [" ".join([".."] * 10)] * 8 + ["Rc " * 9 + "Px"]
    board = parse_board(" ".join(rows).lower(), 10)
    assert board.at(0, 0) == "Rc"
    assert board.at(9, 9) == "Px"
    assert board.count() == 11
    with pytest.raises(Rejected, match=r"Row 2 has 9 cells; a 10×10 board needs 10\."):
        parse_board(" / ".join([rows[0], " ".join([".."] * 9), *rows[2:]]), 10)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    size = draw(st.integers(1, 10))
    cell = st.one_of(st.none(), st.sampled_from(DEFAULT_PALETTE.pieces))
    return Board(size, tuple(draw(st.lists(cell, min_size=size * size, max_size=size * size))))


@given(boards())
def test_round_trip(board: Board) -> None:
    text = format_board(board)
    assert parse_board(text, board.size) == board
    assert parse_board(text.replace("\n", " / "), board.size) == board
    assert parse_board(text.lower().replace("\n", " "), board.size) == board
    assert format_board(parse_board(text, board.size)) == text


NOTATION_ALPHABET = "RrOoYyGgBbPpcstdhxCSTDHXzq./ ,`\n\t"


@given(text=st.one_of(st.text(), st.text(alphabet=NOTATION_ALPHABET)), size=st.integers(1, 10))
def test_random_text_is_read_or_rejected(text: str, size: int) -> None:
    result = _read(text, size)
    if isinstance(result, Board):
        assert result.size == size
    else:
        assert result  # a message for the player


def _read(text: str, size: int) -> Board | str:
    try:
        return parse_board(text, size)
    except Rejected as refused:
        return refused.message
