"""Rune Breaker's texts for the match and its rounds: the opening, who starts,
a round's boards, each turn, reserve periods, a round's end with its secrets,
and the end of the match.

A turn's notice is the room's; each seat gets its own prompt from the engine
(the DMO's choice, a turn), saying what that seat may do now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from bot.render.base import (
    Image,
    Rendered,
    as_int,
    as_list,
    escape_md,
    named_reason,
    plural,
    seat_name,
    who,
)
from bot.render.runebreaker import _pictures
from bot.render.runebreaker._data import (
    board_of,
    commands,
    mappings,
    notation,
    reserves_text,
    scores_text,
    seat_or_none,
    side_by_side,
    signed,
)
from games.core.contract import Audience, Notice

GRADE_NAMES = "exactness · precision · spatiality"
#: A graded seat without a board: why, as the answers' reveal tells it.
_NO_BOARD = {"pass": "passed (no board)", "no_answer": "no board in time"}


def _variant(data: Mapping[str, object]) -> str:
    return "finals" if data.get("variant") == "finals" else "classic"


def match_opened(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    dmo = who(names, data.get("dmo"))
    periods = plural(as_int(data.get("reserve_periods")), "reserve period")
    if _variant(data) == "classic":
        lines = [
            "🔮 **Rune Breaker — the Death Match.** Deduce the 10×10 **Reagent Board** from "
            "its Product Board and the Command Sequence, probing with 4×4 boards.",
            "5 rounds of up to 9 alternating turns; first to 3 points wins. "
            f"DMO: **{dmo}**. Each player has {periods} of 30 s.",
        ]
    else:
        lines = [
            "🔮 **Rune Breaker — the Final Match.** Deduce the **Command Sequence** that "
            "turns the 8×8 Reagent Board into the Product Board, probing privately.",
            "5 rounds of up to 5 turns; a right answer after a buzz scores +2, two wrong "
            f"answers cost the buzzer 1. Higher total wins; a tie goes to the DMO (**{dmo}**). "
            f"Each player has {periods} of 30 s.",
        ]
        holder = seat_or_none(data.get("decipher_seat"))
        if holder is not None:
            lines.append(
                f"🗝️ **{who(names, holder)}** holds Decipher: once in the match, one more "
                "sequence on one of their probe boards."
            )
    lines.append(
        "`/runebreaker help` explains the moves; `/runebreaker catalog` lists the commands."
    )
    return Rendered(text="\n".join(lines))


def choose_first(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    dmo = seat_or_none(notice.data.get("dmo"))
    return Rendered(text=f"👑 **{who(names, dmo)}** (the DMO) chooses who starts round 1.")


def first_prompt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """The DMO's own prompt."""
    return Rendered(
        text=f"👑 You are the DMO: choose who starts round 1 "
        f"({as_int(notice.data.get('seconds'))} s) — a button below, "
        "`first me` / `first them`, or `/runebreaker first`."
    )


