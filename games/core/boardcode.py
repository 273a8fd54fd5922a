"""Board codes: a whole grid as one short word a player pastes into Discord.

The bot's web board editor turns a drawn board into a code such as
``rb1-3k9w…`` and each grid game's ``parse`` accepts the code wherever it
accepts a text board. The editor's JavaScript (bot/web/static/boardcode.js)
is a twin of this module and must produce byte-identical codes.

Format: ``<kind><version>-<payload><check>``.

- ``kind`` names the game's cell alphabet: ``lh`` (Logical Horror: 0 unshaded,
  1 shaded, 2 a note mark the game ignores) or ``rb`` (Rune Breaker: 0 empty,
  1..36 an object by its index in the game's palette order, 1-based).
- ``version`` is ``1``.
- ``payload`` is one big number in Crockford's base-32 digits, lower case
  (``0-9a-z`` without ``i l o u``), most significant digit first, no leading
  zero. From the least significant end the number holds: the size
  ``(height-4)*7 + (width-4)`` (mod 49); then a mask of the values the board
  uses (one bit per value of the kind); then the cells, row-major, each as its
  rank among the used values, cell 0 in the lowest place (base = how many
  values are used). Naming only the used values keeps sparse boards short.
- ``check`` is one more digit: a Damm check over a quasigroup of order 32
  (x∗y = 2·x ⊕ y in GF(32)), which catches every single changed character and
  every swap of two neighbours.

Why this alphabet: Discord text reaches the engines lower-cased and with its
spaces collapsed, and codes get read aloud or retyped; lower-case letters and
digits with no look-alikes survive all of that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.contract import Rejected

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
VERSION = "1"
MIN_SIDE = 4
MAX_SIDE = 10
_SIDES = MAX_SIDE - MIN_SIDE + 1
_DIGIT = {ch: value for value, ch in enumerate(ALPHABET)}
_GF32_POLY = 0b100101  # x^5 + x^2 + 1, irreducible: GF(32) for the check digit

DAMAGED = "This code is damaged — copy it again from the board editor."

_SHAPE = re.compile(r"([a-z]{2})([0-9]{1,3})-([0-9a-z]+)")


@dataclass(frozen=True)
class Kind:
    title: str  # the game, as players know it
    values: int  # how many cell values the kind has (0 included)


KINDS: dict[str, Kind] = {
    "lh": Kind("Logical Horror", 3),
    "rb": Kind("Rune Breaker", 37),
}


@dataclass(frozen=True)
class BoardCode:
    kind: str
    height: int
    width: int
    cells: tuple[int, ...]  # row-major

    def rows(self) -> tuple[tuple[int, ...], ...]:
        w = self.width
        return tuple(self.cells[r * w : (r + 1) * w] for r in range(self.height))


def encode(kind: str, height: int, width: int, cells: Sequence[int]) -> str:
    """The code of a ``height``×``width`` board; ValueError for a board no code can hold."""
    spec = KINDS.get(kind)
    if spec is None:
        raise ValueError(f"unknown board kind {kind!r}; known: {', '.join(KINDS)}")
    for side in (height, width):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError(f"a board side is {MIN_SIDE}–{MAX_SIDE} cells, not {side}")
    if len(cells) != height * width:
        raise ValueError(f"a {height}×{width} board has {height * width} cells, not {len(cells)}")
    if any(not 0 <= c < spec.values for c in cells):
        raise ValueError(f"{kind} cells are 0–{spec.values - 1}")
    used = sorted(set(cells))
    rank = {value: i for i, value in enumerate(used)}
    number = 0
    for cell in reversed(cells):  # cell 0 ends in the lowest place
        number = number * len(used) + rank[cell]
    mask = sum(1 << value for value in used)
    number = (number << spec.values | mask) * _SIDES**2 + _size(height, width)
    prefix = kind + VERSION
    payload = _to_digits(number)
    return f"{prefix}-{payload}{_check_digit(prefix, payload)}"


def decode(text: str, kind: str | None = None) -> BoardCode:
    """The board in a code (surrounding spaces and backticks ignored, any case).

    With ``kind``, a code of another game is refused by name. Rejected carries
    the sentence to show the player.
    """
    found = _SHAPE.fullmatch(_clean(text))
    if found is None:
        raise Rejected(DAMAGED)
    code_kind, version, body = found.groups()
    spec = KINDS.get(code_kind)
    if spec is None:
        raise Rejected(DAMAGED)
    if kind is not None and code_kind != kind:
        raise Rejected(
            f"That is a {spec.title} board code; this game needs a {KINDS[kind].title} code "
            "from this match's board editor."
        )
    if version != VERSION:
        raise Rejected(
            f"That code is version {version}; this bot reads version {VERSION} codes. "
            "Make the code again with this match's board editor."
        )
    payload, check = body[:-1], body[-1:]
    if not payload or _check_digit(code_kind + version, payload) != check:
        raise Rejected(DAMAGED)
    board = _unpack(code_kind, spec, payload)
    if board is None:
        raise Rejected(DAMAGED)
    return board


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a board code rather than a text board: one word
    shaped like a code (of any kind or version, so a wrong one is refused by name)."""
    return _SHAPE.fullmatch(_clean(text)) is not None


def _clean(text: str) -> str:
    return text.strip().strip("`").strip().lower()


def _size(height: int, width: int) -> int:
    return (height - MIN_SIDE) * _SIDES + (width - MIN_SIDE)


def _to_digits(number: int) -> str:
    digits = []
    while True:
        number, low = divmod(number, 32)
        digits.append(ALPHABET[low])
        if number == 0:
            return "".join(reversed(digits))


def _unpack(kind: str, spec: Kind, payload: str) -> BoardCode | None:
    """The board, or None unless the payload is exactly what ``encode`` writes."""
    if len(payload) > 1 and payload[0] == "0":
        return None
    number = 0
    for ch in payload:
        if ch not in _DIGIT:
            return None
        number = number * 32 + _DIGIT[ch]
    number, size = divmod(number, _SIDES**2)
    height, width = MIN_SIDE + size // _SIDES, MIN_SIDE + size % _SIDES
    mask, number = number & ((1 << spec.values) - 1), number >> spec.values
    used = [value for value in range(spec.values) if mask >> value & 1]
    if not used:
        return None
    cells = []
    for _ in range(height * width):
        number, index = divmod(number, len(used))
        cells.append(used[index])
    # Leftover digits, or a value named as used that no cell holds, is damage.
    if number != 0 or set(cells) != set(used):
        return None
    return BoardCode(kind, height, width, tuple(cells))


def _times_two(x: int) -> int:
    x <<= 1
    return x ^ _GF32_POLY if x & 32 else x


def _check_digit(prefix: str, payload: str) -> str:
    """The digit that brings the Damm fold of prefix + payload + digit to 0."""
    interim = 0
    for ch in prefix:
        interim = _times_two(interim) ^ (ord(ch) % 32)
    for ch in payload:
        value = _DIGIT.get(ch)
        if value is None:
            return ""  # not a digit: no check digit can match
        interim = _times_two(interim) ^ value
    return ALPHABET[_times_two(interim)]
