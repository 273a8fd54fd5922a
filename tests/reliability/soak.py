"""The kill-and-restart soak: runs of tests/reliability/soak_child.py on one SQLite
file, each ended by SIGKILL at a random moment, then one last run that plays
every match to its end; then the file is checked against the runs' side logs.

What is checked (``SoakReport.problems`` lists every breach):

1. every acknowledged move is in the event log, at the seq its version names,
   as the move its text parses to on the state before it (nothing lost);
2. no move is applied twice: each action in the log is one acknowledged move,
   or the one move a killed run had in flight for that match; replaying the log
   with ``bot.runtime.replay`` gives the stored state;
3. clocks restart from their last checkpoint: after each restart a match's
   clock is exactly the stored one, every running deadline shows what it had
   left at that checkpoint (``at_ms - clock_ms``, within 1 s: the view counts
   whole seconds), and the checkpoint is no later than the clock at the kill
   (downtime is never charged) and at most one checkpoint interval earlier;
4. the outbox re-sends only what architecture.md allows: each run delivers, per
   match, exactly the rows left undelivered and then its own, in id order; a row
   is delivered again only if the kill came between its delivery and its mark;
   in the end every committed row was delivered;
5. every match ends with an outcome once the kills stop.

The database is read with the standard library's sqlite3 (read-only), not
with the code under test.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import select
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import games
from bot.runtime.replay import replay, replay_steps
from games import HOST
from games.core import Actor
from storage.records import EventRecord
from tests.reliability.sidelog import Record, read_log
from tests.reliability.soak_child import CHECKPOINT_SECONDS, notices_hash

REPO = Path(__file__).resolve().parents[2]
CLOCK_SLACK_MS = 2  # float rounding in the clock's arithmetic


# -- the plan and the runs -------------------------------------------------------------


@dataclass(frozen=True)
class SoakPlan:
    workdir: Path
    seed: int = 1
    kills: int = 10
    #: Matches playing at once, per game (the child's --mix).
    mix: str = ""
    #: Matches created in all; None: finished ones are replaced until the last kill.
    total: int | None = None
    speed: float = 25.0  # match seconds per real second
    #: Real seconds a run plays, once started, before it is killed (drawn uniformly).
    uptime: tuple[float, float] = (0.05, 1.5)
    #: Share of kills aimed at start-up instead (restoring, re-sending, resuming).
    early: float = 0.2
    final_timeout: float = 600.0


@dataclass
class Snapshot:
    """The file between two runs."""

    matches: dict[int, dict[str, Any]] = field(default_factory=dict)
    undelivered: list[int] = field(default_factory=list)
    last_outbox_id: int = 0


@dataclass
class Run:
    number: int
    before: Snapshot
    log: list[Record] = field(default_factory=list)
    killed: bool = True
    after: Snapshot = field(default_factory=Snapshot)
    seconds: float = 0.0  # from its fork to its end


class Zygote:
    """The child in --zygote mode: forks a run on request, reports how runs ended."""

    def __init__(self, stderr: IO[str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.reliability.soak_child", "--zygote"],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
        self.running: set[int] = set()
        self._expect("ready", 120)

    def start(self, argv: list[str]) -> int:
        pid = int(self._ask(f"run {json.dumps(argv)}", 30))
        self.running.add(pid)
        return pid

    def wait(self, pid: int, timeout: float) -> int:
        """The run's exit code, or minus the signal that ended it."""
        answer = self._ask(f"wait {pid}", timeout).split()
        self.running.discard(pid)
        return int(answer[1])

    def close(self) -> None:
        """End the zygote, and any run of ours still going (a check gave up on it)."""
        for pid in self.running:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        finally:
            # Its answers' pipe too: left to the collector, it is a ResourceWarning
            # (an error in this suite) in whichever test runs next.
            if self.proc.stdout is not None:
                self.proc.stdout.close()

    def _ask(self, line: str, timeout: float) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self._line(timeout)

    def _expect(self, word: str, timeout: float) -> None:
        line = self._line(timeout)
        if line != word:
            raise RuntimeError(f"the soak child said {line!r}, not {word!r}")

    def _line(self, timeout: float) -> str:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            raise TimeoutError(f"the soak child did not answer within {timeout} s")
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the soak child ended (exit {self.proc.poll()})")
        return line.strip()


