"""What the host used to work out by hand: whether a probe is allowed, what it
gives, whether an answer is correct, and how end-of-round boards grade.

Correctness follows DECISIONS.md: a classic Reagent is correct iff the round's
sequence turns it into exactly the round's Product (players cannot tell boards
that do so from the secret one); a finals sequence is correct iff it turns the
round's Reagent into exactly the round's Product, however it is spelled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from games.core import Rejected, quote
from games.runebreaker.board import Board
from games.runebreaker.commands import CommandError, execute
from games.runebreaker.models import (
    CLASSIC_PROBE_COMMANDS,
    Cells,
    RuneBreakerConfig,
)
from games.runebreaker.rounds import PROBE_SIZE, RoundSpec

#: A finals answer longer than this is surely a typo (sequences are ~3–6 long).
MAX_ANSWER_COMMANDS = 30


class Outcome(NamedTuple):
    """A board after a sequence, or the reason it could not run (ERROR)."""

    product: Board | None
    reason: str | None


def board_of(cells: Cells) -> Board:
    size = int(len(cells) ** 0.5)
    return Board(size, tuple(cells))


def run(spec: RoundSpec, board: Board, symbols: Sequence[str]) -> Outcome:
    try:
        return Outcome(execute(board, spec.program(list(symbols))), None)
    except CommandError as error:
        return Outcome(None, error.reason)


def spell(symbols: Sequence[str]) -> str:
    return " ".join(symbols)


def known_symbols(spec: RoundSpec, symbols: Sequence[str], allowed: Sequence[str]) -> list[str]:
    """The symbols in canonical form; Rejected names any the round does not allow."""
    canonical: list[str] = []
    for symbol in symbols:
        found = spec.symbol_of(symbol)
        if found is None or found not in allowed:
            raise Rejected(
                f"{quote(symbol)} is not one of this round's commands: "
                f"{spell(sorted(set(allowed)))}."
            )
        canonical.append(found)
    return canonical


def check_classic_probe(spec: RoundSpec, symbols: Sequence[str]) -> list[str]:
    """Classic: 1–3 commands that occur in the sequence, never a run of 2 or 3
    consecutive commands of it (the rules' ABCDEFACAD examples)."""
    if not symbols:
        raise Rejected("A probe needs at least one command after the board.")
    if len(symbols) > CLASSIC_PROBE_COMMANDS:
        raise Rejected(
            f"A probe uses at most {CLASSIC_PROBE_COMMANDS} commands; you gave {len(symbols)}."
        )
    canonical = known_symbols(spec, symbols, spec.sequence)
    if is_run_of(canonical, spec.sequence):
        raise Rejected(
            f"{spell(canonical)} is a run of consecutive commands of the sequence "
            f"({spell(spec.sequence)}); reorder or change it."
        )
    return canonical


def is_run_of(probe: Sequence[str], sequence: Sequence[str]) -> bool:
    """Is ``probe`` a run of 2 or more consecutive commands of ``sequence``?"""
    n = len(probe)
    if n < 2:
        return False
    return any(list(sequence[i : i + n]) == list(probe) for i in range(len(sequence) - n + 1))


def check_finals_probe(spec: RoundSpec, symbols: Sequence[str]) -> list[str]:
    """Finals: 1 to n−2 commands from the round's executable commands, any order."""
    limit = max(1, len(spec.runes) - 2)
    if not symbols:
        raise Rejected("A probe needs at least one command after the board.")
    if len(symbols) > limit:
        raise Rejected(
            f"A probe uses at most {limit} commands (n − 2 of the {len(spec.runes)} "
            f"executable commands); you gave {len(symbols)}."
        )
    return known_symbols(spec, symbols, [rune.symbol for rune in spec.runes])


def check_probe_board(cells: Cells) -> Board:
    if len(cells) != PROBE_SIZE * PROBE_SIZE:
        raise Rejected(f"A probe board is {PROBE_SIZE}×{PROBE_SIZE}.")
    return board_of(cells)


def check_answer_sequence(spec: RoundSpec, symbols: Sequence[str]) -> list[str]:
    if not symbols:
        raise Rejected("Your answer needs at least one command.")
    if len(symbols) > MAX_ANSWER_COMMANDS:
        raise Rejected(f"An answer has at most {MAX_ANSWER_COMMANDS} commands.")
    return known_symbols(spec, symbols, [rune.symbol for rune in spec.runes])


def correct_reagent(spec: RoundSpec, cells: Cells) -> bool:
    """Classic: does the round's sequence turn this board into the Product?"""
    return run(spec, board_of(cells), spec.sequence).product == spec.product()


def correct_sequence(spec: RoundSpec, symbols: Sequence[str]) -> bool:
    """Finals: does this sequence turn the round's Reagent into the Product?"""
    return run(spec, spec.reagent_board(), symbols).product == spec.product()


class Grade(NamedTuple):
    """Classic grading, compared in this order; each out of all the board's cells."""

    exactness: int  # same content in the same cell (empties count)
    precision: int  # contents in common, wherever they are (empties count)
    spatiality: int  # cells occupied (or empty) as they should be


def grade(spec: RoundSpec, cells: Cells) -> Grade:
    """How close the Product this board produces comes to the round's Product.

    A board the sequence cannot run on produces nothing, and grades zero."""
    produced = run(spec, board_of(cells), spec.sequence).product
    if produced is None:
        return Grade(0, 0, 0)
    target = spec.product()
    exact = sum(a == b for a, b in zip(produced.cells, target.cells, strict=True))
    common = Counter(produced.cells) & Counter(target.cells)
    spatial = sum(
        (a is None) == (b is None) for a, b in zip(produced.cells, target.cells, strict=True)
    )
    return Grade(exact, sum(common.values()), spatial)


def graded_winner(grades: Sequence[Grade | None], config: RuneBreakerConfig) -> tuple[int, str]:
    """The seat that wins a graded round, and which criterion decided it.
    A missing board ranks below any board; all tied → the DMO."""
    a, b = grades
    if a is None and b is None:
        return config.dmo, "neither seat submitted a board; the DMO takes the round"
    if a is None or b is None:
        seat = 0 if b is None else 1
        return seat, "only one seat submitted a board"
    for index, name in enumerate(Grade._fields):
        if a[index] != b[index]:
            return (0 if a[index] > b[index] else 1), f"{name}: {a[index]} to {b[index]}"
    return config.dmo, "exactness, precision and spatiality all tied; the DMO takes the round"
