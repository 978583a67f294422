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
    StraightMove,
)
from ..engine.state import State
from ..engine.table_values import as_seats
from ..engine.zones import note_opened, visibility_of
from ..engine.zones.grid import as_cell
from ..language import nodes
from ..language.symbols import place
from ..limits import MAX_HELD_LIST, MAX_NUMBER
from ..values import NOTHING, Card, Seat
from . import trials, visibility
from .enumeration import as_list, candidate_lister
from .scope import Label, Scope

if TYPE_CHECKING:
    from .compiler import Compiler


@attrs.frozen
class Onward:
    """Where an instruction goes on, as far as the compiler can tell without running it: after a
    straight move (`move`), or by a plain jump (`move` is None). The compiler's table of these
    (`Compiler.onward`, by pc) is what `straight_moves` follows."""

    move: StraightMove | None
    to: Label
    statement: nodes.Move | None = None  # the move's statement and scope, for a lister's trial (trials.py)
    scope: Scope | None = None


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


class _Trigger:
    """An `on move` declaration: where it listens, its card's slot, its condition, its body."""

    __slots__ = ("source", "zone", "slot", "condition", "body", "span")

    def __init__(self, source, zone, slot, condition, span=None):
        self.source, self.zone, self.slot, self.condition = source, zone, slot, condition
        self.body = Label()
        self.span = span


def _take(s: State, card) -> int:
    """Remove a card from the zone holding it; return that zone's slot. `State.where` says where to
    look first; it is only a hint, checked by one test (a card is in exactly one zone), and worked
    out again from the zones when it is wrong (a deal, a swap, another state's moves)."""
    slot = s.where.get(card)
    if slot is not None:
        zone = s.zones[slot]
        if zone.__class__ is list:
            try:  # one scan finds and removes it (a test `card in zone` and a remove would scan twice)
                del zone[zone.index(card)]
                s.zver[slot] += 1  # every change of a zone slot bumps its version (the memo keyed by reads)
                return slot
            except ValueError:
                pass
        elif card in zone:  # a zone of another kind (a grid)
            zone.remove(card)
            s.zver[slot] += 1
            return slot
    slot = s.where_again(card)
    if slot < 0:
        raise RuleFailure(f"card {s.game.describe(card)} is in no zone")
    s.zones[slot].remove(card)
    s.zver[slot] += 1
    return slot


def _fire(s: State, triggers: list[_Trigger], card, from_slot: int, resume: int) -> int:
    """Enter the first trigger that listens to this move, remembering where to come back."""
    for trigger in triggers:
        if trigger.source is not None and s.game.zone_at(from_slot, s.n).name != trigger.source:
            continue
        saved = s.locals[trigger.slot]
        s.locals[trigger.slot] = card
        if trigger.condition is None or trigger.condition(s, s.locals):
            s.stack.append([resume, trigger.slot, saved])
            if s.tracer is not None:
                s.tracer.trigger_ran(s, trigger.span)
            return trigger.body.pc
        s.locals[trigger.slot] = saved
    return resume


def _is_seat(s: State, value) -> bool:
    """A seat of this game: a Seat or a seat's number (never a card, a truth value or anything else)."""
    return isinstance(value, int) and not isinstance(value, bool | Card) and 0 <= value < s.n


def _seat(s: State, value, what: str = "the next player") -> int:
    """The seat a `first player:` or `next player:` names; anything else stops the game with a message."""
    if not _is_seat(s, value):
        raise RuleFailure(f"{what} must be a seat from 0 to {s.n - 1}, not {s.game.describe(value)}")
    return int(value)


def _seats(s: State, value, what: str) -> list:
    """The players a `win` or `eliminate` names (a seat or a list of seats); anything else, such as cards,
    stops the game with a message naming the value, rather than making a card's number a winner."""
    seats = as_list(value)
    for p in seats:
        if not _is_seat(s, p):
            raise RuleFailure(f"'{what}' needs players (seats from 0 to {s.n - 1}), not {s.game.describe(value)}")
    return seats


