"""Statements -> engine instructions: each statement compiler emits closures `State -> next pc` into the program."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import attrs

from ..diagnostics import Span
from ..engine import events, knowledge, percard
from ..engine import secret as secrets
from ..engine.specs import (
    PAUSE,
    BinderSpec,
    Decision,
    GuardSpec,
    OptionSpec,
    RuleFailure,
    SecretSpec,
)
from ..engine.state import State
from ..engine.table_values import as_seats
from ..language import nodes
from ..language.symbols import place
from ..limits import MAX_HELD_LIST, MAX_NUMBER
from ..values import NOTHING, Card, Seat, is_seat
from . import moving, trials, visibility
from .enumeration import as_list, candidate_lister
from .moving import Onward
from .quiet import cannot_fail
from .runtime import Trigger
from .scope import Label, Scope

if TYPE_CHECKING:
    from .compiler import Compiler


@attrs.frozen
class _Lister:
    """What an option's lister is written from (enumeration.candidate_lister), kept until the rest of the
    turn is placed: only then is it known whether the option's moves can be tried in place."""

    option: nodes.Option
    sc: Scope
    slots: list[int]
    guards: list[tuple[nodes.Guard, GuardSpec]]
    hides: tuple[bool, ...]
    index: int


def _jump(c: "Compiler", label: Label, span: Span) -> None:
    """Emit a plain jump to a label, noted in `Compiler.onward`."""
    def jump(s: State) -> int:
        return label.pc
    c.onward[c.emit(jump, span)] = Onward(None, label)




def _is_seat(s: State, value) -> bool:
    """A seat of this game: a Seat or a seat's number (never a card, a truth value or anything else)."""
    return is_seat(value, s.n)


def _seat(s: State, value, what: str = "the next player") -> int:
    """The seat a `first player:` or `next player:` names; anything else stops the game with a message."""
    if not _is_seat(s, value):
        raise RuleFailure(f"{what} must be a seat from 0 to {s.n - 1}, not {s.game.describe(value)}")
    return int(value)


def _seats(s: State, value, what: str) -> list:
    """The players a `win` or `eliminate` names (a seat or a list of seats); anything else, such as cards,
    stops the game with a message naming the value, rather than making a card's number a winner."""
    if value.__class__ is Seat and 0 <= value < s.n:  # `eliminate me`: one seat, checked without the general tests
        return [value]
    seats = as_list(value)
    for p in seats:
        if not _is_seat(s, p):
            raise RuleFailure(f"'{what}' needs players (seats from 0 to {s.n - 1}), not {s.game.describe(value)}")
    return seats


def eliminate(c: "Compiler", st: nodes.Eliminate, sc: "Scope", loop_exit) -> None:
    who = c.expr(st.player, sc)
    nxt = Label()

    def eliminate(s: State) -> int:
        for p in _seats(s, who(s, s.locals), "eliminate"):
            if not s.eliminated[p]:
                s.eliminated[p] = True
                s.aver += 1
                if not s.quiet:  # a quiet game writes no event: no sentence to format (~0.7 us)
                    events.notice(s, "out", f"{Seat(p)!r} is out")
        return nxt.pc
    c.emit(eliminate, st.span)
    nxt.pc = c.here()


def set_var(c: "Compiler", st: nodes.Set, sc: "Scope", loop_exit) -> None:
    value = c.expr(st.value, sc)
    nxt = Label()
    match st.target:
        case nodes.Name(name) if (fixed := _fixed_value(c, st.value, sc)) is not _UNFIXED:
            slot = c.var_specs[name].index

            def assign(s: State) -> int:  # `set drawn = false`: nothing to work out at each turn
                s.vars[slot] = fixed
                s.vver[slot] += 1
                return nxt.pc
        case nodes.Name(name):
            slot = c.var_specs[name].index

            def assign(s: State) -> int:
                held = value(s, s.locals)
                kind = held.__class__  # _held bounds lists and numbers (a number in bounds needs no call)
                if kind is list or kind is int and not -MAX_NUMBER <= held <= MAX_NUMBER:
                    held = _held(held, name)
                s.vars[slot] = held
                s.vver[slot] += 1
                return nxt.pc
        case nodes.Call(name, args):
            slot = c.var_slot(name, [c.expr(a, sc) for a in args])

            def assign(s: State) -> int:
                held = _held(value(s, s.locals), name)  # the value first, then the slot, as an assignment does
                where = slot(s, s.locals)
                s.vars[where] = held
                s.vver[where] += 1
                return nxt.pc
        case _:
            raise AssertionError(st.target)
    c.emit(assign, st.span)
    nxt.pc = c.here()


