"""The bot's seat in a practice match (``/match practice``): it plays through
the runtime as a person in that seat would.

After every step of a practice match (and at start-up, for each match
restored) the seat is asked whether it has something to think about: its seat
is one the game waits on, the game asks every seat (a buzz, a query), or the
game has host moves to make (no person hosts a practice match). If so it
thinks for a while, a human pace that depends on its level, on the runtime's
scheduler (so a paused or restarted match, or a test's clock, governs it like
any deadline), then reads its own seat's view, never the host's, and decides
off the event loop (a hard decision may take most of a second of CPU). A move
is submitted like any player's and committed like any move; a decision the
match has moved past while it was made (the person moved, the match was
paused) is dropped, and the step that moved it has the seat think again.
"""

from __future__ import annotations

import asyncio
import logging
import random
from functools import partial

from bot.kits import Player, demo_flag, host_script, practice_levels
from bot.ops.logs import about_match
from bot.runtime.live import LiveMatch
from bot.runtime.moves import Moves
from bot.runtime.reading import Reading
from bot.runtime.scheduler import Scheduler, Timer
from games import HOST, Rejected
from games.core import Actor
from storage.records import MatchRecord, MatchStatus

log = logging.getLogger(__name__)

#: The slowest level thinks this many times the base, the strongest a half of
#: it: a beginner ponders, a strong player sees it sooner.
SLOWEST, QUICKEST = 1.5, 0.5
#: Each think varies by up to this fraction either way, seeded by the step.
SPREAD = 0.25
#: Never instant, whatever the settings say.
LEAST_SECONDS = 0.5


def think_seconds(record: MatchRecord, base: float) -> float:
    """How long the bot's seat thinks before this step's decision: ``base`` scaled
    by its level's place (weakest slowest), varied by a draw seeded by the match
    and its version (the same after a restart)."""
    levels = list(practice_levels(record.game))
    place = levels.index(record.bot_level) if record.bot_level in levels else 0
    share = place / (len(levels) - 1) if len(levels) > 1 else 0.5
    scale = SLOWEST + (QUICKEST - SLOWEST) * share
    draw = random.Random(f"think:{record.seed}:{record.version}").uniform(-SPREAD, SPREAD)
    return max(LEAST_SECONDS, base * scale * (1 + draw))


class BotSeats:
    """The bot's seat of every practice match this process runs."""

    def __init__(
        self, scheduler: Scheduler, reading: Reading, moves: Moves, *, base_seconds: float
    ) -> None:
        self._scheduler = scheduler
        self._reading = reading
        self._moves = moves
        self.base_seconds = base_seconds
        self._thinking: dict[int, Timer] = {}  # by match: the think armed

    def due_in(self, match_id: int) -> float | None:
        """Seconds until the bot's seat of the match ends its think (None: it is
        not thinking): what a test's clock must pass for the bot to move."""
        timer = self._thinking.get(match_id)
        return None if timer is None else max(0.0, timer.when - self._scheduler.time.now())

    def rearm(self, live: LiveMatch) -> None:
        """After a step: think if the seat has something to think about and is not
        thinking already (a think under way reads the view as it is when it ends,
        so a person's quick moves never put it off for ever)."""
        record = live.record
        if not record.practice or record.bot_seat is None:
            return
        if not _may_think(live):
            if (held := self._thinking.pop(live.id, None)) is not None:
                held.cancel()
            return
        if live.id in self._thinking or not _asked(live, record.bot_seat):
            return
        seconds = think_seconds(record, self.base_seconds)
        timer = self._scheduler.call_later(seconds, partial(self._think, live))
        self._thinking[live.id] = timer

    async def _think(self, live: LiveMatch) -> None:
        self._thinking.pop(live.id, None)
        record = live.record
        if record.bot_seat is None or not _may_think(live):
            return
        with about_match(live.id, record.guild_id):
            actor, text = await self._decide(live, record.bot_seat)
            if text is None:
                return
            if live.record.version != record.version:
                log.debug("the bot's decision came after the match moved on; thinking again")
                self.rearm(live)
                return
            try:
                await self._moves.submit_text(live.id, actor, text)
            except Rejected as refusal:
                log.warning("the bot's move %r was refused: %s", text, refusal)

    async def _decide(self, live: LiveMatch, seat: int) -> tuple[Actor, str | None]:
        """The host's scripted move if the game has one to make now, else the
        seat's own move (None: nothing to do until the next step)."""
        key = live.record.game
        if (script := host_script(key)) is not None:
            move = script(await self._reading.view(live.id, HOST))
            if move is not None:
                return HOST, move
        if not _seat_asked(live, seat):
            return seat, None
        player = _player(live.record)
        view = await self._reading.view(live.id, seat)
        rng = random.Random(f"move:{live.record.seed}:{live.record.version}:{seat}")
        try:
            # Off the loop: a hard Logical Horror or Rune Breaker decision can take
            # most of a second of CPU, and every other match waits on the loop.
            return seat, await asyncio.to_thread(player, view, seat, rng)
        except Exception:
            log.exception("the bot's player failed to decide; it waits for the next step")
            return seat, None


def _player(record: MatchRecord) -> Player:
    levels = practice_levels(record.game)
    return levels.get(record.bot_level or "", next(iter(levels.values())))


def _may_think(live: LiveMatch) -> bool:
    return live.status is MatchStatus.RUNNING and live.state is not None and live.clock.running


def _seat_asked(live: LiveMatch, seat: int) -> bool:
    return demo_flag(live.record.game, "ASKS_EVERY_SEAT") or seat in live.game.to_act(live.state)


def _asked(live: LiveMatch, seat: int) -> bool:
    return _seat_asked(live, seat) or host_script(live.record.game) is not None
