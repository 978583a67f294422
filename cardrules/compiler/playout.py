"""Checked rules of a compiled game -> its playout: one generated function that plays a whole game of
random seats over plain lists, or None where the rules use something it does not write (yet).

The engine plays a game decision by decision through a State that any player, bot or table can look at:
versions, knowledge, events, an instruction per statement. A run of random games (`cardrules simulate` with
every seat `random`) needs none of that, only the record: who moved first, the winners, the turns and the
decisions. The playout writes the whole game as one Python function: zones as lists in the engine's slot
order, variables as one list in the engine's order, every decision worked out inline (its legal moves
listed in the engine's order, the seat's generator drawing as the random agent draws), so that it plays
exactly the game the engine plays from the same seeds (tests/compiler/test_playout.py plays them side by
side). Whatever it cannot play as the engine would raises (engine/playouts.py), and that game is played
on the engine instead.

This is the start of the second back end of docs/performance.md: it covers what the rules need most
(moves, deals, shuffles, variables, loops, choices with plain and "afterwards" guards, rounds, eliminations,
`on move` triggers: playout_triggers.py) and refuses the rest (playout_game.refusal, and Unsupported where met).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..engine import draws, playouts
from ..engine.zones import opened_in
from ..engine.zones.grid import as_cell
from ..language import nodes
from ..values import NOTHING, SEATS, Card
from . import visibility
from .enumeration import as_list
from .playout_exprs import Env, Exprs, Unsupported
from .playout_trials import deciding_attribute
from .playout_triggers import NESTED, check_trial, destination, fire, fires, listening, zone_name
from .reads import expression_reads

if TYPE_CHECKING:
    from .compiler import Compiler

_HELPERS = {"NOTHING": NOTHING, "MISSING": playouts.MISSING, "SEATS": SEATS, "Card": Card,
            "NEW_ROUND": playouts.NewRound,
            "UNPLAYABLE": playouts.Unplayable, "TAKE_CARDS": playouts.take_cards, "TAKE_CARD": playouts.take_card,
            "SEAT": playouts.seat, "SEATS_OF": playouts.seats, "AS_LIST": as_list,
            "RANDOM_BELOW": draws.below, "FIND": playouts.find_zone, "SHUFFLE": draws.shuffle,
            "AS_CELL": as_cell, "SIDE_OF": playouts.side_of, "OPENED": opened_in,
            "BY_PLACE": playouts.by_place}


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
    """Writes the playout's lines, statement by statement (a dispatch table by node type)."""

    def __init__(self, c: "Compiler"):
        self.c = c
        self.sides = next((d for d in c.rules.declarations if isinstance(d, nodes.SidesDecl)), None)
        self.caches: list[str] = []  # the locals keeping an option's last listing (listed_once)
        self.firing: list[nodes.TriggerDecl] = []  # the triggers being written, innermost last
        self.in_setup = False  # writing `setup:` or `round setup:` (nobody moves the cards there)
        self.ns: dict[str, Any] = dict(_HELPERS)
        self.x = Exprs(c, self.ns)
        self.lines: list[str] = []
        self.depth = 1

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def block(self, body: tuple, where: Where) -> None:
        if not body:
            self.line("pass")
            return
        for i, st in enumerate(body):
            last = i == len(body) - 1
            here = where if last else attrs.evolve(where, turn_ends=False)
            handler = STATEMENTS.get(type(st))
            if handler is None:
                raise Unsupported(f"statement {type(st).__name__}")
            result = handler(self, st, here)
            if isinstance(result, Env):  # a `let`: its name is known to the rest of the block
                where = attrs.evolve(where, env=result)

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


def move(w: Writer, st: nodes.Move, where: Where) -> None:
    """`move CARDS to ZONE`: the cards taken from where they lie and put, then a trigger that listens to a lone
    card's move (playout_triggers.py)."""
    zone = destination(st)
    w.line("zv += 1")  # a card moves (the listings kept by listed_once are stale)
    if zone in w.c.zone_specs and w.c.zone_specs[zone].kind.by_cell:
        card, lone, source = move_to_cell(w, st, where)
    else:
        card, lone, source = move_cards(w, st, where)
    if not listening(w.c, zone):
        return
    if lone is None:
        fire(w, card, source, zone, where)
        return
    w.line(f"if {lone}:")
    w.depth += 1
    fire(w, card, source, zone, where)
    w.depth -= 1


