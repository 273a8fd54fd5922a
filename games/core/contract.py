"""The engine contract every game implements (DESIGN §2).

An engine is a pure object: it takes a state and an action and returns a new
state plus the notices that say what happened and who may know it. It never
reads a clock (time comes in as ``now_ms`` on the match clock), never does I/O,
and never mutates the state it is given.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Literal, TypeAlias, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.core.copies import private_copy
from games.core.formats import Formats

HOST: Literal["host"] = "host"
PUBLIC: Literal["public"] = "public"

Seat: TypeAlias = Literal[0, 1]
Actor: TypeAlias = int | Literal["host"]
Audience: TypeAlias = int | Literal["public", "host"]

SEATS: tuple[Seat, Seat] = (0, 1)


class Rejected(Exception):
    """A move the rules do not allow; ``message`` is shown to the player as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Notice(BaseModel):
    """Something that happened, and who may know it. The bot decides how it looks."""

    model_config = ConfigDict(frozen=True)

    audience: Audience
    kind: str
    data: dict[str, Any] = Field(default_factory=dict)


class Deadline(BaseModel):
    """A time limit on the match clock that the runtime must arm.

    ``reminders`` are seconds before ``at_ms`` at which ``seat`` (or the room,
    when ``seat`` is None) is told how long is left. ``label`` says what the
    time is for, in words a player understands ("your bid on cell C").
    ``room_label``, where the rules make a seat's time public (Decoder's turn
    timer), sends each reminder to the room too, in words about the seat
    ("their turn"); it must say nothing the room may not know.
    ``timer`` marks a scheduled event rather than a time limit (Logical
    Horror's next token): nobody's time "runs out" when it fires.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    at_ms: int
    seat: int | None = None
    reminders: tuple[int, ...] = ()
    label: str = ""
    room_label: str | None = None
    timer: bool = False


class Outcome(BaseModel):
    """How a finished match ended. ``winner`` None means a draw."""

    model_config = ConfigDict(frozen=True)

    winner: int | None
    scores: tuple[float, float] | None = None
    reason: str


class GameState(BaseModel):
    """Base for every game's state: JSON round-trips exactly."""

    model_config = ConfigDict(extra="forbid")

    seed: int
    outcome: Outcome | None = None


class GameConfig(BaseModel):
    """Base for every game's config: unknown keys are an error, not a silent no-op."""

    model_config = ConfigDict(extra="forbid")


ConfigT = TypeVar("ConfigT", bound=GameConfig)
StateT = TypeVar("StateT", bound=GameState)
ActionT = TypeVar("ActionT", bound=BaseModel)


class Step(BaseModel, Generic[StateT]):
    """The result of setup, apply or expire: the new state and its notices.

    ``pause`` (a reason) asks the runtime to pause the match in the same
    commit as the step, as a host's pause would (Logical Horror: any player may
    pause in an emergency; only the host resumes)."""

    state: StateT
    notices: list[Notice] = Field(default_factory=list)
    pause: str | None = None


