"""How the editor draws colours so that colour-blind players can read them too.

Rune Breaker objects carry their colour letter and a drawn shape; Logical
Horror clue colours carry a letter and a fill pattern. The fills are the
Okabe–Ito colours, the same ones the bot's board images use.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.web.spec import ClueColour, Piece
from games.runebreaker.pieces import COLOUR_NAMES, SHAPE_NAMES

#: Rune Breaker fills by colour letter (as bot/render/runebreaker draws them).
RUNE_FILLS: dict[str, str] = {
    "R": "#D55E00",
    "O": "#E69F00",
    "Y": "#F0E442",
    "G": "#009E73",
    "B": "#0072B2",
    "P": "#CC79A7",
}

# Clue colours a puzzle may use: name -> (fill, letter, pattern). Patterns are
# drawn by style.css (.pattern-<name>); letters are unique.
_CLUE_COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#D55E00", "R", "diagonal"),
    "blue": ("#0072B2", "B", "dots"),
    "green": ("#009E73", "G", "grid"),
    "yellow": ("#F0E442", "Y", "horizontal"),
    "purple": ("#CC79A7", "P", "vertical"),
    "orange": ("#E69F00", "O", "crosshatch"),
    "cyan": ("#56B4E9", "C", "checks"),
    "grey": ("#999999", "E", "rings"),
    "gray": ("#999999", "E", "rings"),
    "pink": ("#F4A3C0", "K", "zigzag"),
    "brown": ("#8C5A2B", "N", "bricks"),
}
_PATTERNS = ("diagonal", "dots", "grid", "horizontal", "vertical", "crosshatch", "checks", "rings")


def clue_colour(key: str) -> ClueColour:
    """A known colour by name; any other name gets a neutral fill, its initial and
    a pattern chosen from the name (so two unknown colours still differ)."""
    known = _CLUE_COLOURS.get(key.lower())
    if known is not None:
        fill, letter, pattern = known
        return ClueColour(key=key, name=key.lower(), hex=fill, letter=letter, pattern=pattern)
    pattern = _PATTERNS[sum(map(ord, key)) % len(_PATTERNS)]
    letter = (key[:1] or "?").upper()
    return ClueColour(key=key, name=key, hex="#BBBBBB", letter=letter, pattern=pattern)


def rune_palette(pieces: Sequence[str]) -> tuple[Piece, ...]:
    """The paint palette for objects ``pieces`` ("Rc", "Os", … in the game's
    palette order): cell value = position + 1, as board codes count them."""
    return tuple(
        Piece(
            token=token,
            value=value,
            colour=COLOUR_NAMES[token[0]],
            shape=SHAPE_NAMES[token[1]],
            hex=RUNE_FILLS[token[0]],
            letter=token[0],
        )
        for value, token in enumerate(pieces, start=1)
    )