def first_chosen(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat, by = data.get("seat"), data.get("by")
    if data.get("timed_out"):
        return Rendered(
            text=f"⌛ {who(names, by)} did not choose in time: "
            f"**{who(names, seat)}** starts round 1."
        )
    if seat == by:
        return Rendered(text=f"{who(names, by)} chose to start round 1.")
    return Rendered(text=f"{who(names, by)} chose **{who(names, seat)}** to start round 1.")


def round_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    number = as_int(data.get("round"))
    head = f"📜 **Round {number} of {as_int(data.get('rounds'), 5)}**"
    product = board_of(data.get("product"))
    if product is None:
        raise ValueError("round_started without a Product Board")
    if _variant(data) == "classic":
        sequence = as_list(data.get("sequence"))
        look = as_int(data.get("look_seconds"))
        lines = [
            f"{head} — **{who(names, data.get('starter'))}** starts. The Product Board and "
            f"the Command Sequence {commands(sequence)} ({plural(len(sequence), 'command')}): "
            "find the Reagent Board the sequence turned into this Product.",
            notation(product),
        ]
        if look:
            lines.append(f"Look at the boards: turn 1 starts in {look} s.")
        return Rendered(text="\n".join(lines), images=[_pictures.round_boards(number, product)])
    reagent = board_of(data.get("reagent"))
    if reagent is None:
        raise ValueError("a finals round_started without its Reagent Board")
    lines = [
        f"{head} — the Reagent Board → the Product Board. Executable commands: "
        f"{commands(data.get('executable'))}; a probe uses up to "
        f"{plural(as_int(data.get('probe_limit'), 1), 'command')}, in any order. "
        "Find the Command Sequence.",
        side_by_side(reagent, product),
    ]
    image = _pictures.round_boards(number, product, reagent)
    return Rendered(text="\n".join(lines), images=[image])


class _Turn(NamedTuple):
    """What a turn's notice and a seat's turn prompt both say."""

    turn: str  # "turn 3/9"
    where: str  # "round 1, turn 3/9"
    seconds: int
    active: int | None  # classic: whose turn; finals: None


def _turn(data: Mapping[str, object], active_key: str) -> _Turn:
    turn = f"turn {as_int(data.get('turn'))}/{as_int(data.get('turns'))}"
    where = f"round {as_int(data.get('round'))}, {turn}"
    return _Turn(turn, where, as_int(data.get("seconds")), seat_or_none(data.get(active_key)))


def turn_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    turn, _, seconds, active = _turn(notice.data, "seat")
    number = as_int(notice.data.get("round"))
    if active is None:  # finals: both probe privately
        return Rendered(
            text=f"🧪 **Round {number} · {turn}** — submissions phase ({seconds} s): both "
            "players probe privately."
        )
    return Rendered(
        text=f"**{turn.capitalize()}** (round {number}) — **{who(names, active)}** probes "
        f"({seconds} s); **{who(names, 1 - active)}** may buzz once."
    )


def turn_prompt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """A seat's own prompt for a turn: what it may do now."""
    _, where, seconds, active = _turn(notice.data, "active")
    if active is None:  # finals: both probe privately
        return Rendered(
            text=f"🧪 **Submissions** ({where}, {seconds} s): send one or two probes — a 4×4 "
            "board and some of the executable commands — with **Probe…**, "
            "`probe <board> : A B` or `/runebreaker probe`; your last two count. Then "
            "**Done**. Your results come when both players are done."
        )
    if audience != active:
        return Rendered(
            text=f"⏳ **{who(names, active)}**'s turn ({where}). You may buzz once this turn: "
            "**Buzz**, `buzz` or `/runebreaker buzz`."
        )
    head = (
        f"▶️ **Your turn resumes** ({where}, {seconds} s left)"
        if notice.data.get("resumed")
        else f"🎯 **Your turn** ({where}, {seconds} s)"
    )
    return Rendered(
        text=f"{head}: one probe — a 4×4 board and up to 3 of the sequence's commands, never "
        "a run of the sequence. **Probe…**, `probe <board> : B A` or `/runebreaker probe`."
    )


def reserve_started(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    left = plural(as_int(data.get("left")), "period")
    return Rendered(
        text=f"⏳ {who(names, data.get('seat'))}'s time ran out: a 30 s reserve period starts "
        f"({left} left after it)."
    )


def reserve_added(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    added = plural(as_int(data.get("periods")), "reserve period")
    return Rendered(text=f"➕ {added} each. Reserve: {reserves_text(data.get('left'), names)}.")


def _grades(value: object, answers: object, names: Sequence[str]) -> str:
    responses = [a.get("response") for a in mappings(answers)] + [None, None]
    parts = []
    for seat, grade in enumerate([*as_list(value), None, None][:2]):
        if grade:
            shown = " · ".join(str(as_int(g)) for g in as_list(grade))
        else:
            shown = _NO_BOARD.get(str(responses[seat]), "no board")
        parts.append(f"{who(names, seat)} {shown}")
    return f"Graded on the Product each board gives ({GRADE_NAMES}, out of all cells): " + (
        " | ".join(parts)
    )


def _runes(value: object) -> str:
    return " · ".join(
        f"`{entry.get('symbol')}` {escape_md(str(entry.get('meaning')))}"
        for entry in mappings(value)
    )


def round_over(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    number = as_int(data.get("round"))
    winner = seat_or_none(data.get("winner"))
    points = [as_int(p) for p in [*as_list(data.get("points")), 0, 0][:2]]
    if winner is None:
        result = "no points"
    else:
        result = f"**{who(names, winner)}** takes it ({signed(points[winner])})"
    why = named_reason(str(data.get("reason")), names)
    lines = [
        f"🏁 **Round {number} is over** — {result}: {why}. "
        f"Score: {scores_text(data.get('scores'), names)}.",
    ]
    if data.get("grades"):
        lines.append(_grades(data.get("grades"), data.get("answers"), names))
    lines.append(f"The Command Sequence was {commands(data.get('sequence'))}. Runes: ")
    lines[-1] += _runes(data.get("runes")) + "."
    reagent, product = board_of(data.get("reagent")), board_of(data.get("product"))
    images = []
    if reagent is not None and product is not None:
        lines += ["The Reagent Board was:", notation(reagent)]
        images.append(_pictures.revealed(number, reagent, product))
    lines += _deciding_answers(data.get("answers"), number, names, images)
    return Rendered(text="\n".join(lines), images=images)


def _deciding_answers(
    value: object, number: int, names: Sequence[str], images: list[Image]
) -> list[str]:
    """The answers that decided the round (public once it is over): a classic
    board as a picture with the Product it makes, a finals sequence as text. A
    pass or a missed window was told already (with the buzz's result, or
    with the grades), so it is not told again here."""
    lines = []
    for seat, answer in enumerate(mappings(value)):
        if answer.get("symbols"):
            lines.append(f"{who(names, seat)} answered {commands(answer.get('symbols'))}.")
            continue
        board = board_of(answer.get("board"))
        if board is None:
            if answer.get("response") not in ("pass", "no_answer"):
                lines.append(f"{who(names, seat)} gave no answer.")  # a notice from before
            continue
        label = f"{seat_name(names, seat)}'s answer"
        made = board_of(answer.get("product"))
        filename = f"round{number}-answer{seat + 1}.png"
        images.append(_pictures.probe(filename, label, board, made))
    return lines


def out_of_time(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = data.get("seat")
    return Rendered(
        text=f"⌛ {who(names, seat)} has no reserve period left and no {data.get('what')}: "
        f"**{who(names, seat)} loses the match.**"
    )


def match_over(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    winner = seat_or_none(data.get("winner"))
    head = f"🏆 **{who(names, winner)} wins the match**" if winner is not None else "The match ends"
    return Rendered(
        text=f"{head} — {named_reason(str(data.get('reason')), names)}. "
        f"Final score: {scores_text(data.get('scores'), names)}."
    )
