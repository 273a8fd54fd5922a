"""Crash safety, proven: the runtime killed with SIGKILL at random moments, ten
times, loses, doubles and mis-times nothing (see tests/reliability/soak.py).

One soak serves the module: the first test checks what it left; the others
damage a copy of it the way a broken runtime would, and expect the checks to
say so (checks that cannot fail prove nothing)."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable

import pytest

import games
from storage.records import EventRecord
from tests.facts import fact
from tests.reliability.sidelog import Record
from tests.reliability.soak import (
    Final,
    Run,
    Soaked,
    SoakPlan,
    SoakReport,
    check,
    check_clocks,
    check_deliveries,
    check_moves,
    check_outcomes,
    clock_bounds,
    soak,
)

# About twenty matches at once, of every game: each game's facts say how many of its
# own (SOAK_AT_ONCE: Expression's built-in player is the dearest to run).
AT_ONCE: dict[str, int] = {key: fact(key, "SOAK_AT_ONCE") for key in games.keys()}
MIX = ",".join(f"{key}={count}" for key, count in AT_ONCE.items())


@pytest.fixture(scope="module")
def soaked(tmp_path_factory: pytest.TempPathFactory) -> Soaked:
    # Finished matches are replaced until the last kill, as in the long run: with a
    # fixed twenty, quick players finished them all before the kills were spent, and
    # the last runs were killed with nothing in play (or ended on their own).
    return soak(SoakPlan(tmp_path_factory.mktemp("soak"), seed=12, kills=10, mix=MIX))


def test_ten_kills_lose_and_double_nothing(soaked: Soaked) -> None:
    """Ten SIGKILLs, then every match played out: all five checks hold."""
    report = check(soaked.runs, soaked.final)
    assert report.problems == [], report.figures()
    assert report.kills == 10
    assert sorted(report.finished) == sorted(games.keys())
    # At least the twenty or so that play at once; every match made is over (no problems).
    assert sum(report.finished.values()) >= sum(AT_ONCE.values())
    assert report.checked == report.acknowledged > 0
    assert report.clock_checks > 0
    assert report.deliveries >= report.rows > 0


Checks = Callable[[Soaked, SoakReport], None]


def _moves(s: Soaked, report: SoakReport) -> None:
    check_moves(s.runs, s.final, report)


def _clocks(s: Soaked, report: SoakReport) -> None:
    check_clocks(s.runs, report)


def _deliveries(s: Soaked, report: SoakReport) -> None:
    check_deliveries(s.runs, s.final, report)


def _outcomes(s: Soaked, report: SoakReport) -> None:
    check_outcomes(s.final, report)


def _damaged(soaked: Soaked, damage: Callable[[Soaked], None], checks: Checks) -> list[str]:
    """What ``checks`` find in a copy of the soak after ``damage``. The copy shares
    the cache of replayed states: damage only ever touches a log's end, so the
    states before the untouched events stay right (and replaying is slow)."""
    final = soaked.final
    copied = Soaked(
        copy.deepcopy(soaked.runs),
        Final(
            copy.deepcopy(final.matches),
            {m: list(events) for m, events in final.events.items()},
            copy.deepcopy(final.outbox),
            final.states,
        ),
        soaked.seconds,
    )
    damage(copied)
    report = SoakReport()
    checks(copied, report)
    return report.problems


def _records(soaked: Soaked, kind: str) -> list[tuple[Run, Record]]:
    return [(run, r) for run in soaked.runs for r in run.log if r["k"] == kind]


def _last_acknowledged(soaked: Soaked) -> tuple[int, EventRecord]:
    """A match whose last event is an acknowledged move, and that event."""
    for _, ack in reversed(_records(soaked, "ack")):
        events = soaked.final.events[ack["m"]]
        if events[-1].seq == ack["v"]:
            return ack["m"], events[-1]
    raise AssertionError("no match ends on an acknowledged move")


def test_a_lost_move_is_found(soaked: Soaked) -> None:
    def lose(s: Soaked) -> None:
        match_id, _ = _last_acknowledged(s)
        s.final.events[match_id].pop()

    assert any(p.startswith("lost:") for p in _damaged(soaked, lose, _moves))


def test_a_move_applied_twice_is_found(soaked: Soaked) -> None:
    def double(s: Soaked) -> None:
        match_id, event = _last_acknowledged(s)
        s.final.events[match_id].append(event.model_copy(update={"seq": event.seq + 1}))

    problems = _damaged(soaked, double, _moves)
    assert any("no acknowledged move and no move in flight" in p for p in problems)


def test_a_clock_restarted_elsewhere_is_found(soaked: Soaked) -> None:
    def skew(s: Soaked) -> None:
        _, restored = _records(s, "restored")[-1]
        restored["clock"] += 1500

    assert any("restarted at" in p for p in _damaged(soaked, skew, _clocks))


def test_a_deadline_restarted_with_other_time_is_found(soaked: Soaked) -> None:
    def skew(s: Soaked) -> None:
        _, restored = next((run, r) for run, r in _records(s, "restored") if r["deadlines"])
        restored["deadlines"][0][2] += 1

    assert any("after the restart" in p for p in _damaged(soaked, skew, _clocks))


def test_downtime_charged_is_found(soaked: Soaked) -> None:
    """A stored clock later than the clock at the kill: time charged that nobody had."""

    def charge(s: Soaked) -> None:
        run, restored = _checked_restore(s)
        run.before.matches[restored["m"]]["clock_ms"] += 60_000
        restored["clock"] += 60_000

    assert any("past the kill" in p for p in _damaged(soaked, charge, _clocks))


def test_time_lost_beyond_a_checkpoint_is_found(soaked: Soaked) -> None:
    """A stored clock more than one checkpoint interval before the kill: play lost."""

    def rewind(s: Soaked) -> None:
        run, restored = _checked_restore(s)
        run.before.matches[restored["m"]]["clock_ms"] -= 6_000
        restored["clock"] -= 6_000

    problems = _damaged(soaked, rewind, _clocks)
    assert any("more than one checkpoint interval" in p for p in problems)


def _checked_restore(s: Soaked) -> tuple[Run, Record]:
    """A restore the clock check holds against the kill: a match restored running
    by a run whose previous run had it running to its end (soak.clock_bounds). Any
    other (a paused match, one started as the kill came) is compared with its
    stored clock only, so damage planted there would prove nothing."""
    for previous, run in itertools.pairwise(s.runs):
        bounds = clock_bounds(previous)
        for record in run.log:
            running = record["k"] == "restored" and record["status"] == "running"
            if running and record["m"] in bounds:
                return run, record
    raise AssertionError("no restart found a match the run before had running at its kill")


def test_a_message_never_delivered_is_found(soaked: Soaked) -> None:
    def drop(s: Soaked) -> None:
        run = s.runs[-1]
        last = max(i for i, r in enumerate(run.log) if r["k"] == "sent")
        del run.log[last]

    assert any("never delivered" in p for p in _damaged(soaked, drop, _deliveries))


def test_messages_out_of_order_are_found(soaked: Soaked) -> None:
    def swap(s: Soaked) -> None:
        log = s.runs[-1].log
        match_id = next(r["m"] for r in log if r["k"] == "sent")
        sent = [i for i, r in enumerate(log) if r["k"] == "sent" and r["m"] == match_id]
        first, second = next(
            (a, b) for a, b in itertools.pairwise(sent) if log[a]["h"] != log[b]["h"]
        )
        log[first], log[second] = log[second], log[first]

    assert any("out of order" in p for p in _damaged(soaked, swap, _deliveries))


def test_a_match_left_unfinished_is_found(soaked: Soaked) -> None:
    def unfinish(s: Soaked) -> None:
        s.final.matches[min(s.final.matches)]["status"] = "running"

    assert any("ended running" in p for p in _damaged(soaked, unfinish, _outcomes))
