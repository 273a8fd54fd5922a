"""The `genius-bot` command: run, demo, web, replay, db upgrade|backup|check."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import games
from bot import puzzle_cli, replay_cli, runes_cli
from bot.config import LogSettings
from bot.operator_errors import (
    OperatorError,
    backups_ready,
    cannot_listen,
    database_ready,
    game_files_ready,
    settings_from,
    shown_url,
)

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Until the settings are read (a command that reads them logs as they say).
    _log(LogSettings(), level="INFO" if args.command == "run" else "WARNING")
    _quiet_libraries()
    try:
        return _command(args)
    except OperatorError as error:
        # The operator's mistake, in one line: no traceback to read through.
        print(f"genius-bot: {error}", file=sys.stderr)
        return 2
    except replay_cli.ReplayFailed as error:
        print(f"genius-bot: {error}", file=sys.stderr)
        return replay_cli.MISMATCH


def _log(settings: LogSettings, *, level: str | None = None) -> None:
    """Every line with its time, level and logger, and its match and server
    (bot.ops.logs). Like logging.basicConfig, nothing is done where logging was
    set up already by someone else (a test runner capturing the log)."""
    from bot.ops.logs import LogHandler, configure

    if any(not isinstance(h, LogHandler) for h in logging.getLogger().handlers):
        return
    configure(settings, level=level)


def _schema_changes_only(record: logging.LogRecord) -> bool:
    return record.getMessage().startswith("Running upgrade")


def _quiet_libraries() -> None:
    """Keep the log to what a host needs: of Alembic, only the migrations it
    applies (not its plugin set-up or "Context impl …" on every start)."""
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
    # The same function object each call: addFilter adds it once.
    logging.getLogger("alembic.runtime.migration").addFilter(_schema_changes_only)


def _command(args: argparse.Namespace) -> int:
    if args.command == "run":
        return _run(args.config)
    if args.command == "demo":
        return _demo(args)
    if args.command == "db":
        return _db(args)
    if args.command == "replay":
        return replay_cli.run(args, sys.stdout)
    if args.command == "web":
        return _web(args)
    if args.command == "runes":
        return runes_cli.run(args)
    if args.command == "puzzle":
        return puzzle_cli.run(args)
    if args.command == "invite-url":
        return _invite_url(args)
    if args.command == "config":
        from bot.settings_example import example_text

        sys.stdout.write(example_text())
        return 0
    _parser().print_help()
    return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="genius-bot", description="Hosts Genius Death Match games on Discord."
    )
    parser.add_argument(
        "--config", type=Path, default=None, help="settings file (default: ./config.toml)"
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord and host matches (needs GENIUS_DISCORD_TOKEN)")
    demo = sub.add_parser("demo", help="play full matches between built-in players, offline")
    demo.add_argument(
        "game", nargs="?", choices=_demo_games(), help="one game (default: every game)"
    )
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument(
        "--out", type=Path, default=Path("demo-out"), help="folder for the rendered images"
    )
    demo.add_argument("--private", action="store_true", help="also print the private channels")
    web = sub.add_parser("web", help="serve the web pages alone (board editors, spectator view)")
    web.add_argument("--demo", action="store_true", help="add demo editors at /demo/lh, /demo/rb")
    web.add_argument("--port", type=int, default=None, help="default: [web] port, else 8080")
    web.add_argument("--host", default=None, help="default: [web] host (127.0.0.1)")
    _db_parser(sub)
    config = sub.add_parser("config", help="settings file help")
    config.add_argument(
        "action", choices=["example"], help="print config.example.toml, every setting documented"
    )
    invite = sub.add_parser(
        "invite-url", help="print the link that adds the bot to a server, with its permissions"
    )
    invite.add_argument(
        "--client-id", type=int, default=None, help="the application id (default: from the token)"
    )
    runes_cli.add_parser(sub)
    puzzle_cli.add_parser(sub)
    replay_cli.add_parser(sub)
    return parser


def _db_parser(sub: Any) -> None:
    db = sub.add_parser("db", help="database maintenance")
    actions = db.add_subparsers(dest="db_command", metavar="{upgrade,backup,check}", required=True)
    actions.add_parser("upgrade", help="apply the schema migrations")
    actions.add_parser(
        "check",
        help="list every stored match this version cannot load or replay (exit 1 if any)",
    )
    backup = actions.add_parser(
        "backup", help="copy the SQLite database consistently, even while the bot runs"
    )
    backup.add_argument("path", type=Path, help="the file to write the copy to")
    backup.add_argument("--force", action="store_true", help="replace the file if it exists")


def _run(config: Path | None) -> int:
    from bot.discord import create_bot

    settings = settings_from(config)
    _log(settings.log)
    if settings.discord.token is None:
        raise OperatorError("set GENIUS_DISCORD_TOKEN (or discord.token in config.toml) to run.")
    # The games' files and the database are checked before logging in: a bad
    # setting fails here, at once, not after the bot has connected to Discord.
    game_files_ready(settings)
    database_ready(settings.database.url)
    backups_ready(settings)
    _no_voice_warnings()
    bot = create_bot(settings, settle_heap=True, stop_on_signals=True)
    _connect(bot, settings.discord.token.get_secret_value())
    return 0


def _no_voice_warnings() -> None:
    """The bot never joins a voice channel: discord.py's warnings that voice's
    optional libraries (PyNaCl, davey) are missing would only alarm a host."""
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    VoiceClient.warn_dave = False


GATEWAY_AUTHENTICATION_FAILED = 4004


def _connect(bot: GeniusBot, token: str) -> None:
    """Run the bot until it stops; what Discord refuses at login becomes the
    host's fix, in one line."""
    import aiohttp
    import discord

    from bot.discord import readiness

    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        raise OperatorError(readiness.TOKEN_REJECTED) from None
    except discord.PrivilegedIntentsRequired:
        raise OperatorError(readiness.intents_refused(bot)) from None
    except discord.ConnectionClosed as error:
        # 4004: the gateway's own "authentication failed", for a token reset
        # between the REST login and the gateway's IDENTIFY.
        if error.code == GATEWAY_AUTHENTICATION_FAILED:
            raise OperatorError(readiness.TOKEN_REJECTED) from None
        raise
    except aiohttp.ClientConnectorError as error:
        raise OperatorError(
            f"cannot reach Discord ({error.host}): {error.os_error.strerror or error}. "
            "Check the network connection, then run again."
        ) from None
    except OSError as error:  # after aiohttp's errors, which are OSErrors too
        web = bot.settings.web
        refused = cannot_listen(error, web.host, web.port or 0, "[web] port")
        if refused is None:
            raise
        raise refused from None


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import play_demo
    from bot.kits import demo_matches

    for key in [args.game] if args.game else _demo_games():
        title = games.get(key).title
        matches = demo_matches(key)
        for number, options in enumerate(matches, start=1):
            shown = ", ".join(f"{k}={v}" for k, v in options.items())
            label = f"{title} ({shown})" if shown else title
            out_dir = args.out / key / str(number) if len(matches) > 1 else args.out / key
            print(f"\n===== {label}: a demo match (seed {args.seed}) =====\n")
            record = asyncio.run(
                play_demo(
                    key,
                    seed=args.seed,
                    out_dir=out_dir,
                    out=sys.stdout,
                    private=args.private,
                    options=options,
                )
            )
            print(f"===== {label}: match #{record.id} {record.status} =====")
    return 0


