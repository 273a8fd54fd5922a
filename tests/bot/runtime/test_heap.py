"""heap.settle(): the heap frozen, the young collections spaced out."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot.runtime import heap


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the collector back as it was: tests share one process."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("collector")
def test_settle_freezes_the_heap_and_spaces_out_young_collections() -> None:
    _, middle, old = gc.get_threshold()
    heap.settle()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (heap.YOUNG, middle, old)
