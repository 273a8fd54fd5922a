"""Does `genius-bot db backup` hold up a bot that is writing? A database of
``--megabytes`` (event rows like the bot's) takes commits in a loop from a
writer thread (WAL mode and synchronous=NORMAL, as the bot opens it) while
``storage.backup`` copies it in one pass. Printed: the copy's time and rate,
and the writer's commit latency during the copy beside the same writer's
latency with no backup running (the ceiling it should match).

    python -m bench.backup [--megabytes 200]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path

from storage.backup import backup_sqlite

ROW_BYTES = 1000


def fill(path: Path, megabytes: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    rows = megabytes * 2**20 // ROW_BYTES
    body = "x" * ROW_BYTES
    conn.executemany("INSERT INTO events (body) VALUES (?)", ((body,) for _ in range(rows)))
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def write_until(path: Path, stop: threading.Event, latencies: list[float]) -> None:
    """One small transaction after another, as the bot's writer commits moves."""
    conn = sqlite3.connect(path, timeout=15, isolation_level=None)
    conn.execute("PRAGMA synchronous=NORMAL")
    try:
        while not stop.is_set():
            started = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO events (body) VALUES (?)", ("y" * 200,))
            conn.execute("COMMIT")
            latencies.append(time.perf_counter() - started)
            time.sleep(0.001)  # a busy bot, not a saturated disk
    finally:
        conn.close()


def latencies_while(
    path: Path, work: float | None, target: Path | None = None
) -> tuple[list[float], float]:
    """The writer's latencies while the backup runs (or for ``work`` seconds)."""
    stop, latencies = threading.Event(), []
    writer = threading.Thread(target=write_until, args=(path, stop, latencies))
    writer.start()
    time.sleep(0.2)  # the writer is going before the copy starts
    latencies.clear()
    started = time.perf_counter()
    if target is not None:
        backup_sqlite(path, target)
    else:
        assert work is not None
        time.sleep(work)
    elapsed = time.perf_counter() - started
    stop.set()
    writer.join()
    return latencies, elapsed


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{len(values)} commits, p50 {statistics.median(values) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms, max {ordered[-1] * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "genius.db", Path(tmp) / "backup.db"
        fill(source, args.megabytes)
        size = source.stat().st_size / 2**20
        during, copy_seconds = latencies_while(source, None, target)
        alone, _ = latencies_while(source, copy_seconds)
    print(f"database: {size:.0f} MB")
    print(f"backup: {copy_seconds:.2f} s ({size / copy_seconds:.0f} MB/s), checked and renamed")
    print(f"writer during the backup: {_ms(during)}")
    print(f"writer alone (ceiling):   {_ms(alone)}")


if __name__ == "__main__":
    main()
