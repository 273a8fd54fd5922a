"""Typed settings: a TOML file as the readable source, ``GENIUS_…`` env vars over it.

Precedence, highest first: values passed to ``Settings(...)``, environment
variables (``GENIUS_DISCORD__TOKEN``, ``GENIUS_DATABASE__URL``, …; the token is
also read from the plain ``GENIUS_DISCORD_TOKEN``), then the TOML file
(``config.toml`` in the working directory, or the path in ``GENIUS_CONFIG``).
Secrets belong in the environment or in the git-ignored ``config.toml`` only.
"""

from __future__ import annotations

import ipaddress
import os
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

import games

if TYPE_CHECKING:
    from bot.web.proxies import TrustedProxies
    from storage.db import PoolSize

CONFIG_ENV = "GENIUS_CONFIG"
DEFAULT_CONFIG = Path("config.toml")
PLAIN_TOKEN_ENV = "GENIUS_DISCORD_TOKEN"

# The TOML file the next Settings() reads; set only while load_settings builds one.
_toml_path: ContextVar[Path | None] = ContextVar("genius_toml_path", default=None)


class Section(BaseModel):
    """A settings section: a typo in a key is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid")


class DiscordSettings(Section):
    token: SecretStr | None = None
    host_role: str = "Host"  # a role name (or id) whose members may run /match
    sync_guild_ids: list[int] = Field(default_factory=list)  # empty: sync commands globally
    # Several processes on one PostgreSQL database: give each its shard. A process
    # hosts (and restores) only the matches of its own shard's guilds.
    shard_id: int | None = Field(default=None, ge=0)
    shard_count: int | None = Field(default=None, ge=1)
    # Cut off from Discord's gateway this long, running matches pause (their clocks
    # stop from the moment the connection was lost); shorter blips pass unannounced.
    outage_grace_seconds: float = Field(default=10.0, ge=0)
    # After a match ends its channels turn read-only at once; this many days later
    # they are posted to the archive channel and deleted (0: kept for ever). A
    # fraction is a part of a day (0.5: twelve hours).
    delete_after_days: float = Field(default=7.0, ge=0)
    # The one channel per server, hosts only, where each match's export and its
    # room's story are posted before its channels go (made on first use).
    archive_channel: str = Field(default="genius-archive", min_length=1, max_length=100)
    # How a new match's channels are laid out (bot.discord.layouts): "channels", a
    # category, room, private channels and host log of its own; "threads", one room
    # in a shared category and a private thread per seat and for the host log.
    layout: Literal["channels", "threads"] = "channels"
    # Threads layout: the shared category's name ("genius matches 2", … once full).
    match_category: str = Field(default="genius matches", min_length=1, max_length=90)
    # Practice matches (/match practice): the bot's seat thinks about this long
    # before a move at its middle level (its weakest 1.5 times as long, its
    # strongest half), a quarter more or less each time. Whether members may
    # practise, and how many at once, each server's hosts decide (/match settings).
    practice_think_seconds: float = Field(default=6.0, gt=0, le=600)

    @model_validator(mode="after")
    def _shard_pair(self) -> DiscordSettings:
        if (self.shard_id is None) != (self.shard_count is None):
            raise ValueError("set both discord.shard_id and discord.shard_count, or neither")
        if (
            self.shard_id is not None
            and self.shard_count is not None
            and self.shard_id >= self.shard_count
        ):
            raise ValueError("discord.shard_id must be less than discord.shard_count")
        return self

    def owns_guild(self, guild_id: int) -> bool:
        """Discord's own rule for which shard a guild belongs to."""
        if self.shard_id is None or self.shard_count is None:
            return True
        return (guild_id >> 22) % self.shard_count == self.shard_id


class DatabaseSettings(Section):
    url: str = "sqlite+aiosqlite:///genius.db"
    # PostgreSQL's connection pool (SQLite always uses one connection): the
    # runtime's writer takes one per batch of moves, whatever the number of
    # matches; the rest serve reads, delivery marks and clock checkpoints.
    pool_size: int = Field(default=10, ge=1)
    max_overflow: int = Field(default=10, ge=0)
    pool_timeout: float = Field(default=30.0, gt=0)  # seconds a request waits for a connection
    # SQLite only: an online backup every this many hours (0: none) into
    # backup_folder (default: "backups" beside the database file), keeping the
    # newest backup_keep (bot.runtime.backups). PostgreSQL has pg_dump.
    backup_every_hours: float = Field(default=0.0, ge=0)
    backup_folder: Path | None = None
    backup_keep: int = Field(default=7, ge=1)

    @model_validator(mode="after")
    def _backups_are_sqlite(self) -> DatabaseSettings:
        if self.backup_every_hours > 0 and not self.url.startswith("sqlite"):
            raise ValueError(
                "database.backup_every_hours backs up a SQLite file; this database is "
                "not one. Back PostgreSQL up with pg_dump on a schedule of its own "
                "(README: Backups and restore), and set backup_every_hours = 0"
            )
        return self

    def pool(self) -> PoolSize:
        from storage.db import PoolSize  # settings load without SQLAlchemy

        return PoolSize(self.pool_size, self.max_overflow, self.pool_timeout)


