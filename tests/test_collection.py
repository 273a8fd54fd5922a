"""What tests/conftest.py does once the suite is collected."""

from __future__ import annotations

import gc


def test_the_collected_suite_is_frozen() -> None:
    """Left out of the garbage collector's passes (pytest_collection_finish)."""
    assert gc.get_freeze_count() > 0
