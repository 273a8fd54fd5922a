"""Readiness (``/readyz``): may this process be sent players now?

``/healthz`` says only that the process answers. Ready means more: the
database answers a ``SELECT 1`` within a short timeout, the gateway is
connected (when the process runs the Discord bot), and no message has waited
in the outbox longer than ``[health] outbox_stuck_seconds`` (when the process
delivers them). Each failed check is one line of the 503's body.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import HealthSettings
from storage.census import outbox_backlog


@dataclass
class Readiness:
    sessions: async_sessionmaker[AsyncSession]
    settings: HealthSettings
    #: Whether the gateway is connected; None: this process runs no Discord bot.
    gateway: Callable[[], bool] | None = None
    #: Whether this process delivers the outbox (the bot does; `genius-bot web` does not).
    delivers: bool = False

    async def problems(self) -> list[str]:
        """Why the process is not ready, a line a reason; empty when it is."""
        found = await self._database()
        if self.gateway is not None and not self.gateway():
            found.append("gateway: not connected to Discord")
        return found

    async def _database(self) -> list[str]:
        timeout = self.settings.database_timeout_seconds
        try:
            async with asyncio.timeout(timeout), self.sessions() as session:
                await session.execute(text("SELECT 1"))
                if not self.delivers:
                    return []
                backlog = await outbox_backlog(session)
        except TimeoutError:
            return [f"database: no answer within {timeout:g} s"]
        except Exception as error:  # whatever the driver says, as one line
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            return [f"database: {reason}"]
        if backlog.oldest is None:
            return []
        waited = (datetime.now(UTC) - backlog.oldest).total_seconds()
        limit = self.settings.outbox_stuck_seconds
        if waited <= limit:
            return []
        return [
            f"outbox: a message has waited {waited:.0f} s to be delivered "
            f"(over {limit:g} s; {backlog.messages} undelivered)"
        ]
