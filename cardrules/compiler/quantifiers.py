"""A function body's expression holding `all(...)` or `any(...)` of a comprehension -> the statements of the body:
each such quantifier a plain `for` loop that stops at the first deciding element, instead of a generator handed
to the builtin (a generator made and resumed per element costs more than the loop, in the hottest guards).

Only the positions a statement can take are rewritten: the whole body, either side of `and`/`or`, under `not`,
and the parts of `... if ... else ...`; each part is worked out in the order, and only when, the expression
would work it out (the right side of `and` only when the left is true...), so values and errors are the same.
A quantifier deeper inside (an argument, an operand of `==`) stays a generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..language import nodes
from ..language.builtins import FUNCTIONS
from .identity import walks_values

if TYPE_CHECKING:
    from .codegen import Emitter, Env

_BETWEEN = "\x02"  # between the test and the element of one turn while they are written (never in generated code)
_DECIDED_BY = {all: False, any: True}  # a quantifier's generator function -> the element truth that ends the loop


def _quantifier(g: "Emitter", e: nodes.Expr) -> bool:
    """`all(comprehension)` or `any(where)`, ..., calling the builtin (the file's own names come first)."""
    if not (isinstance(e, nodes.Call) and len(e.args) == 1 and not e.kwargs
            and isinstance(e.args[0], nodes.Comprehension | nodes.Where)):
        return False
    c = g.c
    if e.func in c.families or e.func in c.zone_specs or e.func in c.var_specs or e.func in g.def_names:
        return False
    record = FUNCTIONS.get(e.func)
    return record is not None and record.over_generator in _DECIDED_BY


def holds_quantifier(g: "Emitter", e: nodes.Expr) -> bool:
    """Whether a quantifier sits where a statement can take it (see the module's docstring)."""
    match e:
        case nodes.BoolOp(_, left, right):
            return holds_quantifier(g, left) or holds_quantifier(g, right)
        case nodes.Not(operand):
            return holds_quantifier(g, operand)
        case nodes.IfExpr(condition, then, otherwise):
            return any(holds_quantifier(g, part) for part in (condition, then, otherwise))
    return _quantifier(g, e)


def assign(g: "Emitter", e: nodes.Expr, env: "Env", target: str, depth: int) -> list[str]:
    """Lines (indented `depth` levels) that leave the value of `e` in the local `target`."""
    pad = "    " * depth
    if env.shares and g.shareable(e, env):  # kept per state as a whole (Emitter.shared_part)
        return [f"{pad}{target} = {g.expr(e, env)}"]
    match e:
        case nodes.BoolOp(op, left, right) if holds_quantifier(g, e):
            return [*assign(g, left, env, target, depth), f"{pad}if {'' if op == 'and' else 'not '}{target}:",
                    *assign(g, right, env, target, depth + 1)]
        case nodes.Not(operand) if holds_quantifier(g, operand):
            return [*assign(g, operand, env, target, depth), f"{pad}{target} = not {target}"]
        case nodes.IfExpr(condition, then, otherwise) if holds_quantifier(g, e):
            test = g.fresh("r")
            return [*assign(g, condition, env, test, depth), f"{pad}if {test}:",
                    *assign(g, then, env, target, depth + 1), f"{pad}else:",
                    *assign(g, otherwise, env, target, depth + 1)]
        case nodes.Call() if _quantifier(g, e):
            return _loop(g, e, env, target, depth)
    return [f"{pad}{target} = {g.expr(e, env)}"]


def _loop(g: "Emitter", e: nodes.Call, env: "Env", target: str, depth: int) -> list[str]:
    """`target = all(element for v in source if condition)` as a loop that stops at the first deciding element."""
    pad = "    " * depth
    deciding = _DECIDED_BY[FUNCTIONS[e.func].over_generator]
    v = g.fresh("v")
    turn = g.turn()  # each turn of the loop is an evaluation: its repeated parts shared within it
    match e.args[0]:
        case nodes.Comprehension(element, var, source, condition):
            inner = attrs.evolve(env.bind(var, v, walks_values(g, source, env)), cse=turn)
            test = g.expr(condition, inner) if condition is not None else None
            value = g.expr(element, inner)
        case nodes.Where(source, condition):
            test, value = g.expr(condition, attrs.evolve(env.with_it(v), cse=turn)), v
    kept: list[str] = []
    if turn is not None:
        code, kept = turn.resolve(_BETWEEN.join([test or "", value]))
        test, value = code.split(_BETWEEN)
        test = test or None
    lines = [f"{pad}{target} = {not deciding}", f"{pad}for {v} in {g.source(source, env)}:"]
    lines += [f"{pad}    {local} = MISSING" for local in kept]
    if test is not None:
        lines.append(f"{pad}    if not {test}:")
        lines.append(f"{pad}        continue")
    lines += [f"{pad}    if {'' if deciding else 'not '}{value}:", f"{pad}        {target} = {deciding}",
              f"{pad}        break"]
    return lines
