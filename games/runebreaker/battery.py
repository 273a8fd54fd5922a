"""Can a probe tell two runes apart? Answered on a fixed battery of 4×4 boards.

Players learn what a rune does only from 4×4 probes. Two runes that give the
same result (ERROR included) on every probe are one rune as far as anyone can
tell, and a rune that changes nothing is no rune at all; rounds must not hold
either (DECISIONS: Rune Breaker).

No finite sample proves that two commands are the same function; it only
proves that they differ. So the rule is deliberately one-sided: two runes that
agree on every board of a good battery count as indistinguishable, and the
round is refused. The battery is fixed (seeded per palette) so that the answer
never depends on the match seed, and varied (sparse to crowded boards, few to
many colours and shapes) so that commands that differ almost always differ on
it. A refused round is merely redrawn; an accepted one can always be probed.

How runes are compared:

* a primitive rune is a function from 4×4 boards to 4×4 boards (or ERROR),
  so its results on the battery alone are its fingerprint: two primitives that
  agree there agree inside any probe, whatever else it holds;
* a structural rune acts on its neighbours, so it is compared inside probes
  of up to three commands built with the round's primitive runes: alone,
  before or after one of them, and before or between two of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from games.core import rng
from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import CATALOG, Bound, CommandError, execute
from games.runebreaker.pieces import Palette
from games.runebreaker.rounds import PROBE_SIZE

#: A board's cells after a probe, or None for ERROR.
Result = tuple[Cell, ...] | None
Fingerprint = tuple[Result, ...]

BATTERY_BOARDS = 32
#: Object densities the battery cycles through, sparse to crowded.
_DENSITIES = (0.15, 0.3, 0.45, 0.6, 0.75, 0.9)


@lru_cache(maxsize=16)
def battery(palette: Palette) -> tuple[Board, ...]:
    """The fixed test boards for ``palette``: the same in every match and every run."""
    boards = []
    for number in range(BATTERY_BOARDS):
        draw = rng(0, "runebreaker-battery", palette.colours, palette.shapes, number)
        # Some boards hold only a few colours and shapes (even just one), so
        # commands that act on "the colours on the board" differ from ones
        # naming a colour, and "delete red" from "keep the other colour".
        colours = draw.sample(palette.colour_letters, draw.randint(1, palette.colours))
        shapes = draw.sample(palette.shape_letters, draw.randint(1, palette.shapes))
        density = _DENSITIES[number % len(_DENSITIES)]
        cells = tuple(
            draw.choice(colours) + draw.choice(shapes) if draw.random() < density else None
            for _ in range(PROBE_SIZE * PROBE_SIZE)
        )
        boards.append(Board(PROBE_SIZE, cells))
    return tuple(boards)


def _result(board: Board, program: Sequence[Bound]) -> Result:
    try:
        return execute(board, program).cells
    except CommandError:
        return None


@lru_cache(maxsize=4096)
def fingerprint(program: tuple[Bound, ...], palette: Palette) -> Fingerprint:
    """What ``program`` gives on each battery board. Cached: the generator asks
    about the same few hundred commands over and over."""
    return tuple(_result(board, program) for board in battery(palette))


@lru_cache(maxsize=16)
def unchanged(palette: Palette) -> Fingerprint:
    """The fingerprint of doing nothing."""
    return tuple(board.cells for board in battery(palette))


def is_structural(bound: Bound) -> bool:
    return CATALOG[bound.entry].structural


def always_errors(bound: Bound, palette: Palette) -> bool:
    """A primitive that answers ERROR on every test board (a probe can learn nothing)."""
    if is_structural(bound):
        return False
    return all(result is None for result in fingerprint((bound,), palette))


def _contexts(
    primitives: Sequence[Bound],
) -> Iterator[tuple[tuple[Bound, ...], tuple[Bound, ...]]]:
    """(before, after) around the rune under test, shortest probes first."""
    yield (), ()
    for p in primitives:
        yield (), (p,)
        yield (p,), ()
    for p in primitives:
        for q in primitives:
            yield (), (p, q)
            yield (p,), (q,)


def _probe_fingerprint(program: tuple[Bound, ...], palette: Palette) -> Fingerprint:
    return fingerprint(program, palette) if program else unchanged(palette)


def alike(
    first: Bound, second: Bound | None, primitives: Sequence[Bound], palette: Palette
) -> bool:
    """Whether no probe tells ``first`` from ``second`` (None: from doing nothing).

    ``primitives`` are the round's primitive runes, which probes may put around
    a structural rune.
    """
    if not is_structural(first) and (second is None or not is_structural(second)):
        theirs = fingerprint((second,), palette) if second else unchanged(palette)
        return fingerprint((first,), palette) == theirs
    for before, after in _contexts(primitives):
        with_first = (*before, first, *after)
        with_second = (*before, *((second,) if second else ()), *after)
        if _probe_fingerprint(with_first, palette) != _probe_fingerprint(with_second, palette):
            return False
    return True


def primitives_of(bounds: Sequence[Bound]) -> list[Bound]:
    return [bound for bound in bounds if not is_structural(bound)]
