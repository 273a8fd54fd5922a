"""Which probe to make: the one whose result would split the commands a rune
may still stand for most evenly (fewest left, expected), among a few drawn
boards and ways of placing the rune.

A rune that may be structural (it answers ERROR alone) is probed beside a
rune already known to be a primitive, where skip, repeat, reverse-rest and
again each show something different.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence

from bot.demo.runes.knowledge import Result, kinds, shown
from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG, Bound
from games.runebreaker.pieces import Palette

#: How full a drawn probe board is, at least and at most.
DENSITY = (0.3, 0.8)
#: Known primitive runes a possibly structural rune is tried beside, at most.
PARTNERS = 2
#: Candidates a board is weighed on, at most (a sample of them, drawn once per probe).
WEIGHED = 40

Probe = tuple[Board, tuple[str, ...]]


def target(
    known: Mapping[str, Sequence[Bound]],
    palette: Palette,
    avoid: Collection[str] = (),
    passed: int = 0,
) -> str:
    """The rune least known (the first such, in the order given), leaving out those
    in ``avoid`` (probed already, results not back) and the first ``passed``
    (probes of them answered ERROR, which the finals tell no one but the seat's
    own channel)."""
    left = {symbol: kinds(bounds, palette) for symbol, bounds in known.items()}
    ranked = sorted(known, key=lambda symbol: -left[symbol])
    open_runes = [s for s in ranked if left[s] > 1 and s not in avoid]
    return open_runes[passed % len(open_runes)] if open_runes else ranked[0]


def draw_board(draw: random.Random, palette: Palette, stock: Sequence[str]) -> Board:
    """A 4×4 board, its objects mostly like those on the round's boards."""
    density = draw.uniform(*DENSITY)
    pool = list(stock) if stock and draw.random() < 0.6 else list(palette.pieces)
    cells = tuple(draw.choice(pool) if draw.random() < density else None for _ in range(16))
    return Board(4, cells)


def _primitive_known(known: Mapping[str, Sequence[Bound]]) -> list[str]:
    return [
        symbol
        for symbol, bounds in known.items()
        if len(bounds) == 1 and not CATALOG[bounds[0].entry].structural
    ]


def _shapes(symbol: str, known: Mapping[str, Sequence[Bound]]) -> list[tuple[str, ...]]:
    """The ways to probe ``symbol``: alone, and beside each primitive already known
    when it may be structural."""
    shapes: list[tuple[str, ...]] = [(symbol,)]
    if any(CATALOG[b.entry].structural for b in known[symbol]):
        for other in _primitive_known(known)[:PARTNERS]:
            shapes += [(symbol, other), (other, symbol)]
    return shapes


def _programs(
    shape: tuple[str, ...],
    symbol: str,
    weighed: Sequence[Bound],
    known: Mapping[str, Sequence[Bound]],
) -> list[tuple[Bound, ...]]:
    """The probe ``shape`` as commands, one program per meaning of ``symbol``
    weighed (the others in ``shape`` are known: their first candidate)."""
    fixed = {s: known[s][0] for s in shape if s != symbol}
    return [tuple(bound if s == symbol else fixed[s] for s in shape) for bound in weighed]


def _squares(
    board: Board, programs: Sequence[tuple[Bound, ...]], ceiling: int | None
) -> int | None:
    """Of the commands weighed (one program each), how many this probe would keep,
    expected, times the number weighed: the sum of each result's count squared
    (only the weighed rune's meaning decides the result). None as soon as it
    reaches ``ceiling``: it only grows, so that probe cannot be the best, and the
    rest of its results need not be run."""
    # Uncached: a drawn board is met once, and remembering each of its results
    # would cost more than the rare one asked again.
    results: dict[Result, int] = {}
    squares = 0
    for program in programs:
        result = shown(board, program)
        had = results.get(result, 0)
        results[result] = had + 1
        squares += 2 * had + 1  # (n + 1)² - n²
        if ceiling is not None and squares >= ceiling:
            return None
    return squares


def choose(
    known: Mapping[str, Sequence[Bound]],
    palette: Palette,
    stock: Sequence[str],
    boards: int,
    draw: random.Random,
    allowed: Callable[[tuple[str, ...]], bool],
    avoid: Collection[str] = (),
    passed: int = 0,
) -> Probe:
    """The best of ``boards`` drawn boards for the rune least known, in every
    allowed way of probing it."""
    symbol = target(known, palette, avoid, passed)
    shapes = [shape for shape in _shapes(symbol, known) if allowed(shape)] or [(symbol,)]
    bounds = known[symbol]
    weighed = draw.sample(bounds, WEIGHED) if len(bounds) > WEIGHED else bounds
    # Scores are compared as sums of squares over the same ``weighed``: the
    # expected count times one number, so the order is the same.
    # The programs are the same on every board: built once.
    programs = [(shape, _programs(shape, symbol, weighed, known)) for shape in shapes]
    best: tuple[int, Probe] | None = None
    for _ in range(max(1, boards)):
        board = draw_board(draw, palette, stock)
        for shape, shaped in programs:
            squares = _squares(board, shaped, best and best[0])
            if squares is not None and (best is None or squares < best[0]):
                best = (squares, (board, shape))
    assert best is not None
    return best[1]
