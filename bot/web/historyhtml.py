"""The history page's markup, built from escaped parts (bot.web.history reads
the database; this module only writes HTML).

Tables keep their roles written out: on a phone their rows are stacked as
cards by the stylesheet, and a table shown as blocks loses its roles in some
browsers unless they are stated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from bot.render.base import name_seats
from storage.history import HistoryEntry, HistoryFilter, Tally


@dataclass(frozen=True)
class Choices:
    """What the filters offer: the listed games (key, title), seasons and names."""

    games: list[tuple[str, str]]
    seasons: list[str]
    players: list[str]


@dataclass(frozen=True)
class Listing:
    entries: list[HistoryEntry]
    watch: Mapping[int, str]  # match id -> its page (the spectator link)
    titles: Mapping[str, str]  # game key -> title
    total: int
    page: int
    page_size: int


@dataclass
class Standing:
    """One player's listed matches: all, per game, per season."""

    name: str
    played: int = 0
    won: int = 0
    by_game: dict[str, tuple[int, int]] | None = None
    by_season: dict[str, tuple[int, int]] | None = None


def standings(tallies: Sequence[Tally], names: Mapping[int, str]) -> list[Standing]:
    """Players by matches won, then played, then name."""
    found: dict[int, Standing] = {}
    for tally in tallies:
        standing = found.setdefault(
            tally.user_id, Standing(names.get(tally.user_id, "?"), by_game={}, by_season={})
        )
        standing.played += tally.played
        standing.won += tally.won
        _add(standing.by_game, tally.game, tally)
        _add(standing.by_season, tally.season or "", tally)
    return sorted(found.values(), key=lambda s: (-s.won, -s.played, s.name.casefold()))


def _add(counts: dict[str, tuple[int, int]] | None, key: str, tally: Tally) -> None:
    assert counts is not None
    played, won = counts.get(key, (0, 0))
    counts[key] = (played + tally.played, won + tally.won)


def index(shown: HistoryFilter, choices: Choices, listing: Listing, players: list[Standing]) -> str:
    return "\n".join(
        [
            _form(shown, choices),
            _matches(shown, listing),
            _players(players, listing.titles),
        ]
    )


def refused(message: str, choices: Choices) -> str:
    """A filter the page could not read: said plainly, nothing listed."""
    return "\n".join(
        [
            f'<p class="refused" role="alert">{escape(message)} '
            '<a href="?">Show every match</a>.</p>',
            _form(HistoryFilter(), choices),
        ]
    )


# -- the filters ----------------------------------------------------------------------


def _form(shown: HistoryFilter, choices: Choices) -> str:
    games = _select("game", "Game", "Every game", choices.games, shown.game)
    seasons = _select(
        "season", "Season", "Every season", [(s, s) for s in choices.seasons], shown.season
    )
    names = "".join(f'<option value="{escape(n)}"></option>' for n in choices.players)
    player = escape(shown.player or "")
    return (
        '<form class="filters" method="get" role="search" aria-label="Filter the matches">'
        f"{games}"
        '<p><label for="f-player">Player</label>'
        f'<input id="f-player" name="player" type="text" list="f-players" value="{player}"'
        ' maxlength="100" autocomplete="off">'
        f'<datalist id="f-players">{names}</datalist></p>'
        f"{seasons}"
        '<p class="actions"><button type="submit">Filter</button> '
        '<a href="?">Clear filters</a></p>'
        "</form>"
    )


def _select(
    name: str, label: str, every: str, options: list[tuple[str, str]], chosen: str | None
) -> str:
    items = [f'<option value="">{escape(every)}</option>']
    for value, text in options:
        selected = " selected" if value == chosen else ""
        items.append(f'<option value="{escape(value)}"{selected}>{escape(text)}</option>')
    return (
        f'<p><label for="f-{name}">{label}</label>'
        f'<select id="f-{name}" name="{name}">{"".join(items)}</select></p>'
    )


# -- the matches ----------------------------------------------------------------------


