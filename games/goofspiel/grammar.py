"""The text grammar for a bid (DECISIONS: `play N` or `N`, `pass` or `0`).

Friendlier forms are welcome as long as none of them could mean two things:
"p" is refused because it could be "play" or "pass".
"""

from __future__ import annotations

import re

from games.core import Rejected, quote
from games.goofspiel.cards import HIGHEST, PASS

_VERB = r"(?:play|bid|card|submit)"
_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_PASS_WORDS = r"(?:pass|none|nothing|skip|no submission|no card|no bid)"

# ASCII digits only: int() would also read other scripts' digits, which nobody
# types by intent and the help text never offers.
_NUMBER = re.compile(rf"(?:{_VERB} ?)?(-?[0-9]+|{'|'.join(_NUMBER_WORDS)})", re.ASCII)
_PASS = re.compile(rf"(?:{_VERB} )?{_PASS_WORDS}", re.ASCII)

# People paste moves in code spans or end them with a full stop.
_WRAPPING = " `'\"“”‘’.!"

#: The longest bid is a few words ("`no submission`."); a move is never near this.
MAX_MOVE_CHARS = 100

HELP = f"Bid with a card number 1–{HIGHEST} (e.g. `4` or `play 4`) or `pass`."


def parse_bid(text: str) -> int:
    """The card bid by ``text`` (lower-cased, single-spaced); 0 for a pass."""
    move = text.strip(_WRAPPING)
    if _PASS.fullmatch(move):
        return PASS
    number = _NUMBER.fullmatch(move)
    if number is None:
        raise Rejected(f"I didn't understand {quote(text)}. {HELP}")
    return _card(number.group(1))


def _card(token: str) -> int:
    if token in _NUMBER_WORDS:
        return _NUMBER_WORDS[token]
    # Check the length before int(): a 5,000-digit number must not reach it.
    digits = token.lstrip("-")
    if token.startswith("-") or len(digits) > 2 or int(digits) > HIGHEST:
        raise Rejected(f"Cards run from 1 to {HIGHEST}, so {quote(token)} is no card. {HELP}")
    return int(digits)