_UNFIXED = object()


def _fixed_value(c: "Compiler", e: nodes.Expr, sc: "Scope") -> object:
    """The value of an expression fixed once the options are chosen, if it is one a variable may hold as it
    is, shared by every state (no list, a number in bounds); `_UNFIXED` otherwise."""
    if any(isinstance(node, nodes.Name) and node.id in sc.names for node in nodes.walk(e)):
        return _UNFIXED  # a name bound here is not the declaration of that name
    known, value = c.constant(e)
    if not known:
        return _UNFIXED
    if value is NOTHING or value.__class__ in (bool, str, Seat, Card) or (
            value.__class__ is int and abs(value) <= MAX_NUMBER):
        return value
    return _UNFIXED


def _held(value, name: str):
    """The value a variable is set to, if it is in bounds: a list or a number that doubles each turn would
    fill the memory before anything else stopped it (limits.py)."""
    if value.__class__ is list and len(value) > MAX_HELD_LIST:
        raise RuleFailure(f"'{name}' would hold a list of {len(value)} values; a variable holds at most "
                          f"{MAX_HELD_LIST:,}")
    if value.__class__ is int and abs(value) > MAX_NUMBER:
        raise RuleFailure(f"'{name}' would hold a number beyond ±{MAX_NUMBER:,}")
    return value


def reset(c: "Compiler", st: nodes.Reset, sc: "Scope", loop_exit) -> None:
    spec = c.var_specs[st.name]
    nxt = Label()

    def reset(s: State) -> int:
        percard.reset(s, spec)
        s.vars_changed()
        return nxt.pc
    c.emit(reset, st.span)
    nxt.pc = c.here()


def first_player(c: "Compiler", st: nodes.FirstPlayer, sc: "Scope", loop_exit) -> None:
    who = c.expr(st.player, sc)
    nxt = Label()

    def first(s: State) -> int:
        s.me = _seat(s, who(s, s.locals), "the first player")
        return nxt.pc
    c.emit(first, st.span)
    nxt.pc = c.here()


def win(c: "Compiler", st: nodes.Win, sc: "Scope", loop_exit) -> None:
    who = c.expr(st.players, sc)
    here = c.here()

    def win(s: State) -> int:
        winners = _seats(s, who(s, s.locals), "win")
        if s.game.sides is not None:  # a win is the whole side's
            winners = [q for p in winners for q in s.side(p)]
        s.winners = sorted({int(p) for p in winners})
        s.terminal = True
        s.pc = here
        return PAUSE
    c.emit(win, st.span)


def say(c: "Compiler", st: nodes.Say, sc: "Scope", loop_exit) -> None:
    parts = [_seated(c.expr(p, sc)) if place(p.span) in c.sym.seat_says else c.expr(p, sc) for p in st.parts]
    to = c.expr(st.to, sc) if st.to is not None else None
    # A quiet game writes no sentence, but works out every part that could fail, so that it stops where a
    # game told aloud would (quiet.py says which parts cannot).
    risky = [part for part, e in zip(parts, st.parts) if not cannot_fail(c, e, sc.names)]
    nxt = Label()

    def say(s: State) -> int:
        seats = None
        if to is not None:
            seats = as_list(to(s, s.locals))
            for p in seats:
                if not _is_seat(s, p):
                    raise RuleFailure(f"'say ... to' tells seats from 0 to {s.n - 1}, not {s.game.describe(p)}")
        if s.quiet:
            for p in risky:
                p(s, s.locals)
        else:
            events.said(s, [p(s, s.locals) for p in parts], seats)
        return nxt.pc
    say.risky = len(risky)  # how many parts a quiet game works out (tests read it)
    c.emit(say, st.span)
    nxt.pc = c.here()


def _seated(part: Callable) -> Callable:
    """A `say` part the checker found to give seats: a seat worked out as a number is written `P1`, not `1`."""
    return lambda s, f: as_seats(part(s, f))


