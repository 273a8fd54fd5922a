"""How `make test` hands the tests to its pytest-xdist workers.

``--dist loadscope`` sends each test module to one worker whole, so a module's
module-scoped setup (the soak, the replayed exports, a ``functools.cache`` of
puzzles) is built once. The few slow modules whose tests share nothing but
function-scoped fixtures are better spread: each of their tests is a unit of
its own, handed to whichever worker is free. The authorization matrix alone was
a fifth of a worker's whole run as one unit; spread, its ten matches (a game in
a layout each) run on every worker at the start and none is left running alone
at the end.
"""

from __future__ import annotations

from typing import Any

from xdist.scheduler import LoadScopeScheduling

#: Slow modules with no setup above the test's own (module-, class- or
#: session-scoped fixtures they build themselves, or module-level caches): each
#: of their tests goes out on its own. A module added here must stay so.
SPREAD = (
    "tests/bot/discord/test_authorization.py",
    "tests/bot/web/test_no_secrets.py",
    "tests/games/expression/test_expression_properties.py",
    "tests/bot/demo/test_player_levels.py",
    "tests/bot/discord/test_practice.py",
)


def module_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


class SpreadScheduling(LoadScopeScheduling):
    """loadscope, with each test of a ``SPREAD`` module a unit of its own."""

    def _split_scope(self, nodeid: str) -> str:
        if module_of(nodeid) in SPREAD:
            return nodeid
        scope: str = super()._split_scope(nodeid)
        return scope


def scheduler(config: Any, log: Any) -> SpreadScheduling | None:
    """The scheduler for ``--dist loadscope`` (None: xdist's own for the others)."""
    if config.getvalue("dist") != "loadscope":
        return None
    return SpreadScheduling(config, log)
