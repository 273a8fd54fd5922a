"""Visitors behind a reverse proxy: whose address a request counts against.

Behind a proxy every request arrives from the proxy's address, so the
per-client limits (bot.web.guard) would be shared by every visitor. A proxy
says whom it forwards for in ``X-Forwarded-For`` or ``Forwarded``; anyone can
write those headers, so they are believed only when the direct peer is one of
``[web] trusted_proxies``, and then only up to the first address that is not
a trusted proxy: walking the chain from the right (the hop the trusted proxy
wrote itself), trusted hops are skipped and the first other address is the
visitor. What a visitor wrote further left is never read. A request from an
untrusted peer keeps the peer's address, whatever its headers claim.

aiohttp parses ``Forwarded`` (RFC 7239, quoting included: ``request.forwarded``)
and replaces a request's address (``request.clone(remote=...)``); what is left
here is which hop to believe. See docs/architecture.md for why not
aiohttp-remotes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network
from typing import Literal

from aiohttp import hdrs, web

ProxyHeader = Literal["X-Forwarded-For", "Forwarded"]
Network = IPv4Network | IPv6Network
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class TrustedProxies:
    networks: tuple[Network, ...]
    #: The header the proxy writes. One only: a proxy that appends to
    #: X-Forwarded-For passes a visitor's own ``Forwarded`` header on untouched,
    #: so reading both would let a visitor name any address it likes.
    header: ProxyHeader = "X-Forwarded-For"

    @classmethod
    def of(cls, entries: Iterable[str], header: ProxyHeader = "X-Forwarded-For") -> TrustedProxies:
        """From addresses and CIDR blocks ("10.0.0.5" is 10.0.0.5/32; the settings
        checked them)."""
        return cls(tuple(ip_network(entry, strict=False) for entry in entries), header)

    def trusts(self, address: IPv4Address | IPv6Address) -> bool:
        return any(address in net for net in self.networks)

    def visitor(self, request: web.BaseRequest) -> str | None:
        """The address the request counts against, if not its direct peer's."""
        peer = _address(request.remote)
        if peer is None or not self.trusts(peer):
            return None
        visitor: IPv4Address | IPv6Address | None = None
        for hop in reversed(self._chain(request)):
            address = _address(hop)
            if address is None:
                break  # "unknown", an obfuscated name or garbage: no further to go
            visitor = address
            if not self.trusts(address):
                break
        return None if visitor is None else str(visitor)

    def _chain(self, request: web.BaseRequest) -> Sequence[str | None]:
        """The forwarded-for hops, the first client first."""
        if self.header == "Forwarded":
            return [element.get("for") for element in request.forwarded]
        lines = request.headers.getall(hdrs.X_FORWARDED_FOR, [])
        return [hop for line in lines for hop in line.split(",")]


def _address(node: str | None) -> IPv4Address | IPv6Address | None:
    """The address in a forwarded node: ``192.0.2.4``, ``192.0.2.4:8000``,
    ``[2001:db8::1]:4711`` or ``2001:db8::1``; None for anything else."""
    if node is None:
        return None
    text = node.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ip_address(text)
    except ValueError:
        return None
    # A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def behind(proxies: TrustedProxies) -> Callable[..., Awaitable[web.StreamResponse]]:
    """The middleware that gives each request its visitor's address (before the guard)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        visitor = proxies.visitor(request)
        if visitor is not None:
            request = request.clone(remote=visitor)
        return await handler(request)

    return middleware
