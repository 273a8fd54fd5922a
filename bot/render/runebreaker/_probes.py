"""Rune Breaker's texts for probes: the room's classic probes and their results,
a seat's private finals probes (taken, ERROR, results, Decipher), the end of
the submissions phase and the buzz-in phase, and the host's ERROR reasons.

Every probe is shown as a picture (board → result) and in notation, so it can
be copied back into a move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Rendered, as_int, escape_md, who
from bot.render.runebreaker import _pictures
from bot.render.runebreaker._data import (
    board_of,
    commands,
    mapping,
    mappings,
    notation,
    seat_or_none,
    side_by_side,
    symbols_of,
)
from games.core.contract import Audience, Notice

MAX_ERRORS = 3


def _board(data: Mapping[str, Any], key: str = "board") -> Any:
    board = board_of(data.get(key))
    if board is None:
        raise ValueError(f"no board under {key!r}")
    return board


def probe_result(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """Classic: a probe is public, so is its result."""
    data = notice.data
    seat, number = data.get("seat"), as_int(data.get("number"))
    board, product = _board(data), board_of(data.get("product"))
    lines = [
        f"🔎 **{who(names, seat)}**'s probe (round {as_int(data.get('round'))}, "
        f"turn {as_int(data.get('turn'))}): {commands(data.get('symbols'))}",
        side_by_side(board, product),
    ]
    if product is None:
        errors = as_int(data.get("errors"))
        then = (
            "that ends the turn."
            if data.get("turn_over")
            else f"{who(names, seat)} probes again (a fresh window)."
        )
        lines.append(
            f"**ERROR** — those commands cannot run on that board "
            f"({errors} of {MAX_ERRORS} this turn); {then}"
        )
    name = f"probe-r{as_int(data.get('round'))}-p{as_int(seat) + 1}-{number}.png"
    label = f"Turn {as_int(data.get('turn'))} probe: {' '.join(symbols_of(data.get('symbols')))}"
    return Rendered(text="\n".join(lines), images=[_pictures.probe(name, label, board, product)])


def probe_again(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"🔁 ERROR ({as_int(data.get('errors'))} of {MAX_ERRORS} this turn): probe again — "
        f"a fresh {as_int(data.get('seconds'))} s. **Probe…** on your turn prompt, "
        "`probe <board> : B A` or `/runebreaker probe`."
    )


def probe_taken(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    board = _board(data)
    kept = as_int(data.get("kept"), 1)
    spelled = " ".join(symbols_of(data.get("symbols")))
    return Rendered(
        text="\n".join(
            [
                f"📥 Probe taken: {commands(data.get('symbols'))} on",
                notation(board),
                ("It counts" if kept == 1 else "It and your probe before it count")
                + " (your last two probes this turn count). Results come when both players "
                "are done: send another probe, or **Done** (`done`).",
            ]
        ),
        images=[_pictures.pending("probe-taken.png", f"Your probe: {spelled}", board)],
    )


def probe_error(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    board = _board(data)
    errors = as_int(data.get("errors"))
    spelled = " ".join(symbols_of(data.get("symbols")))
    then = (
        "That was your third ERROR: your submissions for this turn are over."
        if errors >= MAX_ERRORS
        else "Probe again: your window starts afresh."
    )
    return Rendered(
        text="\n".join(
            [
                f"❌ **ERROR** — {commands(data.get('symbols'))} cannot run on this board "
                f"({errors} of {MAX_ERRORS} this turn):",
                notation(board),
                then,
            ]
        ),
        images=[_pictures.probe("probe-error.png", f"Your probe: {spelled}", board, None)],
    )


def _result_label(entry: Mapping[str, Any]) -> str:
    number = as_int(entry.get("number"))
    of = entry.get("decipher_of")
    return f"Probe {number} (Decipher on #{as_int(of)})" if of is not None else f"Probe {number}"


def _picture_label(entry: Mapping[str, Any]) -> str:
    return f"{_result_label(entry)}: {' '.join(symbols_of(entry.get('symbols')))}"


def probe_results(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """Finals: a seat's own results, once both seats are done."""
    entries = mappings(notice.data.get("probes"))
    if not entries:
        return Rendered(text="📬 No probe of yours counts this turn.")
    first = entries[0]
    lines = [
        f"📬 **Your results** (round {as_int(first.get('round'))}, "
        f"turn {as_int(first.get('turn'))}):"
    ]
    images = []
    for entry in entries:
        board, product = _board(entry), board_of(entry.get("product"))
        label = _result_label(entry)
        lines += [f"**{label}**: {commands(entry.get('symbols'))}", side_by_side(board, product)]
        name = f"result-r{as_int(entry.get('round'))}-{as_int(entry.get('number'))}.png"
        images.append(_pictures.probe(name, _picture_label(entry), board, product))
    lines.append(
        "🔔 The buzz-in phase is open: if you know the Command Sequence, **Buzz**, `buzz` "
        "or `/runebreaker buzz`."
    )
    return Rendered(text="\n".join(lines), images=images)


def decipher_taken(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"🗝️ Decipher: {commands(data.get('symbols'))} on your probe "
        f"#{as_int(data.get('probe'))}. Its result comes with your other results; "
        "the item is spent."
    )


def decipher_error(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"❌ Decipher: {commands(data.get('symbols'))} cannot run on probe "
        f"#{as_int(data.get('probe'))}'s board (ERROR). The item is not spent: "
        "try other commands."
    )


def submissions_done(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    if audience == seat:
        return Rendered(text="✅ Your probes for this turn are in.")
    return Rendered(text=f"✅ **{who(names, seat)}** is done probing.")


def buzz_in_open(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    where = f"round {as_int(data.get('round'))}, turn {as_int(data.get('turn'))}"
    seconds = as_int(data.get("seconds"))
    if audience in (0, 1):
        return Rendered(
            text=f"🔔 **Buzz-in phase** ({where}, {seconds} s). Know the Command Sequence? "
            "**Buzz**, `buzz` or `/runebreaker buzz` — then both players answer."
        )
    return Rendered(
        text=f"🔔 **Buzz-in phase** ({where}, {seconds} s): each player has their results "
        "privately and may buzz once."
    )


def probe_error_reason(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = mapping(notice.data)
    seat = seat_or_none(data.get("seat"))
    whose = f" ({who(names, seat)})" if seat is not None else ""
    return Rendered(text=f"🛠️ ERROR{whose}: {escape_md(str(data.get('reason')))}.")
