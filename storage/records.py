"""Plain models the repository returns: callers never see ORM objects."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field


class MatchStatus(StrEnum):
    # Its channels are being made: no list, restore, lookup or page shows it, and
    # it becomes CREATED together with its channel ids, or is deleted.
    CREATING = "creating"
    CREATED = "created"  # channels made, waiting for the host's start
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def live(self) -> bool:
        """Started and not over: its clock and deadlines matter."""
        return self in (MatchStatus.RUNNING, MatchStatus.PAUSED)

    @property
    def over(self) -> bool:
        return self in (MatchStatus.FINISHED, MatchStatus.ABORTED)

    @property
    def shown(self) -> bool:
        """A match people can see: anything but one whose channels are still being made."""
        return self is not MatchStatus.CREATING


class PlayerRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    user_id: int
    private_channel_id: int | None = None


#: How a match's channels are laid out (bot.discord.layouts): a category and
#: channels of its own, or one room in a shared category with private threads.
Layout = Literal["channels", "threads"]


class Channels(BaseModel):
    """The Discord channels of one match (all None for a match run without Discord).
    In the "threads" layout the host log and the private "channels" are threads of
    the room, and the category is shared with other matches."""

    model_config = ConfigDict(frozen=True)

    layout: Layout = "channels"
    category_id: int | None = None
    room_channel_id: int | None = None
    host_channel_id: int | None = None
    private_channel_ids: dict[int, int] = Field(default_factory=dict)  # seat -> channel


class NewMatch(BaseModel):
    guild_id: int
    game: str
    config: dict[str, Any]
    seed: int
    players: list[PlayerRecord]
    channels: Channels = Field(default_factory=Channels)
    #: The host's label for a series of matches (``/match new season:…``).
    season: str | None = None
    #: A practice match: the bot plays ``bot_seat`` at ``bot_level`` (bot.practice).
    practice: bool = False
    bot_seat: int | None = None
    bot_level: str | None = None


class MatchRecord(BaseModel):
    id: int
    guild_id: int
    game: str
    status: MatchStatus
    config: dict[str, Any]
    seed: int
    state: str | None  # the engine state as JSON text; None until started
    #: The game's format version ``state`` is written in (games.core.formats).
    format_version: int = 1
    version: int
    clock_ms: int  # match-clock checkpoint
    pause_reason: str | None
    layout: Layout = "channels"
    category_id: int | None
    room_channel_id: int | None
    host_channel_id: int | None
    players: list[PlayerRecord]
    #: A practice match (/match practice): the bot plays ``bot_seat`` at ``bot_level``.
    practice: bool = False
    bot_seat: int | None = None
    bot_level: str | None = None
    created_at: datetime
    updated_at: datetime
    season: str | None = None

    def seat_of_user(self, user_id: int) -> int | None:
        return next((p.seat for p in self.players if p.user_id == user_id), None)

    def seat_of_channel(self, channel_id: int) -> int | None:
        return next((p.seat for p in self.players if p.private_channel_id == channel_id), None)

    def channel_ids(self) -> list[int]:
        """The match's own channels (or threads: the layout decides), private ones
        first, the room last; its category is not one of them."""
        ids = [p.private_channel_id for p in sorted(self.players, key=lambda p: p.seat)]
        ids += [self.host_channel_id, self.room_channel_id]
        return [i for i in ids if i is not None]


class ChannelMatch(NamedTuple):
    """The match a channel belongs to, and the seat whose private channel it is
    (None for the room and the host log)."""

    match: MatchRecord
    seat: int | None


class EventRecord(BaseModel):
    """One entry of a match's append-only log. ``kind`` is 'action' (payload: the
    engine action), 'expire' (payload: {'key': deadline key}) or 'host' (payload:
    {'command': start|pause|resume|abort, ...})."""

    seq: int
    kind: str
    actor: str | None  # "0", "1", "host" or None for the clock
    payload: dict[str, Any]
    #: The game's format version an action payload is written in (games.core.formats);
    #: an export written before formats were stored has none: version 1.
    format_version: int = 1
    now_ms: int
    created_at: datetime


class OutboxRecord(BaseModel):
    """Notices for one audience from one step, delivered as one message.
    ``target`` is 'public', 'host' or the seat number as text."""

    id: int
    match_id: int
    target: str
    notices: list[dict[str, Any]]
    created_at: datetime


class StaleVersion(Exception):
    """Another writer updated the match first (optimistic version check failed)."""


class WebLink(BaseModel):
    """A token that opens one of a match's web pages: 'watch' (the spectator view)
    or 'edit' (the board editor)."""

    model_config = ConfigDict(frozen=True)

    token: str
    match_id: int
    purpose: str
    created_at: datetime
