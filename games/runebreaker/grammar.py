"""The action language (text arrives lower-cased and single-spaced).

    first me | first them          classic, the DMO: who starts round 1
    probe <4×4 board> : A # Q      a probe: the board, then its commands
    decipher 2 : A Q               finals item: new commands on your probe #2
    done                           finals: no more probes this turn
    buzz
    answer <board>                 classic: the Reagent Board
    answer A # Q 9                 finals: the Command Sequence
    pass                           no answer to this buzz

A board is the text notation (``Rc .. Bs ..`` row by row, rows split by ``/``
or new lines) or a code from the board editor. The ``:`` between a probe's
board and its commands may be left out: the board ends after its 16th cell.
Commands may be written with or without spaces (``A#Q`` or ``A # Q``).
"""

from __future__ import annotations

import re

from games.core import Rejected, quote
from games.core.boardcode import decode, looks_like_code
from games.runebreaker.board import Board
from games.runebreaker.models import (
    Answer,
    Buzz,
    ChooseFirst,
    Decipher,
    Done,
    Pass,
    Probe,
    RuneBreakerAction,
    RuneBreakerConfig,
)
from games.runebreaker.notation import EMPTY_TOKENS, parse_board
from games.runebreaker.pieces import Palette
from games.runebreaker.rounds import PROBE_SIZE

#: A 10×10 board in notation is ~330 characters and the forms hold 1,000 (plus
#: the verb and a probe's commands); Discord's own message limit is 2,000.
MAX_MOVE_CHARS = 2000
_SEPARATOR = re.compile(r"\s*(?::|\||->|=>|\bthen\b)\s*")
# Backticks go, and so does a fence's language tag (```text): longer than any token.
_FENCE = re.compile(r"```[^\s`]{3,}(?=\s)|`+")
HELP = (
    "Moves: `probe <board> : <commands>`, `buzz`, `answer <board or commands>`, `pass`"
    " (finals also `done`, `decipher <probe #> : <commands>`; classic DMO: `first me|them`)."
)


def parse(text: str, seat: int, config: RuneBreakerConfig) -> RuneBreakerAction:
    text = _FENCE.sub(" ", text).strip()
    verb, _, rest = text.partition(" ")
    rest = rest.strip()
    if verb in ("first", "start"):
        return _first(rest, seat)
    if verb == "probe":
        board, symbols = _board_then_symbols(rest, config.palette)
        return Probe(board=list(board.cells), symbols=symbols)
    if verb == "decipher":
        return _decipher(rest)
    if verb in ("done", "ready") and not rest:
        return Done()
    if verb == "buzz" and not rest:
        return Buzz()
    if verb == "pass" and not rest:
        return Pass()
    if verb in ("answer", "reagent", "sequence", "submit"):
        return _answer(rest, config)
    raise Rejected(f"I don't know the move {quote(text)}. {HELP}")


def _first(rest: str, seat: int) -> ChooseFirst:
    choices = {"me": seat, "them": 1 - seat, "1": 0, "2": 1}
    if rest not in choices:
        raise Rejected("Choose who starts round 1: `first me` or `first them`.")
    return ChooseFirst(seat=choices[rest])


def _decipher(rest: str) -> Decipher:
    match = re.fullmatch(r"#?p?(\d{1,3})\s*(?::|\|)?\s*(.*)", rest)
    if match is None:
        raise Rejected("Write `decipher <probe number> : <commands>`, e.g. `decipher 2 : A Q`.")
    return Decipher(probe=max(1, int(match.group(1))), symbols=symbols_of(match.group(2)))


def _answer(rest: str, config: RuneBreakerConfig) -> Answer:
    if not rest:
        what = "your Reagent Board" if config.variant == "classic" else "your Command Sequence"
        raise Rejected(f"Write `answer` then {what}.")
    if config.variant == "finals":
        return Answer(symbols=symbols_of(rest))
    return Answer(board=list(read_board(rest, config.size, config.palette).cells))


def symbols_of(text: str) -> list[str]:
    """Commands as single characters; spaces and commas between them are optional."""
    symbols = [ch for ch in text if not ch.isspace() and ch != ","]
    if not symbols:
        raise Rejected("No commands given: write them after the board, e.g. `: A # Q`.")
    return [symbol.upper() for symbol in symbols]


def read_board(text: str, size: int, palette: Palette) -> Board:
    """A board from the notation or from a board editor code."""
    if looks_like_code(text):
        code = decode(text, kind="rb")
        if (code.height, code.width) != (size, size):
            raise Rejected(
                f"That code is for a {code.height}×{code.width} board; this one is {size}×{size}."
            )
        pieces = palette.pieces
        if any(value > len(pieces) for value in code.cells):
            raise Rejected("That code uses objects this match's palette does not have.")
        return Board(size, tuple(pieces[v - 1] if v else None for v in code.cells))
    return parse_board(text, size, palette)


def _board_then_symbols(rest: str, palette: Palette) -> tuple[Board, list[str]]:
    if not rest:
        raise Rejected("Write `probe`, a 4×4 board, then its commands: `probe Rc .. … : A # Q`.")
    parts = _SEPARATOR.split(rest, maxsplit=1)
    if len(parts) == 2:
        return read_board(parts[0], PROBE_SIZE, palette), symbols_of(parts[1])
    first, _, after = rest.partition(" ")
    if looks_like_code(first):
        return read_board(first, PROBE_SIZE, palette), symbols_of(after)
    # No separator: the board is the first 16 cells, the rest are commands.
    tokens = rest.replace(",", " ").split(" ")
    cells, taken = 0, 0
    for token in tokens:
        if cells == PROBE_SIZE * PROBE_SIZE:
            break
        taken += 1
        if token in ("/", ""):
            continue
        cells += 1 if (len(token) == 2 or token in EMPTY_TOKENS) else 0
    board_text = " ".join(tokens[:taken])
    return read_board(board_text, PROBE_SIZE, palette), symbols_of(" ".join(tokens[taken:]))
