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

from ..language import nodes
from ..language.builtins import FUNCTIONS, NAMES, Constant, StateName
from ..language.symbols import Symbols

PLAYERS = "players"
STATE = "state"  # anything at all: never cached beyond one instruction
FIXED = frozenset({PLAYERS})  # what stays the same all game long: a value reading no more lasts the game

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


class _Reader(nodes.NodeVisitor):
    """Collects the reads of one expression and the definitions it calls, resolving names as the code
    generator does (codegen.Emitter.name and .call): bound names first, then the file's declarations,
    then the built-ins."""

    def __init__(self, sym: Symbols, bound: set[str]):
        self.sym, self.bound = sym, bound
        self.reads: set[str] = set()
        self.calls: set[str] = set()

    def scoped(self, names: set[str], *exprs: nodes.Expr | None) -> None:
        outer, self.bound = self.bound, self.bound | names
        for e in exprs:
            if e is not None:
                self.visit(e)
        self.bound = outer

    def visit_Comprehension(self, e: nodes.Comprehension) -> None:
        self.visit(e.source)
        self.scoped({e.var}, e.element, e.condition)

    def visit_Name(self, e: nodes.Name) -> None:
        self.declared(e.id) or self.builtin_name(e.id)

    def visit_Call(self, e: nodes.Call) -> None:
        for arg in e.args:
            self.visit(arg)
        for kw in e.kwargs:
            self.visit(kw.value)
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
