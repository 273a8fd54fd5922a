"""The operator's mistakes, said plainly: a settings file that is missing or
not TOML, a setting of the wrong type or unknown (with the key probably
meant), an environment variable that is not JSON where JSON is needed, a file
a game's settings name that cannot be used, a database URL with an unknown
driver or none, a database that cannot be reached, the web pages' port taken.
Each becomes one :class:`OperatorError` naming the file, the key or the fix;
the command line prints it and exits 2.
"""

from __future__ import annotations

import asyncio
import difflib
import errno
import json
import os
import sqlite3
import tomllib
from pathlib import Path

from pydantic import BaseModel, ValidationError
from pydantic_settings import SettingsError

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
        raise OperatorError(f"{_source(error, where)}: {_first_problem(error)}") from None
    except SettingsError as error:
        raise OperatorError(_environment_problem(error)) from None


def _source(error: ValidationError, where: str) -> str:
    """The environment variable that set the first problem's key, if one did
    (it wins over the file), else ``where``."""
    loc = [str(part) for part in error.errors()[0]["loc"]]
    variable = "GENIUS_" + "__".join(loc).upper()
    named = {name.upper() for name in os.environ}
    return f"environment variable {variable}" if variable in named else where


def _first_problem(error: ValidationError) -> str:
    problems = error.errors()
    first = problems[0]
    key = ".".join(str(part) for part in first["loc"])
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    if first["type"] == "extra_forbidden":
        said = _unknown_key(tuple(str(part) for part in first["loc"]))
    else:
        given = first.get("input")
        shown = f" — got {given!r}" if given is not None and not isinstance(given, dict) else ""
        said = f"setting {key}: {first['msg']}{shown}"
    return said + more + ("" if said.endswith("?") and not more else ".")


def _unknown_key(loc: tuple[str, ...]) -> str:
    """A key no section has: the section it is not valid in, and the likeliest meant."""
    *section, key = loc
    model: type[BaseModel] = Settings
    for part in section:
        annotation = model.model_fields[part].annotation
        assert isinstance(annotation, type)
        assert issubclass(annotation, BaseModel)
        model = annotation
    known = list(model.model_fields)
    close = difflib.get_close_matches(key, known, n=1)
    if not section:
        meant = f"did you mean [{close[0]}]?" if close else f"the sections are {', '.join(known)}"
        return f"[{key}] is not a settings section; {meant}"
    meant = f"did you mean {close[0]}?" if close else f"its settings are {', '.join(known)}"
    where = ".".join(section)
    return f"setting {where}.{key}: [{where}] has no such setting; {meant}"


def _environment_problem(error: SettingsError) -> str:
    """An environment variable pydantic-settings could not read: a list or a table
    is JSON there, and one that does not parse is named with the parser's reason."""
    for name, value in sorted(os.environ.items()):
        if not name.upper().startswith("GENIUS_") or value.lstrip()[:1] not in ("[", "{"):
            continue
        try:
            json.loads(value)
        except json.JSONDecodeError as broken:
            return (
                f"environment variable {name} is not valid JSON ({broken.msg}, at character "
                f"{broken.pos + 1}): a list is written like '[123, 456]'."
            )
    return f"cannot read the settings from the environment: {error}."


def shown_url(url: str) -> str:
    """The database URL with any password hidden."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


#: The async driver each supported database is reached through, as its URL names it.
ASYNC_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}


def _driver_problem(url: str) -> str | None:
    """What is wrong with ``url``'s driver, with the URL form to write instead
    (None: a URL this bot can open, or not a URL at all, said elsewhere)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    # Read from the URL's text: asking SQLAlchemy loads the dialect, which an
    # unknown one (said by database_ready) would fail.
    backend, _, driver = parsed.drivername.partition("+")
    shown = shown_url(url)
    if backend in ("mysql", "mariadb"):
        return (
            f"database.url {shown!r}: {backend} is not supported; use SQLite "
            "(sqlite+aiosqlite:///path/genius.db) or PostgreSQL "
            "(postgresql+asyncpg://user@host/dbname)."
        )
    wanted = ASYNC_DRIVERS.get(backend)
    if wanted is None or driver == wanted:
        return None
    fixed = parsed.set(drivername=f"{backend}+{wanted}").render_as_string(hide_password=True)
    return (
        f"database.url {shown!r} lacks the async driver the bot opens {backend} with "
        f"({wanted}); write it as {fixed!r}."
    )


def database_ready(url: str) -> None:
    """Open the database and bring its schema up to date, or say why not."""
    from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

    from storage import upgrade

    if (problem := _driver_problem(url)) is not None:
        raise OperatorError(problem)
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


def backups_ready(settings: Settings) -> None:
    """Scheduled backups (``[database] backup_every_hours``) can be written: the
    database is a SQLite file and the folder can be made and written to."""
    from bot.runtime.backups import backup_folder
    from storage.backup import BackupError, sqlite_file

    database = settings.database
    if database.backup_every_hours <= 0:
        return
    try:
        folder = backup_folder(sqlite_file(database.url), database.backup_folder)
        folder.mkdir(parents=True, exist_ok=True)
    except BackupError as error:
        raise OperatorError(f"database.backup_every_hours: {error}") from None
    except OSError as error:
        raise OperatorError(
            f"database.backup_folder: cannot make {error.filename}: {error.strerror}."
        ) from None
    if not os.access(folder, os.W_OK):
        raise OperatorError(f"database.backup_folder: {folder} is not writable by this user.")


def game_files_ready(settings: Settings) -> None:
    """Every file a game's settings name (a word list, a rune set, a puzzle file)
    can be read and used, as the first match would need it: a wrong path or a
    broken file stops the bot at start-up rather than at ``/match new``."""
    from bot.runtime.resources import check
    from games import Rejected

    async def check_all() -> None:
        for key, config in settings.game_defaults().items():
            try:
                await check(key, config)
            except Rejected as error:
                raise OperatorError(f"setting [{key}]: {error}") from None

    asyncio.run(check_all())


def cannot_listen(error: OSError, host: str, port: int, setting: str) -> OperatorError | None:
    """The web pages' port taken (or not ours to take), as the host's fix;
    None for any other OSError, which is not the host's to solve."""
    if error.errno == errno.EADDRINUSE:
        fix = (
            "another program (or another genius-bot) is already using that port. Stop it, "
            f"or choose another port with {setting}"
        )
    elif error.errno == errno.EACCES:
        fix = f"ports below 1024 need privileges; choose one from 1024 up with {setting}"
    else:
        return None
    return OperatorError(f"the web pages cannot listen on {host}:{port}: {fix}.")
