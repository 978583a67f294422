"""An option whose body lays its bound card on top of a zone, and the `afterwards` guards it judges -> the card's
attribute that alone decides them, when there is one (compiler/playout.py then judges them once per value).

`discard(card in hand(me)) only if leading(me) afterwards: move card to pile`: after the move, the guards see the
state of the listing with the card on top of `pile` and gone from `hand`. When they (through every definition
they call) never read the zone the card leaves, nor the card itself, and read the destination only as
`top(pile).suit`, their answer is the same for every card of one suit: the playout makes the trial move for
the first card of each suit it lists and takes the answer for the others (what a careful hand-written game
does: a discard's verdict worked out once per suit). As top_card.py does for the engine, this is decided from
the program alone; a guard that reads anything else of the game than zones, variables, the turn player, who
is out and the players is judged card by card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import nodes
from . import top_card
from .playout_writer import lying_in
from .reads import expression_reads
from .scope import Frame, Scope
from .trials import Trial

if TYPE_CHECKING:
    from .compiler import Compiler
    from .playout_writer import Writer

_ALLOWED = ("players", "me", "active")


def deciding_attribute(c: "Compiler", option: nodes.Option, later: list, bound: set[str]) -> str | None:
    """The attribute of the option's moved card that alone decides its afterwards guards `later`, or None."""
    lone = _lone_move(c, option)
    if lone is None or any(g.when is not None and c.constant(g.when) != (True, True) for g in later):
        return None
    card, destination, source = lone
    names = bound | {b.var for b in option.binders}
    reads = frozenset().union(*(expression_reads(g.condition, c.sym, names, c.reads) for g in later))
    if f"zone {source}" in reads or not all(r.startswith(("zone ", "var ")) or r in _ALLOWED for r in reads):
        return None
    walker = _TopReads(c, destination, source, {b.var for b in option.binders} | {card})
    for g in later:
        walker.visit(g.condition)
    return next(iter(walker.attributes)) if walker.fine and len(walker.attributes) == 1 else None


def before_the_move(w: "Writer", option: nodes.Option, later: list, bound: dict[str, str], zones: dict
                    ) -> list[nodes.Expr] | None:
    """The afterwards guards' conditions written to be judged before the option's lone move of a card it binds from
    a zone, `top_card.TOP` standing for the card on top of the destination, as the engine's listers judge them
    (top_card.py); None when the move must be made. `bound`: the names of the scope; `zones`: the names bound to
    cards of a zone (playout_writer.Where.zones). The zone the card leaves is the one its binder's cards lie in
    (`sorted(hand(me))`'s is `hand(me)`): the guards must not read it."""
    if len(option.body) != 1 or not isinstance(option.body[0], nodes.Move):
        return None
    move = option.body[0]
    if not isinstance(move.cards, nodes.Name) or move.cards.id not in zones:
        return None
    binder = next((b for b in reversed(option.binders) if b.var == move.cards.id), None)
    if binder is None:
        return None
    source = lying_in(w, binder.source)
    trial = Trial(0, move.destination, Scope(Frame(), dict.fromkeys(bound, 0)), move.bottom, source)
    return top_card.judged_before(w.c, trial, [g.condition for g in later], bound)


def _lone_move(c: "Compiler", option: nodes.Option) -> tuple[str, str, str] | None:
    """(the card's binder, the destination, the zone the card is bound from) of a body that is one move of a
    bound card onto the top of a shared zone, else None."""
    if len(option.body) != 1 or not isinstance(option.body[0], nodes.Move):
        return None
    move = option.body[0]
    if move.bottom or not isinstance(move.cards, nodes.Name) or not isinstance(move.destination, nodes.Name):
        return None
    spec = c.zone_specs.get(move.destination.id)
    if spec is None or spec.per_player or spec.kind.by_cell:
        return None
    binder = next((b for b in option.binders if b.var == move.cards.id), None)
    if binder is None:
        return None
    source = binder.source.source if isinstance(binder.source, nodes.Where) else binder.source
    match source:
        case nodes.Name(name) | nodes.Call(name, (_,)) if name in c.zone_specs and name != move.destination.id:
            return move.cards.id, move.destination.id, name
    return None


class _TopReads:
    """Walks guards and the definitions they call: the attributes read of `top(destination)`, and whether
    nothing else reads the destination, the source or the card (`fine`)."""

    def __init__(self, c: "Compiler", destination: str, source: str, card_names: set[str]):
        self.c, self.destination, self.source, self.card_names = c, destination, source, card_names
        self.attributes: set[str] = set()
        self.fine = True
        self.seen: set[str] = set()

    def visit(self, e, top_level: bool = True) -> None:
        match e:
            case nodes.Attr(nodes.Call("top", (nodes.Name(zone),)), attribute) if zone == self.destination:
                self.attributes.add(attribute)
                return
            case nodes.Name(name) if name in (self.destination, self.source) or (top_level and name in self.card_names):
                self.fine = False
                return
            case nodes.Name(name) | nodes.Call(name) if name in self.c.sym.defs or name in self.c.sym.cases:
                self.definition(name)
        for child in nodes.children(e):
            self.visit(child, top_level)

    def definition(self, name: str) -> None:
        if name in self.seen:
            return
        self.seen.add(name)
        decl = self.c.sym.defs.get(name) or self.c.sym.cases[name]
        bodies = [decl.body] if isinstance(decl, nodes.DefDecl) else [clause.body for clause in decl.clauses]
        for body in bodies:
            self.visit(body, top_level=False)  # its own names: parameters, not the option's card
