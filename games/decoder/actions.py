"""The actions of a Decoder match, one model per move, discriminated by ``kind``.

Tanks are named by number 1–7 here, as players name them.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from games.decoder.tiles import Clue

TankNumber = Annotated[int, Field(ge=1, le=7)]
Letter = Annotated[str, Field(pattern=r"^[A-Z]$")]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True)


class RaiseTime(_Action):
    """Pre-game: set one puzzle time, from its official time up to 300 s (again
    and again: a later time replaces an earlier one)."""

    kind: Literal["time"] = "time"
    tank: TankNumber
    seconds: int = Field(ge=0)


class StartSelection(_Action):
    """The host starts letter selection (or play, with preset hands)."""

    kind: Literal["start"] = "start"


class ChooseRarities(_Action):
    kind: Literal["rarities"] = "rarities"
    common: int = Field(ge=0)
    uncommon: int = Field(ge=0)
    rare: int = Field(ge=0)

    @property
    def counts(self) -> list[int]:
        return [self.common, self.uncommon, self.rare]


class ChooseHand(_Action):
    kind: Literal["hand"] = "hand"
    letters: list[Letter]


class Ask(_Action):
    kind: Literal["ask"] = "ask"
    word: str = Field(pattern=r"^[A-Z]+$")
    excluded: Clue
    tank: TankNumber
    evidence: bool = False
    surge: bool = False


class Guess(_Action):
    kind: Literal["guess"] = "guess"
    letter: Letter
    tank: TankNumber
    insurance: bool = False
    surge: bool = False


class Restore(_Action):
    kind: Literal["restore"] = "restore"
    tank: TankNumber
    surge: bool = False


class GiveClue(_Action):
    """The asker's opponent picks the clue to be answered."""

    kind: Literal["clue"] = "clue"
    clue: Clue
    unexpected: bool = False


class GiveUp(_Action):
    """After a wrong guess, the guesser gives up a letter of its hand."""

    kind: Literal["giveup"] = "giveup"
    letter: Letter


class Swap(_Action):
    """Swap a hand letter for the offered one; ``letter`` None keeps the hand."""

    kind: Literal["swap"] = "swap"
    letter: Letter | None = None
    unexpected: bool = False


class GuessTotal(_Action):
    """The restorer's opponent guesses the restored total; None: no guess."""

    kind: Literal["total"] = "total"
    total: int | None = Field(default=None, ge=0)
    unexpected: bool = False


class Sabotage(_Action):
    kind: Literal["sabotage"] = "sabotage"
    tank: TankNumber
    unexpected: bool = False


class Unexpected(_Action):
    """Declare Unexpected Sabotage (``use``) or, when it is all that is asked, decline it."""

    kind: Literal["unexpected"] = "unexpected"
    use: bool = True


DecoderAction: TypeAlias = Annotated[
    RaiseTime
    | StartSelection
    | ChooseRarities
    | ChooseHand
    | Ask
    | Guess
    | Restore
    | GiveClue
    | GiveUp
    | Swap
    | GuessTotal
    | Sabotage
    | Unexpected,
    Field(discriminator="kind"),
]
TurnAction: TypeAlias = Ask | Guess | Restore
