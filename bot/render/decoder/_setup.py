"""Decoder's texts before play: the setup, puzzle-time raises, letter selection,
and the start of play. Selection is private: the room only hears it began."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.render.base import Rendered, as_int, as_list, escape_md, plural, who
from bot.render.decoder._data import item_list, letters, tiles
from games.core.contract import Audience, Notice
from games.decoder.tanks import MAX_SECONDS
from games.decoder.tiles import EXTRA_LIMITS, POOLS, RARITIES, default_rarities


def code_safe(text: object, width: int) -> str:
    """A name for a code block: no backticks or line breaks, at most ``width`` wide."""
    shown = " ".join(str(text).replace("`", "'").split())
    return shown if len(shown) <= width else shown[: width - 1] + "…"


def _rarity_mix(value: object) -> str:
    found = letters(value)
    counts = [sum(1 for letter in found if letter in POOLS[rarity]) for rarity in RARITIES]
    parts = [f"{n} {rarity}" for n, rarity in zip(counts, RARITIES, strict=True) if n]
    return ", ".join(parts) or "none"


def _limits() -> str:
    return ", ".join(f"{EXTRA_LIMITS[rarity]} {rarity}" for rarity in RARITIES)


def _numbers(value: object) -> str:
    shown = [str(as_int(n)) for n in as_list(value)]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def match_setup(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    tanks = " · ".join(
        f"{number} **{escape_md(str(name))}**"
        for number, name in enumerate(as_list(data.get("tank_names")), start=1)
    )
    items = [*as_list(data.get("items")), [], []][:2]
    held = " · ".join(f"{who(names, seat)}: {item_list(items[seat])}" for seat in (0, 1))
    return Rendered(
        text="\n".join(
            [
                f"🔐 **Decoder** — the timer tanks: {tanks}",
                f"Items: {held}.",
                "Before letter selection each player may raise puzzle times in private "
                "(and change their minds); "
                "then the host starts letter selection.",
            ]
        )
    )


def tank_table(tanks: Sequence[Mapping[str, object]], *, used: bool = False) -> str:
    """A code block: number, name, puzzle time, recharge units (and used/ready)."""
    rows = [f"{'#':>1}  {'Tank':<18} {'Time':>6} {'Units':>5}" + ("  State" if used else "")]
    for tank in tanks:
        line = (
            f"{as_int(tank.get('tank')):>1}  {code_safe(tank.get('tank_name'), 18):<18} "
            f"{as_int(tank.get('seconds')):>4} s {as_int(tank.get('units')):>5}"
        )
        if used:
            line += "  " + ("used" if tank.get("used") else "ready")
        rows.append(line)
    return "```\n" + "\n".join(rows) + "\n```"


def tanks_told(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    tanks = [t for t in as_list(notice.data.get("tanks")) if isinstance(t, Mapping)]
    return Rendered(
        text="\n".join(
            [
                "⏱️ **Your timer tanks** (puzzle time → recharge units; only you know these):",
                tank_table(tanks),
                "Until the host starts letter selection you may set any puzzle time from "
                f"its official time (shown here) up to {MAX_SECONDS} s, and change it as "
                "often as you like: `time 3 120` or `/decoder time`.",
            ]
        )
    )


def time_raised(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    name = escape_md(str(data.get("tank_name") or f"tank {as_int(data.get('tank'))}"))
    return Rendered(
        text=f"⏱️ **{name}** is now {as_int(data.get('seconds'))} s → "
        f"**{plural(as_int(data.get('units')), 'unit')}**."
    )


def selection_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seconds = as_int(notice.data.get("window_seconds"))
    return Rendered(
        text=f"🔤 **Letter selection has started**: both players have {seconds} s to choose "
        "their tiles in private. Nothing of it is shown here."
    )


def tiles_dealt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    initial = data.get("initial")
    extras = as_int(data.get("extras"))
    head = (
        f"🔤 **Letter selection** ({as_int(data.get('window_seconds'))} s). "
        f"Your initial tiles: {tiles(initial)} ({_rarity_mix(initial)})."
    )
    if extras == 0:
        hand = " ".join(letters(initial))
        return Rendered(
            text=f"{head}\nNone of your tanks beat 75% of your opponent's, so you earned no "
            f"extra tiles: your hand is these 6. Confirm with the button or `hand {hand}`."
        )
    tanks = _numbers(data.get("extra_tanks"))
    return Rendered(
        text=f"{head}\nYour tank{'s' if extras > 1 else ''} {tanks} beat 75% of your "
        f"opponent's recharge time: **{plural(extras, 'extra tile')}**. Choose their rarities "
        f"(at most {_limits()}) with a button, or like "
        f"`rarities {' '.join(map(str, default_rarities(extras)))}` (common uncommon rare)."
    )


def extras_dealt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    dealt = letters(data.get("dealt"))
    lines = []
    if data.get("timed_out"):
        lines.append("⌛ Time ran out before you chose, so your extras were drawn common first.")
    lines.append(
        f"🎁 Your extra tiles: {tiles(data.get('tiles'))}. All your tiles: {tiles(dealt)}."
    )
    if not data.get("timed_out"):
        example = " ".join(dealt[:6])
        lines.append(f"Pick 6 for your hand with the menu, or like `hand {example}`.")
    return Rendered(text="\n".join(lines))


def hand_chosen(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    hand = tiles(notice.data.get("hand"))
    if notice.data.get("timed_out"):
        return Rendered(text=f"⌛ Time ran out: your hand is your 6 initial tiles: {hand}.")
    return Rendered(text=f"✅ Your hand: {hand}. Play begins once both hands are in.")


def play_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    first = as_int(data.get("first_seat"))
    sizes = [as_int(n) for n in [*as_list(data.get("hand_sizes")), 6, 6][:2]]
    held = (
        f"each hold {plural(sizes[0], 'tile')}"
        if sizes[0] == sizes[1]
        else f"hold {sizes[0]} and {sizes[1]} tiles"
    )
    return Rendered(
        text=f"🎬 **Play begins!** {who(names, 0)} and {who(names, 1)} {held}. "
        f"{who(names, first)}'s recharge timer starts at 0 and {who(names, 1 - first)}'s at 1. "
        "Each turn uses a tank, and its recharge time decides when that player moves again; "
        "nobody sees the timers."
    )
