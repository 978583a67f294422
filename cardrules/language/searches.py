"""Rules -> warnings for `afterwards` guards whose search can grow without bound (a choice inside a loop).

To judge one move, an `afterwards` guard plays out every way of finishing the turn. When the choice lies in a
`repeat`, `while` or `for`, each of those ways meets the same choice again, and its guards search again: the
work grows with every repetition (every ordering of a hand, say). The engine stops such a search after
SEARCH_BUDGET states with error R303; this warning says so before a game is played.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, warning
from . import nodes

_LOOPS = (nodes.Repeat, nodes.While, nodes.For)


def guards_in_loops(rules: nodes.RulesFile) -> list[Diagnostic]:
    """W208 for each `afterwards` guard of a choice written inside a loop."""
    found: dict[tuple, nodes.Guard] = {}
    for decl in rules.declarations:
        for node in nodes.walk(decl):
            if not isinstance(node, _LOOPS):
                continue
            for stmt in nodes.statements(node.body):
                if isinstance(stmt, nodes.Choose):
                    for option in stmt.options:
                        for guard in option.guards:
                            if guard.afterwards:
                                found.setdefault((guard.span.path, guard.span.line, guard.span.column), guard)
    return [warning("W208", "this 'afterwards' guard is inside a loop: judging a move plays out every way to finish "
                    "the turn, and the search grows with each repetition (R303 stops it); test the state as it is "
                    "now, without 'afterwards', where you can", guard.span, rules.path)
            for guard in found.values()]
