"""The operator's mistakes, said plainly: a settings file that is missing or
not TOML, a setting of the wrong type, a database URL with an unknown driver,
a database that cannot be reached. Each becomes one :class:`OperatorError`
naming the file, the key or the fix; the command line prints it and exits 2.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tomllib
from pathlib import Path

from pydantic import ValidationError

from bot.config import Settings, config_path, load_settings


class OperatorError(Exception):
    """A mistake in how the bot is set up; the message says what to fix."""


def settings_from(path: Path | None) -> Settings:
    """The settings, or an OperatorError naming the file and the key at fault."""
    try:
        source = config_path(path)
    except FileNotFoundError as error:
        raise OperatorError(
            f"{error}. Give an existing file with --config or GENIUS_CONFIG, or copy "
            "config.example.toml to config.toml."
        ) from None
    where = str(source) if source is not None else "the settings"
    try:
        return load_settings(path)
    except tomllib.TOMLDecodeError as error:
        raise OperatorError(f"{where} is not valid TOML: {error}.") from None
    except ValidationError as error:
        raise OperatorError(f"{where}: {_first_problem(error)}") from None


def _first_problem(error: ValidationError) -> str:
    problems = error.errors()
    first = problems[0]
    key = ".".join(str(part) for part in first["loc"])
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    given = first.get("input")
    shown = f" — got {given!r}" if given is not None and not isinstance(given, dict) else ""
    return f"setting {key}: {first['msg']}{shown}{more}."


def shown_url(url: str) -> str:
    """The database URL with any password hidden."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def database_ready(url: str) -> None:
    """Open the database and bring its schema up to date, or say why not."""
    from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

    from storage import upgrade

    try:
        asyncio.run(upgrade(url))
    except (ArgumentError, NoSuchModuleError) as error:
        raise OperatorError(
            f"database.url {shown_url(url)!r} is not a database URL this bot can use "
            f"({error}); use sqlite+aiosqlite:///path/genius.db or "
            "postgresql+asyncpg://user@host/dbname."
        ) from None
    except (DBAPIError, OSError, sqlite3.Error) as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise OperatorError(
            f"cannot open the database {shown_url(url)!r}: {reason}. Check database.url "
            "(and, for PostgreSQL, that the server is running)."
        ) from None
