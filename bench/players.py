"""Players: how strong each built-in level is, and how long it thinks.

For every game with honest players (its demo module's ``LEVELS``) and each of
its bench setups (``BENCH_MATCHES`` in the demo module, else the game's
defaults), seeded matches on the engine alone (bot.demo.duel) between every
level and the random legal player (the demo module's ``RANDOM``), and between
every two levels, each side in each seat half the time. Reports win rates,
each level's time per decision (processor time: median, p99, max), and what a
game's level took to win: Rune Breaker, probes in a round it answered right
(median, p90) and wrong answers per match; Logical Horror, queries and hints
to a solved board. Two goals are checked, and the exit status is 1 if either
fails: a level beats the level below it more often than not (draws count
half), and no decision at ``hard`` takes 1 s or more.

    python -m bench.players [--games runebreaker ...] [--matches 200] [--jobs 2]

Matches run in ``--jobs`` processes; a match's figures do not depend on how
many run beside it, only its decision times do (on a busy machine: processor
time, not the wall clock, is timed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

from bot.demo.duel import play_duel
from bot.kits import (
    Player,
    bench_figures,
    bench_matches,
    demo_games,
    demo_levels,
    random_player,
)

RANDOM = "random"
#: The slowest decision allowed at the top level (issue 18: under 1 s).
HARD = "hard"
DECISION_GOAL_S = 1.0


@dataclass(frozen=True)
class Task:
    key: str
    options: tuple[tuple[str, Any], ...]
    sides: tuple[str, str]  # contenders: seat 0 plays sides[seed % 2], seat 1 the other
    seed: int


@dataclass
class Played:
    """One match, from the contenders' side (not the seats')."""

    task: Task
    winner: str | None  # a contender, None for a draw, "" when the match was cut short
    decisions: dict[str, list[float]]
    refused: int
    #: Per contender, what its wins took (see ``_extras``).
    extras: dict[str, dict[str, list[float]]] = field(default_factory=dict)


def _contenders(key: str) -> dict[str, Player]:
    found = {RANDOM: random_player(key), **demo_levels(key)}
    return {name: player for name, player in found.items() if player is not None}


def _timed(player: Player, times: list[float]) -> Player:
    def play(view: dict[str, Any], seat: int, rng: Any) -> str | None:
        started = time.process_time()
        try:
            return player(view, seat, rng)
        finally:
            times.append(time.process_time() - started)

    return play


def play(task: Task) -> Played:
    """One seeded match of ``task`` (run in a worker process)."""
    players = _contenders(task.key)
    seated = task.sides if task.seed % 2 == 0 else task.sides[::-1]
    times: dict[str, list[float]] = {side: [] for side in task.sides}
    states: list[Any] = []
    duel = play_duel(
        task.key,
        (
            _timed(players[seated[0]], times[seated[0]]),
            _timed(players[seated[1]], times[seated[1]]),
        ),
        seed=task.seed,
        options=dict(task.options),
        watch=states.append,
    )
    if duel.outcome is None:
        winner: str | None = ""
    else:
        winner = None if duel.outcome.winner is None else seated[duel.outcome.winner]
    final = duel.final
    extras = {side: _extras(task.key, states, final, seated.index(side)) for side in task.sides}
    return Played(task, winner, times, len(duel.refused), extras)


def _extras(key: str, states: Sequence[Any], final: Any, seat: int) -> dict[str, list[float]]:
    """The game's own figures for one seat of a finished match (its demo module's
    ``BENCH_FIGURES``; ``states``: those its players were asked about, ``final``:
    the one it ended in)."""
    figures = bench_figures(key)
    return {} if final is None or figures is None else figures(states, final, seat)


def tasks(key: str, options: dict[str, Any], names: Sequence[str], matches: int) -> list[Task]:
    frozen = tuple(sorted(options.items()))
    levels = [n for n in names if n != RANDOM]
    pairs = [(RANDOM, level) for level in levels] + list(combinations(levels, 2))
    return [Task(key, frozen, pair, seed) for pair in pairs for seed in range(matches)]


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _score(results: Iterable[Played], side: str, against: str) -> tuple[float, int]:
    """``side``'s share of points against ``against`` (a draw counts half), and
    how many matches that is."""
    games = [
        p
        for p in results
        if set(p.task.sides) == {side, against} and p.winner != ""  # cut short: left out
    ]
    points = sum(1.0 if p.winner == side else 0.5 if p.winner is None else 0.0 for p in games)
    return (points / len(games) if games else float("nan")), len(games)


def report(
    key: str, options: dict[str, Any], names: Sequence[str], results: list[Played]
) -> list[str]:
    """Print one setup's table; return the goals it misses."""
    missed: list[str] = []
    title = f"{key} {options or '(defaults)'}"
    print(f"\n## {title}: {len(results)} matches")
    levels = [n for n in names if n != RANDOM]
    print("| level | " + " | ".join(f"vs {n}" for n in names) + " | decision median | p99 | max |")
    print("|---" * (len(names) + 4) + "|")
    for level in levels:
        cells = []
        for other in names:
            share, count = _score(results, level, other) if other != level else (float("nan"), 0)
            cells.append("—" if other == level else f"{share:.0%} ({count})")
        times = [t for p in results for t in p.decisions.get(level, [])]
        cells += [
            f"{statistics.median(times) * 1000:.1f} ms",
            f"{_percentile(times, 0.99) * 1000:.0f} ms",
            f"{max(times) * 1000:.0f} ms",
        ]
        print(f"| {level} | " + " | ".join(cells) + " |")
        if level == HARD and max(times) >= DECISION_GOAL_S:
            missed.append(f"{title}: a hard decision took {max(times):.2f} s")
    for lower, upper in pairwise(levels):
        share, _ = _score(results, upper, lower)
        if not share > 0.5:
            missed.append(f"{title}: {upper} scored {share:.0%} against {lower}")
    refused = sum(p.refused for p in results)
    cut = sum(1 for p in results if p.winner == "")
    print(f"refused moves: {refused}; matches cut short: {cut}")
    if refused or cut:
        missed.append(f"{title}: {refused} refused moves, {cut} matches without a result")
    _print_extras(levels, results)
    return missed


