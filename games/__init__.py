"""Pure rule engines, one subpackage per game. No I/O, no clock, no Discord."""

from games.core import (
    HOST,
    PUBLIC,
    Deadline,
    FormatError,
    Game,
    Notice,
    Outcome,
    Rejected,
    Step,
    get,
    keys,
)

__all__ = [
    "HOST",
    "PUBLIC",
    "Deadline",
    "FormatError",
    "Game",
    "Notice",
    "Outcome",
    "Rejected",
    "Step",
    "get",
    "keys",
]
