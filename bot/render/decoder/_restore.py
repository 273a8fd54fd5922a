"""Decoder's texts for restoring tanks, sabotage (by a right total or by
Unexpected Sabotage), time banks and the end of the match."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.base import Rendered, as_int, as_list, named_reason, plural, who
from bot.render.decoder._data import opponent, tank_list, tank_name, tiles_left
from games.core.contract import PUBLIC, Audience, Notice
from games.decoder.tanks import MAX_UNITS

#: Decision names for the room (the engine's labels speak to the seat).
PUBLIC_DECISIONS = {
    "turn": "their turn",
    "clue": "the clue choice",
    "giveup": "the tile to give up",
    "swap": "the swap decision",
    "total": "the restore guess",
    "sabotage": "the sabotage pick",
    "unexpected": "the Unexpected Sabotage decision",
}
OWN_DECISIONS = {key: value.replace("their ", "your ") for key, value in PUBLIC_DECISIONS.items()}
RAISE = f"its recharge time rises by half (rounded up, at most {MAX_UNITS})"


def tanks_restored(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = data.get("seat")
    surge = " ⚡ Power Surge: it stays unused too." if data.get("surge") else ""
    return Rendered(
        text=f"♻️ **{who(names, seat)}** restores {tank_list(data.get('restored_names'))} — "
        f"using tank {tank_name(data)}, which is not restored.{surge} "
        f"**{who(names, opponent(seat))}** may guess the restored tanks' total recharge time."
    )


def total_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    restorer = who(names, opponent(audience))
    return Rendered(
        text=f"🔧 {restorer} restored {tank_list(data.get('restored_names'))}. Guess their "
        "total recharge time in units — `total 17` or `/decoder total` — or click No guess. "
        "If you are right you sabotage one of them."
    )


def total_guessed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    guesser = f"**{who(names, data.get('seat'))}**"
    if data.get("total") is None:
        return Rendered(text=f"🔧 {guesser} makes no guess at the restored total.")
    total = as_int(data.get("total"))
    right = f"✅ right! {guesser} sabotages one of them."
    verdict = right if data.get("correct") else "❌ wrong."
    return Rendered(text=f"🔧 {guesser} guesses a restored total of **{total}** — {verdict}")


def sabotage_requested(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    choices = as_list(data.get("choices"))
    example = as_int(choices[0]) if choices else 1
    return Rendered(
        text=f"🔧 Right! Choose the restored tank to sabotage — "
        f"{tank_list(data.get('choice_names'))}: click, or like `sabotage {example}`. "
        f"{RAISE[0].upper()}{RAISE[1:]}."
    )


def tank_sabotaged(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"💥 **{who(names, data.get('seat'))}** sabotages **{who(names, data.get('owner'))}**"
        f"'s tank {tank_name(data)}: {RAISE}."
    )


def tank_time_changed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    before, after = as_int(data.get("before")), as_int(data.get("units"))
    if before == after:
        return Rendered(
            text=f"🔧 Your tank {tank_name(data)} was sabotaged, but it is already at "
            f"{plural(after, 'unit')}: no change (your opponent doesn't know that)."
        )
    return Rendered(
        text=f"🔧 Your tank {tank_name(data)} was sabotaged: **{before} → {after} units**."
    )


def unexpected_offered(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    owner = who(names, opponent(audience))
    return Rendered(
        text=f"💥 {owner} used tank {tank_name(notice.data)}. Play your Unexpected Sabotage on "
        "it (its new time applies to this turn)? Click, or send `unexpected` / `pass`."
    )


def unexpected_sabotage(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    return Rendered(
        text=f"💥 **{who(names, data.get('seat'))}** plays **Unexpected Sabotage** on "
        f"**{who(names, data.get('owner'))}**'s tank {tank_name(data)}: {RAISE}, "
        "and the new time applies to this turn."
    )


def unexpected_declined(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(
        text=f"**{who(names, notice.data.get('seat'))}** does not play Unexpected Sabotage."
    )


def bank_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    decision = PUBLIC_DECISIONS.get(str(data.get("decision")), "a decision")
    return Rendered(
        text=f"⏳ **{who(names, data.get('seat'))}**'s time for {decision} ran out: their time "
        f"bank ({as_int(data.get('bank_seconds'))} s) now drains in 5 s steps."
    )


def bank_reminder(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seconds = as_int(data.get("bank_seconds"))
    if audience == PUBLIC:
        decision = PUBLIC_DECISIONS.get(str(data.get("decision")), "a decision")
        return Rendered(
            text=f"⏳ **{who(names, data.get('seat'))}** has **{seconds} s** left in their "
            f"time bank ({decision})."
        )
    decision = OWN_DECISIONS.get(str(data.get("decision")), "your decision")
    return Rendered(text=f"⏳ **{seconds} s** left in your time bank ({decision}).")


def _named_reason(reason: str, names: Sequence[str]) -> str:
    """The engine's reason with seat numbers replaced by names."""
    text = named_reason(reason, names)
    return text.replace(": it gave up", ": they gave up").replace("(its time", "(their time")


def match_over(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    winner = data.get("winner")
    sizes = [as_int(n) for n in [*as_list(data.get("hand_sizes")), 0, 0][:2]]
    if winner not in (0, 1):
        verdict = "🏁 **The match is over** with no winner."
    else:
        loser = opponent(winner)
        if sizes[loser] == 0:
            why = f"{who(names, loser)}'s hand is empty"
        else:
            why = _named_reason(str(data.get("reason") or ""), names)
        verdict = f"🏁 **{who(names, winner)} wins!** ({why})"
    return Rendered(text=f"{verdict} Tiles left: {tiles_left(sizes, names)}.")