def move_cards(w: Writer, st: nodes.Move, where: Where) -> tuple[str, str | None, str | None]:
    """The move to a zone that is no grid. Gives what a trigger needs: the code of the card moved when it was
    one card, the test that it was (None: certainly one), the name of the zone it came from (None: unknown)."""
    dest, slot = zone_code(w, st.destination, where), opening_slot(w, st.destination, where)
    if slot is not None:  # (its slot worked out once: the zone opens when a card enters it empty)
        dest = f"Z[{slot}]"
    put = "{d}[0:0] = {m}" if st.bottom else "{d}.extend({m})"
    drawn_from = top_of(w, st.cards, where)
    match st.cards:
        case _ if drawn_from is not None and not w.c.records_movers:  # a draw: the top card
            source, at = drawn_from
            src, m = zone_code(w, source, at), w.x.fresh("m")
            w.line(f"{m} = {src}.pop()")
            opens(w, dest, slot, None)
            w.line(f"{dest}.insert(0, {m})" if st.bottom else f"{dest}.append({m})")
            return m, None, zone_name(source)
        case nodes.Name(name) if name in w.c.zone_specs and not w.c.zone_specs[name].kind.by_cell:
            whole = zone_code(w, st.cards, where)
        case nodes.Call(name, (_,)) if name in w.c.zone_specs or name in w.c.families:
            whole = zone_code(w, st.cards, where)
        case _:
            whole = None
    if whole is not None:  # a whole zone: its cards in order, the zone emptied
        m, lone = w.x.fresh("m"), w.x.fresh("m")
        w.line(f"{m} = {whole}")
        w.line(f"if {m} is {dest}: raise UNPLAYABLE('a zone moved onto itself')")
        opens(w, dest, slot, m)
        w.line(put.format(d=dest, m=m))
        moved(w, m, False)
        w.line(f"{lone} = {m}[0] if len({m}) == 1 else None")  # (the zone is emptied before a trigger runs)
        w.line(f"{m}.clear()")
        return lone, f"{lone} is not None", zone_name(st.cards)
    m, source = w.x.fresh("m"), card_source(w, st.cards, where)
    w.line(f"{m} = {w.expr(st.cards, where)}")
    if source is not None and isinstance(st.cards, nodes.Name):  # a card bound from a zone: certainly a card
        w.line(f"{source}.remove({m})")
        opens(w, dest, slot, None)
        w.line(f"{dest}.insert(0, {m})" if st.bottom else f"{dest}.append({m})")
        moved(w, m, True)
        return m, None, where.zone_names.get(st.cards.id)
    w.line(f"if {m}.__class__ is Card:")
    w.line(f"    TAKE_CARD(Z, {m})")
    opens(w, dest, slot, None, "    ")
    w.line(f"    {dest}.insert(0, {m})" if st.bottom else f"    {dest}.append({m})")
    w.line(f"    {m} = [{m}]")
    w.line("else:")
    w.line(f"    {m} = AS_LIST({m})")
    w.line(f"    TAKE_CARDS(Z, {m})")
    opens(w, dest, slot, m, "    ")
    w.line("    " + put.format(d=dest, m=m))
    moved(w, m, False)
    return f"{m}[0]", f"len({m}) == 1", None


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


def opens(w: Writer, dest: str, slot: str | None, cards: str | None, indent: str = "") -> None:
    """Cards entering an empty zone that opens in order (`cards`: a list of them, else one card) make it the
    family's newest member, before they are put (moving.py: zones.note_opened)."""
    if slot is not None:
        some = f" and {cards}" if cards is not None else ""
        w.line(f"{indent}if not {dest}{some}: OPENED(opened, {slot})")


def move_to_cell(w: Writer, st: nodes.Move, where: Where) -> tuple[str, str | None, str | None]:
    """`move CARDS to grid(CELL)`: the cards go onto that cell's stack (moving.move_to_cell); as move_cards."""
    grid = f"Z[{int(w.c.zone_specs[st.destination.func].index)}]"
    cell, m = w.x.fresh("q"), w.x.fresh("m")
    w.line(f"{cell} = AS_CELL({w.expr(st.destination.args[0], where)})")
    w.line(f"if {cell} is None: raise UNPLAYABLE('not a cell')")
    source, drawn_from = None, top_of(w, st.cards, where)
    if drawn_from is not None and not _is_grid(w, drawn_from[0]):  # the top card of a zone: popped
        src, source = zone_code(w, drawn_from[0], drawn_from[1]), zone_name(drawn_from[0])
        w.line(f"{m} = [{src}.pop()]")
    else:
        w.line(f"{m} = AS_LIST({w.expr(st.cards, where)})")
        w.line(f"TAKE_CARDS(Z, {m})")
    w.line(f"{grid}.put({cell}, {m}, {st.bottom})")
    moved(w, m, False)
    return f"{m}[0]", f"len({m}) == 1", source