@dataclass
class Soaked:
    """What a soak leaves to check: each run (its log, the file before and after)
    and the file at the end."""

    runs: list[Run]
    final: Final
    seconds: float


def run_soak(plan: SoakPlan) -> SoakReport:
    """Kill and restart the child ``plan.kills`` times, finish, check everything."""
    soaked = soak(plan)
    report = check(soaked.runs, soaked.final)
    report.seconds = soaked.seconds
    return report


def soak(plan: SoakPlan) -> Soaked:
    """Kill and restart the child ``plan.kills`` times, then let it finish every match."""
    plan.workdir.mkdir(parents=True, exist_ok=True)
    db = plan.workdir / "soak.db"
    rng = random.Random(f"soak:{plan.seed}")
    runs: list[Run] = []
    start_ups = [0.3]  # seconds from fork to ready, as measured so far
    started = time.monotonic()
    with open(plan.workdir / "child-stderr.txt", "w") as stderr:
        zygote = Zygote(stderr)
        try:
            for number in range(plan.kills + 1):
                runs.append(_one_run(plan, zygote, number, rng, start_ups))
        finally:
            zygote.close()
    return Soaked(runs, read_final(db), time.monotonic() - started)


def _one_run(
    plan: SoakPlan, zygote: Zygote, number: int, rng: random.Random, start_ups: list[float]
) -> Run:
    db = plan.workdir / "soak.db"
    final = number == plan.kills
    run = Run(number, before=snapshot(db), killed=not final)
    log = plan.workdir / f"run-{number:03d}.jsonl"
    forked = time.monotonic()
    pid = zygote.start(_child_args(plan, db, log, number, final=final))
    if final:
        code = zygote.wait(pid, plan.final_timeout)
    else:
        _kill_at_random(pid, log, plan, rng, start_ups)
        code = zygote.wait(pid, 60)
    run.seconds = time.monotonic() - forked
    expected = 0 if final else -signal.SIGKILL
    if code != expected:
        raise RuntimeError(
            f"run {number} ended with {code}, not {expected}; "
            f"see {plan.workdir / 'child-stderr.txt'}"
        )
    run.log = read_log(log)
    run.after = snapshot(db)
    return run


def _child_args(plan: SoakPlan, db: Path, log: Path, number: int, *, final: bool) -> list[str]:
    argv = ["--db", str(db), "--log", str(log), "--seed", str(plan.seed)]
    argv += ["--incarnation", str(number), "--speed", str(plan.speed), "--mix", plan.mix]
    if plan.total is not None:
        argv += ["--total", str(plan.total)]
    return [*argv, "--final"] if final else argv


def _kill_at_random(
    pid: int, log: Path, plan: SoakPlan, rng: random.Random, start_ups: list[float]
) -> None:
    """SIGKILL the run: mostly while it plays, sometimes while it starts up
    (restoring matches, re-sending the backlog, telling rooms it resumed)."""
    if rng.random() < plan.early:
        time.sleep(rng.uniform(0.0, statistics.median(start_ups)))
    else:
        start_ups.append(_wait_until_ready(log, timeout=120))
        time.sleep(rng.uniform(*plan.uptime))
    os.kill(pid, signal.SIGKILL)


def _wait_until_ready(log: Path, timeout: float) -> float:
    """Seconds until the run says it is ready (has restored every match)."""
    started = time.monotonic()
    while time.monotonic() < started + timeout:
        if log.exists() and b'"k":"ready"' in log.read_bytes():
            return time.monotonic() - started
        time.sleep(0.005)
    raise TimeoutError(f"{log} never said ready")


# -- reading the file ------------------------------------------------------------------


