"""The playout's writer (compiler/playout.py): where a statement is written (`Where`), the `Writer` that collects
the lines and dispatches statements, and the zones as code: a zone named in the rules, where a binder's cards
lie, the members of a family that opens in order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..engine import draws, playouts
from ..engine.zones import opened_in
from ..engine.zones.grid import as_cell
from ..language import nodes
from ..values import NOTHING, SEATS, Card
from .enumeration import as_list
from .playout_exprs import Env, Exprs, Unsupported
from .playout_triggers import destination, listening

if TYPE_CHECKING:
    from .compiler import Compiler

_HELPERS = {"NOTHING": NOTHING, "MISSING": playouts.MISSING, "SEATS": SEATS, "Card": Card,
            "NEW_ROUND": playouts.NewRound,
            "UNPLAYABLE": playouts.Unplayable, "TAKE_CARDS": playouts.take_cards, "TAKE_CARD": playouts.take_card,
            "SEAT": playouts.seat, "SEATS_OF": playouts.seats, "AS_LIST": as_list,
            "RANDOM_BELOW": draws.below, "FIND": playouts.find_zone, "SHUFFLE": draws.shuffle,
            "AS_CELL": as_cell, "SIDE_OF": playouts.side_of, "OPENED": opened_in,
            "BY_PLACE": playouts.by_place, "SECRET_SEATS": playouts.secret_seats, "BRANCH": playouts.BRANCH,
            "PROVEN": playouts.PROVEN, "COPY": list.copy,
            "WANTED": playouts.wanted_tests}


@attrs.frozen
class Where:
    """Where a statement is written: the local names, whether `stop` may break the innermost Python loop
    (no `for` between it and its `repeat`/`while`), and whether the turn ends right after it."""

    env: Env = attrs.Factory(Env)
    breakable: bool = False
    turn_ends: bool = False
    zones: dict[str, str] = attrs.Factory(dict)  # a binder's name -> the zone its cards come from
    zone_names: dict[str, str] = attrs.Factory(dict)  # a binder's name -> that zone's name (for a trigger's `from`)
    # In a loop that may go round again with no card moved (a choice with an option that moves none and goes
    # on): what a listing or a test reads may stand, so they are kept (listed_once, kept_test).
    repeats_unchanged: bool = False


class Writer:
    """Writes the playout's lines, statement by statement (`statements`: a dispatch table by node type,
    compiler/playout.py's)."""

    def __init__(self, c: "Compiler", statements: dict[type, Callable[["Writer", Any, "Where"], Any]]):
        self.c, self.statements = c, statements
        self.sides = next((d for d in c.rules.declarations if isinstance(d, nodes.SidesDecl)), None)
        self.caches: list[str] = []  # the locals keeping an option's last listing (listed_once)
        self.firing: list[nodes.TriggerDecl] = []  # the triggers being written, innermost last
        self.in_setup = False  # writing `setup:` or `round setup:` (nobody moves the cards there)
        self.in_secret = False  # writing the bodies of a `simultaneously` (one more cannot start: secret.start)
        # Written as a machine (playout_machine.py): the turn and the triggers as functions, choices that follow
        # a script; the functions written apart, the triggers' by (zone, source) and those still to write.
        self.machine = False
        self.apart: list[str] = []
        self.triggers: dict[tuple[str, str | None], str] = {}
        self.triggers_wanted: list[tuple[str, str | None]] = []
        self.ns: dict[str, Any] = dict(_HELPERS)
        self.x = Exprs(c, self.ns)
        self.lines: list[str] = []
        self.depth = 1

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def block(self, body: tuple, where: Where) -> None:
        start = len(self.lines)
        self._statements(body, where)
        if len(self.lines) == start:  # no statement, or none that writes a line (a `say` that cannot fail)
            self.line("pass")

    def _statements(self, body: tuple, where: Where) -> None:
        for i, st in enumerate(body):
            last = i == len(body) - 1
            here = where if last else attrs.evolve(where, turn_ends=False)
            handler = self.statements.get(type(st))
            if handler is None:
                raise Unsupported(f"statement {type(st).__name__}")
            result = handler(self, st, here)
            if isinstance(result, Env):  # a `let`: its name is known to the rest of the block
                where = without(attrs.evolve(where, env=result), {st.name})
            where = forgetting(self, (st,), where)

    def indented(self, body: tuple, where: Where) -> None:
        self.depth += 1
        self.block(body, where)
        self.depth -= 1

    def expr(self, e: nodes.Expr, where: Where) -> str:
        return self.x.expr(e, where.env)