def top_of(w: Writer, e: nodes.Expr, where: Where) -> tuple[nodes.Expr, Where] | None:
    """The zone of `top(ZONE)`, written so or as a definition without parameters that is just that, with where
    its names are read (a definition's body: the file's names only)."""
    match e:
        case nodes.Call("top", (zone,), ()) if "top" not in w.c.sym.defs:
            return zone, where
        case nodes.Name(name) if name not in where.env.names and name in w.c.sym.defs \
                and not w.c.sym.defs[name].params:
            return top_of(w, w.c.sym.defs[name].body, Where())
    return None


def _is_grid(w: Writer, zone: nodes.Expr) -> bool:
    name = zone.id if isinstance(zone, nodes.Name) else getattr(zone, "func", "")
    return name in w.c.zone_specs and w.c.zone_specs[name].kind.by_cell


def deal(w: Writer, st: nodes.Deal, where: Where) -> None:
    src, count = zone_code(w, st.source, where), w.expr(st.count, where)
    c = w.c
    match st.destination:
        case nodes.Name(name) if name in c.zone_specs and c.zone_specs[name].per_player:
            if c.zone_specs[name].kind.by_cell:
                raise Unsupported("a grid")
            base = w.x.zone_base(name)
            targets = f"Z[{base}:{base} + n]"
        case zone if opening(w, zone):
            raise Unsupported("a deal into zones that open in order")
        case _:
            targets = f"[{zone_code(w, st.destination, where)}]"
    t, r = w.x.fresh("t"), w.x.fresh("r")
    w.line("zv += 1")
    w.line(f"{t} = {targets}")
    w.line(f"{r} = {count}")
    apart = None not in (zone_name(st.source), zone_name(st.destination)) \
        and zone_name(st.source) != zone_name(st.destination)  # two zones by name: never the same list
    same = "" if apart else f" or any(z is {src} for z in {t})"
    w.line(f"if {r}.__class__ is not int{same}: raise UNPLAYABLE('a deal the engine judges')")
    w.line(f"for _ in range({r}):")
    w.line(f"    for z in {t}:")
    w.line(f"        z.append({src}.pop())")
    if w.c.records_movers:
        w.line("        " + ("V[mb + z[-1]] = " + ("NOTHING" if w.in_setup else "SEATS[me]")))


def shuffle(w: Writer, st: nodes.Shuffle, where: Where) -> None:
    w.line(f"rng = SHUFFLE(rng, {zone_code(w, st.zone, where)})")
    w.line("zv += 1")


# ---- variables, players ----------------------------------------------------------------------------
def set_var(w: Writer, st: nodes.Set, where: Where) -> None:
    match st.target:
        case nodes.Name(name) if name in w.c.var_specs:
            slot = w.x.var_slot(name, [])
        case nodes.Call(name, args) if name in w.c.var_specs:
            slot = w.x.var_slot(name, [w.expr(a, where) for a in args])
        case _:
            raise Unsupported("a `set` of something else")
    if w.c.var_specs[getattr(st.target, "id", None) or st.target.func].reset_on_move:
        raise Unsupported("a variable reset on move")
    w.line(f"V[{slot}] = {w.expr(st.value, where)}")
    w.line("vv += 1")


def first_player(w: Writer, st: nodes.FirstPlayer, where: Where) -> None:
    w.line(f"me = SEAT({w.expr(st.player, where)}, n)")


def eliminate(w: Writer, st: nodes.Eliminate, where: Where) -> None:
    w.line(f"for p in SEATS_OF({w.expr(st.player, where)}, n):")
    w.line("    out[p] = True")
    w.line("act = [SEATS[p] for p in range(n) if not out[p]]")


def win(w: Writer, st: nodes.Win, where: Where) -> None:
    """The game ends: the record's fields, and the rules' `result` worked out on the game as it ended; with
    `sides`, a win is the whole side's."""
    winners = f"SEATS_OF({w.expr(st.players, where)}, n)"
    if w.sides is not None:
        winners = f"[q for p in {winners} for q in SIDE_OF(SIDES(), p)]"
    ended(w, f"sorted(set(int(p) for p in {winners}))")


def lose(w: Writer, st: nodes.Lose, where: Where) -> None:
    ended(w, "[]")


