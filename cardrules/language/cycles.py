"""Symbols -> an error for each definition (E290) or action (E291) that calls itself, directly or through others."""

from __future__ import annotations

from typing import Iterable

from ..diagnostics import Diagnostic, error
from . import nodes
from .symbols import Symbols


def cycles(sym: Symbols, path: str | None) -> list[Diagnostic]:
    """Definitions may not call themselves (evaluation must stay bounded), and actions are run by inlining
    them where they are done, so one that does itself would never end."""
    return _recursive_definitions(sym, path) + _recursive_actions(sym, path)


def action_statements(decl: nodes.ActionDecl | nodes.CaseActionDecl) -> Iterable[nodes.Stmt]:
    """Every statement of an action, through all its clauses."""
    if isinstance(decl, nodes.ActionDecl):
        return nodes.statements(decl.body)
    return (stmt for clause in decl.clauses for stmt in nodes.statements(clause.body))


def _recursive_definitions(sym: Symbols, path: str | None) -> list[Diagnostic]:
    calls = {name: _called_names(d.body) for name, d in sym.defs.items()}
    for name, d in sym.cases.items():
        calls[name] = set().union(*(_called_names(c.body) for c in d.clauses))
    found = []
    for name in calls:
        if _reaches(name, lambda cur: calls.get(cur, ())):
            decl = sym.defs.get(name) or sym.cases[name]
            found.append(error("E290", f"'{name}' refers to itself; definitions cannot be recursive", decl.span, path))
    return found


def _recursive_actions(sym: Symbols, path: str | None) -> list[Diagnostic]:
    def done_by(name: str) -> list[str]:
        return [stmt.name for stmt in action_statements(sym.actions[name])
                if isinstance(stmt, nodes.Do) and stmt.name in sym.actions]
    return [error("E291", f"'{name}' does itself, directly or through other actions; actions cannot be "
                  "recursive (use 'repeat' or 'while')", decl.span, path)
            for name, decl in sym.actions.items() if _reaches(name, done_by)]


def _reaches(start: str, following) -> bool:
    """Whether `start` is met again by following the names `following(name)` gives."""
    stack, seen = [start], set()
    while stack:
        for nxt in following(stack.pop()):
            if nxt == start:
                return True
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


def _called_names(e) -> set[str]:
    """Every name and called function inside an expression."""
    return ({n.id for n in nodes.walk(e) if isinstance(n, nodes.Name)}
            | {n.func for n in nodes.walk(e) if isinstance(n, nodes.Call)})