def _demo_games() -> list[str]:
    """Every game that has built-in players (a game's engine can land before them)."""
    from bot.kits import demo_games

    return demo_games()


def _web(args: argparse.Namespace) -> int:
    from bot.web.alone import DEFAULT_PORT, serve

    settings = settings_from(args.config)
    _log(settings.log)
    database_ready(settings.database.url)
    try:
        return serve(settings, host=args.host, port=args.port, demo=args.demo)
    except OSError as error:
        host = args.host or settings.web.host
        port = args.port if args.port is not None else settings.web.port or DEFAULT_PORT
        refused = cannot_listen(error, host, port, "--port")
        if refused is None:
            raise
        raise refused from None


def _invite_url(args: argparse.Namespace) -> int:
    from bot.discord.invite import application_id, invite_url

    client_id = args.client_id
    if client_id is None:
        settings = settings_from(args.config)
        if settings.discord.token is None:
            raise OperatorError(
                "set GENIUS_DISCORD_TOKEN, or give --client-id (the application id)."
            )
        try:
            client_id = application_id(settings.discord.token.get_secret_value())
        except ValueError as error:
            raise OperatorError(f"{error}; give --client-id (the application id).") from None
    print(invite_url(client_id))
    return 0


def _db(args: argparse.Namespace) -> int:
    if args.db_command == "backup":
        return _db_backup(args.config, args.path, overwrite=args.force)
    if args.db_command == "check":
        return _db_check(args.config)
    return _db_upgrade(args.config)


def _db_backup(config: Path | None, path: Path, *, overwrite: bool) -> int:
    from bot.render.base import plural
    from storage.backup import BackupError, backup_sqlite, sqlite_file

    settings = settings_from(config)
    try:
        made = backup_sqlite(sqlite_file(settings.database.url), path, overwrite=overwrite)
    except BackupError as error:
        raise OperatorError(str(error)) from None
    print(
        f"backed up {plural(made.matches, 'match', 'matches')} to {made.path} "
        f"({made.size_bytes:,} bytes)"
    )
    return 0


def _db_check(config: Path | None) -> int:
    """One line per stored match that does not load or replay; exit 1 if any."""
    from bot.runtime.checking import check_database

    settings = settings_from(config)
    database_ready(settings.database.url)
    checked = asyncio.run(check_database(settings.database.url))
    for problem in checked.problems:
        print(problem.line())
    if checked.problems:
        print(
            f"genius-bot: {len(checked.problems)} of {checked.matches} stored matches "
            "cannot be played on by this version",
            file=sys.stderr,
        )
        return 1
    print(f"all {checked.matches} matches load and replay to their stored state")
    return 0


def _db_upgrade(config: Path | None) -> int:
    settings = settings_from(config)
    database_ready(settings.database.url)
    print(f"schema is up to date: {shown_url(settings.database.url)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
