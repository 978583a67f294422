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
`on move` triggers: playout_triggers.py, secret simultaneous choices) and raises Unsupported for the rest.
This module writes the statements; playout_writer.py holds the writer and the zones as code, playout_choices.py
the choices, playout_exprs.py the expressions, playout_game.py the function around them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..language import nodes
from .playout_choices import choose, chosen, kept_test, listed_and_drawn
from .playout_exprs import Env, Searched, Unsupported
from .playout_triggers import NESTED, action_bodies, destination, fire, listening, zone_name
from .playout_writer import Where, Writer, card_source, forgetting, opening, opening_slot, resets, without, zone_code
from .quiet import cannot_fail, words_parts

if TYPE_CHECKING:
    from .compiler import Compiler


def writer(c: "Compiler") -> Writer:
    """A writer of the playout's statements (this module's table; the choices are playout_choices.py's)."""
    return Writer(c, STATEMENTS)


# ---- moves, deals, shuffles ---------------------------------------------------------------------------
def move(w: Writer, st: nodes.Move, where: Where) -> None:
    """`move CARDS to ZONE`: the cards taken from where they lie and put, then a trigger that listens to a lone
    card's move (playout_triggers.py)."""
    zone = destination(st)
    w.line("zv += 1")  # a card moves (the listings kept by listed_once are stale)
    if _is_grid(w, st.destination):
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
    if drawn_from is not None:  # a draw: the top card
        source, at = drawn_from
        src, m = zone_code(w, source, at), w.x.fresh("m")
        w.line(f"{m} = {src}.pop()")
        put_card(w, dest, slot, m, st.bottom)
        return m, None, zone_name(source)
    match st.cards:
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
        put_card(w, dest, slot, m, st.bottom)
        return m, None, where.zone_names.get(st.cards.id)
    w.line(f"if {m}.__class__ is Card:")
    w.line(f"    TAKE_CARD(Z, {m})")
    w.depth += 1
    put_card(w, dest, slot, m, st.bottom, noted=False)  # (noted below with the list's cards)
    w.depth -= 1
    w.line(f"    {m} = [{m}]")
    w.line("else:")
    w.line(f"    {m} = AS_LIST({m})")
    w.line(f"    TAKE_CARDS(Z, {m})")
    opens(w, dest, slot, m, "    ")
    w.line("    " + put.format(d=dest, m=m))
    moved(w, m, False)
    return f"{m}[0]", f"len({m}) == 1", None


def put_card(w: Writer, dest: str, slot: str | None, card: str, bottom: bool, noted: bool = True) -> None:
    """One card taken already, put on top of (or under) the zone `dest`, opening it if it opens in order;
    `noted`: what the move keeps for the card is written too (moved)."""
    opens(w, dest, slot, None)
    w.line(f"{dest}.insert(0, {card})" if bottom else f"{dest}.append({card})")
    if noted:
        moved(w, card, True)


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
            named = zone_name(zone)
            return (zone, where) if named in w.c.zone_specs or named in w.c.families else None
        case nodes.Name(name) if name not in where.env.names and name in w.c.sym.defs \
                and not w.c.sym.defs[name].params:
            return top_of(w, w.c.sym.defs[name].body, Where())
    return None


def _is_grid(w: Writer, zone: nodes.Expr) -> bool:
    name = zone_name(zone)
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
    w.depth += 2
    moved(w, "z[-1]", True)
    w.depth -= 2


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
    """What of a `say` part may fail to be worked out (quiet.py); of `words`, only the parts that may."""
    if cannot_fail(w.c, e, where.env.names):
        return []
    if (parts := words_parts(w.c, e)) is not None:
        return [part for arg in parts for part in risky_parts(w, arg, where)]
    return [e]


def moved(w: Writer, cards: str, one: bool) -> None:
    """What a move does for each card it moved (percard.move_hook): who moved it, for rules that read
    `mover(card)` (nobody in the set-up, else the turn player), then its values of `reset on move` variables
    back to their initial one. `one`: `cards` is a single card, else a list."""
    writes = [f"V[mb + {{0}}] = {'NOTHING' if w.in_setup else 'SEATS[me]'}"] if w.c.records_movers else []
    writes += [f"V[{w.x.var_slot(name, ['{0}'])}] = {initial}" for name, initial in resets(w)]
    if one:
        for write in writes:
            w.line(write.format(cards))
    elif writes:
        w.line(f"for c in {cards}:")
        for write in writes:
            w.line("    " + write.format("c"))


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
    inner = forgetting(w, st.body, without(where, {st.var}))
    w.indented(st.body, attrs.evolve(inner, env=where.env.bind_loop(st.var, v), breakable=False, turn_ends=False,
                                     repeats_unchanged=False))


