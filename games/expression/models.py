"""Config, action and state models for Expression Black & White."""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.core import GameConfig, GameState, Reserve, Seat, Window
from games.expression.tiles import (
    HIGHEST,
    LOWEST,
    ROUNDS,
    GlobalPair,
    Symbol,
    Tile,
)

BOUTS = 2
Number = Annotated[int, Field(ge=LOWEST, le=HIGHEST)]
BoutNumber = Annotated[int, Field(ge=1, le=BOUTS)]
RoundNumber = Annotated[int, Field(ge=1, le=ROUNDS)]
Stage: TypeAlias = Literal["planning", "starter", "play", "guess", "final", "over"]


class ExpressionConfig(GameConfig):
    """``global_tiles`` fixes all 24 global pairs (bout 1's twelve, then bout 2's)
    for rehearsals and tests; without it each bout draws its pairs from the seed."""

    advantage: Seat = 0
    global_tiles: list[GlobalPair] | None = None
    planning_seconds: int = Field(default=180, ge=0)
    submit_seconds: int = Field(default=45, ge=1)
    reserve_seconds: int = Field(default=180, ge=0)
    guess_seconds: int = Field(default=60, ge=1)
    final_seconds: int = Field(default=300, ge=1)

    @field_validator("global_tiles")
    @classmethod
    def _all_24(cls, pairs: list[GlobalPair] | None) -> list[GlobalPair] | None:
        if pairs is not None and len(pairs) != BOUTS * ROUNDS:
            raise ValueError(
                f"global_tiles must list {BOUTS * ROUNDS} [number, symbol] pairs "
                f"(bout 1's {ROUNDS}, then bout 2's); got {len(pairs)}"
            )
        return pairs


# -- actions ---------------------------------------------------------------------
# Moves that answer one round or bout name it (``bout``/``round``), when known, so
# a move that waited while that round moved on is refused instead of landing on
# the next one. None means "whatever is open now" (buttons may omit it).


class Ready(BaseModel):
    """Done planning; the planning phase ends early once both seats are ready."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["ready"] = "ready"
    bout: BoutNumber | None = None


class ChooseStarter(BaseModel):
    """The Advantage holder's choice of who starts bout 1."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["first"] = "first"
    starter: Literal["me", "them"]


class Play(BaseModel):
    """An expression ``numbers[0] symbols[0] numbers[1] symbols[1] numbers[2]``."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["play"] = "play"
    numbers: tuple[Number, Number, Number]
    symbols: tuple[Symbol, Symbol]
    bout: BoutNumber | None = None
    round: RoundNumber | None = None

    def tiles(self) -> list[Tile]:
        a, b, c = self.numbers
        return [a, self.symbols[0], b, self.symbols[1], c]


class Guess(BaseModel):
    """The round loser's guess: up to two distinct numbers and one symbol."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["guess"] = "guess"
    numbers: tuple[Number, ...] = Field(default=(), max_length=2)
    symbol: Symbol | None = None
    bout: BoutNumber | None = None
    round: RoundNumber | None = None


class Reveal(BaseModel):
    """The round winner's choice of which of its own tiles to reveal."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["reveal"] = "reveal"
    tile: Number | Symbol
    bout: BoutNumber | None = None
    round: RoundNumber | None = None


class OwnTiles(BaseModel):
    """The three tiles a seat spends in a round: two numbers (sorted) and a symbol."""

    model_config = ConfigDict(frozen=True)

    numbers: tuple[Number, Number]
    symbol: Symbol

    @field_validator("numbers")
    @classmethod
    def _sorted(cls, numbers: tuple[int, int]) -> tuple[int, int]:
        low, high = sorted(numbers)
        return (low, high)

    def tiles(self) -> list[Tile]:
        return [*self.numbers, self.symbol]


class FinalEntry(BaseModel):
    """One round's Final Guess: the opponent's three own tiles, as a multiset."""

    model_config = ConfigDict(frozen=True)

    round: RoundNumber
    tiles: OwnTiles | None  # None clears an earlier guess for the round


class FinalGuess(BaseModel):
    """Final Guess entries for any rounds; a later entry for a round replaces the
    earlier one. ``done`` locks the seat's Final Guess after these entries."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["final"] = "final"
    entries: tuple[FinalEntry, ...] = ()
    done: bool = False
    bout: BoutNumber | None = None


ExpressionAction = Annotated[
    Ready | ChooseStarter | Play | Guess | Reveal | FinalGuess, Field(discriminator="kind")
]


# -- records ------------------------------------------------------------------------


class Submission(BaseModel):
    """One seat's expression in one round. Secret from the opponent (only colours)."""

    model_config = ConfigDict(frozen=True)

    numbers: tuple[int, int, int]
    symbols: tuple[Symbol, Symbol]
    own: OwnTiles
    value: str  # a Fraction as text: "7/2"
    distance: str
    charged_ms: int = 0

    def tiles(self) -> list[Tile]:
        a, b, c = self.numbers
        return [a, self.symbols[0], b, self.symbols[1], c]


class NumberResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int
    correct: bool
    points: int


class SymbolResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    symbol: Symbol
    correct: bool
    points: int


class GuessScore(BaseModel):
    """The scored guesses of a round's loser (public once scored)."""

    model_config = ConfigDict(frozen=True)

    numbers: tuple[NumberResult, ...]
    symbol: SymbolResult | None
    points: int

    @property
    def any_correct(self) -> bool:
        return any(r.correct for r in self.numbers) or bool(self.symbol and self.symbol.correct)


class RoundRecord(BaseModel):
    """One round, secrets included; views publish only the public fields.

    Frozen, its fields immutable: the engine's copy of a state shares every
    record instead of copying the whole match so far on every move
    (games.core.copies; it was half the CPU of Expression's property tests).
    The open round changes by being replaced (:meth:`changed`)."""

    model_config = ConfigDict(frozen=True)

    bout: int
    round: int
    pair: GlobalPair
    first: int
    plays: tuple[Submission | None, Submission | None] = (None, None)
    #: Whose play window ran into reserve time this round.
    overtime: tuple[bool, bool] = (False, False)
    winner: int | None = None
    #: The loser's sealed guess (numbers, symbol) while the guessing is open.
    guess: Guess | None = None
    guess_timed_out: bool = False
    #: The winner's sealed reveal choice.
    reveal: Tile | None = None
    reveal_timed_out: bool = False
    score: GuessScore | None = None
    #: The winner's tile shown to everyone (only when the loser guessed nothing right).
    revealed: Tile | None = None

    def changed(self, **fields: object) -> RoundRecord:
        """This record with ``fields`` replaced (immutable values only: tuples,
        frozen models)."""
        return self.model_copy(update=fields)

    def played(self, seat: int, play: Submission) -> RoundRecord:
        plays = (play, self.plays[1]) if seat == 0 else (self.plays[0], play)
        return self.changed(plays=plays)

    @property
    def second(self) -> int:
        return 1 - self.first

    @property
    def decided_winner(self) -> int:
        """The winner, once the round is decided (every stage after the plays)."""
        if self.winner is None:
            raise ValueError(f"round {self.round} of bout {self.bout} is not decided yet")
        return self.winner

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner


class FinalSheet(BaseModel):
    """One seat's Final Guess in one bout: round -> the opponent's own tiles."""

    entries: dict[int, OwnTiles] = Field(default_factory=dict)
    locked: bool = False
    timed_out: bool = False
    correct: list[int] = Field(default_factory=list)


class BoutScore(BaseModel):
    """One seat's points in one bout, by source."""

    rounds: int = 0
    guesses: int = 0
    final: int = 0

    @property
    def before_final(self) -> int:
        return self.rounds + self.guesses

    @property
    def total(self) -> int:
        return self.before_final + self.final


def _pair_of_lists() -> list[list[int]]:
    return [[], []]


def _no_symbols() -> list[list[Symbol]]:
    return [[], []]


class ExpressionState(GameState):
    config: ExpressionConfig
    stage: Stage = "planning"
    bout: int = 1
    #: Each started bout's 12 global pairs. A bout's pairs are drawn when it starts,
    #: so the state holds nothing about bout 2 before it is revealed.
    globals: list[list[GlobalPair]] = Field(default_factory=list)
    numbers: list[list[int]] = Field(default_factory=_pair_of_lists)
    symbols: list[list[Symbol]] = Field(default_factory=_no_symbols)
    reserves: list[Reserve]
    #: The open window: planning, starter choice, a play, the guessing, the Final Guess.
    window: Window
    ready: list[bool] = Field(default_factory=lambda: [False, False])
    #: The seat that started each bout so far.
    starters: list[int] = Field(default_factory=list)
    rounds: list[RoundRecord] = Field(default_factory=list)
    #: finals[bout - 1][seat]
    finals: list[list[FinalSheet]] = Field(default_factory=list)
    #: scores[bout - 1][seat]
    scores: list[list[BoutScore]] = Field(default_factory=list)

    @property
    def current(self) -> RoundRecord:
        return self.rounds[-1]

    @property
    def round(self) -> int:
        """The current round of the bout (0 before its first round)."""
        return sum(1 for record in self.rounds if record.bout == self.bout)

    @property
    def bout_rounds(self) -> list[RoundRecord]:
        return [record for record in self.rounds if record.bout == self.bout]

    @property
    def to_play(self) -> int:
        """The seat whose expression is awaited (play stage only)."""
        record = self.current
        return record.first if record.plays[record.first] is None else record.second
