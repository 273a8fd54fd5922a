"""What each audience may know (keys: see the package docstring).

The public view is built from public fields only (a whitelist), so a secret
added to the state later stays out of it unless someone adds it here. A seat
sees the public view plus its own secrets; the host sees everything.
"""

from __future__ import annotations

from typing import Any

from games.core import HOST, PUBLIC, SECOND, Audience, Seat, other
from games.decoder.clock import due_ms, window_key
from games.decoder.models import DecoderState, TurnRecord
from games.decoder.tanks import used_numbers

_PUBLIC_TURN_FIELDS = (
    "number",
    "seat",
    "kind",
    "tank",
    "surge",
    "unexpected",
    "word",
    "excluded",
    "evidence",
    "answers",
    "chosen_by",
    "letter",
    "correct",
    "given_up",
    "swap_decided",
    "restored",
    "total",
    "total_guessed",
    "total_correct",
    "sabotaged",
)


def view(state: DecoderState, audience: Audience) -> dict[str, Any]:
    shown = public_view(state)
    if audience == PUBLIC:
        return shown
    if audience == HOST:
        return {**shown, **host_part(state)}
    if audience in (0, 1):
        return {**shown, **seat_part(state, 0 if audience == 0 else 1)}
    raise ValueError(f"unknown audience {audience!r}")


def public_turn(state: DecoderState, turn: TurnRecord) -> dict[str, Any]:
    data = turn.model_dump(mode="json", include=set(_PUBLIC_TURN_FIELDS))
    data["tank_name"] = state.tank_names[turn.tank - 1] if turn.tank is not None else None
    # Hand Insurance is public only when it was spent on a wrong guess.
    data["insurance_used"] = turn.insurance and turn.correct is False
    return data


def public_view(state: DecoderState) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "tank_names": list(state.tank_names),
        "first_seat": state.first_seat,
        "items": [list(row) for row in state.items],
        "used_items": [list(row) for row in state.used_items],
        "used_tanks": [used_numbers(tanks) for tanks in state.tanks],
        "hand_sizes": [len(hand) for hand in state.hands],
        "revealed": [entry.model_dump(mode="json") for entry in state.revealed],
        "asked": list(state.asked),
        "turn": None if state.turn is None else public_turn(state, state.turn),
        "history": [public_turn(state, turn) for turn in state.history],
        "awaiting": _awaiting(state),
        "banks": [bank.left_ms // SECOND for bank in state.banks],
        "selection_deadline_ms": (
            None if state.selection_window is None else state.selection_window.end_ms
        ),
        "outcome": None if state.outcome is None else state.outcome.model_dump(mode="json"),
    }


def _awaiting(state: DecoderState) -> list[dict[str, Any]]:
    """Who owes which decision, and until when (not during selection: who is
    still choosing would hint at who earned extra tiles)."""
    return [
        {
            "seat": pending.seat,
            "decision": pending.decision,
            "window": window_key(pending),
            "deadline_ms": due_ms(pending),
            "on_bank": pending.steps > 0,
        }
        for pending in state.pending
        if pending is not None
    ]


def seat_part(state: DecoderState, seat: Seat) -> dict[str, Any]:
    turn = state.turn
    offer = None
    pending = state.pending[seat]
    if turn is not None and pending is not None and pending.decision == "swap":
        offer = turn.offer
    return {
        "seat": seat,
        "hand": list(state.hands[seat]),
        "seen": list(state.seen[seat]),
        "tanks": _tanks(state, seat),
        "selection": _selection(state, seat),
        "offer": offer,
        "private_turns": _private_turns(state, seat),
    }


def _tanks(state: DecoderState, seat: Seat) -> list[dict[str, Any]]:
    return [
        {
            "tank": number,
            "tank_name": state.tank_names[number - 1],
            "seconds": tank.seconds,
            "units": tank.units,
            "used": tank.used,
        }
        for number, tank in enumerate(state.tanks[seat], start=1)
    ]


def _selection(state: DecoderState, seat: Seat) -> dict[str, Any] | None:
    if state.selection is None:
        return None
    chosen = state.selection[seat]
    return {
        "extra_tanks": list(chosen.extra_tanks),
        "extras_earned": chosen.extra_count,
        "initial": list(chosen.initial),
        "rarities": chosen.rarities,
        "extras": list(chosen.extras),
        "hand_chosen": chosen.hand_chosen,
    }


def _private_turns(state: DecoderState, seat: Seat) -> list[dict[str, Any]]:
    """What only this seat knows about past turns: the letters offered to it and
    its swaps, and a Hand Insurance it declared on a right guess."""
    turns = [*state.history, *([state.turn] if state.turn is not None else [])]
    found: list[dict[str, Any]] = []
    for turn in turns:
        if turn.kind != "guess":
            continue
        if turn.seat == seat and turn.insurance and turn.correct:
            found.append({"turn": turn.number, "insurance_kept": True})
        if turn.seat == other(seat) and turn.correct is False and turn.swap_decided:
            found.append(
                {"turn": turn.number, "offered": turn.offer, "swapped_out": turn.swapped_out}
            )
    return found


def host_part(state: DecoderState) -> dict[str, Any]:
    turns = [*state.history, *([state.turn] if state.turn is not None else [])]
    return {
        "hands": [list(hand) for hand in state.hands],
        "seen": [list(letters) for letters in state.seen],
        "tanks": [_tanks(state, seat) for seat in (0, 1)],
        "selection": [_selection(state, seat) for seat in (0, 1)],
        "timers": list(state.timers),
        "last_turn": state.last_turn,
        "turns": [turn.model_dump(mode="json") for turn in turns],
    }
