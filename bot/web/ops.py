"""What an operator's tools ask the web pages' server: ``/healthz`` (the process
answers), ``/readyz`` (it may be sent players: bot.ops.health) and, when
``[metrics] enabled``, ``/metrics`` (bot.ops.metrics; a plain 404 otherwise)."""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.web.context import CONTEXT

log = logging.getLogger(__name__)


async def healthz(request: web.Request) -> web.Response:
    return web.Response(text="ok\n")


async def readyz(request: web.Request) -> web.Response:
    problems = await request.app[CONTEXT].readiness.problems()
    if problems:
        return web.Response(status=503, text="".join(f"{line}\n" for line in problems))
    return web.Response(text="ready\n")


async def metrics(request: web.Request) -> web.Response:
    context = request.app[CONTEXT]
    if context.metrics is None:
        raise web.HTTPNotFound()
    try:
        async with asyncio.timeout(context.readiness.settings.database_timeout_seconds):
            await context.metrics.refresh(context.sessions)
    except Exception as error:
        # The rest is still worth scraping; the stored counts keep their last values.
        log.warning("metrics: could not read the database: %s", error)
    body = context.metrics.exposition()
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
