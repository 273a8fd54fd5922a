"""Square Goofspiel: text for every notice, and the board as a PNG.

The board image is readable without colour: seat 0's claims are blue circles
marked "1", seat 1's are orange squares marked "2" (Okabe–Ito colours), and
the legend names the players. Auction letters A–F label this phase's cells.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from bot.render.base import (
    DEFAULT_NAMES,
    Image,
    NoticeHandler,
    Rendered,
    Renderer,
    as_int,
    as_list,
    escape_md,
    pair,
    plural,
    seat_name,
    who,
)
from games.core.contract import Audience, Notice
from games.goofspiel.board import (
    LETTERS,
    SIZE,
    cell_name,
    column_worth,
    row_col,
    row_worth,
)
from games.goofspiel.scoring import LineResult, line_results, points

TOTAL_AUCTIONS = SIZE * SIZE
PHASES = SIZE
BOARD_FILENAME = "board.png"

# -- small helpers -----------------------------------------------------------------


def _cell(value: object) -> tuple[int, int] | None:
    """(row, column) of a cell name, or None if it is not one."""
    try:
        return row_col(str(value))
    except ValueError:
        return None


def _clean_board(board: object) -> dict[str, int]:
    """Claimed cells from view or notice data, dropping anything malformed."""
    if not isinstance(board, Mapping):
        return {}
    clean: dict[str, int] = {}
    for cell, seat in board.items():
        if _cell(cell) is not None and isinstance(seat, int) and seat in (0, 1):
            clean[str(cell)] = seat
    return clean


def _phase_cells(value: object) -> list[str]:
    """This phase's cells in order A–F, from a list of names or of
    ``{"letter": "A", "cell": "r3c5"}`` entries (the engine's view uses those)."""
    cells: list[str] = []
    for entry in as_list(value):
        if isinstance(entry, Mapping):
            entry = entry.get("cell")
        if entry is not None:
            cells.append(str(entry))
    return cells[: len(LETTERS)]


def _auctioned(history: object) -> list[str]:
    """Cells already auctioned, from the view's history records (or plain names)."""
    cells = []
    for record in as_list(history):
        cell = record.get("cell") if isinstance(record, Mapping) else record
        if cell is not None:
            cells.append(str(cell))
    return cells


def _hand(value: object) -> list[int]:
    return sorted(as_int(card) for card in as_list(value))


def hand_text(hand: Sequence[int]) -> str:
    """``1 1 2 3 (4 cards, strength 7)`` — the cards, how many, and their sum."""
    if not hand:
        return "no cards"
    cards = " ".join(str(card) for card in hand)
    return f"`{cards}` ({plural(len(hand), 'card')}, strength {sum(hand)})"


def _hands_line(hands: object, names: Sequence[str]) -> str:
    both = pair(hands, [])
    parts = [f"{who(names, seat)}: {hand_text(_hand(both[seat]))}" for seat in (0, 1)]
    return "Hands — " + " · ".join(parts)


def _card(card: object) -> str:
    value = as_int(card)
    return "pass" if value == 0 else str(value)


def _cell_words(cell: str) -> str:
    """``r3c5, row 3 · column 5`` for a cell name; the name alone otherwise."""
    rc = _cell(cell)
    if rc is None:
        return escape_md(cell)
    return f"{cell}, row {rc[0]} · column {rc[1]}"


def _cell_values(cell: str) -> str:
    rc = _cell(cell)
    if rc is None:
        return ""
    row, col = rc
    return (
        f"It counts {col} in row {row} (a line worth {row_worth(row)}) "
        f"and {row} in column {col} (a line worth {column_worth(col)})."
    )


def _code_safe(text: str, width: int) -> str:
    """A name for a code block: no backticks, no line breaks, at most ``width`` wide."""
    text = " ".join(text.replace("`", "'").split())
    return text if len(text) <= width else text[: width - 1] + "…"


# -- notices -----------------------------------------------------------------------


def _phase_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    phase = as_int(data.get("phase"))
    cells = _phase_cells(data.get("cells"))
    order = " · ".join(f"**{LETTERS[i]}** {cell}" for i, cell in enumerate(cells[: len(LETTERS)]))
    return Rendered(text=f"**Phase {phase}** of {PHASES} — cells up for auction: {order}")


def _auction_opened(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    cell = str(data.get("cell", ""))
    number = as_int(data.get("number"))
    letter = escape_md(str(data.get("letter", "")))
    seconds = as_int(data.get("seconds"))
    text = (
        f"**Auction {number}/{TOTAL_AUCTIONS}** — cell **{letter}** ({_cell_words(cell)}). "
        f"{seconds} s to bid."
    )
    values = _cell_values(cell)
    return Rendered(text=f"{text} {values}" if values else text)


def _bid_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    cell = str(data.get("cell", ""))
    letter = escape_md(str(data.get("letter", "")))
    seconds = as_int(data.get("seconds"))
    hand = _hand(data.get("hand"))
    lines = [f"🃏 **Your bid for cell {letter}** ({_cell_words(cell)})."]
    if hand:
        lines.append(f"Your hand: {hand_text(hand)}.")
        example = hand[-1]
        lines.append(f"Send a card (`play {example}` or just `{example}`), or `pass`.")
    else:
        lines.append("Your hand is empty, so you can only `pass`.")
    lines.append(f"You have {seconds} s; you can change your bid until both bids are in.")
    return Rendered(text="\n".join(lines))


def _bid_received(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    letter = escape_md(str(data.get("letter", "")))
    card = _card(data.get("card"))
    if data.get("changed"):
        head = f"✅ Changed your bid for **{letter}** to **{card}**"
    else:
        head = f"✅ Your bid for **{letter}**: **{card}**"
    return Rendered(text=f"{head} (you can change it until both bids are in).")


def _bid_in(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    letter = escape_md(str(data.get("letter", "")))
    seat = data.get("seat")
    if seat == audience:
        return Rendered(text=f"Your bid on **{letter}** is in.")
    return Rendered(text=f"{who(names, seat)} has bid on **{letter}**.")


def _auction_resolved(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    cell = str(data.get("cell", ""))
    letter = str(data.get("letter", ""))
    number = as_int(data.get("number"))
    bids = pair(data.get("bids"), 0)
    timed_out = pair(data.get("timed_out"), False)
    winner = data.get("winner")
    played = []
    for seat in (0, 1):
        late = " (time ran out)" if timed_out[seat] else ""
        played.append(f"{who(names, seat)} **{_card(bids[seat])}**{late}")
    lines = [
        f"**Auction {number}/{TOTAL_AUCTIONS} — cell {escape_md(letter)}** "
        f"({escape_md(cell)}): " + " · ".join(played)
    ]
    if winner in (0, 1):
        lines.append(f"→ **{who(names, winner)}** claims {escape_md(cell)}.")
    else:
        both_passed = as_int(bids[0]) == 0 and as_int(bids[1]) == 0
        why = "both passed" if both_passed else "tie"
        lines.append(f"→ Nobody claims {escape_md(cell)} ({why}).")
    lines.append(_hands_line(data.get("hands"), names))
    image = board_image(
        _clean_board(data.get("board")),
        names=names,
        current=cell,
        current_letter=letter,
        phase_cells=_phase_cells(data.get("phase_cells")),
        auctioned=_auctioned(data.get("auctioned")),
        title=f"After auction {number}/{TOTAL_AUCTIONS}: cell {letter} ({cell})",
    )
    return Rendered(text="\n".join(lines), images=[image])


def _phase_ended(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    phase = as_int(data.get("phase"))
    claimed = pair(data.get("claimed"), 0)
    new_cards = pair(data.get("new_cards"), None)
    parts = []
    for seat in (0, 1):
        got = plural(as_int(claimed[seat]), "cell")
        card = new_cards[seat]
        gift = f"new card **{as_int(card)}**" if card else "no new card"
        parts.append(f"{who(names, seat)} claimed {got} → {gift}")
    lines = [f"**Phase {phase} is over.** " + "; ".join(parts) + "."]
    if data.get("hands") is not None:
        lines.append(_hands_line(data.get("hands"), names).replace("Hands —", "Hands now —", 1))
    return Rendered(text="\n".join(lines))


def _result_table(lines: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    short = [_code_safe(seat_name(names, seat), 12) for seat in (0, 1)]
    widths = [max(len(short[seat]), 3) for seat in (0, 1)]
    header = f"{'Line':<9} {'Worth':>5}  {short[0]:>{widths[0]}}  {short[1]:>{widths[1]}}  Won by"
    rows = [header, "-" * len(header)]
    for entry in lines:
        totals = pair(entry.get("totals"), 0)
        winner = entry.get("winner")
        if winner in (0, 1):
            won_by = short[winner]
        elif as_int(totals[0]) == 0 and as_int(totals[1]) == 0:
            won_by = "— (empty)"
        else:
            won_by = "— (tie)"
        rows.append(
            f"{_code_safe(str(entry.get('line', '?')), 9):<9} {as_int(entry.get('worth')):>5}  "
            f"{as_int(totals[0]):>{widths[0]}}  {as_int(totals[1]):>{widths[1]}}  {won_by}"
        )
    return "```\n" + "\n".join(rows) + "\n```"


def _verdict(
    winner: object, won: Sequence[int], remaining: Sequence[int], names: Sequence[str], reason: str
) -> str:
    a, b = won
    if a != b:
        leader = 0 if a > b else 1
        if winner == leader:
            return f"🏆 **{who(names, leader)} wins** on points, {max(a, b)}–{min(a, b)}."
    elif remaining[0] != remaining[1]:
        leader = 0 if remaining[0] > remaining[1] else 1
        if winner == leader:
            return (
                f"Points are tied {a}–{b}, so the tie-break decides: "
                f"🏆 **{who(names, leader)} wins** with more card strength left "
                f"({max(remaining)}–{min(remaining)})."
            )
    elif winner is None:
        return (
            f"Points are tied {a}–{b} and card strength left is tied too "
            f"({remaining[0]}–{remaining[1]}): 🤝 **the match is a draw**."
        )
    # The result does not follow from the numbers (a forfeit, say): trust the engine.
    because = f" — {escape_md(reason)}" if reason else ""
    if winner in (0, 1):
        return f"🏆 **{who(names, winner)} wins**{because}."
    return f"🤝 **The match is a draw**{because}."


def _match_over(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    lines = [entry for entry in as_list(data.get("lines")) if isinstance(entry, Mapping)]
    won = [as_int(p) for p in pair(data.get("points"), 0)]
    remaining = [as_int(s) for s in pair(data.get("remaining"), 0)]
    winner = data.get("winner")
    out = ["🏁 **The match is over.** Line by line:"]
    if lines:
        out.append(_result_table(lines, names))
    out.append(f"Points: {who(names, 0)} **{won[0]}** · {who(names, 1)} **{won[1]}**")
    out.append(
        f"Card strength left: {who(names, 0)} {remaining[0]} · {who(names, 1)} {remaining[1]}"
    )
    out.append(_verdict(winner, won, remaining, names, str(data.get("reason") or "")))
    images = []
    if isinstance(data.get("board"), Mapping):
        images.append(
            board_image(_clean_board(data["board"]), names=names, title="Final board", final=True)
        )
    return Rendered(text="\n".join(out), images=images)


def _with_final_board(notices: Sequence[Notice]) -> list[Notice]:
    """Give ``match_over`` the board from the step's last ``auction_resolved`` when it
    carries none itself, so the final message shows the final board."""
    out: list[Notice] = []
    board: object = None
    for notice in notices:
        if notice.kind == "auction_resolved" and isinstance(notice.data.get("board"), Mapping):
            board = notice.data["board"]
        if notice.kind == "match_over" and "board" not in notice.data and board is not None:
            notice = notice.model_copy(update={"data": {**notice.data, "board": board}})
        out.append(notice)
    return out


# -- status ------------------------------------------------------------------------


def _standings_text(
    standings: Sequence[LineResult], names: Sequence[str], *, final: bool = False
) -> str:
    won = points(list(standings))
    out = ["Lines won (worth):" if final else "Lines led now (worth):"]
    for seat in (0, 1):
        led = [f"{line.line} ({line.worth})" for line in standings if line.winner == seat]
        what = ", ".join(led) if led else "none"
        out.append(f"• {who(names, seat)} **{won[seat]}** points — {what}")
    return "\n".join(out)


def status_text(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    phase = as_int(view.get("phase"))
    letter = str(view.get("letter") or "")
    cell = str(view.get("cell") or "")
    board = _clean_board(view.get("board"))
    out: list[str] = []
    standings = line_results(board)
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        won = [as_int(p) for p in pair(view.get("points") or points(standings), 0)]
        remaining = view.get("remaining")
        if remaining is None:
            remaining = [sum(_hand(hand)) for hand in pair(view.get("hands"), [])]
        left = [as_int(n) for n in pair(remaining, 0)]
        reason = str(outcome.get("reason") or "")
        out.append("**Square Goofspiel** — the match is over.")
        out.append(_verdict(outcome.get("winner"), won, left, names, reason))
    else:
        head = f"**Square Goofspiel** — phase {phase} of {PHASES}"
        if letter and cell:
            number = as_int(view.get("number") or view.get("auction_number"))
            counter = f"auction {number}/{TOTAL_AUCTIONS}, " if number else ""
            head += f", {counter}cell **{escape_md(letter)}** ({_cell_words(cell)})"
        out.append(head + ".")
        phase_cells = _phase_cells(view.get("phase_cells"))
        if phase_cells:
            order = " · ".join(
                f"{LETTERS[i]} {c}" for i, c in enumerate(phase_cells[: len(LETTERS)])
            )
            out.append(f"This phase: {order}")
        bids_in = pair(view.get("bids_in"), False)
        host_bids = view.get("bids")
        if audience in (0, 1):
            mine = view.get("my_bid")
            if mine is None and isinstance(host_bids, list | tuple):
                mine = pair(host_bids)[int(audience)]
            hand = pair(view.get("hands"), [])[int(audience)]
            if view.get("hand") is not None:
                hand = view.get("hand")
            out.append(f"Your hand: {hand_text(_hand(hand))}")
            if mine is None:
                out.append("You have not bid on this cell yet.")
            else:
                out.append(
                    f"Your bid: **{_card(mine)}** (you can change it until both bids are in)."
                )
            opponent = 1 - int(audience)
            state = "has bid" if bids_in[opponent] else "has not bid yet"
            out.append(f"{who(names, opponent)} {state}.")
        else:
            sealed = pair(host_bids) if audience == "host" and host_bids is not None else None
            parts = []
            for seat in (0, 1):
                if sealed is not None and sealed[seat] is not None:
                    parts.append(f"{who(names, seat)} bid **{_card(sealed[seat])}** (sealed)")
                else:
                    mark = "in ✅" if bids_in[seat] else "not in yet"
                    parts.append(f"{who(names, seat)}: {mark}")
            out.append("Bids: " + " · ".join(parts))
    if view.get("hands") is not None:
        hands = pair(view.get("hands"), [])
        out.append("Hands:")
        out.extend(f"• {who(names, seat)}: {hand_text(_hand(hands[seat]))}" for seat in (0, 1))
    out.append(_standings_text(standings, names, final=isinstance(outcome, Mapping)))
    return "\n".join(out)


# -- the renderer --------------------------------------------------------------------


class GoofspielRenderer(Renderer):
    game_key = "goofspiel"
    game_title = "Square Goofspiel"

    _HANDLERS: Mapping[str, NoticeHandler] = {
        "phase_started": _phase_started,
        "auction_opened": _auction_opened,
        "bid_requested": _bid_requested,
        "bid_received": _bid_received,
        "bid_in": _bid_in,
        "auction_resolved": _auction_resolved,
        "phase_ended": _phase_ended,
        "match_over": _match_over,
    }

    def handlers(self) -> Mapping[str, NoticeHandler]:
        return self._HANDLERS

    def render(
        self,
        notices: Sequence[Notice],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        return super().render(_with_final_board(notices), audience, names=names)

    def status(
        self,
        view: Mapping[str, Any],
        audience: Audience,
        *,
        names: Sequence[str] = DEFAULT_NAMES,
    ) -> Rendered:
        text = status_text(view, audience, names)
        over = isinstance(view.get("outcome"), Mapping)
        phase = as_int(view.get("phase"))
        cell = str(view.get("cell") or "")
        letter = str(view.get("letter") or "")
        title = (
            "Final board"
            if over
            else f"Phase {phase}" + (f": cell {letter} ({cell})" if cell else "")
        )
        image = board_image(
            _clean_board(view.get("board")),
            names=names,
            current=None if over else (cell or None),
            current_letter=letter or None,
            phase_cells=() if over else _phase_cells(view.get("phase_cells")),
            title=title,
            final=over,
            auctioned=_auctioned(view.get("history")),
        )
        return Rendered(text=text, images=[image])


# -- the board image ---------------------------------------------------------------------

# Okabe–Ito: distinguishable with every common colour-vision deficiency.
SEAT_COLOURS = ("#0072B2", "#E69F00")
SEAT_TINTS = ("#D4E6F1", "#FAEBCB")
SEAT_TEXT = ("#FFFFFF", "#000000")
HIGHLIGHT_FILL = "#FFF6B0"
INK = "#1F2328"
MUTED = "#6E7781"
GRID = "#B4BAC1"
PAPER = "#FFFFFF"
BACKGROUND = "#F6F8FA"
VOID_FILL = "#ECEEF1"

SCALE = 2  # drawn at 2× and reduced: smooth circles and text
CELL = 64
PAD = 16
ROW_LABEL_W = 34
COL_LABEL_H = 26
WORTH_D = 34
MARK_D = 38
SMALL_MARK_D = 22
LEGEND_H = 88
TITLE_H = 34


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size * SCALE)


def _draw_mark(
    draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, diameter: float, label: bool = True
) -> None:
    """Seat 0: a circle with "1". Seat 1: a square with "2". Coordinates unscaled."""
    s = SCALE
    r = diameter / 2
    box = ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s)
    outline_w = max(1, round(diameter / 20)) * s
    if seat == 0:
        draw.ellipse(box, fill=SEAT_COLOURS[0], outline=INK, width=outline_w)
    else:
        inset = diameter * 0.06 * s
        square = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        draw.rectangle(square, fill=SEAT_COLOURS[1], outline=INK, width=outline_w)
    if label:
        size = round(diameter * 0.55)
        draw.text(
            (cx * s, cy * s + s),
            str(seat + 1),
            font=_font(size),
            fill=SEAT_TEXT[seat],
            anchor="mm",
            stroke_width=s // 2,
            stroke_fill=SEAT_TEXT[seat],
        )


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str = INK,
    anchor: str = "mm",
    bold: bool = False,
) -> None:
    s = SCALE
    draw.text(
        (xy[0] * s, xy[1] * s),
        text,
        font=_font(size),
        fill=fill,
        anchor=anchor,
        stroke_width=(s // 2) if bold else 0,
        stroke_fill=fill,
    )


_NOTDEF = "\U0010ffff"
_FOLD = str.maketrans(
    {
        "Ø": "O",
        "ø": "o",
        "Ł": "L",
        "ł": "l",
        "ß": "ss",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Đ": "D",
        "đ": "d",
        "Þ": "Th",
        "þ": "th",
        "ı": "i",
        "—": "-",
        "–": "-",
    }
)


@lru_cache(maxsize=1024)
def _drawable(ch: str) -> bool:
    """Whether the built-in font has a glyph for ``ch`` (not the blank box)."""
    if ch == " ":
        return True

    def shape(c: str) -> bytes:
        canvas = PILImage.new("L", (48, 48))
        ImageDraw.Draw(canvas).text((4, 4), c, font=_font(16), fill=255)
        return canvas.tobytes()

    return shape(ch) != shape(_NOTDEF)


def _drawable_text(text: str, fallback: str) -> str:
    """``text`` as the built-in font can draw it: accents dropped where that is
    enough (é → e), else ``fallback`` (the font has no glyphs for, say, CJK)."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = " ".join(folded.split())
    if folded and all(_drawable(ch) for ch in folded):
        return folded
    return fallback


def _fit(text: str, size: int, width: float) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` (unscaled pixels)."""
    font = _font(size)
    if font.getlength(text) <= width * SCALE:
        return text
    while text and font.getlength(text + "…") > width * SCALE:
        text = text[:-1]
    return text + "…"


def _grid_origin(titled: bool) -> tuple[int, int]:
    return PAD + ROW_LABEL_W, PAD + (TITLE_H if titled else 0) + COL_LABEL_H


def cell_box(cell: str, *, titled: bool = False) -> tuple[int, int, int, int]:
    """Where ``cell`` sits in a :func:`board_image` (left, top, right, bottom),
    for an image drawn with (``titled``) or without a title."""
    row, col = row_col(cell)
    grid_x, grid_y = _grid_origin(titled)
    left, top = grid_x + (col - 1) * CELL, grid_y + (row - 1) * CELL
    return left, top, left + CELL, top + CELL


def _hatch(draw: ImageDraw.ImageDraw, x0: float, y0: float, step: int = 12) -> None:
    """Diagonal hatching over one cell: auctioned, nobody claimed it."""
    s = SCALE
    for d in range(step, 2 * CELL, step):
        a = (x0 + max(0, d - CELL), y0 + min(d, CELL))
        b = (x0 + min(d, CELL), y0 + max(0, d - CELL))
        draw.line((a[0] * s, a[1] * s, b[0] * s, b[1] * s), fill=GRID, width=s)


def board_image(
    board: Mapping[str, int],
    *,
    names: Sequence[str] = DEFAULT_NAMES,
    current: str | None = None,
    phase_cells: Sequence[str] = (),
    title: str = "",
    current_letter: str | None = None,
    final: bool = False,
    auctioned: Collection[str] = (),
) -> Image:
    """The 6×6 board as a PNG.

    Column numbers (a cell's value within its row) run along the top, row
    numbers (its value within its column) down the left; line worths sit in
    circles below each column and right of each row, and beside each circle a
    small mark shows who leads that line now ("=" for a tie). ``phase_cells``
    are labelled A–F; ``current`` (the cell up for auction, or just resolved)
    gets a thick frame and its letter. Cells auctioned without a winner
    (``auctioned``, plus this phase's cells before ``current``) are hatched.
    The legend gives each player's points from the lines they lead
    (``final``: have won).
    """
    s = SCALE
    claims = _clean_board(board)
    letters = {str(c): LETTERS[i] for i, c in enumerate(list(phase_cells)[: len(LETTERS)])}
    if current and current_letter and current not in letters:
        letters[current] = current_letter
    gone = {str(c) for c in auctioned}
    order = list(letters)
    if current in order:
        gone.update(order[: order.index(current)])
    gone -= set(claims)
    gone.discard(current or "")
    results = line_results(claims)
    standings = {line.line: line for line in results}
    won = points(results)

    grid_x, grid_y = _grid_origin(bool(title))
    grid = CELL * SIZE
    side_w = 10 + WORTH_D + 6 + SMALL_MARK_D
    width = grid_x + grid + side_w + PAD
    height = grid_y + grid + side_w + LEGEND_H + PAD

    img = PILImage.new("RGB", (width * s, height * s), BACKGROUND)
    draw = ImageDraw.Draw(img)

    if title:
        shown = _fit(_drawable_text(title, ""), 19, width - 2 * PAD)
        _text(draw, (PAD, PAD + 12), shown, 19, anchor="lm", bold=True)

    # Column and row numbers: c1…c6 across the top, r1…r6 down the left.
    for i in range(1, SIZE + 1):
        cx = grid_x + (i - 0.5) * CELL
        cy = grid_y + (i - 0.5) * CELL
        _text(draw, (cx, grid_y - COL_LABEL_H / 2), f"c{i}", 17, MUTED)
        _text(draw, (PAD + ROW_LABEL_W / 2 - 2, cy), f"r{i}", 17, MUTED)

    # Cells.
    for row in range(1, SIZE + 1):
        for col in range(1, SIZE + 1):
            name = cell_name(row, col)
            x0 = grid_x + (col - 1) * CELL
            y0 = grid_y + (row - 1) * CELL
            seat = claims.get(name)
            fill = SEAT_TINTS[seat] if seat is not None else PAPER
            if name == current and seat is None:
                fill = HIGHLIGHT_FILL
            elif name in gone:
                fill = VOID_FILL
            draw.rectangle((x0 * s, y0 * s, (x0 + CELL) * s, (y0 + CELL) * s), fill=fill)
            cx, cy = x0 + CELL / 2, y0 + CELL / 2
            letter = letters.get(name)
            if name in gone:
                _hatch(draw, x0, y0)
            if seat is not None or name in gone:
                if seat is not None:
                    _draw_mark(draw, seat, cx, cy, MARK_D)
                if letter:
                    _text(draw, (x0 + 10, y0 + 11), letter, 14, INK, bold=True)
            elif letter:
                colour = INK if name == current else MUTED
                _text(draw, (cx, cy), letter, 30, colour, bold=name == current)

    # Grid lines, then the frame and the highlight on top.
    for i in range(SIZE + 1):
        x = (grid_x + i * CELL) * s
        y = (grid_y + i * CELL) * s
        draw.line((x, grid_y * s, x, (grid_y + grid) * s), fill=GRID, width=s)
        draw.line((grid_x * s, y, (grid_x + grid) * s, y), fill=GRID, width=s)
    draw.rectangle(
        (grid_x * s, grid_y * s, (grid_x + grid) * s, (grid_y + grid) * s), outline=INK, width=2 * s
    )
    rc = _cell(current) if current else None
    if rc is not None:
        x0 = grid_x + (rc[1] - 1) * CELL
        y0 = grid_y + (rc[0] - 1) * CELL
        draw.rectangle(
            ((x0 - 1) * s, (y0 - 1) * s, (x0 + CELL + 1) * s, (y0 + CELL + 1) * s),
            outline=INK,
            width=4 * s,
        )

    # Line worths in circles, each with its current leader beside it.
    def worth(cx: float, cy: float, value: int, line: LineResult | None, along_x: bool) -> None:
        r = WORTH_D / 2
        draw.ellipse(
            ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s),
            fill=PAPER,
            outline=INK,
            width=2 * s,
        )
        _text(draw, (cx, cy + 1), str(value), 17, INK, bold=True)
        offset = r + 6 + SMALL_MARK_D / 2
        mx, my = (cx + offset, cy) if along_x else (cx, cy + offset)
        if line is None or (line.totals[0] == 0 and line.totals[1] == 0):
            return
        if line.winner is None:
            _text(draw, (mx, my), "=", 20, MUTED, bold=True)
        else:
            _draw_mark(draw, line.winner, mx, my, SMALL_MARK_D)

    side_x = grid_x + grid + 10 + WORTH_D / 2
    below_y = grid_y + grid + 10 + WORTH_D / 2
    for i in range(1, SIZE + 1):
        worth(side_x, grid_y + (i - 0.5) * CELL, row_worth(i), standings.get(f"row {i}"), True)
        worth(
            grid_x + (i - 0.5) * CELL,
            below_y,
            column_worth(i),
            standings.get(f"column {i}"),
            False,
        )

    # Legend: each player's mark and name, then what the side marks mean.
    rule_y = grid_y + grid + side_w + 8
    draw.line((PAD * s, rule_y * s, (width - PAD) * s, rule_y * s), fill=GRID, width=s)
    legend_y = rule_y + 22
    half = (width - 2 * PAD) / 2
    for seat in (0, 1):
        left = PAD + seat * half
        _draw_mark(draw, seat, left + 13, legend_y, 26)
        score = f"  {won[seat]} pts"
        room = half - 44 - _font(16).getlength(score) / s
        label = _fit(_drawable_text(seat_name(names, seat), f"Player {seat + 1}"), 18, room)
        _text(draw, (left + 34, legend_y), label, 18, INK, anchor="lm")
        after = left + 34 + _font(18).getlength(label) / s
        _text(draw, (after, legend_y + 1), score, 16, MUTED, anchor="lm")
    notes = [
        "Marks beside the circles: who " + ("won" if final else "leads") + " each line (= tied)."
    ]
    if gone:
        notes.append("Hatched cells: auctioned, but nobody claimed them.")
    for i, note in enumerate(notes):
        _text(draw, (PAD, legend_y + 28 + 18 * i), _fit(note, 13, width - 2 * PAD), 13, MUTED, "lm")

    # A 64-colour palette keeps the PNG small (~15 kB) and quick to encode.
    out = img.reduce(s).quantize(colors=64, method=PILImage.Quantize.FASTOCTREE)
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", compress_level=6)
    return Image(filename=BOARD_FILENAME, data=buffer.getvalue())
