"""The soak's child: the real runtime on a SQLite file, playing many matches of
every game with the demo's built-in players, until it is killed.

    python -m tests.reliability.soak_child --db FILE --log FILE --seed N --incarnation K
    python -m tests.reliability.soak_child --zygote   (how the soak starts runs; see below)

It is the bot without Discord: ``MatchRuntime`` with its group-commit writer,
outbox and clock checkpoints, restoring whatever the last (killed) run left in
the file. What it did is written to a side log (tests/reliability/sidelog.py)
for the parent to check against the database:

- ``begin`` and ``ready`` (restored, about to play), with the time, for the figures;
- ``restored``: each live match as the restart left it (clock, deadlines);
- ``try`` before a move is submitted, then ``ack`` once the runtime took it
  (with the match version it made, which is the event's seq, and the clock), or
  ``no`` with the refusal; each is on disk before the match's next move;
- ``sent``: each message the delivery port was handed (on disk before the
  runtime may mark it delivered);
- ``tick``: each step of the fast match clock (``t`` → ``to``).

Time: a ManualTime clock advanced by ``--speed`` × the real time between
ticks, so deadlines, reminders and checkpoints fire many times a second, through
the scheduler exactly as they would on the loop clock. It only moves while the
event loop gets round to it, so a starved machine slows the game rather than
timing every player out.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import games
from bot.kits import demo_flag, demo_levels, demo_player, host_script
from bot.runtime import ManualTime, MatchRuntime, Scheduler
from games import HOST, Notice, Rejected
from games.core import Actor
from storage import make_engine, make_sessionmaker, upgrade
from storage.records import MatchRecord, MatchStatus, NewMatch, PlayerRecord
from tests.facts import fact
from tests.reliability.sidelog import SideLog

GUILD = 1
TICK_SECONDS = 0.02  # real time between two steps of the match clock
CHECKPOINT_SECONDS = 5.0  # match time between clock checkpoints (the bot's default)
PATIENCE_TICKS = 50  # re-ask a match's seats after this long with no change


def soak_options(key: str, number: int) -> dict[str, Any]:
    """The options of the game's ``number``-th match: its facts' ``SOAK_OPTIONS``
    (short clocks, so matches see every kind of deadline within seconds), in turn."""
    choices: list[dict[str, Any]] = fact(key, "SOAK_OPTIONS")
    return choices[number % len(choices)]


def notices_hash(notices: list[dict[str, Any]]) -> str:
    """What names a message's content in the side log (the parent hashes outbox rows alike)."""
    text = json.dumps(notices, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:20]


class RecordingPort:
    """The delivery port: a message counts as delivered once its line is on disk,
    so the log holds every message the runtime may mark delivered."""

    def __init__(self, log: SideLog) -> None:
        self._log = log

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        content = notices_hash([n.model_dump(mode="json") for n in notices])
        await self._log.append({"k": "sent", "m": match.id, "target": target, "h": content})


