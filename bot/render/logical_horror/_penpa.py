"""A penpa-edit link of the puzzle: the grid, each clue's number in its cell on a
background of its colour, the colour's letter in the cell's corner, and the
answer format as the puzzle's rules. Only public data goes in (no rules, no
solution): it is posted in the room.

What penpa-edit (https://github.com/swaroopg92/penpa-edit) reads from a link,
learned from its ``load()`` and ``maketext()``: the fragment ``m=edit&p=``,
then the base64 of a raw-deflated (no zlib header) UTF-8 text of lines:

0. ``square,<columns>,<rows>,<cell px>,<turn>,<flip x>,<flip y>,<canvas x>,
   <canvas y>,<centre point>,<centre point>,<4 sudoku flags>,Title: …,
   Author: …,<source>,<rules>,<edge button>,<multisolution>`` — commas in the
   texts as ``%2C``; in the rules a new line is ``%2D``, ``&`` is ``%2E`` and
   ``=`` is ``%2F``;
1. the white space round the grid, ``[top,bottom,left,right]``;
2. drawing modes (merged into the defaults);
3. the problem layer and 4. the answer layer, JSON, with penpa's key
   abbreviations (``"surface"`` → ``zS`` …, ``null`` → ``zO``);
5. the grid's cells, the first index then the differences between neighbours;
6.–16. optional settings (left empty: penpa keeps its defaults).

Points are numbered on a grid padded by 2 on every side: the cell at row r,
column c is ``(c + 2) + (r + 2) * (columns + 4)``; its four corner points (for
small corner numbers) follow all ``4 × (columns + 4) × (rows + 4)`` centre,
vertex and edge points, 4 per cell. Background colours are penpa's own
surface styles (no custom colours needed); numbers use style 1 (black).
"""

from __future__ import annotations

import base64
import itertools
import json
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.logical_horror._data import Grid, grid_of
from bot.web.palette import clue_colour

BASE_URL = "https://swaroopg92.github.io/penpa-edit/"
CELL_PX = 38  # penpa's default display size
VERSION = (2, 25, 17)  # the penpa-edit version whose link format this follows

#: Penpa surface styles with light fills (numbers stay readable on them), by the
#: colour they show; 1, 4 and 8 are left out: penpa draws shading with those.
SURFACE_STYLES: dict[str, int] = {
    "red": 6,  # light red
    "blue": 5,  # very light blue
    "green": 2,  # very light green
    "yellow": 7,  # yellow
    "pink": 9,
    "orange": 10,
    "purple": 11,
    "brown": 12,
    "grey": 3,
    "gray": 3,
}
_SPARE_STYLES = (6, 5, 2, 7, 10, 11, 9, 12, 3)
NUMBER_STYLE = 1  # black
NORMAL_NUMBER = "1"  # penpa's number submode: one large number in the cell
TOP_LEFT = 0  # which of a cell's four corner points holds the colour's letter

#: Penpa's own abbreviations, in its order (the decoder undoes them in this order).
ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    ('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"),
    ('"edit_mode"', "zM"), ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"),
    ('"wall"', "zW"), ('"cage"', "zC"), ('"number"', "zN"), ('"symbol"', "zY"),
    ('"special"', "zP"), ('"board"', "zB"), ('"command_redo"', "zR"),
    ('"command_undo"', "zU"), ('"numberS"', "z1"), ('"freeline"', "zF"),
    ('"freelineE"', "z2"), ('"thermo"', "zT"), ('"arrows"', "z3"), ('"direction"', "zD"),
    ('"squareframe"', "z0"), ('"polygon"', "z5"), ('"deletelineE"', "z4"),
    ('"killercages"', "z6"), ('"nobulbthermo"', "z7"), ('"__a"', "z_"), ("null", "zO"),
)  # fmt: skip


def _layer(
    surface: Mapping[str, int], number: Mapping[str, Any], corners: Mapping[str, Any]
) -> str:
    """One layer as penpa writes it: every collection present (penpa edits them in
    place), the undo stacks empty."""
    layer = {
        "command_redo": {"__a": []}, "command_undo": {"__a": []},
        "surface": surface, "number": number, "numberS": corners, "symbol": {},
        "freeline": {}, "freelineE": {}, "thermo": [], "arrows": [], "direction": [],
        "squareframe": [], "polygon": [], "line": {}, "lineE": {}, "wall": {}, "cage": {},
        "deletelineE": {}, "killercages": [], "nobulbthermo": [],
    }  # fmt: skip
    return abbreviate(json.dumps(layer, separators=(",", ":")))


def abbreviate(text: str) -> str:
    for full, short in ABBREVIATIONS:
        text = text.replace(full, short)
    return text


def expand(text: str) -> str:
    """The reverse of :func:`abbreviate`, as penpa's loader does it."""
    for full, short in ABBREVIATIONS:
        text = text.replace(short, full)
    return text


def cell_index(grid: Grid, row: int, col: int) -> int:
    return (col + 2) + (row + 2) * (grid.width + 4)


