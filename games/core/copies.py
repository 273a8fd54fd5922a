"""The engine's private copy of a state: every mutable part new, every immutable
part shared.

``Game.apply`` and ``expire`` hand their hooks a copy to mutate, so no engine can
change its caller's state. A deep copy of everything is wasted work on the
parts no one can change: a frozen model whose fields are all immutable (ints,
strings, tuples of them, other such models) cannot be written, so the copy
shares it, as it shares strings. Everything else (lists, dicts, models that
are not frozen, frozen models holding a list) is copied, all the way down.

So a game makes its history cheap to carry by making its records frozen with
tuple fields (Goofspiel's ``AuctionRecord``): a copy then costs the live parts
of the state, not the whole match so far, and each step leaves the garbage
collector a dozen new objects instead of hundreds. Whether a class is shared
is read once from its field annotations; ``tests/games/test_state_copies.py``
holds every game's states in every phase to it (nothing shared is mutable, and
nothing mutable is shared).
"""

from __future__ import annotations

import copy
import types
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

T = TypeVar("T")

#: Values with no inside to change: shared as they are.
ATOMS: frozenset[type] = frozenset({int, str, bool, float, type(None), bytes})

_shareable: dict[type, bool] = {}
#: The atoms and every model class found shared so far: a list or dict whose
#: values are all of these (a match's history of frozen records) is copied in
#: one C-level call, without a Python call per record.
_kept: set[type] = set(ATOMS)


def private_copy(value: T) -> T:
    """``value`` with every mutable part copied and every immutable part shared."""
    copied: T = _copy(value)
    return copied


def _copy(value: Any) -> Any:
    cls = type(value)
    if cls in ATOMS:
        return value
    if cls is list:
        # A list of plain values (a hand, a row of cells) in one C-level copy.
        return value.copy() if _kept.issuperset(map(type, value)) else [_copy(v) for v in value]
    if cls is dict:
        if _kept.issuperset(map(type, value.values())):
            return value.copy()
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return _model(value)
    if cls is tuple:
        return tuple(_copy(item) for item in value)
    return copy.deepcopy(value)  # anything else: no shortcut, no risk


def _model(model: BaseModel) -> BaseModel:
    cls = type(model)
    if shared(cls):
        return model
    new = cls.__new__(cls)
    # Most fields are atoms or shared models: the dict is copied whole, in C, and
    # only the others are replaced (a call per field was most of a copy's time).
    fields = model.__dict__.copy()
    for key, value in fields.items():
        if type(value) not in _kept:
            fields[key] = _copy(value)
    # What pydantic's own copy sets, set the same way (frozen models refuse setattr).
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    extra, private = model.__pydantic_extra__, model.__pydantic_private__
    object.__setattr__(new, "__pydantic_extra__", None if extra is None else _copy(extra))
    object.__setattr__(new, "__pydantic_private__", None if private is None else _copy(private))
    return new


def shared(cls: type[BaseModel]) -> bool:
    """Whether instances of ``cls`` are immutable all the way down (frozen, every
    field immutable by its annotation), so a copy may share them."""
    found = _shareable.get(cls)
    if found is None:
        _shareable[cls] = False  # a model that holds itself is not shared
        found = bool(cls.model_config.get("frozen")) and all(
            _immutable(field.annotation) for field in cls.model_fields.values()
        )
        _shareable[cls] = found
        if found:
            _kept.add(cls)
    return found


def _immutable(annotation: Any) -> bool:
    if annotation in ATOMS or annotation is None:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin is Annotated:  # a constrained value (``Annotated[int, Field(ge=1)]``)
        return _immutable(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return all(_immutable(arg) for arg in get_args(annotation))
    if origin is tuple:
        return all(arg is Ellipsis or _immutable(arg) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return shared(annotation)
    return False  # lists, dicts, sets, Any, anything not known to be immutable
