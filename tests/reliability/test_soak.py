"""Crash safety, proven: the runtime killed with SIGKILL at random moments, ten
times, loses, doubles and mis-times nothing (see tests/reliability/soak.py)."""

from __future__ import annotations

from pathlib import Path

import games
from tests.reliability.soak import SoakPlan, run_soak

# Twenty matches, every game; Expression's built-in player is the dearest to run.
MIX = "goofspiel=5,expression=1,decoder=5,runebreaker=5,logical_horror=4"


def test_ten_kills_lose_and_double_nothing(tmp_path: Path) -> None:
    """Ten SIGKILLs, then every match played out: all five checks hold."""
    report = run_soak(SoakPlan(tmp_path, seed=12, kills=10, mix=MIX, total=20))
    assert report.problems == [], report.figures()
    assert report.kills == 10
    assert sorted(report.finished) == sorted(games.keys())
    assert sum(report.finished.values()) == 20
    assert report.checked == report.acknowledged > 0
    assert report.clock_checks > 0
    assert report.deliveries >= report.rows > 0
