"""A `simultaneously` statement and the checker -> the diagnostics of its misuse (its `choose` is checked as any)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from . import nodes
from .shadowing import hides_local

if TYPE_CHECKING:
    from .check import Checker


def check_simultaneous(checker: "Checker", stmt: nodes.Simultaneous, scope: Any) -> None:
    """The players' list is an expression of the scope; the body is one `choose`, checked with the
    loop name bound, whose options look at nothing after the reveal (`afterwards`), start no other
    secret choice, leave no loop (`stop`) and do not change who plays (`first player`)."""
    checker.expr(stmt.players, scope)
    choices = [s for s in stmt.body if isinstance(s, nodes.Choose)]
    if len(stmt.body) != 1 or len(choices) != 1:
        wrong = next((s for s in stmt.body if not isinstance(s, nodes.Choose)), stmt.body[-1])
        checker.err("E285", "the body of 'simultaneously' is one 'choose' (what each player chooses in secret); "
                    "put what happens before or after it outside", wrong.span)
    checker.diags.extend(hides_local(checker.rules, stmt, scope.locals))
    inner = attrs.evolve(scope.bind(stmt.var), in_repeat=False)  # a 'stop' in a chosen body would skip the reveal
    for body_stmt in stmt.body:
        checker.stmt(body_stmt, inner)
    for choice in choices:
        for option in choice.options:
            _check_option(checker, option)


def _check_option(checker: "Checker", option: nodes.Option) -> None:
    for guard in option.guards:
        if guard.afterwards:
            checker.err("E286", "an 'afterwards' guard cannot judge a secret choice: the other players' choices "
                        "are carried out only once everyone has chosen", guard.span)
    for inner in nodes.statements(option.body):
        if isinstance(inner, nodes.Simultaneous):
            checker.err("E287", "a secret choice cannot start another 'simultaneously' before every choice "
                        "of the first is carried out", inner.span)
        elif isinstance(inner, nodes.FirstPlayer):
            checker.err("E288", "'first player' cannot be set while the choices of a 'simultaneously' are carried "
                        "out: the turn's player plays on after them", inner.span)
