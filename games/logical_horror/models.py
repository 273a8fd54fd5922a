"""Config, actions and state for Logical Horror."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.core import GameConfig, GameState
from games.logical_horror.puzzle import MAX_SIDE, MIN_SIDE, Puzzle

SECOND = 1000
#: A puzzle generated for a match is at least this many cells a side: smaller
#: grids hold too few clues for each colour's rule to be deduced by queries.
#: Puzzle files, a host's own, may be as small as MIN_SIDE (rehearsals, teaching).
MIN_MATCH_SIDE = 8


class LogicalHorrorConfig(GameConfig):
    """A match's options; timings in seconds of match time."""

    size: int = 10
    colours: int = Field(default=3, ge=2, le=4)
    #: The answer format (a key of games.logical_horror.formats); unset: drawn from the seed.
    format: str | None = None
    #: A puzzle fixed in advance (a host's file); unset: generated from the seed.
    puzzle: Puzzle | None = None
    #: A host's puzzle file; read and verified when the match is created (sets ``puzzle``).
    puzzle_file: str | None = None
    #: A token arrives after this many seconds per unsolved colour.
    token_seconds: int = Field(default=30, ge=1)
    #: A hint use arrives every this many seconds.
    hint_seconds: int = Field(default=1200, ge=10)
    #: Wait for the host to confirm a winning board instead of ending at once.
    host_confirms_win: bool = False

    @field_validator("size")
    @classmethod
    def _generated_size(cls, size: int) -> int:
        if not MIN_MATCH_SIDE <= size <= MAX_SIDE:
            raise ValueError(
                f"a generated puzzle is {MIN_MATCH_SIDE}–{MAX_SIDE} cells a side, not {size} "
                "(smaller grids hold too few clues to deduce the rules; a puzzle_file may "
                f"be {MIN_SIDE}–{MAX_SIDE})"
            )
        return size


class Query(BaseModel):
    """A public or private query: a board (True = shaded)."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["query"] = "query"
    public: bool
    board: list[bool]


class Hint(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["hint"] = "hint"
    colour: str


class Pause(BaseModel):
    """Any player's emergency pause; only the host resumes."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["pause"] = "pause"
    reason: str = ""


class ConfirmWin(BaseModel):
    """The host's word on a board that satisfies every clue (``host_confirms_win``)."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["confirm"] = "confirm"
    confirmed: bool


LogicalHorrorAction = Annotated[Query | Hint | Pause | ConfirmWin, Field(discriminator="kind")]


class QueryRecord(BaseModel):
    """A query and what it told its seat: per clue (public) or per colour (private)."""

    seat: int
    public: bool
    at_ms: int
    board: list[bool]
    clues: list[bool] | None = None
    colours: dict[str, bool] | None = None
    #: How many clues the board satisfies: public queries only (the opponent learns it).
    satisfied: int | None = None
    #: A public winning board kept from the room while the host decides
    #: (``host_confirms_win``); shown if confirmed, never if denied.
    held: bool = False


class SeatResources(BaseModel):
    """One seat's tokens, hint uses and what it has found out."""

    tokens: int = 1
    #: When the next token arrives (None: every colour solved, queries are free).
    next_token_ms: int | None = None
    #: The interval running now, fixed when the previous token arrived.
    interval_ms: int = 0
    tokens_received: int = 0
    hints: int = 0
    solved: list[str] = Field(default_factory=list)
    hinted: list[str] = Field(default_factory=list)


class LogicalHorrorState(GameState):
    config: LogicalHorrorConfig
    puzzle: Puzzle
    seats: list[SeatResources]
    queries: list[QueryRecord] = Field(default_factory=list)
    #: When the next hint use arrives for both seats, and how many have.
    next_hint_ms: int
    hint_uses_given: int = 0
    #: A board satisfying every clue, waiting for the host (``host_confirms_win``).
    pending_win: int | None = None
    pending_board: list[bool] | None = None
