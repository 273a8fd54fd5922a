"""Queries, hints, the emergency pause and the win.

A public query tells its seat, clue by clue, which clues the board satisfies,
and shows the opponent (and the room) the board and how many clues it
satisfies. A private query tells its seat, colour by colour, whether every
clue of that colour is satisfied; the opponent and the room learn only that a
query was made. A colour is solved once one board satisfies all its clues;
nobody else is told. A board that breaks the answer format is refused with
the broken rule named, and nothing is spent. The first board that satisfies
every clue wins; with ``host_confirms_win`` once the host confirms, and a
public winning board (the solution) and its count are held from the room
until then: shown if the host confirms, never if the host denies.
"""

from __future__ import annotations

from typing import Any

from games.core import HOST, PUBLIC, Notice, Outcome, Rejected, quote
from games.logical_horror import checks, tokens
from games.logical_horror.models import LogicalHorrorState, Query, QueryRecord


def public(kind: str, **data: Any) -> Notice:
    return Notice(audience=PUBLIC, kind=kind, data=data)


def grid(state: LogicalHorrorState) -> dict[str, Any]:
    """The public grid a notice's board is drawn on (its size and clues), so the
    renderer can mark each clue without the state."""
    puzzle = state.puzzle
    clues = [clue.model_dump() for clue in puzzle.clues]
    return {"height": puzzle.height, "width": puzzle.width, "clues": clues}


def query(state: LogicalHorrorState, seat: int, action: Query, now_ms: int) -> list[Notice]:
    puzzle = state.puzzle
    if state.pending_win is not None:
        raise Rejected("A winning board is waiting for the host's word; queries wait too.")
    if len(action.board) != puzzle.cells:
        raise Rejected(f"A board for this puzzle has {puzzle.height}×{puzzle.width} cells.")
    broken = checks.broken_rule(puzzle, action.board)
    if broken is not None:
        raise Rejected(f"That board breaks the answer format: {broken}. Nothing was spent.")
    if not tokens.spend_query(state, seat, now_ms):
        wait = tokens.seconds_until(state.seats[seat].next_token_ms, now_ms)
        raise Rejected(f"You have no token; the next one arrives in {wait} s.")
    clues = checks.clue_results(puzzle, action.board)
    colours = checks.colour_results(puzzle, clues)
    resources = state.seats[seat]
    newly = [c for c in puzzle.colours if colours[c] and c not in resources.solved]
    resources.solved.extend(newly)
    won = all(clues)
    record = QueryRecord(
        seat=seat,
        public=action.public,
        at_ms=now_ms,
        board=list(action.board),
        clues=clues if action.public else None,
        colours=None if action.public else colours,
        # A private query tells its seat only colour by colour, not a count.
        satisfied=sum(clues) if action.public else None,
        # A public board that wins is the solution: the host sees it first.
        held=action.public and won and state.config.host_confirms_win,
    )
    state.queries.append(record)
    told = tokens.resources_data(state, seat, now_ms)
    result = Notice(
        audience=seat,
        kind="query_result",
        data={
            "public": action.public,
            "board": record.board,
            "clues": record.clues,
            "colours": record.colours,
            "satisfied": record.satisfied if action.public else None,
            "total": len(puzzle.clues),
            "resources": told,
            "grid": grid(state),
        },
    )
    notices = [result] if record.held else [result, _shown(state, len(state.queries))]
    if won:
        notices.extend(_winning_board(state, seat, record.board))
    return notices


def _shown(state: LogicalHorrorState, number: int) -> Notice:
    """What the room learns of query ``number`` (counted from 1 over the match):
    a public query's board and count, or only that a private query was made."""
    record = state.queries[number - 1]
    if not record.public:
        return public("private_query", seat=record.seat)
    return public(
        "public_query",
        seat=record.seat,
        number=number,
        board=record.board,
        satisfied=record.satisfied,
        total=len(state.puzzle.clues),
        grid=grid(state),
    )


def _winning_board(state: LogicalHorrorState, seat: int, board: list[bool]) -> list[Notice]:
    if state.config.host_confirms_win:
        state.pending_win, state.pending_board = seat, board
        return [
            # Only that a win is claimed: the board is the solution, and the host
            # may yet deny it (a private query's board stays private too).
            public("win_claimed", seat=seat),
            Notice(
                audience=HOST,
                kind="confirm_win",
                data={"seat": seat, "board": board, "grid": grid(state)},
            ),
        ]
    return finish(state, seat, board)


def finish(state: LogicalHorrorState, seat: int, board: list[bool]) -> list[Notice]:
    state.pending_win, state.pending_board = None, None
    reason = f"seat {seat}'s board satisfies every clue"
    state.outcome = Outcome(winner=seat, scores=None, reason=reason)
    return [
        public(
            "match_over",
            winner=seat,
            reason=reason,
            board=board,
            rules=dict(state.puzzle.rules),
            solution=list(state.puzzle.solution),
            grid=grid(state),
        )
    ]


def confirm(state: LogicalHorrorState, confirmed: bool) -> list[Notice]:
    seat, board = state.pending_win, state.pending_board
    if seat is None or board is None:
        raise Rejected("No winning board is waiting for confirmation.")
    if confirmed:
        return _release_claim(state) + finish(state, seat, board)
    # A denied claim's held board stays held: the room never sees it.
    state.pending_win, state.pending_board = None, None
    return [public("win_denied", seat=seat)]


def _release_claim(state: LogicalHorrorState) -> list[Notice]:
    """The held public board of a confirmed win, shown to the room at last. Queries
    wait while a win is pending, so the claim is the match's last query."""
    claim = state.queries[-1]
    if not claim.held:
        return []
    claim.held = False
    return [_shown(state, len(state.queries))]


def hint(state: LogicalHorrorState, seat: int, colour: str, now_ms: int) -> list[Notice]:
    puzzle, resources = state.puzzle, state.seats[seat]
    cost = tokens.most_tokens(state)
    if colour not in puzzle.colours:
        raise Rejected(
            f"{quote(colour)} is not a colour of this puzzle: {', '.join(puzzle.colours)}."
        )
    if colour in resources.hinted:
        raise Rejected(f"You know {colour}'s rule already (see `status`).")
    if resources.hints < 1:
        wait = tokens.seconds_until(state.next_hint_ms, now_ms)
        raise Rejected(f"You have no hint use; the next arrives in {wait} s.")
    if resources.tokens < cost:
        raise Rejected(f"A hint costs {cost} tokens (one per colour); you have {resources.tokens}.")
    resources.hints -= 1
    resources.tokens -= cost
    resources.hinted.append(colour)
    card = checks.rule_card(puzzle.rules[colour])
    told = tokens.resources_data(state, seat, now_ms)
    return [
        Notice(audience=seat, kind="hint", data={"colour": colour, **card, "resources": told}),
        Notice(audience=HOST, kind="hint_given", data={"seat": seat, "colour": colour}),
    ]
