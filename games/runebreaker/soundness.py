"""Does a round play? The checks every round must pass, generated or written by a host.

* Its Reagent Board has the variant's size (10×10 classic, 8×8 finals).
* Classic: every rune is used in the sequence (players may only probe with
  the sequence's commands, so another rune would be noise).
* The sequence never gives ERROR on the Reagent, and changes it.
* No dead command: removing any ONE symbol of the sequence changes the
  Product (an ERROR after the removal counts as a change).
* Every rune can be probed: none acts like doing nothing, none answers ERROR
  on every test board, and no two give the same results
  (:mod:`games.runebreaker.battery` says how that is decided, and why an
  agreement on the battery counts as indistinguishable).

Problems are worded for hosts and players, naming symbols and what they mean.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeAlias

from games.core import Rejected
from games.runebreaker import battery
from games.runebreaker.board import Board
from games.runebreaker.commands import (
    Bound,
    CommandError,
    apply_primitive,
    execute,
    validate_bound,
)
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette
from games.runebreaker.rounds import BOARD_SIZES, RoundSpec, Variant

ProblemKind: TypeAlias = Literal[
    "size",
    "few",
    "palette",
    "board",
    "unused",
    "error",
    "no-op",
    "dead",
    "idle",
    "always-error",
    "alike",
]
#: Structural commands that act on what follows them: a sequence cut short
#: after one of them errors for that reason alone.
_WAITS_FOR_NEXT = frozenset({"skip", "repeat", "reverse-rest"})
#: Finals probes hold up to n − 2 of the n Executable Commands: n ≥ 3.
FINALS_MIN_RUNES = 3


@dataclass(frozen=True)
class Problem:
    """Why a round does not play. ``symbols`` are the runes at fault (a rune-set
    file points at their lines); ``position`` is a 0-based sequence index."""

    kind: ProblemKind
    message: str
    symbols: tuple[str, ...] = ()
    position: int | None = None


def check_round(spec: RoundSpec, variant: Variant, palette: Palette = DEFAULT_PALETTE) -> list[str]:
    """Every problem with ``spec``, in words; an empty list means the round plays."""
    return [problem.message for problem in round_problems(spec, variant, palette)]


def round_problems(
    spec: RoundSpec, variant: Variant, palette: Palette = DEFAULT_PALETTE
) -> list[Problem]:
    problems: list[Problem] = []
    size = BOARD_SIZES[variant]
    if spec.size != size:
        problems.append(
            Problem(
                "size",
                f"A {variant} round is played on {size}×{size} boards, "
                f"not {spec.size}×{spec.size}.",
            )
        )
    if variant == "classic":
        problems += _unused_runes(spec)
    elif len(spec.runes) < FINALS_MIN_RUNES:
        problems.append(
            Problem(
                "few",
                f"A finals round needs at least {FINALS_MIN_RUNES} Executable Commands "
                f"(probes use up to n − 2 of them), not {len(spec.runes)}.",
            )
        )
    problems += _palette_problems(spec, palette)
    try:
        reagent = spec.reagent_board(palette)
    except Rejected as bad:
        problems.append(Problem("board", f"The Reagent Board is not readable: {bad.message}"))
    else:
        problems += sequence_problems(reagent, spec.sequence, spec.bindings())
    problems += rune_problems(spec.bindings(), palette)
    return problems


def name(symbol: str, bound: Bound) -> str:
    """``"`A` (rotate 90° clockwise)"``."""
    return f"`{symbol}` ({bound.describe()})"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _palette_problems(spec: RoundSpec, palette: Palette) -> list[Problem]:
    """Runes naming a colour, shape or object the match's palette leaves out."""
    problems = []
    for rune in spec.runes:
        try:
            validate_bound(rune.bound(), palette)
        except ValueError as bad:
            problems.append(Problem("palette", f"Rune `{rune.symbol}`: {bad}.", (rune.symbol,)))
    return problems


def _unused_runes(spec: RoundSpec) -> list[Problem]:
    used = set(spec.sequence)
    return [
        Problem(
            "unused",
            f"Rune {name(rune.symbol, rune.bound())} is not in the sequence; in the Death "
            "Match players may only probe with the sequence's commands, so bind only those.",
            (rune.symbol,),
        )
        for rune in spec.runes
        if rune.symbol not in used
    ]


# -- the sequence on the Reagent -------------------------------------------------------


def outcome(board: Board, program: Sequence[Bound]) -> Board | None:
    """``board`` after ``program``, or None for ERROR."""
    try:
        return run(board, program)
    except CommandError:
        return None


