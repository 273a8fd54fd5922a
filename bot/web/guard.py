"""What every response gets: strict headers, bounded requests, one plain 404.

The pages load nothing from another site and send no data anywhere, so the
content security policy allows this origin only. Tokens sit in URLs, so no
page may leak its address as a referrer, be framed, or be indexed. Nothing a
client sends can fill the log: unknown addresses are plain 404s, and a request
too malformed to parse is one debug line (see :class:`QuietMalformedRequests`).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.web.pages import not_found

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "X-Robots-Tag": "noindex, nofollow",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Limits:
    """Per-client bounds. A page load is a handful of requests (page, styles,
    scripts, a board picture); the burst covers several, the rate a steady reader."""

    max_body: int = 1024  # bytes: the pages take no uploads at all
    burst: int = 60  # requests a client may make at once
    per_second: float = 2.0  # and then on average
    streams_per_client: int = 4  # live spectator streams open at once
    streams_total: int = 1000


class RateLimiter:
    """A token bucket per client address; the least recently seen are forgotten
    first when there are too many to remember."""

    def __init__(
        self, burst: int, per_second: float, *, clock: Callable[[], float] = time.monotonic,
        remember: int = 10_000,
    ) -> None:  # fmt: skip
        self._burst = burst
        self._rate = per_second
        self._clock = clock
        self._remember = remember
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, when

    def wait(self, client: str) -> float:
        """0 if the client may go on now (a token is spent), else seconds to wait."""
        now = self._clock()
        tokens, then = self._buckets.pop(client, (float(self._burst), now))
        tokens = min(float(self._burst), tokens + (now - then) * self._rate)
        waited = 0.0 if tokens >= 1 else (1 - tokens) / self._rate
        self._buckets[client] = (tokens - 1 if waited == 0 else tokens, now)
        while len(self._buckets) > self._remember:
            self._buckets.popitem(last=False)
        return waited


def client_of(request: web.Request) -> str:
    # The visitor's address: behind a trusted reverse proxy, the one it forwards
    # for (bot.web.proxies runs first and puts it here).
    return request.remote or "unknown"


def guard(limits: Limits, limiter: RateLimiter) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.body_exists and (
            request.content_length is None or request.content_length > limits.max_body
        ):
            return web.Response(status=413, text="Request body too large.\n")
        if request.method not in ("GET", "HEAD"):
            return web.Response(status=405, text="Only GET is served here.\n")
        wait = limiter.wait(client_of(request))
        if wait > 0:
            return web.Response(
                status=429,
                text="Too many requests; slow down a little.\n",
                headers={"Retry-After": str(max(1, round(wait)))},
            )
        try:
            return await handler(request)
        except web.HTTPNotFound:
            return not_found()

    return middleware


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if response.content_type == "text/html":
        # Pages behind a token are not for caches; scripts and styles may be kept.
        response.headers.setdefault("Cache-Control", "no-store")


class QuietMalformedRequests(logging.Filter):
    """Turns aiohttp's record of a request it could not parse (a request line
    over 8 KB, a broken header: answered 400 before any route or guard runs)
    from an ERROR with a traceback into one DEBUG line. Such a request is the
    client's fault and free to send, so at ERROR anyone could fill the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError) and 400 <= error.code < 500:
            record.msg = f"{record.getMessage()}: {error.code} {type(error).__name__}"
            record.args = None
            record.levelno, record.levelname = logging.DEBUG, logging.getLevelName(logging.DEBUG)
            record.exc_info, record.exc_text = None, None
        return True


#: The logger the server's connections report to (aiohttp's own by default).
REQUEST_LOG = logging.getLogger("bot.web.requests")
REQUEST_LOG.addFilter(QuietMalformedRequests())
