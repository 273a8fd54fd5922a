"""Rounds drawn from the match seed, for every round a rune-set file does not fix.

A draw is deterministic in (seed, round number, variant, palette): attempt k
of round r uses ``rng(seed, "round", r, k)`` and nothing else, and the first
attempt that passes every check of :mod:`games.runebreaker.soundness` is the
round. An attempt:

1. picks the colours and shapes its Reagent will hold (three or more of each);
2. binds runes to distinct catalog commands, parameters drawn mostly from
   those colours and shapes, keeping only runes a 4×4 probe can tell from
   nothing and from each other (fingerprints are cached per command, so this
   costs almost nothing after the first few rounds); sometimes one rune is
   a structural command;
3. fills a Reagent Board about half full;
4. draws a few sequences over the runes (classic: every rune at least once,
   with repeats; finals: some of the Executable Commands) and keeps the first
   that never errors, changes the board, leaves objects to look at, and has
   no dead command.

Anything that fails makes the attempt give up; the next attempt starts afresh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import rng
from games.runebreaker import battery
from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG, Bound, Entry, Param, Value
from games.runebreaker.notation import format_board
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette
from games.runebreaker.rounds import BOARD_SIZES, SYMBOLS, RoundSpec, Rune, Variant
from games.runebreaker.soundness import check_round, dead_positions, outcome

__all__ = ["check_round", "generate_round"]


@dataclass(frozen=True)
class _Plan:
    """How big a variant's rounds are: runes bound, and sequence length (inclusive ranges)."""

    runes: tuple[int, int]
    length: tuple[int, int]


_PLANS: dict[Variant, _Plan] = {
    # The rules' example sequence has 9 symbols with repeats: A S # 9 @ R 9 Q 3.
    "classic": _Plan(runes=(5, 8), length=(7, 10)),
    # Finals: 6–9 Executable Commands, a sequence of some of them.
    "finals": _Plan(runes=(6, 9), length=(3, 6)),
}
STRUCTURAL_CHANCE = 0.35
#: Share of the Reagent's cells that hold an object.
DENSITY = (0.4, 0.62)
#: A parameter naming a colour or shape picks one on the Reagent this often.
ON_BOARD_CHANCE = 0.85
FINALS_REPEAT_CHANCE = 0.2
#: A Product with fewer objects shows players too little.
MIN_PRODUCT_OBJECTS = 6
SEQUENCE_TRIES = 12
PARAM_TRIES = 4
MAX_ATTEMPTS = 1000

_PRIMITIVES: tuple[Entry, ...] = tuple(e for e in CATALOG.values() if not e.structural)
_STRUCTURAL: tuple[Entry, ...] = tuple(e for e in CATALOG.values() if e.structural)


def generate_round(
    seed: int, round_no: int, variant: Variant, palette: Palette = DEFAULT_PALETTE
) -> RoundSpec:
    """Round ``round_no`` of a match with ``seed``: the same round every time."""
    for attempt in range(MAX_ATTEMPTS):
        spec = _attempt(rng(seed, "round", round_no, attempt), variant, palette)
        if spec is not None:
            return spec
    # Never seen: a typical round takes a handful of attempts.
    raise RuntimeError(f"no {variant} round found for seed {seed}, round {round_no}")


@dataclass(frozen=True)
class _Stock:
    """The colours and shapes this attempt's Reagent holds."""

    colours: tuple[str, ...]
    shapes: tuple[str, ...]


def _attempt(draw: random.Random, variant: Variant, palette: Palette) -> RoundSpec | None:
    plan = _PLANS[variant]
    count = draw.randint(*plan.runes)
    stock = _draw_stock(draw, palette)
    structural = draw.random() < STRUCTURAL_CHANCE
    bounds = _draw_primitives(draw, count - int(structural), stock, palette)
    if bounds is None:
        return None
    if structural:
        extra = _draw_structural(draw, bounds, palette)
        if extra is None:
            return None
        bounds.insert(draw.randrange(len(bounds) + 1), extra)
    symbols = draw.sample(SYMBOLS, count)
    bindings = dict(zip(symbols, bounds, strict=True))
    reagent = _draw_reagent(draw, BOARD_SIZES[variant], stock)
    for _ in range(SEQUENCE_TRIES):
        sequence = _draw_sequence(draw, symbols, variant, plan)
        if _plays(reagent, [bindings[symbol] for symbol in sequence]):
            return RoundSpec(
                size=reagent.size,
                runes=[Rune.of(symbol, bound) for symbol, bound in bindings.items()],
                sequence=sequence,
                reagent=format_board(reagent),
            )
    return None


