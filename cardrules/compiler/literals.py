"""A list literal whose every element is a constant of the game, where it is only walked or searched -> the code
of one module constant, a tuple of those values, instead of a list built at every evaluation.

Only where nothing could keep or change the list: the right side of `in` / `not in` (a tuple compares its
elements with `==` exactly as a list does, `none` included) and the source of a loop (a comprehension, a `where`,
a quantifier's loop, a lister's binder). Elements must be plain values (numbers, texts, symbols, cards, `none`,
options' values that are no list): a list element compared with a tuple element would differ (`[1] != (1,)`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..language import nodes
from ..language.builtins import NAMES, Constant

if TYPE_CHECKING:
    from .codegen import Emitter, Env

NOT_CONSTANT = object()
_CONTAINERS = (list, tuple, dict, set, frozenset)


def _value(g: "Emitter", e: nodes.Expr, env: "Env") -> Any:
    """The value of an element known when the game is compiled, or NOT_CONSTANT."""
    match e:
        case nodes.Int(value):
            return int(value)
        case nodes.Str(value):
            return str(value)
        case nodes.Name(name):
            return named_constant(g, name, env)
    return NOT_CONSTANT


def named_constant(g: "Emitter", name: str, env: "Env") -> Any:
    """A name's value when it means the same all game long (Emitter.name looks in this order), else NOT_CONSTANT."""
    c = g.c
    if name in env.names or name == "it" or (env.it is not None and name in c.card_attrs):
        return NOT_CONSTANT
    if name in g.folded:
        return g.folded[name]
    if name in g.def_names or name in c.zone_specs or name in c.var_specs:
        return NOT_CONSTANT
    for table in (c.options, c.syms, c.card_names):
        if name in table:
            return table[name]
    record = NAMES.get(name)
    return record.value if isinstance(record, Constant) else NOT_CONSTANT


def constant_list(g: "Emitter", e: nodes.Expr, env: "Env") -> str | None:
    """The code of a module tuple holding a list literal's constant elements; None when it is not one."""
    values = constant_values(g, e, env)
    if values is None:
        return None
    # The same elements share one constant: numbers and texts by value and class (True is no 1 when walked),
    # the rest by identity (the game's own objects).
    key = tuple((v.__class__, v if v.__class__ in (int, str) else id(v)) for v in values)
    name = g.tuples.get(key)
    if name is None:
        name = g.tuples[key] = g.const(values)
    return name


def constant_values(g: "Emitter", e: nodes.Expr, env: "Env") -> tuple | None:
    """The elements of a list literal of constants (or of a definition without parameters giving one), known
    when the game is compiled; None when it is not one. Nothing is added to the module."""
    if isinstance(e, nodes.Name) and named_constant(g, e.id, env) is NOT_CONSTANT and e.id not in env.names:
        decl = g.inlinable.get(e.id)  # `def all_keys = [a, b]`: written into its callers, the same list each time
        if decl is not None and not decl.params:
            return constant_values(g, decl.body, attrs.evolve(env, names={}, it=None))
    if not isinstance(e, nodes.ListLit):
        return None
    values = tuple(_value(g, item, env) for item in e.items)
    if any(v is NOT_CONSTANT or v.__class__ in _CONTAINERS for v in values):
        return None
    return values
