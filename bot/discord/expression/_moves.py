"""Moves in the action language, which decision a seat is answering, and the
ephemeral confirmation of a move taken by a button, a form or a slash command."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.discord.replies import move_confirmation
from bot.render.expression._data import typed
from games import Rejected
from games.expression import GAME
from games.expression.clock import (
    expression_window,
    final_key,
    guess_key,
    planning_key,
    reveal_key,
    starter_key,
)
from games.expression.grammar import parse_final

GAME_KEY = GAME.key
#: The seat's own notices that confirm a move; the rest speak in the channels.
CONFIRMATIONS = frozenset(
    {"expression_accepted", "guess_received", "reveal_received", "final_saved"}
)
CLOSED = "Too late — that prompt has already closed."


def window_now(view: Mapping[str, Any], seat: int) -> str | None:
    """The decision ``seat`` answers now, read from its view (the engine's
    ``window``, for callers that hold a view rather than the state)."""
    stage, bout, round_ = view.get("stage"), view.get("bout", 1), view.get("round", 0)
    if view.get("outcome") is not None:
        return None
    if stage == "planning":
        return planning_key(bout)
    if stage == "starter":
        return starter_key() if seat == view.get("advantage") else None
    if stage == "play":
        return expression_window(bout, round_, seat) if seat == view.get("to_play") else None
    if stage == "guess":
        winner = (view.get("history") or [{}])[-1].get("winner")
        return reveal_key(bout, round_) if seat == winner else guess_key(bout, round_)
    if stage == "final":
        return final_key(bout, seat)
    return None


def play_text(expression: str) -> str:
    words = expression.strip()
    return words if words.lower().startswith(("play", "submit", "expr")) else f"play {words}"


def guess_text(tiles: str) -> str:
    words = tiles.strip()
    if words.lower().startswith("guess"):
        return words
    return f"guess {words}" if words else "guess none"


def final_body(entries: Sequence[Mapping[str, Any]]) -> str:
    """A saved Final Guess as the form shows it: ``1: 5 7 +; 2: 12 12 -``."""
    return "; ".join(f"{e['round']}: {typed(e['tiles'])}" for e in entries)


def final_text(guesses: str, lock: bool, saved: Sequence[Mapping[str, Any]]) -> str:
    """The whole Final Guess as the form holds it: named rounds are saved, rounds
    saved before but left out of the form are cleared."""
    body = guesses.strip().removeprefix("final").strip()
    if not body and not lock:
        raise Rejected("Your Final Guess is empty: name rounds like `1: 5 7 +`, or lock it.")
    named = (
        {entry.round for entry in parse_final(" ".join(body.lower().split())).entries}
        if body
        else set()
    )
    cleared = [f"{e['round']}: none" for e in saved if e["round"] not in named]
    parts = [p for p in (body.rstrip(" ;"), "; ".join(cleared)) if p]
    return " ".join(["final", "; ".join(parts), "done" if lock else ""]).strip()


#: Tells the mover (only them) that the move is in, with its private answer.
confirm = move_confirmation(CONFIRMATIONS)