def reveal(c: "Compiler", st: nodes.Reveal, sc: "Scope", loop_exit) -> None:
    cards, players = c.expr(st.cards, sc), c.expr(st.players, sc)
    nxt = Label()

    def reveal(s: State) -> int:
        shown = as_list(cards(s, s.locals))
        if any(card is not NOTHING and not isinstance(card, Card) for card in shown):
            raise RuleFailure(f"'reveal' shows cards, not {s.game.describe(shown)}")
        seats = as_list(players(s, s.locals))
        for p in seats:
            if not _is_seat(s, p):
                raise RuleFailure(f"'reveal' shows cards to seats from 0 to {s.n - 1}, not {s.game.describe(p)}")
        knowledge.reveal(s, shown, seats)
        return nxt.pc
    c.emit(reveal, st.span)
    nxt.pc = c.here()


def nothing(c: "Compiler", st, sc: "Scope", loop_exit) -> None:
    """`pass` emits no instruction."""


def new_round(c: "Compiler", st: nodes.NewRound, sc: "Scope", loop_exit) -> None:
    start = c.round_label

    def new_round(s: State) -> int:
        ended = None if s.quiet else s.clone()  # the round as it ended, for a summary before the new deal
        if s.secret is not None:  # a new round from a chosen body: the bodies not run yet are dropped
            s.me, s.secret = s.secret.turn_player, None
        s.eliminated = [False] * s.n
        s.aver += 1
        s.stack.clear()
        events.notice(s, "round", "A new round begins", ended)
        return start.pc
    c.emit(new_round, st.span)


def stop(c: "Compiler", st: nodes.Stop, sc: "Scope", loop_exit: Label | None) -> None:
    if loop_exit is None:  # only rules the checker did not pass get here (E250 refuses them)
        raise AssertionError(f"'stop' outside 'repeat' or 'while' at line {st.span.line}: check the rules first")
    _jump(c, loop_exit, st.span)


def if_stmt(c: "Compiler", st: nodes.If, sc: "Scope", loop_exit) -> None:
    end = Label()
    for index, (cond_e, body) in enumerate(st.branches):
        known, value = c.constant(cond_e)
        if known:  # an option decides it: build only the branch taken
            if value:
                block(c, body, sc, loop_exit)
                end.pc = c.here()
                return
            continue
        cond, skip = c.expr(cond_e, sc), Label()
        nxt = c.here() + 1
        c.emit(lambda s, cond=cond, skip=skip, nxt=nxt: nxt if cond(s, s.locals) else skip.pc, cond_e.span)
        block(c, body, sc, loop_exit)
        _jump(c, end, st.span)
        skip.pc = c.here()
    block(c, st.otherwise, sc, loop_exit)
    end.pc = c.here()


def end_check(c: "Compiler", decl: nodes.EndDecl, sc: "Scope") -> None:
    """`end when COND: BODY` runs as `if COND: BODY`, and tells the state's tracer when COND holds."""
    known, value = c.constant(decl.condition)
    if known:  # an option decides it, as in `if`
        if value:
            block(c, decl.body, sc, None)
        return
    cond, skip, end, span = c.expr(decl.condition, sc), Label(), Label(), decl.span
    nxt = c.here() + 1

    def end_when(s: State) -> int:
        if cond(s, s.locals):
            if s.tracer is not None:
                s.tracer.end_held(s, span)
            return nxt
        return skip.pc
    c.emit(end_when, decl.condition.span)
    block(c, decl.body, sc, None)
    _jump(c, end, decl.span)
    skip.pc = end.pc = c.here()


def for_stmt(c: "Compiler", st: nodes.For, sc: "Scope", loop_exit) -> None:
    source = c.expr(st.source, sc)
    items, index = c.frame.alloc(), c.frame.alloc()
    inner, var = sc.bind(st.var)
    end = Label()

    def start(s: State) -> int:
        s.locals[items] = list(as_list(source(s, s.locals)))
        s.locals[index] = 0
        return head
    head = c.emit(start, st.span) + 1

    def step(s: State) -> int:
        i = s.locals[index]
        if i >= len(s.locals[items]):
            return end.pc
        s.locals[var] = s.locals[items][i]
        s.locals[index] = i + 1
        return head + 1
    c.emit(step, st.span)
    block(c, st.body, inner, loop_exit)
    c.emit(lambda s: head, st.span)
    end.pc = c.here()