def _draw_stock(draw: random.Random, palette: Palette) -> _Stock:
    colours = draw.sample(
        palette.colour_letters, draw.randint(min(3, palette.colours), palette.colours)
    )
    shapes = draw.sample(
        palette.shape_letters, draw.randint(min(3, palette.shapes), palette.shapes)
    )
    return _Stock(tuple(colours), tuple(shapes))


# -- runes -------------------------------------------------------------------------


def _pool(param: Param, stock: _Stock, palette: Palette, draw: random.Random) -> Sequence[Value]:
    """The values to draw ``param`` from: mostly what is on the Reagent."""
    on_board = draw.random() < ON_BOARD_CHANCE
    if param.kind == "colour" and on_board:
        return stock.colours
    if param.kind == "shape" and on_board:
        return stock.shapes
    if param.kind == "piece" and on_board:
        return [c + s for c in stock.colours for s in stock.shapes]
    return param.choices(palette)


def _draw_params(
    draw: random.Random, entry: Entry, stock: _Stock, palette: Palette
) -> tuple[Value, ...]:
    if entry.distinct:
        # Distinct parameters share one kind (recolour R B): draw them together.
        pool = _pool(entry.params[0], stock, palette, draw)
        if len(pool) < len(entry.params):
            pool = entry.params[0].choices(palette)
        return tuple(draw.sample(list(pool), len(entry.params)))
    return tuple(draw.choice(list(_pool(param, stock, palette, draw))) for param in entry.params)


def _probe_ready(bound: Bound, chosen: Sequence[Bound], palette: Palette) -> bool:
    """A primitive a probe can show, and tell from every rune chosen so far."""
    if battery.always_errors(bound, palette) or battery.alike(bound, None, (), palette):
        return False
    return not any(battery.alike(bound, other, (), palette) for other in chosen)


def _draw_primitives(
    draw: random.Random, count: int, stock: _Stock, palette: Palette
) -> list[Bound] | None:
    """``count`` primitive runes, each a different catalog command."""
    chosen: list[Bound] = []
    for entry in draw.sample(_PRIMITIVES, len(_PRIMITIVES)):
        for _ in range(PARAM_TRIES):
            bound = Bound(entry.name, _draw_params(draw, entry, stock, palette))
            if _probe_ready(bound, chosen, palette):
                chosen.append(bound)
                break
        if len(chosen) == count:
            return chosen
    return None


def _draw_structural(
    draw: random.Random, primitives: Sequence[Bound], palette: Palette
) -> Bound | None:
    entry = draw.choice(_STRUCTURAL)
    bound = Bound(entry.name, tuple(draw.choice(p.choices(palette)) for p in entry.params))
    if battery.alike(bound, None, primitives, palette):
        return None
    if any(battery.alike(bound, other, primitives, palette) for other in primitives):
        return None
    return bound


# -- the Reagent and the sequence -----------------------------------------------------


def _draw_reagent(draw: random.Random, size: int, stock: _Stock) -> Board:
    density = draw.uniform(*DENSITY)
    cells = tuple(
        draw.choice(stock.colours) + draw.choice(stock.shapes) if draw.random() < density else None
        for _ in range(size * size)
    )
    return Board(size, cells)


def _draw_sequence(
    draw: random.Random, symbols: Sequence[str], variant: Variant, plan: _Plan
) -> list[str]:
    if variant == "classic":
        # Every rune at least once: players may probe only the sequence's commands.
        length = draw.randint(max(plan.length[0], len(symbols)), plan.length[1])
        sequence = [*symbols, *draw.choices(symbols, k=length - len(symbols))]
        draw.shuffle(sequence)
        return sequence
    length = draw.randint(*plan.length)
    sequence = draw.sample(list(symbols), length)
    if length < plan.length[1] and draw.random() < FINALS_REPEAT_CHANCE:
        sequence.insert(draw.randrange(length + 1), draw.choice(sequence))
    return sequence


def _plays(reagent: Board, program: Sequence[Bound]) -> bool:
    """No ERROR, a changed board with objects left to see, and no dead command."""
    product = outcome(reagent, program)
    if product is None or product == reagent or product.count() < MIN_PRODUCT_OBJECTS:
        return False
    return next(dead_positions(reagent, program, product), None) is None
