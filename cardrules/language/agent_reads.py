"""Symbols -> warnings (W206) and errors (E292) for the definitions the bots read by name (docs/agents.md)."""

from __future__ import annotations

from ..diagnostics import Diagnostic, error, warning
from . import nodes
from .builtins import is_truth
from .symbols import Symbols

# Definitions the bots read by name, so a file need not use them itself.
READ_BY_AGENTS = ("heuristic", "chance")


def agent_reads(sym: Symbols, path: str | None) -> list[Diagnostic]:
    """A wrong one would be ignored by the bots, or found only in the middle of a game."""
    found = []
    for name in READ_BY_AGENTS:
        decl = sym.defs.get(name) or sym.cases.get(name)
        if decl is None:
            continue
        if len(decl.params) != 1:
            takes = {0: "no parameter", 2: "two parameters"}.get(len(decl.params), f"{len(decl.params)} parameters")
            found.append(warning("W206", f"the agents read '{name}' only as '{name}(p)', a function of one player; "
                                 f"this one takes {takes}, so they ignore it", decl.span, path))
        elif isinstance(decl, nodes.DefDecl) and (kind := _not_a_number(decl.body, decl, sym.defs)):
            found.append(error("E292", f"'{name}(p)' must give a number for the agents, but this gives {kind}",
                               decl.body.span, path))
    return found


def _not_a_number(e: nodes.Expr, where: nodes.DefDecl, defs: dict[str, nodes.DefDecl],
                  seen: frozenset[str] = frozenset()) -> str | None:
    """What `e` (in the body of `where`) certainly gives, if that is not a number: 'true or false',
    'a text', 'a list'. None where it may be a number (arithmetic, a built-in's result, ...)."""
    def inner(x: nodes.Expr) -> str | None:
        return _not_a_number(x, where, defs, seen)
    match e:
        case nodes.Compare() | nodes.Not():
            return "true or false"
        case nodes.Name() if is_truth(e):
            return "true or false"
        case nodes.Str():
            return "a text"
        case nodes.ListLit() | nodes.Comprehension() | nodes.Where():
            return "a list"
        case nodes.TupleLit():
            return "a tuple"
        case nodes.IfExpr(_, then, otherwise) | nodes.BoolOp(_, then, otherwise):
            first = inner(then)
            return first if first and first == inner(otherwise) else None
        case nodes.Name(name) | nodes.Call(name) if name in defs and name not in seen and name not in where.params:
            return _not_a_number(defs[name].body, defs[name], defs, seen | {name})
    return None
