"""The aiohttp application: routes and the guards (the handlers' shared
context is in bot.web.context, below both this module and the handlers)."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from bot.web import edit, history, match_page, ops, watch
from bot.web.assets import ROUTE, StaticFiles
from bot.web.context import CONTEXT, WebContext
from bot.web.guard import RateLimiter, add_security_headers, guard
from bot.web.pages import STATIC
from bot.web.proxies import behind


def make_app(context: WebContext) -> web.Application:
    limiter = RateLimiter(context.limits.burst, context.limits.per_second)
    # Behind trusted proxies each request first gets its visitor's address, so
    # the guard's limits count visitors, not the proxy.
    proxies = [behind(context.proxies)] if context.proxies is not None else []
    app = web.Application(
        middlewares=[*proxies, guard(context.limits, limiter)],
        client_max_size=context.limits.max_body,
    )
    app[CONTEXT] = context
    app.on_response_prepare.append(add_security_headers)
    app.router.add_get("/healthz", ops.healthz)
    app.router.add_get("/readyz", ops.readyz)
    if context.metrics is not None:
        app.router.add_get("/metrics", ops.metrics)
    app.router.add_get("/watch/{token}", watch.page)
    app.router.add_get("/watch/{token}/events", watch.events)
    app.router.add_get(r"/watch/{token}/board/{row:\d{1,18}}/{index:\d{1,2}}.png", watch.board)
    app.router.add_get(r"/watch/{token}/steps/{row:\d{1,18}}", match_page.steps)
    app.router.add_get("/edit/{token}", edit.page)
    app.router.add_get("/history/{token}", history.index)
    if context.demo:
        app.router.add_get("/", edit.demo_index)
        app.router.add_get("/demo/{mode}", edit.demo)
    app.router.add_get(ROUTE, StaticFiles(Path(str(STATIC))).handle)
    return app