# ---- zones and cards --------------------------------------------------------------------------------
def zone_code(w: Writer, e: nodes.Expr, where: Where) -> str:
    """The list of a zone named as a move's destination or a deal's source."""
    c = w.c
    match e:
        case nodes.Name(name) if name in c.zone_specs and not c.zone_specs[name].per_player:
            if c.zone_specs[name].kind.by_cell:
                raise Unsupported("a grid")
            return f"Z[{int(c.zone_specs[name].index)}]"
        case nodes.Call(name, (arg,)) if name in c.families:
            first, keys = c.families[name]
            return f"Z[{int(first)} + {w.x.const(keys)}[{w.expr(arg, where)}]]"
        case nodes.Call(name, (arg,)) if name in c.zone_specs:
            if c.zone_specs[name].kind.by_cell:
                raise Unsupported("a grid")
            return f"Z[{w.x.zone_base(name)} + {w.x.seat_index(arg, where.env)}]"
    raise Unsupported("a zone written another way")


def forgetting(w: Writer, body: tuple, where: Where) -> Where:
    """`where` without what it knows of the cards `body` may move. A card bound from a zone lies there until
    a move may take it: its own move (and another binder's of that zone: two binders may name one card), or a
    move of cards found another way, a deal, an action or a trigger (any card). A loop's body is written with
    what it moves forgotten (its second round follows its first's moves)."""
    zones = where.zones
    if not zones:
        return where
    gone: set[str] = set()
    rebound = bound_in(body)  # a move of such a name inside `body` may be of another card: any card
    for st in nodes.statements(body):
        if isinstance(st, nodes.Move) and isinstance(st.cards, nodes.Name) and st.cards.id in zones \
                and st.cards.id not in rebound and not listening(w.c, destination(st)):
            gone.update(name for name, zone in zones.items() if zone == zones[st.cards.id])
        elif isinstance(st, nodes.Move | nodes.Deal | nodes.Do):
            return without(where, set(zones))
    return without(where, gone)


def bound_in(body: tuple) -> set[str]:
    """The names the statements of `body` bind: loops', `let`s', binders'."""
    names: set[str] = set()
    for st in nodes.statements(body):
        match st:
            case nodes.For(var=name) | nodes.Simultaneous(var=name) | nodes.Let(name=name):
                names.add(name)
            case nodes.Choose():
                names.update(binder.var for option in st.options for binder in option.binders)
    return names


def without(where: Where, names: set[str]) -> Where:
    """`where` knowing nothing of where the cards of `names` lie (moved, or their names bound anew)."""
    if not names & where.zones.keys():
        return where
    return attrs.evolve(where, zones={n: z for n, z in where.zones.items() if n not in names},
                        zone_names={n: z for n, z in where.zone_names.items() if n not in names})


def card_source(w: Writer, e: nodes.Expr, where: Where) -> str | None:
    """The zone the cards of an expression certainly lie in, as code, or None when unknown."""
    match e:
        case nodes.Name(name) if name in where.zones:
            return where.zones[name]
        case nodes.Call("top", (zone,)) | nodes.Where(zone, _):
            try:
                return zone_code(w, zone, where)
            except Unsupported:
                return None
    return None


def binder_zone(w: Writer, source: nodes.Expr, where: Where) -> str | None:
    """The zone a binder's cards come from: `card in hand(me)`, `card in hand(me) where ...`, `card in
    sorted(hand(me))`."""
    try:
        return zone_code(w, lying_in(w, source), where)
    except Unsupported:
        return None


def lying_in(w: Writer, source: nodes.Expr) -> nodes.Expr:
    """Where a binder's cards lie: the zone of a `where` or of `sorted(...)` (the zone's own cards, in
    another order), else the source itself."""
    match source:
        case nodes.Where(inner, _):
            return lying_in(w, inner)
        case nodes.Call("sorted", (inner,), ()) if "sorted" not in w.c.sym.defs:
            return lying_in(w, inner)
    return source


def opening(w: Writer, zone: nodes.Expr) -> bool:
    """A member of a family that opens in order (`columns`)."""
    return isinstance(zone, nodes.Call) and zone.func in w.c.families and w.c.sym.kind(zone.func).opens_in_order


def opening_slot(w: Writer, zone: nodes.Expr, where: Where) -> str | None:
    """A local holding the slot of a zone that opens in order, or None."""
    if not opening(w, zone):
        return None
    first, keys = w.c.families[zone.func]
    slot = w.x.fresh("sl")
    w.line(f"{slot} = {int(first)} + {w.x.const(keys)}[{w.expr(zone.args[0], where)}]")
    return slot


def resets(w: Writer) -> list[tuple[str, str]]:
    """The variables whose card's value goes back to the initial one when the card moves, with that value as
    code: one value per card, its initial value a constant (else the engine plays: worked out at each move)."""
    found = []
    for name, spec in w.c.var_specs.items():
        if not spec.reset_on_move:
            continue
        known, value = w.c.constant(w.c.sym.vars[name].initial)
        if spec.per_player or len(spec.keys) != 1 or spec.card_key != 0 or not known:
            raise Unsupported("a value reset on move kept per player, by more keys, or worked out")
        found.append((name, w.x.const(value)))
    return found
