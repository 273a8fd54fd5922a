"""The forms (modals): a probe (a 4×4 board and its commands) and an answer (the
Reagent Board in the classic game, the Command Sequence in the finals).

A form opens from a button in the private channel or from the slash command
without options. It checks the decision is open before it opens, and a form
opened by a button is sent aimed at that button's window, so a form sent after
its turn or buzz is over is refused as too late rather than applied to the next.
The window travels in the form's ``custom_id``, so a form sent after a bot
restart is still taken (see bot.discord.forms).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.buttons import submit_form
from bot.discord.forms import FormSubmission, form_id, show_form
from bot.discord.runebreaker._moves import answer_text, confirm, form_window, probe_text
from bot.render.runebreaker._data import board_of, mapping
from games.runebreaker.board import Board
from games.runebreaker.notation import format_board
from games.runebreaker.pieces import COLOURS, SHAPES
from games.runebreaker.rounds import PROBE_SIZE

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

GAME_PREFIX = "rb"
BOARD_CHARS = 1000  # a 10×10 board in notation is about 300 characters


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


def palette_help(view: Mapping[str, Any]) -> str:
    """The objects of this match: ``Rc`` = red circle, and the letters in play."""
    palette = mapping(view.get("palette"))
    colours = COLOURS[: int(palette.get("colours") or len(COLOURS))]
    shapes = SHAPES[: int(palette.get("shapes") or len(SHAPES))]
    return (
        "One token per cell, colour then shape (`Rc` = red circle), `..` for empty; one row "
        "per line. Colours: "
        + ", ".join(f"{c} {name}" for c, name in colours)
        + ". Shapes: "
        + ", ".join(f"{s} {name}" for s, name in shapes)
        + "."
    )


def empty_grid(size: int) -> str:
    return format_board(Board.empty(size))


class _Form(discord.ui.Modal):
    #: The form's name in its ``custom_id`` (a key of :data:`FORMS`).
    form: str

    def __init__(self, title: str, match_id: int, window: str | None) -> None:
        custom_id = form_id(GAME_PREFIX, match_id, self.form, window)
        super().__init__(title=title[:45], timeout=None, custom_id=custom_id)


class ProbeForm(_Form):
    form = "probe"

    def __init__(
        self, match_id: int, seat: int, window: str | None, view: Mapping[str, Any]
    ) -> None:
        current = mapping(view.get("round"))
        title = f"Round {current.get('number')}, turn {current.get('turn')}: your probe"
        super().__init__(title, match_id, window)
        if view.get("variant") == "finals":
            limit = current.get("probe_limit")
            allowed = " ".join(current.get("executable") or [])
            rule = f"Up to {limit} of the executable commands `{allowed}`, in any order."
        else:
            allowed = " ".join(current.get("sequence") or [])
            rule = (
                f"Up to 3 commands of the sequence `{allowed}`, never a run of it "
                "(for `A B C`, not `A B` or `B C`)."
            )
        self.add_item(discord.ui.TextDisplay(f"{palette_help(view)}\n{rule}"))
        self.board: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your 4×4 board (or a board-editor code)",
            custom_id="board",
            style=discord.TextStyle.paragraph,
            default=empty_grid(PROBE_SIZE),
            max_length=BOARD_CHARS,
        )
        self.commands: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Its commands, in order",
            custom_id="commands",
            placeholder="e.g. B A",
            max_length=40,
        )
        self.add_item(self.board)
        self.add_item(self.commands)


class AnswerForm(_Form):
    form = "answer"

    def __init__(
        self, match_id: int, seat: int, window: str | None, view: Mapping[str, Any]
    ) -> None:
        current = mapping(view.get("round"))
        mine = mapping(view.get("my_answer"))
        super().__init__(f"Round {current.get('number')}: your answer", match_id, window)
        self.answer: discord.ui.TextInput[Any]
        if view.get("variant") == "finals":
            allowed = " ".join(current.get("executable") or [])
            self.add_item(
                discord.ui.TextDisplay(
                    f"The Command Sequence that turns the Reagent into the Product, in order, "
                    f"from `{allowed}`. Right if it gives exactly the Product, however spelled."
                )
            )
            self.answer = discord.ui.TextInput(
                label="The Command Sequence",
                custom_id="answer",
                placeholder="e.g. A # Q",
                default=" ".join(mine.get("symbols") or []) or None,
                max_length=80,
            )
        else:
            size = int(current.get("size") or 10)
            board = board_of(mine.get("board"))
            self.add_item(
                discord.ui.TextDisplay(
                    f"The {size}×{size} Reagent Board: right if the sequence turns it into "
                    f"exactly the Product. {palette_help(view)}"
                )
            )
            self.answer = discord.ui.TextInput(
                label=f"Your {size}×{size} board (or a board-editor code)",
                custom_id="answer",
                style=discord.TextStyle.paragraph,
                default=format_board(board) if board is not None else empty_grid(size),
                max_length=BOARD_CHARS,
            )
        self.add_item(self.answer)


async def submit_sent_form(interaction: discord.Interaction[Any], sent: FormSubmission) -> None:
    """A sent form (routed by its ``custom_id``, so also one sent after a restart)."""
    if sent.form == "probe":
        text, done = probe_text(sent.value("board"), sent.value("commands")), "✅ Probe sent."
    else:
        text, done = answer_text(sent.value("answer")), "✅ Answer sent."
    await submit(interaction, sent.match_id, sent.seat, text, sent.window, done)


FORMS: dict[str, type[ProbeForm | AnswerForm]] = {"probe": ProbeForm, "answer": AnswerForm}


async def open_form(
    interaction: discord.Interaction[Any],
    match_id: int,
    seat: int,
    form: str,
    window: str | None = None,
) -> None:
    """Show ``form`` if its decision is open to ``seat`` (for ``window``, a button's)."""
    runtime = cast("GeniusBot", interaction.client).runtime
    view = await runtime.view(match_id, seat)
    form_window(view, seat, form, window)
    await show_form(interaction, FORMS[form](match_id, seat, window, view))