def while_stmt(c: "Compiler", st: nodes.While, sc: "Scope", loop_exit) -> None:
    cond, end = c.expr(st.condition, sc), Label()
    head = c.here()
    c.emit(lambda s: head + 1 if cond(s, s.locals) else end.pc, st.span)
    block(c, st.body, sc, end)
    c.emit(lambda s: head, st.span)
    end.pc = c.here()


def lose(c: "Compiler", st: nodes.Lose, sc: "Scope", loop_exit) -> None:
    here = c.here()

    def lose(s: State) -> int:
        s.winners = []
        s.terminal = True
        s.pc = here
        return PAUSE
    c.emit(lose, st.span)


def repeat(c: "Compiler", st: nodes.Repeat, sc: "Scope", loop_exit) -> None:
    head, end = c.here(), Label()
    block(c, st.body, sc, end)
    c.emit(lambda s: head, st.span)
    end.pc = c.here()


def choose(c: "Compiler", st: nodes.Choose, sc: "Scope", loop_exit, chooser: str | None = None) -> None:
    """`chooser`: the name that is the chooser besides `me` (a `simultaneously`'s, visibility.binders_hide)."""
    here = c.here()

    def pause(s: State) -> int:
        s.pc = here
        return PAUSE
    c.emit(pause, st.span)
    end = Label()
    options = []
    for index, option in enumerate(st.options):
        inner, binders, last = sc, [], frozenset()  # last: the binder whose every value re-runs what follows
        for binder in option.binders:
            source = c.expr(binder.source, inner, last)
            inner, slot = inner.bind(binder.var)
            last = frozenset({binder.var})
            binders.append(BinderSpec(slot, lambda s, f, source=source: as_list(source(s, f))))
        kept = [g for g in option.guards if c.constant(g.when) != (True, False)]
        guards = tuple(_guard(c, g, inner, last) for g in kept)
        hides = visibility.binders_hide(option.binders, c.sym, chooser)
        if not option.fallback:  # written once the rest of the turn is placed (_with_straight_moves)
            c.listers[here, index] = _Lister(option, sc, [b.slot for b in binders], list(zip(kept, guards)), hides,
                                             index)
        body_pc = c.here()
        block(c, option.body, inner, loop_exit)
        _jump(c, end, option.span)
        options.append(OptionSpec(option.name, tuple(binders), guards, body_pc, option.span, hides,
                                  fallback=option.fallback))
    end.pc = c.here()
    c.decisions[here] = Decision(tuple(options), st.span, st.prompt or "")


def let(c: "Compiler", st: nodes.Let, sc: "Scope", loop_exit) -> Scope:
    """`let NAME = EXPR`: the value goes to a new local slot, which names NAME in the rest of the block."""
    value = c.expr(st.value, sc)
    inner, slot = sc.bind(st.name)
    nxt = Label()

    def let(s: State) -> int:
        s.locals[slot] = value(s, s.locals)
        return nxt.pc
    c.emit(let, st.span)
    nxt.pc = c.here()
    return inner


def simultaneous(c: "Compiler", st: nodes.Simultaneous, sc: "Scope", loop_exit) -> None:
    """The start (who chooses, the first asked), the `choose` made secret, then the reveal step where each
    chosen body ends and the next begins (engine/secret.py runs them)."""
    players = c.expr(st.players, sc)
    inner, slot = sc.bind(st.var)
    after = Label()
    choose_pc = c.here() + 1

    def start(s: State) -> int:
        return choose_pc if secrets.start(s, players(s, s.locals), choose_pc, slot) else after.pc
    c.emit(start, st.span)
    choose(c, st.body[0], inner, None, chooser=st.var)
    reveal_pc = c.here()  # where the choose's options end

    def reveal(s: State) -> int:
        body = secrets.next_body(s, slot)
        return after.pc if body is None else body
    c.emit(reveal, st.span)
    after.pc = c.here()
    c.decisions[choose_pc] = attrs.evolve(c.decisions[choose_pc], secret=SecretSpec(slot, reveal_pc))


