"""The action language (text arrives lower-cased and single-spaced).

    public CODE | public <grid>     a public query
    private CODE | private <grid>   a private query
    hint red                        a hint on one colour
    pause [reason]                  an emergency pause (the host resumes)
    confirm | deny                  the host, on a claimed win

A grid is written row by row, ``#`` for a shaded cell and ``.`` for an
unshaded one; any other mark is a note and counts as unshaded. Rows may be
split by spaces, ``/`` or new lines. A CODE comes from the board editor.
"""

from __future__ import annotations

import re

from games.core import HOST, Actor, Rejected, seat_of
from games.core.boardcode import decode, looks_like_code
from games.logical_horror.models import ConfirmWin, Hint, LogicalHorrorAction, Pause, Query
from games.logical_horror.puzzle import Puzzle

#: A 10×10 grid is about 120 characters and the query form holds 1,000 (plus
#: the verb); Discord's own message limit is 2,000.
MAX_MOVE_CHARS = 2000
SHADED = "#"
_FENCE = re.compile(r"```[^\s`]{3,}(?=\s)|`+")
_GAPS = re.compile(r"[\s/|,]+")
HELP = "Moves: `public CODE`, `private CODE` (or a grid of `#` and `.`), `hint COLOUR`, `pause`."


def parse(text: str, actor: Actor, puzzle: Puzzle) -> LogicalHorrorAction:
    verb, _, rest = _FENCE.sub(" ", text).strip().partition(" ")
    rest = rest.strip()
    if actor == HOST:
        if verb in ("confirm", "deny") and not rest:
            return ConfirmWin(confirmed=verb == "confirm")
        raise Rejected("The host's moves here are `confirm` and `deny` (a claimed win).")
    seat_of(actor)
    if verb in ("public", "private"):
        return Query(public=verb == "public", board=read_board(rest, puzzle))
    if verb == "hint":
        return Hint(colour=_colour(rest, puzzle))
    if verb == "pause":
        return Pause(reason=rest[:200])
    if verb in ("confirm", "deny"):
        raise Rejected("Only the host confirms or denies a win.")
    raise Rejected(f"I don't know that move. {HELP}")


def _colour(text: str, puzzle: Puzzle) -> str:
    for colour in puzzle.colours:
        if text in (colour, colour[:1]):
            return colour
    raise Rejected(f"Name a colour of this puzzle: {', '.join(puzzle.colours)}.")


def read_board(text: str, puzzle: Puzzle) -> list[bool]:
    """A board from a board editor code or a text grid; Rejected says what is wrong."""
    if not text:
        raise Rejected("Paste your board after the word: a code from the board editor, or a grid.")
    if looks_like_code(text):
        code = decode(text, kind="lh")
        if (code.height, code.width) != (puzzle.height, puzzle.width):
            raise Rejected(
                f"That code is for a {code.height}×{code.width} board; "
                f"this puzzle is {puzzle.height}×{puzzle.width}."
            )
        return [value == 1 for value in code.cells]  # 2 is a note mark: unshaded
    marks = _GAPS.sub("", text)
    if len(marks) != puzzle.cells:
        raise Rejected(
            f"I count {len(marks)} cells; this puzzle needs {puzzle.cells}: "
            f"{puzzle.height} rows of {puzzle.width}, `#` shaded and `.` unshaded."
        )
    return [mark == SHADED for mark in marks]
