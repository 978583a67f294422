"""A playout's `on move` triggers (compiler/playout.py): after a lone card's move, the first trigger that listens
to it written in place (as moving.fire runs it), and which triggers an `afterwards` trial may run.

The engine fires a trigger only when a move's cards are one card: it tries the triggers of the destination
zone in the order they are declared (those an option switches off are gone) and runs the first whose source
zone and condition hold, its name bound to the card, then goes on after the move. A playout writes the same
as an if/elif chain right after the move. A trigger that may set itself off again (directly or through
another) cannot be written in place: such rules are written as a machine (playout_machine.py), where the
triggers of each zone are a function, called after the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..language import nodes
from .playout_exprs import IDENTIFIER, Env, Searched, Unsupported
from .playout_machine import apart

if TYPE_CHECKING:
    from .compiler import Compiler


NESTED = 6  # the most triggers written one inside another (each is written in place: the code doubles at worst)
NESTING = 100  # a machine's trigger functions running one inside another, at most (deeper: the engine plays it)


def destination(st: nodes.Move) -> str:
    """The name of the zone (or zone family, or grid) a move's cards go to."""
    return st.destination.id if isinstance(st.destination, nodes.Name) else getattr(st.destination, "func", "")


def listening(c: "Compiler", zone: str) -> list[nodes.TriggerDecl]:
    """The triggers that may run after a move into `zone`, in the order the engine tries them (those an
    option switches off are gone: procedures.build_program)."""
    return [d for d in c.trigger_decls if d.zone == zone]


def zone_name(e: nodes.Expr) -> str | None:
    """The zone's name in `deck`, `hand(p)`, `columns(t)`, or None."""
    match e:
        case nodes.Name(name) | nodes.Call(name, (_,)):
            return name
    return None


def fire(w: Any, card: str, source: str | None, zone: str, where: Any) -> None:
    """After a lone card (the code `card`) moved into `zone` from the zone named `source` (None: not known
    where the writer stands): the first listening trigger whose source and condition hold, in place."""
    triggers = listening(w.c, zone)
    if not triggers:
        return
    if w.machine:
        called(w, card, source, zone)
        return
    local = w.x.fresh("c")
    w.line(f"{local} = {card}")
    body = attrs.evolve(where, breakable=False, turn_ends=False, zones={}, zone_names={}, repeats_unchanged=False)

    def written(decl: nodes.TriggerDecl, env: Env) -> None:
        if any(decl is running for running in w.firing):
            raise Searched("an `on move` trigger that may set itself off")
        w.firing.append(decl)
        in_setup, w.in_setup = w.in_setup, False  # (the engine writes trigger bodies after the set-up's)
        w.block(decl.body, attrs.evolve(body, env=env))
        w.in_setup = in_setup
        w.firing.pop()
    chain(w, zone, source, local, written)


def chain(w: Any, zone: str, source: str | None, card: str, body: Callable[[nodes.TriggerDecl, Env], None]) -> bool:
    """The triggers listening to a lone card's move into `zone` from `source`, as an if/elif chain in the order
    moving.fire tries them (their names bound to the code `card`); `body(trigger, env)` writes each one's body,
    one level in. Whether any trigger was written."""
    keyword = "if"
    for decl in listening(w.c, zone):
        if decl.source is not None and source is None:
            raise Unsupported("an `on move ... from` trigger after a move from a zone not known here")
        if decl.source is not None and decl.source != source:
            continue
        env = Env().bind(decl.var, card)
        w.line(f"{keyword} {'True' if decl.condition is None else w.x.expr(decl.condition, env)}:")
        keyword = "elif"
        w.depth += 1
        body(decl, env)
        w.depth -= 1
        if decl.condition is None:
            break
    return keyword != "if"


def called(w: Any, card: str, source: str | None, zone: str) -> None:
    """A machine's `fire`: the call of the triggers' function for the zone and the source, the record passed on
    when the game ended in it."""
    name = w.triggers.get((zone, source))
    if name is None:
        words = f"{zone}_{source or ''}"  # (the grammar's names; anything else is not written as code)
        name = w.triggers[zone, source] = f"t_{words if IDENTIFIER.fullmatch(words) else ''}{len(w.triggers)}"
        w.triggers_wanted.append((zone, source))
    ended = w.x.fresh("e")
    w.line(f"{ended} = {name}({card})")
    w.line(f"if {ended} is not None:")
    w.line(f"    return {ended}")


def functions(w: Any, spend: Callable, where: Any) -> None:
    """A machine's trigger functions called so far (their bodies may call more), each running the first trigger
    of its zone whose source and condition hold, as moving.fire does; `spend` counts a body's steps, `where`
    is where the bodies are written (their names aside)."""
    w.in_setup = False
    while w.triggers_wanted:
        zone, source = w.triggers_wanted.pop(0)
        card = w.x.fresh("c")

        def write(zone: str = zone, source: str | None = source, card: str = card) -> None:
            w.line("TD += 1")
            w.line(f"if TD > {NESTING}: raise UNPLAYABLE('triggers set off by triggers, too deep')")
            w.line("try:")
            w.depth += 1

            def written(decl: nodes.TriggerDecl, env: Env) -> None:
                spend(w, decl.body)
                w.block(decl.body, attrs.evolve(where, env=env))
            if not chain(w, zone, source, card, written):
                w.line("pass")
            w.depth -= 1
            w.line("finally:")
            w.line("    TD -= 1")
        apart(w, f"def {w.triggers[zone, source]}({card}):", write)


def fires(c: "Compiler", body: tuple) -> bool:
    """Whether a move of `body` (its own statements) may set off a trigger."""
    return any(isinstance(st, nodes.Move) and listening(c, destination(st)) for st in body)


# What an `afterwards` trial may run of a trigger's body: statements that change zones and variables (put back
# after the trial) and nothing that decides, ends the game or the round, changes the turn player or loops.
_TRIAL_SAFE = (nodes.Move, nodes.Deal, nodes.Set, nodes.Say, nodes.If, nodes.Let, nodes.Pass, nodes.Reveal,
               nodes.Shuffle, nodes.Do)


def check_trial(c: "Compiler", body: tuple, running: tuple = ()) -> None:
    """Raise Unsupported unless a body, the actions it does and the triggers its moves may set off hold only
    _TRIAL_SAFE statements (`running`: the triggers whose bodies hold this one)."""
    for st in nodes.statements(body):
        if not isinstance(st, _TRIAL_SAFE):
            raise Searched("an `afterwards` trial setting off a trigger that decides, loops or ends something")
        if isinstance(st, nodes.Do):
            for inner in action_bodies(c, st):  # (the checker rules out cycles of actions)
                check_trial(c, inner, running)
        elif isinstance(st, nodes.Move):
            for trigger in listening(c, destination(st)):
                if any(trigger is r for r in running):
                    raise Searched("an `on move` trigger that may set itself off")
                check_trial(c, trigger.body, (*running, trigger))


def action_bodies(c: "Compiler", st: nodes.Do) -> list[tuple]:
    """The bodies an action may run: its own, or each of its clauses' (`action name(x, k) by k:`)."""
    decl = c.sym.actions[st.name]
    return [decl.body] if isinstance(decl, nodes.ActionDecl) else [clause.body for clause in decl.clauses]