def _take_all(s: State, moving: list, hidden_to: int = -1, watched: bool = True) -> int:
    """Take every card to move out of its zone; the slot the last one came from (-1 for none). With
    `hidden_to`, the slot of a destination some player may not see, those who could follow a card
    there keep knowing it (knowledge.follow); `watched` is False when the cards surely come from a
    zone nobody sees, so only a card someone knew there has knowledge to follow."""
    from_slot = -1
    zones = s.zones
    for card in moving:
        if not isinstance(card, Card):
            raise RuleFailure("there is no card to move" if card is NOTHING else
                              f"'move' needs cards, not {s.game.describe(card)}")
        mask = s.known.pop(card, 0) if s.known else 0  # who knew it where it lay, beyond its zone's seers
        if from_slot >= 0 and card in zones[from_slot]:  # cards moved together mostly lie together
            zones[from_slot].remove(card)
            s.zver[from_slot] += 1
        else:
            from_slot = _take(s, card)
        if hidden_to >= 0 and (watched or mask or s.known):
            knowledge.follow(s, card, mask, from_slot, hidden_to)
    return from_slot


def move(c: "Compiler", st: nodes.Move, sc: "Scope", loop_exit) -> None:
    zone = st.destination.id if isinstance(st.destination, nodes.Name) else st.destination.func
    if c.sym.kind(zone).by_cell:
        return move_to_cell(c, st, sc)
    cards, dest, bottom = c.expr(st.cards, sc), c.zone_slot(st.destination, sc), st.bottom
    triggers = [t for t in c.triggers if t.zone == zone]
    hiding = _hides(c, zone)
    watched = not visibility.seen_by_nobody(st.cards, c.sym.zones)
    opens = _opens(c, zone)
    moved = c.move_hook()
    nxt = Label()
    # One card takes the short way when it has no knowledge to carry (_take_all would follow none): into a zone
    # everyone sees (what was known of it is forgotten), or, while nobody knows any card, from where nobody sees
    # it. A named zone's slot is fixed.
    unseen = not watched
    fixed = c.zone_specs[zone].index if isinstance(st.destination, nodes.Name) else -1

    def move(s: State) -> int:
        slot = fixed if fixed >= 0 else dest(s, s.locals)
        target = s.zones[slot]
        moving = cards(s, s.locals)
        if moving.__class__ is Card and (not hiding or unseen and not s.known):  # the common move
            if s.known:
                s.known.pop(moving, None)
            from_slot = _take(s, moving)
            moving = [moving]
        else:
            moving = as_list(moving)
            from_slot = _take_all(s, moving, slot if hiding else -1, watched)
        if opens and not target and moving:
            note_opened(s, slot)
        if bottom:  # the moved cards keep their order, under the zone's cards
            target[0:0] = moving
        else:
            target.extend(moving)
        s.zver[slot] += 1
        if len(moving) == 1:  # where the next move of these cards finds them first (_take)
            s.where[moving[0]] = slot
        else:
            s.where.update(dict.fromkeys(moving, slot))
        if moved is not None:
            moved(s, moving)
            s.vars_changed()
        if triggers and len(moving) == 1:  # only a single card's move sets off a trigger
            return _fire(s, triggers, moving[0], from_slot, nxt.pc)
        return nxt.pc
    pc = c.emit(move, st.span)
    # Nothing but the move itself happens (no trigger, no knowledge to carry, no column opened, nothing
    # kept per card): the engine may try it in place.
    if not triggers and not (hiding and watched) and not opens and moved is None:
        c.onward[pc] = Onward(StraightMove(cards, dest, bottom), nxt, st, sc)
    nxt.pc = c.here()


def _visibility(c: "Compiler", zone: str) -> str:
    decl = c.sym.zones[zone]
    return visibility_of(decl.properties)


