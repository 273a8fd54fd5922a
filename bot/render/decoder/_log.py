"""One line per turn for status messages: the public record, and for the host
the secrets that went with it (the offered letter, the swap, a kept insurance)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import as_int, as_list, escape_md, who
from bot.render.decoder._data import clue, short_answers, tile
from games.core import PUBLIC, Audience


def _tank(record: Mapping[str, Any], tank_names: Sequence[str], number: object) -> str:
    if number is None:
        return "?"
    index = as_int(number)
    if record.get("tank") == number and record.get("tank_name"):
        return f"**{escape_md(str(record['tank_name']))}**"
    if 1 <= index <= len(tank_names):
        return f"**{escape_md(tank_names[index - 1])}**"
    return f"**tank {index}**"


def _ask(record: Mapping[str, Any], names: Sequence[str]) -> str:
    text = f"asked **{escape_md(str(record.get('word')))}** not {clue(record.get('excluded'))}"
    if not as_list(record.get("answers")):
        return text + " → clue pending"
    chooser = record.get("chosen_by")
    how = "New Evidence" if chooser is None else f"{who(names, chooser)}'s choice"
    return f"{text} → {short_answers(record.get('answers'))} ({how})"


def _guess(record: Mapping[str, Any], names: Sequence[str], secrets: bool) -> str:
    text = f"guessed {tile(record.get('letter'))} " + ("✅" if record.get("correct") else "❌")
    if record.get("correct") is not False:
        if secrets and record.get("insurance"):
            text += " [Hand Insurance declared, kept]"
        return text
    insured = record.get("insurance_used") or (secrets and record.get("insurance"))
    if insured:
        text += ", Hand Insurance used"
    elif record.get("given_up"):
        text += f", gave up {tile(record.get('given_up'))}"
    else:
        text += ", give-up pending"
    opponent = who(names, 1 - as_int(record.get("seat")))
    decided = "decided on the swap" if record.get("swap_decided") else "is deciding on a swap"
    text += f"; {opponent} {decided}"
    if secrets and record.get("swap_decided"):
        out = record.get("swapped_out")
        swap = f"swapped out {tile(out)}" if out else "kept"
        text += (
            f" [offered {tile(record.get('offer')) if record.get('offer') else 'nothing'}, {swap}]"
        )
    return text


def _restore(record: Mapping[str, Any], names: Sequence[str], tank_names: Sequence[str]) -> str:
    restored = ", ".join(_tank({}, tank_names, n) for n in as_list(record.get("restored")))
    text = f"restored {restored or 'nothing'}"
    guesser = who(names, 1 - as_int(record.get("seat")))
    if not record.get("total_guessed"):
        return text + " → total guess pending"
    if record.get("total") is None:
        return text + f" → {guesser} made no guess"
    correct = record.get("total_correct", record.get("correct"))
    text += f" → {guesser} guessed {as_int(record.get('total'))} " + ("✅" if correct else "❌")
    if record.get("sabotaged") is not None:
        text += f", sabotaged {_tank({}, tank_names, record.get('sabotaged'))}"
    return text


def log_line(
    record: Mapping[str, Any], names: Sequence[str], tank_names: Sequence[str], audience: Audience
) -> str:
    """``T3 Ann (Dot Maze): asked …`` — ``audience`` "host" adds the turn's secrets."""
    secrets = audience == "host"
    seat = record.get("seat")
    kind = record.get("kind")
    head = f"T{as_int(record.get('number'))} {who(names, seat)}"
    if kind is None:
        return f"{head}: choosing…"
    head += f" ({_tank(record, tank_names, record.get('tank'))}"
    head += ", Power Surge)" if record.get("surge") else ")"
    if kind == "ask":
        what = _ask(record, names)
    elif kind == "guess":
        what = _guess(record, names, secrets)
    else:
        what = _restore(record, names, tank_names)
    if record.get("unexpected"):
        what += f"; 💥 Unexpected Sabotage by {who(names, 1 - as_int(seat))}"
    return f"{head}: {what}"


def log_lines(
    records: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    tank_names: Sequence[str],
    audience: Audience = PUBLIC,
) -> list[str]:
    return [log_line(record, names, tank_names, audience) for record in records]
