"""A clean stop on SIGTERM and SIGINT, in real processes.

The bot: tests/bot/stopping_child.py runs it in a SimCord world, made as
``genius-bot run`` makes it, playing a match without a pause; SIGTERM comes in
the middle. The database (read with sqlite3, read-only) must then hold every
move the bot ticked and no other, both matches' clocks as they stood at the
stop, and every message the outbox held either sent or still stored.
``genius-bot run`` and ``genius-bot web`` are the real commands too: ``run``
against tests/bot/test_cli_discord.py's local stand-in for Discord, connected
and idle when the signal comes.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.bot.stopping_child import QUIET_SECONDS
from tests.bot.test_cli_discord import (
    CONTENT_LIMITED,
    GOOD_TOKEN,
    MEMBERS_LIMITED,
    FakeDiscord,
    discord_stand_in,  # noqa: F401  (the fixture, used by name)
)
from tests.reliability.soak_child import notices_hash

REPO = Path(__file__).resolve().parents[2]
STOP_WITHIN_SECONDS = 5.0
START_WITHIN_SECONDS = 60.0  # a busy machine: imports, migrations, SimCord's world
MOVES_BEFORE_THE_SIGNAL = 6


def _events(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    lines = log.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.endswith("}")]


def _wait_for(child: subprocess.Popen[bytes], ready: Any) -> None:
    deadline = time.monotonic() + START_WITHIN_SECONDS
    while not ready():
        assert child.poll() is None, f"the child ended early: {child.communicate()}"
        assert time.monotonic() < deadline, "the child never got going"
        time.sleep(0.05)


def _stop(child: subprocess.Popen[bytes], number: signal.Signals) -> tuple[int, float]:
    """Send the signal; the exit code and how long the process took to end."""
    sent = time.monotonic()
    child.send_signal(number)
    try:
        code = child.wait(timeout=STOP_WITHIN_SECONDS * 4)
    except subprocess.TimeoutExpired:
        child.kill()
        raise
    took = time.monotonic() - sent
    print(f"stopped in {took:.2f} s", file=sys.stderr)  # the figure, under -s
    return code, took


def test_sigterm_mid_play_stores_every_ticked_move_and_the_clocks(tmp_path: Path) -> None:
    db, log = tmp_path / "genius.db", tmp_path / "child.jsonl"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.stopping_child", "--db", str(db), "--log", str(log)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _wait_for(child, lambda: sum(e["event"] == "ack" for e in _events(log)) >= 6)
    code, took = _stop(child, signal.SIGTERM)
    _, err = child.communicate()
    assert code == 0, err.decode()
    assert took < STOP_WITHIN_SECONDS, f"took {took:.1f} s"
    said = _events(log)
    assert said[-1]["event"] == "stopped"
    ready = next(e for e in said if e["event"] == "ready")
    quiet, busy = ready["quiet"], ready["busy"]

    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as stored:
        # Every move the bot ticked is stored, in order, and nothing else was taken.
        acks = [e["seat"] for e in said if e["event"] == "ack" and e["match"] == busy]
        actions = stored.execute(
            "SELECT actor FROM match_events WHERE match_id = ? AND kind = 'action' ORDER BY seq",
            (busy,),
        ).fetchall()
        assert [int(actor) for (actor,) in actions] == acks
        # Clocks: the quiet match ran QUIET_SECONDS past its start with no step
        # and short of the 5 s checkpoint, so only the stop's checkpoint saved it.
        clocks = dict(stored.execute("SELECT id, clock_ms FROM matches").fetchall())
        (started,) = stored.execute(
            "SELECT max(now_ms) FROM match_events WHERE match_id = ?", (quiet,)
        ).fetchone()
        assert clocks[quiet] >= started + QUIET_SECONDS * 1000
        (last_move,) = stored.execute(
            "SELECT max(now_ms) FROM match_events WHERE match_id = ?", (busy,)
        ).fetchone()
        assert clocks[busy] >= last_move
        # The outbox: a row marked delivered was sent; the rest stay for the next start.
        rows = stored.execute("SELECT match_id, target, notices, delivered FROM outbox").fetchall()
    sent = Counter((e["match"], e["target"], e["h"]) for e in said if e["event"] == "sent")
    marked = Counter((m, t, notices_hash(json.loads(n))) for m, t, n, done in rows if done)
    assert not marked - sent, "marked delivered without being sent"
    assert sum(marked.values()) > 0


def _command(tmp_path: Path, *argv: str, **settings: str) -> subprocess.Popen[str]:
    """``python -m`` argv in ``tmp_path``, on a database there, with only ``settings``
    of the environment's GENIUS_ variables."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("GENIUS_")},
        "GENIUS_DATABASE__URL": f"sqlite+aiosqlite:///{tmp_path}/genius.db",
        "PYTHONPATH": str(REPO),
        **settings,
    }
    return subprocess.Popen(
        [sys.executable, "-m", *argv],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_genius_bot_run_stops_cleanly_on_sigterm(
    discord_stand_in: FakeDiscord,  # noqa: F811
    tmp_path: Path,
) -> None:
    """docker stop, systemctl stop. (Both signals take the same handler; SIGINT is
    tried on ``web`` below: each process here costs seconds of CPU.)"""
    discord_stand_in.close_code = None  # READY, then connected until the bot leaves
    discord_stand_in.flags = MEMBERS_LIMITED | CONTENT_LIMITED
    gateway = str(DiscordWebSocket.DEFAULT_GATEWAY)
    child = _command(
        tmp_path, "tests.bot.run_child", Route.BASE, gateway, GENIUS_DISCORD_TOKEN=GOOD_TOKEN
    )
    # IDENTIFY comes after set-up (the restore, the handlers), so the bot is up.
    deadline = time.monotonic() + START_WITHIN_SECONDS
    while not discord_stand_in.identified:
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the bot never reached the gateway"
        time.sleep(0.05)
    code, took = _stop(child, signal.SIGTERM)
    _, err = child.communicate()
    assert code == 0, err
    assert "Traceback" not in err, err
    assert "stopping: no new moves" in err
    assert took < STOP_WITHIN_SECONDS, f"took {took:.1f} s"


def test_genius_bot_web_stops_cleanly_on_sigint(tmp_path: Path) -> None:
    """Ctrl-C: the loop's handler replaces asyncio's own (a KeyboardInterrupt)."""
    child = _command(tmp_path, "bot.cli", "web", "--port", "0")
    assert child.stdout is not None
    line = child.stdout.readline()  # printed once the pages are served
    assert re.match(r"genius-bot web pages at http://127\.0\.0\.1:\d+", line), line
    code, took = _stop(child, signal.SIGINT)
    _, err = child.communicate()
    assert code == 0, err
    assert "Traceback" not in err
    assert took < STOP_WITHIN_SECONDS, f"took {took:.1f} s"