def _hides(c: "Compiler", zone: str) -> bool:
    """Some player may not see a card that enters this zone (so knowledge may have to follow it)."""
    return _visibility(c, zone) != "public" or "hidden_when_out" in c.sym.zones[zone].properties


def _opens(c: "Compiler", zone: str) -> bool:
    """A card entering an empty zone of this kind opens it: the family keeps the order (zones.note_opened)."""
    return c.sym.kind(zone).opens_in_order


def move_to_cell(c: "Compiler", st: nodes.Move, sc: "Scope") -> None:
    """`move CARDS to grid(CELL)`: the cards go onto that cell's stack (made by the first card)."""
    cards, bottom = c.expr(st.cards, sc), st.bottom
    slot = c.zone_specs[st.destination.func].index
    cell = c.expr(st.destination.args[0], sc)
    triggers = [t for t in c.triggers if t.zone == st.destination.func]
    moved = c.move_hook()
    nxt = Label()

    def move(s: State) -> int:
        value = cell(s, s.locals)
        where = as_cell(value)
        if where is None:
            raise RuleFailure(f"a grid cell is a pair of whole numbers (x, y), not {s.game.describe(value)}")
        moving = as_list(cards(s, s.locals))
        from_slot = _take_all(s, moving)
        s.zones[slot].put(where, moving, bottom)
        s.zver[slot] += 1
        if moved is not None:
            moved(s, moving)
            s.vars_changed()
        if triggers and len(moving) == 1:
            return _fire(s, triggers, moving[0], from_slot, nxt.pc)
        return nxt.pc
    c.emit(move, st.span)
    nxt.pc = c.here()


def deal(c: "Compiler", st: nodes.Deal, sc: "Scope", loop_exit) -> None:
    count, source = c.expr(st.count, sc), c.zone_slot(st.source, sc)
    source_name = st.source.id if isinstance(st.source, nodes.Name) else "the zone"
    dest_name = st.destination.id if isinstance(st.destination, nodes.Name) else st.destination.func
    from_name = st.source.id if isinstance(st.source, nodes.Name) else st.source.func
    hiding = _hides(c, dest_name)
    watched = _visibility(c, from_name) != "hidden"
    opens = _opens(c, dest_name)
    moved = c.move_hook()
    nxt = Label()
    if isinstance(st.destination, nodes.Name) and c.zone_specs[dest_name].per_player:
        # a per-player zone: every player gets cards, one at a time
        spec, shared = c.zone_specs[st.destination.id], c.shared_zones

        def targets(s: State) -> list[int]:
            return [shared + spec.index * s.n + p for p in range(s.n)]
    else:
        one = c.zone_slot(st.destination, sc)

        def targets(s: State) -> list[int]:
            return [one(s, s.locals)]

    # nothing to do for a card but move it, from a list to lists
    plain = not (hiding and watched) and not opens and moved is None and not c.sym.kind(dest_name).by_cell \
        and not c.sym.kind(from_name).by_cell

    def deal(s: State) -> int:
        src_slot = source(s, s.locals)
        src = s.zones[src_slot]
        slots = targets(s)
        rounds = count(s, s.locals)
        if plain and not s.known and rounds.__class__ is int and 0 < rounds * len(slots) <= len(src) \
                and src_slot not in slots:
            _deal_plainly(s, src_slot, slots, rounds)
            return nxt.pc
        for _ in range(rounds):
            for slot in slots:
                if not src:
                    raise RuleFailure(f"cannot deal: '{source_name}' is empty")
                card = src.pop()
                s.zver[src_slot] += 1
                mask = s.known.pop(card, 0) if s.known else 0
                if hiding and (watched or mask or s.known):
                    knowledge.follow(s, card, mask, src_slot, slot)
                if opens and not s.zones[slot]:
                    note_opened(s, slot)
                s.zones[slot].append(card)
                s.zver[slot] += 1
                if moved is not None:
                    moved(s, (card,))
                    s.vars_changed()
        return nxt.pc
    c.emit(deal, st.span)
    nxt.pc = c.here()


