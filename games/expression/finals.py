"""The Final Guess at the end of each bout: both seats at once, any rounds,
resubmittable until the seat locks (``final done``) or its time runs out."""

from __future__ import annotations

from typing import Any

from games.core import SEATS, SECOND, Notice, Window
from games.expression import checks
from games.expression.clock import final_key
from games.expression.models import ExpressionState, FinalEntry, FinalSheet, OwnTiles, Submission
from games.expression.notices import host, private, public, totals
from games.expression.scoring import RIGHT_FINAL, final_right


def open_final(state: ExpressionState, now_ms: int) -> list[Notice]:
    state.stage = "final"
    seconds = state.config.final_seconds
    state.window = Window(start_ms=now_ms, length_ms=seconds * SECOND)
    bout = state.bout
    opened = public("final_opened", bout=bout, seconds=seconds)
    return [
        opened,
        *(
            private(
                seat, "final_requested", bout=bout, seconds=seconds, window=final_key(bout, seat)
            )
            for seat in SEATS
        ),
    ]


def sheet(state: ExpressionState, seat: int) -> FinalSheet:
    return state.finals[state.bout - 1][seat]


def entries_data(entries: dict[int, OwnTiles]) -> list[dict[str, Any]]:
    return [{"round": r, "tiles": entries[r].tiles()} for r in sorted(entries)]


def take_final(
    state: ExpressionState, seat: int, entries: tuple[FinalEntry, ...], done: bool, now_ms: int
) -> list[Notice]:
    checks.final(state, seat)
    checks.in_time(state.window.end_ms, now_ms, f"your Final Guess for bout {state.bout}")
    mine = sheet(state, seat)
    for entry in entries:
        if entry.tiles is None:
            mine.entries.pop(entry.round, None)
        else:
            mine.entries[entry.round] = entry.tiles
    mine.locked = done
    saved = private(
        seat,
        "final_saved",
        bout=state.bout,
        entries=entries_data(mine.entries),
        rounds=sorted({entry.round for entry in entries}),
        locked=done,
    )
    if not done:
        return [saved]
    return [saved, *_locked(state, seat)]


def final_time_out(state: ExpressionState, seat: int) -> list[Notice]:
    """Time is up: the rounds guessed so far stand; the rest count as no guess."""
    mine = sheet(state, seat)
    mine.locked = True
    mine.timed_out = True
    return _locked(state, seat)


def _locked(state: ExpressionState, seat: int) -> list[Notice]:
    mine = sheet(state, seat)
    locked = public("final_locked", bout=state.bout, seat=seat, timed_out=mine.timed_out)
    if not all(sheet(state, s).locked for s in SEATS):
        return [locked]
    return [locked, *score_final(state)]


def score_final(state: ExpressionState) -> list[Notice]:
    """Score both sheets. Everyone learns how many rounds each seat got right and
    the points; the scored sheets (a right guess names the opponent's tiles) go
    to the host only."""
    bout = state.bout
    rounds = state.bout_rounds
    guesses = []
    for seat in SEATS:
        mine = sheet(state, seat)
        used = {record.round: record.plays[1 - seat] for record in rounds}
        mine.correct = [
            r for r, tiles in sorted(mine.entries.items()) if _right(tiles, used.get(r))
        ]
        state.scores[bout - 1][seat].final = RIGHT_FINAL * len(mine.correct)
        guesses.append(
            [
                {"round": r, "tiles": tiles.tiles(), "correct": r in mine.correct}
                for r, tiles in sorted(mine.entries.items())
            ]
        )
    scores = state.scores[bout - 1]
    scored = public(
        "final_scored",
        bout=bout,
        right=[len(sheet(state, seat).correct) for seat in SEATS],
        points=[scores[seat].final for seat in SEATS],
        bout_points=[
            {
                "rounds": scores[seat].rounds,
                "guesses": scores[seat].guesses,
                "final": scores[seat].final,
                "total": scores[seat].total,
            }
            for seat in SEATS
        ],
        totals=totals(state),
    )
    return [host("final_results", bout=bout, guesses=guesses), scored]


def _right(tiles: OwnTiles, play: Submission | None) -> bool:
    return play is not None and final_right(tiles, play.own)


def final_done(state: ExpressionState) -> bool:
    return state.stage == "final" and all(sheet(state, s).locked for s in SEATS)
