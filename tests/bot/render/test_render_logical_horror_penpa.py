"""The penpa-edit link of a Logical Horror puzzle: the payload inflates to
penpa's text, with the grid's size, every clue's number in its cell on its
colour's background, its letter in the corner, and nothing secret."""

from __future__ import annotations

import json

import pytest

from bot.render.logical_horror import penpa_url
from bot.render.logical_horror._data import Grid
from bot.render.logical_horror._penpa import (
    cell_index,
    centre_point,
    corner_index,
    expand,
    inflate,
)
from games.logical_horror import GAME
from games.logical_horror.rules import RULES
from games.logical_horror.views import puzzle_data
from tests.bot.logical_horror_support import PUZZLE, options

PREFIX = "https://swaroopg92.github.io/penpa-edit/#m=edit&p="


def lines_of(url: str) -> list[str]:
    assert url.startswith(PREFIX)
    return inflate(url.removeprefix(PREFIX)).split("\n")


def public_face() -> dict[str, object]:
    return puzzle_data(GAME.setup(options(), seed=3).state)


def test_the_link_has_the_grid_size_the_title_and_the_format() -> None:
    header = lines_of(penpa_url(public_face()))[0].split(",")
    assert header[:4] == ["square", "5", "5", "38"]
    assert header[15] == "Title: Logical Horror"
    assert "no two shaded cells are orthogonally adjacent." in header[18]
    assert "red (R)%2C blue (B)" in header[18]  # commas are escaped in the header


def test_every_clue_is_in_its_cell_with_its_colour_and_letter() -> None:
    lines = lines_of(penpa_url(public_face()))
    problem = json.loads(expand(lines[3]))
    grid = Grid(5, 5)
    backgrounds = {"red": 6, "blue": 5}  # penpa's light red and light blue
    for clue in PUZZLE.clues:
        cell = str(cell_index(grid, clue.row, clue.col))
        assert problem["number"][cell] == [str(clue.value), 1, "1"]
        assert problem["surface"][cell] == backgrounds[clue.colour]
        corner = str(corner_index(grid, clue.row, clue.col))
        assert problem["numberS"][corner] == [clue.colour[0].upper(), 1]
    assert len(problem["number"]) == len(PUZZLE.clues)
    answer = json.loads(expand(lines[4]))
    assert answer["surface"] == {}  # nothing solved in the link


def test_the_cells_are_listed_as_penpa_counts_them() -> None:
    """The first cell's index, then steps: 1 along a row, 5 to the next row."""
    steps = json.loads(lines_of(penpa_url(public_face()))[5])
    assert steps[0] == 2 + 2 * 9
    assert steps.count(5) == 4
    assert len(steps) == 25


def nearest_point(height: int, width: int) -> int:
    """Penpa's search: every point (cell centres, vertices, then the two kinds of
    edge midpoints, in half cells on the grid padded by 2), the first nearest to
    the middle of the grid's cells."""
    nx0, ny0 = width + 4, height + 4
    offsets = ((1, 1), (2, 2), (1, 2), (2, 1))  # per kind, from the cell's corner
    middle = ((2 * 2 + 1 + 2 * (width + 1) + 1) / 2, (2 * 2 + 1 + 2 * (height + 1) + 1) / 2)
    best, found = float("inf"), -1
    for kind, (dx, dy) in enumerate(offsets):
        for j in range(ny0):
            for i in range(nx0):
                distance = (2 * i + dx - middle[0]) ** 2 + (2 * j + dy - middle[1]) ** 2
                if distance < best:
                    best, found = distance, kind * nx0 * ny0 + i + j * nx0
    return found


@pytest.mark.parametrize("height", range(4, 11))
@pytest.mark.parametrize("width", range(4, 11))
def test_the_view_centres_on_the_middle_point(height: int, width: int) -> None:
    assert centre_point(Grid(height, width)) == nearest_point(height, width)


def test_nothing_secret_is_in_the_link() -> None:
    text = inflate(penpa_url(public_face()).removeprefix(PREFIX))
    for key in PUZZLE.rules.values():
        assert RULES[key].name not in text
        assert RULES[key].description not in text
