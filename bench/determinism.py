"""Does the full Expression match under SimCord pass every time? Runs
tests/bot/discord/test_expression_full_match.py again and again, each run in a
fresh pytest process (``--parallel`` of them at once, to load the machine the
way a busy CI does), and prints how many passed and how long each took. Every
run must pass: a flaky run is a bug in the bot (see docs/architecture.md,
"A checkpoint only when a clock runs").

    python -m bench.determinism [--runs 20] [--parallel 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

TEST = "tests/bot/discord/test_expression_full_match.py"
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Run:
    number: int
    passed: bool
    seconds: float
    tail: str  # the end of pytest's output, shown for a failed run


async def one_run(number: int) -> Run:
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pytest", TEST, "-q", "-p", "no:cacheprovider",
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    output, _ = await process.communicate()
    seconds = time.perf_counter() - started
    tail = "\n".join(output.decode(errors="replace").splitlines()[-15:])
    return Run(number, process.returncode == 0, seconds, tail)


async def run_all(runs: int, parallel: int) -> list[Run]:
    slots = asyncio.Semaphore(parallel)

    async def limited(number: int) -> Run:
        async with slots:
            run = await one_run(number)
        print(f"run {number:>3}: {'passed' if run.passed else 'FAILED'} in {run.seconds:.1f} s")
        return run

    return list(await asyncio.gather(*(limited(n) for n in range(1, runs + 1))))


def main(runs: int, parallel: int) -> int:
    results = asyncio.run(run_all(runs, parallel))
    failed = [run for run in results if not run.passed]
    for run in failed:
        print(f"\n--- run {run.number} ---\n{run.tail}")
    seconds = [run.seconds for run in results]
    print(
        f"\n{len(results) - len(failed)} of {len(results)} runs passed "
        f"({parallel} at a time); seconds per run: median {statistics.median(seconds):.1f}, "
        f"max {max(seconds):.1f}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--parallel", type=int, default=1)
    args = parser.parse_args()
    sys.exit(main(args.runs, args.parallel))
