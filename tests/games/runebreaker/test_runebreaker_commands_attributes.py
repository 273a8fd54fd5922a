"""Attribute commands: their effect on 4×4, 8×8 and 10×10 boards, and every ERROR."""

from __future__ import annotations

from tests.games.runebreaker.commands_support import EMPTY, run, stretch, table_tests

MIXED = """
Rc Os Rt *
~
* Bc Gs
"""

EFFECTS = [
    ("recolour R B", MIXED, "Bc Os Bt *\n~\n* Bc Gs"),
    ("recolour G Y", MIXED, "Rc Os Rt *\n~\n* Bc Ys"),
    ("reshape c x", MIXED, "Rx Os Rt *\n~\n* Bx Gs"),
    ("swap-colours R B", MIXED, "Bc Os Bt *\n~\n* Rc Gs"),
    ("swap-shapes c s", MIXED, "Rs Oc Rt *\n~\n* Bs Gc"),
    # Colours on the board in palette order are R O G B: R→O→G→B→R.
    ("cycle-colours", MIXED, "Oc Gs Ot *\n~\n* Rc Bs"),
    # Shapes on the board are c s t: c→s→t→c.
    ("cycle-shapes", MIXED, "Rs Ot Rc *\n~\n* Bs Gt"),
    ("paint Y", MIXED, "Yc Ys Yt *\n~\n* Yc Ys"),
    ("paint R", MIXED, "Rc Rs Rt *\n~\n* Rc Rs"),
    ("paint-rows", MIXED, "Rc Rs Rt *\n~\n* Bc Bs"),
]


ERRORS = [
    ("recolour R B", "Bc * Os\n~", "no red object to recolour"),
    ("recolour R B", EMPTY, "no red object to recolour"),
    ("reshape c s", "Rs * Ot\n~", "no circle to reshape"),
    ("swap-colours R B", "Rc *\n~", "no blue object to swap"),
    ("swap-colours R B", "Bc *\n~", "no red object to swap"),
    ("swap-shapes c s", "Rc *\n~", "no square to swap"),
    ("swap-shapes c s", EMPTY, "no circle to swap"),
    ("cycle-colours", "Rc Rs *\n~\n* Rt", "fewer than two colours"),
    ("cycle-colours", EMPTY, "fewer than two colours"),
    ("cycle-shapes", "Rc Bc *\n~\n* Gc", "fewer than two shapes"),
    ("paint R", "Rc Rs *\n~", "no object that is not red to paint"),
    ("paint R", EMPTY, "no object that is not red"),
    ("paint-rows", "Rc Rs *\n~\n* Bt Bc", "every row is already one colour"),
    ("paint-rows", EMPTY, "every row is already one colour"),
]


test_effect, test_error = table_tests(EFFECTS, ERRORS)


def test_cycle_uses_only_the_colours_on_the_board() -> None:
    board = stretch("Rc Pc *\n~", 4)
    assert run("cycle-colours", board) == stretch("Pc Rc *\n~", 4)


def test_swap_is_its_own_inverse() -> None:
    board = stretch(MIXED, 8)
    assert run("swap-colours R B; swap-colours B R", board) == board
