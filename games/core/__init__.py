"""The engine contract and the helpers every game shares."""

from games.core.contract import (
    HOST,
    PUBLIC,
    SEATS,
    Actor,
    Audience,
    Deadline,
    Game,
    GameConfig,
    GameState,
    Notice,
    Outcome,
    Rejected,
    Seat,
    Step,
    other,
    seat_of,
)
from games.core.draws import rng
from games.core.formats import FormatError, Formats, Schemas, Upgrade
from games.core.quoting import quote
from games.core.registry import get, keys
from games.core.timing import SECOND, Reserve, ReservePeriods, SteppedBank, Window

__all__ = [
    "HOST",
    "PUBLIC",
    "SEATS",
    "SECOND",
    "Actor",
    "Audience",
    "Deadline",
    "FormatError",
    "Formats",
    "Game",
    "GameConfig",
    "GameState",
    "Notice",
    "Outcome",
    "Rejected",
    "Reserve",
    "ReservePeriods",
    "Schemas",
    "Seat",
    "Step",
    "SteppedBank",
    "Upgrade",
    "Window",
    "get",
    "keys",
    "other",
    "quote",
    "rng",
    "seat_of",
]