def ended(w: Writer, winners: str) -> None:
    result = next((d for d in w.c.rules.declarations if isinstance(d, nodes.ResultDecl)), None)
    value = "None" if result is None else w.expr(result.value, Where())
    sides = "None" if w.sides is None else "[[int(p) for p in side] for side in SIDES()]"
    w.line(f"return first, {winners}, turns, decisions, {value}, {sides}")


def say(w: Writer, st: nodes.Say, where: Where) -> None:
    """Nobody reads a playout's sentences; the parts that could fail are worked out, as a quiet game does."""
    if st.to is not None:
        raise Unsupported("`say ... to`")
    for part in st.parts:
        for risky in risky_parts(w, part, where):
            w.line(w.expr(_Unworded().visit(risky), where))


class _Unworded(nodes.NodeTransformer):
    """`words(a, b)` -> `(a, b)`: what may fail of it is its parts (it writes any value; a playout writes none)."""

    def visit_Call(self, e: nodes.Call) -> nodes.Expr:
        e = self.generic_visit(e)
        return nodes.TupleLit(e.args, span=e.span) if e.func == "words" and not e.kwargs else e


def risky_parts(w: Writer, e: nodes.Expr, where: Where) -> list[nodes.Expr]:
    """What of a `say` part may fail to be worked out (procedures._plain_part: words, numbers, `me`, local
    names, a plain variable, the top card of a shared zone cannot; `words` of parts fails only where they do)."""
    c = w.c
    match e:
        case nodes.Str() | nodes.Int():
            return []
        case nodes.Name(name) if name == "me" or name in where.env.names:
            return []
        case nodes.Name(name) if name in c.var_specs and not c.var_specs[name].per_player \
                and c.var_specs[name].size == 1:
            return []
        case nodes.Call("top", (nodes.Name(zone),)) if zone in c.zone_specs and "top" not in c.sym.defs \
                and not c.zone_specs[zone].per_player and not c.zone_specs[zone].kind.by_cell:
            return []
        case nodes.Call("words", args) if not e.kwargs and "words" not in c.sym.defs:
            return [part for arg in args for part in risky_parts(w, arg, where)]
    return [e]


def moved(w: Writer, cards: str, one: bool) -> None:
    """Who moved the cards, for rules that read `mover(card)` (percard.py): nobody in the set-up, else the
    turn player. `one`: `cards` is a single card, else a list."""
    if not w.c.records_movers:
        return
    who = "NOTHING" if w.in_setup else "SEATS[me]"
    if one:
        w.line(f"V[mb + {cards}] = {who}")
    else:
        w.line(f"for c in {cards}:")
        w.line(f"    V[mb + c] = {who}")


def let(w: Writer, st: nodes.Let, where: Where) -> Env:
    local = w.x.fresh("l")
    w.line(f"{local} = {w.expr(st.value, where)}")
    return where.env.bind(st.name, local)


def nothing(w: Writer, st: Any, where: Where) -> None:
    w.line("pass")


def new_round(w: Writer, st: nodes.NewRound, where: Where) -> None:
    w.line("raise NEW_ROUND")


def stop(w: Writer, st: nodes.Stop, where: Where) -> None:
    if not where.breakable:
        raise Unsupported("`stop` across a `for`")
    w.line("break")


# ---- control ------------------------------------------------------------------------------------------
def if_stmt(w: Writer, st: nodes.If, where: Where) -> None:
    keyword = "if"
    for cond, body in st.branches:
        known, value = w.c.constant(cond)
        if known and not value:
            continue
        if known:  # an option decides it
            if keyword == "if":
                w.block(body, where)
                return
            w.line("else:")
            w.indented(body, where)
            return
        if keyword == "if":
            w.line(f"if {kept_test(w, cond, where)}:")
        else:
            w.line(f"elif {w.expr(cond, where)}:")
        w.indented(body, where)
        keyword = "elif"
    if keyword == "if":
        w.block(st.otherwise, where)
    elif st.otherwise:
        w.line("else:")
        w.indented(st.otherwise, where)


def for_stmt(w: Writer, st: nodes.For, where: Where) -> None:
    v = w.x.fresh("v")
    w.line(f"for {v} in AS_LIST({w.expr(st.source, where)}):")
    spend(w, st.body, "    ")
    w.indented(st.body, attrs.evolve(where, env=where.env.bind_loop(st.var, v), breakable=False, turn_ends=False,
                                     repeats_unchanged=False))


