"""The text grammar (DECISIONS), forgiving of spacing and spelling of symbols:

``ready`` · ``first me`` / ``first them`` · ``play 7 + 12 * 3`` (or ``7+12x3``) ·
``guess 5 7 +`` / ``guess 5`` / ``guess none`` · ``reveal 7`` / ``reveal +`` ·
``final 1: 5 7 +; 2: 12 12 -`` (``final 3: none`` clears round 3) · ``final done``.

The grammar only reads; whether the move is allowed now is :mod:`checks`' job.
In a Final Guess ``:`` separates a round from its tiles, so ÷ is typed ``/``
there.
"""

from __future__ import annotations

import re
from collections import Counter

from games.core import Rejected, quote
from games.expression.models import (
    ChooseStarter,
    ExpressionAction,
    FinalEntry,
    FinalGuess,
    Guess,
    OwnTiles,
    Play,
    Ready,
    Reveal,
)
from games.expression.tiles import HIGHEST, LOWEST, ROUNDS, SYMBOL_ALIASES, Symbol, Tile

_SYMBOL_CHARS = "".join(re.escape(c) for c in SYMBOL_ALIASES)
# A scanner: every character lands in exactly one piece, so this runs in linear time.
_PIECE = re.compile(rf"([0-9]+)|([{_SYMBOL_CHARS}])|[ ,]+|([^ ,0-9{_SYMBOL_CHARS}]+)", re.ASCII)
# A round number starts where a run of digits starts, never inside one. Without
# that lookbehind, splitting 10,000 digits tried a match from every digit, each
# reading on to the end of the run: quadratic (0.75 s; 50,000 digits took 20 s).
_FINAL_MARKER = re.compile(r"(?:round |r)?(?<![0-9])([0-9]+) ?:", re.ASCII)

_READY = re.compile(r"(?:i'?m |i am )?ready|done planning")
_FIRST = re.compile(r"(?:first|start) (me|them|opponent)|(me|them|opponent) first")
_PLAY = re.compile(r"(?:play|submit|expression|expr) ?(.*)")
_GUESS = re.compile(r"guess ?(.*)")
_REVEAL = re.compile(r"reveal ?(.*)")
_FINAL = re.compile(r"final(?: guess)? ?(.*)")
_NO_GUESS = frozenset({"none", "nothing", "no", "pass", "skip", "no guess"})
_CLEAR = frozenset({"none", "clear", "nothing", "no guess"})
_DONE = frozenset({"done", "lock", "locked", "submit", "finished"})

# People paste moves in code spans or end them with a full stop.
_WRAPPING = " `'\"“”‘’.!"

#: The Final Guess form holds 1,000 characters and adds the rounds it clears; a
#: typed Final Guess of all 12 rounds is about 250. Discord's own message limit.
MAX_MOVE_CHARS = 2000

EXPRESSION_HELP = (
    "An expression is number symbol number symbol number, e.g. `play 7 + 12 × 3` "
    "(type × as * or x, ÷ as / or :, − as -)."
)


def parse_text(text: str, hint: str) -> ExpressionAction:
    """The move ``text`` (lower-cased, single-spaced) asks for; ``hint`` says what
    the player can do now, for the reply to text nobody could read."""
    move = text.strip(_WRAPPING)
    if _READY.fullmatch(move):
        return Ready()
    if first := _FIRST.fullmatch(move):
        who = first.group(1) or first.group(2)
        return ChooseStarter(starter="me" if who == "me" else "them")
    if guess := _GUESS.fullmatch(move):
        return parse_guess(guess.group(1))
    if reveal := _REVEAL.fullmatch(move):
        return parse_reveal(reveal.group(1))
    if final := _FINAL.fullmatch(move):
        return parse_final(final.group(1))
    if play := _PLAY.fullmatch(move):
        return parse_expression(play.group(1))
    if move[:1].isdigit():
        # A bare expression (`7+12*3`); bare tiles that are no expression get the hint.
        try:
            return parse_expression(move)
        except Rejected:
            pass
    raise Rejected(f"I didn't understand {quote(move)}. {hint}")


def tokens(body: str, colon_is_divide: bool = True) -> list[Tile]:
    """Numbers and symbols, in order; Rejected for anything else."""
    if not colon_is_divide and ":" in body:
        raise Rejected("In a Final Guess type ÷ as `/` (the colon ends a round number).")
    found: list[Tile] = []
    for piece in _PIECE.finditer(body):
        number, symbol, other = piece.groups()
        if other is not None:
            raise Rejected(
                f"{quote(other)} is not a tile: numbers run {LOWEST}–{HIGHEST} and the "
                "symbols are + − × ÷."
            )
        if symbol is not None:
            found.append(SYMBOL_ALIASES[symbol])
        elif number is not None:
            found.append(_number(number))
    return found


