"""A comparison `==` / `!=` with a side that certainly gives an attribute value or `none` -> its code with `is`.

An attribute value (values.Sym) and `none` are each their game's only object of that value and equal only to
themselves (values.py), and no other value of the language (a number, a card, a list, a tuple, a text) equals
one. So `a == b` is `a is b` as soon as one side is certainly a value or none, whatever the other side gives.
`is` costs ~20 ns where `==` calls Sym.__eq__ (~70 ns); guards compare colours and ranks for every card they
try (`card.color == top(pile).color`).

Certainly means, decided from the program alone:
- a name that is the same all game long and holds a value or none (a symbol such as `red`, `none`, a folded
  definition giving one: literals.named_constant), or a definition without parameters written into its callers
  whose body is certainly one;
- a card's attribute whose every card gives a value (`card.color`, or `color` alone in a `where` over cards):
  a card without it, or `none`, gives `none` (the generated `.get(card, NOTHING)`).
Anything else (a definition, a variable, a parameter, a number-valued attribute) keeps `==`.

For the same reason `x in [a, b]` whose elements are all values or none is `x is a or x is b`: a tuple's `in`
calls Sym.__eq__ for each element before the one that matches (a guard may ask it several times for each
candidate it tries), where `x` is code cheap to repeat (a name) and the elements few; and where `x`
is certainly a value itself (so hashable: a list would make a set's `in` raise), `x in {a, b}`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..language import nodes
from ..values import NOTHING, Sym
from .literals import NOT_CONSTANT, constant_values, named_constant

if TYPE_CHECKING:
    from .codegen import Emitter, Env

_IDENTITY = {"==": "is", "!=": "is not"}
_MEMBERSHIP = {"in": (" is ", " or "), "not in": (" is not ", " and ")}
MAX_ALTERNATIVES = 4  # past this many elements, one `in` on the tuple is as cheap as the chain of `is`


def by_identity(g: "Emitter", op: str, left: nodes.Expr, right: nodes.Expr, env: "Env") -> str | None:
    """The Python operator for comparing `left` and `right` by identity, or None to keep `op`."""
    if op in _IDENTITY and (_gives_a_value(g, left, env) or _gives_a_value(g, right, env)):
        return _IDENTITY[op]
    return None


def membership(g: "Emitter", op: str, left: nodes.Expr, code: str, values: tuple, cheap: bool,
               env: "Env") -> str | None:
    """The code of `left in values` (`not in`; `code` is left's) by identity, or None to keep the tuple's `in`.
    Every element is a value or none; then `code` cheap to repeat (`cheap`) gives a chain of `is`, and a left side
    that is certainly a value (hashable, so no TypeError) a frozenset's `in` (a hash, no Sym.__eq__)."""
    if not values or not all(map(_is_value, values)):
        return None
    if cheap and len(values) <= MAX_ALTERNATIVES:
        compare, join = _MEMBERSHIP[op]
        return "(" + join.join(f"{code}{compare}{g.const(v)}" for v in values) + ")"
    if _gives_a_value(g, left, env):
        return f"({code} {op} {g.const(frozenset(values))})"
    return None


def walks_values(g: "Emitter", source: nodes.Expr, env: "Env") -> bool:
    """Whether a loop over `source` (a binder's list, a comprehension's) gives its name an attribute value or
    none at every turn: the list is a literal of constants, each of them one (`value in [keep, good, none]`)."""
    values = constant_values(g, source, env)
    return bool(values) and all(map(_is_value, values))


def _gives_a_value(g: "Emitter", e: nodes.Expr, env: "Env") -> bool:
    match e:
        case nodes.Name(name) if name in env.names:  # a loop's name walking values (Env.valued), or else not known
            return env.valued.get(name) == env.names[name]
        case nodes.Attr(_, name):
            return _valued(g, name)
        case nodes.Name(name) if name not in env.names and name != "it" and env.it is not None \
                and name in g.c.card_attrs:  # an attribute of the card a `where` walks
            return _valued(g, name)
        case nodes.Name(name):
            return names_a_value(g, name, env)
    return False


def names_a_value(g: "Emitter", name: str, env: Any) -> bool:
    """Whether a name that no loop or parameter binds certainly gives an attribute value or none: a symbol,
    `none`, a definition the options fix, or one without parameters written into its callers whose body is
    certainly one (`def lucky = red`). `env`: the engine's Env or the playout's (their `names` and `it`)."""
    value = named_constant(g, name, env)
    if value is NOT_CONSTANT and name not in env.names and (decl := g.inlinable.get(name)) is not None \
            and not decl.params:
        return _gives_a_value(g, decl.body, attrs.evolve(env, names={}, it=None))
    return _is_value(value)


def _valued(g: "Emitter", attribute: str) -> bool:
    """Whether every card's `attribute` is an attribute value (not a number): cards without it give none."""
    values = g.c.card_attrs.get(attribute)
    return bool(values) and all(map(_is_value, values.values()))


def _is_value(value: object) -> bool:
    """An attribute value or none: equal only to itself."""
    return value.__class__ is Sym or value is NOTHING
