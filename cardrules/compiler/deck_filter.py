"""A `cards:` line's `where` condition + one combination of attribute values -> whether the line makes
cards of it. The checker (language/deck_filter.py) allowed only what is worked out here."""

from __future__ import annotations

import operator
from itertools import product
from typing import Any, Callable

from ..language import nodes
from ..language.builtins import constant
from ..values import NOTHING, Sym

_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {"+": operator.add, "-": operator.sub, "*": operator.mul,
                                                     "//": operator.floordiv, "%": operator.mod}
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a is b if isinstance(a, Sym) or isinstance(b, Sym) else a == b,
    "!=": lambda a, b: not (a is b if isinstance(a, Sym) or isinstance(b, Sym) else a == b),
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "in": lambda a, b: any(a is x if isinstance(x, Sym) else a == x for x in b),
    "not in": lambda a, b: not any(a is x if isinstance(x, Sym) else a == x for x in b),
}


def keeps(condition: nodes.Expr | None, values: dict[str, Any], syms: dict[str, Sym]) -> bool:
    """Whether the combination `values` (attribute -> value) passes the line's condition (no condition: yes).
    Raises ValueError, saying why, when the condition cannot be worked out (a colour compared with a number)."""
    if condition is None:
        return True
    try:
        return bool(_value(condition, values, syms))
    except (TypeError, ZeroDivisionError, OverflowError) as exc:
        shown = ", ".join(f"{name} {value}" for name, value in values.items())
        raise ValueError(f"this condition could not be worked out for the cards with {shown}: {exc}") from None


def _value(e: nodes.Expr, values: dict[str, Any], syms: dict[str, Sym]) -> Any:
    def v(x: nodes.Expr) -> Any:
        return _value(x, values, syms)
    match e:
        case nodes.Int(n) | nodes.Str(n):
            return n
        case nodes.Name(name) if name in values:
            return values[name]
        case nodes.Name(name) if name in syms:
            return syms[name]
        case nodes.Name() if constant(e) is not None:
            return constant(e).value
        case nodes.Compare(op, left, right):
            return _COMPARE[op](v(left), v(right))
        case nodes.BoolOp("and", left, right):
            return v(left) and v(right)
        case nodes.BoolOp(_, left, right):
            return v(left) or v(right)
        case nodes.Not(operand):
            return not v(operand)
        case nodes.ListLit(items):
            return [v(item) for item in items]
        case nodes.Range(low, high):
            return range(v(low), v(high) + 1)  # a range object: `in` asks it without listing it
        case nodes.BinOp(op, left, right):
            return _ARITHMETIC[op](v(left), v(right))
        case nodes.Neg(operand):
            return -v(operand)
        case nodes.IfExpr(cond, then, otherwise):
            return v(then) if v(cond) else v(otherwise)
    return NOTHING


def cards_made(decl: nodes.CardsDecl, attributes: dict[str, nodes.AttributeDecl]) -> int | None:
    """How many cards a `cards:` line makes, as `explain` tells it; None when an attribute is unknown or the
    condition cannot be worked out (the checker and the compiler say why)."""
    domains: list[list[Any]] = []
    syms: dict[str, Sym] = {}
    for name in decl.attributes:
        attr = attributes.get(name)
        if attr is None:
            return None
        if attr.values:
            values = [Sym(name, v.name, len(attr.values) - i, v.short) for i, v in enumerate(attr.values)]
            domains.append(values)
        else:
            domains.append(list(range(attr.low, attr.high + 1)))
    for attr in attributes.values():
        syms.update((v.name, Sym(attr.name, v.name, len(attr.values) - i, v.short))
                    for i, v in enumerate(attr.values) if v.name not in syms)
    for name, values in zip(decl.attributes, domains):  # the line's own values are the ones compared with `is`
        if values and isinstance(values[0], Sym):
            syms.update((v.name, v) for v in values)
    try:
        kept = sum(keeps(decl.condition, dict(zip(decl.attributes, combo)), syms) for combo in product(*domains))
    except ValueError:
        return None
    return kept * decl.copies
