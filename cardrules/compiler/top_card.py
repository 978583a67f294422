"""A lister's lone move of one card onto a zone + the `afterwards` guards it judges -> those guards written for
the state before the move, `top(zone)` standing for the card (trials.py makes the move in place otherwise).

For `play(card in hand(me)) only if leading(me) afterwards: move card to pile` the guard's answer after the
move is its answer now with `top(pile)` read as `card`, when the guard (through every definition it calls)
reads the destination only as `top(pile)`, never the zone the card leaves, and nothing but zones, variables,
the turn player, who is out and the number of players: the move changes those two zones and nothing else
(procedures.move makes a lone move straight only when no watcher, no knowledge, no per-card record and no
opening of a zone goes with it). So the lister judges the rewritten guard with no move, no undo, no version
bumped and no memo emptied; a guard that fails still fails with the same error (the same expression on the
same values), reported at its span (R302). Knowledge is no read here, so the rewritten guard needs no
`State.known` test: the move would carry what anybody knows of the card, which the guard does not read.

A definition that reads the destination only through its top card is called in a variant taking that card
as one more argument, written once per definition and destination: its body is the definition's with the
same rewriting (`def rule = top(pile).suit` gives `rule'pile(c) = c.suit`), and its values are kept as the
definition's are, under keys of their own (the variant's function starts the key, so a variant's value is
never served for the definition nor the other way round): the same stamp without the destination's slot,
and where the definition's key holds the value of a parameterless definition worked out from the top card
(reads.Stamp.values), the variant's holds that value worked out from the card, so it lasts across decisions
while what else it reads stays the same. A destination with a key (`pile(me)`, `heap(red)`) is matched when
the key is `me` or an attribute value; a move to the bottom rewrites nothing, so its guards must not read
the destination at all. With CARDRULES_IN_PLACE_TRIALS=1 in the environment when a game is compiled, every
trial is made in place (tests compare the two).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import attrs

from ..language import nodes
from ..language.builtins import FUNCTIONS
from .codegen import Variant
from .reads import PLAYERS, Stamp, expression_reads, recursive
from .settings import IN_PLACE_ONLY, switched_on

if TYPE_CHECKING:
    from .compiler import Compiler
    from .trials import Trial

TOP = "top'"  # the name the card goes by in rewritten expressions: no rules file can write it (an apostrophe)
_ALLOWED = frozenset({PLAYERS, "me", "active"})  # besides zones and variables: what a move leaves alone
_FREE, _TOP, _NO = "free", "top", "no"  # a definition reads neither zone / the destination only by its top / else


@attrs.frozen
class Target:
    """The zones of one lone move, as a guard may read them."""

    destination: nodes.Expr  # the move's destination, as written: `pile`, `heap(me)`
    zone: str  # its zone's name (a per-player zone's or a family's)
    source: str  # the name of the zone the card leaves
    on_top: bool  # the card goes on top: `top(destination)` is the card once it is moved


def target(c: "Compiler", trial: "Trial") -> Target | None:
    """The zones of a trial's move when the guards may be judged without it; None when they may not (the
    switch for tests is set, or the destination's key is neither `me` nor an attribute value)."""
    if switched_on(IN_PLACE_ONLY):
        return None
    source, destination = _zone_name(trial.source), _zone_name(trial.destination)
    if source is None or destination is None or source == destination:
        return None
    if isinstance(trial.destination, nodes.Call):
        (key,) = trial.destination.args
        local = trial.scope.names
        if not (isinstance(key, nodes.Name) and key.id not in local and (key.id == "me" or key.id in c.sym.values)):
            return None
    return Target(trial.destination, destination, source, not trial.bottom)


def judged_before(c: "Compiler", trial: "Trial", conditions: list[nodes.Expr], bound: Iterable[str]
                  ) -> list[nodes.Expr] | None:
    """The guards' conditions written to be judged before the trial's move (`target`, then `rewritten`), or None
    when the move must be made: asked by the engine's listers (enumeration.py) and the playout's
    (playout_trials.py) alike."""
    where = target(c, trial)
    return None if where is None else rewritten(c, where, conditions, bound)


def _zone_name(e: nodes.Expr | None) -> str | None:
    match e:
        case nodes.Name(name):
            return name
        case nodes.Call(name, (_,)):
            return name
    return None


def rewritten(c: "Compiler", where: Target, conditions: Iterable[nodes.Expr], bound: Iterable[str]
              ) -> list[nodes.Expr] | None:
    """The guards' conditions (in a scope binding `bound`) rewritten to be judged before the move, `TOP` the
    card; the variants of the definitions they reach are written on the way. None when some guard reads
    what the move changes otherwise."""
    readers = _Readers(c, where)
    out = []
    for condition in conditions:
        reads = expression_reads(condition, c.sym, bound, c.reads)
        if not readers.allowed(reads):
            return None
        if f"zone {where.zone}" not in reads:
            out.append(condition)
            continue
        rewriter = _Rewriter(readers, set(bound))
        new = rewriter.visit(condition)
        if rewriter.bad:
            return None
        out.append(new)
    return out