def _print_extras(levels: Sequence[str], results: list[Played]) -> None:
    pooled: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for played in results:
        for side, figures in played.extras.items():
            for name, values in figures.items():
                pooled[side][name] += values
    for level in levels:
        figures = pooled.get(level)
        if not figures:
            continue
        parts = []
        for name, values in sorted(figures.items()):
            if name == "wrong":
                parts.append(f"wrong answers per match {statistics.mean(values):.2f}")
            elif values:
                median, p90 = statistics.median(values), _percentile(values, 0.9)
                parts.append(f"{name} median {median:g}, p90 {p90:g} ({len(values)} wins)")
        print(f"- {level}: " + "; ".join(parts))


def chosen(options: dict[str, Any], where: Sequence[str]) -> bool:
    """Whether a setup has every ``OPTION=VALUE`` of ``where`` (compared as text)."""
    pairs = (pair.partition("=") for pair in where)
    return all(str(options.get(name)) == value for name, _, value in pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game keys (default: every game with levels)")
    parser.add_argument("--matches", type=int, default=200, help="matches per pair of contenders")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: CPUs)")
    parser.add_argument(
        "--where",
        nargs="*",
        default=[],
        metavar="OPTION=VALUE",
        help="only the setups with these options (e.g. variant=finals)",
    )
    args = parser.parse_args()
    keys = args.games or [k for k in demo_games() if demo_levels(k) and random_player(k)]
    missed: list[str] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for key in keys:
            names = list(_contenders(key))
            for options in bench_matches(key):
                if not chosen(options, args.where):
                    continue
                started = time.monotonic()
                results = list(
                    pool.map(play, tasks(key, options, names, args.matches), chunksize=4)
                )
                missed += report(key, options, names, results)
                print(f"({time.monotonic() - started:.0f} s)")
    for line in missed:
        print(f"GOAL MISSED: {line}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
