"""tests/scheduling.py: the slow modules listed in SPREAD go to the workers test by
test; every other module stays one unit (its module-scoped setup built once)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import scheduling
from tests.scheduling import SPREAD, SpreadScheduling

ROOT = Path(__file__).resolve().parents[1]

#: Setup a test module shares between its tests: spread, it would be built again
#: on every worker that runs one of them (or, for a cache, silently not shared).
SHARED_SETUP = re.compile(
    r"scope\s*=\s*[\"'](module|class|package|session)[\"']|@cache\b|lru_cache"
)


def _config(dist: str) -> pytest.Config:
    """What xdist's schedulers read of the configuration: `-n 2 --dist <dist>`."""
    found: pytest.Config = SimpleNamespace(  # type: ignore[assignment]
        getvalue=lambda name: {"dist": dist, "tx": ["2*popen"]}.get(name)
    )
    return found


def test_a_spread_module_goes_out_test_by_test() -> None:
    spread = scheduling.scheduler(_config("loadscope"), None)
    assert isinstance(spread, SpreadScheduling)
    module = SPREAD[0]
    first, second = f"{module}::test_one[a]", f"{module}::test_one[b]"
    assert spread._split_scope(first) == first
    assert spread._split_scope(second) == second


def test_any_other_module_stays_whole() -> None:
    spread = SpreadScheduling(_config("loadscope"))
    assert spread._split_scope("tests/reliability/test_soak.py::test_x[1]") == (
        "tests/reliability/test_soak.py"
    )
    # As xdist's loadscope does: a class's tests are one unit.
    assert spread._split_scope("tests/a/test_b.py::TestC::test_d") == "tests/a/test_b.py::TestC"


def test_only_loadscope_is_replaced() -> None:
    assert scheduling.scheduler(_config("load"), None) is None
    assert scheduling.scheduler(_config("worksteal"), None) is None


def test_every_spread_module_exists_and_shares_no_setup() -> None:
    for module in SPREAD:
        path = ROOT / module
        assert path.is_file(), f"tests/scheduling.py SPREAD names no such module: {module}"
        shared = SHARED_SETUP.findall(path.read_text(encoding="utf-8"))
        assert not shared, (
            f"{module} shares setup between its tests ({shared}): spread over the "
            "workers it would be built on each; take it out of SPREAD"
        )
