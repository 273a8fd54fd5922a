"""``/match reveal`` for Expression Black & White: every expression played
(the opponent saw only its colours; one picture per bout) and the tiles each
player had left."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_int, as_list, pair, who
from bot.render.expression._data import (
    expression_text,
    mapping,
    mappings,
    pair_of,
    tiles_of,
    tiles_text,
    value_text,
)
from bot.render.expression._sheet import expressions_sheet
from games.core.contract import Audience, Notice


def secrets_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    lines = ["🔓 **Every expression played**, revealed by the host (the winner of each round ✓):"]
    images = []
    for bout, rounds in _bouts(mappings(data.get("rounds"))):
        lines.append(f"**Bout {bout}**")
        lines += [_round_line(record, names) for record in rounds]
        images.append(expressions_sheet(bout, rounds, names))
    left = [mapping(entry) for entry in pair(data.get("tiles_left"), {})]
    lines.append("Tiles left — " + " · ".join(_left(left[seat], seat, names) for seat in (0, 1)))
    return Rendered(text="\n".join(lines), images=images)


def _bouts(
    rounds: Sequence[Mapping[str, object]],
) -> list[tuple[int, list[Mapping[str, object]]]]:
    """The rounds grouped by bout, in order."""
    bouts: dict[int, list[Mapping[str, object]]] = {}
    for record in rounds:
        bouts.setdefault(as_int(record.get("bout")), []).append(record)
    return list(bouts.items())


def _round_line(record: Mapping[str, object], names: Sequence[str]) -> str:
    found = pair_of(record.get("pair"))
    globals_ = "" if found is None else f" (`{found[0]} {found[1]}`)"
    plays = pair(record.get("plays"))
    parts = [_play(plays[seat], seat, record.get("winner"), names) for seat in (0, 1)]
    return f"R{as_int(record.get('round'))}{globals_}: " + " · ".join(parts)


def _play(play: object, seat: int, winner: object, names: Sequence[str]) -> str:
    mark = " ✓" if winner == seat else ""
    if not isinstance(play, Mapping):
        return f"{who(names, seat)} no expression"
    tiles = tiles_of(play.get("tiles"))
    return f"{who(names, seat)} {expression_text(tiles)} = {value_text(play.get('value'))}{mark}"


def _left(tiles: Mapping[str, object], seat: int, names: Sequence[str]) -> str:
    numbers, symbols = as_list(tiles.get("numbers")), as_list(tiles.get("symbols"))
    return f"{who(names, seat)}: {tiles_text([*numbers, *symbols])}"
