"""Built-in Square Goofspiel players for the demo and the benchmarks, at three levels.

Everything in this game is public but the open auction's sealed bids, so a
player reads the board, both hands, the phase's cells and its own bid from
its seat's view; the opponent's bid it never sees.

Levels: ``easy`` bids by the cell's two lines' worth with some noise and now
and then passes (it beats a random bidder about half the time); ``normal`` weighs
what the cell would swing on its two lines, as ``hard`` does, but takes every
card the opponent holds as as likely as any other and, one bid in five, bids by
worth alone; ``hard`` weighs what the cell would swing on its two lines given the
claims so far and the cells still to come, ranks it among every cell not yet
auctioned, spends its cards in that proportion, and reads the opponent's hand:
it never overpays a cell the opponent cannot contest and never throws a card
at one it cannot win. ``easy`` and ``normal`` now and then let the clock run
out (None) so timeouts show in the demo.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.kits import Player
from games.goofspiel.board import ALL_CELLS, SIZE, column_worth, row_col, row_worth


@dataclass(frozen=True)
class Level:
    name: str
    #: How often it lets the clock run out, and passes outright.
    timeout: float
    passes: float
    #: Spread of the worth-based bid around its aim (easy, normal).
    noise: float
    #: How often it bids the best card it means to afford (else any of them);
    #: for ``normal``, how often it weighs the cell's swing rather than its worth.
    careful: float


LEVEL_SETTINGS = {
    "easy": Level("easy", timeout=0.02, passes=0.05, noise=2.0, careful=0.6),
    "normal": Level("normal", timeout=0.02, passes=0.03, noise=1.0, careful=0.8),
    "hard": Level("hard", timeout=0.0, passes=0.0, noise=0.0, careful=1.0),
}


def _cell(view: Mapping[str, Any]) -> tuple[int, int]:
    row, col = row_col(view["cell"])
    return row, col


def _by_worth(view: Mapping[str, Any], seat: int, rng: random.Random, level: Level) -> str:
    """Bid more for cells that sit on high-worth lines, with noise."""
    hand: list[int] = view["hands"][seat]
    row, col = _cell(view)
    worth = (7 - row) + (7 - col)  # the two lines' worth: 2 (bottom right) to 12 (top left)
    if not hand or rng.random() < level.passes:
        return "pass"
    want = min(6, max(1, round(worth / 2 + rng.uniform(-level.noise, level.noise))))
    affordable = [c for c in hand if c <= want] or hand
    return f"play {max(affordable) if rng.random() < level.careful else rng.choice(affordable)}"


# -- hard: what a cell is worth now ---------------------------------------------------------


def _lines_of(cell: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The cell's row and column: (line index, worth, the cell's value on it)."""
    row, col = row_col(cell)
    return (row - 1, row_worth(row), col), (SIZE + col - 1, column_worth(col), row)


def _to_come(view: Mapping[str, Any]) -> list[str]:
    """Cells not claimed and not yet auctioned, this one excepted (a tied auction
    leaves its cell unclaimed for good, so the history says which are gone)."""
    gone = set(view["board"]) | {record["cell"] for record in view["history"]}
    return [cell for cell in ALL_CELLS if cell not in gone and cell != view["cell"]]


def _open_value(to_come: Sequence[str]) -> list[int]:
    """Per line, the value its cells still to be auctioned add up to."""
    left = [0] * (2 * SIZE)
    for cell in to_come:
        for line, _, value in _lines_of(cell):
            left[line] += value
    return left


def _chance(lead: float, open_value: int) -> float:
    """The chance to win a line ahead by ``lead`` with ``open_value`` still to come:
    sure when the rest cannot catch up, a logistic guess in between."""
    if lead > open_value:
        return 1.0
    if -lead > open_value:
        return 0.0
    return 1 / (1 + math.exp(-2.5 * lead / (open_value + 1)))


