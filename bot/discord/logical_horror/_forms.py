"""The query form (a modal): paste a board-editor code or type the grid.

It opens from a **Public query…** / **Private query…** button or from
``/logical_horror public`` (``private``) without a board. The match has no
decision windows (both seats query whenever they like), so the form only
checks that the match is running before it opens; the runtime checks again
when it is sent. It is answered by its ``custom_id``, so a form sent after a
bot restart is still taken (see bot.discord.forms).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.buttons import submit_form
from bot.discord.forms import FormSubmission, form_id, show_form
from bot.discord.logical_horror._moves import confirm, query_text
from games import Rejected

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

GAME_PREFIX = "lh"
BOARD_CHARS = 1000  # a 10×10 grid with line breaks is about 110 characters
NOT_RUNNING = {
    "created": "The match hasn't started yet — the host starts it.",
    "paused": "The match is paused; moves wait until the host resumes it.",
}


def _runtime(interaction: discord.Interaction[Any]) -> Any:
    return cast("GeniusBot", interaction.client).runtime


def empty_grid(view: Mapping[str, Any]) -> str:
    puzzle = view.get("puzzle")
    if not isinstance(puzzle, Mapping):
        return ""
    height, width = int(puzzle.get("height") or 0), int(puzzle.get("width") or 0)
    return "\n".join("." * width for _ in range(height))


def check_open(view: Mapping[str, Any]) -> None:
    """Rejected unless the match is running (a form is not opened for nothing)."""
    status = str(view.get("match", {}).get("status", "running"))
    if status in NOT_RUNNING:
        raise Rejected(NOT_RUNNING[status])
    if status != "running" or view.get("outcome") is not None:
        raise Rejected("The match is over.")
    if view.get("pending_win") is not None:
        raise Rejected("A winning board is waiting for the host's word; queries wait too.")


class QueryForm(discord.ui.Modal):
    def __init__(self, match_id: int, seat: int, kind: str, view: Mapping[str, Any]) -> None:
        custom_id = form_id(GAME_PREFIX, match_id, kind)
        super().__init__(title=f"Your {kind} query", timeout=None, custom_id=custom_id)
        puzzle = view.get("puzzle") if isinstance(view.get("puzzle"), Mapping) else {}
        answer_format = puzzle.get("format") if isinstance(puzzle, Mapping) else None
        sentence = answer_format.get("sentence", "") if isinstance(answer_format, Mapping) else ""
        told = (
            "you learn which clues it satisfies; the room sees the board and the count."
            if kind == "public"
            else "you learn which colours it fully satisfies; your opponent only that you asked."
        )
        self.add_item(
            discord.ui.TextDisplay(
                f"Paste the board editor's code, or type the grid: `#` shaded, `.` unshaded, "
                f"one row per line. {sentence} A {kind} query costs a token: {told}"
            )
        )
        self.board: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your board (a code or the grid)",
            custom_id="board",
            style=discord.TextStyle.paragraph,
            default=empty_grid(view) or None,
            max_length=BOARD_CHARS,
        )
        self.add_item(self.board)


async def submit_sent_form(interaction: discord.Interaction[Any], sent: FormSubmission) -> None:
    """A sent query form (routed by its ``custom_id``, so also one sent after a restart)."""
    if sent.form not in ("public", "private"):
        raise Rejected("That form is not a Logical Horror query.")
    text = query_text(sent.form, sent.value("board"))
    # No decision window: Logical Horror's queries can't go stale.
    await submit_form(
        interaction, sent.match_id, sent.seat, text, None,
        confirm=confirm, fallback="✅ Query sent.",
    )  # fmt: skip


async def open_form(
    interaction: discord.Interaction[Any], match_id: int, seat: int, kind: str
) -> None:
    """Show the query form if the match is running."""
    view = await _runtime(interaction).view(match_id, seat)
    check_open(view)
    await show_form(interaction, QueryForm(match_id, seat, kind, view))
