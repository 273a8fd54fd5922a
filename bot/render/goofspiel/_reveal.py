"""``/match reveal`` for Square Goofspiel: every bid, auction by auction, the
hands at the end, and any bids still sealed when the match was aborted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_int, as_list, escape_md, pair, who
from bot.render.goofspiel._data import _hand
from bot.render.goofspiel._text import _card, hand_text
from games.core.contract import Audience, Notice
from games.goofspiel.board import SIZE


def secrets_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    lines = [
        "🔓 **Every secret of the match**, revealed by the host. Square Goofspiel hides only "
        "the bids of the auction in play; every other bid was shown as its auction resolved."
    ]
    sealed = data.get("sealed")
    if isinstance(sealed, Mapping):
        lines.append(_sealed_line(sealed, names))
    auctions = [a for a in as_list(data.get("auctions")) if isinstance(a, Mapping)]
    if auctions:
        lines.append(
            f"**Every bid** ({who(names, 0)}–{who(names, 1)}; the card that claimed the cell "
            "in bold):"
        )
        lines += _phase_lines(auctions)
    hands = pair(data.get("hands"), [])
    lines.append(
        "Hands at the end — "
        + " · ".join(f"{who(names, s)}: {hand_text(_hand(hands[s]))}" for s in (0, 1))
    )
    return Rendered(text="\n".join(lines))


def _sealed_line(sealed: Mapping[str, object], names: Sequence[str]) -> str:
    bids = pair(sealed.get("bids"))
    shown = " · ".join(
        f"{who(names, seat)} {'no bid yet' if bids[seat] is None else _card(bids[seat])}"
        for seat in (0, 1)
    )
    return (
        f"Sealed when the match ended, auction {as_int(sealed.get('number'))} "
        f"(cell {escape_md(str(sealed.get('letter')))}, {escape_md(str(sealed.get('cell')))}): "
        f"{shown}."
    )


def _phase_lines(auctions: Sequence[Mapping[str, object]]) -> list[str]:
    """One line per phase: ``A r1c2 3–**4** · B r5c1 pass–pass · …``."""
    lines = []
    for start in range(0, len(auctions), SIZE):
        phase = start // SIZE + 1
        shown = " · ".join(_auction(a) for a in auctions[start : start + SIZE])
        lines.append(f"Phase {phase}: {shown}")
    return lines


def _auction(auction: Mapping[str, object]) -> str:
    bids = [_card(b) for b in pair(auction.get("bids"), 0)]
    winner = auction.get("winner")
    if winner in (0, 1):
        assert isinstance(winner, int)
        bids[winner] = f"**{bids[winner]}**"
    letter, cell = escape_md(str(auction.get("letter"))), escape_md(str(auction.get("cell")))
    return f"{letter} {cell} {bids[0]}–{bids[1]}"
