"""Config, actions and state for Rune Breaker, both variants.

Boards travel in the state as flat row-major lists of cells (``"Rc"`` or
None), which JSON round-trips exactly; :class:`games.runebreaker.board.Board`
is built from them when a board is executed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core import GameConfig, GameState, ReservePeriods, Window
from games.runebreaker.pieces import Palette
from games.runebreaker.rounds import BOARD_SIZES, RoundSpec, Variant

Cells = list[str | None]

ROUNDS = 5
#: Turns per round, reserve periods, and how long a buzz's answers take, per
#: variant (the rules' figures; board sizes are in ``rounds``).
TURNS: dict[str, int] = {"classic": 9, "finals": 5}
RESERVE_PERIODS: dict[str, int] = {"classic": 8, "finals": 12}
ANSWER_SECONDS: dict[str, int] = {"classic": 120, "finals": 60}
#: Classic: the first seat to this many points wins the match.
WINNING_POINTS = 3
MAX_ERRORS = 3
CLASSIC_PROBE_COMMANDS = 3


class RuneBreakerConfig(GameConfig):
    """A match's options; every timing is on the match clock, in seconds."""

    variant: Variant = "classic"
    #: The Death Match Opponent: picks round 1's first player (classic) and wins ties.
    dmo: int = Field(default=0, ge=0, le=1)
    #: Classic: round 1's first player, fixed in advance; unset: the DMO picks at the start.
    first_seat: int | None = Field(default=None, ge=0, le=1)
    colours: int = Field(default=6, ge=2, le=6)
    shapes: int = Field(default=6, ge=2, le=6)
    #: Rounds fixed in advance (a host's rune set); rounds past these are generated.
    rounds: list[RoundSpec] | None = None
    #: A host's rune-set file; read when the match is created, it fills ``rounds``.
    rune_set: str | None = None
    choose_seconds: int = Field(default=60, ge=10)
    look_seconds: int = Field(default=30, ge=0)
    probe_seconds: int = Field(default=150, ge=10)
    #: A buzz's answers; unset: the variant's (classic 120, finals 60).
    answer_seconds: int | None = Field(default=None, ge=10)
    final_seconds: int = Field(default=180, ge=10)
    buzz_in_seconds: int = Field(default=120, ge=10)
    #: Unset: the variant's (classic 8, finals 12).
    reserve_periods: int | None = Field(default=None, ge=0)
    reserve_period_seconds: int = Field(default=30, ge=5)
    reserve_bonus: int = Field(default=2, ge=0)
    #: Finals: the seat holding the Decipher item (once per match), if any.
    decipher_seat: int | None = Field(default=None, ge=0, le=1)

    @model_validator(mode="after")
    def _rounds_fit(self) -> RuneBreakerConfig:
        size = BOARD_SIZES[self.variant]
        for number, spec in enumerate(self.rounds or [], start=1):
            if spec.size != size:
                raise ValueError(
                    f"round {number} is {spec.size}×{spec.size}; "
                    f"the {self.variant} variant plays {size}×{size}"
                )
        if self.rounds is not None and len(self.rounds) > ROUNDS:
            raise ValueError(f"a match has {ROUNDS} rounds; got {len(self.rounds)}")
        return self

    @property
    def palette(self) -> Palette:
        return Palette(self.colours, self.shapes)

    @property
    def size(self) -> int:
        return BOARD_SIZES[self.variant]

    @property
    def turns(self) -> int:
        return TURNS[self.variant]

    @property
    def answer_ms(self) -> int:
        return 1000 * (self.answer_seconds or ANSWER_SECONDS[self.variant])

    @property
    def starting_periods(self) -> int:
        if self.reserve_periods is not None:
            return self.reserve_periods
        return RESERVE_PERIODS[self.variant]


# -- actions ------------------------------------------------------------------


class ChooseFirst(BaseModel):
    """Classic: the DMO names round 1's first player."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["first"] = "first"
    seat: int = Field(ge=0, le=1)


class Probe(BaseModel):
    """An Example Reagent Board (4×4) and an Example Command Sequence."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["probe"] = "probe"
    board: Cells
    symbols: list[str]


class Decipher(BaseModel):
    """Finals item: one more sequence on one of the seat's earlier probe boards."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["decipher"] = "decipher"
    probe: int = Field(ge=1)
    symbols: list[str]


class Done(BaseModel):
    """Finals: no more probes from this seat this turn."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["done"] = "done"


