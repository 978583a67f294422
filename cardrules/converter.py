"""Records <-> JSON-ready data: the one cattrs converter that every module defining a record registers its hooks with.

A record (an attrs class: a diagnostic, a view, a simulation summary, a validation report, a
save) becomes plain data through `to_json` (a record's own `to_json()` says the same), and a save
comes back through `converter.structure`. By default a record's JSON object has its fields as
keys, in the order they are declared. A record whose JSON form is not that (a key named otherwise,
a key only some records carry, a computed one) has a hook registered for its class, in its own
module next to it: `fields_json` builds the default object with some fields renamed or left out,
and a hook may add to it. The `--json` outputs are read by scripts and pinned by the golden
digests, so a hook keeps their keys, their order and their optional keys as they are.

This module sits below every other one (tests/package/test_layout.py): the diagnostics register
a hook too.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable

# The cattrs converter is made when a record is first written or read (cattrs is not imported before: a
# command that prints no JSON does without it); hooks registered until then are kept in order.
_HOOKS: list[tuple[type, Callable[[Any], Any]]] = []
_MADE: list[Any] = []


def _converter() -> Any:
    if not _MADE:
        import cattrs

        # detailed_validation: a save file that does not load is reported field by field (engine/saves.py).
        # Tuples (records keep their sequences immutable) are written as lists, as JSON reads them back.
        made = cattrs.Converter(detailed_validation=True, unstruct_collection_overrides={tuple: list})
        for cls, hook in _HOOKS:
            made.register_unstructure_hook(cls, hook)
        _MADE.append(made)
    return _MADE[0]


def __getattr__(name: str) -> Any:
    """`converter`: the one cattrs converter, made on first use."""
    if name == "converter":
        return _converter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def to_json(value: Any) -> Any:
    """A record (or a list or dict of them, or plain data) -> JSON-ready data."""
    return _converter().unstructure(value)


def dumps(value: Any) -> str:
    """A record as the commands print it with --json: indented by two spaces."""
    return json.dumps(to_json(value), indent=2)


def fields_json(cls: type, rename: dict[str, str] | None = None, omit: Iterable[str] = (),
                omit_if_default: Iterable[str] = ()) -> Callable[[Any], dict[str, Any]]:
    """The function writing a record's fields as a JSON object, in declared order: `rename` gives
    some fields another key, `omit` leaves fields out, and `omit_if_default` leaves a field out
    while it has its default (an optional key). Register it as the hook, or call it from one."""
    settings: dict[str, dict[str, Any]] = {name: {"rename": key} for name, key in (rename or {}).items()}
    settings.update({name: {"omit": True} for name in omit})
    settings.update({name: {"omit_if_default": True} for name in omit_if_default})
    made: list[Callable[[Any], dict[str, Any]]] = []

    def write(record: Any) -> dict[str, Any]:
        # Generated on first use, as cattrs does its own: by then the hooks of the field types,
        # registered further down a module or in another one, are all known.
        if not made:
            from cattrs.gen import make_dict_unstructure_fn, override

            overrides = {name: override(**given) for name, given in settings.items()}
            made.append(make_dict_unstructure_fn(cls, _converter(), **overrides))
        return made[0](record)

    return write


def register(cls: type, hook: Callable[[Any], Any]) -> None:
    """Write records of `cls` (and of its subclasses) with `hook`."""
    if _MADE:
        _MADE[0].register_unstructure_hook(cls, hook)
    else:
        _HOOKS.append((cls, hook))