class Child:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.log = SideLog(Path(args.log))
        self.time = ManualTime()
        self.scheduler = Scheduler(self.time, auto=False)
        self.players: dict[int, asyncio.Task[None]] = {}
        self.created = 0  # matches in the file, ours or a killed run's
        self.game_of: dict[int, str] = {}  # match id -> game key

    async def run(self) -> None:
        self.log.note({"k": "begin", "w": time.monotonic()})
        url = f"sqlite+aiosqlite:///{self.args.db}"
        await upgrade(url)  # the bot does it at every start; a no-op once done
        engine = make_engine(url)
        try:
            self.runtime = MatchRuntime(
                make_sessionmaker(engine),
                RecordingPort(self.log),
                scheduler=self.scheduler,
                checkpoint_seconds=CHECKPOINT_SECONDS,
            )
            await self.runtime.start_up()
            records = await self.runtime.list_for_guild(GUILD)
            self.created = len(records)
            await self._log_restored([r for r in records if r.status.live])
            self.log.note({"k": "ready", "w": time.monotonic()})
            clock = asyncio.create_task(self._drive_clock(), name="soak-clock")
            await self._play_all([r for r in records if not r.status.over])
            clock.cancel()  # every match is over: nothing is left to fire but checkpoints
            with contextlib.suppress(asyncio.CancelledError):
                await clock
            await self.runtime.flush()
            await self.runtime.shut_down()
        finally:
            await engine.dispose()
        await self.log.append({"k": "done", "matches": self.created})
        self.log.close()

    async def _log_restored(self, records: list[MatchRecord]) -> None:
        """Each live match's clock and deadlines as restored, before anything moves."""
        for record in sorted(records, key=lambda r: r.id):
            view = await self.runtime.view(record.id, HOST)
            deadlines = [
                [d["label"], d["seat"], d["seconds_left"]] for d in view["match"]["deadlines"]
            ]
            self.log.note(
                {
                    "k": "restored",
                    "m": record.id,
                    "status": view["match"]["status"],
                    "clock": view["match"]["clock_ms"],
                    "deadlines": deadlines,
                }
            )

    # -- the match clock ---------------------------------------------------------------

    async def _drive_clock(self) -> None:
        step = TICK_SECONDS * self.args.speed
        while True:
            await asyncio.sleep(TICK_SECONDS)
            self.log.note({"k": "tick", "t": self.time.t, "to": self.time.t + step})
            await self.scheduler.advance(step)

    # -- matches -----------------------------------------------------------------------

    async def _play_all(self, unfinished: list[MatchRecord]) -> None:
        for record in unfinished:
            if record.status is MatchStatus.CREATED:
                await self._start(record.id)  # created by a run killed before starting it
            self._follow(record.id, record.game)
        while True:
            self._forget_finished()
            if self._may_create():
                record = await self._create()
                self._follow(record.id, record.game)
                continue
            if not self.players:
                return
            await asyncio.wait(list(self.players.values()), return_when=asyncio.FIRST_COMPLETED)

    def _may_create(self) -> bool:
        if self.args.final or self._wanted() is None:
            return False
        return self.args.total is None or self.created < self.args.total

    def _wanted(self) -> str | None:
        """The game furthest below its share of the matches playing now, if any."""
        playing = [self.game_of[m] for m in self.players]
        short = {key: share - playing.count(key) for key, share in self.args.mix.items()}
        key = max(short, key=lambda k: short[k])
        return key if short[key] > 0 else None

    def _forget_finished(self) -> None:
        for match_id, task in list(self.players.items()):
            if task.done():
                task.result()  # a player that failed fails the run
                del self.players[match_id]

    async def _create(self) -> MatchRecord:
        """A new match of the game furthest below its share."""
        key = self._wanted()
        assert key is not None
        config = soak_options(key, self.created)
        seed = random.Random(f"{self.args.seed}:match:{self.created}").randrange(2**31)
        players = [PlayerRecord(seat=s, user_id=2 * self.created + s + 1) for s in (0, 1)]
        new = NewMatch(guild_id=GUILD, game=key, config=config, seed=seed, players=players)
        record = await self.runtime.create(new)
        self.created += 1
        self.game_of[record.id] = key
        self.log.note({"k": "created", "m": record.id, "game": key})
        await self._start(record.id)
        return record

    async def _start(self, match_id: int) -> None:
        await self.runtime.start(match_id)
        # A running clock is the run's time plus a constant: read both at one instant
        # (nothing can run between the view's reading and the next line).
        clock = (await self.runtime.view(match_id, HOST))["match"]["clock_ms"]
        self.log.note({"k": "started", "m": match_id, "clock": clock, "t": self.time.t})

    def _follow(self, match_id: int, game_key: str) -> None:
        self.game_of[match_id] = game_key
        seed = f"{self.args.seed}:{self.args.incarnation}:{match_id}"
        player = Player(self, match_id, game_key, random.Random(seed))
        self.players[match_id] = asyncio.create_task(player.play(), name=f"player-{match_id}")


