"""One round's secret: the rune symbols and what they mean, the Command Sequence
and the Reagent Board (the Product follows from them).

A :class:`RoundSpec` is stored inside the match state, so it is plain data
that JSON round-trips exactly. Its validators check only the structure (the
symbols, the catalog entries, the sequence's symbols) and stay cheap, because
states are validated on every copy; whether the round *plays* — no ERROR on
its Reagent, no dead command, runes a probe can tell apart — is
:func:`games.runebreaker.soundness.check_round`'s business.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from games.runebreaker.board import Board
from games.runebreaker.commands import CATALOG, Bound, execute, validate_bound
from games.runebreaker.notation import parse_board
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

Variant: TypeAlias = Literal["classic", "finals"]
VARIANTS: tuple[Variant, ...] = ("classic", "finals")

#: Reagent and Product Boards are 10×10 in the Death Match, 8×8 in the finals.
BOARD_SIZES: dict[Variant, int] = {"classic": 10, "finals": 8}
#: Probes are always 4×4.
PROBE_SIZE = 4

#: The symbols a round may bind. One character each, easy to type on Discord,
#: and none of them markdown (* _ ~ ` | > \) or board notation (. / ,). Players'
#: text reaches the engine lower-cased, so letters compare case-insensitively
#: (canonical form: uppercase); 0 and 1 are left out because they read as O
#: and I. The rules' own example (A S # 9 @ R 9 Q 3) fits.
SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789#@%&+=?!$"


def canonical_symbol(text: str) -> str | None:
    """``"a"`` -> ``"A"``, ``" # "`` -> ``"#"``; None if ``text`` is no rune symbol."""
    symbol = text.strip().upper()
    return symbol if len(symbol) == 1 and symbol in SYMBOLS else None


class Rune(BaseModel):
    """One rune: a symbol and the catalog command (with its parameters) it stands for."""

    model_config = ConfigDict(frozen=True)

    symbol: str
    entry: str
    #: A tuple, so a rune is immutable all the way down and a state's copy shares
    #: it (games/core/copies.py); it is stored as a JSON list all the same.
    params: tuple[str | int, ...] = Field(default_factory=tuple)

    @field_validator("symbol")
    @classmethod
    def _known_symbol(cls, symbol: str) -> str:
        canonical = canonical_symbol(symbol)
        if canonical is None:
            raise ValueError(f"{symbol!r} is not a rune symbol; symbols are {' '.join(SYMBOLS)}")
        return canonical

    @model_validator(mode="after")
    def _catalog_command(self) -> Rune:
        # The full palette: every smaller palette's values are among its values.
        validate_bound(self.bound(), DEFAULT_PALETTE)
        return self

    def bound(self) -> Bound:
        return Bound(self.entry, tuple(self.params))

    def meaning(self) -> str:
        """In words: ``shift right by 1``."""
        return self.bound().describe()

    @property
    def structural(self) -> bool:
        return CATALOG[self.entry].structural

    @classmethod
    def of(cls, symbol: str, bound: Bound) -> Rune:
        return cls(symbol=symbol, entry=bound.entry, params=bound.params)


class RoundSpec(BaseModel):
    """A round: ``runes`` binds every symbol of the round (in the finals these
    are the Executable Commands, some of which the sequence may not use),
    ``sequence`` is the Command Sequence as symbols in order, ``reagent`` the
    Reagent Board in canonical notation."""

    model_config = ConfigDict(frozen=True)

    size: int = Field(ge=PROBE_SIZE, le=16)
    runes: list[Rune]
    sequence: list[str]
    reagent: str

    @field_validator("sequence")
    @classmethod
    def _canonical_sequence(cls, sequence: list[str]) -> list[str]:
        return [canonical_symbol(symbol) or symbol for symbol in sequence]

    @model_validator(mode="after")
    def _symbols_bound_once(self) -> RoundSpec:
        symbols = [rune.symbol for rune in self.runes]
        twice = sorted({symbol for symbol in symbols if symbols.count(symbol) > 1})
        if twice:
            raise ValueError(f"rune {' '.join(twice)} is bound more than once")
        unbound = [symbol for symbol in self.sequence if symbol not in symbols]
        if unbound:
            raise ValueError(f"the sequence uses {unbound[0]!r}, which no rune binds")
        return self

    def bindings(self) -> dict[str, Bound]:
        """Symbol -> the command it stands for."""
        return {rune.symbol: rune.bound() for rune in self.runes}

    def symbol_of(self, text: str) -> str | None:
        """The round's symbol ``text`` names, whatever its case; None if it names none."""
        symbol = canonical_symbol(text)
        if symbol is None or all(rune.symbol != symbol for rune in self.runes):
            return None
        return symbol

    def program(self, symbols: Iterable[str]) -> list[Bound]:
        """The commands ``symbols`` stand for; ValueError for a symbol the round does not bind."""
        bindings = self.bindings()
        program = []
        for text in symbols:
            symbol = canonical_symbol(text)
            if symbol is None or symbol not in bindings:
                raise ValueError(f"{text!r} is not a rune of this round")
            program.append(bindings[symbol])
        return program

    def reagent_board(self, palette: Palette = DEFAULT_PALETTE) -> Board:
        """Raises games.Rejected if the notation is broken (a host's file: see runesets).

        Cached by value: every view of a match reads every finished round's Reagent.
        """
        return _reagent_board(self.reagent, self.size, palette)

    def product(self, palette: Palette = DEFAULT_PALETTE) -> Board:
        """The Product Board; CommandError if the sequence errors on the Reagent.

        Cached by value: the engine asks for it on every buzz and every view.
        """
        return _product(self.size, self.reagent, tuple(self.program(self.sequence)), palette)


@lru_cache(maxsize=256)
def _reagent_board(reagent: str, size: int, palette: Palette) -> Board:
    return parse_board(reagent, size, palette)


@lru_cache(maxsize=256)
def _product(size: int, reagent: str, program: tuple[Bound, ...], palette: Palette) -> Board:
    return execute(_reagent_board(reagent, size, palette), program)
