"""Whether the bot is connected to Discord's gateway now (``/readyz`` asks), and
how often the connection came back after it was lost (a metric).

Beside :class:`bot.discord.outage.OutageWatch`, which stops match clocks on the
same events: this one only keeps count, so either can change alone.
"""

from __future__ import annotations

from discord.ext import commands

from bot.ops.metrics import Metrics


class GatewayWatch(commands.Cog):
    def __init__(self, metrics: Metrics | None) -> None:
        self._metrics = metrics
        self.connected = False  # not before the first READY
        self._lost = False

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        self.connected = False
        self._lost = True

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        self._back()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        self._back()

    def _back(self) -> None:
        if self._lost and self._metrics is not None:
            self._metrics.gateway_reconnects.inc()
        self._lost = False
        self.connected = True
