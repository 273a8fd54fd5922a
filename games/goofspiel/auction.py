"""The flow of play: phases of six sealed-bid auctions, each resolved the moment
both bids are in (or their time runs out), then the new cards, then scoring.

Every function here works on a private copy of the state (the Game base class
makes it) and returns the notices for what it did.
"""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, SEATS, SECOND, Deadline, Notice, Rejected, Window, rng
from games.goofspiel.board import ALL_CELLS, SIZE
from games.goofspiel.cards import PASS, check_bid, discard, receive
from games.goofspiel.models import AuctionRecord, GoofspielState, PhaseRecord
from games.goofspiel.scoring import final_outcome, line_results, points

PHASES = SIZE


def phase_cells(state: GoofspielState, phase: int) -> list[str]:
    """The cells auctioned in ``phase`` (1–6), in order A–F."""
    order = state.config.cell_order
    if order is not None:
        return order[SIZE * (phase - 1) : SIZE * phase]
    auctioned = {record.cell for record in state.history}
    remaining = [cell for cell in ALL_CELLS if cell not in auctioned]
    # One labelled draw per phase, so a phase's cells depend only on the seed
    # and which cells are left, never on how many other draws came before.
    return rng(state.seed, "phase", phase).sample(remaining, SIZE)


def deadline_key(state: GoofspielState, seat: int) -> str:
    return f"bid:{state.phase}:{state.letter}:{seat}"


def deadlines(state: GoofspielState) -> list[Deadline]:
    label = f"your bid on cell {state.letter} ({state.cell})"
    return [
        state.window.deadline(deadline_key(state, seat), seat, label)
        for seat in SEATS
        if state.bids[seat] is None
    ]


def waiting_on(state: GoofspielState) -> frozenset[int]:
    return frozenset(seat for seat in SEATS if state.bids[seat] is None)


def start_phase(state: GoofspielState, now_ms: int) -> list[Notice]:
    state.phase_cells = phase_cells(state, state.phase)
    state.claims = [0, 0]
    started = _public("phase_started", phase=state.phase, cells=list(state.phase_cells))
    return [started, *open_auction(state, now_ms)]


def open_auction(state: GoofspielState, now_ms: int) -> list[Notice]:
    seconds = state.config.move_seconds
    state.window = Window(start_ms=now_ms, length_ms=seconds * SECOND)
    state.bids = [None, None]
    state.timed_out = [False, False]
    where = {"phase": state.phase, "letter": state.letter, "cell": state.cell}
    notices = [_public("auction_opened", **where, number=state.auction_number, seconds=seconds)]
    for seat in SEATS:
        data = {**where, "hand": list(state.hands[seat]), "window": deadline_key(state, seat)}
        notices.append(
            Notice(audience=seat, kind="bid_requested", data={**data, "seconds": seconds})
        )
    return notices


def take_bid(
    state: GoofspielState, seat: int, card: int, now_ms: int, answers: int | None = None
) -> list[Notice]:
    """Seal (or change) ``seat``'s bid; resolve the auction once both are in.

    ``answers`` is the auction number the bidder was looking at, if known.
    """
    where = f"cell {state.letter} ({state.cell})"
    if answers is not None and answers != state.auction_number:
        raise Rejected(_stale(state, answers))
    if state.timed_out[seat]:
        raise Rejected(f"Your time on {where} ran out, so your bid there is a pass.")
    if now_ms >= state.window.end_ms:
        raise Rejected(f"Time is up on {where}; a bid that was not in counts as a pass.")
    check_bid(state.hands[seat], card)
    changed = state.bids[seat] is not None
    state.bids[seat] = card
    if state.bids[1 - seat] is not None:
        return resolve(state, now_ms)
    data = {"letter": state.letter, "cell": state.cell, "card": card, "changed": changed}
    notices = [Notice(audience=seat, kind="bid_received", data=data)]
    # A changed bid is not announced again: the opponent may know a bid is in,
    # not that its owner is wavering.
    if not changed:
        notices.append(_public("bid_in", seat=seat, letter=state.letter))
    return notices


def _stale(state: GoofspielState, answers: int) -> str:
    now_up = f"cell {state.letter} ({state.cell}) is up now"
    if answers < state.auction_number:
        record = state.history[answers - 1]
        return f"Too late — the auction for cell {record.letter} ({record.cell}) is over; {now_up}."
    return f"That bid is for an auction that has not opened yet; {now_up}."


def time_out(state: GoofspielState, seat: int, now_ms: int) -> list[Notice]:
    """A missing bid becomes a pass when its window closes."""
    state.bids[seat] = PASS
    state.timed_out[seat] = True
    if state.bids[1 - seat] is None:
        # Both windows close together; the other seat's expiry resolves it.
        return []
    return resolve(state, now_ms)


def resolve(state: GoofspielState, now_ms: int) -> list[Notice]:
    bids = [bid if bid is not None else PASS for bid in state.bids]
    winner = None if bids[0] == bids[1] else (0 if bids[0] > bids[1] else 1)
    for seat in SEATS:
        discard(state.hands[seat], bids[seat])
    if winner is not None:
        state.board[state.cell] = winner
        state.claims[winner] += 1
    record = AuctionRecord(
        number=state.auction_number,
        phase=state.phase,
        letter=state.letter,
        cell=state.cell,
        bids=bids,
        winner=winner,
        timed_out=list(state.timed_out),
    )
    state.history.append(record)
    resolved = _public(
        "auction_resolved",
        **record.model_dump(mode="json"),  # its tuples as lists, as notices carry them
        hands=_hands(state),
        board=dict(state.board),
        # For the board image: this phase's cells A–F and every cell auctioned
        # so far (an unclaimed one is drawn hatched). All public.
        phase_cells=list(state.phase_cells),
        auctioned=[r.cell for r in state.history],
    )
    state.bids = [None, None]
    state.timed_out = [False, False]
    if state.letter_index < SIZE:
        return [resolved, *open_auction(state, now_ms)]
    return [resolved, *end_phase(state, now_ms)]


def end_phase(state: GoofspielState, now_ms: int) -> list[Notice]:
    """Each seat gets a card as strong as the cells it claimed this phase (none for 0)."""
    new_cards: list[int | None] = [count or None for count in state.claims]
    for seat, card in zip(SEATS, new_cards, strict=True):
        if card is not None:
            receive(state.hands[seat], card)
    state.phases.append(
        PhaseRecord(phase=state.phase, claimed=list(state.claims), new_cards=new_cards)
    )
    ended = _public(
        "phase_ended",
        phase=state.phase,
        claimed=list(state.claims),
        new_cards=list(new_cards),
        hands=_hands(state),
    )
    if state.phase == PHASES:
        return [ended, finish(state)]
    state.phase += 1
    return [ended, *start_phase(state, now_ms)]


def finish(state: GoofspielState) -> Notice:
    lines = line_results(state.board)
    won = points(lines)
    remaining = [sum(hand) for hand in state.hands]
    state.outcome = final_outcome(won, remaining)
    return _public(
        "match_over",
        lines=[line.model_dump() for line in lines],
        points=won,
        remaining=remaining,
        winner=state.outcome.winner,
        reason=state.outcome.reason,
        board=dict(state.board),  # the final board, for the closing image
    )


def _hands(state: GoofspielState) -> list[list[int]]:
    return [list(hand) for hand in state.hands]


def _public(kind: str, **data: Any) -> Notice:
    return Notice(audience=PUBLIC, kind=kind, data=data)