def loop(w: Writer, test: str, body: tuple, where: Where) -> None:
    """`repeat` and `while`: each round counts against the steps a game may take between two decisions."""
    w.line(f"while {test}:")
    spend(w, body, "    ")
    w.indented(body, attrs.evolve(where, breakable=True, turn_ends=False, repeats_unchanged=repeats_unchanged(body)))


def repeats_unchanged(body: tuple) -> bool:
    """Whether a loop's body holds a choice with an option that moves no card and does not stop the loop."""
    moving = (nodes.Move, nodes.Deal, nodes.Shuffle, nodes.Stop, nodes.Win, nodes.Lose, nodes.NewRound)
    return any(isinstance(st, nodes.Choose) and any(
        not any(isinstance(inner, moving) for inner in nodes.statements(option.body)) for option in st.options)
        for st in nodes.statements(body))


def spend(w: Writer, body: tuple, indent: str = "") -> None:
    """Count a run of `body` against the steps budget, by more than the engine's instructions for it (a
    statement is at most two, a loop's test and jump two more): the playout stops wherever the engine's budget
    might run out, and the engine plays that game again and says whether it did."""
    w.line(f"{indent}budget -= {cost(w, body)}")
    w.line(f"{indent}if budget < 0: raise UNPLAYABLE('the steps budget')")


def cost(w: Writer, body: tuple, depth: int = 0, running: tuple = ()) -> int:
    """Two steps a statement, those of the actions it does and of the triggers its moves may set off included
    (the checker rules out cycles of actions; triggers that may set themselves off are not written)."""
    steps = 2
    for st in nodes.statements(body):
        steps += 2
        if isinstance(st, nodes.Do) and depth < 20:
            decl = w.c.sym.actions[st.name]
            bodies = [decl.body] if isinstance(decl, nodes.ActionDecl) else [cl.body for cl in decl.clauses]
            steps += sum(cost(w, inner, depth + 1, running) for inner in bodies)
        elif isinstance(st, nodes.Move):
            for trigger in listening(w.c, destination(st)):
                if any(trigger is r for r in running):
                    raise Unsupported("an `on move` trigger that may set itself off")
                if len(running) >= NESTED:
                    raise Unsupported("triggers set off by triggers, too deep")
                steps += 2 + cost(w, trigger.body, depth, (*running, trigger))
    return steps


def repeat(w: Writer, st: nodes.Repeat, where: Where) -> None:
    loop(w, "True", st.body, where)


def while_stmt(w: Writer, st: nodes.While, where: Where) -> None:
    loop(w, w.expr(st.condition, where), st.body, where)


def do(w: Writer, st: nodes.Do, where: Where) -> None:
    """An action written where it is done, its parameters as fresh locals (the checker rules out cycles)."""
    decl = w.c.sym.actions[st.name]
    values = [w.expr(a, where) for a in st.args]
    env = Env()
    for param in decl.params:
        env = env.bind(param, w.x.fresh("a"))
    if values:
        w.line(f"{', '.join(env.names[p] for p in decl.params)}, = {', '.join(values)},")
    inner = Where(env, False, where.turn_ends)  # (an action's scope is its parameters)
    if isinstance(decl, nodes.ActionDecl):
        w.block(decl.body, inner)
        return
    key, keyword = env.names[decl.key], "if"  # `action name(x, k) by k:` the clause of the key's value
    for clause in decl.clauses:
        w.line(f"{keyword} {key} == {w.x.const(w.c.syms[clause.key])}:")
        w.indented(clause.body, inner)
        keyword = "elif"
    w.line("else:")
    w.line("    raise UNPLAYABLE('no clause for this value')")


# ---- choices ------------------------------------------------------------------------------------------
def choose(w: Writer, st: nodes.Choose, where: Where) -> None:
    """A decision: its legal moves listed as the engine lists them (options in order, binders nested, guards
    judged), the fallbacks only when none is legal; the seat's generator draws one, and its body follows."""
    w.line("if decisions >= limit: raise UNPLAYABLE('the decision limit')")
    found = w.x.fresh("o")
    w.line(f"{found} = []")
    # The listing changes nothing (a trial puts its cards back): a definition's call that reads no binder is
    # worked out once for all of it.
    lazies: dict[str, str] = {}
    listing, start = attrs.evolve(where, env=attrs.evolve(where.env, lazies=lazies)), len(w.lines)
    kept = [(i, option) for i, option in enumerate(st.options)]
    for i, option in kept:
        if not option.fallback:
            listed_once(w, i, option, found, listing)
    fallbacks = [(i, option) for i, option in kept if option.fallback]
    if fallbacks:
        w.line(f"if not {found}:")
        w.depth += 1
        for i, option in fallbacks:
            list_option(w, i, option, found, listing)
        w.depth -= 1
    if lazies:
        w.lines.insert(start, "    " * w.depth + f"{' = '.join(lazies.values())} = MISSING")
    drawn(w, found)
    chosen(w, kept, where)


