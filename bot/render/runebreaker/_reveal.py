"""``/match reveal`` for Rune Breaker: the runes of every round played or in
play, the command each stands for, and each round's boards (pictured for a
round cut short, whose boards the room never saw revealed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Image, Rendered, as_int, escape_md
from bot.render.runebreaker import _pictures
from bot.render.runebreaker._data import board_of, commands, mappings, notation
from games.core.contract import Audience, Notice


def secrets_revealed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    lines = ["🔓 **Every rune of the match**, revealed by the host:"]
    images: list[Image] = []
    for record in mappings(notice.data.get("rounds")):
        lines += _round_lines(record, images)
    return Rendered(text="\n".join(lines), images=images)


def _round_lines(record: Mapping[str, object], images: list[Image]) -> list[str]:
    number = as_int(record.get("number"))
    runes = " · ".join(
        f"`{entry.get('symbol')}` {escape_md(str(entry.get('meaning')))}"
        for entry in mappings(record.get("runes"))
    )
    status = "" if record.get("finished") else " (cut short)"
    lines = [
        f"**Round {number}**{status}: the Command Sequence was {commands(record.get('sequence'))}."
        f" Runes: {runes}."
    ]
    reagent, product = board_of(record.get("reagent")), board_of(record.get("product"))
    if not record.get("finished") and reagent is not None and product is not None:
        lines += ["The Reagent Board was:", notation(reagent)]
        images.append(_pictures.revealed(number, reagent, product))
    return lines
