"""What every game's persistent buttons (and menus) share.

Each ``custom_id`` carries the match, the decision window of the prompt the item
sits under, and the move, so a click after a restart still works and a click on
an old prompt is refused as too late (the runtime compares the window) instead
of answering whatever is open now. Each game's item names its own ``template``
(its ``custom_id`` format, which must never change: live servers hold posted
buttons); :class:`MoveItem` gives them the one path for a click.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import discord

from bot.discord.acting import Audience, seat_for_click
from bot.discord.errors import answer_interaction
from bot.discord.replies import in_time
from bot.runtime import MatchRuntime
from games import Notice
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any], covariant=True)


class MoveItem(
    discord.ui.DynamicItem[ItemT],
    template=r"(?!)",  # matches no custom_id: only the games' own items are registered
):
    """A persistent item that makes a move for the seat clicking it in match
    ``match_id``, aimed at decision window ``window``. Subclasses implement
    :meth:`act` (and ``from_custom_id``) and declare their ``audience``."""

    #: Who may click it (see :class:`~bot.discord.acting.Audience`); declared by
    #: every subclass, and held to it by tests/bot/discord/test_authorization.py.
    audience: ClassVar[Audience]

    def __init__(self, item: ItemT, match_id: int, window: str) -> None:
        super().__init__(item)
        self.match_id = match_id
        self.window = window

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """The clicker's seat (only the owner of the channel's buttons may act),
        then :meth:`act`; the one error path answers, and the match carries on."""
        try:
            record = await _runtime(interaction).get(self.match_id)
            seat = seat_for_click(record, interaction.channel_id, interaction.user.id).seat
            await self.act(interaction, record, seat)
        except Exception as error:
            await answer_interaction(interaction, error, match_id=self.match_id)

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        """What the click does for ``seat``."""
        raise NotImplementedError

    async def submit(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int, move: str
    ) -> list[Notice]:
        """Make ``move`` (typed as in the action language) for ``seat``, aimed at
        this item's window; the notices addressed to the seat. Deferred first if
        committing it outlasts Discord's patience."""
        runtime = _runtime(interaction)
        return await in_time(
            interaction, runtime.submit_text(record.id, seat, move, window=self.window)
        )


def persistent_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """A post's buttons in a view with no timeout (the items are persistent, so
    they keep working after a restart); no items, no view."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def _runtime(interaction: discord.Interaction[Any]) -> MatchRuntime:
    return cast("GeniusBot", interaction.client).runtime


#: A game's confirmation of a move to its mover (see :func:`replies.confirm_move`).
Confirm = Callable[
    [discord.Interaction[Any], MatchRecord, int, Sequence[Notice], str], Awaitable[None]
]


async def submit_form(
    interaction: discord.Interaction[Any],
    match_id: int,
    seat: int,
    text: str,
    window: str | None,
    *,
    confirm: Confirm,
    fallback: str,
) -> None:
    """A form's move for ``seat``, aimed at the window its button carried, then
    confirmed ephemerally; the one error path answers anything else."""
    runtime = _runtime(interaction)
    try:
        record = await runtime.get(match_id)
        move = runtime.submit_text(match_id, seat, text, window=window)
        notices = await in_time(interaction, move)
        await confirm(interaction, record, seat, notices, fallback)
    except Exception as error:  # the one error path answers; the match carries on
        await answer_interaction(interaction, error, match_id=match_id)
