"""The forms (modals): an expression, a guess, and the Final Guess.

A form is opened by a button on the request in the private channel or by the
slash command without arguments. Its ``custom_id`` names the decision window it
was opened for, so a form submitted after its round moved on is refused as too
late, and one sent after a bot restart is still taken (see bot.discord.forms).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.buttons import submit_form
from bot.discord.expression._moves import (
    CLOSED,
    confirm,
    final_body,
    final_text,
    guess_text,
    play_text,
    window_now,
)
from bot.discord.forms import FormSubmission, form_id, show_form
from bot.render.expression._data import example_play, numbers_of, pair_of, symbols_of
from bot.render.expression._status import known_lines
from games import Rejected

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

GAME_PREFIX = "ex"
LOCK_WORDS = frozenset({"done", "yes", "y", "lock", "locked"})


async def submit(
    interaction: discord.Interaction[Any],
    match_id: int,
    seat: int,
    text: str,
    window: str | None,
    fallback: str,
) -> None:
    """Make a move for ``seat`` and confirm it ephemerally; the one error path answers."""
    await submit_form(interaction, match_id, seat, text, window, confirm=confirm, fallback=fallback)


class _Form(discord.ui.Modal):
    #: The form's name in its ``custom_id`` (a key of :data:`FORMS`).
    form: str

    def __init__(self, title: str, match_id: int, window: str) -> None:
        custom_id = form_id(GAME_PREFIX, match_id, self.form, window)
        super().__init__(title=title[:45], timeout=None, custom_id=custom_id)


def _tiles(numbers: list[int], symbols: list[str]) -> str:
    shown = " ".join(map(str, numbers)) or "none", " ".join(symbols) or "none"
    return f"Your numbers: `{shown[0]}` · your symbols: `{shown[1]}`"


class PlayForm(_Form):
    form = "play"

    def __init__(self, match_id: int, seat: int, window: str, view: Mapping[str, Any]) -> None:
        super().__init__(f"Round {view.get('round')}: your expression", match_id, window)
        pair = pair_of(view.get("pair"))
        numbers, symbols = numbers_of(view.get("numbers")), symbols_of(view.get("symbols"))
        self.add_item(
            discord.ui.TextDisplay(
                f"Use the global **{pair[0] if pair else '?'}** and **{pair[1] if pair else '?'}**"
                ", two of your numbers and one of your symbols: number symbol number symbol "
                f"number.\n{_tiles(numbers, symbols)}"
            )
        )
        example = example_play(pair, numbers, symbols)
        self.expression: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your expression",
            custom_id="expression",
            placeholder=f"e.g. {example}  (× as * or x, ÷ as /, − as -)",
            max_length=60,
        )
        self.add_item(self.expression)


class GuessForm(_Form):
    form = "guess"

    def __init__(self, match_id: int, seat: int, window: str, view: Mapping[str, Any]) -> None:
        super().__init__(f"Round {view.get('round')}: your guess", match_id, window)
        self.add_item(
            discord.ui.TextDisplay(
                "Guess up to two different numbers (+2 right, −1 wrong) and one symbol "
                "(+1 / −1) your opponent used besides the global pair. Leave it empty for "
                "no guess."
            )
        )
        self.tiles: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your guess",
            custom_id="tiles",
            placeholder="e.g. 5 7 +",
            required=False,
            max_length=30,
        )
        self.add_item(self.tiles)


class FinalForm(_Form):
    form = "final"

    def __init__(self, match_id: int, seat: int, window: str, view: Mapping[str, Any]) -> None:
        super().__init__(f"Final Guess, bout {view.get('bout')}", match_id, window)
        saved = list(view.get("my_final") or [])
        known = "\n".join(known_lines(view, seat))
        self.add_item(
            discord.ui.TextDisplay(
                "For each round, the two numbers and the symbol your opponent used besides "
                "the global pair, any order: `1: 5 7 +; 2: 12 12 -`. Type ÷ as `/`. What "
                "this box holds when you send it is your Final Guess; rounds left out count "
                "as no guess. +2 for each round exactly right."
                + (f"\n**What you know:**\n{known}" if known else "")
            )
        )
        self.guesses: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your guesses, round by round",
            custom_id="guesses",
            style=discord.TextStyle.paragraph,
            placeholder="1: 5 7 +; 2: 12 12 -; 3: 4 9 /",
            default=final_body(saved) or None,
            required=False,
            max_length=1000,
        )
        self.lock: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Lock it now? Type done (or leave empty)",
            custom_id="lock",
            placeholder="done",
            required=False,
            max_length=10,
        )
        self.add_item(self.guesses)
        self.add_item(self.lock)


async def submit_sent_form(interaction: discord.Interaction[Any], sent: FormSubmission) -> None:
    """A sent form (routed by its ``custom_id``, so also one sent after a restart)."""
    if sent.form == "play":
        text, done = play_text(sent.value("expression")), "✅ Played."
    elif sent.form == "guess":
        text, done = guess_text(sent.value("tiles")), "✅ Guess saved."
    elif sent.form == "final":
        text, done = await _final_move(interaction, sent), "✅ Saved."
    else:
        raise Rejected("That form is not an Expression form.")
    await submit(interaction, sent.match_id, sent.seat, text, sent.window, done)


async def _final_move(interaction: discord.Interaction[Any], sent: FormSubmission) -> str:
    """The box is the whole Final Guess: rounds saved now but left out of it are
    cleared (the saved rounds are read as it arrives, not as it was opened)."""
    runtime = cast("GeniusBot", interaction.client).runtime
    saved = list((await runtime.view(sent.match_id, sent.seat)).get("my_final") or [])
    lock = sent.value("lock").strip().lower() in LOCK_WORDS
    return final_text(sent.value("guesses"), lock, saved)


FORMS: dict[str, type[PlayForm | GuessForm | FinalForm]] = {
    "play": PlayForm,
    "guess": GuessForm,
    "final": FinalForm,
}
#: Which decision each form answers (the start of its window), and the refusal
#: when that decision is not the seat's now.
FORM_WINDOWS = {"play": "expression:", "guess": "guess:", "final": "final:"}
NOT_NOW = {
    "play": "It's not your turn to play an expression now.",
    "guess": "There is nothing for you to guess now: the loser of a round guesses right after it.",
    "final": "The Final Guess is not open now: it comes after round 12 of each bout.",
}


def form_window(view: Mapping[str, Any], seat: int, form: str, window: str | None) -> str:
    """The decision a form answers: ``window`` (a button's) if it is still open,
    else the seat's open decision if the form fits it; Rejected otherwise."""
    now = window_now(view, seat)
    if window is not None and now != window:
        raise Rejected(CLOSED)
    if now is None or not now.startswith(FORM_WINDOWS[form]):
        raise Rejected(NOT_NOW[form])
    if form == "final" and view.get("my_final_locked"):
        raise Rejected(f"You have locked your Final Guess for bout {view.get('bout')}.")
    return now


async def open_form(
    interaction: discord.Interaction[Any],
    match_id: int,
    seat: int,
    form: str,
    window: str | None = None,
) -> None:
    """Show ``form`` for the decision ``window`` (default: the seat's open one)."""
    runtime = cast("GeniusBot", interaction.client).runtime
    view = await runtime.view(match_id, seat)
    window = form_window(view, seat, form, window)
    await show_form(interaction, FORMS[form](match_id, seat, window, view))
