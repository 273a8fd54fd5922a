"""Play a whole match through the real runtime and a real SQLite database, on a
manual clock that jumps straight to the next deadline, printing the room as
spectators see it and saving every image it shows."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.kits import demo_flag, demo_player, host_script
from bot.render import Image, renderer_for
from bot.runtime import ManualTime, MatchRuntime, Scheduler
from games import HOST, PUBLIC, Notice
from games.core import Audience
from storage import make_engine, make_sessionmaker, upgrade
from storage.records import MatchRecord, MatchStatus, NewMatch, PlayerRecord

NAMES = ("Ruby", "Turquoise")


@dataclass
class RoomPrinter:
    """A delivery port that prints the room (and, if asked, private channels)."""

    out: TextIO
    image_dir: Path
    private: bool = False
    images: list[Path] = field(default_factory=list)

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        if target != "public" and not self.private:
            return
        where = (
            "room"
            if target == "public"
            else f"#{NAMES[int(target)]}-private"
            if target.isdigit()
            else target
        )
        # One message per step, as the bot posts it, but each picture printed
        # right after the post it illustrates, not after the whole message.
        head = f"[{where}] "
        for text, images in _posts(match.game, notices, _audience(target)):
            if text:
                print(f"{head}{text}", file=self.out)
                head = ""
            for image in images:
                path = self.image_dir / f"{len(self.images) + 1:03d}-{image.filename}"
                path.write_bytes(image.data)
                self.images.append(path)
                print(f"[{where}] (image saved: {path})", file=self.out)


def _posts(game: str, notices: list[Notice], audience: Audience) -> list[tuple[str, list[Image]]]:
    """One step's notices as a message renders them (:meth:`Renderer.render`), each
    with its own pictures: of two with the same file name, only the last is kept."""
    renderer = renderer_for(game)
    parts = [renderer.render_notice(n, audience, NAMES) for n in renderer.prepare(notices)]
    kept = {image.filename: image for part in parts for image in part.images}
    return [
        (part.text, [image for image in part.images if kept[image.filename] is image])
        for part in parts
    ]


def _audience(target: str) -> Audience:
    return int(target) if target.isdigit() else HOST if target == HOST else PUBLIC


async def play_demo(
    game_key: str,
    *,
    seed: int,
    out_dir: Path,
    out: TextIO,
    private: bool = False,
    options: dict[str, Any] | None = None,
) -> MatchRecord:
    out_dir.mkdir(parents=True, exist_ok=True)  # noqa: ASYNC240 (once, before the match starts)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/demo.db"
        await upgrade(url)
        engine = make_engine(url)
        try:
            port = RoomPrinter(out, out_dir, private)
            scheduler = Scheduler(ManualTime(), auto=False)
            runtime = MatchRuntime(
                make_sessionmaker(engine), port, scheduler=scheduler, checkpoint_seconds=0
            )
            await runtime.start_up()
            record = await play_match(runtime, game_key, seed, options or {})
            await runtime.shut_down()
            print(f"\n{len(port.images)} images saved in {out_dir}", file=out)
            return record
        finally:
            await engine.dispose()


async def play_match(
    runtime: MatchRuntime, game_key: str, seed: int, options: dict[str, Any]
) -> MatchRecord:
    """A whole match of ``game_key`` on ``runtime``, played by the built-in players
    (and the host's script), skipping to each deadline when no one moves."""
    players = [PlayerRecord(seat=s, user_id=s + 1) for s in (0, 1)]
    new = NewMatch(guild_id=0, game=game_key, config=options, seed=seed, players=players)
    match_id = (await runtime.create(new)).id
    await runtime.start(match_id)
    return await play_on(runtime, match_id, game_key, random.Random(seed))


async def play_on(
    runtime: MatchRuntime,
    match_id: int,
    game_key: str,
    rng: random.Random,
    *,
    after_step: Callable[[], Awaitable[None]] | None = None,
) -> MatchRecord:
    """Play a running match to its end with the game's built-in players (a match
    just started, or one restored from wherever it was). ``after_step`` runs after
    each move, host move and deadline (tests/golden/make.py saves the rows then)."""
    sees_all = demo_flag(game_key, "SEES_ALL")
    player = demo_player(game_key)
    if player is None:
        raise ValueError(f"{game_key} has no built-in players (bot/demo/{game_key}.py)")
    stepped = after_step or _nothing
    while (record := await runtime.get(match_id)).status is MatchStatus.RUNNING:
        await runtime.flush()
        moved = False
        for seat in await _asked(runtime, match_id, game_key):
            audience = HOST if sees_all else seat
            text = player(await runtime.view(match_id, audience), seat, rng)
            if text is not None:
                await runtime.submit_text(match_id, seat, text)
                moved = True
                await stepped()
        if not moved and not await _host_moves(runtime, match_id, game_key):
            await skip_to_next_deadline(runtime, match_id)
        if not moved:
            await stepped()
    await runtime.flush()
    return record


async def _nothing() -> None:
    return None


async def _asked(runtime: MatchRuntime, match_id: int, game_key: str) -> list[int]:
    """The seats asked for a move: those the game waits on, or every seat."""
    if demo_flag(game_key, "ASKS_EVERY_SEAT"):
        return [0, 1]
    return sorted(await runtime.to_act(match_id))


async def _host_moves(runtime: MatchRuntime, match_id: int, game_key: str) -> bool:
    """The host's scripted move, when the game has one to make now."""
    script = host_script(game_key)
    text = script(await runtime.view(match_id, HOST)) if script is not None else None
    if text is not None:
        await runtime.submit_text(match_id, HOST, text)
    return text is not None


async def skip_to_next_deadline(runtime: MatchRuntime, match_id: int) -> None:
    """Let time run to just past the match's next deadline (its seats silent)."""
    view: dict[str, Any] = await runtime.view(match_id, HOST)
    left = [d["seconds_left"] for d in view["match"]["deadlines"]]
    await runtime.scheduler.advance(min(left, default=0) + 1)
