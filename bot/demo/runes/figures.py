"""What bench/players.py reports of a finished Rune Breaker match, per seat,
beside wins and decision times (bot.demo.runebreaker's ``BENCH_FIGURES``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def bench_figures(states: Sequence[Any], final: Any, seat: int) -> dict[str, list[float]]:
    """Rune Breaker: for each round the seat won on its buzz, the probes it could
    read (classic: every probe of the round, both seats'; finals: its own); and
    its wrong answers: every buzz but the one that won a round."""
    classic = final.config.variant == "classic"
    buzzes: set[tuple[int, int]] = set()  # (round, turn) where the seat buzzed
    for state in [*states, final]:
        current = state.round
        if current is not None and current.buzzed[seat]:
            buzzes.add((current.number, current.turn))
    buzzed = {number for number, _ in buzzes}
    right = sorted(r.number for r in final.results if r.winner == seat and r.number in buzzed)
    read = [
        sum(1 for p in final.probes if p.round == number and (classic or p.seat == seat))
        for number in right
    ]
    wrong = len(buzzes) - len(right)
    return {"probes": [float(n) for n in read], "wrong": [float(wrong)]}
