"""`make test` runs the suite on xdist workers with ``--dist loadgroup``; a module
whose tests share a module-scoped fixture is grouped onto one worker, so its setup
(the soak, each game played for the replay tests) is paid once, not per worker.
These tests look at their own items, as this session collected them."""

from __future__ import annotations

import pytest

MODULE = "tests/test_xdist_groups.py"


@pytest.fixture(scope="module")
def shared_setup() -> list[str]:
    return ["built once"]


def _groups(request: pytest.FixtureRequest, name: str) -> list[str]:
    (item,) = [i for i in request.session.items if i.nodeid.startswith(f"{MODULE}::{name}")]
    return [mark.args[0] for mark in item.iter_markers("xdist_group")]


def test_a_test_sharing_module_setup_is_grouped_by_its_module(
    request: pytest.FixtureRequest, shared_setup: list[str]
) -> None:
    assert _groups(request, "test_a_test_sharing_module_setup_is_grouped_by_its_module") == [MODULE]


def test_a_test_with_its_own_setup_goes_to_any_worker(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Plugins' wider fixtures (tmp_path_factory is session-scoped) do not group."""
    assert _groups(request, "test_a_test_with_its_own_setup_goes_to_any_worker") == []
