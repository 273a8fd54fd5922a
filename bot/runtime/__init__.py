"""The match runtime: clock, timers, persistence and delivery, with no Discord in it."""

from bot.runtime.delivery import Delivered, DeliveryPort, ListDelivery, Undeliverable
from bot.runtime.replay import replay
from bot.runtime.runtime import MatchRuntime
from bot.runtime.scheduler import LoopTime, ManualTime, Scheduler, TimeSource

__all__ = [
    "Delivered",
    "DeliveryPort",
    "ListDelivery",
    "LoopTime",
    "ManualTime",
    "MatchRuntime",
    "Scheduler",
    "TimeSource",
    "Undeliverable",
    "replay",
]
