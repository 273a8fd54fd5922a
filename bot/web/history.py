"""A server's history: its finished, published matches, newest first, and each
player's matches played and won, per game and per season.

Opened by the server's own token (``/match history`` gives it); an unknown or
replaced token is the plain 404. The page is rendered on the server, a page of
matches at a time, with no script: the filters are an ordinary GET form, so a
filtered view is a link like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web
from multidict import MultiMapping

import games
from bot.web import historyhtml, pages
from bot.web.context import CONTEXT
from bot.web.guard import SECURITY_HEADERS
from storage import server_settings
from storage.history import HistoryFilter, HistoryRepository

STATIC = "../static/"
#: Matches a page shows: a phone scrolls through them, a thousand stay fast.
PAGE_SIZE = 50
LONGEST_NAME = 100  # a stored name's length (storage.tables.HistoryPlayerRow)
LONGEST_SEASON = 64
LAST_PAGE = 100_000
#: The pages' policy, but this page's filter form may send its GET to this origin.
POLICY = SECURITY_HEADERS["Content-Security-Policy"].replace(
    "form-action 'none'", "form-action 'self'"
)


class BadFilter(Exception):
    """A filter the page cannot read; the message says which and why."""


@dataclass(frozen=True)
class Asked:
    shown: HistoryFilter
    page: int


async def index(request: web.Request) -> web.Response:
    context = request.app[CONTEXT]
    guild_id = await context.links.history_guild(request.match_info["token"])
    if guild_id is None:
        raise web.HTTPNotFound()
    async with context.sessions() as session:
        publish_all = (await server_settings.load(session, guild_id)).publish_all
        history = HistoryRepository(session)
        game_keys, seasons = await history.choices(guild_id, publish_all)
        names = await history.names(guild_id, publish_all)
        choices = historyhtml.Choices(
            games=[(key, _title(key)) for key in game_keys],
            seasons=seasons,
            players=sorted(set(names.values()), key=str.casefold),
        )
        try:
            asked = read_query(request.query, game_keys)
        except BadFilter as error:
            body = historyhtml.refused(str(error), choices)
            return _respond(body, status=400)
        shown = asked.shown
        total = await history.count(guild_id, publish_all, shown)
        entries = await history.listed(
            guild_id, publish_all, shown, (asked.page - 1) * PAGE_SIZE, PAGE_SIZE
        )
        tallies = await history.tallies(guild_id, publish_all, shown)
    watch = await context.links.watch_urls([entry.match_id for entry in entries])
    listing = historyhtml.Listing(
        entries=entries,
        watch=watch,
        titles={key: _title(key) for key in {e.game for e in entries} | set(game_keys)},
        total=total,
        page=asked.page,
        page_size=PAGE_SIZE,
    )
    body = historyhtml.index(shown, choices, listing, historyhtml.standings(tallies, names))
    return _respond(body)


def read_query(query: MultiMapping[str], known_games: list[str]) -> Asked:
    """The filters and the page number a visitor asked for (empty: everything)."""
    game = _text(query, "game", 32)
    if game is not None and game not in known_games and game not in games.keys():
        raise BadFilter(f"There is no game called “{game}” in this history.")
    player = _text(query, "player", LONGEST_NAME)
    season = _text(query, "season", LONGEST_SEASON)
    raw_page = query.get("page", "1").strip() or "1"
    digits = raw_page.isascii() and raw_page.isdigit() and len(raw_page) <= len(str(LAST_PAGE))
    if not digits or not 1 <= int(raw_page) <= LAST_PAGE:
        raise BadFilter(f"The page must be a whole number from 1 to {LAST_PAGE:,}.")
    return Asked(HistoryFilter(game=game, player=player, season=season), int(raw_page))


def _text(query: MultiMapping[str], key: str, longest: int) -> str | None:
    value = query.get(key, "").strip()
    if len(value) > longest:
        raise BadFilter(f"The {key} filter is too long (at most {longest} characters).")
    if not value.isprintable():  # a NUL or a line break: no name or label has one
        raise BadFilter(f"The {key} filter has characters that no {key} has.")
    return value or None


def _title(key: str) -> str:
    try:
        return games.get(key).title
    except KeyError:  # a game this build no longer has: its matches stay listed
        return key


def _respond(body: str, status: int = 200) -> web.Response:
    text = pages.page("history.html", static=STATIC, markup={"body": body})
    response = pages.html_response(text, status=status)
    response.headers["Content-Security-Policy"] = POLICY
    return response