def drawn(w: Writer, found: str) -> None:
    """The random seat's draw among the legal moves (bots/random_agent.py: bits until they fall below the
    count), the decision counted."""
    w.line(f"k = len({found})")
    w.line("if not k: raise UNPLAYABLE('no legal move')")
    w.line("draw, width = bits[me], k.bit_length()")
    w.line("r = draw(width)")
    w.line("while r >= k:")
    w.line("    r = draw(width)")
    w.line(f"o = {found}[r]")
    w.line("if first < 0: first = me")
    w.line("decisions += 1")
    w.line("budget = STEPS")


def chosen(w: Writer, kept: list, where: Where) -> None:
    """The body of the option drawn (`o`), its binders bound to the move's values."""
    keyword = "if"
    for i, option in kept:
        w.line(f"{keyword} o[0] == {i}:" if len(kept) > 1 else "if True:")
        keyword = "elif"
        env, zones, zone_names = where.env, dict(where.zones), dict(where.zone_names)
        names = []
        for binder in option.binders:
            v = w.x.fresh("b")
            names.append(v)
            bind_zone(w, binder, env, zones, zone_names)
            env = env.bind(binder.var, v)
        if names:
            w.line(f"    {names[0]} = o[1]" if len(names) == 1 else f"    {', '.join(names)}, = o[1:]")
        w.indented(option.body, attrs.evolve(where, env=env, zones=zones, zone_names=zone_names))


def bind_zone(w: Writer, binder: nodes.Binder, env: Env, zones: dict, zone_names: dict) -> str | None:
    """The zone a binder's cards come from (binder_zone), noted with its name under the binder's name."""
    zone = binder_zone(w, binder.source, Where(env, zones=zones))
    if zone is not None:
        zones[binder.var] = zone
        zone_names[binder.var] = zone_name(lying_in(w, binder.source))
    return zone


def listed_once(w: Writer, index: int, option: nodes.Option, found: str, where: Where) -> None:
    """An option's legal moves, listed again only when something its listing reads has changed since it was
    last listed here: a card moved anywhere (`zv`, counted at every move, deal and shuffle), a variable it
    reads, the turn player, who is out. A turn that chooses again after a step that moves no card (a signal set,
    a variable changed that the option does not read) takes the option's moves as they were."""
    key = listing_key(w, option, where)
    if key is None:
        list_option(w, index, option, found, where)
        return
    cache, moves = w.x.fresh("lc"), w.x.fresh("lm")
    w.caches.append(cache)
    w.line(f"if {cache}[0] == {key}:")
    w.line(f"    {found} += {cache}[1]")
    w.line("else:")
    w.depth += 1
    w.line(f"{moves} = []")
    list_option(w, index, option, moves, where)
    w.line(f"{cache} = ({key}, {moves})")
    w.line(f"{found} += {moves}")
    w.depth -= 1


def listing_key(w: Writer, option: nodes.Option, where: Where) -> str | None:
    """The code of what an option's listing reads of the game, or None when it reads more than zones (through
    their count of changes), variables, the turn player, who is out and the players, or is not in a loop."""
    if not where.repeats_unchanged:  # listed again only after a card moved: nothing to keep
        return None
    bound = set(where.env.names)
    reads: set[str] = set()
    for binder in option.binders:
        reads |= expression_reads(binder.source, w.c.sym, bound, w.c.reads)
        bound.add(binder.var)
    for guard in option.guards:
        for e in (guard.condition, guard.when):
            if e is not None:
                reads |= expression_reads(e, w.c.sym, bound, w.c.reads)
    return key_of(w, reads, where)


def kept_test(w: Writer, e: nodes.Expr, where: Where) -> str:
    """An `if`'s test inside a loop, worked out again only when what it reads has changed (as listed_once)."""
    key = key_of(w, set(expression_reads(e, w.c.sym, set(where.env.names), w.c.reads)), where) \
        if where.repeats_unchanged else None
    if key is None:
        return w.expr(e, where)
    cache, value = w.x.fresh("lc"), w.x.fresh("lv")
    w.caches.append(cache)
    w.line(f"if {cache}[0] == {key}:")
    w.line(f"    {value} = {cache}[1]")
    w.line("else:")
    w.line(f"    {value} = {w.expr(e, where)}")
    w.line(f"    {cache} = ({key}, {value})")
    return value


