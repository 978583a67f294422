"""An option of a `choose` -> one generated Python function that lists its legal moves: flat loops over the
binders' lists with the guards judged inline, in the order and with the values the engine always offered.

The function is `(state, frame, out, namer, option)`: it appends an `Action` to `out` for every candidate
whose guards hold (State._enumerate calls it). For `pick(a in A, b in B(a)) only if G1(a, b) only if G2`:

    A' = A                                 # a list, as a binder's list always is; unseen cards named
    for a in A':                           # by place (knowledge.Namer) where the binder may offer them
        B' = B(a)
        for b in B':
            if not G1(a, b): continue      # a failing guard is reported with its span (R302)
            if not G2: continue
            out.append(Action(i, "pick", (a, b), game))

A guard that reads none of the later binders is also judged before their loops (here G2, before A): when
it is false no candidate below can be legal, so their lists are not even worked out. Guards read the
state and never change it, so its answer there is the one each candidate would get; if it fails there
it is judged again, in its place, for each candidate, so an error is reported exactly where it was.
An option with `afterwards` guards writes the binders' values into the frame and hands those guards to
the engine (State.allowed_later), as before.

The source follows codegen's rule: no text of the rules file reaches it but through `repr` of an int or a
str; every other value is a constant of the game's namespace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..engine.actions import Action
from ..engine.specs import GuardSpec
from ..engine.state import guard_error
from ..language import nodes
from .codegen import Env
from .scope import Scope

if TYPE_CHECKING:
    from .compiler import Compiler

_UNDECIDED = object()  # a guard judged ahead of the loops failed there: judge it for each candidate


def _as_list(value) -> list:
    """What a binder's value becomes: a list or tuple as it is, anything else a list of one."""
    return value if isinstance(value, list | tuple) else [value]


def _names(e: nodes.Expr | None) -> set[str]:
    return set() if e is None else {node.id for node in nodes.walk(e) if isinstance(node, nodes.Name)}


