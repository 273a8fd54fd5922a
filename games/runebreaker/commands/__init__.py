"""The Rune Breaker command catalog and its executor.

Primitive commands live in one module per group (geometry, attributes,
existence, order), each a pure function of the board that raises CommandError
when its stated precondition fails. ``execute`` runs any sequence on a board of
any size: the 10×10 / 8×8 round boards and the 4×4 probes alike. Objects moved
past the edge are cut off; ties go to reading order.

Structural commands (defined exactly in ``structure``'s docstring): ``skip``
and ``repeat n`` act on the next step (a structural next step together with
what it acts on), ``reverse-rest`` runs the rest of the sequence read
backwards, ``again`` re-runs the last primitive that actually ran. With
nothing to act on, each is an ERROR.
"""

from games.runebreaker.commands._base import (
    GROUPS,
    CommandError,
    Entry,
    Group,
    Param,
    ParamKind,
    Value,
)
from games.runebreaker.commands.catalog import CATALOG, Bound, parse_bound, validate_bound
from games.runebreaker.commands.executor import Apply, apply_primitive, execute
from games.runebreaker.commands.listing import catalog_listing

__all__ = [
    "CATALOG",
    "GROUPS",
    "Apply",
    "Bound",
    "CommandError",
    "Entry",
    "Group",
    "Param",
    "ParamKind",
    "Value",
    "apply_primitive",
    "catalog_listing",
    "execute",
    "parse_bound",
    "validate_bound",
]