def _deal_plainly(s: State, src_slot: int, slots: list[int], rounds: int) -> None:
    """`deal` when no card has anyone's knowledge to follow, no zone opens, nothing is kept per card and
    the source holds enough: the cards the one-at-a-time deal pops from the top, given round by round,
    taken in one slice."""
    total = rounds * len(slots)
    src, zver = s.zones[src_slot], s.zver
    zver[src_slot] += 1
    taken = src[-total:]
    del src[-total:]
    taken.reverse()  # the order they leave the top
    for i, slot in enumerate(slots):
        s.zones[slot].extend(taken[i::len(slots)])
        zver[slot] += 1


def shuffle(c: "Compiler", st: nodes.Shuffle, sc: "Scope", loop_exit) -> None:
    zone = c.zone_slot(st.zone, sc)
    nxt = Label()

    def shuffle(s: State) -> int:
        slot = zone(s, s.locals)
        if s.known:
            knowledge.forget_zone(s, slot)
        s.shuffle(s.zones[slot])
        s.zver[slot] += 1
        return nxt.pc
    c.emit(shuffle, st.span)
    nxt.pc = c.here()


def eliminate(c: "Compiler", st: nodes.Eliminate, sc: "Scope", loop_exit) -> None:
    who = c.expr(st.player, sc)
    nxt = Label()

    def eliminate(s: State) -> int:
        for p in _seats(s, who(s, s.locals), "eliminate"):
            if not s.eliminated[p]:
                s.eliminated[p] = True
                s.aver += 1
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
    # game told aloud would; words, numbers, `me` and the names bound in the procedure cannot fail.
    risky = [part for part, e in zip(parts, st.parts) if not _plain_part(e, sc)]
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
    c.emit(say, st.span)
    nxt.pc = c.here()


def _plain_part(e: nodes.Expr, sc: "Scope") -> bool:
    """A `say` part whose value is read, never computed: a word, a number, `me`, a name bound in scope."""
    match e:
        case nodes.Str() | nodes.Int():
            return True
        case nodes.Name(name):
            return name == "me" or name in sc.names
    return False


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


def stop(c: "Compiler", st: nodes.Stop, sc: "Scope", loop_exit: Label) -> None:
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


def choose(c: "Compiler", st: nodes.Choose, sc: "Scope", loop_exit) -> None:
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
        hides = tuple(visibility.may_hide(b.source, c.sym) for b in option.binders)
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
    choose(c, st.body[0], inner, None)
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

    def dispatch(s: State) -> int:
        label = clauses.get(s.locals[key_slot])
        if label is None:
            raise RuleFailure(f"'{decl.name}' has no clause for {s.game.describe(s.locals[key_slot])}")
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
    return GuardSpec(c.expr(g.condition, sc, varying), g.afterwards, g.span,
                     None if always else c.expr(g.when, sc, varying))


STATEMENTS = {
    nodes.Move: move, nodes.Deal: deal, nodes.Shuffle: shuffle, nodes.Eliminate: eliminate, nodes.Set: set_var,
    nodes.FirstPlayer: first_player, nodes.Win: win, nodes.Lose: lose, nodes.Pass: nothing, nodes.Stop: stop,
    nodes.NewRound: new_round, nodes.Say: say, nodes.Reveal: reveal, nodes.If: if_stmt, nodes.For: for_stmt,
    nodes.Repeat: repeat, nodes.While: while_stmt, nodes.Choose: choose, nodes.Do: do, nodes.Let: let,
    nodes.Simultaneous: simultaneous,
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
    c.triggers = [_trigger(c, d, sc) for d in triggers]
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


def _trigger(c: "Compiler", decl: nodes.TriggerDecl, sc: "Scope") -> _Trigger:
    inner, slot = sc.bind(decl.var)
    condition = c.expr(decl.condition, inner) if decl.condition is not None else None
    return _Trigger(decl.source, decl.zone, slot, condition, decl.span)


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
