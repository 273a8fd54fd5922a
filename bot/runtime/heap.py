"""Keeping the cyclic garbage collector off what lives as long as the process,
and out of the way of each move's short-lived objects.

CPython's full collections walk every tracked object. At 1,000 matches a
bot's heap (modules, settings, discord.py's caches, the restored matches)
holds a few hundred thousand of them, and moves promote enough short-lived
objects (each step's new state, waiting to be committed) to set off a full
collection every thousand moves or so: 60-150 ms pauses that every move in
flight waits out, a quarter of the moves benchmark's time. Freezing the heap
once start-up is done (``gc.freeze``) leaves those objects out of every later
collection; they are still freed as usual when nothing refers to them (only a
reference cycle among them would outlive its use, once).

The youngest generation is collected every ``YOUNG`` net allocations rather
than CPython's 700. The count is net: what is freed counts back down, so
what sets off a collection is growth, and under load the growth is every move
in flight (its new state, notices, the writer's batch), alive for the few
hundred milliseconds until its commit, then freed all at once. At 700 a
thousand moves in flight set off dozens of collections each batch, each
walking them all and promoting them, and the older generations' collections
walked them again: at 1,000 matches the collector took 38% of the moves
benchmark's main-thread CPU. A threshold above what is in flight lets those
objects die before any collection sees them (bench/moves.py at 1,000
matches: 1 collection in 12,000 moves, under 4% of the CPU). A collection
still costs only what survives it, so pauses are no longer; garbage in
reference cycles waits longer to be freed.
"""

from __future__ import annotations

import gc

#: Net allocations of tracked objects between two young collections (CPython: 700).
YOUNG = 200_000


def settle() -> None:
    """Collect what start-up left behind, then freeze the rest and space out the
    young collections: call once, when the process is ready to serve (the bot
    does, and so do the benchmarks)."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)


def exiting() -> None:
    """The process ends next: freeze the heap so the collector's last pass, at
    interpreter exit, skips objects that die with the process anyway. For
    ``genius-bot web``, whose heap was never frozen, that pass was most of its
    stop: 2.1-2.3 s of a SIGTERM's 2.3 s on the 2-core machine under load, 0.2 s
    frozen."""
    gc.freeze()