def _number(token: str) -> int:
    # Check the length before int(): a 5,000-digit number must not reach it.
    if len(token.lstrip("0")) > 2 or not LOWEST <= int(token) <= HIGHEST:
        raise Rejected(f"Number tiles run {LOWEST}–{HIGHEST}, so {quote(token)} is no tile.")
    return int(token)


def split(found: list[Tile]) -> tuple[list[int], list[Symbol]]:
    numbers = [t for t in found if isinstance(t, int)]
    symbols: list[Symbol] = [t for t in found if isinstance(t, str)]
    return numbers, symbols


def parse_expression(body: str) -> Play:
    found = tokens(body)
    shape_ok = len(found) == 5 and all(
        isinstance(tile, int) == (i % 2 == 0) for i, tile in enumerate(found)
    )
    if not shape_ok:
        raise Rejected(EXPRESSION_HELP)
    numbers, symbols = split(found)
    return Play(numbers=(numbers[0], numbers[1], numbers[2]), symbols=(symbols[0], symbols[1]))


def parse_guess(body: str) -> Guess:
    body = body.replace(" and ", " ").strip()
    if body in _NO_GUESS:
        return Guess()
    if not body:
        raise Rejected(
            "Guess up to two numbers and one symbol, e.g. `guess 5 7 +`, or `guess none`."
        )
    numbers, symbols = split(tokens(body))
    if len(numbers) > 2 or len(symbols) > 1:
        raise Rejected("Guess at most two numbers and one symbol, e.g. `guess 5 7 +` or `guess 5`.")
    if len(set(numbers)) < len(numbers):
        raise Rejected("You may not guess the same number twice.")
    return Guess(numbers=tuple(numbers), symbol=symbols[0] if symbols else None)


def parse_reveal(body: str) -> Reveal:
    found = tokens(body)
    if len(found) != 1:
        raise Rejected("Reveal one of your own tiles, e.g. `reveal 7` or `reveal +`.")
    return Reveal(tile=found[0])


def parse_final(body: str) -> FinalGuess:
    body = body.replace(";", " ").replace(",", " ").strip()
    done = False
    words = body.rsplit(" ", 1)
    if words[-1] in _DONE:
        done, body = True, (words[0] if len(words) == 2 else "")
    if not body:
        if done:
            return FinalGuess(done=True)
        raise Rejected("Name rounds and tiles, e.g. `final 1: 5 7 +; 2: 12 12 -`, or `final done`.")
    parts = _FINAL_MARKER.split(body)
    if parts[0].strip():
        raise Rejected(
            "Start each round's guess with its number and a colon: `final 1: 5 7 +; 2: 12 12 -`."
        )
    markers, bodies = parts[1::2], [body.strip() for body in parts[2::2]]
    for marker, tiles in zip(markers, bodies, strict=True):
        if not tiles:
            raise Rejected(
                f"Round {shorten(marker)} has no tiles. In a Final Guess type ÷ as `/` "
                "(a colon ends a round number)."
            )
    entries = [_final_entry(m, tiles) for m, tiles in zip(markers, bodies, strict=True)]
    named = Counter(entry.round for entry in entries)
    twice = sorted(r for r, times in named.items() if times > 1)
    if twice:
        raise Rejected(f"You named round {twice[0]} twice; name each round once.")
    return FinalGuess(entries=tuple(entries), done=done)


def _final_entry(marker: str, body: str) -> FinalEntry:
    if len(marker) > 2 or not 1 <= int(marker) <= ROUNDS:
        raise Rejected(f"Rounds run 1–{ROUNDS}, so there is no round {shorten(marker)}.")
    round_ = int(marker)
    if body in _CLEAR:
        return FinalEntry(round=round_, tiles=None)
    numbers, symbols = split(tokens(body, colon_is_divide=False))
    if len(numbers) != 2 or len(symbols) != 1:
        raise Rejected(
            f"Round {round_}: name the two numbers and one symbol your opponent played, "
            "e.g. `5 7 +` (or `none` to clear the round)."
        )
    return FinalEntry(
        round=round_, tiles=OwnTiles(numbers=(numbers[0], numbers[1]), symbol=symbols[0])
    )


def shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
