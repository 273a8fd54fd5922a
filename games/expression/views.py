"""What each audience may know.

Public: the global pairs of the bout under way, round winners, guesses with
their results, revealed tiles, points, reserve time and whose move it is. A
seat adds the colours both seats played (the rules tell each player the
other's), its own tiles, its own expressions (with their values) and its own
sealed choices. The host sees everything.
"""

from __future__ import annotations

from typing import Any

from games.core import HOST, PUBLIC, SEATS, Audience
from games.expression.clock import deadlines, waiting_on
from games.expression.finals import entries_data
from games.expression.models import ExpressionState, RoundRecord, Submission
from games.expression.notices import colours, pair_data, reserves_ms, totals
from games.expression.tiles import GlobalPair


def view(state: ExpressionState, audience: Audience) -> dict[str, Any]:
    shown = public_view(state)
    if audience == PUBLIC:
        return {**shown, "history": [_without_colours(r) for r in shown["history"]]}
    if audience == HOST:
        return {**shown, **host_part(state)}
    if audience in SEATS:
        return {**shown, **seat_part(state, int(audience))}
    raise ValueError(f"unknown audience {audience!r}")


def _pairs(pairs: list[GlobalPair], after: int = 0) -> list[dict[str, Any]]:
    return [{"round": i, **pair_data(pair)} for i, pair in enumerate(pairs, start=1) if i > after]


def public_round(record: RoundRecord) -> dict[str, Any]:
    return {
        "bout": record.bout,
        "round": record.round,
        "pair": pair_data(record.pair),
        "first": record.first,
        "colours": [None if p is None else colours(p.tiles()) for p in record.plays],
        "winner": record.winner,
        "guess_in": record.guess is not None,
        "reveal_in": record.reveal is not None,
        "guesses": None if record.score is None else record.score.model_dump(mode="json"),
        "guess_timed_out": record.guess_timed_out,
        "revealed": record.revealed,
        "reveal_timed_out": record.reveal_timed_out,
    }


def _without_colours(record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if key != "colours"}


def play_data(play: Submission | None) -> dict[str, Any] | None:
    if play is None:
        return None
    return {
        "tiles": play.tiles(),
        "own": play.own.tiles(),
        "value": play.value,
        "distance": play.distance,
        "charged_ms": play.charged_ms,
    }


def _finals_public(state: ExpressionState) -> list[dict[str, Any]]:
    """Each bout's Final Guess: who has locked, and once both have (it is scored at
    that moment) how many rounds each got right."""
    shown = []
    for sheets in state.finals:
        scored = all(sheet.locked for sheet in sheets)
        shown.append(
            {
                "locked": [sheet.locked for sheet in sheets],
                "timed_out": [sheet.timed_out for sheet in sheets],
                "right": [len(sheet.correct) for sheet in sheets] if scored else None,
            }
        )
    return shown


def _finals_sheets(state: ExpressionState) -> list[list[list[dict[str, Any]]] | None]:
    """The scored sheets, every guess with its result: for the host only (a right
    guess names the opponent's tiles)."""
    return [
        [
            [
                {"round": r, "tiles": t.tiles(), "correct": r in sheet.correct}
                for r, t in sorted(sheet.entries.items())
            ]
            for sheet in sheets
        ]
        if all(sheet.locked for sheet in sheets)
        else None
        for sheets in state.finals
    ]


def public_view(state: ExpressionState) -> dict[str, Any]:
    bout = state.bout
    in_round = state.stage in ("play", "guess")
    return {
        "bout": bout,
        "round": state.round,
        "stage": state.stage,
        "advantage": state.config.advantage,
        "starters": list(state.starters),
        "ready": list(state.ready),
        "to_act": sorted(waiting_on(state)),
        "pairs": _pairs(state.globals[bout - 1]),
        "pair": pair_data(state.current.pair) if in_round else None,
        "first": state.current.first if in_round else None,
        "to_play": state.to_play if state.stage == "play" else None,
        "tiles_left": [[len(state.numbers[s]), len(state.symbols[s])] for s in SEATS],
        "points": totals(state),
        "bout_points": [
            [
                {"rounds": s.rounds, "guesses": s.guesses, "final": s.final, "total": s.total}
                for s in bout_scores
            ]
            for bout_scores in state.scores
        ],
        "rounds_won": [sum(b[s].rounds for b in state.scores) for s in SEATS],
        "reserve_ms": reserves_ms(state),
        "deadlines": [d.model_dump(mode="json") for d in deadlines(state)]
        if state.outcome is None
        else [],
        "history": [public_round(record) for record in state.rounds],
        "finals": _finals_public(state),
        "seconds": {
            "planning": state.config.planning_seconds,
            "submit": state.config.submit_seconds,
            "reserve": state.config.reserve_seconds,
            "guess": state.config.guess_seconds,
            "final": state.config.final_seconds,
        },
        "outcome": None if state.outcome is None else state.outcome.model_dump(mode="json"),
    }


def _sealed(state: ExpressionState, seat: int) -> dict[str, Any]:
    """The seat's own choice in the open guessing, if it has made one."""
    if state.stage != "guess":
        return {"my_guess": None, "my_reveal": None}
    record = state.current
    guess = record.guess if seat == record.loser and not record.guess_timed_out else None
    reveal = record.reveal if seat == record.winner and not record.reveal_timed_out else None
    return {
        "my_guess": None
        if guess is None
        else {"numbers": list(guess.numbers), "symbol": guess.symbol},
        "my_reveal": reveal,
    }


def seat_part(state: ExpressionState, seat: int) -> dict[str, Any]:
    sheet = state.finals[state.bout - 1][seat]
    return {
        "seat": seat,
        "numbers": list(state.numbers[seat]),
        "symbols": list(state.symbols[seat]),
        "pairs_to_come": _pairs(state.globals[state.bout - 1], after=state.round),
        "my_plays": [play_data(record.plays[seat]) for record in state.rounds],
        **_sealed(state, seat),
        "my_final": entries_data(sheet.entries),
        "my_final_locked": sheet.locked,
    }


def host_part(state: ExpressionState) -> dict[str, Any]:
    open_round = state.current if state.stage == "guess" else None
    guess = open_round.guess if open_round is not None else None
    return {
        "final_results": _finals_sheets(state),
        "hands": [
            {"numbers": list(state.numbers[s]), "symbols": list(state.symbols[s])} for s in SEATS
        ],
        "plays": [[play_data(p) for p in r.plays] for r in state.rounds],
        "pending_guess": None
        if guess is None
        else {"numbers": list(guess.numbers), "symbol": guess.symbol},
        "pending_reveal": open_round.reveal if open_round is not None else None,
        "final_sheets": [
            [{"entries": entries_data(sheet.entries), "locked": sheet.locked} for sheet in sheets]
            for sheets in state.finals
        ],
        "all_pairs": [_pairs(pairs) for pairs in state.globals],
    }
