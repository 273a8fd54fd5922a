"""Order commands: their effect on 4×4, 8×8 and 10×10 boards, and every ERROR."""

from __future__ import annotations

from games.runebreaker.notation import parse_board
from tests.games.runebreaker.commands_support import EMPTY, run, table_tests

ROWS = """
Bs .. Rc * Yt
~
* Gx Gc
"""

COLUMN = """
Bs *
*
Rc *
~
Yt *
"""

HALVES = """
Rc Os * Bx
~
Gt *
"""

EFFECTS = [
    ("sort-rows colour", ROWS, "Rc .. Yt * Bs\n~\n* Gc Gx"),
    ("sort-rows shape", ROWS, "Rc .. Bs * Yt\n~\n* Gc Gx"),
    ("sort-columns colour", COLUMN, "Rc *\n*\nYt *\n~\nBs *"),
    ("sort-columns shape", COLUMN, "Rc *\n*\nBs *\n~\nYt *"),
    ("reverse-rows", "Rc .. Os * Yt\n~\n* Gc Bs", "Yt .. Os * Rc\n~\n* Bs Gc"),
    ("reverse-columns", "Rc * Gc\nOs *\n~\nYt * Bs", "Yt * Bs\nOs *\n~\nRc * Gc"),
    ("symmetrize left", HALVES, "Rc Os * Os Rc\n~\nGt * Gt"),
    ("symmetrize right", HALVES, "Bx * Bx\n~\n*"),
    ("symmetrize up", HALVES, "Rc Os * Bx\n~\nRc Os * Bx"),
    ("symmetrize down", HALVES, "Gt *\n~\nGt *"),
]


ERRORS = [
    ("sort-rows colour", "Rc .. Os * Bt\n~", "every row is already sorted by colour"),
    ("sort-rows shape", "Bc Rs *\n~\n* Gs Bt", "every row is already sorted by shape"),
    ("sort-rows colour", EMPTY, "every row is already sorted"),
    ("sort-columns colour", "Rc *\nOs *\n~", "every column is already sorted by colour"),
    ("sort-columns shape", "Rs *\n~\nRt *", "every column is already sorted by shape"),
    ("reverse-rows", "Rc Os * Rc\n~\n* Bs", "every row reads the same backwards"),
    ("reverse-rows", EMPTY, "every row reads the same backwards"),
    ("reverse-columns", "Rc *\n~\nRc *", "every column reads the same backwards"),
    ("symmetrize left", "Rc * Rc\n~", "already symmetric with its left half"),
    ("symmetrize up", "Rc *\n~\nRc *", "already symmetric with its up half"),
    ("symmetrize down", EMPTY, "already symmetric"),
]


test_effect, test_error = table_tests(EFFECTS, ERRORS)


def test_symmetrize_keeps_the_middle_line_of_an_odd_board() -> None:
    board = parse_board("Rc Os Gt Bx Yh / " + " / ".join([".. .. .. .. .."] * 4), 5)
    after = run("symmetrize left", board)
    assert after.rows()[0] == ("Rc", "Os", "Gt", "Os", "Rc")


def test_sorting_is_stable_for_equal_keys() -> None:
    board = parse_board("Rs Rc Bc Rs / .. .. .. .. / .. .. .. .. / .. .. .. ..", 4)
    assert run("sort-rows colour", board).rows()[0] == ("Rc", "Rs", "Rs", "Bc")
    assert run("sort-rows shape", board).rows()[0] == ("Rc", "Bc", "Rs", "Rs")
