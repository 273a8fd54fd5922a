"""Square Goofspiel's message texts: one per notice kind, and the status text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import (
    Rendered,
    as_int,
    as_list,
    escape_md,
    named_reason,
    pair,
    plural,
    seat_name,
    who,
)
from bot.render.goofspiel._board import board_image
from bot.render.goofspiel._data import _auctioned, _cell, _clean_board, _hand, _phase_cells
from games.core.contract import Audience, Notice
from games.goofspiel.board import ALL_CELLS, LETTERS, SIZE, column_worth, row_worth
from games.goofspiel.scoring import LineResult, line_results, points

TOTAL_AUCTIONS = SIZE * SIZE
PHASES = SIZE

# -- small helpers -----------------------------------------------------------------


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
    because = f" — {named_reason(reason, names)}" if reason else ""
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
            # Every cell has been auctioned by the end: the unclaimed ones are hatched.
            board_image(
                _clean_board(data["board"]),
                names=names,
                title="Final board",
                final=True,
                auctioned=ALL_CELLS,
            )
        )
    return Rendered(text="\n".join(out), images=images)


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


def _outcome_lines(
    view: Mapping[str, Any],
    outcome: Mapping[str, Any],
    standings: list[LineResult],
    names: Sequence[str],
) -> list[str]:
    """The verdict, once the match is over."""
    won = [as_int(p) for p in pair(view.get("points") or points(standings), 0)]
    remaining = view.get("remaining")
    if remaining is None:
        remaining = [sum(_hand(hand)) for hand in pair(view.get("hands"), [])]
    left = [as_int(n) for n in pair(remaining, 0)]
    reason = str(outcome.get("reason") or "")
    return [
        "**Square Goofspiel** — the match is over.",
        _verdict(outcome.get("winner"), won, left, names, reason),
    ]


def _progress_head(view: Mapping[str, Any]) -> str:
    """``**Square Goofspiel** — phase 2 of 6, auction 8/36, cell **B** (…).``"""
    phase = as_int(view.get("phase"))
    letter = str(view.get("letter") or "")
    cell = str(view.get("cell") or "")
    head = f"**Square Goofspiel** — phase {phase} of {PHASES}"
    if letter and cell:
        number = as_int(view.get("number") or view.get("auction_number"))
        counter = f"auction {number}/{TOTAL_AUCTIONS}, " if number else ""
        head += f", {counter}cell **{escape_md(letter)}** ({_cell_words(cell)})"
    return head + "."


def _own_bid_lines(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> list[str]:
    """A player's own hand and bid, and whether their opponent has bid."""
    mine = view.get("my_bid")
    host_bids = view.get("bids")
    if mine is None and isinstance(host_bids, list | tuple):
        mine = pair(host_bids)[seat]
    hand = pair(view.get("hands"), [])[seat]
    if view.get("hand") is not None:
        hand = view.get("hand")
    out = [f"Your hand: {hand_text(_hand(hand))}"]
    if mine is None:
        out.append("You have not bid on this cell yet.")
    else:
        out.append(f"Your bid: **{_card(mine)}** (you can change it until both bids are in).")
    opponent = 1 - seat
    state = "has bid" if pair(view.get("bids_in"), False)[opponent] else "has not bid yet"
    out.append(f"{who(names, opponent)} {state}.")
    return out


def _bids_line(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    """Whose bids are in, for onlookers; the host also sees the sealed bids."""
    bids_in = pair(view.get("bids_in"), False)
    host_bids = view.get("bids")
    sealed = pair(host_bids) if audience == "host" and host_bids is not None else None
    parts = []
    for seat in (0, 1):
        if sealed is not None and sealed[seat] is not None:
            parts.append(f"{who(names, seat)} bid **{_card(sealed[seat])}** (sealed)")
        else:
            mark = "in ✅" if bids_in[seat] else "not in yet"
            parts.append(f"{who(names, seat)}: {mark}")
    return "Bids: " + " · ".join(parts)


def _progress_lines(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> list[str]:
    """Where a running match stands: phase, auction, this phase's cells, the bids."""
    out = [_progress_head(view)]
    phase_cells = _phase_cells(view.get("phase_cells"))
    if phase_cells:
        order = " · ".join(f"{LETTERS[i]} {c}" for i, c in enumerate(phase_cells[: len(LETTERS)]))
        out.append(f"This phase: {order}")
    if audience in (0, 1):
        out.extend(_own_bid_lines(view, int(audience), names))
    else:
        out.append(_bids_line(view, audience, names))
    return out


def _hand_bullets(hands: object, names: Sequence[str]) -> list[str]:
    both = pair(hands, [])
    bullets = [f"• {who(names, seat)}: {hand_text(_hand(both[seat]))}" for seat in (0, 1)]
    return ["Hands:", *bullets]


def status_text(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    standings = line_results(_clean_board(view.get("board")))
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        out = _outcome_lines(view, outcome, standings, names)
    else:
        out = _progress_lines(view, audience, names)
    if view.get("hands") is not None:
        out.extend(_hand_bullets(view.get("hands"), names))
    out.append(_standings_text(standings, names, final=isinstance(outcome, Mapping)))
    return "\n".join(out)