def do(c: "Compiler", st: nodes.Do, sc: "Scope", loop_exit) -> None:
    """An action is inlined where it is done (the checker rules out cycles): its parameters get
    fresh local slots, and its body sees them and the file's names, never the caller's locals."""
    decl = c.sym.actions[st.name]
    values = [c.expr(a, sc) for a in st.args]
    inner, slots = Scope(c.frame), []
    for param in decl.params:
        inner, slot = inner.bind(param)
        slots.append(slot)
    nxt = Label()

    def enter(s: State) -> int:
        f = s.locals
        given = [value(s, f) for value in values]  # all read before any is bound
        for slot, value in zip(slots, given):
            f[slot] = value
        return nxt.pc
    c.emit(enter, st.span)
    nxt.pc = c.here()
    if isinstance(decl, nodes.ActionDecl):
        block(c, decl.body, inner)
    else:
        _case_action(c, decl, inner, slots[decl.params.index(decl.key)])


def _case_action(c: "Compiler", decl: nodes.CaseActionDecl, sc: "Scope", key_slot: int) -> None:
    """Jump to the clause for the key's value; each clause rejoins after the last."""
    end = Label()
    clauses = {c.syms[clause.key]: Label() for clause in decl.clauses}
    name = decl.name  # the name alone: the game keeps this function, and never the rules' syntax tree

    def dispatch(s: State) -> int:
        label = clauses.get(s.locals[key_slot])
        if label is None:
            raise RuleFailure(f"'{name}' has no clause for {s.game.describe(s.locals[key_slot])}")
        return label.pc
    c.emit(dispatch, decl.span)
    for clause in decl.clauses:
        clauses[c.syms[clause.key]].pc = c.here()
        block(c, clause.body, sc)
        _jump(c, end, clause.span)
    end.pc = c.here()


def _guard(c: "Compiler", g: nodes.Guard, sc: "Scope", varying: frozenset = frozenset()) -> GuardSpec:
    """A guard is worked out for every candidate: `varying` names the binder that changes between two."""
    always = g.when is None or c.constant(g.when) == (True, True)
    spec = c.guard_specs[id(g)] = GuardSpec(c.expr(g.condition, sc, varying), g.afterwards, g.span,
                                            None if always else c.expr(g.when, sc, varying), _test(c, g, sc))
    return spec


def _test(c: "Compiler", g: nodes.Guard, sc: "Scope") -> int | None:
    """The number of an afterwards guard's condition (GuardSpec.test): the same for equal conditions (the syntax
    tree, places aside) that read no local name, whose value at the end of the turn is then the same."""
    if not g.afterwards or any(isinstance(node, nodes.Name) and (node.id in sc.names or node.id == "it")
                               for node in nodes.walk(g.condition)):
        return None
    return c.guard_tests.setdefault(g.condition, len(c.guard_tests))


STATEMENTS = {
    nodes.Move: moving.move, nodes.Deal: moving.deal, nodes.Shuffle: moving.shuffle, nodes.Eliminate: eliminate,
    nodes.Set: set_var, nodes.FirstPlayer: first_player, nodes.Win: win, nodes.Lose: lose, nodes.Pass: nothing,
    nodes.Stop: stop, nodes.NewRound: new_round, nodes.Say: say, nodes.Reveal: reveal, nodes.If: if_stmt,
    nodes.For: for_stmt, nodes.Repeat: repeat, nodes.While: while_stmt, nodes.Choose: choose, nodes.Do: do,
    nodes.Let: let, nodes.Simultaneous: simultaneous,
    nodes.Reset: reset,
}


def block(c: "Compiler", body, sc: Scope, loop_exit: Label | None = None) -> None:
    """Compile the statements of a body in order, each by the compiler for its kind."""
    for stmt in body:
        start = c.here()
        after = STATEMENTS[type(stmt)](c, stmt, sc, loop_exit) or sc  # a `let` gives the scope after it
        c.blamer.note(start, stmt, sc)
        sc = after


