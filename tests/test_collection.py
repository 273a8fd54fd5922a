"""What tests/conftest.py does once the suite is collected."""

from __future__ import annotations

import gc

from tests.conftest import freeze_survivors


def test_the_collected_suite_is_frozen() -> None:
    """Left out of the garbage collector's passes (pytest_collection_finish)."""
    assert gc.get_freeze_count() > 0


def test_freezing_again_keeps_the_suite_frozen() -> None:
    """What a test that unfreezes the heap (tests/bot/test_cli_discord.py) does after."""
    gc.unfreeze()
    freeze_survivors()
    assert gc.get_freeze_count() > 0
