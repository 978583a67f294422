"""A lister's moves kept in the state by what it reads: the memo keyed by reads (codegen.Emitter._kept),
for the moves of one option of a `choose` instead of a definition's value.

A lister (enumeration.py) works its moves out from the state alone when it tries no move, names no unseen
card, and its guards and binders' lists read no name of the procedure (a loop's name, a `let`): then the
moves it lists are the same for as long as the zone and variable slots they read keep their versions (and
the turn player, when they read `me`; who is out, when they read `active`). Its moves are kept in
`s.kept` as (stamp, tuple of the Actions), as a definition's value is: a listing whose stamp is the same
offers the same Action objects again (an Action is never changed once offered, but by a Namer, and a listing
with a Namer is never kept). A clone copies `kept`: the tuple is shared, its Actions too.

Keeping costs a stamp and a look-up at every listing, so it is done where a listing may be asked again
with nothing it reads changed (`ways_back`, decided from the rules' text): the `choose` is in a loop
(`repeat`, `while`, `for`), and one of its options, with the rest of the loop's body, writes none of what the
lister reads (The Game: after a `signal`, which sets a mark, the plays are the same). A `set` writes its
variable; a move, deal, shuffle or `reset` every zone and variable (cards leave zones the text does not name,
and a move or a `reset` bumps every variable's stamp, `s.vall`); a procedure call, a new round or
simultaneous choices everything; the rest nothing a stamp follows. An option whose body ends in `stop`, `win`
or `lose` does not come back. An option without binders is not kept: it lists one move at most, and its
guards cost about what a stamp would. `CARDRULES_PER_LISTING=1` when a game is compiled keeps no listing
(settings.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from ..language import nodes
from .codegen import Env
from .reads import Stamp, expression_stamp
from .scope import Scope
from .settings import PER_LISTING, switched_on

if TYPE_CHECKING:
    from .codegen import Emitter
    from .compiler import Compiler

ALL = "*"  # writes everything a stamp follows
_LEAVES = (nodes.Stop, nodes.Win, nodes.Lose)
_LOOPS = (nodes.Repeat, nodes.While, nodes.For)


def _writes(stmts: Iterable[nodes.Stmt], skip: nodes.Choose | None = None) -> set[str]:
    """What statements may write, as `var NAME`, `zone *`, `var *`, `active` or ALL; `skip` is left out."""
    out: set[str] = set()
    for st in stmts:
        if st is skip:
            continue
        match st:
            case nodes.Set(target=nodes.Name(id=name) | nodes.Call(func=name)):
                out.add(f"var {name}")
            case nodes.Move() | nodes.Deal() | nodes.Shuffle() | nodes.Reset():
                out.update(("zone *", "var *"))
            case nodes.Eliminate():
                out.add("active")
            case nodes.FirstPlayer():
                out.add("me")
            case nodes.If(branches=branches, otherwise=otherwise):
                for _, body in branches:
                    out |= _writes(body, skip)
                out |= _writes(otherwise, skip)
            case nodes.For(body=body) | nodes.Repeat(body=body) | nodes.While(body=body):
                out |= _writes(body, skip)
            case nodes.Choose(options=options):
                for option in options:
                    out |= _writes(option.body, skip)
            case nodes.Set() | nodes.NewRound() | nodes.Do() | nodes.Simultaneous():
                out.add(ALL)
    return out


def ways_back(rules: nodes.RulesFile) -> dict[int, list[set[str]]]:
    """For each option of a `choose` in a loop and each `if` in a loop, by `id`: what each way back to it may
    write (an option of the loop's `choose` that does not leave, then the rest of the loop's body; an `if` in an
    option's body is come back to through that option only)."""
    out: dict[int, list[set[str]]] = {}
    bodies = [d.body for d in rules.declarations if isinstance(d, nodes.ProcedureDecl | nodes.TriggerDecl)]
    for body in bodies:
        _visit(body, None, [], out)
    return out


def _visit(stmts: Iterable[nodes.Stmt], loop: tuple | None, here: list[set[str]],
           out: dict[int, list[set[str]]]) -> None:
    """`here`: the ways back to these statements."""
    for st in stmts:
        match st:
            case nodes.Repeat(body=body) | nodes.While(body=body) | nodes.For(body=body):
                _visit(body, body, _loop_ways(body), out)
            case nodes.If(branches=branches, otherwise=otherwise):
                out[id(st)] = here
                for _, body in branches:
                    _visit(body, loop, here, out)
                _visit(otherwise, loop, here, out)
            case nodes.Choose(options=options):
                for option in options:
                    out[id(option)] = [] if loop is None else _ways(loop, st)
                    through = [] if loop is None else _ways(loop, st, option)
                    _visit(option.body, loop, through, out)


def _ways(loop: tuple, choose: nodes.Choose, through: nodes.Option | None = None) -> list[set[str]]:
    """The ways round a loop's body through each option of one of its `choose`s (or `through` alone) that does
    not leave."""
    rest = _writes(loop, skip=choose)
    return [_writes(o.body) | rest for o in choose.options if (through is None or o is through)
            and not (o.body and isinstance(o.body[-1], _LEAVES))]


def _loop_ways(loop: tuple) -> list[set[str]]:
    """The ways round a loop's body: through each option of its `choose`, when it has one (not in an inner loop)."""
    chooses = list(_chooses(loop))
    return _ways(loop, chooses[0]) if len(chooses) == 1 else [_writes(loop)]


def _chooses(stmts: Iterable[nodes.Stmt]) -> Iterator[nodes.Choose]:
    for st in stmts:
        match st:
            case nodes.Choose(options=options):
                yield st
                for option in options:
                    yield from _chooses(option.body)
            case nodes.If(branches=branches, otherwise=otherwise):
                for _, body in branches:
                    yield from _chooses(body)
                yield from _chooses(otherwise)


def untouched(stamp: Stamp, writes: set[str]) -> bool:
    """Whether a way back that writes `writes` leaves every slot a stamp follows as it was."""
    if ALL in writes or (stamp.me and "me" in writes) or (stamp.active and "active" in writes):
        return False
    return not any(f"{kind} {target}" in writes or f"{kind} *" in writes for kind, target, _ in stamp.slots)


def wrapper(g: "Emitter", fn: str, inner: str, name: str, stamp: Stamp) -> str:
    """The source of `fn`, the lister `inner` with its moves kept in `s.kept` by `stamp` (see the docstring).
    A stamp that cannot be worked out leaves the listing to `inner` (and its error)."""
    code, keyed = g.stamp_code(stamp, [])
    key = "(" + ", ".join([inner, *keyed]) + ")" if keyed else inner
    check = (f"        n = []\n        {inner}(s, f, n, q, o)\n        STALE({repr(str(name))}, e[1], tuple(n))\n"
             if g.checking else "")
    return (f"def {fn}(s, f, out, q, o):\n    if q is not None:\n        return {inner}(s, f, out, q, o)\n"
            f"    try:\n        t = {code}\n        k = {key}\n        e = s.kept.get(k)\n"
            f"    except Exception:\n        return {inner}(s, f, out, q, o)\n"
            f"    if e is not None and e[0] == t:\n{check}        out.extend(e[1])\n        return\n"
            f"    n = len(out)\n    {inner}(s, f, out, q, o)\n    s.kept[k] = (t, tuple(out[n:]))\n")


def worth_keeping(c: "Compiler", exprs: list[nodes.Expr], bound: list[str], sc: Scope, at: object) -> Stamp | None:
    """What a stamp of expressions evaluated at `at` (an option, an `if`) follows, when they read no name of the
    procedure (`bound`, the option's binders, aside) and no more than a stamp can follow, and a way back to `at`
    may leave all of it as it was; None otherwise (or with CARDRULES_PER_LISTING=1)."""
    if switched_on(PER_LISTING):
        return None
    names = {node.id for e in exprs for node in nodes.walk(e) if isinstance(node, nodes.Name)}
    if names & set(sc.names):
        return None
    stamp = expression_stamp(exprs, c.sym, bound, c.emitter.slots)
    ways = ways_back(c.rules).get(id(at), []) if stamp is not None else []
    return stamp if any(untouched(stamp, w) for w in ways) else None


def condition(c: "Compiler", e: nodes.Expr, sc: Scope, st: nodes.If) -> Callable:
    """An `if`'s condition as a function (state, frame); kept in `s.kept` by what it reads, as a lister's moves
    are, where `worth_keeping`."""
    stamp = worth_keeping(c, [e], [], sc, st)
    if stamp is None:
        return c.expr(e, sc)
    g = c.emitter
    inner, fn = g.fresh("e"), g.fresh("e")
    g.define(f"def {inner}(s, f):\n{g.body(e, Env())}", inner)
    code, keyed = g.stamp_code(stamp, [])
    key = "(" + ", ".join([inner, *keyed]) + ")" if keyed else inner
    check = f"        STALE('if', e[1], {inner}(s, f))\n" if g.checking else ""
    return g.define(f"def {fn}(s, f):\n    try:\n        t = {code}\n        k = {key}\n        e = s.kept.get(k)\n"
                    f"    except Exception:\n        return {inner}(s, f)\n"
                    f"    if e is not None and e[0] == t:\n{check}        return e[1]\n"
                    f"    v = {inner}(s, f)\n    s.kept[k] = (t, DETACH(v) if v.__class__ in SEQUENCES else v)\n"
                    f"    return v\n", fn)
