"""SimCord's pace in this suite: two settings its public API does not reach,
made once per process (tests/bot/discord/conftest.py calls :func:`tune`).

Measured on the whole suite (4 workers, 2 cores): pytest 278 s with SimCord as
it ships, 236 s polling faster, 220 s with the runtime's timers virtual too;
the authorization matrix's Goofspiel case 11.5 → 3.4 s, an Expression practice
match 34 → 4 s, with no more CPU.

1. **Settling polls every 2 ms, not 50.** A settle waits for the bot's tasks;
   while any is neither done nor parked it sleeps ``idle`` (50 ms by default) or
   until one of them completes. The bot's ``tasks.loop``s never complete, and a
   task that has just finished leaves its done-callbacks queued for a loop turn
   or two, so nearly every settle slept its whole 50 ms once, though nothing
   was left to wait for: a third of the Discord suite's time. How often it looks
   changes nothing about when a settle is done.
2. **The runtime's timers are virtual from birth**, as a ``discord.ext.tasks``
   loop's sleep is: only ``advance_time`` fires them. SimCord gives any other
   ``loop.call_at`` a wall-clock fallback, and a timer due within the settle
   timeout (5 s) was waited for in real time (a practice match's think, a
   reminder 4 s ahead): a test then slept through its match's clock instead of
   driving it. A timer due now (no delay) keeps its fallback, so it fires at
   once, as it would in production.
"""

from __future__ import annotations

from typing import Any

import simcord
from simcord import _dpy_internals

from bot.runtime.scheduler import Scheduler

#: How often a settle looks again while the bot's work is still running.
SETTLE_POLL_SECONDS = 0.002

_SIMCORD_CHANGED = (
    "SimCord changed the internals tests/bot/discord/pace.py tunes ({what}): "
    "check its settle loop and timer fallbacks again, and update pace.py"
)


def tune() -> None:
    """Both settings; raises if this SimCord no longer has what they change."""
    _poll_faster()
    _scheduler_timers_are_virtual()


def _poll_faster() -> None:
    settle_internal: Any = simcord.Env._settle_internal
    settle: Any = simcord.Env.settle
    internal_defaults = settle_internal.__kwdefaults__
    if not internal_defaults or "idle" not in internal_defaults or settle.__defaults__ is None:
        raise RuntimeError(_SIMCORD_CHANGED.format(what="Env settle's idle"))
    internal_defaults["idle"] = SETTLE_POLL_SECONDS
    timeout, _idle = settle.__defaults__
    settle.__defaults__ = (timeout, SETTLE_POLL_SECONDS)


def _scheduler_timers_are_virtual() -> None:
    shipped = getattr(_dpy_internals, "is_intentional_wait_wakeup", None)
    if shipped is None:
        raise RuntimeError(_SIMCORD_CHANGED.format(what="is_intentional_wait_wakeup"))
    if getattr(shipped, "tuned", False):
        return

    def wakes_on_the_virtual_clock_only(
        client: Any, callback: Any, args: tuple[Any, ...], task: Any
    ) -> bool:
        if getattr(callback, "__func__", None) is Scheduler._fire:
            return callback.__self__.next_delay() > 0
        return bool(shipped(client, callback, args, task))

    wakes_on_the_virtual_clock_only.tuned = True  # type: ignore[attr-defined]
    _dpy_internals.is_intentional_wait_wakeup = wakes_on_the_virtual_clock_only


def tuned() -> bool:
    """Whether :func:`tune` has run in this process."""
    settle_internal: Any = simcord.Env._settle_internal
    return bool(
        settle_internal.__kwdefaults__.get("idle") == SETTLE_POLL_SECONDS
        and getattr(_dpy_internals.is_intentional_wait_wakeup, "tuned", False)
    )
