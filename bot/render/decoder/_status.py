"""Decoder status messages: a seat sees its own secrets and the public record,
the host sees everything, the room (public) only the public record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import as_int, as_list, escape_md, plural, who
from bot.render.decoder._data import item_list, letters, records, sabotage_counts, tile, tiles
from bot.render.decoder._log import log_lines
from bot.render.decoder._restore import PUBLIC_DECISIONS
from bot.render.decoder._setup import tank_table
from bot.render.decoder._tanks import TankCell, TankRow
from games.core import HOST, Audience


def _pair(value: object) -> list[Any]:
    return [*as_list(value), [], []][:2]


def _tank_dicts(value: object) -> list[Mapping[str, Any]]:
    return [tank for tank in as_list(value) if isinstance(tank, Mapping)]


def own_tanks(view: Mapping[str, Any], audience: Audience, seat: int) -> list[Mapping[str, Any]]:
    """The tank entries (with units) ``audience`` may see for ``seat``: none for others."""
    if audience == HOST:
        return _tank_dicts(_pair(view.get("tanks"))[seat])
    if audience == seat:
        return _tank_dicts(view.get("tanks"))
    return []


def board_rows(view: Mapping[str, Any], audience: Audience) -> list[TankRow]:
    names = [str(name) for name in as_list(view.get("tank_names"))]
    used = _pair(view.get("used_tanks"))
    sabotaged = sabotage_counts(records(view))
    seats = [audience, 1 - audience] if audience in (0, 1) else [0, 1]
    rows = []
    for seat in seats:
        known = {as_int(t.get("tank")): t for t in own_tanks(view, audience, int(seat))}
        cells = [
            TankCell(
                number=number,
                name=name,
                used=number in {as_int(n) for n in used[int(seat)]},
                units=as_int(known[number].get("units")) if number in known else None,
                sabotaged=sabotaged[int(seat)].get(number, 0),
            )
            for number, name in enumerate(names, start=1)
        ]
        note = "yours" if seat == audience else "" if known else "recharge times secret"
        rows.append(TankRow(seat=int(seat), tanks=cells, note=note))
    return rows


def _head(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> list[str]:
    title = "🔐 **Decoder**" + (" — host view" if audience == HOST else "")
    outcome = view.get("outcome")
    phase = view.get("phase")
    if isinstance(outcome, Mapping):
        winner = outcome.get("winner")
        won = f"**{who(names, winner)}** won" if winner in (0, 1) else "no winner"
        return [f"{title} — the match is over: {won}."]
    if phase == "pregame":
        return [
            f"{title} — before letter selection. Players may raise puzzle times "
            "(`time 3 120`); the host starts letter selection."
        ]
    if phase == "selection":
        return [f"{title} — letter selection is under way."]
    turn = view.get("turn")
    line = title
    if isinstance(turn, Mapping):
        line += f" — turn {as_int(turn.get('number'))}: **{who(names, turn.get('seat'))}**'s turn."
    return [line, *_waiting(view, names)]


def _waiting(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    clock = _mapping(view.get("match")).get("clock_ms")
    parts = []
    for entry in as_list(view.get("awaiting")):
        if not isinstance(entry, Mapping):
            continue
        decision = PUBLIC_DECISIONS.get(str(entry.get("decision")), "a decision")
        part = f"{who(names, entry.get('seat'))} — {decision}"
        if clock is not None:
            left = max(0, as_int(entry.get("deadline_ms")) - as_int(clock)) // 1000
            part += f" ({left} s left{', on time bank' if entry.get('on_bank') else ''})"
        parts.append(part)
    return ["Waiting on: " + " · ".join(parts)] if parts else []


def _name(tank_names: Sequence[str], number: object) -> str:
    index = as_int(number)
    name = tank_names[index - 1] if 1 <= index <= len(tank_names) else f"tank {index}"
    return escape_md(name)


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _public_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    sizes = [as_int(n) for n in [*as_list(view.get("hand_sizes")), 0, 0][:2]]
    items, spent = _pair(view.get("items")), _pair(view.get("used_items"))
    banks = [as_int(n) for n in [*as_list(view.get("banks")), 0, 0][:2]]
    revealed = [
        f"{tile(entry.get('letter'))} "
        + ("guessed from " if entry.get("how") == "guessed" else "given up by ")
        + f"{who(names, entry.get('seat'))} (T{as_int(entry.get('turn'))})"
        for entry in as_list(view.get("revealed"))
        if isinstance(entry, Mapping)
    ]
    used = _pair(view.get("used_tanks"))
    tank_names = [str(name) for name in as_list(view.get("tank_names"))]
    used_text = [
        f"{who(names, s)} " + (", ".join(_name(tank_names, n) for n in used[s]) or "none")
        for s in (0, 1)
    ]
    asked = ", ".join(f"**{escape_md(str(w))}**" for w in as_list(view.get("asked")))
    return [
        "Tiles held: " + " · ".join(f"{who(names, s)} {sizes[s]}" for s in (0, 1)),
        "Revealed: " + (" · ".join(revealed) or "none"),
        f"Words asked: {asked or 'none'}",
        "Items: "
        + " · ".join(
            f"{who(names, s)} {item_list(items[s])} (used: {item_list(spent[s])})" for s in (0, 1)
        ),
        "Used tanks (not yet restored): " + " · ".join(used_text),
        "Time banks: " + " · ".join(f"{who(names, s)} {banks[s]} s" for s in (0, 1)),
    ]


def _seat_lines(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> list[str]:
    them = who(names, 1 - seat)
    hand = letters(view.get("hand"))
    revealed = [
        str(e.get("letter")) for e in as_list(view.get("revealed")) if isinstance(e, Mapping)
    ]
    known_not = letters([*as_list(view.get("seen")), *hand, *revealed])
    lines = [
        f"**Your hand:** {tiles(hand)} ({plural(len(hand), 'tile')})",
        f"Known not in {them}'s hand: {tiles(known_not)}"
        " (your setup letters, your hand, revealed tiles)",
    ]
    offer = view.get("offer")
    if offer:
        lines.append(f"Offered to you now: {tile(offer)} — `swap E` or `keep`.")
    for entry in as_list(view.get("private_turns")):
        if not isinstance(entry, Mapping):
            continue
        number = as_int(entry.get("turn"))
        if entry.get("insurance_kept"):
            lines.append(f"Only you know: T{number} you declared Hand Insurance on a right guess.")
        elif entry.get("offered") is not None or "swapped_out" in entry:
            out = entry.get("swapped_out")
            did = f"swapped out {tile(out)}" if out else "kept your hand"
            offered = tile(entry.get("offered")) if entry.get("offered") else "nothing"
            lines.append(f"Only you know: T{number} you were offered {offered} and {did}.")
    return lines


def _selection_lines(selection: object, who_: str) -> list[str]:
    if not isinstance(selection, Mapping):
        return []
    rarities = selection.get("rarities")
    extras = as_int(selection.get("extras_earned"))
    chosen = "chosen" if selection.get("hand_chosen") else "not chosen yet"
    rarity_text = "not chosen yet" if rarities is None else " ".join(map(str, as_list(rarities)))
    return [
        f"{who_}: initial {tiles(selection.get('initial'))}; {plural(extras, 'extra tile')}"
        f" (tanks {', '.join(str(n) for n in as_list(selection.get('extra_tanks'))) or '-'}); "
        f"rarities {rarity_text}; extras {tiles(selection.get('extras'))}; hand {chosen}"
    ]


def _host_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    hands, seen = _pair(view.get("hands")), _pair(view.get("seen"))
    timers = [as_int(n) for n in [*as_list(view.get("timers")), 0, 0][:2]]
    lines = [
        "Hands: " + " · ".join(f"{who(names, s)} {tiles(hands[s])}" for s in (0, 1)),
        "Seen in setup: " + " · ".join(f"{who(names, s)} {tiles(seen[s])}" for s in (0, 1)),
        "Recharge timers (secret): " + " · ".join(f"{who(names, s)} {timers[s]}" for s in (0, 1)),
    ]
    if view.get("phase") == "selection":
        selections = _pair(view.get("selection"))
        for seat in (0, 1):
            lines += _selection_lines(selections[seat], who(names, seat))
    for seat in (0, 1):
        tanks = own_tanks(view, HOST, seat)
        if tanks:
            lines += [f"{who(names, seat)}'s tanks:", tank_table(tanks, used=True)]
    return lines


def status_text(view: Mapping[str, Any], audience: Audience, names: Sequence[str]) -> str:
    lines = _head(view, audience, names)
    tank_names = [str(name) for name in as_list(view.get("tank_names"))]
    if audience == HOST:
        lines += _host_lines(view, names)
        log = [r for r in as_list(view.get("turns")) if isinstance(r, Mapping)]
    else:
        log = records(view)
    if audience in (0, 1):
        seat = int(audience)
        if view.get("phase") == "selection":
            lines += _selection_lines(view.get("selection"), "Your selection")
        lines += _seat_lines(view, seat, names)
        tanks = own_tanks(view, audience, seat)
        if tanks:
            lines += ["Your tanks:", tank_table(tanks, used=view.get("phase") != "pregame")]
    lines += _public_lines(view, names)
    if log:
        lines += ["**Log**", *log_lines(log, names, tank_names, audience)]
    return "\n".join(lines)
