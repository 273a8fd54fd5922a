"""What each audience may know.

The room and both seats see the round's public boards (classic: the Product
and the Command Sequence's symbols; finals: the Reagent, the Product and the
executable commands), the scores, reserves, who buzzed and whose answer is in,
classic probes with their results, and every finished round with its secrets.
A seat also sees its own finals probes (results only once they are sent) and
its own sealed answer. Only the host sees the round's secret — the Reagent
(classic), the sequence (finals) and what every rune means — before the round
is over.
"""

from __future__ import annotations

from typing import Any

from games.core import HOST, SEATS, Audience
from games.runebreaker.match import public_boards, revealed
from games.runebreaker.models import ROUNDS, ProbeRecord, RuneBreakerState


def view(state: RuneBreakerState, audience: Audience) -> dict[str, Any]:
    shown = _public(state)
    if audience == HOST:
        shown.update(_host(state))
    elif isinstance(audience, int) and audience in SEATS:
        shown.update(_seat(state, audience))
    return shown


def _public(state: RuneBreakerState) -> dict[str, Any]:
    config = state.config
    shown: dict[str, Any] = {
        "variant": config.variant,
        "stage": state.stage,
        "rounds": ROUNDS,
        "turns": config.turns,
        "scores": list(state.scores),
        "dmo": config.dmo,
        "first_seat": state.first_seat,
        "reserves": [state.reserves[s].left for s in SEATS],
        "in_reserve": [state.clocks[s].reserve for s in SEATS],
        "palette": {"colours": config.colours, "shapes": config.shapes},
        "decipher_seat": config.decipher_seat if config.variant == "finals" else None,
        "decipher_used": state.decipher_used,
        "results": [
            {
                "round": r.number,
                "winner": r.winner,
                "points": r.points,
                "reason": r.reason,
                "grades": r.grades,
                **revealed(r.spec),
            }
            for r in state.results
        ],
        "round": None,
    }
    if state.round is None:
        return shown
    current = state.current
    shown["round"] = {
        "number": current.number,
        "turn": current.turn,
        "active": current.active() if config.variant == "classic" else None,
        "starter": current.starter if config.variant == "classic" else None,
        "buzzed": list(current.buzzed),
        "buzzer": current.buzzer if state.stage == "answer" else None,
        "answers_in": [slot.response is not None for slot in current.answers],
        "done": list(current.done),
        # Finals ERRORs are private (answered to the seat alone); classic ones public.
        "errors": list(current.errors) if config.variant == "classic" else None,
        **public_boards(state),
    }
    if config.variant == "classic":
        shown["probes"] = [_probe(p) for p in state.probes if p.round == current.number]
    return shown


def _probe(record: ProbeRecord, *, result: bool = True) -> dict[str, Any]:
    return {
        "seat": record.seat,
        "round": record.round,
        "turn": record.turn,
        "number": record.number,
        "board": record.board,
        "symbols": record.symbols,
        "error": result and record.product is None,
        "product": record.product if result else None,
        "decipher_of": record.decipher_of,
        "pending": not result,
    }


def _seat(state: RuneBreakerState, seat: int) -> dict[str, Any]:
    mine: dict[str, Any] = {"seat": seat}
    if state.config.variant == "finals":
        mine["my_probes"] = [_probe(p, result=p.shown) for p in state.probes if p.seat == seat]
    if state.round is not None:
        slot = state.current.answers[seat]
        mine["my_answer"] = {
            "board": slot.board,
            "symbols": slot.symbols,
            "passed": slot.passed,
            "timed_out": slot.timed_out,
        }
        mine["my_errors"] = state.current.errors[seat]
    return mine


def _host(state: RuneBreakerState) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "all_probes": [{**_probe(p), "reason": p.reason, "shown": p.shown} for p in state.probes],
    }
    if state.round is not None:
        current = state.current
        shown["secret"] = revealed(current.spec)
        shown["answers"] = [slot.model_dump() for slot in current.answers]
    return shown
