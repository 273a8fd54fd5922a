"""Logical Horror status messages, from ``game.view`` (plus the runtime's clocks)
for one audience: the puzzle, then for a seat its tokens, next token, hint
uses, solved colours, hinted rules and its own queries with what they told
it; for the host both seats, a win waiting for its word, the rules and the
solution. The runtime's clocks name both seats' next tokens, but a seat is
shown only its own: how often the other seat's tokens come tells how many
colours it has solved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Image, Rendered, as_int, as_list, escape_md, plural, seat_name, who
from bot.render.logical_horror._data import (
    Grid,
    board_of,
    clue_label,
    colour_label,
    colours_text,
    flat_board,
    grid_of,
    mapping,
    mappings,
    resources_text,
)
from bot.render.logical_horror._grid import PUZZLE_FILENAME, grid_image
from bot.render.logical_horror._notices import rule_lines
from games.core import HOST, Audience


def status(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> Rendered:
    grid = grid_of(view.get("puzzle"))
    if grid is None:
        return Rendered(text="🧩 **Logical Horror** — the puzzle is not out yet.")
    lines = [_head(view, grid)]
    images = [Image(PUZZLE_FILENAME, grid_image(grid, title="Logical Horror"))]
    if audience == HOST:
        lines += _host_lines(view, grid, names)
        solution = board_of(view.get("solution"))
        if len(solution) == grid.height * grid.width:
            images.append(Image("solution.png", grid_image(grid, solution, title="The solution")))
    elif audience in (0, 1):
        lines += _seat_lines(view, grid, as_int(audience), names)
        images += _last_query_image(view, grid)
    lines += _room_lines(view, grid, audience, names)
    return Rendered(text="\n".join(lines), images=images)


def _head(view: Mapping[str, Any], grid: Grid) -> str:
    answer_format = mapping(mapping(view.get("puzzle")).get("format"))
    return (
        f"🧩 **Logical Horror** — {grid.height}×{grid.width} · "
        f"{escape_md(str(answer_format.get('name', '')))}: "
        f"{escape_md(str(answer_format.get('sentence', '')))}\n"
        f"Clue colours: {colours_text(grid.colours)}."
    )


def _clock(view: Mapping[str, Any], seat: int | None) -> int | None:
    """Seconds until the deadline running against ``seat`` (None: the hint uses)."""
    for deadline in mappings(mapping(view.get("match")).get("deadlines")):
        if deadline.get("seat") == seat:
            return as_int(deadline.get("seconds_left"))
    return None


def _resources(view: Mapping[str, Any], seat_view: Mapping[str, Any], seat: int) -> str:
    most = as_int(seat_view.get("most_tokens"))
    return resources_text(
        {
            "tokens": seat_view.get("tokens"),
            "most": most,
            "free_queries": seat_view.get("free_queries"),
            "next_token_in": _clock(view, seat),
            "interval_seconds": seat_view.get("interval_seconds"),
            "hints": seat_view.get("hints"),
            "next_hint_in": _clock(view, None),
            "hint_cost": most,
            "solved": seat_view.get("solved"),
        }
    )


def _query_line(number: int, query: Mapping[str, Any], grid: Grid) -> str:
    board = board_of(query.get("board"))
    shown = f"`{flat_board(board, grid.width)}`"
    if query.get("public"):
        results = [bool(ok) for ok in as_list(query.get("clues"))]
        head = f"{number}. public, {sum(results)}/{len(results)}: {shown}"
        if len(results) == len(grid.clues):
            # The clues it missed (the satisfied ones are the rest): a status stays short.
            missed = [c for c, ok in zip(grid.clues, results, strict=True) if not ok]
            head += " — ❌ " + ", ".join(clue_label(c) for c in missed) if missed else " — all ✅"
        return head
    colours = mapping(query.get("colours"))
    marks = " · ".join(
        f"{'✅' if ok else '❌'} {colour_label(str(c))}" for c, ok in colours.items()
    )
    return f"{number}. private: {shown} — {marks}"


def _seat_lines(view: Mapping[str, Any], grid: Grid, seat: int, names: Sequence[str]) -> list[str]:
    lines = [_resources(view, view, seat)]
    hinted = mapping(view.get("hinted"))
    for colour, card in hinted.items():
        rule = mapping(card)
        lines.append(
            f"📖 Hint on {colour_label(str(colour))}: **{escape_md(str(rule.get('name', '')))}** — "
            f"{escape_md(str(rule.get('description', '')))}"
        )
    mine = mappings(view.get("my_queries"))
    if mine:
        lines.append(f"**Your queries** ({len(mine)}):")
        lines += [_query_line(i, q, grid) for i, q in enumerate(mine, start=1)]
    else:
        lines.append("You have made no query yet.")
    return lines


def _last_query_image(view: Mapping[str, Any], grid: Grid) -> list[Image]:
    mine = mappings(view.get("my_queries"))
    if not mine:
        return []
    last = mine[-1]
    board = board_of(last.get("board"))
    results = [bool(ok) for ok in as_list(last.get("clues"))]
    marks = dict(enumerate(results)) if last.get("public") and results else None
    kind = "public" if last.get("public") else "private"
    title = f"Your last query (#{len(mine)}, {kind})"
    return [Image("your-last-query.png", grid_image(grid, board, title=title, marks=marks))]


def _host_lines(view: Mapping[str, Any], grid: Grid, names: Sequence[str]) -> list[str]:
    lines = ["**Host view**"]
    for seat_view in mappings(view.get("seats")):
        seat = as_int(seat_view.get("seat"))
        name = escape_md(seat_name(names, seat))
        lines.append(f"__{name}__: {_resources(view, seat_view, seat)}")
        queries = mappings(seat_view.get("my_queries"))
        lines += [_query_line(i, q, grid) for i, q in enumerate(queries, start=1)]
    lines.append("**Rules (secret):**")
    lines += rule_lines(mapping(view.get("rules")))
    return lines


def _room_lines(
    view: Mapping[str, Any], grid: Grid, audience: Audience, names: Sequence[str]
) -> list[str]:
    """What everyone knows: each seat's public queries (boards, counts) and how many
    private ones; a claimed win waiting for the host."""
    lines = []
    private = [as_int(n) for n in [*as_list(view.get("private_queries")), 0, 0][:2]]
    public = mappings(view.get("public_queries"))
    for seat in (0, 1):
        if audience == seat:
            continue  # a seat's own queries are listed in full above
        theirs = [q for q in public if q.get("seat") == seat]
        counts = ", ".join(f"{as_int(q.get('satisfied'))}/{len(grid.clues)}" for q in theirs)
        lines.append(
            f"{who(names, seat)}: {plural(len(theirs), 'public query', 'public queries')}"
            + (f" ({counts})" if counts else "")
            + f", {plural(private[seat], 'private query', 'private queries')}."
        )
        if theirs:
            board = board_of(theirs[-1].get("board"))
            lines.append(f"Their last public board: `{flat_board(board, grid.width)}`")
    pending = view.get("pending_win")
    if pending in (0, 1):
        lines.append(f"🏁 {who(names, pending)}'s winning board waits for the host.")
    return lines
