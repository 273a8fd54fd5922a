"""Answer formats: the catalog, and the first broken rule named in player words."""

from __future__ import annotations

import pytest

from games.logical_horror.formats import FORMATS, broken, components
from games.logical_horror.puzzle import Clue, Puzzle
from tests.games.logical_horror.puzzle_support import board

DECIDED = ("no-touch-connected", "connected-no-pools", "no-pools")


def test_the_catalog_holds_the_decided_formats_with_words_for_players() -> None:
    assert len(FORMATS) >= 3
    assert set(DECIDED) <= set(FORMATS)
    for key, answer in FORMATS.items():
        assert answer.key == key
        assert answer.name
        assert answer.sentence.startswith("Shade some cells")
        assert answer.genres


def test_the_genres_are_the_announced_ones() -> None:
    assert {"Kurodoko", "Hitori"} <= set(FORMATS["no-touch-connected"].genres)
    assert {"Nurikabe", "LITS"} <= set(FORMATS["connected-no-pools"].genres)


GOOD_NO_TOUCH = """
    #...
    ..#.
    #...
    ..#.
"""


@pytest.mark.parametrize(
    ("key", "text", "expected"),
    [
        ("no-touch-connected", GOOD_NO_TOUCH, None),
        (
            "no-touch-connected",
            "##.. .... .... ....",
            "r1c1 and r1c2 are both shaded and side by side",
        ),
        (
            "no-touch-connected",
            ".... ..#. ..#. ....",
            "r2c3 and r3c3 are both shaded, one above the other",
        ),
        (
            "no-touch-connected",
            ".#.. #... .... ....",
            "the unshaded cells are not all connected: r1c3 cannot reach r1c1",
        ),
        ("no-touch", ".#.. #... .... ....", None),
        ("no-touch", ".... .... .##. ....", "r3c2 and r3c3 are both shaded and side by side"),
        ("connected-no-pools", ".#.. ###. .#.. .#..", None),
        (
            "connected-no-pools",
            "##.. ##.. .... ....",
            "r1c1, r1c2, r2c1 and r2c2 are all shaded: a 2×2 block",
        ),
        (
            "connected-no-pools",
            "#... .... ..#. ..#.",
            "the shaded cells are not all connected: r3c3 cannot reach r1c1",
        ),
        ("connected-no-pools", "....  .... .... ....", None),
        ("no-pools", "#.#. .#.# #.#. .#.#", None),
        (
            "no-pools",
            ".... .##. .##. ....",
            "r2c2, r2c3, r3c2 and r3c3 are all shaded: a 2×2 block",
        ),
    ],
)
def test_broken_names_the_first_broken_rule(key: str, text: str, expected: str | None) -> None:
    assert FORMATS[key].broken((4, 4), board(text), ()) == expected


def test_a_shaded_clue_cell_comes_first() -> None:
    shading = board("##.. .... .... ....")
    answer = FORMATS["no-touch-connected"]
    assert answer.broken((4, 4), shading, [(0, 1)]) == "r1c2 is a clue cell and must stay unshaded"


def test_a_puzzle_gives_its_size_and_clue_cells() -> None:
    puzzle = Puzzle(
        height=4,
        width=4,
        format="no-pools",
        clues=[Clue(row=3, col=3, colour="red", value=1)],
        rules={"red": "row"},
        solution=list(board("#... .... .... ...#")),
    )
    assert broken(puzzle, "no-pools", puzzle.solution) == (
        "r4c4 is a clue cell and must stay unshaded"
    )
    assert FORMATS["no-pools"].broken(puzzle, board("#... .... .... ....")) is None


def test_a_board_of_the_wrong_size_is_named() -> None:
    assert FORMATS["no-pools"].broken((4, 4), (False,) * 15, ()) == (
        "the board has 15 cells, not 4×4 = 16"
    )


def test_no_cells_of_a_kind_count_as_connected() -> None:
    everything = (True,) * 16
    assert FORMATS["no-touch-connected"].broken((4, 4), (False,) * 16, ()) is None
    assert FORMATS["connected-no-pools"].broken((4, 4), (False,) * 16, ()) is None
    assert "2×2" in (FORMATS["connected-no-pools"].broken((4, 4), everything, ()) or "")


def test_components_are_largest_first() -> None:
    assert components(3, 3, [0, 4, 5, 8]) == [[4, 5, 8], [0]]
