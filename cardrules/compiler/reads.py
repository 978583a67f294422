"""Checked definitions and expressions -> what each reads of a game in progress (zones, variables,
the players, the turn player...), transitively through the definitions it calls: pure functions of
the AST and the file's symbols, for the code generator (what may be cached, and for how long) and for
`cardrules compile`'s listing.

A read is a short text: `zone NAME` (a zone, a per-player zone or a zone family, every member),
`var NAME`, and the parts of the state that are not declared: `players` (their number: fixed for a
game), `me` (the turn player), `active` (who is eliminated), `known` (who knows which card),
`movers` (who moved each card), `sides`, `zones` (every zone: finding a card's owner) and `state`
(anything: a built-in this module does not know, or the random generator). Options, attribute
values, card attributes and named cards are constants of a compiled game: they are no reads.
"""

from __future__ import annotations

from typing import Iterable

import attrs

from ..language import nodes
from ..language.builtins import FUNCTIONS, NAMES, Constant, StateName
from ..language.symbols import Symbols

PLAYERS = "players"
STATE = "state"  # anything at all: never cached beyond one instruction
FIXED = frozenset({PLAYERS})  # what stays the same all game long: a value reading no more lasts the game
STAMPED = frozenset({PLAYERS, "me", "active"})  # besides zones and variables, what a memo stamp can follow
ME = "me"  # a slot read's argument that is the turn player (SlotRead.arg)

# The built-in functions that read the state (the others are pure: `Function.run`), by what they read.
_FUNCTION_READS: dict[str, frozenset[str]] = {
    "left": FIXED, "right": FIXED, "next_seat": FIXED, "label": frozenset(), "values": frozenset(),
    "words": frozenset(), "eliminated": frozenset({"active"}), "owner": frozenset({"zones"}),
    "knows": frozenset({"known", "zones", "me"}), "mover": frozenset({"movers"}), "keys": frozenset({"zones"}),
    "side": frozenset({"sides", STATE}), "random": frozenset({STATE}),
}
_NAME_READS: dict[str, frozenset[str]] = {
    "me": frozenset({"me"}), "players": FIXED, "num_players": FIXED, "active": frozenset({"active"}),
    "sides": frozenset({"sides", STATE}),
}


def definition_reads(sym: Symbols) -> dict[str, frozenset[str]]:
    """Every definition's (and case definition's) reads, through the definitions it calls."""
    bodies = {name: ([d.body], set(d.params)) for name, d in sym.defs.items()}
    bodies.update({name: ([c.body for c in d.clauses], set(d.params)) for name, d in sym.cases.items()})
    own: dict[str, frozenset[str]] = {}
    calls: dict[str, set[str]] = {}
    for name, (exprs, params) in bodies.items():
        walker = _Reader(sym, params)
        for e in exprs:
            walker.visit(e)
        own[name], calls[name] = frozenset(walker.reads), walker.calls
    return {name: frozenset().union(own[name], *(own[d] for d in _reachable(name, calls))) for name in bodies}


def expression_reads(e: nodes.Expr, sym: Symbols, bound: Iterable[str],
                     definitions: dict[str, frozenset[str]]) -> frozenset[str]:
    """What an expression of a procedure, guard or choice reads; `bound` are the names of its scope
    (binders, loop names, action parameters: values already worked out)."""
    walker = _Reader(sym, set(bound))
    walker.visit(e)
    return frozenset().union(walker.reads, *(definitions[d] for d in walker.calls))


def calls_of(sym: Symbols) -> dict[str, set[str]]:
    """The definitions each definition's body calls directly."""
    out: dict[str, set[str]] = {}
    for name, decl in sym.defs.items():
        walker = _Reader(sym, set(decl.params))
        walker.visit(decl.body)
        out[name] = walker.calls
    for name, case in sym.cases.items():
        walker = _Reader(sym, set(case.params))
        for clause in case.clauses:
            walker.visit(clause.body)
        out[name] = walker.calls
    return out


def recursive(sym: Symbols) -> set[str]:
    """The definitions that may call themselves, directly or through others."""
    calls = calls_of(sym)
    return {name for name in calls if name in _reachable(name, calls)}


def _reachable(start: str, calls: dict[str, set[str]]) -> set[str]:
    seen: set[str] = set()
    todo = list(calls.get(start, ()))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(calls.get(name, ()))
    return seen


SlotRead = tuple  # ("zone" | "var", NAME, ARG): ARG a parameter's index, ME, a Key, or None (every member)


@attrs.frozen
class Key:
    """A slot read's argument that is an attribute value named in the text (`columns(colors)`): one member of a
    family, the same in every state; the code generator maps it to the member's slot (or to every member
    when it is no key of that family)."""

    name: str
