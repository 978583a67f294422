"""Expressions -> their value when the file fixes it (constant folding), for the checker's warnings
and the compiler's dropping of switched-off rules; UNKNOWN when the game decides it. And which
definitions never read the state (pure), so that their values may be cached."""

from __future__ import annotations

from typing import Any

from . import nodes
from .builtins import constant, is_pure

UNKNOWN: Any = object()  # not a constant: depends on the state or the players (or the options, when unknown)
MAX_DEPTH = 16  # constant definitions referring to constant definitions: deep enough, always bounded
_ORDER = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def fold(e: nodes.Expr | None, defs: dict[str, nodes.DefDecl], options: dict[str, Any] | None = None,
         depth: int = 0) -> Any:
    """The value of `e` if it never depends on the game: numbers, texts, true/false/none, literal
    lists, definitions without parameters that are constant, and — when `options` is given (a game
    being compiled) — the options' values. Otherwise UNKNOWN. Folding has no side effects: an
    expression is never evaluated, only read."""
    if e is None or depth > MAX_DEPTH:
        return UNKNOWN

    def sub(x: nodes.Expr | None) -> Any:
        return fold(x, defs, options, depth + 1)
    match e:
        case nodes.Int(value) | nodes.Str(value):
            return value
        case nodes.Name() if constant(e) is not None:
            return constant(e).value
        case nodes.Name(name) if options is not None and name in options:
            return options[name]
        case nodes.Name(name) if name in defs and not defs[name].has_params:
            return sub(defs[name].body)
        case nodes.ListLit(items):
            values = [sub(item) for item in items]
            return UNKNOWN if any(v is UNKNOWN for v in values) else values
        case nodes.Not(operand):
            value = sub(operand)
            return UNKNOWN if value is UNKNOWN else not value
        case nodes.BoolOp(op, left, right):
            return _bool_op(op == "or", sub(left), sub(right))
        case nodes.Compare(op, left, right):
            return _compare(op, sub(left), sub(right))
        case nodes.IfExpr(cond, then, otherwise):
            value = sub(cond)
            return UNKNOWN if value is UNKNOWN else sub(then if value else otherwise)
        case nodes.Range(low, high):  # only an empty range is folded: a long one is worked out in play
            first, last = sub(low), sub(high)
            if type(first) is int and type(last) is int and last < first:
                return []
        case nodes.Where(source, cond) | nodes.Comprehension(_, _, source, cond):
            if sub(source) == [] or (cond is not None and sub(cond) is False):
                return []
    return UNKNOWN


def _bool_op(is_or: bool, first: Any, second: Any) -> Any:
    """`and`/`or` as the language evaluates them; one known side decides when it is the deciding
    value (`x and false` is false, `x or true` is true, whatever x is)."""
    if first is not UNKNOWN and bool(first) == is_or:
        return first
    if first is UNKNOWN:
        return second if second is not UNKNOWN and bool(second) == is_or else UNKNOWN
    return second


def _compare(op: str, a: Any, b: Any) -> Any:
    if a is UNKNOWN or b is UNKNOWN or op in ("in", "not in"):
        return UNKNOWN
    if op in ("==", "!="):
        return (a == b) == (op == "==")
    if all(type(v) in (int, bool) for v in (a, b)):
        return _ORDER[op](a, b)
    return UNKNOWN


def pure_definitions(defs: dict[str, nodes.DefDecl], cases: dict[str, nodes.CaseDecl], constant_names) -> set[str]:
    """The definitions whose value depends on their arguments only, never on the state: they may be
    cached across states and games. A definition is pure when every name it uses is a parameter,
    a bound name, an attribute, a constant (options, attribute values, named cards) or a pure
    definition, and every function it calls is a plain built-in or a pure definition."""
    bodies = {name: ([d.body], set(d.params)) for name, d in defs.items()}
    bodies.update({name: ([c.body for c in d.clauses], set(d.params)) for name, d in cases.items()})
    pure = set(bodies)
    changed = True
    while changed:
        changed = False
        for name in sorted(pure):
            exprs, params = bodies[name]
            if not all(reads_only(e, params, pure, constant_names) for e in exprs):
                pure.discard(name)
                changed = True
    return pure


def reads_only(e, bound: set[str], pure: set[str], constant_names) -> bool:
    """Whether `e` uses only the names bound, `it`, the pure definitions given and the constant names,
    and calls only plain built-ins and those definitions."""
    reader = _Reads(bound, pure, constant_names)
    reader.visit(e)
    return reader.only


class _Reads(nodes.NodeVisitor):
    """Goes through an expression and clears `only` at the first name or call that is not allowed."""

    def __init__(self, bound: set[str], pure: set[str], constant_names):
        self.bound, self.pure, self.constant_names = bound, pure, constant_names
        self.only = True

    def visit_Name(self, e: nodes.Name) -> None:
        name = e.id
        if not (name in self.bound or name == "it" or name in self.pure or name in self.constant_names):
            self.only = False

    def visit_Call(self, e: nodes.Call) -> None:
        if not (is_pure(e.func) or e.func in self.pure):
            self.only = False
        self.generic_visit(e)  # the arguments, then the keyword arguments' values

    def visit_Comprehension(self, e: nodes.Comprehension) -> None:
        self.visit(e.source)
        outer, self.bound = self.bound, self.bound | {e.var}
        self.visit(e.element)
        if e.condition is not None:
            self.visit(e.condition)
        self.bound = outer
