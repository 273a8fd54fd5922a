"""Pictures: how long a board picture takes to draw.

Goofspiel's board (the picture posted after every auction) with 30 cells won
and the current auction marked: goal ≤ 250 ms a picture on a slow machine
(about 12 ms on a laptop). A timing goal belongs here, not in a test: under a
loaded CI machine a timed assertion fails for reasons that are not the code's.

    python -m bench.pictures [--repeat 50]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.render.goofspiel import board_image

NAMES = ("Ann", "Bo")
CELLS = [f"r{row}c{col}" for row in range(1, 7) for col in range(1, 7)]
GOAL_SECONDS = 0.25


def goofspiel_board(repeat: int) -> list[float]:
    board = {cell: i % 2 for i, cell in enumerate(CELLS[:30])}
    board_image(board, names=NAMES)  # the font cache, as a running bot has it
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        board_image(board, names=NAMES, current="r6c6", phase_cells=CELLS[30:], title="x")
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    times = sorted(goofspiel_board(args.repeat))
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    verdict = "meets" if median <= GOAL_SECONDS else "MISSES"
    print(
        f"goofspiel board: median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms "
        f"over {len(times)} ({verdict} the {GOAL_SECONDS * 1000:.0f} ms goal)"
    )


if __name__ == "__main__":
    main()
