"""``/match reveal`` for Logical Horror: every colour's rule and the solution
(pictured), each player's private queries with the colours they showed
solved, and the hints each player took."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_int, as_list, pair, who
from bot.render.logical_horror._data import board_of, board_text, colour_label, mapping
from bot.render.logical_horror._notices import _board_picture, rule_lines
from games.core.contract import Audience, Notice


def secrets_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    lines = ["🔓 **Every secret of the match**, revealed by the host.", "**The rules were:**"]
    lines += rule_lines(mapping(data.get("rules")))
    solution = board_of(data.get("solution"))
    image, grid = _board_picture("solution.png", data, solution, "The solution")
    if grid is not None:
        lines += ["**The solution** (pictured):", board_text(solution, grid.width)]
    queries = [q for q in as_list(data.get("private_queries")) if isinstance(q, Mapping)]
    lines += [_queries_line(queries, seat, names) for seat in (0, 1)]
    hinted = pair(data.get("hinted"), [])
    lines.append(
        "Hints taken — "
        + " · ".join(f"{who(names, seat)}: {_colours(hinted[seat])}" for seat in (0, 1))
    )
    return Rendered(text="\n".join(lines), images=[image] if image else [])


def _queries_line(queries: Sequence[Mapping[str, object]], seat: int, names: Sequence[str]) -> str:
    mine = [q for q in queries if as_int(q.get("seat"), -1) == seat]
    if not mine:
        return f"{who(names, seat)} made no private query."
    shown = "; ".join(f"#{n} solved {_colours(q.get('solved'))}" for n, q in enumerate(mine, 1))
    return f"{who(names, seat)}'s private queries: {shown}."


def _colours(value: object) -> str:
    colours = [colour_label(str(c)) for c in as_list(value)]
    return ", ".join(colours) if colours else "none"
