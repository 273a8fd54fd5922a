"""Rounds and the match: starting a round, ending it with its points, and the
end of the match. Shared by both variants; turns live in ``classic`` and
``finals``, buzzes and answers in ``answers``.
"""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, SEATS, Notice, Outcome
from games.runebreaker import clock
from games.runebreaker.generator import generate_round
from games.runebreaker.judge import board_of, run
from games.runebreaker.models import (
    ROUNDS,
    WINNING_POINTS,
    RoundResult,
    RoundState,
    RuneBreakerState,
)
from games.runebreaker.rounds import RoundSpec


def public(kind: str, **data: Any) -> Notice:
    return Notice(audience=PUBLIC, kind=kind, data=data)


def private(seat: int, kind: str, **data: Any) -> Notice:
    return Notice(audience=seat, kind=kind, data=data)


def round_spec(state: RuneBreakerState, number: int) -> RoundSpec:
    """The host's round if the config fixes it, else one generated from the seed
    (drawn only when the round starts, so the state never holds a later round)."""
    fixed = state.config.rounds or []
    if number <= len(fixed):
        return fixed[number - 1]
    config = state.config
    return generate_round(state.seed, number, config.variant, config.palette)


def revealed(spec: RoundSpec) -> dict[str, Any]:
    """Everything secret about a round, for the room once the round is over."""
    return {
        "reagent": list(spec.reagent_board().cells),
        "product": list(spec.product().cells),
        "sequence": list(spec.sequence),
        "runes": [{"symbol": r.symbol, "meaning": r.bound().describe()} for r in spec.runes],
    }


def public_boards(state: RuneBreakerState) -> dict[str, Any]:
    """What the rules show both seats when a round begins."""
    spec = state.current.spec
    shown: dict[str, Any] = {"size": spec.size, "product": list(spec.product().cells)}
    if state.config.variant == "classic":
        shown["sequence"] = list(spec.sequence)
    else:
        shown["reagent"] = list(spec.reagent_board().cells)
        shown["executable"] = [rune.symbol for rune in spec.runes]
        shown["probe_limit"] = max(1, len(spec.runes) - 2)
    return shown


def start_round(state: RuneBreakerState, number: int, now_ms: int) -> list[Notice]:
    from games.runebreaker import classic, finals  # the variants call back into this module

    previous = state.round
    if previous is None:
        starter = state.first_seat if state.first_seat is not None else state.config.dmo
    else:
        starter = 1 - previous.starter
    state.round = RoundState(number=number, spec=round_spec(state, number), starter=starter)
    opening = public(
        "round_started",
        round=number,
        rounds=ROUNDS,
        variant=state.config.variant,
        starter=starter if state.config.variant == "classic" else None,
        look_seconds=state.config.look_seconds if state.config.variant == "classic" else 0,
        **public_boards(state),
    )
    if state.config.variant == "finals":
        return [opening, *finals.start_turn(state, 1, now_ms)]
    return [opening, *classic.start_look(state, now_ms)]


def end_round(
    state: RuneBreakerState,
    winner: int | None,
    points: list[int],
    reason: str,
    now_ms: int,
    grades: list[list[int] | None] | None = None,
) -> list[Notice]:
    """Score the round, tell the room its secrets, then the next round or the end."""
    current = state.current
    for seat in SEATS:
        state.scores[seat] += points[seat]
    state.results.append(
        RoundResult(
            number=current.number,
            winner=winner,
            points=points,
            reason=reason,
            spec=current.spec,
            grades=grades,
        )
    )
    # The answers that decided the round are public once it is over.
    shown = _answers(state) if state.stage == "answer" else None
    clock.close_seats(state)
    clock.close_room(state)
    notices = [
        public(
            "round_over",
            answers=shown,
            round=current.number,
            winner=winner,
            points=points,
            scores=list(state.scores),
            reason=reason,
            grades=grades,
            **revealed(current.spec),
        )
    ]
    over = _match_over(state)
    if over is not None:
        return [*notices, *finish(state, *over)]
    for seat in SEATS:
        state.reserves[seat] = state.reserves[seat].add(state.config.reserve_bonus)
    notices.append(
        public(
            "reserve_added",
            periods=state.config.reserve_bonus,
            left=[state.reserves[s].left for s in SEATS],
        )
    )
    return [*notices, *start_round(state, current.number + 1, now_ms)]


def _answers(state: RuneBreakerState) -> list[dict[str, Any]]:
    """Each seat's answer, and for a classic board the Product it makes."""
    spec = state.current.spec
    shown = []
    for slot in state.current.answers:
        made = None
        if slot.board is not None:
            product = run(spec, board_of(slot.board), spec.sequence).product
            made = list(product.cells) if product is not None else None
        shown.append({"board": slot.board, "symbols": slot.symbols, "product": made})
    return shown


def _match_over(state: RuneBreakerState) -> tuple[int, str] | None:
    scores, config = state.scores, state.config
    if config.variant == "classic":
        leader = 0 if scores[0] >= scores[1] else 1
        if scores[leader] >= WINNING_POINTS:
            return leader, f"first to {WINNING_POINTS} points ({scores[0]}–{scores[1]})"
        return None
    if state.current.number < ROUNDS:
        return None
    if scores[0] == scores[1]:
        return config.dmo, f"tied on {scores[0]} points after {ROUNDS} rounds; the DMO wins"
    leader = 0 if scores[0] > scores[1] else 1
    return leader, f"more points after {ROUNDS} rounds ({scores[0]}–{scores[1]})"


def finish(state: RuneBreakerState, winner: int, reason: str) -> list[Notice]:
    clock.close_seats(state)
    clock.close_room(state)
    state.stage = "over"
    scores = (float(state.scores[0]), float(state.scores[1]))
    state.outcome = Outcome(winner=winner, scores=scores, reason=reason)
    return [public("match_over", winner=winner, scores=list(state.scores), reason=reason)]


def forfeit(state: RuneBreakerState, seat: int, what: str) -> list[Notice]:
    """A required submission is still missing and no reserve period is left."""
    reason = f"seat {seat} ran out of reserve periods without {what}"
    return [public("out_of_time", seat=seat, what=what), *finish(state, 1 - seat, reason)]


def reserve_started(state: RuneBreakerState, seat: int) -> Notice:
    return public("reserve_started", seat=seat, left=state.reserves[seat].left)
