"""The process's log: a line a record, with its time, level and logger, and the
match and server it is about.

Where a match is handled (a move, an expiry, a reminder, its deliveries; an
interaction once its match is known) :func:`about_match` or :func:`mark_match`
sets two context variables, and :class:`MatchFields`, the handler's filter,
copies them onto every record: a line names its match without any message
pasting the id in. The variables follow asyncio's tasks (a task inherits its
creator's), so the tasks shared by many matches (the writer, the delivery
marker, the timer heap's callbacks) start with a context of their own.

discord.py's own set-up (:func:`discord.utils.setup_logging`) installs the
handler on the root logger, so discord.py, SQLAlchemy, aiohttp and the bot all
write through it.
"""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import LogSettings

#: The match a record is about and its server (guild); None: about no match.
#: One variable, so entering a match is one set and one reset on the move path.
ABOUT: ContextVar[tuple[int, int | None] | None] = ContextVar("genius_log_about", default=None)


class about_match:
    """Records logged inside are about this match (and tasks started inside).
    A class rather than a generator-based context manager: it is entered on
    every move, and this is several times cheaper."""

    __slots__ = ("_about", "_token")

    def __init__(self, match_id: int, guild_id: int | None) -> None:
        self._about = (match_id, guild_id)

    def __enter__(self) -> None:
        self._token = ABOUT.set(self._about)

    def __exit__(self, *exc: object) -> None:
        ABOUT.reset(self._token)


def mark_match(match_id: int, guild_id: int | None) -> None:
    """The rest of the current task is about this match: for an interaction's
    handler, which discord.py runs as a task of its own, once it knows the match."""
    ABOUT.set((match_id, guild_id))


class MatchFields(logging.Filter):
    """Adds ``match`` and ``guild`` (None when not about a match) to each record."""

    def filter(self, record: logging.LogRecord) -> bool:
        about = ABOUT.get()
        record.match, record.guild = (None, None) if about is None else about
        return True


class TextFormat(logging.Formatter):
    """``2026-11-27 08:09:26,123 INFO     bot.runtime.moves [match 12, server 34]: …``"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-8s %(name)s%(about)s: %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        match = getattr(record, "match", None)
        guild = getattr(record, "guild", None)
        about = "" if match is None else f" [match {match}, server {guild}]"
        record.about = about
        return super().formatMessage(record)


class JsonFormat(logging.Formatter):
    """One JSON object a line: ts (UTC, ISO 8601), level, logger, message, match,
    guild, and exc (the traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "match": getattr(record, "match", None),
            "guild": getattr(record, "guild", None),
        }
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class LogHandler(logging.StreamHandler[IO[str]]):
    """Writes to ``stream``, or to whatever ``sys.stderr`` is at the time (a test's
    captured stderr is closed once the test ends; a handler holding it would fail)."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        super().__init__(stream or sys.stderr)
        self._given = stream
        self.addFilter(MatchFields())

    @property
    def stream(self) -> IO[str]:
        return self._given if self._given is not None else sys.stderr

    @stream.setter
    def stream(self, value: IO[str]) -> None:
        pass  # StreamHandler.__init__ assigns it; the property above decides


def configure(
    settings: LogSettings, *, level: str | None = None, stream: IO[str] | None = None
) -> LogHandler:
    """Log as ``settings`` say (``level`` overrides its level), replacing the
    handler an earlier call installed (main logs before the settings are read)."""
    from discord.utils import setup_logging

    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, LogHandler)]:
        root.removeHandler(old)
    handler = LogHandler(stream)
    formatter = JsonFormat() if settings.format == "json" else TextFormat()
    setup_logging(
        handler=handler, formatter=formatter, level=_level(level or settings.level), root=True
    )
    logging.getLogger("discord").setLevel(_level(settings.discord))
    logging.getLogger("sqlalchemy").setLevel(_level(settings.sqlalchemy))
    return handler


def _level(name: str) -> int:
    return logging.getLevelNamesMapping()[name.upper()]
