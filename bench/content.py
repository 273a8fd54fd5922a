"""Content: generating and checking what the games are played on.

Rune Breaker: round generation per variant over many seeds (goal: median
≤ 50 ms a round), and one probe's execution — a 4×4 probe of up to 3
commands, and a round's full sequence on its own board (goal: ≤ 1 ms).

Logical Horror: puzzle generation for 8×8 and 10×10 with 2, 3 and 4 colours
(goal for 10×10 with 3: median ≤ 0.2 s, p95 ≤ 1 s); the two connectivity
encodings side by side; the uniqueness check of a given puzzle (SAT, and the
independent plain search on 8×8); one query's check — the format's broken
rule and every clue's verdict on a 10×10 board (goal: ≤ 1 ms).

One function per section.

    python -m bench.content [--seeds 200] [--puzzles 30] [--only logical_horror]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from games.core import rng
from games.logical_horror import checker
from games.logical_horror.formats import FORMATS
from games.logical_horror.generator import draw_solution, generate
from games.logical_horror.puzzle import Puzzle
from games.logical_horror.rules import satisfied
from games.logical_horror.solver import Connectivity, is_unique
from games.runebreaker import battery
from games.runebreaker.board import Board
from games.runebreaker.commands import CommandError, execute
from games.runebreaker.generator import generate_round
from games.runebreaker.pieces import DEFAULT_PALETTE
from games.runebreaker.rounds import PROBE_SIZE, VARIANTS, RoundSpec

ROUND_GOAL_MS = 50.0
PROBE_GOAL_US = 1000.0
PUZZLE_GOAL_MS = 200.0
PUZZLE_P95_GOAL_MS = 1000.0
QUERY_GOAL_US = 1000.0
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


# -- Logical Horror -------------------------------------------------------------------


def _timed_ms(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def _generated(
    seeds: int,
    size: int,
    colours: int,
    format_key: str | None = None,
    connectivity: Connectivity = "cuts",
) -> tuple[list[float], list[Puzzle]]:
    """Milliseconds per puzzle, and the puzzles, for seeds 0 … seeds - 1."""
    times, puzzles = [], []
    for seed in range(seeds):
        started = time.perf_counter()
        puzzles.append(generate(seed, size, size, colours, format_key, connectivity=connectivity))
        times.append((time.perf_counter() - started) * 1000)
    return times, puzzles


def logical_horror_generation(seeds: int) -> list[Puzzle]:
    """Generation per size and colour count; returns the 10×10 3-colour puzzles."""
    kept: list[Puzzle] = []
    for size in (8, 10):
        for colours in (2, 3, 4):
            times, puzzles = _generated(seeds, size, colours)
            print(
                figures(
                    f"logical horror {size}×{size}, {colours} colours", times, "ms", PUZZLE_GOAL_MS
                )
            )
            if (size, colours) == (10, 3):
                p95 = percentile(times, 0.95)
                print(f"{'':<34} p95 at {p95 / PUZZLE_P95_GOAL_MS:.0%} of its goal (≤ 1 s)")
                kept = puzzles
    return kept


def logical_horror_connectivity(seeds: int) -> None:
    """Lazy cuts against the level encoding, 10×10 with 3 colours, on the two
    formats that connect."""
    encodings: tuple[Connectivity, ...] = ("cuts", "levels")
    for key in (k for k, f in FORMATS.items() if f.connected):
        for how in encodings:
            made, puzzles = _generated(seeds, 10, 3, key, how)
            check = [_timed_ms(partial(is_unique, p, connectivity=how)) for p in puzzles]
            print(
                f"{key + ' ' + how:<34} generate median {statistics.median(made):7.1f} ms "
                f"p95 {percentile(made, 0.95):7.1f} ms | unique? median "
                f"{statistics.median(check):6.1f} ms p95 {percentile(check, 0.95):6.1f} ms"
            )


def logical_horror_checks(puzzles: Sequence[Puzzle], seeds: int) -> None:
    """Uniqueness of a given puzzle, and one query's check."""
    sat = [_timed_ms(partial(is_unique, p)) for p in puzzles]
    print(figures("logical horror 10×10 unique? (SAT)", sat, "ms", PUZZLE_GOAL_MS))
    small = [generate(seed, 8, 8, 3) for seed in range(seeds)]
    plain = [_timed_ms(partial(checker.verify, p, p.solution)) for p in small]
    print(figures("logical horror 8×8 unique? (plain)", plain, "ms", PUZZLE_GOAL_MS))
    query_us: list[float] = []
    for number, puzzle in enumerate(puzzles):
        answer = FORMATS[puzzle.format]
        clue_cells = {puzzle.index(clue.row, clue.col) for clue in puzzle.clues}
        for board in range(20):
            # A board in the format, clue cells left blank (the full check runs);
            # the verdicts are computed even when the format refuses it: the worst case.
            drawn = draw_solution(rng(number, "bench", board), puzzle.height, puzzle.width, answer)
            shading = tuple(shaded and cell not in clue_cells for cell, shaded in enumerate(drawn))
            started = time.perf_counter()
            answer.broken(puzzle, shading)
            satisfied(puzzle, shading)
            query_us.append((time.perf_counter() - started) * 1e6)
    print(figures("logical horror 10×10 query check", query_us, "µs", QUERY_GOAL_US))


def main(seeds: int, puzzles: int, only: str | None) -> None:
    if only in (None, "runebreaker"):
        rounds = runebreaker_rounds(seeds)
        runebreaker_probes(rounds)
    if only in (None, "logical_horror"):
        kept = logical_horror_generation(puzzles)
        logical_horror_connectivity(min(puzzles, 10))
        logical_horror_checks(kept, puzzles)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=200, help="matches per variant")
    parser.add_argument("--puzzles", type=int, default=30, help="Logical Horror seeds per size")
    parser.add_argument("--only", choices=["runebreaker", "logical_horror"], default=None)
    arguments = parser.parse_args()
    main(arguments.seeds, arguments.puzzles, arguments.only)
