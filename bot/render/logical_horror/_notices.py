"""Logical Horror's texts and pictures for every notice, for its audience.

The room: the puzzle (grid, format, colours, a penpa-edit link), public
queries (board and count), that a private query was made, emergency pauses,
a claimed win and the match's end (the solution and every colour's rule). A
seat: its resources, token and hint-use arrivals, its query results (per clue
or per colour) and its hints. The host: a win waiting for its word, and hints given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import (
    Image,
    Rendered,
    as_int,
    as_list,
    bot_paused,
    escape_md,
    named_reason,
    seat_name,
    who,
)
from bot.render.logical_horror._data import (
    Grid,
    board_of,
    board_text,
    clue_label,
    colour_label,
    colours_text,
    grid_for,
    grid_of,
    mapping,
    resources_text,
    seat_or_none,
)
from bot.render.logical_horror._grid import PUZZLE_FILENAME, example_image, grid_image
from bot.render.logical_horror._penpa import penpa_url
from games.core.contract import Audience, Notice
from games.logical_horror.rules import RULES

MOVES = (
    "Query with `public CODE` or `private CODE` (a code from the board editor, or the grid as "
    "rows of `#` and `.`), or `/logical_horror`; `hint COLOUR` when you can afford one."
)


def _board_picture(
    filename: str, data: Mapping[str, object], board: Sequence[bool], title: str,
    marks: Mapping[int, bool] | None = None,
) -> tuple[Image | None, Grid | None]:  # fmt: skip
    grid = grid_for(data, board)
    if grid is None:
        return None, None
    return Image(filename, grid_image(grid, board, title=title, marks=marks)), grid


def puzzle_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    grid = grid_of(data)
    if grid is None:
        raise ValueError("puzzle_revealed without a grid")
    answer_format = mapping(data.get("format"))
    genres = ", ".join(escape_md(str(g)) for g in as_list(answer_format.get("genres")))
    lines = [
        f"🧩 **Logical Horror** — {grid.height}×{grid.width}: race to solve this puzzle. "
        "What the clues mean is hidden: clues of one colour share one rule.",
        f"**Answer format — {escape_md(str(answer_format.get('name', '')))}:** "
        f"{escape_md(str(answer_format.get('sentence', '')))}",
    ]
    if genres:
        lines.append(f"Genres with this format: {genres}.")
    lines.append(f"**Clue colours:** {colours_text(grid.colours)} — the letter is on each clue.")
    lines.append(MOVES)
    lines.append(f"🖊️ The puzzle in penpa-edit: <{penpa_url(data)}>")
    image = Image(PUZZLE_FILENAME, grid_image(grid, title="Logical Horror"))
    return Rendered(text="\n".join(lines), images=[image])


def public_query(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = seat_or_none(data.get("seat"))
    board = board_of(data.get("board"))
    count = f"**{as_int(data.get('satisfied'))} of {as_int(data.get('total'))}** clues"
    title = f"{seat_name(names, seat)}: {as_int(data.get('satisfied'))}/{as_int(data.get('total'))}"
    image, grid = _board_picture(_query_filename(data.get("number"), seat), data, board, title)
    lines = [f"🔎 **{who(names, seat)}** made a public query: their board satisfies {count}."]
    if grid is not None:
        lines.append(board_text(board, grid.width))
    return Rendered(text="\n".join(lines), images=[image] if image else [])


def _query_filename(number: object, seat: int | None) -> str:
    """``public-query-3-seat-1.png``: the query's number in the match, then whose
    it was, named as a seat (a bare seat number reads like a counter). A notice
    stored before queries were numbered names only the seat."""
    counted = f"-{number}" if isinstance(number, int) and number > 0 else ""
    return f"public-query{counted}-seat-{(seat or 0) + 1}.png"


def private_query(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    who_ = who(names, notice.data.get("seat"))
    return Rendered(text=f"🔒 **{who_}** made a private query.")


def query_result(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    board = board_of(data.get("board"))
    resources = resources_text(mapping(data.get("resources")))
    if data.get("public"):
        results = [bool(ok) for ok in as_list(data.get("clues"))]
        satisfied, total = as_int(data.get("satisfied")), as_int(data.get("total"))
        marks = dict(enumerate(results))
        title = f"Your public query: {satisfied}/{total}"
        image, grid = _board_picture("your-query.png", data, board, title, marks)
        lines = [f"📬 **Your public query** satisfies **{satisfied} of {total}** clues."]
        if grid is not None and len(grid.clues) == len(results):
            lines.append(
                " · ".join(
                    f"{'✅' if ok else '❌'} {clue_label(clue)}"
                    for clue, ok in zip(grid.clues, results, strict=True)
                )
            )
        else:
            lines.append(" ".join("✅" if ok else "❌" for ok in results))
        lines.append(resources)
        return Rendered(text="\n".join(lines), images=[image] if image else [])
    colours = mapping(data.get("colours"))
    parts = [f"{'✅' if ok else '❌'} {colour_label(str(c))}" for c, ok in colours.items()]
    done = [str(c) for c, ok in colours.items() if ok]
    image, _ = _board_picture("your-query.png", data, board, "Your private query")
    lines = [
        "📬 **Your private query** — each colour whose clues are all satisfied: "
        + (" · ".join(parts) or "no colours"),
    ]
    if done and len(done) == len(colours):
        lines[0] += " — every clue is satisfied!"
    lines.append(resources)
    return Rendered(text="\n".join(lines), images=[image] if image else [])


def resources(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(text=f"🧾 **Your resources**\n{resources_text(notice.data)}\n{MOVES}")


def token_arrived(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    if data.get("lost"):
        head = (
            f"🎟️ A token arrived, but your store is full ({as_int(data.get('most'))} at most): "
            "it is lost. Spend one to make room."
        )
    else:
        head = "🎟️ **A token arrived.**"
    return Rendered(text=f"{head}\n{resources_text(data)}")


def hint_use_arrived(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(text=f"💡 **A hint use arrived.**\n{resources_text(notice.data)}")


def hint(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    colour = str(data.get("colour"))
    name = str(data.get("name") or data.get("rule") or "?")
    example = mapping(data.get("example"))
    lines = [
        f"💡 **Hint — {colour_label(colour)} is “{escape_md(name)}”:** "
        f"{escape_md(str(data.get('description', '')))}",
    ]
    images = []
    if example:
        # The example's text is its grid (X / o: the shaded and unshaded cells the
        # clue counts), then its caption; the caption reads better outside the block.
        rows = str(example.get("text", "")).replace("`", "'").splitlines()
        grid_rows = rows[: as_int(example.get("height"), len(rows))]
        lines.append(f"Example (pictured): {escape_md(str(example.get('caption', '')))}")
        if grid_rows:
            lines.append("```\n" + "\n".join(grid_rows) + "\n```")
        picture = example_image(colour, example, f"{colour}: {name}")
        images.append(Image(f"hint-{colour}.png", picture))
    lines.append(resources_text(mapping(data.get("resources"))))
    return Rendered(text="\n".join(lines), images=images)


def pause_called(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    reason = str(notice.data.get("reason") or "")
    because = f" Reason: {escape_md(reason)}." if reason else ""
    return Rendered(
        text=f"🆘 **{who(names, notice.data.get('seat'))}** asked for an emergency pause.{because} "
        "Only the host can resume the match (`/match resume`)."
    )


def match_paused(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """The runtime's pause, worded for a player's emergency pause too (the base
    renderer would say the host paused)."""
    if notice.data.get("cause"):
        return bot_paused(notice)
    reason = str(notice.data.get("reason") or "")
    if " asked for a pause" in reason:
        return Rendered(
            text="⏸️ The match is paused: no tokens or hint uses arrive, no moves are taken. "
            "Only the host can resume it."
        )
    because = f" Reason: {escape_md(reason)}." if reason else ""
    return Rendered(
        text=f"⏸️ The host paused the match; tokens and hint uses stop arriving.{because}"
    )


def win_claimed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    # No board: it is the solution, and the host may yet deny the win.
    seat = seat_or_none(notice.data.get("seat"))
    return Rendered(
        text=f"🏁 **{who(names, seat)}**'s board satisfies every clue! The host is checking it; "
        "queries wait until then."
    )


def win_denied(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(
        text=f"❎ The host did not confirm **{who(names, notice.data.get('seat'))}**'s win. "
        "Play goes on."
    )


def rule_lines(rules: Mapping[str, object]) -> list[str]:
    """Each colour's rule by name and in words (the match is over: all public now)."""
    lines = []
    for colour, key in rules.items():
        rule = RULES.get(str(key))
        name = rule.name if rule is not None else str(key)
        described = f": {escape_md(rule.description)}" if rule is not None else ""
        lines.append(f"• {colour_label(str(colour))} — **{escape_md(name)}**{described}")
    return lines


