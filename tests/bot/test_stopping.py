"""A clean stop on SIGTERM and SIGINT, in real processes.

The bot: tests/bot/stopping_child.py runs it in a SimCord world, made as
``genius-bot run`` makes it, playing a match without a pause; SIGTERM comes in
the middle. The database (read with sqlite3, read-only) must then hold every
move the bot ticked and no other, both matches' clocks as they stood at the
stop, and every message the outbox held either sent or still stored.
``genius-bot web`` is the real command.
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

import pytest

from tests.bot.stopping_child import QUIET_SECONDS
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
    return code, time.monotonic() - sent


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
    assert took < STOP_WITHIN_SECONDS
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


def _web(tmp_path: Path) -> subprocess.Popen[str]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("GENIUS_")},
        "GENIUS_DATABASE__URL": f"sqlite+aiosqlite:///{tmp_path}/genius.db",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "web", "--port", "0"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_genius_bot_web_stops_cleanly(tmp_path: Path, number: signal.Signals) -> None:
    child = _web(tmp_path)
    assert child.stdout is not None
    line = child.stdout.readline()  # printed once the pages are served
    assert re.match(r"genius-bot web pages at http://127\.0\.0\.1:\d+", line), line
    code, took = _stop(child, number)
    _, err = child.communicate()
    assert code == 0, err
    assert "Traceback" not in err
    assert took < STOP_WITHIN_SECONDS