_SCALAR = (nodes.Attr, nodes.Compare, nodes.BoolOp, nodes.Not, nodes.Neg, nodes.BinOp)  # a value a key can hold


@attrs.frozen
class Stamp:
    """What a definition's memo entry depends on (codegen.Emitter._kept): the versions of `slots`, the
    values of the parameterless definitions `values` (in the key: a value that stays the same although
    what it reads changed keeps the entry, such as a rule worked out from the top card), the turn player
    when `me` (in the key), and who is out when `active`."""

    slots: frozenset = frozenset()
    values: tuple[str, ...] = ()
    me: bool = False
    active: bool = False


def slot_reads(sym: Symbols, definitions: dict[str, frozenset[str]],
               cheap: Iterable[str] = ()) -> dict[str, Stamp | None]:
    """For each definition whose reads a memo stamp can follow (zones, variables, `me`, `active`,
    `players`): the zone and variable slots it reads, as finely as its text tells, through the
    definitions it calls (`pile(p)` with `p` its first parameter is ("zone", "pile", 0): that
    player's slot alone). A parameterless definition of a single value (an attribute, a comparison,
    a sum) among `cheap` (written into its callers: computing it for a key costs no call) counts by its
    value instead (`Stamp.values`). None for a definition that reads
    anything else: its memo lasts one instruction (engine/state.py)."""
    own: dict[str, tuple[set, set[str]]] = {}
    calls: dict[str, list[tuple[str, tuple]]] = {}
    for name, (exprs, params) in _bodies(sym).items():
        walker = _Reader(sym, set(params), {p: i for i, p in enumerate(params)})
        for e in exprs:
            walker.visit(e)
        own[name], calls[name] = (walker.slots, walker.reads), walker.call_args
    looping = recursive(sym)
    ok = {name: all(r in STAMPED or r.startswith(("zone ", "var ")) for r in reads) for name, (_, reads) in own.items()}
    fine = {name: set(slots) for name, (slots, _) in own.items()}
    values: dict[str, set[str]] = {name: set() for name in own}
    flags = {name: {r for r in reads if r in ("me", "active")} for name, (_, reads) in own.items()}
    cheap = set(cheap)
    keyed = {name for name, decl in sym.defs.items() if not decl.params and isinstance(decl.body, _SCALAR)
             and name in cheap and name not in looping and not definitions[name] <= FIXED}
    changed = True
    while changed:  # to a fixed point: definitions may call each other in circles
        changed = False
        for name, called in calls.items():
            before = (len(fine[name]), len(values[name]), len(flags[name]), ok[name])
            for callee, args in called:
                if callee in keyed and ok[callee]:
                    values[name].add(callee)
                    continue
                ok[name] = ok[name] and ok[callee]
                values[name] |= values[callee]
                flags[name] |= flags[callee]
                for kind, target, arg in list(fine[callee]):
                    mapped = args[arg] if isinstance(arg, int) and arg < len(args) else \
                        arg if arg == ME or isinstance(arg, Key) else None
                    fine[name].add((kind, target, mapped))
            changed = changed or before != (len(fine[name]), len(values[name]), len(flags[name]), ok[name])
    return {name: Stamp(frozenset(fine[name]), tuple(sorted(values[name])), "me" in flags[name],
                        "active" in flags[name]) if ok[name] else None for name in definitions}


def _bodies(sym: Symbols) -> dict[str, tuple[list[nodes.Expr], tuple[str, ...]]]:
    bodies = {name: ([d.body], tuple(d.params)) for name, d in sym.defs.items()}
    bodies.update({name: ([c.body for c in d.clauses], tuple(d.params)) for name, d in sym.cases.items()})
    return bodies


