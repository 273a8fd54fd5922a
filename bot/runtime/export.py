"""A match as one JSON file: everything needed to rebuild it (``/match export``)
and to check the rebuilt match against what was stored (``genius-bot replay``).

The file holds the seed, the config the match was created with, the seats, the
event log in order (host commands, actions, expiries, each with its
match-clock time), the stored outcome and the stored state. Rebuilding needs
only the first four; the last two are what the rebuilt match is held to.

Formats (games.core.formats): the state is written in the game's current
format, as ``state_format`` says; each event keeps the format version it was
logged in. A later release reading the file upgrades both (:func:`upgraded`,
and the replay each action), as it upgrades a stored match. A file of version
1, from before formats were stored, is all format 1.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.runtime.stored import stored_state
from games import Game, Outcome
from games.core.formats import upgrade_state
from storage.records import EventRecord, MatchRecord

#: What the file says it is, so a foreign JSON file is told apart at once.
FORMAT = "genius-bot match export"
#: Raised when the file's shape changes; a reader refuses versions it does not know.
#: 2: the game's format versions (``state_format``, each event's ``format_version``).
#: 3: the match's ``season`` label (None in older files).
VERSION = 3
#: The versions this build reads: version 1 is version 2 with every format at 1.
READS = (1, 2, 3)
#: What a match's raw rows say they are (:class:`RawRows`).
RAW_FORMAT: Final = "genius-bot raw match rows"


class ExportError(Exception):
    """A file that is not a match export this version can read; the message says why."""


class ExportedSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0, le=1)
    #: Discord ids as text: they exceed what JSON readers in JavaScript hold exactly.
    user_id: str
    name: str


class ExportedPractice(BaseModel):
    """A practice match (``/match practice``): the seat the bot played, at which level."""

    model_config = ConfigDict(extra="forbid")

    bot_seat: int = Field(ge=0, le=1)
    level: str


class MatchExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["genius-bot match export"]
    version: Literal[1, 2, 3]
    game: str
    game_title: str
    match_id: int
    status: str
    seed: int
    config: dict[str, Any]
    seats: list[ExportedSeat] = Field(min_length=2, max_length=2)
    events: list[EventRecord]
    outcome: Outcome | None
    #: The stored engine state (None before the start): the rebuilt state must equal it.
    state: dict[str, Any] | None
    #: The game's format version ``state`` is written in (games.core.formats).
    state_format: int = 1
    #: A practice match against the bot (None: two people played it).
    practice: ExportedPractice | None = None
    exported_at: datetime
    #: The host's season label (``/match new season:…``).
    season: str | None = None

    def names(self) -> tuple[str, str]:
        by_seat = {s.seat: s.name for s in self.seats}
        return by_seat.get(0, "Player 1"), by_seat.get(1, "Player 2")


def build_export(
    game: Game[Any, Any, Any],
    record: MatchRecord,
    events: Sequence[EventRecord],
    names: Sequence[str],
) -> MatchExport:
    """The export of ``record`` as stored, with ``events`` its whole log."""
    state = stored_state(game, record)
    seats = [
        ExportedSeat(seat=p.seat, user_id=str(p.user_id), name=names[p.seat])
        for p in sorted(record.players, key=lambda p: p.seat)
    ]
    return MatchExport(
        format=FORMAT,
        version=VERSION,
        game=record.game,
        game_title=game.title,
        match_id=record.id,
        status=str(record.status),
        seed=record.seed,
        config=record.config,
        seats=seats,
        events=list(events),
        outcome=None if state is None else game.outcome(state),
        state=None if state is None else state.model_dump(mode="json"),
        state_format=game.formats.version,
        practice=_practice(record),
        exported_at=datetime.now(UTC),
        season=record.season,
    )


def _practice(record: MatchRecord) -> ExportedPractice | None:
    if not record.practice or record.bot_seat is None:
        return None
    return ExportedPractice(bot_seat=record.bot_seat, level=record.bot_level or "")


class RawRows(BaseModel):
    """A match this version of the bot cannot load, as stored: its row (the state
    as the stored JSON text, unparsed), its players and its event log, with the
    reason it cannot be loaded. Not a replayable export: what a host keeps, or
    hands to whoever fixes the upgrade, before aborting the match."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["genius-bot raw match rows"] = RAW_FORMAT
    version: Literal[1] = 1
    match_id: int
    game: str
    game_title: str
    status: str
    reason: str
    seats: list[ExportedSeat]
    #: Every column of the match's row, as stored.
    match: dict[str, Any]
    events: list[EventRecord]
    exported_at: datetime

    def names(self) -> tuple[str, str]:
        by_seat = {s.seat: s.name for s in self.seats}
        return by_seat.get(0, "Player 1"), by_seat.get(1, "Player 2")


def export_bytes(export: MatchExport | RawRows) -> bytes:
    return export.model_dump_json(indent=2).encode()


def file_name(export: MatchExport | RawRows) -> str:
    raw = "-raw" if isinstance(export, RawRows) else ""
    return f"match-{export.match_id}-{export.game}{raw}.json"


def load_export(text: str | bytes) -> MatchExport:
    """The export in ``text``, or :class:`ExportError` saying plainly what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ExportError(f"not a JSON file ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(f'not a genius-bot match export (it has no "format": "{FORMAT}")')
    if data.get("version") not in READS:
        raise ExportError(
            f"written in format version {data.get('version')!r}; "
            f"this genius-bot reads versions {', '.join(map(str, READS[:-1]))} and {READS[-1]}"
        )
    try:
        return MatchExport.model_validate(data)
    except ValidationError as error:
        raise ExportError(f"a damaged match export: {_first_problem(error)}") from None


def upgraded(game: Game[Any, Any, Any], export: MatchExport) -> MatchExport:
    """``export`` with its state in the game's current format (its events keep
    theirs: the replay upgrades each). The outcome beside the state is the
    state's own outcome, so it is upgraded with it; one that differed from the
    state's is left as it is, for the check to find. FormatError for a format
    this build cannot read."""
    if export.state is None or export.state_format == game.formats.version:
        return export
    state = upgrade_state(game, export.state_format, export.state)
    outcome = export.outcome
    if outcome is not None and outcome.model_dump(mode="json") == export.state.get("outcome"):
        outcome = Outcome.model_validate(state.get("outcome"))
    return export.model_copy(
        update={"state": state, "outcome": outcome, "state_format": game.formats.version}
    )


def _first_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "the file"
    more = error.error_count() - 1
    also = f" (and {more} more)" if more else ""
    return f"{where}: {first['msg']}{also}"
