"""Rounds and the match: opening a round, ending it with its points, and the
end of the match. Shared by both variants; turns live in ``classic`` and
``finals``, buzzes and answers in ``answers``, which build on this module.

A round that ends leaves the next one due (:func:`round_due`) rather than
starting it: starting a round starts a variant's first turn, and the
variants sit above this module, so ``engine`` starts it once the move or
expiry that ended the round is done.
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


def announce_turn(state: RuneBreakerState) -> list[Notice]:
    """A turn has started: the room is told whose it is, each seat what it may do."""
    current, config = state.current, state.config
    started = public(
        "turn_started",
        round=current.number,
        turn=current.turn,
        turns=config.turns,
        seat=current.active() if config.variant == "classic" else None,
        seconds=config.probe_seconds,
    )
    return [started, *turn_prompts(state, config.probe_seconds)]


def turn_prompts(state: RuneBreakerState, seconds: int, *, resumed: bool = False) -> list[Notice]:
    """Each seat's prompt for the turn under way: classic, the active seat probes
    and the other may buzz; finals, both probe privately. A resumed classic turn
    (after a buzz nobody got right) prompts only the seat that probes."""
    current = state.current
    active = current.active() if state.config.variant == "classic" else None
    seats = [active] if resumed and active is not None else list(SEATS)
    return [
        private(
            seat,
            "turn_prompt",
            round=current.number,
            turn=current.turn,
            turns=state.config.turns,
            active=active,
            seconds=seconds,
            resumed=resumed,
            window=clock.window(state, seat),
        )
        for seat in seats
    ]


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


def open_round(state: RuneBreakerState, number: int) -> Notice:
    """Set up round ``number`` and tell the room its public boards; its first
    turn (or the classic look at the boards) is the variant's to start."""
    previous = state.round
    if previous is None:
        starter = state.first_seat if state.first_seat is not None else state.config.dmo
    else:
        starter = 1 - previous.starter
    state.round = RoundState(number=number, spec=round_spec(state, number), starter=starter)
    return public(
        "round_started",
        round=number,
        rounds=ROUNDS,
        variant=state.config.variant,
        starter=starter if state.config.variant == "classic" else None,
        look_seconds=state.config.look_seconds if state.config.variant == "classic" else 0,
        **public_boards(state),
    )


def round_due(state: RuneBreakerState) -> int | None:
    """The round to start now, if any: round 1 once its first player is known,
    the next one once a round has ended and the match has not."""
    if state.outcome is not None:
        return None
    if state.round is None:
        return 1 if state.first_seat is not None else None
    ended = bool(state.results) and state.results[-1].number == state.round.number
    return state.round.number + 1 if ended else None


def end_round(
    state: RuneBreakerState,
    winner: int | None,
    points: list[int],
    reason: str,
    now_ms: int,
    grades: list[list[int] | None] | None = None,
) -> list[Notice]:
    """Score the round and tell the room its secrets; then the end of the match,
    or the next round is due (see :func:`round_due`)."""
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
    return notices


def _answers(state: RuneBreakerState) -> list[dict[str, Any]]:
    """Each seat's answer (or that it passed or ran out of time), and for a
    classic board the Product it makes."""
    spec = state.current.spec
    shown = []
    for slot in state.current.answers:
        made = None
        if slot.board is not None:
            product = run(spec, board_of(slot.board), spec.sequence).product
            made = list(product.cells) if product is not None else None
        shown.append(
            {
                "board": slot.board,
                "symbols": slot.symbols,
                "product": made,
                "response": slot.response,
            }
        )
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
