"""``/match reveal`` for Decoder: each player's letters (still hidden, and
found by the opponent), the letters dealt at the start, and the timer tanks'
recharge times, which the opponent never learnt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_list, pair, who
from bot.render.decoder._data import tiles
from bot.render.decoder._setup import tank_table
from games.core.contract import Audience, Notice


def secrets_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    hands, found = pair(data.get("hands"), []), pair(data.get("found"), [])
    dealt, tanks = pair(data.get("dealt"), []), pair(data.get("tanks"), [])
    lines = ["🔓 **Every secret of the match**, revealed by the host."]
    for seat in (0, 1):
        lines.append(
            f"**{who(names, seat)}** — still hidden: {tiles(hands[seat])}; found by the "
            f"opponent: {tiles(found[seat])}; dealt at the start: {tiles(dealt[seat])}. "
            "Timer tanks:"
        )
        lines.append(tank_table([t for t in as_list(tanks[seat]) if isinstance(t, Mapping)]))
    return Rendered(text="\n".join(lines))