def swing(view: Mapping[str, Any], seat: int, cell: str, open_value: Sequence[int]) -> float:
    """Points the cell moves on its two lines: this seat taking it against the
    opponent taking it (each line's worth times the change in its chance)."""
    total = 0.0
    for line, worth, value in _lines_of(cell):
        mine, theirs = view["lines"][line]["totals"][seat], view["lines"][line]["totals"][1 - seat]
        left = open_value[line] - (value if cell != view["cell"] else 0)
        total += worth * (
            _chance(mine + value - theirs, left) - _chance(mine - theirs - value, left)
        )
    return total


THRIFT = 0.35


def _worth(cell: str) -> int:
    """The worth of the cell's two lines: 2 (bottom right) to 12 (top left)."""
    row, col = row_col(cell)
    return row_worth(row) + column_worth(col)


def their_bids(view: Mapping[str, Any], seat: int) -> list[int]:
    """What the opponent is likely to bid here, read from what it bid on cells of
    like worth (all of its bids while those are few), each bid it can no longer
    make turned into the best card it still holds below it (or a pass)."""
    opponent, worth = 1 - seat, _worth(view["cell"])
    past = [(_worth(r["cell"]), r["bids"][opponent]) for r in view["history"]]
    alike = [bid for w, bid in past if abs(w - worth) <= 2]
    seen = alike if len(alike) >= 3 else [bid for _, bid in past]
    held: list[int] = view["hands"][opponent]
    if not seen:
        return [0, *held]
    return [max((c for c in held if c <= bid), default=0) for bid in seen]


def _reckoned(view: Mapping[str, Any], seat: int, *, reads: bool = True) -> str:
    hand: list[int] = sorted(view["hands"][seat])
    if not hand:
        return "pass"
    to_come = _to_come(view)
    open_value = _open_value([*to_come, view["cell"]])
    here = swing(view, seat, view["cell"], open_value)
    still = here + sum(swing(view, seat, cell, open_value) for cell in to_come)
    # What a card's strength is worth: the points still open over the strength
    # left to win them with (a card comes in at each phase's end, so hold some back).
    price = THRIFT * still / (sum(hand) + 2 * (SIZE - view["phase"]) + 1)
    bids = their_bids(view, seat) if reads else [0, *view["hands"][1 - seat]]

    def gain(card: int) -> float:
        beaten = sum(bid < card for bid in bids) + 0.5 * sum(bid == card for bid in bids)
        return here * beaten / len(bids) - price * card

    best = max([0, *sorted(set(hand))], key=lambda card: (gain(card), -card))
    return f"play {best}" if best else "pass"


def _time_is_up(view: Mapping[str, Any], seat: int) -> bool:
    """Whether the seat's own window on this cell has closed (both close at once,
    and the other's expiry may be handled first)."""
    deadlines = (view.get("match") or {}).get("deadlines") or []
    return any(d.get("seat") == seat and d.get("seconds_left", 1) <= 0 for d in deadlines)


def _player(level: Level) -> Player:
    def play(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
        if _time_is_up(view, seat):
            return None  # the bid would be refused: the pass already stands
        if level.timeout and rng.random() < level.timeout:
            return None
        if level.name == "hard":
            return _reckoned(view, seat)
        if level.name == "normal" and rng.random() < level.careful:
            return _reckoned(view, seat, reads=False)
        return _by_worth(view, seat, rng, level)

    play.__name__ = f"goofspiel_{level.name}"
    return play


#: The players by level, weakest first (what :mod:`bot.kits` finds).
LEVELS: dict[str, Player] = {name: _player(level) for name, level in LEVEL_SETTINGS.items()}
PLAYER = LEVELS["normal"]


def random_goofspiel(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """A random legal bid: any card still in hand, or a pass, each as likely;
    it never lets the clock run (the baseline the levels are weighed against)."""
    hand: list[int] = view["hands"][seat]
    return rng.choice([*(f"play {card}" for card in hand), "pass"])


#: A player that picks uniformly among legal moves (bench/players.py's baseline).
RANDOM = random_goofspiel