class _Reader(nodes.NodeVisitor):
    """Collects the reads of one expression and the definitions it calls, resolving names as the code
    generator does (codegen.Emitter.name and .call): bound names first, then the file's declarations,
    then the built-ins."""

    def __init__(self, sym: Symbols, bound: set[str], params: dict[str, int] | None = None):
        self.sym, self.bound = sym, bound
        self.reads: set[str] = set()
        self.calls: set[str] = set()
        self.params = params or {}  # a definition's parameters, by index, where no inner name hides them
        self.slots: set[SlotRead] = set()  # the zone and variable slots read (slot_reads)
        self.call_args: list[tuple[str, tuple]] = []  # (definition, each argument's parameter index, ME or None)

    def scoped(self, names: set[str], *exprs: nodes.Expr | None) -> None:
        outer, self.bound = self.bound, self.bound | names
        params, self.params = self.params, {p: i for p, i in self.params.items() if p not in names}
        for e in exprs:
            if e is not None:
                self.visit(e)
        self.bound, self.params = outer, params

    def argument(self, e: nodes.Expr) -> int | str | Key | None:
        """A call's argument as a slot read can follow it: a parameter's index, ME, an attribute value named
        (a Key), or None."""
        if isinstance(e, nodes.Name):
            if e.id in self.params:
                return self.params[e.id]
            if e.id == "me" and e.id not in self.bound and e.id not in self.sym.defs:
                return ME
            if e.id in self.sym.values and e.id not in self.bound:
                return Key(e.id)
        return None

    def visit_Comprehension(self, e: nodes.Comprehension) -> None:
        self.visit(e.source)
        self.scoped({e.var}, e.element, e.condition)

    def visit_Name(self, e: nodes.Name) -> None:
        if self.declared(e.id) and e.id not in self.bound and e.id != "it":
            self.note_slot(e.id, None)
            if e.id in self.sym.defs or e.id in self.sym.cases:
                self.call_args.append((e.id, ()))
        elif e.id not in self.bound and e.id != "it":
            self.builtin_name(e.id)

    def note_slot(self, name: str, arg: int | str | None) -> None:
        sym = self.sym
        if name in sym.zones and not (sym.kind(name).by_cell and arg is not None):
            self.slots.add(("zone", name, arg))
        elif name in sym.zones:  # `grid(cell)`: the argument is a cell, the zone one slot
            self.slots.add(("zone", name, None))
        elif name in sym.vars:
            self.slots.add(("var", name, arg))

    def visit_Call(self, e: nodes.Call) -> None:
        for arg in e.args:
            self.visit(arg)
        for kw in e.kwargs:
            self.visit(kw.value)
        if e.func not in self.bound and e.func != "it":
            first = self.argument(e.args[0]) if e.args else None
            self.note_slot(e.func, first)
            if e.func in self.sym.defs or e.func in self.sym.cases:
                self.call_args.append((e.func, tuple(self.argument(a) for a in e.args)))
        if not self.declared(e.func):
            function = FUNCTIONS.get(e.func)
            if function is None or not function.pure:
                self.reads.update(_FUNCTION_READS.get(e.func, {STATE}))

    def declared(self, name: str) -> bool:
        """Notes a name of the file's own (or bound); False when it is none of them."""
        sym = self.sym
        if name in self.bound or name == "it":
            return True
        if name in sym.defs or name in sym.cases:
            self.calls.add(name)
        elif name in sym.zones:
            self.reads.add(f"zone {name}")
        elif name in sym.vars:
            self.reads.add(f"var {name}")
        elif not (name in sym.options or name in sym.attributes or _is_constant_name(sym, name)):
            return False
        return True

    def builtin_name(self, name: str) -> None:
        record = NAMES.get(name)
        if isinstance(record, Constant):
            return
        if isinstance(record, StateName) and name in _NAME_READS:
            self.reads.update(_NAME_READS[name])
        elif isinstance(record, StateName) and record.fixed:
            self.reads.add(PLAYERS)
        else:
            self.reads.add(STATE)


def _is_constant_name(sym: Symbols, name: str) -> bool:
    """An attribute value (`red`) or a named card: the same in every state."""
    return name in sym.values or name in sym.cards


def expression_stamp(exprs: Iterable[nodes.Expr], sym: Symbols, bound: Iterable[str],
                     stamps: dict[str, Stamp | None]) -> Stamp | None:
    """What a memo stamp of expressions of a procedure (an option's guards and binders' lists: kept_listing.py)
    follows: the slots they read, through the definitions they call (`stamps`: slot_reads), the values those
    count by read as slots too; None when they read more than a stamp can follow. `bound` are names of their
    scope (the option's binders)."""
    walker = _Reader(sym, set(bound))
    for e in exprs:
        walker.visit(e)
    if not all(r in STAMPED or r.startswith(("zone ", "var ")) for r in walker.reads):
        return None
    slots, me, active = set(walker.slots), "me" in walker.reads, "active" in walker.reads
    todo, seen = list(walker.call_args), set()
    while todo:
        callee, args = todo.pop()
        stamp = stamps.get(callee)
        if stamp is None:
            return None
        for kind, target, arg in stamp.slots:
            slots.add((kind, target, args[arg] if isinstance(arg, int) and arg < len(args) else
                       ME if arg == ME else None))
        me, active = me or stamp.me, active or stamp.active
        todo.extend((name, ()) for name in stamp.values if name not in seen)
        seen.update(stamp.values)
    return Stamp(frozenset(slots), (), me, active)
