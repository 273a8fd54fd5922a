"""Config, action and state models for Square Goofspiel."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.core import GameConfig, GameState, Window
from games.goofspiel.board import ALL_CELLS, LETTERS, SIZE, is_cell
from games.goofspiel.cards import HIGHEST, PASS


class GoofspielConfig(GameConfig):
    """``cell_order`` fixes the 36 auctions (phase k gets entries 6k…6k+5 as A–F)
    for rehearsals and tests; without it each phase draws its cells from the seed."""

    cell_order: list[str] | None = None
    move_seconds: int = Field(default=90, ge=10)

    @field_validator("cell_order", mode="before")
    @classmethod
    def _tidy_names(cls, value: Any) -> Any:
        # Hosts type these by hand: "R3C5 " is plainly r3c5.
        if isinstance(value, list):
            return [item.strip().lower() if isinstance(item, str) else item for item in value]
        return value

    @field_validator("cell_order")
    @classmethod
    def _all_cells_once(cls, order: list[str] | None) -> list[str] | None:
        if order is None:
            return None
        unknown = [name for name in order if not is_cell(name)]
        if unknown:
            listed = ", ".join(repr(name) for name in unknown[:5])
            raise ValueError(
                f"cell_order has names that are not cells: {listed} (cells run r1c1 … r6c6)"
            )
        repeated = sorted({name for name in order if order.count(name) > 1})
        if repeated:
            raise ValueError(f"cell_order lists {', '.join(repeated)} more than once")
        if len(order) != len(ALL_CELLS):
            missing = sorted(set(ALL_CELLS) - set(order))
            raise ValueError(
                f"cell_order must list all {len(ALL_CELLS)} cells; got {len(order)}, "
                f"missing {', '.join(missing)}"
            )
        return order


class Bid(BaseModel):
    """A sealed bid: a card strength from the hand, or 0 for a pass.

    ``auction`` (1–36) names the auction the bid answers, when known: a bid that
    waited while that auction resolved is then refused as stale instead of
    landing on the next cell. None means "whichever auction is open".
    """

    model_config = ConfigDict(frozen=True)

    kind: Literal["bid"] = "bid"
    card: int = Field(ge=PASS, le=HIGHEST)
    auction: int | None = Field(default=None, ge=1, le=SIZE * SIZE)


class AuctionRecord(BaseModel):
    """One resolved auction; everything in it is public once it resolves.

    Frozen, with tuples: a record never changes once written, so the engine's
    copy of the state shares it instead of copying the whole history each move
    (games/core/copies.py). Stored as JSON arrays, as lists were."""

    model_config = ConfigDict(frozen=True)

    number: int
    phase: int
    letter: str
    cell: str
    bids: tuple[int, ...]
    winner: int | None
    timed_out: tuple[bool, ...]


class PhaseRecord(BaseModel):
    """One finished phase: cells claimed and the new card each seat received
    (frozen, with tuples, as :class:`AuctionRecord`)."""

    model_config = ConfigDict(frozen=True)

    phase: int
    claimed: tuple[int, ...]
    new_cards: tuple[int | None, ...]


def _no_bids() -> list[int | None]:
    return [None, None]


class GoofspielState(GameState):
    config: GoofspielConfig
    phase: int = 1
    #: This phase's cells in auction order A–F. Later phases' cells are drawn
    #: when they start, so the state holds nothing about them that could leak.
    phase_cells: list[str]
    #: Claimed cells only: cell -> seat.
    board: dict[str, int] = Field(default_factory=dict)
    hands: list[list[int]]
    #: The current auction's sealed bids (0 = pass, None = not in yet).
    bids: list[int | None] = Field(default_factory=_no_bids)
    #: Whose bid in the current auction became a pass because its time ran out.
    timed_out: list[bool] = Field(default_factory=lambda: [False, False])
    #: Cells each seat has claimed in the current phase.
    claims: list[int] = Field(default_factory=lambda: [0, 0])
    window: Window
    history: list[AuctionRecord] = Field(default_factory=list)
    phases: list[PhaseRecord] = Field(default_factory=list)

    @property
    def letter_index(self) -> int:
        """0–5: which of this phase's cells is up (6 once the phase is done)."""
        return len(self.history) - SIZE * (self.phase - 1)

    @property
    def letter(self) -> str:
        return LETTERS[self.letter_index]

    @property
    def cell(self) -> str:
        return self.phase_cells[self.letter_index]

    @property
    def auction_number(self) -> int:
        """1–36 over the whole match."""
        return len(self.history) + 1
