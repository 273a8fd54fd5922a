"""Behind a reverse proxy the per-client limits count visitors: the forwarded-for
header is believed from a trusted proxy only, and only up to the first hop that
is not a trusted proxy. The test client connects from 127.0.0.1, so it is the
proxy when 127.0.0.1 is trusted and a stranger when it is not."""

from __future__ import annotations

from contextlib import AsyncExitStack

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import WebSettings
from bot.web import Limits
from bot.web.proxies import TrustedProxies
from tests.bot.web.conftest import Site, close_site, open_site, read_events, statuses

VISITORS = [f"203.0.113.{n}" for n in range(1, 6)]  # five, one more than a client's streams
THE_TEST_CLIENT = TrustedProxies.of(["127.0.0.0/8"])
SOMEONE_ELSE = TrustedProxies.of(["10.0.0.0/8", "::1"])

# Whose address a request counts against is decided before any query: one database will do.
ONE_DATABASE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


async def _streams(site: Site, headers: list[dict[str, str]]) -> list[int]:
    """Open a live stream per header set, all at once; their statuses."""
    match_id = await site.new_match()
    events_url = await site.watch_url(match_id) + "/events"
    async with AsyncExitStack() as open_streams:
        answers = []
        for sent in headers:
            response = await open_streams.enter_async_context(
                site.http.get(events_url, headers=sent)
            )
            if response.status == 200:  # held open while the next ones ask
                await read_events(response, lambda e: bool(statuses(e)), 5)
            answers.append(response.status)
        return answers


@ONE_DATABASE
@pytest.mark.parametrize(
    ("proxies", "expected"),
    [
        pytest.param(THE_TEST_CLIENT, [200] * 5, id="through-a-trusted-proxy"),
        pytest.param(SOMEONE_ELSE, [200] * 4 + [429], id="from-an-untrusted-peer"),
        pytest.param(None, [200] * 4 + [429], id="no-proxy-trusted"),
    ],
)
async def test_five_visitors_streams(
    sessionmaker: async_sessionmaker[AsyncSession],
    proxies: TrustedProxies | None,
    expected: list[int],
) -> None:
    site = await open_site(sessionmaker, proxies=proxies)
    try:
        forwarded = [{"X-Forwarded-For": visitor} for visitor in VISITORS]
        assert await _streams(site, forwarded) == expected
    finally:
        await close_site(site)


def _one_request_each() -> Limits:
    """A bucket of one that never refills within a test: a second request from the
    same client is refused, so the statuses show whom each request counted against."""
    return Limits(burst=1, per_second=0.0001)


async def _statuses(site: Site, headers: list[dict[str, str]]) -> list[int]:
    answers = []
    for sent in headers:
        status, _, _ = await site.get(site.url + "/healthz", headers=sent)
        answers.append(status)
    return answers


@ONE_DATABASE
async def test_a_spoofed_header_from_an_untrusted_peer_changes_nothing(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    site = await open_site(sessionmaker, proxies=SOMEONE_ELSE, limits=_one_request_each())
    try:
        spoofs = [
            {"X-Forwarded-For": "198.51.100.7"},
            {"X-Forwarded-For": "10.0.0.1, 198.51.100.8"},
            {"Forwarded": "for=198.51.100.9"},
            {},
        ]
        assert await _statuses(site, spoofs) == [200, 429, 429, 429]
    finally:
        await close_site(site)


@ONE_DATABASE
async def test_what_a_visitor_writes_left_of_the_proxys_hop_is_not_read(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    """The trusted proxy appends the address it saw; a visitor's own header ends up
    to its left and is never believed (nor is a trusted proxy's own hop taken for
    the visitor: 127.0.0.1 is skipped)."""
    site = await open_site(sessionmaker, proxies=THE_TEST_CLIENT, limits=_one_request_each())
    try:
        sent = [
            {"X-Forwarded-For": "198.51.100.1, 203.0.113.9"},
            {"X-Forwarded-For": "198.51.100.2, 203.0.113.9"},  # the same visitor, spoofing
            {"X-Forwarded-For": "198.51.100.3, 203.0.113.9, 127.0.0.5"},  # two proxies
            {"X-Forwarded-For": "203.0.113.10:51234"},  # a port, as some proxies add
            {"X-Forwarded-For": "unknown"},  # unreadable: the peer, as with no header
            {},
        ]
        assert await _statuses(site, sent) == [200, 429, 429, 200, 200, 429]
    finally:
        await close_site(site)


@ONE_DATABASE
async def test_the_forwarded_header_when_the_proxy_writes_that_one(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    proxies = TrustedProxies.of(["127.0.0.1"], "Forwarded")
    site = await open_site(sessionmaker, proxies=proxies, limits=_one_request_each())
    try:
        sent = [
            {"Forwarded": 'for="[2001:db8::1]:4711";proto=https'},
            {"Forwarded": 'for=198.51.100.1, for="[2001:db8::1]"'},  # the same visitor
            {"Forwarded": "for=192.0.2.60;by=127.0.0.1"},
            # This proxy writes Forwarded: an X-Forwarded-For is the visitor's own.
            {"X-Forwarded-For": "192.0.2.61"},
            {"Forwarded": "for=_hidden"},  # obfuscated: the peer's own bucket, spent above
        ]
        assert await _statuses(site, sent) == [200, 429, 200, 200, 429]
    finally:
        await close_site(site)


def test_trusted_proxies_are_addresses_or_networks() -> None:
    web = WebSettings(trusted_proxies=["127.0.0.1", "172.16.0.0/12", "::1"])
    proxies = web.proxies()
    assert proxies is not None
    assert [str(n) for n in proxies.networks] == ["127.0.0.1/32", "172.16.0.0/12", "::1/128"]
    assert WebSettings().proxies() is None
    with pytest.raises(ValueError, match=r"'proxy\.local' is not an IP address or network"):
        WebSettings(trusted_proxies=["proxy.local"])
