"""Objects: a colour and a shape, readable without colour (DECISIONS: Rune Breaker).

An object is a canonical 2-character token everywhere in the engine: the
uppercase colour letter then the lowercase shape letter, e.g. ``"Rc"`` for a
red circle. The two alphabets share no letter, so a token can never be read
two ways, whatever its case.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

#: Colours in palette order; a smaller palette takes the first few.
COLOURS: tuple[tuple[str, str], ...] = (
    ("R", "red"),
    ("O", "orange"),
    ("Y", "yellow"),
    ("G", "green"),
    ("B", "blue"),
    ("P", "purple"),
)
#: Shapes in palette order; chosen to stay distinct when drawn small and in grey.
SHAPES: tuple[tuple[str, str], ...] = (
    ("c", "circle"),
    ("s", "square"),
    ("t", "triangle"),
    ("d", "diamond"),
    ("h", "heart"),
    ("x", "cross"),
)

COLOUR_NAMES: dict[str, str] = dict(COLOURS)
SHAPE_NAMES: dict[str, str] = dict(SHAPES)
COLOUR_LETTERS = "".join(letter for letter, _ in COLOURS)
SHAPE_LETTERS = "".join(letter for letter, _ in SHAPES)

# Palette order as a sort key: colour first, then shape ("colour-major").
COLOUR_RANK: dict[str, int] = {letter: rank for rank, (letter, _) in enumerate(COLOURS)}
SHAPE_RANK: dict[str, int] = {letter: rank for rank, (letter, _) in enumerate(SHAPES)}

MIN_KINDS = 2
MAX_KINDS = 6


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours and shapes in play: the first ``colours`` and ``shapes`` of each list."""

    colours: int = MAX_KINDS
    shapes: int = MAX_KINDS

    def __post_init__(self) -> None:
        for name, value in (("colours", self.colours), ("shapes", self.shapes)):
            if not MIN_KINDS <= value <= MAX_KINDS:
                raise ValueError(f"a palette has {MIN_KINDS}–{MAX_KINDS} {name}, not {value}")

    @property
    def colour_letters(self) -> tuple[str, ...]:
        return _first_letters(COLOUR_LETTERS, self.colours)

    @property
    def shape_letters(self) -> tuple[str, ...]:
        return _first_letters(SHAPE_LETTERS, self.shapes)

    @property
    def pieces(self) -> tuple[str, ...]:
        """Every object of the palette, colour-major: Rc Rs … Ox … ."""
        return _pieces(self.colours, self.shapes)

    def piece(self, colour_letter: str, shape_letter: str) -> str:
        """The token for a colour and a shape (any case); ValueError if not in the palette."""
        colour, shape = colour_letter.upper(), shape_letter.lower()
        if colour not in self.colour_letters or shape not in self.shape_letters:
            raise ValueError(
                f"{colour_letter}{shape_letter!s} is not in this palette "
                f"(colours {' '.join(self.colour_letters)}, shapes {' '.join(self.shape_letters)})"
            )
        return colour + shape

    def has(self, piece: str) -> bool:
        # Single letters against the alphabets' first letters: a substring test is
        # a membership test here, without building the letters' tuples.
        return (
            len(piece) == 2
            and piece[0] in COLOUR_LETTERS[: self.colours]
            and piece[1] in SHAPE_LETTERS[: self.shapes]
        )


# Palettes are few and asked for their letters and objects constantly (every
# board read, every parameter drawn): each is worked out once.
@cache
def _first_letters(alphabet: str, count: int) -> tuple[str, ...]:
    return tuple(alphabet[:count])


@cache
def _pieces(colours: int, shapes: int) -> tuple[str, ...]:
    return tuple(
        c + s
        for c in _first_letters(COLOUR_LETTERS, colours)
        for s in _first_letters(SHAPE_LETTERS, shapes)
    )


DEFAULT_PALETTE = Palette(MAX_KINDS, MAX_KINDS)


def colour_of(piece: str) -> str:
    return piece[0]


def shape_of(piece: str) -> str:
    return piece[1]


def describe(piece: str) -> str:
    """``"Rc"`` -> ``"red circle"``."""
    return f"{COLOUR_NAMES[piece[0]]} {SHAPE_NAMES[piece[1]]}"


def rank(piece: str) -> tuple[int, int]:
    """Palette order, colour first: the order ``Palette.pieces`` lists them in."""
    return COLOUR_RANK[piece[0]], SHAPE_RANK[piece[1]]
