"""The pages' scripts, styles and icon: a fixed list of files, served by name.

The list is read once, when the application is made, from the package's
``static`` folder. A request only picks a name from that list, so nothing a
client sends ever reaches the file system: a name that is too long, has a NUL
byte or an encoded slash, names a folder or climbs out with ``..`` is simply
not on the list, and gets the same plain 404 as any unknown address (the
guard turns ``HTTPNotFound`` into that page) with nothing logged but the
access line.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from aiohttp import web

#: The route: one path segment after /static/ (a slash never matches).
ROUTE = "/static/{name}"


class StaticFiles:
    """The regular files directly inside ``folder``, by file name."""

    def __init__(self, folder: Path) -> None:
        self.files: Mapping[str, Path] = {
            path.name: path for path in sorted(folder.iterdir()) if path.is_file()
        }

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = self.files.get(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path)