class Buzz(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["buzz"] = "buzz"


class Answer(BaseModel):
    """A Reagent Board (classic) or a Command Sequence (finals)."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["answer"] = "answer"
    board: Cells | None = None
    symbols: list[str] | None = None


class Pass(BaseModel):
    """No answer to this buzz or final submission (so no reserve is spent)."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["pass"] = "pass"


RuneBreakerAction = Annotated[
    ChooseFirst | Probe | Decipher | Done | Buzz | Answer | Pass, Field(discriminator="kind")
]


# -- state ---------------------------------------------------------------------

Stage = Literal["choose", "look", "probe", "answer", "submit", "buzz_in", "over"]


class ProbeRecord(BaseModel):
    """One probe (or Decipher) and its outcome. ``product`` None means ERROR;
    ``reason`` says why, for the host only. Finals probes are private to their
    seat, and ``shown`` says whether its result has been sent yet."""

    seat: int
    round: int
    turn: int
    number: int  # the seat's probe number in the match (Decipher refers to it)
    board: Cells
    symbols: list[str]
    product: Cells | None
    reason: str | None = None
    decipher_of: int | None = None
    shown: bool = True


#: How a seat's answer slot was settled, as the reveal tells it: an answer, a
#: ``pass``, or a window (and reserve) that ran out with nothing in.
Response = Literal["answer", "pass", "no_answer"]


class AnswerSlot(BaseModel):
    """A seat's sealed answer to a buzz or a final submission."""

    board: Cells | None = None
    symbols: list[str] | None = None
    passed: bool = False  # the seat said ``pass``
    timed_out: bool = False  # its time ran out with nothing in

    @property
    def given(self) -> bool:
        return self.board is not None or self.symbols is not None

    @property
    def response(self) -> Response | None:
        """How the slot was settled; None while the seat still owes it."""
        if self.given:
            return "answer"
        if self.passed:
            return "pass"
        return "no_answer" if self.timed_out else None


class SeatClock(BaseModel):
    """The window a seat is answering now, and whether it is a reserve period."""

    window: Window | None = None
    reserve: bool = False
    serial: int = 0


class RoundResult(BaseModel):
    """A finished round; everything here is public once the round is over."""

    number: int
    winner: int | None
    points: list[int]
    reason: str
    spec: RoundSpec
    grades: list[list[int] | None] | None = (
        None  # classic grading: per seat (exact, precise, spatial)
    )


class RoundState(BaseModel):
    number: int
    spec: RoundSpec
    starter: int = 0  # classic: who takes the odd turns
    turn: int = 0
    errors: list[int] = Field(default_factory=lambda: [0, 0])
    buzzed: list[bool] = Field(default_factory=lambda: [False, False])
    buzzer: int | None = None  # None during an answer stage = the classic final submission
    buzzes: int = 0
    answers: list[AnswerSlot] = Field(default_factory=lambda: [AnswerSlot(), AnswerSlot()])
    done: list[bool] = Field(default_factory=lambda: [False, False])  # finals submissions
    #: What a buzz halted: the stage to go back to, and how long its window had left.
    resume_stage: Stage | None = None
    held_ms: int | None = None
    held_reserve: bool = False

    def active(self) -> int:
        """Classic: whose turn it is (the starter takes the odd turns)."""
        return self.starter if self.turn % 2 == 1 else 1 - self.starter


class RuneBreakerState(GameState):
    config: RuneBreakerConfig
    scores: list[int] = Field(default_factory=lambda: [0, 0])
    reserves: list[ReservePeriods]
    clocks: list[SeatClock] = Field(default_factory=lambda: [SeatClock(), SeatClock()])
    #: The room's clock (seat None): the look at the boards, the buzz-in phase.
    room: SeatClock = Field(default_factory=SeatClock)
    stage: Stage = "choose"
    first_seat: int | None = None
    round: RoundState | None = None
    results: list[RoundResult] = Field(default_factory=list)
    probes: list[ProbeRecord] = Field(default_factory=list)
    decipher_used: bool = False
    #: Bumped for every window opened, so each deadline key is used once.
    serial: int = 0

    @property
    def current(self) -> RoundState:
        assert self.round is not None, "no round in play"
        return self.round
