"""A clean stop on SIGTERM and SIGINT (``docker stop``, ``systemctl stop``, Ctrl-C).

Without a handler SIGTERM ends the process where it stands, a crash: the
event loop's own signal handlers instead call back into the loop, so the bot
can stop taking moves, let the writer finish its batch, checkpoint the clocks
and close the gateway and the database before it exits 0.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def on_stop_signals(stop: Callable[[], None]) -> None:
    """Call ``stop`` (in the running loop) on SIGTERM or SIGINT, each time one comes."""
    loop = asyncio.get_running_loop()
    for number in STOP_SIGNALS:
        loop.add_signal_handler(number, stop)


def stop_requested() -> asyncio.Event:
    """An event set on SIGTERM or SIGINT, from now on (``genius-bot web``)."""
    stop = asyncio.Event()
    on_stop_signals(stop.set)
    return stop
