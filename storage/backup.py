"""A consistent copy of a SQLite database, taken while the bot writes to it.

SQLite's online backup API copies the database as one transaction sees it:
every committed step is in the copy or none of it is, whatever the bot commits
meanwhile. The copy is made in one pass: in WAL mode (the bot's) the backup's
read transaction does not block the writer, whereas a copy in small steps
restarts whenever another connection commits, and under a busy bot might
never finish. The copy is written beside the target and renamed into place
only once it passes ``PRAGMA integrity_check``, so a failed backup leaves no
half-written file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError


class BackupError(Exception):
    """Why no backup was made, in a sentence for the operator."""


@dataclass(frozen=True)
class Backup:
    path: Path
    size_bytes: int
    matches: int


def sqlite_file(url: str) -> Path:
    """The file of a SQLite database URL, or BackupError for anything else."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BackupError(f"{url!r} is not a database URL.") from None
    backend = parsed.get_backend_name()
    if backend == "postgresql":
        raise BackupError(
            "backups of a PostgreSQL database aren't made by genius-bot; use pg_dump "
            "(e.g. pg_dump -Fc -f genius.dump DBNAME)."
        )
    if backend != "sqlite":
        raise BackupError(f"can't back up a {backend} database; only SQLite files.")
    if parsed.database in (None, "", ":memory:") or parsed.query.get("mode") == "memory":
        raise BackupError("the database is in memory; there is no file to back up.")
    return Path(parsed.database)


def backup_sqlite(source: Path, target: Path, *, overwrite: bool = False) -> Backup:
    """Copy the database at ``source`` to ``target`` consistently, while it is in use."""
    _check_paths(source, target, overwrite=overwrite)
    partial = target.with_name(f".{target.name}.partial")
    try:
        _copy(source, partial)
        matches = _verify(partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"the backup of {source} failed: {error}.") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return Backup(target, target.stat().st_size, matches)


def _check_paths(source: Path, target: Path, *, overwrite: bool) -> None:
    if not source.is_file():
        raise BackupError(f"there is no database file at {source}.")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} doesn't exist.")
    if target.exists():
        if target.resolve() == source.resolve():
            raise BackupError("the backup can't be the database itself; give another path.")
        if not overwrite:
            raise BackupError(
                f"{target} already exists; give a new path, or --force to replace it."
            )
        if not target.is_file():
            raise BackupError(f"{target} is not a file.")


def _copy(source: Path, partial: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    # Opened by URI so a missing file is an error, never a new empty database.
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True, timeout=15)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # pages=-1: all of it in one pass (see the module's note)
            # A file complete in itself: restoring it needs no -wal beside it.
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def _verify(path: Path) -> int:
    """Check the copy page by page; returns how many matches it holds."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise BackupError(f"the copy failed its integrity check: {problems[0]}")
        found = conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'matches'"
        ).fetchone()[0]
        if not found:
            return 0
        count: int = conn.execute("SELECT count(*) FROM matches").fetchone()[0]
        return count
    finally:
        conn.close()