class WebSettings(Section):
    """The bot's web pages (board editors, spectator view); off unless ``port`` is set."""

    host: str = "127.0.0.1"  # the address to listen on; "0.0.0.0" for every interface
    port: int | None = Field(default=None, ge=0, le=65535)
    # The address players open, as the bot writes it into links (a reverse proxy's
    # https URL, say). Unset: http://host:port.
    public_url: str | None = None
    # Reverse proxies (addresses or CIDR blocks) whose forwarded-for header is
    # believed, so the per-client limits count visitors (bot.web.proxies).
    trusted_proxies: list[str] = Field(default_factory=list)
    proxy_header: Literal["X-Forwarded-For", "Forwarded"] = "X-Forwarded-For"

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, entries: list[str]) -> list[str]:
        for entry in entries:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(
                    f"{entry!r} is not an IP address or network: write an address "
                    "(10.0.0.5, ::1) or a CIDR block (10.0.0.0/8)"
                ) from None
        return entries

    def proxies(self) -> TrustedProxies | None:
        from bot.web.proxies import TrustedProxies  # settings load without aiohttp

        if not self.trusted_proxies:
            return None
        return TrustedProxies.of(self.trusted_proxies, self.proxy_header)


LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class LogSettings(Section):
    """The process's log (bot.ops.logs): every line with its time, level, logger
    and, when it is about a match, the match and its server."""

    format: Literal["text", "json"] = "text"  # json: one object a line, for collectors
    level: LogLevel = "INFO"
    # discord.py's and SQLAlchemy's own loggers, set apart from the rest.
    discord: LogLevel = "INFO"
    sqlalchemy: LogLevel = "WARNING"


class MetricsSettings(Section):
    """Prometheus metrics at ``/metrics`` on the web pages' server; off (404) unless enabled."""

    enabled: bool = False


class HealthSettings(Section):
    """``/readyz``: ready while the database answers, the gateway is connected and
    no message has waited this long in the outbox."""

    outbox_stuck_seconds: float = Field(default=300.0, gt=0)
    database_timeout_seconds: float = Field(default=2.0, gt=0)


class CoreSettings(BaseSettings):
    """The sections every bot has; :data:`Settings` adds one section per game."""

    model_config = SettingsConfigDict(
        env_prefix="GENIUS_",
        env_nested_delimiter="__",
        extra="forbid",
    )

    discord: DiscordSettings = Field(default_factory=DiscordSettings)
    database: DatabaseSettings = Field(default_factory=DatabaseSettings)
    web: WebSettings = Field(default_factory=WebSettings)
    log: LogSettings = Field(default_factory=LogSettings)
    metrics: MetricsSettings = Field(default_factory=MetricsSettings)
    health: HealthSettings = Field(default_factory=HealthSettings)

    @model_validator(mode="after")
    def _metrics_served(self) -> CoreSettings:
        if self.metrics.enabled and self.web.port is None:
            raise ValueError(
                "metrics.enabled needs web.port: /metrics is served by the web pages' server"
            )
        return self

    def game_settings(self, key: str) -> games.core.GameConfig:
        """The ``[key]`` section: that game's own Config model."""
        section: games.core.GameConfig = getattr(self, key)
        return section

    def game_defaults(self) -> dict[str, dict[str, Any]]:
        """What the settings set for each game (by key), merged under a match's options."""
        return {
            key: self.game_settings(key).model_dump(mode="json", exclude_unset=True)
            for key in games.keys()
        }

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [
            init_settings,
            env_settings,
            _PlainTokenSource(settings_cls),
        ]
        path = _toml_path.get()
        if path is not None:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=path))
        return tuple(sources)


def _with_game_sections(base: type[CoreSettings]) -> type[CoreSettings]:
    """``base`` plus a section per registered game, typed by the game's own Config
    model: a default here can never disagree with what the engine accepts, and a
    new game gets its section from its registry line alone."""
    sections: dict[str, Any] = {
        key: (games.get(key).Config, Field(default_factory=games.get(key).Config))
        for key in games.keys()
    }
    return create_model("Settings", __base__=base, __module__=__name__, **sections)


if TYPE_CHECKING:
    Settings = CoreSettings
else:
    Settings = _with_game_sections(CoreSettings)


class _PlainTokenSource(PydanticBaseSettingsSource):
    """``GENIUS_DISCORD_TOKEN``: the name people expect, beside the nested form."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        token = os.environ.get(PLAIN_TOKEN_ENV)
        return {"discord": {"token": token}} if token else {}


def config_path(path: str | Path | None = None) -> Path | None:
    """The TOML file to read: ``path``, else ``$GENIUS_CONFIG``, else ``./config.toml``
    if there is one."""
    if path is not None:
        return _must_exist(Path(path))
    if named := os.environ.get(CONFIG_ENV):
        return _must_exist(Path(named))
    return DEFAULT_CONFIG if DEFAULT_CONFIG.is_file() else None


def load_settings(path: str | Path | None = None) -> Settings:
    """Settings from the TOML file (see :func:`config_path`) and the environment."""
    token = _toml_path.set(config_path(path))
    try:
        return Settings()
    finally:
        _toml_path.reset(token)


def _must_exist(path: Path) -> Path:
    if not path.is_file():
        raise FileNotFoundError(f"config file not found: {path}")
    return path
