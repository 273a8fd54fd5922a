"""Classic grading: exactness, then precision, then spatiality, over every cell of
the Product each board produces (empties count), then the DMO."""

from __future__ import annotations

import pytest

from games.runebreaker.board import Board
from games.runebreaker.judge import Grade, grade, graded_winner
from games.runebreaker.models import RuneBreakerConfig
from games.runebreaker.notation import format_board
from games.runebreaker.rounds import RoundSpec, Rune

DMO_1 = RuneBreakerConfig(variant="classic", dmo=1)


@pytest.mark.parametrize(
    ("grades", "winner", "criterion"),
    [
        ([Grade(90, 10, 10), Grade(89, 99, 99)], 0, "exactness"),
        ([Grade(90, 95, 10), Grade(90, 96, 10)], 1, "precision"),
        ([Grade(90, 95, 97), Grade(90, 95, 96)], 0, "spatiality"),
        ([Grade(90, 95, 97), Grade(90, 95, 97)], 1, "DMO"),
        ([Grade(0, 0, 0), None], 0, "only one seat"),
        ([None, None], 1, "DMO"),
    ],
)
def test_each_criterion_decides_once_then_the_dmo(
    grades: list[Grade | None], winner: int, criterion: str
) -> None:
    seat, reason = graded_winner(grades, DMO_1)
    assert seat == winner
    assert criterion in reason


# An identity-like round on 4×4 boards keeps the arithmetic easy to follow:
# "rotate 180" twice gives back the board, so the Product is the Reagent.
SPEC = RoundSpec(
    size=4,
    runes=[Rune(symbol="A", entry="rotate", params=[180])],
    sequence=["A", "A"],
    reagent="Rc Rc .. .. / Bs .. .. .. / .. .. .. .. / .. .. .. Gt",
)


def _cells(text: str) -> list[str | None]:
    rows = [row.split() for row in text.split("/")]
    return [None if token == ".." else token for row in rows for token in row]


def test_grading_counts_every_cell_empties_included() -> None:
    assert grade(SPEC, _cells(SPEC.reagent)) == Grade(16, 16, 16)
    # Two objects swapped: 14 cells exact, every content still present, occupancy right.
    swapped = _cells("Rc Bs .. .. / Rc .. .. .. / .. .. .. .. / .. .. .. Gt")
    assert grade(SPEC, swapped) == Grade(14, 16, 16)
    # An object moved to an empty cell: 14 exact, contents all there, 2 cells off.
    moved = _cells("Rc Rc .. .. / .. Bs .. .. / .. .. .. .. / .. .. .. Gt")
    assert grade(SPEC, moved) == Grade(14, 16, 14)
    # A colour wrong: 15 exact, one content missing (and one extra), occupancy right.
    recoloured = _cells("Rc Rc .. .. / Os .. .. .. / .. .. .. .. / .. .. .. Gt")
    assert grade(SPEC, recoloured) == Grade(15, 15, 16)


def test_a_board_the_sequence_cannot_run_on_grades_zero() -> None:
    empty = Board.empty(4)
    assert format_board(empty).count("..") == 16
    assert grade(SPEC, list(empty.cells)) == Grade(0, 0, 0)