def key_of(w: Writer, reads: set[str], where: Where) -> str | None:
    if any(not (r.startswith(("zone ", "var ")) or r in ("players", "me", "active")) for r in reads):
        return None
    parts = ["zv", "me", "act"] + [f"V[{w.x.var_span(r[4:])}]" for r in sorted(reads) if r.startswith("var ")]
    if any(name not in ("it",) for name in where.env.names):  # the names of the procedure's scope
        parts += sorted(where.env.names.values())
    return "(" + ", ".join(parts) + ")"


def list_option(w: Writer, index: int, option: nodes.Option, found: str, where: Where) -> None:
    """The loops over an option's binders and the test of its guards, adding each legal move to `found`."""
    env, zones, zone_names, names, depth = where.env, dict(where.zones), dict(where.zone_names), [], w.depth
    guards = [g for g in option.guards if w.c.constant(g.when) != (True, False)]  # an option's `when` may drop one
    plain, later = [g for g in guards if not g.afterwards], [g for g in guards if g.afterwards]
    deciding = deciding_attribute(w.c, option, later, set(where.env.names)) \
        if later and where.turn_ends and not fires(w.c, option.body) else None  # (a trigger may read any attribute)
    verdicts = None
    if deciding is not None:  # the trial's answer for each value of the card's attribute, for this listing
        verdicts = w.x.fresh("verdicts")
        w.line(f"{verdicts} = {{}}")
    for binder in option.binders:
        v = w.x.fresh("b")
        zone = bind_zone(w, binder, env, zones, zone_names)
        if visibility.may_hide(binder.source, w.c.sym):  # cards the chooser may not see, offered by place
            w.line(f"for {v} in BY_PLACE(G, n, out, me, Z, rng, AS_LIST({w.x.expr(binder.source, env)})):")
        elif zone is not None and not later and lying_in(w, binder.source) is binder.source:
            w.line(f"for {v} in {zone}:")  # a zone's own list: nothing moves while the listing walks it
        else:
            w.line(f"for {v} in AS_LIST({w.x.expr(binder.source, env)}):")
        env = env.bind_loop(binder.var, v)
        names.append(v)
        w.depth += 1
    per_candidate: dict[str, str] = {}
    env = attrs.evolve(env, per_candidate=per_candidate, binders=frozenset(names))
    inner = attrs.evolve(where, env=env, zones=zones, zone_names=zone_names)
    start = len(w.lines)
    tests = [w.x.twice(lambda g=g: guard_test(w, g, inner)) for g in plain]
    if tests:
        w.line(f"if {' and '.join(tests)}:")
        w.depth += 1
    found_move = f"{found}.append(({index}, {''.join(v + ', ' for v in names)}))"
    if later and verdicts is not None:
        judged_once(w, option, later, inner, (verdicts, deciding), found_move)
    elif later:
        try_afterwards(w, option, later, inner, found_move)
    else:
        w.line(found_move)
    if per_candidate:
        indent = "    " * (depth + len(names))
        w.lines.insert(start, indent + f"{' = '.join(per_candidate.values())} = MISSING")
    w.depth = depth


def guard_test(w: Writer, g: nodes.Guard, where: Where) -> str:
    test = w.expr(g.condition, where)
    known, value = w.c.constant(g.when)
    if g.when is None or known:
        return test
    return f"(not {w.expr(g.when, where)} or {test})"


def judged_once(w: Writer, option: nodes.Option, later: list, where: Where, verdicts: tuple[str, str],
                found_move: str) -> None:
    """The afterwards guards tried for the first card of each value of the deciding attribute of a listing
    (playout_trials.py), their answer kept in the dict `verdicts[0]` for the others."""
    table, deciding = verdicts
    card = where.env.names[option.body[0].cards.id]
    value, answer = w.x.fresh("value"), w.x.fresh("answer")
    w.line(f"{value} = {w.x.const(w.c.card_attrs[deciding])}.get({card}, NOTHING)")
    w.line(f"{answer} = {table}.get({value}, MISSING)")
    w.line(f"if {answer} is MISSING:")
    w.depth += 1
    try_afterwards(w, option, later, where, None)
    w.line(f"{table}[{value}] = {answer} = ok")
    w.depth -= 1
    w.line(f"if {answer}:")
    w.line("    " + found_move)


