"""The bot: settings, database, runtime and command tree, wired together at start-up."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.config import Settings
from bot.discord import errors
from bot.discord.aftermath import Aftermath
from bot.discord.delivery import DiscordDelivery
from bot.discord.forms import FormRoutes
from bot.discord.gateway import GatewayWatch
from bot.discord.layouts import CategoryOpenings, ThreadKeeper
from bot.discord.outage import OutageWatch
from bot.discord.web import make_web
from bot.kits import adapters
from bot.ops.health import Readiness
from bot.ops.metrics import Metrics
from bot.render.base import plural
from bot.runtime import MatchRuntime, heap
from bot.runtime.backups import scheduled_backups
from bot.stopping import on_stop_signals
from bot.web import WebServer
from storage.db import make_engine, make_sessionmaker, upgrade

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.discord.readiness",
    "bot.discord.host",
    "bot.discord.messages",
    *adapters().values(),
)
CHECKPOINT_SECONDS = 5.0
RETRY_SECONDS = 5.0  # a failed delivery is tried again within this many seconds
# On a stop, queued messages get this long to go out (the rest stay in the outbox
# for the next start): the whole stop stays within docker stop's 10 s.
STOP_GRACE_SECONDS = 3.0


class GeniusTree(app_commands.CommandTree["GeniusBot"]):
    async def on_error(
        self, interaction: discord.Interaction[GeniusBot], error: app_commands.AppCommandError
    ) -> None:
        await errors.answer_interaction(interaction, error)


class GeniusBot(commands.Bot):
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    delivery: DiscordDelivery
    runtime: MatchRuntime
    #: The web pages (board editors, spectator view); None unless [web] port is set.
    web: WebServer | None
    #: Per game key: the text a player gets for "help" in a private channel.
    help_texts: dict[str, str]
    #: The sync_guild_ids Discord refused commands for (the bot is not in them).
    sync_refused: set[int]
    #: Per game: what answers its forms, before and after a restart.
    forms: FormRoutes
    #: Threads matches opening a shared category: one a server at a time.
    openings: CategoryOpenings
    #: After a match: read-only channels, the cleanup schedule and its sweep, the archive.
    aftermath: Aftermath
    #: Prometheus metrics (bot.ops.metrics); None unless [metrics] enabled.
    metrics: Metrics | None
    #: Whether the gateway is connected now (for /readyz).
    gateway: GatewayWatch

    #: Every persistent item class registered (buttons and menus any game posts),
    #: in order: what the authorization test drives.
    dynamic_items: list[type[discord.ui.DynamicItem[Any]]]

    #: The clean stop under way (:meth:`stop`), once asked for.
    stopping: asyncio.Task[None] | None

    def __init__(
        self, settings: Settings, *, settle_heap: bool = False, stop_on_signals: bool = False
    ) -> None:
        intents = discord.Intents.default()
        intents.members = True  # display names for the boards and refusals
        intents.message_content = True  # plain-message moves in private channels
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=GeniusTree,
            help_command=None,
            # Nothing the bot posts pings anyone unless that message says so: typed
            # text quoted back can hold @everyone or a mention (bot.discord.quoting).
            allowed_mentions=discord.AllowedMentions.none(),
            shard_id=settings.discord.shard_id,
            shard_count=settings.discord.shard_count,
        )
        self.settings = settings
        self.engine = make_engine(settings.database.url, settings.database.pool())
        self.sessions = make_sessionmaker(self.engine)
        self.delivery = DiscordDelivery(self)
        self.metrics = Metrics() if settings.metrics.enabled else None
        if self.metrics is not None:
            self.metrics.watch_gateway(lambda: self.latency)
        self.gateway = GatewayWatch(self.metrics)
        readiness = Readiness(
            self.sessions, settings.health, delivers=True,
            gateway=lambda: self.gateway.connected and not self.is_closed(),
        )  # fmt: skip
        self.web = make_web(self, settings.web, self.sessions, readiness, self.metrics)
        self.help_texts = {}
        self.sync_refused = set()
        self.forms = FormRoutes()
        self.openings = CategoryOpenings(self)

        self.dynamic_items = []
        # The real process freezes its start-up heap (bot.runtime.heap); tests,
        # which start many bots in one process, leave the collector alone.
        self._settle_heap = settle_heap
        # `genius-bot run` stops cleanly on SIGTERM and SIGINT (bot.stopping); tests,
        # which run in pytest's process, leave its signals alone.
        self._stop_on_signals = stop_on_signals
        self._set_up = False  # a stop asked for during set-up waits for its end
        self._stop_asked = False
        self.stopping = None

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.dynamic_items.extend(items)

    async def setup_hook(self) -> None:
        if self._stop_on_signals:
            on_stop_signals(self.stop)
        await upgrade(self.engine)
        self.runtime = MatchRuntime(
            self.sessions,
            # With web pages on, the room's messages also reach the spectator view.
            self.web.wrap(self.delivery) if self.web is not None else self.delivery,
            # Clocks are checkpointed by the tasks loop below rather than by the
            # runtime's own timer: discord.py's loops are what SimCord's virtual
            # clock recognises, so tests never wait out a real 5 s.
            checkpoint_seconds=0,
            # Failed deliveries too: retried by the redeliveries loop below.
            retry_seconds=0,
            game_defaults=self.settings.game_defaults(),
            metrics=self.metrics,
            think_seconds=self.settings.discord.practice_think_seconds,
        )
        self.aftermath = Aftermath(self, self.runtime, self.sessions, self.settings.discord)
        self.delivery.on_over = self.aftermath.over
        await self.add_cog(self.aftermath)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        grace = self.settings.discord.outage_grace_seconds
        await self.add_cog(OutageWatch(self.runtime, grace_seconds=grace, closing=self.is_closed))
        await self.add_cog(ThreadKeeper(self, self.runtime))
        await self.add_cog(self.gateway)
        # Restores unfinished matches, tells their rooms, re-sends the outbox.
        await self.runtime.start_up(owns_guild=self.settings.discord.owns_guild)
        db = self.settings.database
        backups = scheduled_backups(
            self.runtime.scheduler, db.url, every_hours=db.backup_every_hours,
            folder=db.backup_folder, keep=db.backup_keep,
        )  # fmt: skip
        if backups is not None:
            backups.start()
        if self.web is not None:
            await self.web.start()
        self.checkpoints.start()
        self.redeliveries.start()
        await self._sync_commands()
        if self._settle_heap:
            heap.settle()
        self._set_up = True
        if self._stop_asked:
            self.stop()

    def stop(self) -> None:
        """Begin the clean stop (:meth:`close`); a signal's handler. Asked for while
        the bot is still setting up (restoring matches), it begins once that is done,
        so the shut-down never runs beside the start-up. Asked again: nothing more."""
        self._stop_asked = True
        if self._set_up and self.stopping is None:
            log.info("stopping: no new moves; finishing what is in flight")
            self.stopping = asyncio.create_task(self.close(), name="clean stop")

    async def _sync_commands(self) -> None:
        guild_ids = self.settings.discord.sync_guild_ids
        if not guild_ids:
            await self._put_commands()
            return
        for guild_id in guild_ids:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                await self._put_commands(guild)
            except discord.Forbidden as error:
                # Discord's "Missing Access": the bot was never added there. One
                # wrong id must not stop the bot from serving the other servers.
                self.sync_refused.add(guild_id)
                log.warning(
                    "discord.sync_guild_ids: Discord refused the slash commands for server "
                    "%s (%s): the bot is not in it. Add it with the link `genius-bot "
                    "invite-url` prints, or fix the id.",
                    guild_id,
                    error.text or error.status,
                )

    async def _put_commands(self, guild: discord.abc.Snowflake | None = None) -> None:
        """The tree's commands sent to Discord (for ``guild``, else global), as
        ``tree.sync`` sends them, without reading Discord's answer back into
        AppCommand objects nobody uses: parsing that echo of every command was
        most of the sync's CPU, and of a start's after the cogs' own set-up."""
        tree = self.tree
        if tree.translator is not None or self.application_id is None:
            await tree.sync(guild=guild)  # what it does with a translator, or none known
            return
        commands = tree.get_commands(guild=guild)
        payload = [command.to_dict(tree) for command in commands]
        try:
            if guild is None:
                await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
            else:
                await self.http.bulk_upsert_guild_commands(
                    self.application_id, guild.id, payload=payload
                )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:  # as tree.sync reports it
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise

    @tasks.loop(seconds=CHECKPOINT_SECONDS)
    async def checkpoints(self) -> None:
        """Make running clocks durable, so a crash never charges downtime to anyone."""
        try:
            await self.runtime.checkpoint()
        except Exception:
            log.exception("clock checkpoint failed")

    @tasks.loop(seconds=RETRY_SECONDS)
    async def redeliveries(self) -> None:
        """Post again what a Discord error (a rate limit, a 5xx) held back. A
        match's messages wait behind its first failed one, so nothing is reordered."""
        self.runtime.retry_deliveries()

    async def close(self) -> None:
        """The orderly end (``genius-bot run`` on a signal): moves are refused from
        now on, timers stop, the writer's batch in flight is committed, queued
        notices get a moment to go out (the rest stay stored), clocks are made
        durable, Discord is left; then :meth:`release`, which runs even if a step
        before it failed."""
        try:
            self.redeliveries.cancel()
            await self._stop_checkpoints()
            if hasattr(self, "runtime"):
                await self.runtime.shut_down(grace_seconds=STOP_GRACE_SECONDS)
            await super().close()
        finally:
            await self.release()

    async def __aexit__(self, *exc_info: Any) -> None:
        # discord.py's run() ends the loop once the gateway is closed, which the
        # clean stop does before it lets go of the database: wait for all of it.
        if self.stopping is not None:
            await self.stopping
        await super().__aexit__(*exc_info)

    async def release(self) -> None:
        """Let go of what the bot holds outside Discord: the web pages' socket and
        every database connection. :meth:`close` ends with it; after a crash (as
        SimCord's ``restart_bot`` drops a bot, without ``close``) it is what is left
        to do, or the connections outlive the bot."""
        if self.web is not None:
            await self.web.stop()
        await self.engine.dispose()

    async def _stop_checkpoints(self) -> None:
        # Waited for, so no checkpoint is still running when the runtime shuts down.
        task = self.checkpoints.get_task()
        self.checkpoints.cancel()
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)

    async def on_interaction(self, interaction: discord.Interaction[GeniusBot], /) -> None:
        """Note when each interaction arrived: Discord's 3 s to answer run from
        then (bot.discord.replies.in_time defers moves that would miss them).
        A form's submission is routed here (see bot.discord.forms)."""
        interaction.extras.setdefault("arrived", self.loop.time())
        await self.forms.dispatch(interaction, self.runtime)

    async def on_message(self, message: discord.Message, /) -> None:
        """No prefix commands: plain messages are moves, handled by the messages cog."""

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, plural(len(self.guilds), "server"))


def create_bot(
    settings: Settings | None = None, *, settle_heap: bool = False, stop_on_signals: bool = False
) -> GeniusBot:
    """A bot for ``settings`` (default: :func:`bot.config.load_settings`);
    ``settle_heap``: freeze the heap once started (the real process, see bot.runtime.heap);
    ``stop_on_signals``: stop cleanly on SIGTERM and SIGINT (the real process)."""
    if settings is None:
        from bot.config import load_settings

        settings = load_settings()
    return GeniusBot(settings, settle_heap=settle_heap, stop_on_signals=stop_on_signals)
