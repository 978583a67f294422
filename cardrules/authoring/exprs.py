"""AST expressions + option values -> their source text, simplified forms and the options they need.

`unparse` writes an expression back as rules text (minimal parentheses). `simplify` puts in the
chosen option values and folds what becomes constant (`fast and card.number == 3` is
`card.number == 3` with fast on and `false` with it off). `requirement` says in words which
option settings a condition needs ("with fast", "without advanced"), or None when it needs none.
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs

from ..language import nodes

_UNKNOWN = object()
_LEVEL = {nodes.IfExpr: 1, nodes.Where: 2, nodes.Not: 5, nodes.Compare: 6, nodes.Range: 6.5, nodes.Neg: 9}


def _level(e: nodes.Expr) -> float:
    if isinstance(e, nodes.BoolOp):
        return 3 if e.op == "or" else 4
    if isinstance(e, nodes.BinOp):
        return 7 if e.op in ("+", "-") else 8
    return _LEVEL.get(type(e), 11)


def unparse(e: Any, sources: dict[str, str] | None = None) -> str:
    """An expression as rules text, with the parentheses its structure needs and no others."""

    def u(x: Any, need: float = 0) -> str:
        text = unparse(x, sources)
        return f"({text})" if attrs.has(type(x)) and _level(x) < need else text

    match e:
        case None:
            return ""
        case nodes.Name(name):
            return name
        case nodes.Int(value):
            return str(value)
        case nodes.Str(value):
            return f'"{value}"'
        case nodes.Attr(obj, name):
            return f"{u(obj, 10)}.{name}"
        case nodes.Index(obj, index):
            return f"{u(obj, 10)}[{u(index)}]"
        case nodes.Call(func, args, kwargs):
            parts = [u(a) for a in args] + [f"{k.name}: {u(k.value)}" for k in kwargs]
            return f"{func}({', '.join(parts)})"
        case nodes.TupleLit(items):
            inner = ", ".join(u(i) for i in items)
            return f"({inner},)" if len(items) == 1 else f"({inner})"
        case nodes.ListLit(items):
            return "[" + ", ".join(u(i) for i in items) + "]"
        case nodes.Comprehension(element, var, source, cond):
            where = f" where {u(cond)}" if cond is not None else ""
            return f"[{u(element)} for {var} in {u(source, 3)}{where}]"
        case nodes.Where(source, cond):
            return f"{u(source, 3)} where {u(cond, 3)}"
        case nodes.BinOp(op, left, right):
            level = _level(e)
            return f"{u(left, level)} {op} {u(right, level + 1)}"
        case nodes.Compare(op, left, right):  # a range is an operand as it stands: `n in 1..5`
            return f"{u(left, 6.5)} {op} {u(right, 6.5)}"
        case nodes.Range(low, high):
            return f"{u(low, 7)}..{u(high, 7)}"
        case nodes.BoolOp("and", left, right):
            return f"{u(left, 4)} and {u(right, 5)}"
        case nodes.BoolOp(_, left, right):  # `a or (b and c)`: clearer with the parentheses
            def side(x: Any, need: int) -> str:
                return f"({unparse(x, sources)})" if isinstance(x, nodes.BoolOp) and x.op == "and" else u(x, need)
            return f"{side(left, 3)} or {side(right, 4)}"
        case nodes.Not(operand):
            return f"not {u(operand, 5)}"
        case nodes.Neg(operand):
            return f"-{u(operand, 9)}"
        case nodes.IfExpr(cond, then, otherwise):
            return f"{u(then, 2)} if {u(cond, 2)} else {u(otherwise, 1)}"
    return source_text(e, sources)


def source_text(node: Any, sources: dict[str, str] | None) -> str:
    """The text a node was parsed from, on one line (a fallback for nodes `unparse` does not know)."""
    span = getattr(node, "span", None)
    text = (sources or {}).get(getattr(span, "path", ""), "")
    if not span or not text or not span.end_line:
        return "…"
    lines = text.splitlines()[span.line - 1: span.end_line]
    if not lines:
        return "…"
    lines[-1] = lines[-1][: span.end_column - 1]
    lines[0] = lines[0][span.column - 1:]
    return " ".join(line.split("#")[0].strip() if '"' not in line else line.strip() for line in lines)


# ---------------------------------------------------------------------------------------------
# Option values

def literal(value: Any) -> nodes.Expr:
    if isinstance(value, bool):
        return nodes.Name("true" if value else "false")
    if isinstance(value, int):
        return nodes.Int(value)
    if value is None:
        return nodes.Name("none")
    return nodes.Str(str(value))


def constant(e: Any) -> Any:
    """The Python value of a literal node, or _UNKNOWN."""
    match e:
        case nodes.Name("true"):
            return True
        case nodes.Name("false"):
            return False
        case nodes.Name("none"):
            return None
        case nodes.Int(v) | nodes.Str(v):
            return v
    return _UNKNOWN


def is_constant(e: Any) -> bool:
    return constant(e) is not _UNKNOWN


def is_false(e: Any) -> bool:
    value = constant(e)
    return value is not _UNKNOWN and not value


def is_true(e: Any) -> bool:
    value = constant(e)
    return value is not _UNKNOWN and bool(value)


def mentioned(e: Any, names: set[str] | dict) -> set[str]:
    """Which of `names` the expression uses."""
    if e is None:
        return set()
    return {node.id for node in nodes.walk(e) if isinstance(node, nodes.Name) and node.id in names}


def simplify(e: Any, options: dict[str, Any]) -> Any:
    """The expression with option values put in and what becomes constant folded."""
    return _Simplifier(options).visit(e) if attrs.has(type(e)) else e


class _Simplifier(nodes.NodeTransformer):
    """Puts option values in for their names and folds each node whose parts became constant, innermost first."""

    def __init__(self, options: dict[str, Any]):
        self.options = options

    def visit_Name(self, e: nodes.Name) -> Any:
        return literal(self.options[e.id]) if e.id in self.options else e

    def generic_visit(self, e: Any) -> Any:
        return _fold(super().generic_visit(e))


def _fold(e: Any) -> Any:
    match e:
        case nodes.Not(operand) if constant(operand) is not _UNKNOWN:
            return literal(not constant(operand))
        case nodes.BoolOp("and", left, right):
            if is_false(left) or is_true(right):
                return left
            if is_true(left) or is_false(right):
                return right
        case nodes.BoolOp("or", left, right):
            if is_true(left) or is_false(right):
                return left
            if is_false(left) or is_true(right):
                return right
        case nodes.IfExpr(cond, then, otherwise) if constant(cond) is not _UNKNOWN:
            return then if constant(cond) else otherwise
        case nodes.Compare(op, left, right) if _UNKNOWN not in (constant(left), constant(right)):
            a, b = constant(left), constant(right)
            try:
                value = {"==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b, "<=": lambda: a <= b,
                         ">": lambda: a > b, ">=": lambda: a >= b}[op]()
            except (KeyError, TypeError):
                return e
            return literal(value)
    return e


def requirement(condition: Any, options: dict[str, Any]) -> str | None:
    """In words, the option settings under which `condition` can hold ("with fast", "without
    advanced", "when target > 30"); None when it does not depend on options, "never" when no
    setting makes it possible."""
    names = mentioned(condition, options)
    if not names:
        return None
    switches = sorted(n for n in names if isinstance(options[n], bool))
    if not switches:  # only valued options (a target...): a requirement only if they decide it alone
        return f"when {unparse(condition)}" if is_false(simplify(condition, options)) else None
    possible = []
    for values in itertools.product([False, True], repeat=len(switches)):
        trial = {**options, **dict(zip(switches, values))}
        if not is_false(simplify(condition, trial)):
            possible.append(dict(zip(switches, values)))
    if not possible:
        return "never"
    if len(possible) == 2 ** len(switches):
        return None
    words = []
    for name in switches:
        seen = {p[name] for p in possible}
        if seen == {True}:
            words.append(f"with {name}")
        elif seen == {False}:
            words.append(f"without {name}")
    return " and ".join(words) if words else f"when {unparse(condition)}"