def corner_index(grid: Grid, row: int, col: int, corner: int = TOP_LEFT) -> int:
    points = (grid.width + 4) * (grid.height + 4)
    return 4 * points + 4 * cell_index(grid, row, col) + corner


def centre_point(grid: Grid) -> int:
    """The point penpa centres the view on: the one at the grid's middle. Counted in
    half cells, cell centres are odd/odd, vertices even/even, and the two kinds
    of edge midpoints odd/even and even/odd; each kind is a block of points."""
    x2, y2 = grid.width + 4, grid.height + 4  # twice the middle, in cells of the padded grid
    block = {(1, 1): 0, (0, 0): 1, (1, 0): 2, (0, 1): 3}[(x2 % 2, y2 % 2)]
    i, j = (x2 - 1) // 2 if x2 % 2 else (x2 - 2) // 2, (y2 - 1) // 2 if y2 % 2 else (y2 - 2) // 2
    nx0, ny0 = grid.width + 4, grid.height + 4
    return block * nx0 * ny0 + i + j * nx0


def _cells_line(grid: Grid) -> str:
    cells = [cell_index(grid, r, c) for r in range(grid.height) for c in range(grid.width)]
    steps = [cells[0]] + [b - a for a, b in itertools.pairwise(cells)]
    return json.dumps(steps, separators=(",", ":"))


def _styles(colours: Sequence[str]) -> dict[str, int]:
    """A penpa background style per colour, each different."""
    chosen: dict[str, int] = {}
    for colour in colours:
        wanted = SURFACE_STYLES.get(colour.lower())
        if wanted is None or wanted in chosen.values():
            wanted = next((s for s in _SPARE_STYLES if s not in chosen.values()), 3)
        chosen[colour] = wanted
    return chosen


def _field(words: str) -> str:
    """A header text: no commas (the header's separator), no markup, no line breaks."""
    clean = words.replace('"', "'").replace("<", "(").replace(">", ")")
    return clean.replace(",", "%2C").replace("\n", "%2D").replace("&", "%2E").replace("=", "%2F")


def _header(grid: Grid, rules: str) -> str:
    size = CELL_PX
    parts = [
        "square", str(grid.width), str(grid.height), str(size), "0", "1", "1",
        str((grid.width + 1) * size), str((grid.height + 1) * size),
        str(centre_point(grid)), str(centre_point(grid)), "0", "0", "0", "0",
        "Title: " + _field("Logical Horror"), "Author: " + _field("genius-bot"), "",
        _field(rules), "OFF", "false",
    ]  # fmt: skip
    return ",".join(parts)


def rules_text(puzzle: Mapping[str, Any], grid: Grid) -> str:
    answer_format = puzzle.get("format")
    sentence = answer_format.get("sentence", "") if isinstance(answer_format, Mapping) else ""
    colours = ", ".join(f"{c} ({clue_colour(c).letter})" for c in grid.colours)
    return (
        f"{sentence}\nClue colours: {colours}. Clues of one colour share one hidden rule; "
        "the letter in a clue's corner names its colour."
    )


def penpa_text(puzzle: Mapping[str, Any]) -> str:
    """The text penpa-edit deflates into its link (see the module docstring)."""
    grid = grid_of(puzzle)
    if grid is None:
        raise ValueError("a puzzle needs a height and a width")
    styles = _styles(grid.colours)
    surface = {str(cell_index(grid, c.row, c.col)): styles[c.colour] for c in grid.clues}
    number = {
        str(cell_index(grid, c.row, c.col)): [str(c.value), NUMBER_STYLE, NORMAL_NUMBER]
        for c in grid.clues
        if c.value is not None
    }
    corners = {
        str(corner_index(grid, c.row, c.col)): [clue_colour(c.colour).letter, NUMBER_STYLE]
        for c in grid.clues
    }
    empty = _layer({}, {}, {})
    lines = [
        _header(grid, rules_text(puzzle, grid)),
        "[0,0,0,0]",
        abbreviate(json.dumps({"grid": ["1", "2", "1"]}, separators=(",", ":"))),
        _layer(surface, number, corners),
        empty,
        _cells_line(grid),
        "", "", "", "",
        json.dumps(list(VERSION), separators=(",", ":")),
        "", "", "", "", "", "",
    ]  # fmt: skip
    return "\n".join(lines)


def deflate(text: str) -> str:
    """Raw deflate (wbits −15, as penpa's Zlib.RawDeflate) and standard base64."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode()) + packer.flush()
    return base64.b64encode(raw).decode("ascii")


def inflate(payload: str) -> str:
    """Read a link's ``p=`` payload back to penpa's text (tests, and debugging links)."""
    padded = payload + "=" * (-len(payload) % 4)
    return zlib.decompress(base64.b64decode(padded), -15).decode()


def penpa_url(puzzle: Mapping[str, Any]) -> str:
    """A penpa-edit link of the puzzle's public face (``puzzle_revealed`` data or
    ``view["puzzle"]``): the grid, the clues in their colours, the answer format."""
    return f"{BASE_URL}#m=edit&p={deflate(penpa_text(puzzle))}"
