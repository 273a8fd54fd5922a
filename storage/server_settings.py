"""Each server's own settings, changed by its hosts (``/match settings``).

A server without a row has every default. A setting is a field of
:class:`ServerSettings` and a column of the same name in ``server_settings``;
its ``metadata`` says what it means and, for a number, its range, so the
command that shows and changes them needs no list of its own. Adding one: a
field here, its column in storage/tables.py and a migration.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, get_type_hints

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from storage.tables import ServerSettingsRow


def _setting(default: Any, about: str, *, low: int | None = None, high: int | None = None) -> Any:
    return field(default=default, metadata={"about": about, "low": low, "high": high})


@dataclass(frozen=True)
class ServerSettings:
    practice_enabled: bool = _setting(
        False, "Members may start a practice match against the bot (`/match practice`)."
    )
    practice_limit: int = _setting(
        2, "How many practice matches may run on this server at once.", low=1, high=20
    )
    publish_all: bool = _setting(
        False,
        "Every finished match is listed in the server's history page (`/match history`), "
        "but those a host took off with `/match unpublish`.",
    )
    match_page_days: int = _setting(
        0,
        "Days a finished match's page (its spectator link) stays open; 0: as long as "
        "the match is stored.",
        low=0,
        high=3650,
    )


@dataclass(frozen=True)
class Setting:
    """One setting as the command shows it: its name, type, meaning and range."""

    name: str
    kind: type[bool] | type[int]
    about: str
    low: int | None
    high: int | None


@cache
def described() -> tuple[Setting, ...]:
    """Every setting, in the order of :class:`ServerSettings`."""
    hints = get_type_hints(ServerSettings)
    return tuple(
        Setting(f.name, hints[f.name], f.metadata["about"], f.metadata["low"], f.metadata["high"])
        for f in fields(ServerSettings)
    )


async def load(session: AsyncSession, guild_id: int) -> ServerSettings:
    row = await session.get(ServerSettingsRow, guild_id, populate_existing=True)
    if row is None:
        return ServerSettings()
    return ServerSettings(**{f.name: getattr(row, f.name) for f in fields(ServerSettings)})


async def save(
    session: AsyncSession,
    guild_id: int,
    settings: ServerSettings,
    *,
    changed: Iterable[str] | None = None,
) -> None:
    """Store the server's settings in one statement. A row already there gets
    only the ``changed`` ones (default: all), so two hosts changing different
    settings at once both keep their change."""
    values = {f.name: getattr(settings, f.name) for f in fields(ServerSettings)}
    kept = values if changed is None else {name: values[name] for name in changed}
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    statement = dialect.insert(ServerSettingsRow).values(guild_id=guild_id, **values)
    if kept:
        statement = statement.on_conflict_do_update(index_elements=["guild_id"], set_=kept)
    else:
        statement = statement.on_conflict_do_nothing(index_elements=["guild_id"])
    await session.execute(statement)
