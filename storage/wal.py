"""SQLite's write-ahead log checkpointed beside the writer, not inside its commits.

By default SQLite checkpoints in the COMMIT that takes the log past 1,000
pages: that commit copies every page written since the last checkpoint back
into the database file and syncs both files before it returns, while every
move waiting on the process's one connection waits with it. Under a steady
200 moves/s over 1,000 matches that was one commit every second or two taking
10-30 ms instead of 0.1 (more matches, more distinct pages to copy): the
open-loop benchmark's slowest moves.

Here a commit never checkpoints while the log is short: at most once every
:data:`EVERY_SECONDS`, a commit starts a thread that runs a PASSIVE
checkpoint on a connection of its own, which copies what it can without
waiting for or blocking the writer (sqlite3 releases the GIL while it works).
The log starts over from its beginning at the next write once all of it has
been copied; under load frames keep coming while a pass copies, so a pass
is followed by another over what came meanwhile, up to :data:`PASSES`.
Under a steady load that still may never find the log all copied (the open
loop at 200 moves/s did not: its log grew to the fallback). At
:data:`FALLBACK_PAGES` SQLite's own checkpoint in the commit takes over
once, which then has little left to copy (most of the log is copied
already), and the log starts over: the file stays bounded at 32 MiB.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger(__name__)

EVERY_SECONDS = 1.0
PASSES = 8  # at most, until the whole log is copied
FALLBACK_PAGES = 8192  # 32 MiB of 4 KiB pages (SQLite's own default: 1,000)


class Checkpointer:
    """Checkpoints one database file's log in a thread, now and then, after commits."""

    def __init__(self, path: str, every_seconds: float = EVERY_SECONDS) -> None:
        # mode=rw: never create the file (it may be gone once its engine is disposed).
        self._uri = Path(path).absolute().as_uri() + "?mode=rw"
        self._every = every_seconds
        self._last = time.monotonic()
        self._running: threading.Thread | None = None
        #: Checkpoints run so far (tests wait on it).
        self.runs = 0

    def after_commit(self, *_: Any) -> None:
        """On the event loop, after a commit: cheap unless a checkpoint is due."""
        now = time.monotonic()
        if now - self._last < self._every or (self._running and self._running.is_alive()):
            return
        self._last = now
        self._running = threading.Thread(target=self.checkpoint, name="wal-checkpoint", daemon=True)
        self._running.start()

    def checkpoint(self) -> None:
        """Copy what the log holds into the database file (PASSIVE: waits for no
        one). The log starts over only if a write finds all of it copied, and
        under load frames keep coming while a pass copies; so it passes again
        over what came meanwhile (less each time), until it has all of it."""
        try:
            conn = sqlite3.connect(self._uri, uri=True, timeout=0)
            try:
                for _ in range(PASSES):
                    _, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if copied >= frames:
                        break
            finally:
                conn.close()
        except sqlite3.Error as error:
            # The next one tries again; meanwhile the log only grows (and the
            # commit's own checkpoint bounds it).
            log.debug("WAL checkpoint skipped: %s", error)
        self.runs += 1


def checkpoint_beside(engine: AsyncEngine, path: str) -> Checkpointer:
    """Checkpoint ``engine``'s database file beside its commits (see above)."""
    checkpointer = Checkpointer(path)
    event.listen(engine.sync_engine, "connect", _fallback_only)
    event.listen(engine.sync_engine, "commit", checkpointer.after_commit)
    return checkpointer


def _fallback_only(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA wal_autocheckpoint={FALLBACK_PAGES}")
    finally:
        cursor.close()
