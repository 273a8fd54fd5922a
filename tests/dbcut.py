"""A TCP proxy in front of the test PostgreSQL server that cuts connections on
cue: the network failing between the bot and its database, with the real
database behind it (nothing stands in for it).

``lose("commit")`` cuts the next COMMIT on its way, so the server never gets it
(the transaction is rolled back when its connection goes). ``lose("answer")``
lets the next COMMIT through, waits for the server's answer (it is committed)
and cuts the connection instead of passing the answer on: the client cannot
tell which of the two happened. ``down()`` refuses every connection and cuts
those open until ``up()``. Connections go through with SSL off (asyncpg would
otherwise ask for it), so the proxy can see the COMMIT.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Literal

from sqlalchemy.engine import make_url

Loss = Literal["commit", "answer"]


class DatabaseCutter:
    def __init__(self, server_url: str) -> None:
        url = make_url(server_url)
        self._target = (url.host or "127.0.0.1", url.port or 5432)
        self._url = url
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self._loss: Loss | None = None
        self._down = False
        self._then_down = False
        self.cuts = 0

    def url(self, database: str) -> str:
        """The URL of ``database`` through this proxy."""
        assert self._server is not None
        port = self._server.sockets[0].getsockname()[1]
        through = self._url.set(host="127.0.0.1", port=port, database=database)
        through = through.update_query_dict({"ssl": "disable"})
        return through.render_as_string(hide_password=False)

    def lose(self, what: Loss, *, then_down: bool = False) -> None:
        """Cut the next COMMIT (see the module); ``then_down``: and stay down."""
        self._loss = what
        self._then_down = then_down

    def down(self) -> None:
        self._down = True
        for writer in list(self._open):
            writer.close()

    def up(self) -> None:
        self._down = False

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            for writer in list(self._open):
                writer.close()
            await self._server.wait_closed()

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        if self._down:
            client_w.close()
            return
        server_r, server_w = await asyncio.open_connection(*self._target)
        self._open |= {client_w, server_w}
        link = _Link()
        try:
            up = asyncio.create_task(self._upstream(client_r, server_w, link))
            down = asyncio.create_task(_downstream(server_r, client_w, link))
            await asyncio.wait([up, down], return_when=asyncio.FIRST_COMPLETED)
            up.cancel()
            down.cancel()
        finally:
            for writer in (client_w, server_w):
                self._open.discard(writer)
                writer.close()

    async def _upstream(
        self, reader: asyncio.StreamReader, server: asyncio.StreamWriter, link: _Link
    ) -> None:
        while data := await reader.read(65536):
            if self._loss is not None and b"COMMIT" in data:
                loss, self._loss = self._loss, None
                self.cuts += 1
                if loss == "answer":
                    link.swallow = True
                    server.write(data)
                    await server.drain()
                    await link.answered.wait()  # committed; its answer is dropped
                # "commit": never sent, so the server rolls the transaction back.
                if self._then_down:
                    self.down()
                return
            server.write(data)
            await server.drain()


class _Link:
    """One client connection's state: the server's next answer is to be dropped."""

    def __init__(self) -> None:
        self.swallow = False
        self.answered = asyncio.Event()


async def _downstream(
    reader: asyncio.StreamReader, client: asyncio.StreamWriter, link: _Link
) -> None:
    while data := await reader.read(65536):
        if link.swallow:
            link.answered.set()
            return  # the answer never reaches the client: the link is cut
        client.write(data)
        with contextlib.suppress(ConnectionError):
            await client.drain()


@asynccontextmanager
async def cutter(server_url: str) -> AsyncIterator[DatabaseCutter]:
    proxy = DatabaseCutter(server_url)
    await proxy.start()
    try:
        yield proxy
    finally:
        await proxy.close()
