"""Prometheus metrics (``prometheus-client``), served at ``/metrics`` by the web
pages' server when ``[metrics] enabled``.

Each :class:`Metrics` has a registry of its own, not the library's global one,
so several runtimes in one process (tests, benchmarks) never share a counter.
What the move path touches is kept to a counter and a histogram (the children
per game are looked up once); the rest is read when Prometheus scrapes: the
matches and the outbox from the database (:meth:`Metrics.refresh`), the
writer's batch sizes from the Counter it keeps anyway, the gateway's latency
and the open web streams from callables.

No label carries a match id, a user or a server: every label set is bounded.
"""

from __future__ import annotations

import math
from collections import Counter as Tally
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import HistogramMetricFamily, Metric
from prometheus_client.exposition import generate_latest
from prometheus_client.registry import Collector
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from storage.census import matches_by_game_status, outbox_backlog
from storage.records import MatchStatus

#: How a refusal on the one error path (bot.discord.errors) is counted.
REFUSAL_KINDS = ("rule", "not_allowed", "refused", "unreadable")
#: Errors by where they happened.
ERROR_KINDS = ("interaction", "reply", "delivery", "timer")

MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
LATENESS_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 30.0)
BATCH_BUCKETS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


class Metrics:
    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.matches = Gauge(
            "genius_matches", "Matches by game and status, as stored.", ["game", "status"],
            registry=registry,
        )  # fmt: skip
        self.moves = Counter(
            "genius_moves_committed", "Moves committed, by game.", ["game"], registry=registry
        )
        self.move_seconds = Histogram(
            "genius_move_commit_seconds",
            "From a move reaching the runtime to its commit (it is acknowledged then).",
            buckets=MOVE_BUCKETS, registry=registry,
        )  # fmt: skip
        self.outbox_messages = Gauge(
            "genius_outbox_undelivered_messages",
            "Messages committed and not yet delivered (of matches not over).",
            registry=registry,
        )
        self.outbox_oldest = Gauge(
            "genius_outbox_oldest_undelivered_age_seconds",
            "How long the oldest undelivered message has waited (0: none waits).",
            registry=registry,
        )
        self.gateway_latency = Gauge(
            "genius_gateway_latency_seconds",
            "Discord gateway heartbeat latency (NaN before the first heartbeat).",
            registry=registry,
        )
        self.gateway_reconnects = Counter(
            "genius_gateway_reconnects", "Connections to Discord's gateway regained.",
            registry=registry,
        )  # fmt: skip
        self.deferred = Counter(
            "genius_interactions_deferred",
            "Interactions deferred because the answer would miss Discord's 3 s.",
            registry=registry,
        )
        self.refusals = Counter(
            "genius_refusals", "Requests refused with a reason, by kind.", ["kind"],
            registry=registry,
        )  # fmt: skip
        self.errors = Counter(
            "genius_errors", "Unexpected errors, by where.", ["kind"], registry=registry
        )
        self.web_streams = Gauge(
            "genius_web_streams", "Live spectator streams open.", registry=registry
        )
        self.timer_lateness = Histogram(
            "genius_timer_lateness_seconds",
            "How late a deadline, reminder or checkpoint timer fired.",
            buckets=LATENESS_BUCKETS, registry=registry,
        )  # fmt: skip
        for kind in REFUSAL_KINDS:
            self.refusals.labels(kind)
        for kind in ERROR_KINDS:
            self.errors.labels(kind)
        self._moves_by_game = {key: self.moves.labels(key) for key in games.keys()}

    def move_committed(self, game: str, seconds: float) -> None:
        counter = self._moves_by_game.get(game)
        if counter is None:  # a game registered after start (the tests' sixth game)
            counter = self._moves_by_game[game] = self.moves.labels(game)
        counter.inc()
        self.move_seconds.observe(seconds)

    def watch_batches(self, batch_sizes: Tally[int]) -> None:
        """The writer's batch sizes (its Counter of batches by size), read at scrape time."""
        self.registry.register(_BatchSizes(batch_sizes))

    def watch_gateway(self, latency: Callable[[], float]) -> None:
        self.gateway_latency.set_function(lambda: _finite(latency()))

    def watch_streams(self, open_streams: Callable[[], int]) -> None:
        self.web_streams.set_function(lambda: float(open_streams()))

    async def refresh(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        """Read the matches and the outbox from the database."""
        async with sessions() as session:
            counts = await matches_by_game_status(session)
            backlog = await outbox_backlog(session)
        stored = [s.value for s in MatchStatus if s is not MatchStatus.CREATING]
        keys = {game for game, _ in counts} | set(games.keys())
        for game in sorted(keys):  # every pair, so a series drops to 0 rather than vanish
            for status in stored:
                self.matches.labels(game, status).set(counts.get((game, status), 0))
        self.outbox_messages.set(backlog.messages)
        age = 0.0 if backlog.oldest is None else _age_seconds(backlog.oldest)
        self.outbox_oldest.set(age)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def _age_seconds(when: datetime) -> float:
    return max(0.0, (datetime.now(UTC) - when).total_seconds())


def _finite(value: float) -> float:
    return value if math.isfinite(value) else math.nan


def metrics_of(client: object) -> Metrics | None:
    """The bot's metrics, for code that holds only the client (an interaction's)."""
    found = getattr(client, "metrics", None)
    return found if isinstance(found, Metrics) else None


class _BatchSizes(Collector):
    """``genius_writer_batch_steps``: steps per transaction, from the writer's own tally."""

    def __init__(self, batch_sizes: Tally[int]) -> None:
        self._sizes = batch_sizes

    def collect(self) -> Iterator[Metric]:
        sizes = dict(self._sizes)
        buckets: list[tuple[str, float]] = []
        for bound in BATCH_BUCKETS:
            buckets.append((str(float(bound)), sum(n for s, n in sizes.items() if s <= bound)))
        buckets.append(("+Inf", sum(sizes.values())))
        total = sum(size * n for size, n in sizes.items())
        yield HistogramMetricFamily(
            "genius_writer_batch_steps",
            "Steps the writer committed per transaction (its group commit).",
            buckets=buckets,
            sum_value=total,
        )
