"""Content: generating and checking what the games are played on.

Rune Breaker: round generation per variant over many seeds (goal: median
≤ 50 ms a round), and one probe's execution — a 4×4 probe of up to 3
commands, and a round's full sequence on its own board (goal: ≤ 1 ms).
One function per section; Logical Horror's puzzle generation and query
checking join as sections of their own.

    python -m bench.content [--seeds 200]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time
from collections.abc import Sequence

from games.runebreaker import battery
from games.runebreaker.board import Board
from games.runebreaker.commands import CommandError, execute
from games.runebreaker.generator import generate_round
from games.runebreaker.pieces import DEFAULT_PALETTE
from games.runebreaker.rounds import PROBE_SIZE, VARIANTS, RoundSpec

ROUND_GOAL_MS = 50.0
PROBE_GOAL_US = 1000.0
PROBES_PER_ROUND = 50


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def figures(label: str, values: Sequence[float], unit: str, goal: float) -> str:
    median = statistics.median(values)
    return (
        f"{label:<34} median {median:8.2f} {unit}  p95 {percentile(values, 0.95):8.2f} {unit}  "
        f"max {max(values):8.2f} {unit}  |  goal ≤ {goal:g} {unit}: median at "
        f"{median / goal:.0%} of it"
    )


# -- Rune Breaker -------------------------------------------------------------------


def runebreaker_rounds(seeds: int) -> dict[str, list[RoundSpec]]:
    """Round generation, each variant over ``seeds`` seeds (round 1 of each match).

    The first round of a process also fills the probe-fingerprint cache; it is
    reported on its own, and counted in the figures like every other round.
    """
    battery.fingerprint.cache_clear()
    rounds: dict[str, list[RoundSpec]] = {}
    for variant in VARIANTS:
        times: list[float] = []
        specs: list[RoundSpec] = []
        for seed in range(seeds):
            started = time.perf_counter()
            specs.append(generate_round(seed, 1, variant))
            times.append((time.perf_counter() - started) * 1000)
        rounds[variant] = specs
        print(figures(f"runebreaker {variant} round", times, "ms", ROUND_GOAL_MS))
        print(f"{'':<34} first round (cold cache) {times[0]:.2f} ms, {seeds} seeds")
    return rounds


def _probe_board(draw: random.Random) -> Board:
    pieces = DEFAULT_PALETTE.pieces
    cells = tuple(
        draw.choice(pieces) if draw.random() < 0.5 else None for _ in range(PROBE_SIZE * PROBE_SIZE)
    )
    return Board(PROBE_SIZE, cells)


def _run_us(board: Board, spec: RoundSpec, symbols: Sequence[str]) -> float:
    """µs to run ``symbols`` on ``board``; an ERROR answer is timed like any other."""
    started = time.perf_counter()
    with contextlib.suppress(CommandError):
        execute(board, spec.program(symbols))
    return (time.perf_counter() - started) * 1e6


def runebreaker_probes(rounds: dict[str, list[RoundSpec]]) -> None:
    """One probe as the engine runs it: symbols to commands, then the executor."""
    draw = random.Random(7)
    probe_us: list[float] = []
    sequence_us: dict[str, list[float]] = {variant: [] for variant in rounds}
    for variant, specs in rounds.items():
        for spec in specs:
            symbols = [rune.symbol for rune in spec.runes]
            for _ in range(PROBES_PER_ROUND):
                probe = draw.sample(symbols, draw.randint(1, 3))
                probe_us.append(_run_us(_probe_board(draw), spec, probe))
            sequence_us[variant].append(_run_us(spec.reagent_board(), spec, spec.sequence))
    print(figures("runebreaker 4×4 probe (1–3 cmds)", probe_us, "µs", PROBE_GOAL_US))
    for variant, values in sequence_us.items():
        size = rounds[variant][0].size
        label = f"runebreaker {size}×{size} full sequence"
        print(figures(label, values, "µs", PROBE_GOAL_US))


# -- Logical Horror (to come) ----------------------------------------------------------


def main(seeds: int) -> None:
    rounds = runebreaker_rounds(seeds)
    runebreaker_probes(rounds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=200, help="matches per variant")
    arguments = parser.parse_args()
    main(arguments.seeds)
