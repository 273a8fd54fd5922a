"""Square Goofspiel as a :class:`games.core.Game`: the hooks wire the contract
to the auction flow, the grammar and the views."""

from __future__ import annotations

from typing import Any

from games.core import SEATS, SECOND, Actor, Audience, Deadline, Game, Notice, Step, Window, seat_of
from games.goofspiel import auction, reveal, upgrades
from games.goofspiel.cards import check_bid, starting_hand
from games.goofspiel.grammar import MAX_MOVE_CHARS, parse_bid
from games.goofspiel.models import Bid, GoofspielConfig, GoofspielState
from games.goofspiel.views import view


class Goofspiel(Game[GoofspielConfig, GoofspielState, Bid]):
    key = "goofspiel"
    title = "Square Goofspiel"
    max_move_chars = MAX_MOVE_CHARS
    Config = GoofspielConfig
    State = GoofspielState
    Action = Bid
    formats = upgrades.FORMATS

    def _setup(self, config: GoofspielConfig, seed: int, now_ms: int) -> Step[GoofspielState]:
        state = GoofspielState(
            seed=seed,
            config=config,
            phase_cells=[],
            hands=[starting_hand() for _ in SEATS],
            window=Window(start_ms=now_ms, length_ms=config.move_seconds * SECOND),
        )
        notices = auction.start_phase(state, now_ms)
        return Step(state=state, notices=notices)

    def _parse(self, state: GoofspielState, actor: Actor, text: str) -> Bid:
        seat = seat_of(actor)
        card = parse_bid(text)
        # Early feedback for typed bids; _apply checks again for buttons.
        check_bid(state.hands[seat], card)
        # Name the auction this text answers, so it cannot drift to the next one.
        return Bid(card=card, auction=state.auction_number)

    def _apply(
        self, state: GoofspielState, actor: Actor, action: Bid, now_ms: int
    ) -> Step[GoofspielState]:
        seat = seat_of(actor)
        notices = auction.take_bid(state, seat, action.card, now_ms, action.auction)
        return Step(state=state, notices=notices)

    def _expire(self, state: GoofspielState, key: str, now_ms: int) -> Step[GoofspielState]:
        seat = next(s for s in SEATS if auction.deadline_key(state, s) == key)
        notices = auction.time_out(state, seat, now_ms)
        return Step(state=state, notices=notices)

    def _deadlines(self, state: GoofspielState) -> list[Deadline]:
        return auction.deadlines(state)

    def window(self, state: GoofspielState, seat: int) -> str | None:
        # The current auction, whether or not the seat has bid: a bid can be
        # changed (by text or button) until both are in.
        return None if state.outcome is not None else auction.deadline_key(state, seat)

    def _to_act(self, state: GoofspielState) -> frozenset[int]:
        return auction.waiting_on(state)

    def reveal(self, state: GoofspielState) -> list[Notice]:
        return reveal.secrets(state)

    def view(self, state: GoofspielState, audience: Audience) -> dict[str, Any]:
        return view(state, audience)