def build_program(c: "Compiler") -> dict[str, int]:
    """Lay out setup, round setup, then the turn loop (turn, turn end, after turn, end checks,
    next player), then the bodies of the triggers."""
    sc = Scope(c.frame)
    procs = {d.kind: d for d in c.rules.declarations if isinstance(d, nodes.ProcedureDecl)}
    triggers = [d for d in c.rules.declarations if isinstance(d, nodes.TriggerDecl)
                and c.constant(d.condition) != (True, False)]  # switched off by an option
    c.trigger_decls, c.triggers = triggers, [_trigger(c, d, sc) for d in triggers]
    c.round_label = Label()
    setup_pc = c.here()
    c.in_setup = True  # the cards setup moves are moved by nobody (`mover` is none)
    if "setup" in procs:
        block(c, procs["setup"].body, sc)
    c.round_label.pc = c.here()
    if "round setup" in procs:
        block(c, procs["round setup"].body, sc)
    c.in_setup = False
    turn = procs["turn"]
    turn_pc = c.emit(_begin_turn(c.here() + 1), turn.span)
    block(c, turn.body, sc)
    turn_end_pc = c.emit(lambda s: turn_end_pc + 1, turn.span)
    if "after turn" in procs:
        block(c, procs["after turn"].body, sc)
    for decl in c.rules.declarations:
        if isinstance(decl, nodes.EndDecl):
            end_check(c, decl, sc)
    _next_player(c, sc, turn_pc)
    for decl, trigger in zip(triggers, c.triggers):
        trigger.body.pc = c.here()
        inner = attrs.evolve(sc, names={**sc.names, decl.var: trigger.slot})
        block(c, decl.body, inner)
        c.emit(_return, decl.span)
    c.decisions = {pc: _with_straight_moves(c, pc, decision, turn_end_pc) for pc, decision in c.decisions.items()}
    return {"setup_pc": setup_pc, "turn_pc": turn_pc, "turn_end_pc": turn_end_pc}


def _with_straight_moves(c: "Compiler", pc: int, decision: Decision, turn_end_pc: int) -> Decision:
    """The decision with each option's straight moves worked out, now that every label is placed, and
    its listers, which make a lone straight move of a bound card themselves (trials.py)."""
    options = []
    for index, option in enumerate(decision.options):
        moves = straight_moves(c, option.body_pc, turn_end_pc)
        straight = None if moves is None else tuple(onward.move for onward in moves)
        lister = c.listers.pop((pc, index), None)
        if lister is not None:
            alone = moves[0] if moves is not None and len(moves) == 1 else None
            trial = None if alone is None else trials.plan(c, lister.option, lister.slots, lister.hides,
                                                           alone.statement, alone.scope)
            lister = candidate_lister(c, lister.option, lister.sc, lister.slots, lister.guards, lister.hides,
                                      lister.index, trial)
        options.append(attrs.evolve(option, straight=straight, lister=lister))
    return attrs.evolve(decision, options=tuple(options))


def straight_moves(c: "Compiler", pc: int, turn_end_pc: int) -> list[Onward] | None:
    """When the code from `pc` to the end of the turn does nothing but straight moves and plain
    jumps, those moves in order (OptionSpec.straight: the engine may judge an `afterwards` guard
    by making them in place; a lister makes a lone one itself, trials.py); otherwise None."""
    moves: list[Onward] = []
    seen = set()
    while pc != turn_end_pc and pc not in seen:
        seen.add(pc)
        onward = c.onward.get(pc)
        if onward is None:
            break
        if onward.move is not None:
            moves.append(onward)
        pc = onward.to.pc
    return moves if pc == turn_end_pc else None


def _trigger(c: "Compiler", decl: nodes.TriggerDecl, sc: "Scope") -> Trigger:
    inner, slot = sc.bind(decl.var)
    condition = c.expr(decl.condition, inner) if decl.condition is not None else None
    return Trigger(decl.source, decl.zone, slot, condition, decl.span)


def _return(s: State) -> int:
    resume, slot, saved = s.stack.pop()
    s.locals[slot] = saved
    return resume


def _begin_turn(nxt: int):
    def begin(s: State) -> int:
        s.turns += 1
        s.locals = [None] * len(s.locals)  # nothing bound in one turn leaks into the next
        return nxt
    return begin


def _next_player(c: "Compiler", sc: "Scope", turn_pc: int) -> None:
    decl = next((d for d in c.rules.declarations if isinstance(d, nodes.NextDecl)), None)
    if decl is not None:
        who = c.expr(decl.player, sc)

        def chosen(s: State) -> int:
            s.me = _seat(s, who(s, s.locals))
            return turn_pc
        c.emit(chosen, decl.span)
        return

    def next_active(s: State) -> int:
        n, out = s.n, s.eliminated
        p = s.me + 1
        for _ in range(n):  # from the next seat round the table (no modulo: one wrap at most)
            if p == n:
                p = 0
            if not out[p]:
                s.me = p
                return turn_pc
            p += 1
        raise RuleFailure("no active player is left to take the next turn")
    span = next(d.span for d in c.rules.declarations if isinstance(d, nodes.ProcedureDecl) and d.kind == "turn")
    c.emit(next_active, span)
