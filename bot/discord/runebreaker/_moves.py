"""Rune Breaker moves as the action language spells them, the decision a seat
answers now (read from its view), and the ephemeral confirmation of a move made
by a button, a form or a slash command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.discord.replies import move_confirmation
from games import Rejected
from games.runebreaker import GAME

GAME_KEY = GAME.key
#: The seat's own notices that answer its move; the rest speak in the channels.
CONFIRMATIONS = frozenset(
    {
        "probe_taken",
        "probe_error",
        "probe_again",
        "decipher_taken",
        "decipher_error",
        "answer_taken",
        "pass_taken",
    }
)
CLOSED = "Too late — that prompt has already closed."
NOT_NOW = {
    "probe": "You can't probe now: in the classic game on your turn, in the finals during "
    "the submissions phase (until you are done).",
    "answer": "No answer is asked for now: answers follow a buzz, or the last turn of a "
    "classic round.",
}


# -- the action language ---------------------------------------------------------------


def probe_text(board: str, commands: str) -> str:
    """``probe <board> : <commands>``; the board may span lines (rows) or use ``/``."""
    return f"probe {board.strip()} : {commands.strip()}"


def answer_text(answer: str) -> str:
    words = answer.strip()
    return words if words.lower().startswith("answer") else f"answer {words}"


# -- decision windows ----------------------------------------------------------------------
# Named as :func:`games.runebreaker.clock.window` names them: a button carries
# the window of the prompt it sits under, and the runtime refuses it once that
# window has closed.


def turn_window(variant: object, number: object, turn: object) -> str:
    stage = "submit" if variant == "finals" else "turn"
    return f"{stage}:{number}:{turn}"


def buzz_in_window(number: object, turn: object) -> str:
    return f"buzz_in:{number}:{turn}"


def _round(view: Mapping[str, Any]) -> Mapping[str, Any]:
    current = view.get("round")
    return current if isinstance(current, Mapping) else {}


def probe_open(view: Mapping[str, Any], seat: int) -> str | None:
    """The probe window open to ``seat`` now, if any."""
    current = _round(view)
    number, turn = current.get("number"), current.get("turn")
    if view.get("stage") == "probe" and current.get("active") == seat:
        return turn_window("classic", number, turn)
    done = list(current.get("done") or [False, False])
    if view.get("stage") == "submit" and not done[seat]:
        return turn_window("finals", number, turn)
    return None


def answer_open(view: Mapping[str, Any], window: str | None) -> bool:
    """Whether answers are asked for now, and ``window`` (a button's) is theirs.

    The view does not say how many buzzes the round has had, so an old buzz's
    window passes here and is refused by the runtime when the form is sent."""
    current = _round(view)
    if view.get("stage") != "answer":
        return False
    if window is None:
        return True
    if current.get("buzzer") is None:
        return window == f"final:{current.get('number')}"
    return window.startswith(f"answer:{current.get('number')}:")


def form_window(view: Mapping[str, Any], seat: int, form: str, window: str | None) -> None:
    """Rejected unless ``form`` answers a decision open to ``seat`` now (and, when
    opened by a button, the one that button was posted for)."""
    if view.get("outcome") is not None or view.get("stage") == "over":
        raise Rejected("The match is over.")
    if form == "probe":
        now = probe_open(view, seat)
        if window is not None and now != window:
            raise Rejected(CLOSED)
        if now is None:
            raise Rejected(NOT_NOW["probe"])
        return
    if not answer_open(view, None):
        raise Rejected(CLOSED if window is not None else NOT_NOW["answer"])
    if not answer_open(view, window):
        raise Rejected(CLOSED)


# -- confirming a move ---------------------------------------------------------------------


#: Tells the mover (only them) that the move is in, with its private answer.
confirm = move_confirmation(CONFIRMATIONS)