def match_over(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    winner = seat_or_none(data.get("winner"))
    if winner is not None:  # the engine's reason counts seats; the room knows names
        head = f"🏆 **{who(names, winner)} wins**: their board satisfies every clue."
    else:
        head = f"The match ends — {named_reason(str(data.get('reason', '')), names)}."
    lines = [head, "**The rules were:**"]
    lines += rule_lines(mapping(data.get("rules")))
    solution = board_of(data.get("solution"))
    image, grid = _board_picture("solution.png", data, solution, "The solution")
    if grid is not None:
        lines += ["**The solution** (pictured):", board_text(solution, grid.width)]
    return Rendered(text="\n".join(lines), images=[image] if image else [])


def confirm_win(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = seat_or_none(data.get("seat"))
    board = board_of(data.get("board"))
    title = f"{seat_name(names, seat)}'s board"
    image, _ = _board_picture(f"claimed-seat-{(seat or 0) + 1}.png", data, board, title)
    return Rendered(
        text=f"⚖️ **{who(names, seat)}**'s board satisfies every clue. Confirm the win or deny "
        "it: the buttons below, or type `confirm` / `deny` here.",
        images=[image] if image else [],
    )


def hint_given(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"💡 {who(names, data.get('seat'))} took a hint on "
        f"{colour_label(str(data.get('colour')))}."
    )
