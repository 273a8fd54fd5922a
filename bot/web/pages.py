"""HTML pages from the templates shipped in the package (bot/web/templates).

Templates are ``string.Template`` files: every ``$name`` is filled with an
HTML-escaped value, and JSON for a page's data block is escaped so that no
value can close the block. Pages hold no inline script or style (the content
security policy forbids both); their logic is in bot/web/static.
"""

from __future__ import annotations

import html
import json
from functools import cache
from importlib.resources import files
from string import Template
from typing import Any

from aiohttp import web

TEMPLATES = files(__package__).joinpath("templates")
STATIC = files(__package__).joinpath("static")


@cache
def _template(name: str) -> Template:
    return Template(TEMPLATES.joinpath(name).read_text(encoding="utf-8"))


def page(
    name: str, *, data: Any = None, markup: dict[str, str] | None = None, **values: str
) -> str:
    """Template ``name`` with ``values`` escaped, and ``data`` as JSON in ``$data``;
    ``markup``: HTML its maker built from escaped parts, put in as it is."""
    filled = {key: html.escape(value) for key, value in values.items()}
    filled.update(markup or {})
    if data is not None:
        filled["data"] = json_for_html(data)
    return _template(name).substitute(filled)


def json_for_html(data: Any) -> str:
    """JSON that is safe inside <script type="application/json">: no "<", ">" or "&"."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def html_response(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def not_found() -> web.Response:
    """The same plain page for an unknown address, an unknown token and an expired one."""
    return html_response(page("notfound.html"), status=404)
