"""An expression node -> its Python form, where that form is the same for every back end: numbers, texts, a card's
attribute, indexing, tuples and lists, operators, `if ... else`, ranges; names, calls and loops by the writer's
own `name`, `call` and `iteration`.

The engine's code generator (codegen.Emitter.plain) and the playout's (playout_exprs.Exprs.expr) write their
own special cases first, then hand the node here. `g` is either writer: what is used of it is `expr(e, env)`
for the parts, `name`, `call`, `iteration`, `const(value)`, `runtime(name, value)`, `c.card_attrs`.
"""

from __future__ import annotations

from typing import Any

from ..language import nodes
from ..language.ranges import number_range

OPS = {"+": "+", "-": "-", "*": "*", "//": "//", "%": "%", "==": "==", "!=": "!=", "<": "<", "<=": "<=",
       ">": ">", ">=": ">=", "in": "in", "not in": "not in"}


def written(g: Any, e: nodes.Expr, env: Any) -> str | None:
    """The Python code of `e`, or None for a node the writer writes itself."""
    match e:
        case nodes.Name(name):  # each writer's own names, calls and loops
            return g.name(name, env)
        case nodes.Call():
            return g.call(e, env)
        case nodes.Comprehension() | nodes.Where():
            return f"[{g.iteration(e, env)}]"
        case nodes.Int(value):
            return repr(int(value))
        case nodes.Str(value):
            return repr(str(value))
        case nodes.Attr(obj, name):
            return f"{g.const(g.c.card_attrs[name])}.get({g.expr(obj, env)}, NOTHING)"
        case nodes.Index(obj, index):
            return f"({g.expr(obj, env)})[{g.expr(index, env)}]"
        case nodes.TupleLit(items):
            return "(" + "".join(g.expr(i, env) + ", " for i in items) + ")"
        case nodes.ListLit(items):
            return "[" + ", ".join(g.expr(i, env) for i in items) + "]"
        case nodes.BinOp(op, left, right) | nodes.Compare(op, left, right):
            return f"({g.expr(left, env)} {OPS[op]} {g.expr(right, env)})"
        case nodes.BoolOp(op, left, right):
            return f"({g.expr(left, env)} {op} {g.expr(right, env)})"
        case nodes.Not(operand):
            return f"(not {g.expr(operand, env)})"
        case nodes.Neg(operand):
            return f"(-{g.expr(operand, env)})"
        case nodes.IfExpr(cond, then, otherwise):
            return f"({g.expr(then, env)} if {g.expr(cond, env)} else {g.expr(otherwise, env)})"
        case nodes.Range(low, high):  # a list, bounded in size (ranges.MAX_RANGE)
            return f"{g.runtime('RANGE', number_range)}({g.expr(low, env)}, {g.expr(high, env)})"
    return None
