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
lister reads (after a move that only sets a variable the guards do not read, the plays are the same). A `set` writes its
variable; a move, deal, shuffle or `reset` every zone and variable (cards leave zones the text does not name,
and a move or a `reset` bumps every variable's stamp, `s.vall`); a procedure call, a new round or
simultaneous choices everything; the rest nothing a stamp follows. An option whose body ends in `stop`, `win`
or `lose` does not come back. An option without binders is not kept: it lists one move at most, and its
guards cost about what a stamp would. `CARDRULES_PER_LISTING=1` when a game is compiled keeps no listing
(settings.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..language import nodes
from .reads import Stamp

if TYPE_CHECKING:
    from .codegen import Emitter

ALL = "*"  # writes everything a stamp follows
_LEAVES = (nodes.Stop, nodes.Win, nodes.Lose)


def _writes(stmts: Iterable[nodes.Stmt], skip: nodes.Choose | None = None) -> set[str]:
    """What statements may write, as `var NAME`, `zone *`, `var *`, `active`, `me` or ALL; `skip` is left out."""
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
    """For each option of a `choose` in a loop, by `id` of the option: what each way back to the `choose` may
    write (an option that does not leave, then the rest of the loop's body)."""
    out: dict[int, list[set[str]]] = {}
    bodies = [d.body for d in rules.declarations if isinstance(d, nodes.ProcedureDecl | nodes.TriggerDecl)]
    for body in bodies:
        _visit(body, None, out)
    return out


def _visit(stmts: Iterable[nodes.Stmt], loop: tuple | None, out: dict[int, list[set[str]]]) -> None:
    for st in stmts:
        match st:
            case nodes.Repeat(body=body) | nodes.While(body=body) | nodes.For(body=body):
                _visit(body, body, out)
            case nodes.If(branches=branches, otherwise=otherwise):
                for _, body in branches:
                    _visit(body, loop, out)
                _visit(otherwise, loop, out)
            case nodes.Choose(options=options):
                rest = _writes(loop, skip=st) if loop is not None else None
                ways = [] if rest is None else [_writes(o.body) | rest for o in options
                                                 if not (o.body and isinstance(o.body[-1], _LEAVES))]
                for option in options:
                    out[id(option)] = ways
                    _visit(option.body, loop, out)


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