class Player:
    """Both seats (and the host's script) of one match: the demo's players, asked
    whenever the match has changed, one move at a time."""

    def __init__(self, child: Child, match_id: int, game_key: str, rng: random.Random) -> None:
        self.child = child
        self.runtime = child.runtime
        self.match_id = match_id
        self.game_key = game_key
        self.rng = rng
        # The weakest level: the soak is about crashes, and a level that thinks
        # less leaves the processor to the twenty matches beside it.
        player = next(iter(demo_levels(game_key).values()), None)
        assert player is not None, f"{game_key} has no built-in players"
        self.player = player
        self.script = host_script(game_key)
        self.every_seat = demo_flag(game_key, "ASKS_EVERY_SEAT")

    async def play(self) -> None:
        while True:
            record = await self.runtime.get(self.match_id)
            if record.status.over:
                return
            if record.status is MatchStatus.PAUSED:
                await self.runtime.resume(self.match_id)  # no player of ours pauses; be safe
                continue
            if not await self._move_once():
                await self._until_changed(record.version)

    async def _move_once(self) -> bool:
        """Ask every seat the game waits on, then the host; True if anyone moved."""
        moved = False
        seats = [0, 1] if self.every_seat else sorted(await self.runtime.to_act(self.match_id))
        for seat in seats:
            view = await self.runtime.view(self.match_id, seat)
            if view["match"]["status"] != MatchStatus.RUNNING:
                return moved
            # Players think beside the bot, as people do: in a thread, so a slow
            # choice (Expression's player weighs thousands of expressions) never
            # holds up the event loop, the clock or the other matches.
            text = await asyncio.to_thread(self.player, view, seat, self.rng)
            if text is not None:
                moved = await self._submit(seat, text) or moved
        if not moved and self.script is not None:
            text = self.script(await self.runtime.view(self.match_id, HOST))
            if text is not None:
                moved = await self._submit(HOST, text)
        return moved

    async def _submit(self, actor: Actor, text: str) -> bool:
        log = self.child.log
        move = {"m": self.match_id, "a": actor, "x": text}
        await log.append({"k": "try", **move})
        try:
            await self.runtime.submit_text(self.match_id, actor, text)
        except Rejected as refusal:
            await log.append({"k": "no", **move, "why": str(refusal)})
            return False
        # Read at once, with no wait in between: the version this move made.
        record = await self.runtime.get(self.match_id)
        ack = {"v": record.version, "c": record.clock_ms, "t": self.child.time.t}
        await log.append({"k": "ack", **move, **ack})
        return True

    async def _until_changed(self, version: int) -> None:
        """Wait for the match's next step (a deadline firing, say), or a while."""
        for _ in range(PATIENCE_TICKS):
            await asyncio.sleep(TICK_SECONDS)
            record = await self.runtime.get(self.match_id)
            if record.version != version or record.status.over:
                return


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the SQLite file")
    parser.add_argument("--log", required=True, help="this run's side log")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--incarnation", type=int, default=0)
    parser.add_argument(
        "--mix", type=_mix, default=_mix(""), help="matches kept playing per game: goofspiel=4,…"
    )
    parser.add_argument("--total", type=int, default=None, help="matches created in all")
    parser.add_argument("--final", action="store_true", help="create none; finish and exit")
    parser.add_argument("--speed", type=float, default=25.0, help="match seconds per second")
    return parser.parse_args(argv)


def _mix(text: str) -> dict[str, int]:
    """``goofspiel=5,expression=2``; a game left out plays 4 at a time."""
    mix = dict.fromkeys(games.keys(), 4)
    for part in filter(None, text.split(",")):
        key, _, count = part.partition("=")
        if key not in mix:
            raise argparse.ArgumentTypeError(f"no game {key!r}")
        mix[key] = int(count)
    return mix


def run(argv: list[str]) -> None:
    asyncio.run(Child(parse_args(argv)).run())


# -- the zygote ------------------------------------------------------------------------
# A restart would spend most of its time importing the bot and reading Decoder's
# word list (seconds on a busy machine), which proves nothing about crash
# safety. So one process does that once, and each run is a fork of it: a real
# process of its own, started on the same file, killed by its own SIGKILL.


def warm_up() -> None:
    """Import and load, once, what every run needs."""
    import alembic.command  # noqa: F401  (storage.upgrade imports it at every start)

    from bot.demo import decoder
    from games.decoder.words import shipped_words

    for key in games.keys():
        games.get(key)
        demo_player(key)
        host_script(key)
        soak_options(key, 0)  # its facts: a game without SOAK_OPTIONS fails here, named
    shipped_words()
    decoder._words()  # the Decoder player's sample of the list, cached too


def zygote() -> None:
    """Serve the parent on stdin/stdout, one line each way:
    ``run <json list of arguments>`` → the new run's pid;
    ``wait <pid>`` → ``<pid> <exit code, or minus the signal that ended it>``."""
    warm_up()
    print("ready", flush=True)
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "run":
            print(_fork(json.loads(rest)), flush=True)
        elif command == "wait":
            _, status = os.waitpid(int(rest), 0)
            print(rest, os.waitstatus_to_exitcode(status), flush=True)


def _fork(argv: list[str]) -> int:
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 0)  # the protocol's pipes are the zygote's alone
        os.dup2(devnull, 1)
        run(argv)
        code = 0
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(code)


def main() -> None:
    if sys.argv[1:] == ["--zygote"]:
        zygote()
    else:
        run(sys.argv[1:])


if __name__ == "__main__":
    main()