class _Readers:
    """Which definitions read the target's zones only through the top card (each worked out once), and their
    variants, declared and written as they are first needed."""

    def __init__(self, c: "Compiler", where: Target):
        self.c, self.where = c, where
        self.status: dict[str, str] = {}
        self.looping = recursive(c.sym)

    def allowed(self, reads: frozenset[str]) -> bool:
        """Reads a move of one card from the source leaves alone, but for the destination (judged by its text)."""
        return f"zone {self.where.source}" not in reads and all(
            r in _ALLOWED or r.startswith(("zone ", "var ")) for r in reads)

    def of(self, name: str) -> str:
        """Whether a definition reads neither zone (its calls stay), or the destination only through its
        top card (its calls go to its variant), or either zone otherwise."""
        found = self.status.get(name)
        if found is None:
            self.status[name] = _NO  # while it is worked out: a circle of calls is no variant
            found = self.status[name] = self._work_out(name)
        return found

    def _work_out(self, name: str) -> str:
        g, sym = self.c.emitter, self.c.sym
        if name in g.folded or name in g.pure or name in g.fixed:
            return _FREE  # the options fix it, or it reads no more than its arguments and the number of players
        reads = self.c.reads[name]
        if not self.allowed(reads):
            return _NO
        if f"zone {self.where.zone}" not in reads:
            return _FREE
        if name not in sym.defs or name in self.looping:
            return _NO  # a case definition, or one that may call itself: not rewritten
        decl = sym.defs[name]
        rewriter = _Rewriter(self, set(decl.params))
        body = rewriter.visit(decl.body)
        if rewriter.bad:
            return _NO
        self._declare(name, decl, body)
        return _TOP

    def variant(self, name: str) -> str:
        """The name of a definition's variant for this target (declared by `of`)."""
        return f"{name}'{_text(self.where.destination)}"

    def _declare(self, name: str, decl: nodes.DefDecl, body: nodes.Expr) -> None:
        """Declare and write the variant of a definition whose callees' variants are written already."""
        g, where = self.c.emitter, self.where
        variant = self.variant(name)
        if variant in g.def_names:
            return
        params = (*decl.params, TOP)
        stamp = g.slots.get(name)
        by_values = False
        if stamp is not None:
            values = tuple(self.variant(v) if self.of(v) == _TOP else v for v in stamp.values)
            by_values = not any(kind == "zone" and zone == where.zone for kind, zone, _ in stamp.slots)
            stamp = Stamp(frozenset(s for s in stamp.slots if not (s[0] == "zone" and s[1] == where.zone)),
                          values, stamp.me, stamp.active)
        g.declare(variant)
        g.slots[variant] = stamp
        declaration = nodes.DefDecl(variant, params, body)
        g.variants[variant] = Variant(name, f"top({_text(where.destination)})", by_values,
                                      self.c.reads[name] - {f"zone {where.zone}"}, declaration)
        if name in g.inlinable:
            g.inlinable[variant] = declaration
        for table in (g.trivial, g.recomputed):
            if name in table:
                table.add(variant)
        g.definition(variant, params, body)


def _text(e: nodes.Expr) -> str:
    """A target's destination as a variant's name says it (names and keys are identifiers of the file)."""
    match e:
        case nodes.Name(name):
            return name
        case nodes.Call(name, (nodes.Name(key),)):
            return f"{name}({key})"
    raise AssertionError(e)


class _Rewriter(nodes.NodeTransformer):
    """An expression with `top(destination)` replaced by `TOP` and the calls of definitions that read it by
    calls of their variants; `bad` once it reads the source zone, or the destination otherwise than by its top
    card. Names are resolved as the code generator does: names bound around first, then the file's, then the
    builtins'."""

    def __init__(self, readers: _Readers, bound: set[str]):
        self.readers, self.bound = readers, bound
        self.bad = False

    def scoped(self, names: set[str], node):
        outer, self.bound = self.bound, self.bound | names
        try:
            return self.visit(node)
        finally:
            self.bound = outer

    def visit_Comprehension(self, e: nodes.Comprehension) -> nodes.Expr:
        source = self.visit(e.source)
        element = self.scoped({e.var}, e.element)
        condition = self.scoped({e.var}, e.condition) if e.condition is not None else None
        return attrs.evolve(e, source=source, element=element, condition=condition)

    def visit_Name(self, e: nodes.Name) -> nodes.Expr:
        name, sym = e.id, self.readers.c.sym
        if name in self.bound or name == "it":
            return e
        if name in sym.zones:
            self.bad = self.bad or name in (self.readers.where.zone, self.readers.where.source)
            return e
        if name in sym.defs or name in sym.cases:
            return self.called(name, (), e)
        return e

    def visit_Call(self, e: nodes.Call) -> nodes.Expr:
        readers, name = self.readers, e.func
        sym, where = readers.c.sym, readers.where
        if name in self.bound:
            return self.generic_visit(e)
        if name == "top" and self.builtin(name) and where.on_top and e.args == (where.destination,) \
                and not _names(where.destination) & self.bound:
            return nodes.Name(TOP, span=e.span)
        if name in sym.zones:
            self.bad = self.bad or name in (where.zone, where.source)
        new = self.generic_visit(e)
        if name in sym.defs or name in sym.cases:
            return self.called(name, new.args, new)
        return new

    def builtin(self, name: str) -> bool:
        sym = self.readers.c.sym
        return name in FUNCTIONS and not (name in sym.defs or name in sym.cases or name in sym.zones
                                          or name in sym.vars)

    def called(self, name: str, args: tuple, e: nodes.Expr) -> nodes.Expr:
        status = self.readers.of(name)
        if status == _NO:
            self.bad = True
        if status != _TOP:
            return e
        return nodes.Call(self.readers.variant(name), (*args, nodes.Name(TOP, span=e.span)), span=e.span)


def _names(e: nodes.Expr) -> set[str]:
    return {node.id for node in nodes.walk(e) if isinstance(node, nodes.Name)}
