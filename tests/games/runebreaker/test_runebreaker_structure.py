"""Structural commands: skip, repeat, again and reverse-rest, alone and nested."""

from __future__ import annotations

import pytest

from games.runebreaker.board import Board
from games.runebreaker.commands import Bound, execute
from tests.games.runebreaker.commands_support import SIZES, error_of, run, stretch

# One red circle in the top-left corner: shifts move it where we can count.
CORNER = "Rc *\n~"
# Two objects whose final colours tell the order two recolours ran in.
TWO = "Rc Os *\n~"

WHERE_IT_ENDS = [
    ("", (0, 0)),
    ("shift right 1; shift right 1", (0, 2)),
    ("repeat 2; shift right 1", (0, 2)),
    ("repeat 3; shift down 1", (3, 0)),
    ("repeat 2; shift right 1; shift down 1", (1, 2)),
    # skip and repeat act on the next step, structural ones with what they act on.
    ("skip; shift right 1", (0, 0)),
    ("skip; shift right 1; shift down 1", (1, 0)),
    ("skip; repeat 2; shift right 1; shift down 1", (1, 0)),
    ("repeat 2; skip; shift right 1; shift down 1", (1, 0)),
    ("skip; skip; shift right 1; shift down 1", (1, 0)),
    ("repeat 3; skip; shift down 1", (0, 0)),
    ("skip; reverse-rest; shift right 1; shift down 1", (0, 0)),
    # again: the last primitive that actually ran, once more.
    ("shift right 1; again", (0, 2)),
    ("shift right 1; again; again", (0, 3)),
    ("shift right 1; repeat 2; again", (0, 3)),
    ("shift right 1; skip; shift down 1; again", (0, 2)),
    ("shift down 1; repeat 2; shift right 1; again", (1, 3)),
    # reverse-rest: the rest read backwards, as a sequence of its own.
    ("reverse-rest; shift right 1; repeat 2", (0, 2)),
    ("repeat 2; reverse-rest; shift right 1; shift down 1", (2, 2)),
    ("shift right 1; reverse-rest; again; shift down 1", (2, 1)),
    ("reverse-rest; shift down 1; reverse-rest; shift right 1; shift right 1", (1, 2)),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("program", "cell"), WHERE_IT_ENDS)
def test_where_the_object_ends(program: str, cell: tuple[int, int], size: int) -> None:
    after = run(program, stretch(CORNER, size))
    assert after.count() == 1
    assert after.at(*cell) == "Rc"


ORDERS = [
    ("recolour R O; recolour O Y", "Yc Ys *\n~"),
    ("reverse-rest; recolour R O; recolour O Y", "Oc Ys *\n~"),
    ("recolour O Y; reverse-rest; recolour O Y; recolour R O", "Yc Ys *\n~"),
    # Backwards the skip falls on "recolour O Y".
    ("reverse-rest; recolour O Y; skip; recolour R O", "Oc Os *\n~"),
    ("repeat 2; repeat 3; cycle-colours", TWO),
    ("repeat 3; cycle-colours", "Oc Rs *\n~"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("program", "after"), ORDERS)
def test_order_of_running(program: str, after: str, size: int) -> None:
    assert run(program, stretch(TWO, size)) == stretch(after, size)


STRUCTURE_ERRORS = [
    ("skip", "skip has nothing after it to act on"),
    ("repeat 2", "repeat has nothing after it to act on"),
    ("reverse-rest", "reverse-rest has nothing after it to act on"),
    ("shift right 1; skip", "skip has nothing after it"),
    ("repeat 2; skip", "skip has nothing after it"),
    ("skip; repeat 3", "repeat has nothing after it"),
    ("skip; reverse-rest", "reverse-rest has nothing after it"),
    ("skip; skip", "skip has nothing after it"),
    # Read backwards, the repeat comes last with nothing after it.
    ("reverse-rest; repeat 2; shift right 1", "repeat has nothing after it"),
    ("reverse-rest; reverse-rest; shift right 1", "reverse-rest has nothing after it"),
    ("again", "again has no earlier command to repeat"),
    ("again; shift right 1", "again has no earlier command"),
    ("skip; shift right 1; again", "again has no earlier command"),
    ("repeat 2; again", "again has no earlier command"),
    ("reverse-rest; shift right 1; again", "again has no earlier command"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("program", "reason"), STRUCTURE_ERRORS)
def test_structure_errors(program: str, reason: str, size: int) -> None:
    assert reason in error_of(program, stretch(CORNER, size))


PRECONDITIONS = [
    # Each primitive checks its ERROR on the board as it is at that point.
    ("delete-colour R; recolour R B", "no red object to recolour"),
    ("repeat 2; gravity down", "nothing would fall down"),
    ("gravity down; again", "nothing would fall down"),
    ("reverse-rest; recolour R B; delete-colour R", "no red object to recolour"),
    ("skip; delete-colour R; recolour R B; again", "no red object to recolour"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("program", "reason"), PRECONDITIONS)
def test_preconditions_are_checked_in_order(program: str, reason: str, size: int) -> None:
    assert reason in error_of(program, stretch(CORNER, size))


def test_a_skipped_command_never_checks_its_precondition() -> None:
    board = stretch(CORNER, 4)
    assert run("skip; recolour B G", board) == board
    assert run("repeat 2; skip; gravity left", board) == board


def test_the_cut_off_happens_at_each_step() -> None:
    board = stretch(CORNER, 4)
    assert run("repeat 3; shift right 1", board).at(0, 3) == "Rc"
    assert "no object would stay" in error_of("repeat 2; repeat 2; shift right 1", board)
    assert run("repeat 2; repeat 2; shift right 1", stretch(CORNER, 8)).at(0, 4) == "Rc"


def test_execute_takes_any_sequence_and_leaves_its_input_alone() -> None:
    board = stretch(CORNER, 4)
    program = (Bound("shift", ("right", 1)), Bound("repeat", (2,)), Bound("again"))
    assert execute(board, program) == execute(board, list(program))
    assert board == stretch(CORNER, 4)


def test_an_unknown_command_is_a_bug_not_an_error() -> None:
    with pytest.raises(ValueError, match="not a primitive command"):
        execute(Board.empty(4), [Bound("teleport")])


def test_nested_repeats_stop_at_the_step_budget() -> None:
    """Thirty nested repeats would run for hours: the run stops at the budget with
    an ERROR instead, whatever the repeated command is (even one that skips)."""
    from games.runebreaker.board import Board
    from games.runebreaker.commands import Bound, CommandError, execute
    from games.runebreaker.commands.executor import MAX_STEPS

    board = Board.from_rows([["Rc", None, None, None], [None] * 4, [None] * 4, [None] * 4])
    for tail in (Bound("skip", ()), Bound("rotate", (90,))):
        program = [Bound("repeat", (3,))] * 29 + [tail, Bound("rotate", (90,))]
        with pytest.raises(CommandError, match=f"more than {MAX_STEPS} steps"):
            execute(board, program)
    # Within the budget, repeats still multiply as defined.
    four = [Bound("repeat", (2,)), Bound("repeat", (2,)), Bound("rotate", (90,))]
    assert execute(board, four) == board
