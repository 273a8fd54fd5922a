"""Properties of the executor over random boards and random bound programs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG, Bound, CommandError, execute, validate_bound
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

PIECES = DEFAULT_PALETTE.pieces


# Empty, full, sparse, half full, and few kinds (so copies and shared colours abound).
_ANY = st.sampled_from(PIECES)
CELL_MIXES = (
    st.none(),
    _ANY,
    st.one_of(st.none(), st.none(), st.none(), _ANY),
    st.one_of(st.none(), _ANY),
    st.one_of(st.none(), st.sampled_from(("Rc", "Rs", "Bc"))),
)


@st.composite
def boards(draw: st.DrawFn, sizes: st.SearchStrategy[int] = st.integers(1, 10)) -> Board:
    size = draw(sizes)
    cell = draw(st.sampled_from(CELL_MIXES))
    cells = draw(st.lists(cell, min_size=size * size, max_size=size * size))
    return Board(size, tuple(cells))


@st.composite
def bounds(draw: st.DrawFn, palette: Palette = DEFAULT_PALETTE) -> Bound:
    entry = CATALOG[draw(st.sampled_from(list(CATALOG)))]
    if entry.distinct:
        values = draw(
            st.lists(
                st.sampled_from(entry.params[0].choices(palette)),
                min_size=len(entry.params),
                max_size=len(entry.params),
                unique=True,
            )
        )
    else:
        values = [draw(st.sampled_from(p.choices(palette))) for p in entry.params]
    return Bound(entry.name, tuple(values))


programs = st.lists(bounds(), max_size=10)


def outcome(board: Board, program: list[Bound]) -> Board | str:
    """The board ``program`` makes, or the reason it answers ERROR."""
    try:
        return execute(board, program)
    except CommandError as error:
        return error.reason


@settings(max_examples=400, deadline=None)
@given(board=boards(), program=programs)
def test_execute_only_ever_raises_command_error_and_keeps_the_size(
    board: Board, program: list[Bound]
) -> None:
    after = outcome(board, program)
    if isinstance(after, str):
        assert after  # a reason players can read
        return
    assert after.size == board.size
    assert len(after.cells) == board.size**2
    assert all(cell is None or cell in PIECES for cell in after.cells)


@given(bound=bounds())
def test_drawn_bounds_validate(bound: Bound) -> None:
    validate_bound(bound)


@settings(max_examples=200, deadline=None)
@given(board=boards(st.sampled_from([4, 8, 10])), bound=bounds())
def test_a_primitive_is_deterministic_and_never_mutates(board: Board, bound: Bound) -> None:
    snapshot = board.cells
    assert outcome(board, [bound]) == outcome(board, [bound])
    assert board.cells == snapshot


@settings(max_examples=200, deadline=None)
@given(board=boards(st.sampled_from([4, 8, 10])), program=programs)
def test_skipping_the_whole_program_is_the_identity(board: Board, program: list[Bound]) -> None:
    """``skip reverse-rest …`` never runs anything, whatever follows."""
    assert execute(board, [Bound("skip"), Bound("reverse-rest"), Bound("grow"), *program]) == board


@given(board=boards(st.sampled_from([4, 8, 10])))
def test_four_quarter_turns_come_back(board: Board) -> None:
    try:
        turned = execute(
            board, [Bound("repeat", (2,)), Bound("repeat", (2,)), Bound("rotate", (90,))]
        )
    except CommandError:
        return
    assert turned == board
