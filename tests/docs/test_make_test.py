"""`make test`, the README's (and CI's) test command: lint and the type checker,
then the suite on pytest-xdist workers; whatever pytest reports short of success,
"no tests collected" (exit 5) included, fails it.

The Makefile runs here with stand-ins for the tools (``BIN`` pointed at scripts
that note their arguments), so this checks make's handling, not the suite."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import SLOW_FIRST

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _make_test(
    tmp_path: Path, pytest_exit: int, *settings: str, mypy_exit: int = 0
) -> tuple[int, list[str]]:
    """``make test`` with pytest exiting ``pytest_exit``: make's exit code and the
    arguments pytest was given."""
    tools = tmp_path / "bin"
    tools.mkdir()
    called = tmp_path / "pytest-args"
    for tool, code in (("ruff", 0), ("mypy", mypy_exit), ("pytest", pytest_exit)):
        note = f"printf '%s\\n' \"$@\" > {called}\n" if tool == "pytest" else ""
        script = tools / tool
        script.write_text(f"#!/bin/sh\n{note}exit {code}\n", encoding="utf-8")
        script.chmod(0o755)
    stamp = tmp_path / ".installed"
    stamp.touch()  # newer than pyproject.toml: nothing to install
    done = subprocess.run(
        ["make", "-s", "-C", str(ROOT), "test", f"BIN={tools}", f"STAMP={stamp}", *settings],
        capture_output=True,
        text=True,
        # Not the settings of a make this runs under (`make test WORKERS=6` puts
        # WORKERS in its recipes' environment, and make reads the environment).
        env={
            **{k: v for k, v in os.environ.items() if k not in ("WORKERS", "MAKEOVERRIDES")},
            "MAKEFLAGS": "",
        },
        check=False,
    )
    args = called.read_text(encoding="utf-8").splitlines() if called.exists() else []
    return done.returncode, args


def test_the_suite_runs_on_two_workers_per_core(tmp_path: Path) -> None:
    code, args = _make_test(tmp_path, 0)
    assert code == 0
    workers = str(2 * len(os.sched_getaffinity(0)))
    assert args == ["-n", workers, "--dist", "loadscope", "--no-loadscope-reorder"]


def test_the_slowest_modules_named_first_exist() -> None:
    """SLOW_FIRST orders the work; a module renamed away would silently drop out."""
    missing = [path for path in SLOW_FIRST if not (ROOT / path).is_file()]
    assert not missing, f"tests/conftest.py SLOW_FIRST names no such module: {missing}"


def test_a_type_error_fails_it_though_the_suite_passes(tmp_path: Path) -> None:
    """The type checker runs beside the suite; its failure still fails the target."""
    code, args = _make_test(tmp_path, 0, mypy_exit=1)
    assert args, "pytest was not run"
    assert code != 0


def test_workers_zero_runs_it_in_one_process(tmp_path: Path) -> None:
    code, args = _make_test(tmp_path, 0, "WORKERS=0")
    assert code == 0
    assert args[:2] == ["-n", "0"]


@pytest.mark.parametrize("pytest_exit", [1, 2, 5])
def test_any_pytest_failure_fails_it(tmp_path: Path, pytest_exit: int) -> None:
    """1: a test failed; 2: interrupted or a usage error; 5: no tests collected
    (a broken conftest or path would otherwise pass as green)."""
    code, args = _make_test(tmp_path, pytest_exit)
    assert args, "pytest was not run"
    assert code != 0