class _Writer:
    """The lines of one lister, indented by loop depth."""

    def __init__(self):
        self.lines: list[str] = []

    def __call__(self, depth: int, text: str) -> None:
        self.lines.append("    " * (depth + 1) + text)

    def guarded(self, depth: int, body: list[str], failed: str) -> None:
        """`body` (its lines one level in from the first) run with any failure reported with the
        guard's span (R302), as State._guard reports it; `failed` is the call that makes the error."""
        self(depth, "try:")
        for text in body:
            self(depth + 1 + (len(text) - len(text.lstrip())) // 4, text.lstrip())
        self(depth, "except Exception as x_:")
        self(depth + 1, f"raise {failed.replace('EXC', 'x_')} from None")


def candidate_lister(c: "Compiler", option: nodes.Option, sc: Scope, slots: list[int],
                     guards: list[tuple[nodes.Guard, GuardSpec]], hides: tuple[bool, ...], index: int) -> Callable:
    """The generated lister of one option (see the module's docstring). `sc` is the scope outside the
    option, `slots` the binders' frame slots, `guards` the guards kept for these options, each with its spec."""
    g, line = c.emitter, _Writer()
    fn, out, namer, spec, append, game = (g.fresh(p) for p in ("n", "q", "q", "q", "q", "q"))
    undecided = g.const(_UNDECIDED)
    later = any(gs.afterwards for _, gs in guards)
    values = [g.fresh("v") for _ in option.binders]
    bound = "(" + "".join(v + ", " for v in values) + ")"
    env = Env({name: f"f[{int(slot)}]" for name, slot in sc.names.items()})
    inner = env
    for binder, value in zip(option.binders, values):
        inner = inner.bind(binder.var, value)
    depth_of = {binder.var: i + 1 for i, binder in enumerate(option.binders)}
    innermost = len(option.binders)
    levels = [max((depth_of.get(name, 0) for name in _names(gd.condition) | _names(gd.when)), default=0)
              for gd, _ in guards]
    ahead = [level < innermost and not gs.afterwards for level, (_, gs) in zip(levels, guards)]
    verdicts = [g.fresh("r") if early else "" for early in ahead]
    rejects = [_reject(g, gd, gs, inner) for gd, gs in guards]

    line(0, f"{append} = {out}.append")
    line(0, f"{game} = s.game")
    for depth, (binder, value) in enumerate(zip(option.binders, values)):
        for k, level in enumerate(levels):
            if ahead[k] and level == depth:
                _judge_ahead(line, depth, verdicts[k], rejects[k], undecided)
        listed = g.fresh("b")
        line(depth, f"{listed} = {g.expr(binder.source, env)}")
        line(depth, f"if {listed}.__class__ is not list:")
        line(depth + 1, f"{listed} = {g.const(_as_list)}({listed})")
        if later:  # moves are tried on the state while the list is walked: walk a copy, as before
            line(depth, f"{listed} = list({listed})")
        if hides[depth]:
            line(depth, f"if {namer} is not None:")
            line(depth + 1, f"{listed} = {namer}.reorder({listed})")
        line(depth, f"for {value} in {listed}:")
        if later:  # the moves tried and the 'afterwards' guards read the frame
            line(depth + 1, f"f[{int(slots[depth])}] = {value}")
        env = env.bind(binder.var, value)
    depth = innermost
    pending, dynamic = _judge_all(g, line, depth, guards, rejects, verdicts, inner, undecided)
    if later:
        line(depth, f"if {pending + ' and ' if dynamic else ''}not s.allowed_later({spec}, {pending}, f, {bound}):")
        line(depth + 1, "continue" if depth else "return")
    line(depth, f"{append}({g.const(Action)}({int(index)}, {repr(str(option.name))}, {bound}, {game}))")
    source = f"def {fn}(s, f, {out}, {namer}, {spec}):\n" + "\n".join(line.lines) + "\n"
    return g.define(source, fn)


def _judge_all(g, line: _Writer, depth: int, guards: list[tuple[nodes.Guard, GuardSpec]], rejects: list[str],
               verdicts: list[str], env: Env, undecided: str) -> tuple[str, bool]:
    """Every guard in its order, for one candidate: `continue` when one rules it out. Returns the code of
    the 'afterwards' guards that apply, for State.allowed_later (a constant when none has a `when`), and
    whether that list is made for each candidate."""
    dynamic = any(gs.afterwards and gs.applies is not None for _, gs in guards)
    pending = g.fresh("l") if dynamic else g.const(tuple(gs for _, gs in guards if gs.afterwards))
    if dynamic:
        line(depth, f"{pending} = []")
    skip = "    continue" if depth else "    return"  # no binder, no loop: the one candidate is out
    for (gd, gs), reject, verdict in zip(guards, rejects, verdicts):
        failed = f"{g.const(guard_error)}(s, {g.const(gs)}, EXC)"
        if gs.afterwards and gs.applies is None:
            if dynamic:
                line(depth, f"{pending}.append({g.const(gs)})")
        elif gs.afterwards:
            line.guarded(depth, [f"if {g.expr(gd.when, env)}:", f"    {pending}.append({g.const(gs)})"], failed)
        elif verdict:  # judged ahead of the loops: again here only if it failed there
            line(depth, f"if {verdict} is {undecided}:")
            line.guarded(depth + 1, [f"if {reject}:", skip], failed)
        else:
            line.guarded(depth, [f"if {reject}:", skip], failed)
    return pending, dynamic


def _reject(g, gd: nodes.Guard, gs: GuardSpec, env: Env) -> str:
    """The test that rules a candidate out: its `when` holds (if it has one) and its condition does not."""
    condition = f"(not {g.expr(gd.condition, env)})"
    return condition if gs.applies is None else f"({g.expr(gd.when, env)} and {condition})"


def _judge_ahead(line: _Writer, depth: int, verdict: str, reject: str, undecided: str) -> None:
    """A guard judged before the loops of the binders it does not read: when it rules the candidates out,
    none below is listed; when it fails, it is judged again for each candidate (its error in its place)."""
    line(depth, "try:")
    line(depth + 1, f"{verdict} = {reject}")
    line(depth, "except Exception:")
    line(depth + 1, f"{verdict} = {undecided}")
    line(depth, f"if {verdict} is not {undecided} and {verdict}:")
    line(depth + 1, "return" if depth == 0 else "continue")
