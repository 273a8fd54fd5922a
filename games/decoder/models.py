"""The state of a Decoder match. It holds every secret (hands, tank times,
recharge timers, offered letters); views decide who sees what."""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from games.core import GameState, Seat, SteppedBank, Window
from games.decoder.config import DecoderConfig, Item
from games.decoder.tanks import Tank
from games.decoder.tiles import Clue

Phase: TypeAlias = Literal["pregame", "selection", "play", "over"]
TurnKind: TypeAlias = Literal["ask", "guess", "restore"]
#: What a seat is deciding in a window.
Decision: TypeAlias = Literal["turn", "clue", "giveup", "swap", "total", "sabotage", "unexpected"]

DECISION_LABELS: dict[Decision, str] = {
    "turn": "your turn",
    "clue": "your clue choice",
    "giveup": "the letter you give up",
    "swap": "your swap decision",
    "total": "your guess at the restored total",
    "sabotage": "your sabotage pick",
    "unexpected": "your Unexpected Sabotage decision",
}
#: The same decisions as the room reads them: whose turn it is and what it is
#: waiting on are public (the rules' information list), the choices are not.
ROOM_LABELS: dict[Decision, str] = {
    "turn": "their turn",
    "clue": "their clue choice",
    "giveup": "the letter they give up",
    "swap": "their swap decision",
    "total": "their guess at the restored total",
    "sabotage": "their sabotage pick",
    "unexpected": "their Unexpected Sabotage decision",
}


class Selection(BaseModel):
    """One seat's letter selection (private to that seat)."""

    extra_tanks: list[int]
    initial: list[str]
    rarities: list[int] | None = None
    extras: list[str] = Field(default_factory=list)
    hand_chosen: bool = False

    @property
    def extra_count(self) -> int:
        return len(self.extra_tanks)

    @property
    def dealt(self) -> list[str]:
        return sorted(self.initial + self.extras)

    @property
    def done(self) -> bool:
        return self.hand_chosen


class Pending(BaseModel):
    """A decision a seat owes, with its window. ``steps`` counts the bank
    steps already spent on it; each one is one more deadline."""

    id: int
    seat: Seat
    decision: Decision
    window: Window
    steps: int = 0


class Revealed(BaseModel):
    """A letter that left a hand in public (never changed after: frozen, so the
    engine's copy of a state shares it, games.core.copies)."""

    model_config = ConfigDict(frozen=True)

    letter: str
    seat: Seat
    how: Literal["guessed", "given_up"]
    turn: int


class ClueAnswer(BaseModel):
    model_config = ConfigDict(frozen=True)

    clue: Clue
    answer: bool


class TurnRecord(BaseModel):
    """One turn, secrets included; views publish only the public fields. The
    turn being played is one of these, changed as its decisions come in; a
    finished turn goes into the history as a :class:`PastTurn`."""

    number: int
    seat: Seat
    kind: TurnKind | None = None
    tank: int | None = None
    surge: bool = False
    unexpected: bool = False
    # ask
    word: str | None = None
    excluded: Clue | None = None
    evidence: bool = False
    answers: tuple[ClueAnswer, ...] = ()
    chosen_by: Seat | None = None
    # guess
    letter: str | None = None
    correct: bool | None = None
    #: Declared with the guess; public only when the guess was wrong.
    insurance: bool = False
    given_up: str | None = None
    #: Secret to the guesser's opponent: the letter offered, and what it swapped out.
    offer: str | None = None
    swapped_out: str | None = None
    swap_decided: bool = False
    # restore
    restored: tuple[int, ...] = ()
    total: int | None = None
    total_guessed: bool = False
    total_correct: bool | None = None
    sabotaged: int | None = None

    def finished(self) -> PastTurn:
        return PastTurn(**dict(self))


class PastTurn(TurnRecord):
    """A finished turn: nothing changes it again. Frozen (its fields are
    immutable: tuples, frozen answers), the engine's copy of a state shares
    the whole history instead of copying every record of it on every move
    (games.core.copies; Decoder's property suite spent half its CPU there)."""

    model_config = ConfigDict(frozen=True)


def _two_lists() -> list[Any]:
    return [[], []]


def _nothing_pending() -> list[Pending | None]:
    return [None, None]


class DecoderState(GameState):
    config: DecoderConfig
    phase: Phase = "pregame"
    tank_names: list[str]
    tanks: list[list[Tank]]
    #: Items not yet used (public: DECISIONS leaves holdings to the host's config).
    items: list[list[Item]]
    used_items: list[list[Item]] = Field(default_factory=_two_lists)
    first_seat: Seat
    selection: list[Selection] | None = None
    selection_window: Window | None = None
    #: The letters each seat saw in setup (initial and extras, or its preset hand).
    seen: list[list[str]] = Field(default_factory=_two_lists)
    hands: list[list[str]] = Field(default_factory=_two_lists)
    revealed: list[Revealed] = Field(default_factory=list)
    asked: list[str] = Field(default_factory=list)
    #: Recharge timers in units: nobody but the host view ever sees them.
    timers: list[int] = Field(default_factory=lambda: [0, 1])
    last_turn: Seat | None = None
    turn: TurnRecord | None = None
    history: list[PastTurn] = Field(default_factory=list)
    pending: list[Pending | None] = Field(default_factory=_nothing_pending)
    banks: list[SteppedBank]
    next_decision: int = 1