class Game(ABC, Generic[ConfigT, StateT, ActionT]):
    """One game's rules. Subclasses implement the ``_``-prefixed hooks.

    The public methods here hold the guarantees every engine must keep, so each
    game gets them for free: config coercion, never mutating the caller's state
    (the hooks work on a private copy: every mutable part new), and no moves after the end.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    #: The longest text ``parse`` reads, checked before anything else looks at
    #: it: a game sets it above its longest legal move, with room to spare.
    max_move_chars: ClassVar[int] = 2000
    Config: type[ConfigT]
    State: type[StateT]
    #: The action type (usually a discriminated union); its TypeAdapter
    #: (de)serialises actions for the event log.
    Action: Any
    #: The stored format's version, its upgrade steps and schema record
    #: (``games/<key>/upgrades.py``; see games.core.formats). The default, version
    #: 1 with nothing recorded, fails the schema-hash test with what to add.
    formats: ClassVar[Formats] = Formats()

    def __init__(self) -> None:
        self._actions: TypeAdapter[ActionT] = TypeAdapter(self.Action)

    # -- the contract -------------------------------------------------------

    def setup(self, config: ConfigT | dict[str, Any], seed: int, now_ms: int = 0) -> Step[StateT]:
        return self._setup(self.coerce_config(config), seed, now_ms)

    def parse(self, state: StateT, actor: Actor, text: str) -> ActionT:
        if state.outcome is not None:
            raise Rejected("The match is over.")
        # Its length is all that is read of an over-long text: no lower-casing,
        # no splitting, no regular expression, so no input can cost more than
        # this cap allows (tests/games/test_fuzz_parse.py holds every game to it).
        if len(text) > self.max_move_chars:
            raise Rejected(
                f"That is too long to be a move: {self.title} moves are at most "
                f"{self.max_move_chars:,} characters, and this has {len(text):,}."
            )
        action = self._parse(state, actor, " ".join(text.lower().split()))
        self._validate(state, actor, action)
        return action

    def validate(self, state: StateT, actor: Actor, action: ActionT) -> None:
        """Raise ``Rejected`` with the message ``apply`` would give, without applying.

        ``parse`` calls it, so a typed move is refused as it arrives and then
        applied once, under the match lock."""
        if state.outcome is not None:
            raise Rejected("The match is over.")
        self._validate(state, actor, action)

    def apply(self, state: StateT, actor: Actor, action: ActionT, now_ms: int) -> Step[StateT]:
        if state.outcome is not None:
            raise Rejected("The match is over.")
        return self._apply(self._copy(state), actor, action, now_ms)

    def expire(self, state: StateT, key: str, now_ms: int) -> Step[StateT]:
        live = {d.key for d in self.deadlines(state)}
        if state.outcome is not None or key not in live:
            return Step(state=state)  # a stale timer: nothing happens
        return self._expire(self._copy(state), key, now_ms)

    def deadlines(self, state: StateT) -> list[Deadline]:
        return [] if state.outcome is not None else self._deadlines(state)

    def to_act(self, state: StateT) -> frozenset[int]:
        return frozenset() if state.outcome is not None else self._to_act(state)

    def outcome(self, state: StateT) -> Outcome | None:
        return state.outcome

    def window(self, state: StateT, seat: int) -> str | None:
        """The decision window ``seat`` is answering now, answered yet or not.

        The runtime notes it when a move arrives (and buttons carry it); if it
        has changed by the time the move is applied, the move was aimed at a
        window that closed and is refused, never applied to the next one.
        Default: the key of the seat's live deadline.
        """
        if state.outcome is not None:
            return None
        return next((d.key for d in self._deadlines(state) if d.seat == seat), None)

    def reveal(self, state: StateT) -> list[Notice]:
        """Every secret of the match, told to the room (``PUBLIC`` notices) when
        the host chooses to once the match is over: hands, words, expressions,
        runes, a puzzle's rules. The runtime allows it only after the end, so
        nothing here needs to check.

        A game that keeps anything from the room or the opponent must override
        this (by convention in ``games/<key>/reveal.py``). The default returns no
        notices, which means the game keeps no secrets: the runtime then refuses
        ``/match reveal`` with "<title> keeps no secrets to reveal." and logs
        nothing."""
        return []

    @abstractmethod
    def view(self, state: StateT, audience: Audience) -> dict[str, Any]: ...

    # -- helpers the runtime uses ------------------------------------------

    def coerce_config(self, config: ConfigT | dict[str, Any] | None) -> ConfigT:
        if isinstance(config, self.Config):
            return config
        return self.Config.model_validate(config or {})

    def load_state(self, data: str | bytes) -> StateT:
        """A state in the current format; a stored one may be older: read it with
        ``games.core.formats.load_state``, which upgrades it first."""
        return self.State.model_validate_json(data)

    def _copy(self, state: StateT) -> StateT:
        # Every mutable part copied, every immutable part shared (games/core/copies.py):
        # a deep copy as far as any hook can tell, at the cost of the live parts only.
        return private_copy(state)

    def dump_action(self, action: ActionT) -> dict[str, Any]:
        dumped: dict[str, Any] = self._actions.dump_python(action, mode="json")
        return dumped

    def load_action(self, data: dict[str, Any]) -> ActionT:
        return self._actions.validate_python(data)

    # -- hooks ---------------------------------------------------------------

    @abstractmethod
    def _setup(self, config: ConfigT, seed: int, now_ms: int) -> Step[StateT]: ...

    @abstractmethod
    def _parse(self, state: StateT, actor: Actor, text: str) -> ActionT:
        """``text`` arrives lower-cased with single spaces."""

    def _validate(self, state: StateT, actor: Actor, action: ActionT) -> None:
        """Refuse what ``_apply`` would refuse, reading ``state`` only (it is the
        caller's, not a copy). Default: nothing beyond what ``_parse`` checked."""

    @abstractmethod
    def _apply(self, state: StateT, actor: Actor, action: ActionT, now_ms: int) -> Step[StateT]:
        """``state`` is a private copy: mutate it and return it."""

    @abstractmethod
    def _expire(self, state: StateT, key: str, now_ms: int) -> Step[StateT]:
        """``key`` is one of the state's live deadlines; ``state`` is a private copy."""

    @abstractmethod
    def _deadlines(self, state: StateT) -> list[Deadline]: ...

    @abstractmethod
    def _to_act(self, state: StateT) -> frozenset[int]: ...


def seat_of(actor: Actor) -> Seat:
    """The seat an actor plays, or Rejected for the host."""
    if actor == 0 or actor == 1:
        return actor
    raise Rejected("The host has no moves in this game; players make them.")


def other(seat: int) -> Seat:
    return 1 if seat == 0 else 0
