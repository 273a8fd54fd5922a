"""The bid buttons: one per distinct card in hand, plus Pass.

They are persistent: each ``custom_id`` carries the match, the bid's deadline
window and the card (``gs:bid:7:bid:2:C:0:4``), so a click after a restart
still works, and a click on an old message is refused as too late instead of
bidding on whatever auction is open now.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ButtonStyle

from bot.discord.acting import Audience
from bot.discord.buttons import MoveItem
from bot.discord.goofspiel._moves import bid_text, confirm
from games import Notice
from games.goofspiel import GAME
from games.goofspiel.cards import PASS
from storage.records import MatchRecord

GAME_KEY = GAME.key


class BidButton(
    MoveItem[discord.ui.Button[discord.ui.View]],
    template=r"gs:bid:(?P<match>[0-9]+):(?P<window>\S+):(?P<card>[0-6])",
):
    audience = Audience.PLAYER

    def __init__(self, match_id: int, window: str, card: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Pass" if card == PASS else str(card),
                style=ButtonStyle.secondary if card == PASS else ButtonStyle.primary,
                custom_id=f"gs:bid:{match_id}:{window}:{card}",
            ),
            match_id,
            window,
        )
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BidButton:
        return cls(int(match["match"]), match["window"], int(match["card"]))

    async def act(
        self, interaction: discord.Interaction[Any], record: MatchRecord, seat: int
    ) -> None:
        notices = await self.submit(interaction, record, seat, bid_text(self.card))
        await confirm(interaction, record, seat, self.card, notices)


def bid_view(match: MatchRecord, seat: int, notices: Sequence[Notice]) -> discord.ui.View | None:
    """Buttons for the newest bid request among a seat's notices, if any."""
    requests = [n for n in notices if n.kind == "bid_requested"]
    if not requests:
        return None
    data = requests[-1].data
    window = str(data["window"])
    view = discord.ui.View(timeout=None)
    for card in sorted({int(c) for c in data.get("hand", [])}):
        view.add_item(BidButton(match.id, window, card))
    view.add_item(BidButton(match.id, window, PASS))
    return view
