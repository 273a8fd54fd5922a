"""``/match settings``: the server's settings (storage.server_settings), shown,
and changed by ``key=value`` pairs. Every setting is read from its description
there, so a setting added to ``ServerSettings`` is shown and changed here as is.
A bad value changes nothing, not even the good values given beside it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.discord.host._options import parse_options
from games import Rejected
from games.core.quoting import quote
from storage.server_settings import ServerSettings, Setting, described, load, save

FORMAT = "Write changes as `key=value` pairs, e.g. `practice_enabled=true practice_limit=3`."
_TRUE = frozenset({"true", "on", "yes", "1"})
_FALSE = frozenset({"false", "off", "no", "0"})


async def settings_of(sessions: async_sessionmaker[AsyncSession], guild_id: int) -> ServerSettings:
    async with sessions() as session:
        return await load(session, guild_id)


async def change_settings(
    sessions: async_sessionmaker[AsyncSession], guild_id: int, text: str
) -> tuple[ServerSettings, list[str]]:
    """The server's settings after the changes ``text`` asks for, stored, and the
    names of those that changed; Rejected, storing nothing, for any bad one."""
    asked = parse_options(text)
    if not asked:
        raise Rejected(f"No change given. {FORMAT}")
    known = {setting.name: setting for setting in described()}
    values: dict[str, Any] = {name: _checked(known, name, value) for name, value in asked.items()}
    async with sessions.begin() as session:
        current = await load(session, guild_id)
        updated = replace(current, **values)
        await save(session, guild_id, updated, changed=values)
    return updated, [name for name in values if getattr(current, name) != values[name]]


def _checked(known: dict[str, Setting], name: str, value: Any) -> bool | int:
    setting = known.get(name)
    if setting is None:
        names = ", ".join(f"`{s}`" for s in known)
        raise Rejected(f"There is no setting {quote(name)}. The settings are {names}.")
    if setting.kind is bool:
        return _flag(setting, value)
    return _number(setting, value)


def _flag(setting: Setting, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    spelled = str(value).strip().lower()
    if spelled in _TRUE | _FALSE:
        return spelled in _TRUE
    raise Rejected(
        f"`{setting.name}` is on or off: write `true` or `false`, not {quote(str(value))}."
    )


def _number(setting: Setting, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(f"`{setting.name}` is a whole number, not {quote(str(value))}.")
    low = setting.low if setting.low is not None else value
    high = setting.high if setting.high is not None else value
    if not low <= value <= high:
        raise Rejected(
            f"`{setting.name}` must be from {low} to {high}; {value} is out of that range."
        )
    return value


def settings_text(settings: ServerSettings, changed: list[str] | None = None) -> str:
    """Every setting, its value and what it means; the ``changed`` ones marked."""
    changed = changed or []
    lines = ["**This server's settings**"]
    for setting in described():
        value = getattr(settings, setting.name)
        shown = ("on" if value else "off") if setting.kind is bool else str(value)
        bounds = f" ({setting.low}–{setting.high})" if setting.low is not None else ""
        mark = " ← changed" if setting.name in changed else ""
        lines.append(f"`{setting.name}` = **{shown}**{mark} — {setting.about}{bounds}")
    lines.append(f"Change them with `/match settings change:…`. {FORMAT}")
    return "\n".join(lines)