def run(board: Board, program: Sequence[Bound]) -> Board:
    """``execute``, remembering each primitive's result: checking a round runs its
    sequence again with each symbol left out, so the same commands meet the same
    boards over and over (and the generator checks several sequences on one
    Reagent, then hands the round to ``check_round``)."""
    return execute(board, program, _remembered)


def _remembered(board: Board, bound: Bound) -> Board:
    result = _primitive_result(board, bound)
    if isinstance(result, str):
        raise CommandError(result)
    return result


@lru_cache(maxsize=8192)
def _primitive_result(board: Board, bound: Bound) -> Board | str:
    """A primitive's Board, or the reason it answers ERROR."""
    try:
        return apply_primitive(board, bound)
    except CommandError as error:
        return error.reason


def dead_positions(reagent: Board, program: Sequence[Bound], product: Board) -> Iterator[int]:
    """Indexes of commands whose removal leaves the Product as it was."""
    for index in range(len(program)):
        shorter = [*program[:index], *program[index + 1 :]]
        if outcome(reagent, shorter) == product:
            yield index


def sequence_problems(
    reagent: Board, sequence: Sequence[str], bindings: dict[str, Bound]
) -> list[Problem]:
    program = [bindings[symbol] for symbol in sequence]
    try:
        product = run(reagent, program)
    except CommandError as error:
        return [_error_problem(reagent, sequence, program, error)]
    if product == reagent:
        spelled = " ".join(sequence)
        return [Problem("no-op", f"The sequence {spelled} leaves the Reagent Board as it was.")]
    return [
        Problem(
            "dead",
            f"The {_ordinal(index + 1)} symbol of the sequence, "
            f"{name(sequence[index], program[index])}, is dead: the Product is the same "
            "without it.",
            (sequence[index],),
            index,
        )
        for index in dead_positions(reagent, program, product)
    ]


def _error_problem(
    reagent: Board, sequence: Sequence[str], program: Sequence[Bound], error: CommandError
) -> Problem:
    spelled = " ".join(sequence)
    at = _error_position(reagent, program)
    if at is None:
        return Problem(
            "error", f"The sequence {spelled} gives ERROR on the Reagent Board: {error.reason}."
        )
    return Problem(
        "error",
        f"The sequence {spelled} gives ERROR on the Reagent Board at its {_ordinal(at + 1)} "
        f"symbol, {name(sequence[at], program[at])}: {error.reason}.",
        (sequence[at],),
        at,
    )


def _error_position(reagent: Board, program: Sequence[Bound]) -> int | None:
    """Where the sequence first fails, read left to right. Unknown (None) past a
    reverse-rest, which changes the reading order."""
    for end in range(1, len(program) + 1):
        last = program[end - 1].entry
        if last == "reverse-rest":
            return None
        if last not in _WAITS_FOR_NEXT and outcome(reagent, program[:end]) is None:
            return end - 1
    return None


# -- the runes on 4×4 probes -------------------------------------------------------


def rune_problems(bindings: dict[str, Bound], palette: Palette) -> list[Problem]:
    problems: list[Problem] = []
    primitives = battery.primitives_of(list(bindings.values()))
    seen: list[tuple[str, Bound]] = []
    for symbol, bound in bindings.items():
        problem = _lone_rune_problem(symbol, bound, primitives, palette)
        if problem is not None:
            problems.append(problem)
            continue
        for other_symbol, other in seen:
            if battery.alike(bound, other, primitives, palette):
                problems.append(
                    Problem(
                        "alike",
                        f"Runes {name(other_symbol, other)} and {name(symbol, bound)} give "
                        "the same result on every 4×4 test board: no probe could tell them "
                        "apart.",
                        (other_symbol, symbol),
                    )
                )
        seen.append((symbol, bound))
    return problems


def _lone_rune_problem(
    symbol: str, bound: Bound, primitives: Sequence[Bound], palette: Palette
) -> Problem | None:
    if battery.always_errors(bound, palette):
        return Problem(
            "always-error",
            f"Rune {name(symbol, bound)} gives ERROR on every 4×4 test board: a probe "
            "could never show what it does.",
            (symbol,),
        )
    if battery.alike(bound, None, primitives, palette):
        return Problem(
            "idle",
            f"Rune {name(symbol, bound)} leaves every 4×4 test board as it was: it acts "
            "like doing nothing.",
            (symbol,),
        )
    return None
