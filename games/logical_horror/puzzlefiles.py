"""Puzzle files: Logical Horror puzzles a host writes by hand
(docs/logical-horror-puzzles.md).

A line-oriented format. Each line starts with a keyword — ``size``,
``format``, ``colour`` (or ``color``), ``grid`` — or is one row of the grid
under the ``grid`` line. ``//`` starts a comment, anywhere on a line (not
``#``: a text board uses ``#`` for a shaded cell).

The loader solves the puzzle and keeps it only if exactly one shading fits
the format and every clue; anything else is a :class:`PuzzleFileError`
naming the line at fault and saying why — with both shadings drawn when
there are two. A puzzle given whole instead of a file (the settings or a
match's options) is held to the same standard by :func:`prove_given`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from games.logical_horror.formats import FORMATS, cell_name
from games.logical_horror.puzzle import MAX_SIDE, MIN_SIDE, Clue, Puzzle, Shading
from games.logical_horror.rules import COLOURS, RULES, solves
from games.logical_horror.solver import Parts, ShadingSolver, solutions

COMMENT = "//"
LETTERS: dict[str, str] = {colour[0].upper(): colour for colour in COLOURS}
_SIZE = re.compile(r"(\d+)(?:\s*[x×]\s*(\d+))?", re.IGNORECASE)
_COLOUR = re.compile(r"(\w+)\s*(?:=|:|\s)\s*(\S+)")
_CELL = re.compile(r"([A-Za-z])(\d*)")


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"Line {line}: {message}")
        self.line = line
        self.message = message


@dataclass
class _Read:
    """What the file said, with the line each part came from."""

    last_line: int = 1
    size: tuple[int, int] | None = None
    format: str | None = None
    rules: dict[str, str] = field(default_factory=dict)
    rule_lines: dict[str, int] = field(default_factory=dict)
    grid_line: int = 0
    clues: list[Clue] = field(default_factory=list)
    clue_lines: list[int] = field(default_factory=list)


def load_puzzle(text: str) -> Puzzle:
    """The puzzle in ``text``, its one solution found and proven unique."""
    read = _parse(text)
    assert read.size is not None
    assert read.format is not None
    parts = Parts(read.size[0], read.size[1], read.format, read.clues, read.rules)
    _check_clues(parts, read)
    found = solutions(parts, 2)
    if not found:
        raise PuzzleFileError(read.grid_line, _no_answer(parts))
    if len(found) == 2:
        raise PuzzleFileError(read.grid_line, _two_answers(parts, found[0], found[1]))
    return Puzzle(
        height=parts.height,
        width=parts.width,
        format=parts.format,
        clues=read.clues,
        rules=read.rules,
        solution=list(found[0]),
    )


class GivenPuzzleError(ValueError):
    """A puzzle given whole (the settings or a match's options) that cannot be
    used; the message says why, in a host's words."""


def prove_given(puzzle: Puzzle) -> None:
    """Hold a puzzle given whole to a file's standard: known format and rules, a
    solution that fits the format and every clue, and no other shading that does
    (a SAT search). :class:`GivenPuzzleError` otherwise, drawing both answers."""
    if puzzle.format not in FORMATS:
        raise GivenPuzzleError(
            f"unknown format {puzzle.format!r}; the formats are {', '.join(FORMATS)}."
        )
    for colour, rule in puzzle.rules.items():
        if rule not in RULES:
            raise GivenPuzzleError(
                f"{colour}'s rule {rule!r} is unknown; the rules are {', '.join(RULES)}."
            )
    if not solves(puzzle, puzzle.solution):
        raise GivenPuzzleError("its solution breaks the format or a clue.")
    given = tuple(puzzle.solution)
    other = next((found for found in solutions(puzzle, 2) if found != given), None)
    if other is not None:
        raise GivenPuzzleError(
            f"it has more than one solution (another differs at "
            f"{', '.join(_differing(puzzle.width, given, other))}); add or change clues "
            "so that only one shading fits the format and every clue:\n```\n"
            + side_by_side(
                ("the solution given", board_text(puzzle, given)),
                ("another", board_text(puzzle, other)),
            )
            + "\n```"
        )


def _parse(text: str) -> _Read:
    read = _Read()
    lines = [
        (number, line.split(COMMENT, 1)[0].strip())
        for number, line in enumerate(text.splitlines(), start=1)
    ]
    read.last_line = max(1, len(lines))
    rows = iter([(n, line) for n, line in lines if line])
    for number, line in rows:
        word, _, rest = line.partition(" ")
        keyword, rest = word.lower(), rest.strip()
        if keyword == "size":
            read.size = _size(number, rest)
        elif keyword == "format":
            read.format = _format(number, rest)
        elif keyword in ("colour", "color"):
            _colour(number, rest, read)
        elif keyword == "grid":
            _grid(number, rows, read)
        else:
            raise PuzzleFileError(
                number, f"unknown keyword {word!r}: lines start with size, format, colour or grid"
            )
    for missing, value in (("size", read.size), ("format", read.format)):
        if value is None:
            raise PuzzleFileError(read.last_line, f"the file has no {missing!r} line")
    if not read.grid_line:
        raise PuzzleFileError(read.last_line, "the file has no 'grid'")
    for colour, at in read.rule_lines.items():
        if not any(clue.colour == colour for clue in read.clues):
            raise PuzzleFileError(at, f"{colour} has a rule but no clue in the grid")
    return read


def _size(number: int, rest: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(rest)
    if not match:
        raise PuzzleFileError(number, f"write the size as 'size 10' or 'size 8x10', not {rest!r}")
    height = int(match.group(1))
    width = int(match.group(2) or height)
    for side in (height, width):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise PuzzleFileError(number, f"a side is {MIN_SIDE} to {MAX_SIDE} cells, not {side}")
    return height, width


def _format(number: int, rest: str) -> str:
    key = rest.lower()
    if key not in FORMATS:
        raise PuzzleFileError(
            number, f"unknown format {rest!r}; the formats are {', '.join(FORMATS)}"
        )
    return key


def _colour(number: int, rest: str, read: _Read) -> None:
    match = _COLOUR.fullmatch(rest)
    if not match:
        raise PuzzleFileError(
            number, f"write a colour's rule as 'colour red = sightline', not {rest!r}"
        )
    colour, rule = match.group(1).lower(), match.group(2).lower()
    if colour not in COLOURS:
        raise PuzzleFileError(
            number, f"unknown colour {colour!r}; the colours are {', '.join(COLOURS)}"
        )
    if rule not in RULES:
        raise PuzzleFileError(number, f"unknown rule {rule!r}; the rules are {', '.join(RULES)}")
    if colour in read.rules:
        raise PuzzleFileError(
            number, f"{colour} already has a rule (line {read.rule_lines[colour]})"
        )
    for other, key in read.rules.items():
        if key == rule:
            raise PuzzleFileError(
                number, f"{other} already uses {rule}: give each colour its own rule"
            )
    read.rules[colour] = rule
    read.rule_lines[colour] = number


def _grid(number: int, rows: Iterator[tuple[int, str]], read: _Read) -> None:
    if read.size is None:
        raise PuzzleFileError(number, "the 'size' line must come before the grid")
    if read.grid_line:
        raise PuzzleFileError(number, f"a second grid (the first is on line {read.grid_line})")
    read.grid_line = number
    height, width = read.size
    for row in range(height):
        line_number, line = next(rows, (0, ""))
        if not line_number:
            raise PuzzleFileError(read.last_line, f"the grid has {row} rows, not {height}")
        tokens = line.split()
        if len(tokens) != width:
            raise PuzzleFileError(
                line_number, f"grid row {row + 1} has {len(tokens)} cells, not {width}"
            )
        for col, token in enumerate(tokens):
            clue = _cell(line_number, row, col, token, read)
            if clue is not None:
                read.clues.append(clue)
                read.clue_lines.append(line_number)


def _cell(number: int, row: int, col: int, token: str, read: _Read) -> Clue | None:
    if token == ".":
        return None
    name = f"r{row + 1}c{col + 1}"
    match = _CELL.fullmatch(token)
    if not match or match.group(1).upper() not in LETTERS:
        raise PuzzleFileError(
            number,
            f"{token!r} in {name} is not a cell: write '.' or a colour letter "
            f"({', '.join(LETTERS)}) and a number, like R3",
        )
    colour = LETTERS[match.group(1).upper()]
    if colour not in read.rules:
        raise PuzzleFileError(
            number,
            f"{token} in {name} is {colour}, which has no rule: add 'colour {colour} = RULE'",
        )
    if not match.group(2):
        raise PuzzleFileError(number, f"{token} in {name} needs a number, like {token}3")
    return Clue(row=row, col=col, colour=colour, value=int(match.group(2)))


# -- what is wrong with the clues ---------------------------------------------------


def _token(clue: Clue) -> str:
    return f"{clue.colour[0].upper()}{'' if clue.value is None else clue.value}"


def _where(clue: Clue) -> str:
    return f"{_token(clue)} in {clue.name}"


def _check_clues(parts: Parts, read: _Read) -> None:
    """Each clue on its own must be possible under the format."""
    with ShadingSolver(parts.height, parts.width, parts.format) as solver:
        for clue, line in zip(parts.clues, read.clue_lines, strict=True):
            rule = parts.rules[clue.colour]
            if solver.solve([solver.clue(clue, rule)]) is None:
                raise PuzzleFileError(
                    line,
                    f"{_where(clue)} can never hold: no shading in the {parts.format} format "
                    f"gives {clue.name} a {RULES[rule].name.lower()} of {clue.value}",
                )


def _no_answer(parts: Parts) -> str:
    """Names a small set of clues that cannot all hold (shrunk from the solver's core)."""
    with ShadingSolver(parts.height, parts.width, parts.format) as solver:
        selectors = {solver.clue(c, parts.rules[c.colour]): c for c in parts.clues}
        assert solver.solve(selectors) is None
        core = [lit for lit in solver.core() if lit in selectors]
        for lit in list(core):
            smaller = [other for other in core if other != lit]
            if solver.solve(smaller) is None:
                core = smaller
        clash = sorted((selectors[lit] for lit in core), key=lambda c: (c.row, c.col))
    return "no shading fits the format and every clue; these clues cannot all hold: " + ", ".join(
        _where(clue) for clue in clash
    )


def _differing(width: int, first: Shading, second: Shading) -> list[str]:
    """The cells two shadings disagree on, by name."""
    return [
        cell_name(width, i) for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b
    ]


def _two_answers(parts: Parts, first: Shading, second: Shading) -> str:
    differ = _differing(parts.width, first, second)
    return (
        f"two shadings fit the format and every clue (they differ at {', '.join(differ)}); "
        "add or change clues so that only one does:\n"
        + side_by_side(("first", board_text(parts, first)), ("second", board_text(parts, second)))
    )


# -- text -------------------------------------------------------------------------


def board_text(parts: Parts | Puzzle, shading: Sequence[bool] | None = None) -> str:
    """The grid as text: clues as R3, shaded cells ``#``, the rest ``.``."""
    clues = {(clue.row, clue.col): _token(clue) for clue in parts.clues}
    wide = max([1, *(len(token) for token in clues.values())])
    rows = []
    for row in range(parts.height):
        cells = []
        for col in range(parts.width):
            shaded = shading is not None and shading[row * parts.width + col]
            cells.append(clues.get((row, col), "#" if shaded else "."))
        rows.append(" ".join(cell.ljust(wide) for cell in cells).rstrip())
    return "\n".join(rows)


def side_by_side(*boards: tuple[str, str]) -> str:
    """Titled text boards next to each other."""
    columns = [[title, *text.splitlines()] for title, text in boards]
    widths = [max(len(line) for line in column) for column in columns]
    lines = []
    for row in range(max(len(column) for column in columns)):
        cells = [
            (column[row] if row < len(column) else "").ljust(width)
            for column, width in zip(columns, widths, strict=True)
        ]
        lines.append("    ".join(cells).rstrip())
    return "\n".join(lines)


def format_puzzle(puzzle: Puzzle) -> str:
    """``puzzle`` as a puzzle file (:func:`load_puzzle` reads it back)."""
    answer = FORMATS[puzzle.format]
    size = (
        f"{puzzle.height}" if puzzle.height == puzzle.width else f"{puzzle.height}x{puzzle.width}"
    )
    lines = [f"size {size}", f"format {answer.key}    // {answer.sentence}"]
    for colour, rule in puzzle.rules.items():
        lines.append(f"colour {colour} = {rule}    // {RULES[rule].name}")
    lines += ["grid", board_text(puzzle)]
    return "\n".join(lines) + "\n"
