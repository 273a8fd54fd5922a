"""``/match reveal`` for Decoder: each player's letters (still hidden, and
found by the opponent), the letters dealt at the start, and the timer tanks'
recharge times, which the opponent never learnt (in a table and pictured)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_int, as_list, pair, who
from bot.render.decoder._data import tiles
from bot.render.decoder._setup import tank_table
from bot.render.decoder._tanks import TankCell, TankRow, tank_board
from games.core.contract import Audience, Notice


def secrets_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    hands, found = pair(data.get("hands"), []), pair(data.get("found"), [])
    dealt, tanks = pair(data.get("dealt"), []), pair(data.get("tanks"), [])
    lines = ["🔓 **Every secret of the match**, revealed by the host."]
    rows = []
    for seat in (0, 1):
        own = [t for t in as_list(tanks[seat]) if isinstance(t, Mapping)]
        lines.append(
            f"**{who(names, seat)}** — still hidden: {tiles(hands[seat])}; found by the "
            f"opponent: {tiles(found[seat])}; dealt at the start: {tiles(dealt[seat])}. "
            "Timer tanks:"
        )
        lines.append(tank_table(own, used=True))
        rows.append(TankRow(seat=seat, tanks=[_cell(t) for t in own], note="revealed"))
    image = tank_board(rows, names=names, title="Every timer tank, revealed")
    return Rendered(text="\n".join(lines), images=[image])


def _cell(tank: Mapping[str, object]) -> TankCell:
    return TankCell(
        number=as_int(tank.get("tank")),
        name=str(tank.get("tank_name") or ""),
        used=bool(tank.get("used")),
        units=as_int(tank.get("units")),
    )
