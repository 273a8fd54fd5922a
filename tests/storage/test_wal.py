"""SQLite's write-ahead log is checkpointed beside the commits, not inside them."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from storage import make_engine
from storage.wal import FALLBACK_PAGES, Checkpointer

PAGE = 4096
INSERT = "INSERT INTO b VALUES (randomblob(400000))"  # about 100 pages


def _log_bytes(path: Path) -> int:
    return Path(f"{path}-wal").stat().st_size


async def test_commits_leave_the_log_to_the_background_checkpoint(tmp_path: Path) -> None:
    """Commits let the log grow past SQLite's own 1,000-page checkpoint (none
    stops to copy it); the background checkpoint copies all of it, so the next
    write starts the log over."""
    path = tmp_path / "wal.db"
    engine = make_engine(f"sqlite+aiosqlite:///{path}")
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql("CREATE TABLE b (x BLOB)")
            assert (await conn.exec_driver_sql("PRAGMA wal_autocheckpoint")).scalar() == (
                FALLBACK_PAGES
            )
        for _ in range(25):
            async with engine.begin() as conn:
                await conn.exec_driver_sql(INSERT)
        # (The engine's connection stays open: closing the last one checkpoints.)
        assert _log_bytes(path) > 2000 * PAGE
        checkpointer = Checkpointer(str(path), every_seconds=0)
        checkpointer.after_commit()  # a commit with a checkpoint due: a thread runs it
        for _ in range(500):
            if checkpointer.runs:
                break
            await asyncio.sleep(0.01)
        assert checkpointer.runs == 1
        async with engine.begin() as conn:
            await conn.exec_driver_sql(INSERT)
        with sqlite3.connect(path) as other:
            _, frames, _ = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert 0 < frames < 1000, "the log started over: everything before was copied"
    finally:
        await engine.dispose()


def test_a_checkpoint_of_a_file_gone_creates_nothing(tmp_path: Path) -> None:
    """Once its engine is disposed the file may be deleted: a late checkpoint
    must not create an empty database in its place."""
    Checkpointer(str(tmp_path / "gone.db")).checkpoint()
    assert list(tmp_path.iterdir()) == []