def loop(w: Writer, test: str, body: tuple, where: Where) -> None:
    """`repeat` and `while`: each round counts against the steps a game may take between two decisions."""
    w.line(f"while {test}:")
    spend(w, body, "    ")
    w.indented(body, attrs.evolve(forgetting(w, body, where), breakable=True, turn_ends=False,
                                  repeats_unchanged=repeats_unchanged(body)))


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
    (the checker rules out cycles of actions; a machine's triggers are functions, which count their own)."""
    steps = 2
    for st in nodes.statements(body):
        steps += 2
        if isinstance(st, nodes.Do) and depth < 20:
            steps += sum(cost(w, inner, depth + 1, running) for inner in action_bodies(w.c, st))
        elif isinstance(st, nodes.Move):
            for trigger in listening(w.c, destination(st)):
                if w.machine:  # (a call: the trigger's function counts its own steps)
                    steps += 2
                    continue
                if any(trigger is r for r in running):
                    raise Searched("an `on move` trigger that may set itself off")
                if len(running) >= NESTED:
                    raise Searched("triggers set off by triggers, too deep")
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


def simultaneously(w: Writer, st: nodes.Simultaneous, where: Where) -> None:
    """`simultaneously for p in PLAYERS: choose ...` (engine/secret.py): each listed player not out chooses in
    turn on the same game, then the chosen options' bodies run in the list's order, each with `me` and `p` its
    player (one put out by an earlier body skipped), and the turn player is `me` again."""
    if w.in_secret:  # (in a body, an action it does or a trigger it sets off: the engine's error)
        raise Unsupported("a 'simultaneously' inside another")
    if w.machine:
        raise Unsupported("a 'simultaneously' in rules that search the rest of a turn")
    seats, picks, turn, seat, p = (w.x.fresh(x) for x in ("ss", "sc", "st", "sp", "p"))
    w.line(f"{seats} = SECRET_SEATS({w.expr(st.players, where)}, n, out)")
    w.line(f"{turn}, {picks} = me, []")
    w.line(f"for me in {seats}:")
    w.depth += 1
    w.line(f"{p} = SEATS[me]")
    inner = attrs.evolve(where, env=where.env.bind(st.var, p), breakable=False, turn_ends=False,
                         repeats_unchanged=False)
    options = listed_and_drawn(w, st.body[0], inner, chooser=st.var)
    w.line(f"{picks}.append(o)")
    w.depth -= 1
    w.line(f"for {seat}, o in zip({seats}, {picks}):")
    w.depth += 1
    w.line(f"if out[{seat}]: continue")
    w.line(f"me, {p} = {seat}, SEATS[{seat}]")
    spend(w, tuple(stmt for option in st.body[0].options for stmt in option.body))  # (each body counts)
    w.in_secret = True
    chosen(w, options, inner)
    w.in_secret = False
    w.line(f"if me != {seat}: raise UNPLAYABLE('a turn player set while secret choices are carried out')")
    w.depth -= 1
    w.line(f"me = {turn}")


STATEMENTS: dict[type, Callable[[Writer, Any, Where], Any]] = {
    nodes.Move: move, nodes.Deal: deal, nodes.Shuffle: shuffle, nodes.Set: set_var,
    nodes.FirstPlayer: first_player, nodes.Eliminate: eliminate, nodes.Win: win, nodes.Lose: lose, nodes.Say: say,
    nodes.Let: let, nodes.Pass: nothing, nodes.Reveal: nothing, nodes.NewRound: new_round, nodes.Stop: stop,
    nodes.If: if_stmt, nodes.For: for_stmt, nodes.Repeat: repeat, nodes.While: while_stmt, nodes.Do: do,
    nodes.Choose: choose, nodes.Simultaneous: simultaneously,
}