def _connect(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def snapshot(db: Path) -> Snapshot:
    if not db.exists():
        return Snapshot()
    with closing(_connect(db)) as conn:
        matches = {
            row[0]: {"game": row[1], "status": row[2], "state": row[3], "version": row[4]}
            | {"clock_ms": row[5]}
            for row in conn.execute(
                "SELECT id, game, status, state, version, clock_ms FROM matches"
            )
        }
        undelivered = [r[0] for r in conn.execute("SELECT id FROM outbox WHERE NOT delivered")]
        last = conn.execute("SELECT coalesce(max(id), 0) FROM outbox").fetchone()[0]
    return Snapshot(matches, sorted(undelivered), last)


@dataclass
class Final:
    """Everything the file holds once the last run has finished."""

    matches: dict[int, dict[str, Any]]
    events: dict[int, list[EventRecord]]
    outbox: dict[int, dict[str, Any]]  # id -> match, target, content hash, delivered
    #: (match, seq) -> the state just before that event, filled as the checks ask.
    states: dict[tuple[int, int], Any] = field(default_factory=dict)


def read_final(db: Path) -> Final:
    epoch = datetime(2000, 1, 1, tzinfo=UTC)
    with closing(_connect(db)) as conn:
        matches = {
            row[0]: {
                "game": row[1],
                "status": row[2],
                "config": json.loads(row[3]),
                "seed": row[4],
                "state": row[5],
            }
            for row in conn.execute("SELECT id, game, status, config, seed, state FROM matches")
        }
        events: dict[int, list[EventRecord]] = defaultdict(list)
        for row in conn.execute(
            "SELECT match_id, seq, kind, actor, payload, now_ms FROM match_events ORDER BY seq"
        ):
            events[row[0]].append(
                EventRecord(
                    seq=row[1],
                    kind=row[2],
                    actor=row[3],
                    payload=json.loads(row[4]),
                    now_ms=row[5],
                    created_at=epoch,
                )
            )
        outbox = {
            row[0]: {
                "m": row[1],
                "target": row[2],
                "h": notices_hash(json.loads(row[3])),
                "delivered": bool(row[4]),
            }
            for row in conn.execute("SELECT id, match_id, target, notices, delivered FROM outbox")
        }
    return Final(matches, dict(events), outbox)


# -- the checks ------------------------------------------------------------------------


@dataclass
class SoakReport:
    kills: int = 0
    kills_at_start_up: int = 0  # before the run said it was ready
    kills_with_move_in_flight: int = 0
    in_flight_committed: int = 0  # committed, but killed before the acknowledgement
    matches: Counter[str] = field(default_factory=Counter)
    finished: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    checked: int = 0
    lost: int = 0
    duplicated: int = 0
    refused: int = 0
    expiries: int = 0
    clock_checks: int = 0
    clocks_exact: int = 0
    worst_clock_error_ms: int = 0
    most_given_back_ms: int = 0
    deliveries: int = 0
    rows: int = 0
    resends: int = 0
    unmarked_at_kills: int = 0  # delivered, not yet marked, when a kill came
    restarts: list[float] = field(default_factory=list)  # seconds from fork to ready
    seconds: float = 0.0
    final_run_seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def figures(self) -> str:
        games_played = ", ".join(f"{k} {self.finished[k]}/{self.matches[k]}" for k in self.matches)
        return "\n".join(
            [
                f"kills survived         {self.kills} ({self.kills_at_start_up} during start-up, "
                f"{self.kills_with_move_in_flight} with a move in flight, "
                f"{self.in_flight_committed} of those committed but not yet acknowledged)",
                f"matches finished       {sum(self.finished.values())} of "
                f"{sum(self.matches.values())} ({games_played})",
                f"moves acknowledged     {self.acknowledged}, checked {self.checked}, "
                f"lost {self.lost}, duplicated {self.duplicated} "
                f"(refused as too late: {self.refused}; deadlines fired: {self.expiries})",
                f"restarts               median {statistics.median(self.restarts or [0]):.2f} s, "
                f"slowest {max(self.restarts or [0]):.2f} s (fork to all restored)",
                f"clocks after restart   {self.clocks_exact} of {self.clock_checks} exactly at "
                "their checkpoint; "
                f"deadlines off by at most {self.worst_clock_error_ms} ms (the view shows whole "
                f"seconds); most given back {self.most_given_back_ms} ms",
                f"outbox                 {self.rows} rows, {self.deliveries} deliveries, "
                f"{self.resends} re-sent "
                f"({self.unmarked_at_kills} delivered but not yet marked at the kills)",
                f"problems               {len(self.problems)}",
                f"wall time              {self.seconds:.1f} s "
                f"(the last run, playing every match out: {self.final_run_seconds:.1f} s)",
            ]
        )


def check(runs: list[Run], final: Final) -> SoakReport:
    report = SoakReport(kills=sum(run.killed for run in runs))
    report.final_run_seconds = runs[-1].seconds
    report.kills_at_start_up = sum(
        run.killed and not any(r["k"] == "ready" for r in run.log) for run in runs
    )
    for run in runs:
        report.refused += sum(r["k"] == "no" for r in run.log)
        times = {r["k"]: r["w"] for r in run.log if r["k"] in ("begin", "ready")}
        if len(times) == 2:
            report.restarts.append(times["ready"] - times["begin"])
    check_outcomes(final, report)
    check_moves(runs, final, report)
    check_clocks(runs, report)
    check_deliveries(runs, final, report)
    return report


def check_outcomes(final: Final, report: SoakReport) -> None:
    """5: every match ended with an outcome, and its log replays to its stored state."""
    for match_id, match in sorted(final.matches.items()):
        game = games.get(match["game"])
        report.matches[match["game"]] += 1
        state = game.load_state(match["state"]) if match["state"] is not None else None
        if match["status"] != "finished" or state is None or game.outcome(state) is None:
            report.problem(f"match {match_id} ({match['game']}) ended {match['status']}")
            continue
        report.finished[match["game"]] += 1
        replayed = _state_after_log(final, match_id)
        if replayed is UNREPLAYABLE:
            try:  # again, for the engine's refusal
                replay(game, match["config"], match["seed"], final.events[match_id])
            except (games.Rejected, ValueError) as refusal:
                report.problem(f"match {match_id}: its log does not replay: {refusal}")
                continue
        if replayed is None or replayed.model_dump(mode="json") != json.loads(match["state"]):
            report.problem(f"match {match_id}: replaying its log does not give its stored state")


def check_moves(runs: list[Run], final: Final, report: SoakReport) -> None:
    """1 and 2: each acknowledged move is its own event; every action is explained."""
    claimed: dict[tuple[int, int], str] = {}
    for run in runs:
        for record in run.log:
            if record["k"] == "ack":
                report.acknowledged += 1
                _check_ack(record, final, claimed, report)
    for run in runs:
        if run.killed:
            _check_in_flight(run, final, claimed, report)
    for match_id, events in final.events.items():
        for event in events:
            report.expiries += event.kind == "expire"
            if event.kind == "action" and (match_id, event.seq) not in claimed:
                report.duplicated += 1
                report.problem(
                    f"match {match_id} event {event.seq} ({event.actor}: {event.payload}) "
                    "is no acknowledged move and no move in flight at a kill"
                )


def _check_ack(
    ack: Record, final: Final, claimed: dict[tuple[int, int], str], report: SoakReport
) -> None:
    match_id, version = ack["m"], ack["v"]
    event = _event(final, match_id, version)
    if event is None:
        report.lost += 1
        report.problem(f"lost: match {match_id} move {ack['x']!r} acknowledged at v{version}")
        return
    if (match_id, version) in claimed:
        report.duplicated += 1
        report.problem(f"match {match_id} event {version} acknowledged twice")
        return
    claimed[(match_id, version)] = "ack"
    why = _mismatch(final, match_id, event, ack["a"], ack["x"])
    if why is None and event.now_ms != ack["c"]:
        why = f"its clock is {event.now_ms} ms, acknowledged at {ack['c']} ms"
    if why is not None:  # another step stands where this move was acknowledged
        report.lost += 1
        report.problem(f"match {match_id} move {ack['x']!r} (v{version}): {why}")
        return
    report.checked += 1


def _check_in_flight(
    run: Run, final: Final, claimed: dict[tuple[int, int], str], report: SoakReport
) -> None:
    """A move tried and neither acknowledged nor refused when the kill came may have
    been committed: then it is the match's last event at the kill, and no other."""
    pending: dict[int, Record] = {}
    for record in run.log:
        if record["k"] == "try":
            pending[record["m"]] = record
        elif record["k"] in ("ack", "no"):
            pending.pop(record["m"], None)
    report.kills_with_move_in_flight += bool(pending)
    for match_id, move in pending.items():
        at_kill = run.after.matches.get(match_id)
        event = None if at_kill is None else _event(final, match_id, at_kill["version"])
        if event is None or event.kind != "action" or (match_id, event.seq) in claimed:
            continue
        if _mismatch(final, match_id, event, move["a"], move["x"]) is None:
            claimed[(match_id, event.seq)] = "in flight"
            report.in_flight_committed += 1


def _event(final: Final, match_id: int, seq: int) -> EventRecord | None:
    events = final.events.get(match_id, [])
    return events[seq - 1] if 0 < seq <= len(events) and events[seq - 1].seq == seq else None


def _mismatch(
    final: Final, match_id: int, event: EventRecord, actor: Actor, text: str
) -> str | None:
    """Why ``event`` is not the move ``actor`` typed as ``text`` (None: it is)."""
    if event.kind != "action" or event.actor != str(actor):
        return f"event {event.seq} is {event.kind} by {event.actor}"
    match = final.matches[match_id]
    game = games.get(match["game"])
    before = _state_before(final, match_id, event.seq)
    if before is UNREPLAYABLE:
        return "the log before it does not replay"
    try:
        action = game.parse(before, HOST if actor == HOST else int(actor), text)
    except games.Rejected as refusal:
        return f"it does not parse on the state before it: {refusal}"
    if game.dump_action(action) != event.payload:
        return f"the log holds {event.payload}, not {game.dump_action(action)}"
    return None


#: Stands for the state before an event that an earlier event's refusal makes unknown.
UNREPLAYABLE = object()


def _state_before(final: Final, match_id: int, seq: int) -> Any:
    """The state just before event ``seq`` (each match is replayed once, step by step);
    the seq after the last event's stands for the whole log's."""
    if (match_id, seq) not in final.states:
        match = final.matches[match_id]
        events = final.events[match_id]
        steps = replay_steps(games.get(match["game"]), match["config"], match["seed"], events)
        state: Any = None
        for event in events:
            final.states[(match_id, event.seq)] = state
            if state is not UNREPLAYABLE:
                try:
                    state = next(steps).state
                except (games.Rejected, ValueError):
                    state = UNREPLAYABLE
        if events:
            final.states[(match_id, events[-1].seq + 1)] = state
    return final.states[(match_id, seq)]


def _state_after_log(final: Final, match_id: int) -> Any:
    """The state the match's whole log replays to (None for an empty log): from the
    states the move checks replayed, rather than a replay of its own."""
    events = final.events.get(match_id, [])
    return _state_before(final, match_id, events[-1].seq + 1) if events else None


def check_clocks(runs: list[Run], report: SoakReport) -> None:
    """3: after each restart, clocks and deadlines are what the last checkpoint says."""
    for previous, run in itertools.pairwise(runs):
        bounds = clock_bounds(previous)
        for record in run.log:
            if record["k"] != "restored" or record["status"] != "running":
                continue
            stored = run.before.matches[record["m"]]
            _check_restored(record, stored, report)
            if record["m"] in bounds:
                _check_checkpoint(record["m"], stored["clock_ms"], bounds[record["m"]], report)


def _check_restored(record: Record, stored: dict[str, Any], report: SoakReport) -> None:
    match_id, clock = record["m"], stored["clock_ms"]
    report.clock_checks += 1
    if record["clock"] != clock:
        report.problem(f"match {match_id} restarted at {record['clock']} ms, stored {clock} ms")
    else:
        report.clocks_exact += 1
    game = games.get(stored["game"])
    deadlines = game.deadlines(game.load_state(stored["state"]))
    if [[d.label, d.seat] for d in deadlines] != [d[:2] for d in record["deadlines"]]:
        report.problem(f"match {match_id} restarted with deadlines {record['deadlines']}")
        return
    for deadline, shown in zip(deadlines, record["deadlines"], strict=True):
        error = max(0, deadline.at_ms - clock) - shown[2] * 1000
        report.worst_clock_error_ms = max(report.worst_clock_error_ms, abs(error))
        if not 0 <= error < 1000:
            report.problem(
                f"match {match_id}: {deadline.label} shows {shown[2]} s left after the restart; "
                f"{deadline.at_ms - clock} ms were left at the checkpoint"
            )


def clock_bounds(run: Run) -> dict[int, tuple[int, int]]:
    """For each match running throughout the end of ``run``: the least and most its
    clock can have read when the kill came. A running clock is the run's match
    time plus a constant, known from the restart (time 0) or the match's start;
    the kill came after the last tick's start and before its end."""
    offsets: dict[int, float] = {}
    last = {"t": 0.0, "to": 0.0}
    for record in run.log:
        if record["k"] == "restored" and record["status"] == "running":
            offsets[record["m"]] = record["clock"]
        elif record["k"] == "started":
            offsets[record["m"]] = record["clock"] - record["t"] * 1000
        elif record["k"] == "tick":
            last = record
    return {
        m: (int(offset + last["t"] * 1000), int(offset + last["to"] * 1000))
        for m, offset in offsets.items()
        if run.after.matches.get(m, {}).get("status") == "running"
    }


def _check_checkpoint(
    match_id: int, stored: int, bounds: tuple[int, int], report: SoakReport
) -> None:
    least, most = bounds
    given_back = least - stored
    report.most_given_back_ms = max(report.most_given_back_ms, given_back)
    if stored > most + CLOCK_SLACK_MS:
        report.problem(f"match {match_id}: stored clock {stored} ms is past the kill ({most} ms)")
    if given_back > CHECKPOINT_SECONDS * 1000 + CLOCK_SLACK_MS:
        report.problem(
            f"match {match_id}: stored clock {stored} ms is {given_back} ms before the kill, "
            f"more than one checkpoint interval"
        )


def check_deliveries(runs: list[Run], final: Final, report: SoakReport) -> None:
    """4: per run and match, deliveries are a prefix of (rows left undelivered, then
    the run's own rows) in id order; re-sends only of rows unmarked at the kill."""
    delivered: Counter[int] = Counter()
    report.rows = len(final.outbox)
    for run in runs:
        sent = _sent_by_match(run)
        expected = _expected_by_match(run, final)
        for match_id, messages in sent.items():
            rows = expected.get(match_id, [])
            if len(messages) > len(rows) or any(
                (final.outbox[i]["target"], final.outbox[i]["h"]) != message
                for i, message in zip(rows, messages, strict=False)
            ):
                report.problem(f"run {run.number}, match {match_id}: delivered out of order")
                continue
            for row_id in rows[: len(messages)]:
                report.resends += delivered[row_id] > 0
                delivered[row_id] += 1
        if run.killed:
            unmarked = set(run.after.undelivered)
            report.unmarked_at_kills += sum(1 for row_id in delivered if row_id in unmarked)
    report.deliveries = sum(delivered.values())
    for row_id, row in sorted(final.outbox.items()):
        if delivered[row_id] == 0 or not row["delivered"]:
            report.problem(
                f"outbox row {row_id} (match {row['m']}, {row['target']}) never delivered"
            )


def _sent_by_match(run: Run) -> dict[int, list[tuple[str, str]]]:
    sent: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for record in run.log:
        if record["k"] == "sent":
            sent[record["m"]].append((record["target"], record["h"]))
    return sent


def _expected_by_match(run: Run, final: Final) -> dict[int, list[int]]:
    """What the run should deliver, per match: rows it found undelivered, then its own."""
    expected: dict[int, list[int]] = defaultdict(list)
    for row_id in _rows_in_order(run, final):
        expected[final.outbox[row_id]["m"]].append(row_id)
    return expected


def _rows_in_order(run: Run, final: Final) -> Iterator[int]:
    yield from run.before.undelivered
    new = range(run.before.last_outbox_id + 1, run.after.last_outbox_id + 1)
    yield from (row_id for row_id in new if row_id in final.outbox)
