"""What the shared tests need to know about Square Goofspiel (see tests/facts.py)."""

from __future__ import annotations

from typing import Any

from games.goofspiel import GoofspielState

#: Move words, from the grammar's docstring and help texts.
MOVES = [
    "play 4",
    "4",
    "pass",
    "bid 6",
    "card three",
    "no bid",
    "submit 1",
    "0",
    "-1",
    "play 7",
    "no submission",
    "`play 2`.",
    "nothing",
]

#: Six phases of six auctions each.
PHASES = frozenset(str(number) for number in range(1, 7))


def phase(state: GoofspielState) -> str:
    return str(state.phase)


LONGEST_MOVES = ["`no submission`.", "`play three`!"]
HEAVY_MOVES = [("play ", "9"), ("", "1 "), ("bid ", "`")]
SOAK_OPTIONS: list[dict[str, Any]] = [{"move_seconds": 10}]
SOAK_AT_ONCE = 5


def secrets(state: GoofspielState) -> list[str]:
    """Each auction's cell: the reveal lists every auction's bids by cell."""
    return [f"{record.cell} " for record in state.history]
