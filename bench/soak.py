"""The long kill-and-restart soak: the runtime, playing ~20 matches of every game
on one SQLite file, killed with SIGKILL at random moments (100 times by
default), restarted each time, then left to play every match out. Prints what
it survived and what the checks of tests/reliability/soak.py found.

    python -m bench.soak [--kills 100] [--seed 1] [--mix goofspiel=4,...] [--keep DIR]

Exits 1 if any check failed (the problems are listed).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.reliability.soak import SoakPlan, SoakReport, run_soak

#: Real seconds a run plays before its kill: longer than CI's, so more moves are at stake.
UPTIME = (0.1, 3.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mix", default="", help="matches playing at once per game (default 4 each)"
    )
    parser.add_argument("--speed", type=float, default=25.0, help="match seconds per second")
    parser.add_argument("--keep", type=Path, help="keep the database and side logs here")
    args = parser.parse_args(argv)
    if args.keep is not None:
        return _report(_run(args, args.keep))
    with tempfile.TemporaryDirectory(prefix="genius-soak-") as tmp:
        return _report(_run(args, Path(tmp)))


def _run(args: argparse.Namespace, workdir: Path) -> SoakReport:
    print(f"soak: {args.kills} kills, seed {args.seed}, in {workdir}", flush=True)
    plan = SoakPlan(
        workdir, seed=args.seed, kills=args.kills, mix=args.mix, speed=args.speed, uptime=UPTIME
    )
    return run_soak(plan)


def _report(report: SoakReport) -> int:
    print(report.figures())
    for problem in report.problems[:50]:
        print(f"  PROBLEM {problem}")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
