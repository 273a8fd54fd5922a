"""Rune Breaker's texts for buzzes and answers: the buzz, the answer window (the
room's notice, and each seat's prompt), sealed answers as they come in, the
buzz's result and play resuming (with the finals' prompt to buzz again).
Answers stay sealed, and so does a pass: the room and the other seat only
learn that a seat is in, and once both are judged, who was right, who was
wrong and who passed."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.base import Rendered, as_int, as_list, who
from bot.render.runebreaker import _pictures
from bot.render.runebreaker._data import board_of, commands, notation, seat_or_none, signed
from games.core.contract import Audience, Notice


def buzz(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seat = data.get("seat")
    whom = "You buzz" if audience == seat else f"**{who(names, seat)}** buzzes"
    return Rendered(
        text=f"🚨 {whom}! (round {as_int(data.get('round'))}, turn {as_int(data.get('turn'))}) "
        "The clock stops; both players answer privately."
    )


def answers_open(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    seconds = as_int(data.get("seconds"))
    buzzer = seat_or_none(data.get("buzzer"))
    if buzzer is None:
        return Rendered(
            text=f"✍️ **Final submission** (round {as_int(data.get('round'))}): all turns are "
            f"played. Both players have {seconds} s to submit a Reagent Board privately; the "
            "boards are graded on the Product each produces."
        )
    return Rendered(
        text=f"✍️ Both players have {seconds} s to answer privately. If both are right, "
        f"**{who(names, buzzer)}** (who buzzed) takes the round."
    )


def answer_prompt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """A seat's own prompt to answer (after a buzz, or the classic final submission)."""
    data = notice.data
    final = seat_or_none(data.get("buzzer")) is None
    seconds, number = as_int(data.get("seconds")), as_int(data.get("round"))
    return Rendered(text=_answer_prompt(data.get("variant"), final, number, seconds))


def buzz_prompt(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """Finals: the buzz-in phase resumes and this seat has not buzzed this turn."""
    data = notice.data
    where = f"round {as_int(data.get('round'))}, turn {as_int(data.get('turn'))}"
    return Rendered(
        text=f"🔔 **The buzz-in phase resumes** ({where}, {as_int(data.get('seconds'))} s "
        "left). Know the Command Sequence? **Buzz**, `buzz` or `/runebreaker buzz`."
    )


def _answer_prompt(variant: object, final: bool, number: int, seconds: int) -> str:
    if variant == "finals":
        what, typed = "the Command Sequence", "`answer A # Q`"
    else:
        what, typed = "the Reagent Board", "`answer <board>` (notation or a board-editor code)"
    head = (
        f"✍️ **Final submission** (round {number}, {seconds} s): send {what}; it is graded."
        if final
        else f"✍️ **Answer now** ({seconds} s): send {what}."
    )
    return (
        f"{head} **Answer…**, {typed} or `/runebreaker answer`; **Pass** for no answer. "
        "Your last valid answer counts (in a reserve period, your first)."
    )


def answer_in(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    """An answer or a pass: which one stays sealed until the answers are judged."""
    seat = notice.data.get("seat")
    if audience == seat:
        return Rendered(text="📨 You are in (sealed).")
    return Rendered(text=f"📨 {who(names, seat)} is in (sealed: an answer or a pass).")


def pass_taken(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    return Rendered(
        text="🔒 You pass: no answer from you this time. The room learns only that you are "
        "in, until the answers are judged."
    )


def no_answer(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    seat = notice.data.get("seat")
    return Rendered(text=f"⌛ {who(names, seat)} gave no answer in time.")


def buzz_result(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    buzzer = seat_or_none(data.get("buzzer"))
    correct = [bool(c) for c in [*as_list(data.get("correct")), False, False][:2]]
    responses = [*as_list(data.get("responses")), None, None][:2]
    points = [as_int(p) for p in [*as_list(data.get("points")), 0, 0][:2]]
    marks = " · ".join(
        f"{who(names, seat)}{' (buzzer)' if seat == buzzer else ''} "
        + _judged(correct[seat], responses[seat])
        for seat in (0, 1)
    )
    scored = [f"{who(names, seat)} {signed(points[seat])}" for seat in (0, 1) if points[seat]]
    tail = f" → {', '.join(scored)}." if scored else " → nobody scores; play goes on."
    return Rendered(text=f"⚖️ The answers: {marks}{tail}")


def _judged(correct: bool, response: object) -> str:
    if correct:
        return "✅ right"
    if response == "pass":
        return "passed"
    if response == "no_answer":
        return "⌛ no answer"
    return "❌ wrong"


def play_resumed(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    where = f"round {as_int(data.get('round'))}, turn {as_int(data.get('turn'))}"
    if data.get("stage") == "buzz_in":
        return Rendered(
            text=f"▶️ Nobody was right: the buzz-in phase ({where}) resumes with the time it "
            "had left."
        )
    return Rendered(text=f"▶️ Nobody was right: {where} resumes with the time it had left.")


def answer_taken(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
    data = notice.data
    then = (
        "You are in a reserve period, so this first valid answer is final."
        if data.get("locked")
        else "You may replace it until the time is up: your last valid answer counts."
    )
    board = board_of(data.get("board"))
    if board is None:
        return Rendered(
            text=f"🔒 Your Command Sequence is in: {commands(data.get('symbols'))}. {then}"
        )
    image = _pictures.answer("answer.png", "Your answer (sealed)", board)
    text = "\n".join(["🔒 Your Reagent Board is in (sealed):", notation(board), then])
    return Rendered(text=text, images=[image])