def _matches(shown: HistoryFilter, listing: Listing) -> str:
    head = '<section aria-labelledby="matches-h"><h2 id="matches-h">Matches</h2>'
    if not listing.entries:
        if listing.total:
            empty = "No match on this page."
        elif shown != HistoryFilter():
            empty = "No listed match fits these filters."
        else:
            empty = "No published match is listed here yet."
        return f"{head}<p>{empty}</p></section>"
    first = (listing.page - 1) * listing.page_size + 1
    last = first + len(listing.entries) - 1
    count = f"<p>{listing.total:,} {_plural(listing.total, 'match', 'matches')}"
    if listing.total > len(listing.entries):
        count += f", {first:,}–{last:,} shown"
    rows = "".join(_match_row(entry, listing) for entry in listing.entries)
    columns = "".join(
        f'<th scope="col" role="columnheader">{c}</th>'
        for c in ("Date", "Game", "Players", "Result", "Length")
    )
    return (
        f"{head}{count}.</p>"
        '<table class="stack" role="table"><caption>Finished matches, newest first. '
        "Each game links to its match page.</caption>"
        f'<thead role="rowgroup"><tr role="row">{columns}</tr></thead>'
        f'<tbody role="rowgroup">{rows}</tbody></table>'
        f"{_pages(shown, listing)}</section>"
    )


def _match_row(entry: HistoryEntry, listing: Listing) -> str:
    names = [seat.name for seat in entry.seats]
    title = escape(listing.titles.get(entry.game, entry.game))
    url = listing.watch.get(entry.match_id)
    game = f'<a href="{escape(url)}">{title}</a>' if url else title
    if entry.season:
        game += f' <span class="season">{escape(entry.season)}</span>'
    players = " vs ".join(
        f'<a href="?{escape(urlencode({"player": name}))}">{escape(name)}</a>' for name in names
    )
    reason = escape(name_seats(entry.reason, names))
    if entry.winner is None or entry.winner >= len(names):
        result = f"Draw — {reason}"
    else:
        result = f"<strong>{escape(names[entry.winner])}</strong> wins — {reason}"
    day = entry.ended_at.strftime("%Y-%m-%d")
    cells = [
        ("Date", f'<time datetime="{entry.ended_at.isoformat()}">{day}</time>'),
        ("Game", game),
        ("Players", players),
        ("Result", result),
        ("Length", length(entry.length_ms)),
    ]
    return (
        '<tr role="row">'
        + "".join(f'<td role="cell" data-label="{label}">{html}</td>' for label, html in cells)
        + "</tr>"
    )


def length(ms: int) -> str:
    """A match clock as people say it: "1 h 05 min", "12 min 30 s", "45 s"."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    if minutes:
        return f"{minutes} min {seconds:02d} s"
    return f"{seconds} s"


def _pages(shown: HistoryFilter, listing: Listing) -> str:
    last = max(1, -(-listing.total // listing.page_size))
    if last == 1:
        return ""
    kept = {k: v for k, v in vars(shown).items() if v is not None}
    links = []
    if listing.page > 1:
        query = escape(urlencode({**kept, "page": listing.page - 1}))
        links.append(f'<a href="?{query}" rel="prev">Newer matches</a>')
    links.append(f'<span aria-current="page">Page {listing.page} of {last}</span>')
    if listing.page < last:
        query = escape(urlencode({**kept, "page": listing.page + 1}))
        links.append(f'<a href="?{query}" rel="next">Older matches</a>')
    return f'<nav class="pages" aria-label="Pages">{" ".join(links)}</nav>'


# -- the players ----------------------------------------------------------------------


def _players(players: list[Standing], titles: Mapping[str, str]) -> str:
    head = '<section aria-labelledby="players-h"><h2 id="players-h">Players</h2>'
    if not players:
        return ""
    columns = "".join(
        f'<th scope="col" role="columnheader">{c}</th>'
        for c in ("Player", "Played", "Won", "By game", "By season")
    )
    rows = "".join(
        '<tr role="row">'
        f'<th scope="row" role="rowheader" data-label="Player">{escape(p.name)}</th>'
        f'<td role="cell" data-label="Played">{p.played}</td>'
        f'<td role="cell" data-label="Won">{p.won}</td>'
        f'<td role="cell" data-label="By game">{_counts(p.by_game, titles)}</td>'
        f'<td role="cell" data-label="By season">{_counts(p.by_season, {"": "No season"})}</td>'
        "</tr>"
        for p in players
    )
    return (
        f"{head}"
        '<table class="stack" role="table"><caption>Matches played and won by each player, '
        "for the matches listed above.</caption>"
        f'<thead role="rowgroup"><tr role="row">{columns}</tr></thead>'
        f'<tbody role="rowgroup">{rows}</tbody></table></section>'
    )


def _counts(counts: dict[str, tuple[int, int]] | None, titles: Mapping[str, str]) -> str:
    items = sorted((counts or {}).items(), key=lambda item: titles.get(item[0], item[0]))
    shown = "".join(
        f"<li>{escape(titles.get(key, key))}: {played} played, {won} won</li>"
        for key, (played, won) in items
    )
    return f'<ul class="counts">{shown}</ul>'


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many
