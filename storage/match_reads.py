"""The match repository's reads (storage.repository), each statement built once
per process: its values come as parameters when it runs.

Building a statement, and working out the cache key SQLAlchemy finds its
compiled form by, cost more than running it: a channel's match, read on most
interactions, took about three times as long built anew for each call. A
statement object keeps its key once worked out, so these are built here once.
"""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Integer,
    Select,
    bindparam,
    case,
    cast,
    false,
    null,
    select,
    union_all,
)
from sqlalchemy.orm import selectinload
from sqlalchemy.sql import Subquery

from storage.records import MatchStatus
from storage.tables import EventRow, MatchPlayerRow, MatchRow, OutboxRow

# A match whose channels are still being made is neither: no list or restore sees it.
UNFINISHED = tuple(s.value for s in MatchStatus if not s.over and s.shown)
OVER = tuple(s.value for s in MatchStatus if s.over)

# Writes skip the session's identity map (synchronize_session=False), so every
# read refreshes the rows it returns rather than trusting cached objects.
FRESH: Final = {"populate_existing": True}


def matches() -> Select[MatchRow]:
    # Players come in one extra SELECT ... IN for all matches, not one per match.
    return select(MatchRow).options(selectinload(MatchRow.players)).execution_options(**FRESH)


#: A match by id (``match_id``).
BY_ID: Final = matches().where(MatchRow.id == bindparam("match_id"))

#: Matches whose status is one of ``statuses`` (a list), oldest first: the IN
#: list is one parameter, expanded as it runs, so any statuses share it.
WITH_STATUS: Final = (
    matches()
    .where(MatchRow.status.in_(bindparam("statuses", expanding=True)))
    .order_by(MatchRow.id)
)

_SHOWN: Final = MatchRow.status != MatchStatus.CREATING.value
_OF_GUILD: Final = matches().where(MatchRow.guild_id == bindparam("guild_id"), _SHOWN)
#: A guild's matches (``guild_id``), newest first.
OF_GUILD: Final = _OF_GUILD.order_by(MatchRow.id.desc())
#: A guild's unfinished matches (``guild_id``), newest first.
LIVE_OF_GUILD: Final = _OF_GUILD.where(MatchRow.status.in_(UNFINISHED)).order_by(MatchRow.id.desc())


def _channel_hits() -> Subquery:
    """(match_id, seat) of every match using the channel (``channel_id``): its
    room or host log (seat None), or a seat's private channel. A UNION keeps each
    on its own index."""
    channel_id = bindparam("channel_id", type_=BigInteger)
    no_seat = cast(null(), Integer).label("seat")
    room = select(MatchRow.id.label("match_id"), no_seat).where(
        MatchRow.room_channel_id == channel_id
    )
    host_log = select(MatchRow.id.label("match_id"), no_seat).where(
        MatchRow.host_channel_id == channel_id
    )
    private = select(MatchPlayerRow.match_id, MatchPlayerRow.seat).where(
        MatchPlayerRow.private_channel_id == channel_id
    )
    return union_all(room, host_log, private).subquery("hits")


def _by_channel() -> Select[Any]:
    hits = _channel_hits()
    over_last = case((MatchRow.status.in_(OVER), 1), else_=0)
    return (
        matches()
        .add_columns(hits.c.seat)
        .join(hits, hits.c.match_id == MatchRow.id)
        .where(_SHOWN)
        .order_by(over_last, MatchRow.id.desc())
        .limit(1)
    )


#: The match using a channel (``channel_id``) and the seat it is for (None: the
#: room or host log): an unfinished match first, then the newest.
BY_CHANNEL: Final = _by_channel()

_UNDELIVERED: Final = select(OutboxRow).where(OutboxRow.delivered == false())
#: Every queued message not yet delivered, oldest first.
UNDELIVERED: Final = _UNDELIVERED.order_by(OutboxRow.id).execution_options(**FRESH)
#: A match's (``match_id``) queued messages not yet delivered, oldest first.
UNDELIVERED_OF: Final = (
    _UNDELIVERED.where(OutboxRow.match_id == bindparam("match_id"))
    .order_by(OutboxRow.id)
    .execution_options(**FRESH)
)

#: A match's (``match_id``) event log, in order.
EVENTS: Final = (
    select(EventRow)
    .where(EventRow.match_id == bindparam("match_id"))
    .order_by(EventRow.seq)
    .execution_options(**FRESH)
)
