"""Scheduled backups of a SQLite database: ``[database] backup_every_hours``.

Each is the online backup of ``genius-bot db backup`` (storage/backup.py: one
consistent, checked copy, taken while the bot writes), into a folder of its own
as ``genius-YYYYMMDD-HHMMSS.db`` (UTC), keeping the newest ``keep``. They run on
the match clock's scheduler, like every deadline, so a stopped runtime takes
none. When the next is due comes from the newest file in the folder, not from
when the process started: a bot restarted every few hours still backs up on
schedule, and a new folder gets its first copy at once. PostgreSQL has
``pg_dump`` (the settings refuse a schedule for it).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.runtime.scheduler import Scheduler
from storage.backup import Backup, BackupError, backup_sqlite, sqlite_file

log = logging.getLogger(__name__)

NAME = "genius-{:%Y%m%d-%H%M%S}.db"
_NAMED = re.compile(r"genius-(\d{8}-\d{6})\.db")


def _utc_now() -> datetime:
    return datetime.now(UTC)


def taken_at(path: Path) -> datetime | None:
    """When a scheduled backup was taken, from its name; None for any other file."""
    found = _NAMED.fullmatch(path.name)
    if found is None:
        return None
    return datetime.strptime(found[1], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)


class BackupSchedule:
    def __init__(
        self,
        scheduler: Scheduler,
        database: Path,
        folder: Path,
        *,
        every_hours: float,
        keep: int,
        wall: Callable[[], datetime] = _utc_now,
    ) -> None:
        self._scheduler = scheduler
        self._database = database
        self._folder = folder
        self._every = timedelta(hours=every_hours)
        self._keep = keep
        # Names and due times are wall-clock (the files outlive the process), read
        # once at start and carried on by the scheduler's clock: the backups keep
        # time with the timers that take them, as deadlines do.
        self._wall = wall
        self._started_wall = wall()
        self._started_at = 0.0

    def backups(self) -> list[Path]:
        """The scheduled backups in the folder, oldest first (other files are not ours)."""
        if not self._folder.is_dir():
            return []
        ours = [p for p in self._folder.iterdir() if taken_at(p) is not None]
        return sorted(ours, key=lambda p: p.name)

    def start(self) -> None:
        """Arm the next backup: ``every_hours`` after the newest one, or now."""
        self._started_wall, self._started_at = self._wall(), self._scheduler.time.now()
        self._folder.mkdir(parents=True, exist_ok=True)
        found = self.backups()
        newest = taken_at(found[-1]) if found else None
        due = self.now() if newest is None else newest + self._every
        wait = max(0.0, (due - self.now()).total_seconds())
        self._scheduler.call_later(wait, self._run)

    def now(self) -> datetime:
        elapsed = self._scheduler.time.now() - self._started_at
        return self._started_wall + timedelta(seconds=elapsed)

    async def back_up(self) -> Backup:
        """One backup now, then the oldest beyond ``keep`` removed."""
        target = self._folder / NAME.format(self.now())
        # In a thread: a large database takes seconds to copy and check.
        made = await asyncio.to_thread(backup_sqlite, self._database, target)
        for old in self.backups()[: -self._keep]:
            old.unlink(missing_ok=True)
        return made

    async def _run(self) -> None:
        # Re-armed first, so a failed backup (a full disk) is tried again next time.
        self._scheduler.call_later(self._every.total_seconds(), self._run)
        try:
            made = await self.back_up()
        except (BackupError, OSError) as error:
            log.error("scheduled backup failed: %s", error)
            return
        log.info("backed up %d matches to %s (%d bytes)", made.matches, made.path, made.size_bytes)


def backup_folder(database: Path, folder: Path | None) -> Path:
    """Where scheduled backups go: ``folder``, else ``backups`` beside the database."""
    return folder if folder is not None else database.parent / "backups"


def scheduled_backups(
    scheduler: Scheduler, url: str, *, every_hours: float, folder: Path | None, keep: int
) -> BackupSchedule | None:
    """The schedule ``[database]`` asks for, or None (``backup_every_hours = 0``)."""
    if every_hours <= 0:
        return None
    database = sqlite_file(url)
    return BackupSchedule(
        scheduler, database, backup_folder(database, folder), every_hours=every_hours, keep=keep
    )