def try_afterwards(w: Writer, option: nodes.Option, later: list, where: Where, found_move: str | None) -> None:
    """`only if ... afterwards`, where the option's body is the rest of the turn and only moves cards: the
    moves made, the guards judged (`ok`), the game put back as it was; then `found_move` when they hold."""
    if not where.turn_ends or not option.body or not all(isinstance(st, nodes.Move) for st in option.body):
        raise Unsupported("an `afterwards` guard before more of the turn")
    applies = []
    for g in later:
        known, _ = w.c.constant(g.when)
        if g.when is None or known:
            applies.append("True")
        else:
            a = w.x.fresh("a")
            w.line(f"{a} = {w.expr(g.when, where)}")
            applies.append(a)
    where = attrs.evolve(where, env=attrs.evolve(where.env, lazies=None, per_candidate=None))  # the cards moved
    tests = [w.expr(g.condition, where) if a == "True" else f"(not {a} or {w.expr(g.condition, where)})"
             for g, a in zip(later, applies)]
    if fires(w.c, option.body) or any(opening(w, st.destination) for st in option.body):
        tried_with_triggers(w, option.body, where, " and ".join(tests))
    else:
        tried_in_place(w, option.body, where, " and ".join(tests))
    if found_move is not None:
        w.line("if ok:")
        w.line("    " + found_move)


def tried_in_place(w: Writer, body: tuple, where: Where, test: str) -> None:
    """Moves that set off no trigger made in place, `ok = test`, every card put back where it was
    (State._allowed_in_place)."""
    undo = []
    for st in body:
        t, m, z, i = (w.x.fresh(x) for x in "tmzi")
        w.line(f"{t} = {zone_code(w, st.destination, where)}")
        w.line(f"{m} = {w.expr(st.cards, where)}")
        w.line(f"if {m}.__class__ is not Card: raise UNPLAYABLE('a trial of more than a card')")
        source = where.zones.get(st.cards.id) if isinstance(st.cards, nodes.Name) and not undo else None
        w.line(f"{z} = {source}" if source is not None else f"{z} = FIND(Z, {m})")
        w.line(f"{i} = {z}.index({m})")
        w.line(f"del {z}[{i}]")
        w.line(f"{t}.insert(0, {m})" if st.bottom else f"{t}.append({m})")
        undo.append((f"del {t}[0]" if st.bottom else f"{t}.pop()", f"{z}.insert({i}, {m})"))
    w.line("zv += 1")  # (the values kept while the zones stand: playout_game.kept_while)
    w.line(f"ok = {test}")
    for put_back, take_back in reversed(undo):
        w.line(put_back)
        w.line(take_back)
    w.line("zv += 1")


def tried_with_triggers(w: Writer, body: tuple, where: Where, test: str) -> None:
    """Moves that may set off a trigger, made with the triggers' bodies (the engine plays such an option on a
    clone to the end of the turn), `ok = test`, then the zones, variables, generator and who is out put back
    as they were. Only triggers that decide nothing and end nothing (playout_triggers.check_trial) are run so."""
    check_trial(w.c, body)
    if any(spec.kind.by_cell for spec in w.c.zone_specs.values()):
        raise Unsupported("an `afterwards` trial setting off a trigger in a game with a grid")
    saved = w.x.fresh("saved")
    w.line(f"{saved} = [z[:] for z in Z], V[:], rng, out[:], act, opened[:]")
    w.block(body, attrs.evolve(where, turn_ends=False))
    w.line(f"ok = {test}")
    w.line(f"for z, k in zip(Z, {saved}[0]):")
    w.line("    z[:] = k")  # (in place: a listing may be walking a zone's list)
    w.line(f"V[:], rng, out[:], act, opened[:] = {saved}[1:]")
    w.line("vv += 1")
    w.line("zv += 1")


STATEMENTS: dict[type, Callable[[Writer, Any, Where], Any]] = {
    nodes.Move: move, nodes.Deal: deal, nodes.Shuffle: shuffle, nodes.Set: set_var,
    nodes.FirstPlayer: first_player, nodes.Eliminate: eliminate, nodes.Win: win, nodes.Lose: lose, nodes.Say: say,
    nodes.Let: let, nodes.Pass: nothing, nodes.Reveal: nothing, nodes.NewRound: new_round, nodes.Stop: stop,
    nodes.If: if_stmt, nodes.For: for_stmt, nodes.Repeat: repeat, nodes.While: while_stmt, nodes.Do: do,
    nodes.Choose: choose,
}
