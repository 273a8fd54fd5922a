"""heap.settle(): the heap frozen, the young collections spaced out."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot.runtime import heap
from tests.conftest import freeze_survivors


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the collector back as it was: tests share one process (and the
    suite's workers freeze what they collected, tests/conftest.py)."""
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count() > 0
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    if frozen:
        freeze_survivors()


@pytest.mark.usefixtures("collector")
def test_settle_freezes_the_heap_and_spaces_out_young_collections() -> None:
    _, middle, old = gc.get_threshold()
    heap.settle()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (heap.YOUNG, middle, old)
