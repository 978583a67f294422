"""`move`, `deal` and `shuffle` statements -> engine instructions, each specialised when it is compiled.

A move instruction decides once, from the declarations, what the engine used to ask at every move:
whether the destination's slot is fixed (a named zone, a family member named by a constant), top or
bottom, whether knowledge may have to follow the cards (a destination some player does not see; from
where nobody sees, only while some card is known), whether a zone opens, whether anything is kept per
card, whether an `on move` trigger listens. Its code is written from those answers (`MovePlan`): only
the lines a case needs, made here from fixed text and numbers (never from the rules' text), then
compiled once, as codegen compiles expressions. A whole zone moved (`move hand(p) to deck`: the cards'
value is the zone's own list) leaves in one list operation and one version bump; knowledge then
follows every card by one rule (knowledge.follow_zone), the same as moving them one by one.
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING, Callable

import attrs

from ..engine import knowledge
from ..engine.specs import RuleFailure, StraightMove
from ..engine.state import State
from ..engine.zones import note_opened, visibility_of
from ..engine.zones.grid import as_cell
from ..language import nodes
from ..values import NOTHING, Card
from . import visibility
from .enumeration import as_list
from .runtime import MovePlan
from .scope import Label, Scope

if TYPE_CHECKING:
    from .compiler import Compiler, SlotRef

# Compile every move the general way (card by card through take_all, the slot worked out at each move; a
# deal card by card): the reference the specialised instructions are tested against (tests/engine/test_moving.py).
SPECIALISE = True


@attrs.frozen
class Onward:
    """Where an instruction goes on, as far as the compiler can tell without running it: after a
    straight move (`move`), or by a plain jump (`move` is None). The compiler's table of these
    (`Compiler.onward`, by pc) is what `straight_moves` follows."""

    move: StraightMove | None
    to: Label
    statement: nodes.Move | None = None  # the move's statement and scope, for a lister's trial (trials.py)
    scope: Scope | None = None


# ---- taking cards out of their zones -------------------------------------------------------------------
def take(s: State, card) -> int:
    """Remove a card from the zone holding it; return that zone's slot. `State.where` says where to
    look first; it is only a hint, checked by one test (a card is in exactly one zone), and worked
    out again from the zones when it is wrong (a deal, a swap, another state's moves)."""
    slot = s.where.get(card)
    zone = None if slot is None else s.zones[slot]
    if zone.__class__ is list:
        if zone and zone[-1] is card:  # the top card (a draw, a card turned up): no scan from the bottom
            zone.pop()
        else:
            try:  # one scan finds and removes it (a test `card in zone` and a remove would scan twice)
                del zone[zone.index(card)]
            except ValueError:
                zone = None
    elif zone is not None and card in zone:  # a zone of another kind (a grid)
        zone.remove(card)
    else:
        zone = None
    if zone is None:
        slot = s.where_again(card)
        if slot < 0:
            raise RuleFailure(f"card {s.game.describe(card)} is in no zone")
        s.zones[slot].remove(card)
    s.zver[slot] += 1  # every change of a zone slot bumps its version (the memo keyed by reads)
    return slot


def take_all(s: State, moving: list, hidden_to: int = -1, watched: bool = True) -> int:
    """`take_each`'s work with one version bump per zone the cards leave, when every card lies in a zone
    once: each zone's cards leave in one list operation, and knowledge ends as `knowledge.follow` leaves
    it card by card (knowledge.follow_taken). A card that is not one, lies nowhere or comes twice goes
    card by card, which fails where it always did; so does a move from where nobody sees while some
    card is known (follow's conditions then depend on the order)."""
    known = s.known
    if len(moving) < 2 or hidden_to >= 0 and known and not watched:  # one card: nothing to share
        return take_each(s, moving, hidden_to, watched)
    places = _places(s, moving)
    if places is None:
        return take_each(s, moving, hidden_to, watched)
    masks = [known.pop(card, 0) for card in moving] if known else None
    groups: dict[int, list] = {}
    for card, slot in zip(moving, places):
        groups.setdefault(slot, []).append(card)
    zones = s.zones
    for slot, cards in groups.items():
        zone = zones[slot]
        if zone.__class__ is not list:  # a zone of another kind (a grid)
            for card in cards:
                zone.remove(card)
        elif len(cards) == len(zone):
            zone.clear()
        else:
            gone = set(cards)
            zone[:] = [card for card in zone if card not in gone]
        s.zver[slot] += 1
    if hidden_to >= 0 and watched:
        knowledge.follow_taken(s, moving, places, masks, hidden_to)
    return places[-1] if places else -1


def _places(s: State, moving: list) -> list[int] | None:
    """The slot of each card to move, or None when one is not a card, lies in no zone or comes twice."""
    where, zones = s.where, s.zones
    places = []
    for card in moving:
        if not isinstance(card, Card):
            return None
        slot = where.get(card)
        if slot is None or card not in zones[slot]:
            slot = s.where_again(card)
            if slot < 0:
                return None
        places.append(slot)
    return places if len(set(moving)) == len(moving) else None


def take_each(s: State, moving: list, hidden_to: int = -1, watched: bool = True) -> int:
    """Take every card to move out of its zone, one by one (the reference take_all is measured against,
    and its way for what it leaves to this); the slot the last one came from (-1 for none). With
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
            from_slot = take(s, card)
        if hidden_to >= 0 and (watched or mask or s.known):
            knowledge.follow(s, card, mask, from_slot, hidden_to)
    return from_slot


def own_slot(s: State, value: list) -> int:
    """The slot whose zone `value` is (the very list, not a copy), or -1: then the cards to move are
    the whole zone. An empty zone is -1 too (nothing to take)."""
    if not value:
        return -1
    slot = s.where.get(value[0])
    zones = s.zones
    if slot is not None and zones[slot] is value:
        return slot
    for slot in range(len(zones) - 1, -1, -1):
        if zones[slot] is value:
            return slot
    return -1


def take_zone(s: State, slot: int, hidden_to: int, watched: bool) -> list:
    """Empty the zone at `slot` at once (one version bump) and give its cards, bottom first. Knowledge
    ends as moving them one by one through take_all leaves it (knowledge.follow_zone)."""
    zone = s.zones[slot]
    moving = zone[:]
    zone.clear()
    s.zver[slot] += 1
    known = s.known
    if hidden_to >= 0:
        if watched or known:
            knowledge.follow_zone(s, moving, slot, hidden_to)
    elif known:
        for card in moving:
            known.pop(card, None)
    return moving


def fire(s: State, triggers: list, card, from_slot: int, resume: int) -> int:
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


def at(ref: "SlotRef") -> Callable[[State, list], int]:
    """A zone reference as a function (state, frame) -> slot, for what wants one (StraightMove)."""
    if isinstance(ref, int):
        return lambda s, f: ref
    return ref


# ---- the move instruction -------------------------------------------------------------------------------
def move(c: "Compiler", st: nodes.Move, sc: "Scope", loop_exit) -> None:
    zone = st.destination.id if isinstance(st.destination, nodes.Name) else st.destination.func
    if c.sym.kind(zone).by_cell:
        return move_to_cell(c, st, sc)
    cards, ref = c.expr(st.cards, sc), c.zone_slot(st.destination, sc)
    triggers = [t for t in c.triggers if t.zone == zone]
    hiding = hides(c, zone)
    watched = not visibility.seen_by_nobody(st.cards, c.sym.zones)
    moved = c.move_hook()
    pc = c.here()
    plan = MovePlan(
        slot=ref if isinstance(ref, int) and SPECIALISE else -1, bottom=st.bottom,
        carry="never" if not hiding else "always" if watched else "when known",
        one=SPECIALISE, whole=SPECIALISE and _zone_itself(c, st.cards),
        opens=opens(c, zone), moved=moved is not None, triggers=bool(triggers), next_pc=pc + 1)
    namespace = {"cards": cards, "dest": at(ref), "moved": moved, "triggers": triggers, "HIDING": hiding,
                 "WATCHED": watched, **_HELPERS}
    instruction = written(plan, namespace)
    c.emit(instruction, st.span)
    # Nothing but the move itself happens (no trigger, no knowledge to carry, no column opened, nothing
    # kept per card): the engine may try it in place.
    if not triggers and not (hiding and watched) and not plan.opens and moved is None:
        c.onward[pc] = Onward(StraightMove(cards, at(ref), st.bottom), Label(pc + 1), st, sc)


_HELPERS = {"Card": Card, "take": take, "take_all": take_all, "take_each": take_each, "own_slot": own_slot,
            "take_zone": take_zone, "follow": knowledge.follow, "note_opened": note_opened, "fire": fire,
            "as_list": as_list}


def written(plan: MovePlan, namespace: dict) -> Callable[[State], int]:
    """The move instruction for a plan: its source made from the plan's answers, compiled once. The
    function keeps its plan and source (`plan`, `source`: tests and `cardrules explain` may read them)."""
    lines = ["def move(s, /):", "    f = s.locals",  # (s, /): the state, as every instruction takes it
             f"    slot = {plan.slot}" if plan.slot >= 0 else "    slot = dest(s, f)",
             "    target = s.zones[slot]", "    moving = cards(s, f)"]
    if plan.one:
        lines += ["    if moving.__class__ is Card:", *_one_card(plan), "    else:"]
    else:
        lines += ["    if True:"]
    lines += _many_cards(plan)
    source = "\n".join(lines) + "\n"
    exec(compile(source, "<move instruction>", "exec"), namespace)  # source made here from the plan alone
    instruction = namespace["move"]
    instruction.plan, instruction.source = plan, source
    return instruction


def _one_card(plan: MovePlan) -> list[str]:
    """A lone card: taken, followed by what its knowers keep knowing, put."""
    take_it = "from_slot = take(s, moving)" if plan.triggers or plan.carry != "never" else "take(s, moving)"
    match plan.carry:
        case "never":  # everyone sees it where it goes: what was known of it is forgotten
            body = ["known = s.known", "if known:", "    known.pop(moving, None)", take_it]
        case "when known":
            body = ["known = s.known", "if known:", "    mask = known.pop(moving, 0)", "    " + take_it,
                    "    follow(s, moving, mask, from_slot, slot)", "else:", "    " + take_it]
        case _:
            body = ["known = s.known", "mask = known.pop(moving, 0) if known else 0", take_it,
                    "follow(s, moving, mask, from_slot, slot)"]
    if plan.opens:
        body += ["if not target:", "    note_opened(s, slot)"]
    body += ["target.insert(0, moving)" if plan.bottom else "target.append(moving)",
             "s.zver[slot] += 1", "s.where[moving] = slot"]
    if plan.moved:
        body += ["moved(s, (moving,))", "s.vars_changed()"]
    if plan.triggers:
        body += [f"return fire(s, triggers, moving, from_slot, {plan.next_pc})"]
    else:
        body += [f"return {plan.next_pc}"]
    return ["        " + line for line in body]


def _many_cards(plan: MovePlan) -> list[str]:
    """A list of cards (or anything else, refused by take_all): a whole zone at once, else card by card."""
    hidden_to = "slot" if plan.carry != "never" else "-1"
    taking = "take_all" if plan.one else "take_each"  # the reference moves card by card
    general = ["moving = as_list(moving)", f"from_slot = {taking}(s, moving, {hidden_to}, WATCHED)"]
    if plan.whole:
        body = ["from_slot = own_slot(s, moving) if moving.__class__ is list else -1", "if from_slot >= 0:",
                f"    moving = take_zone(s, from_slot, {hidden_to}, WATCHED)", "else:",
                *["    " + line for line in general]]
    else:
        body = general
    if plan.opens:
        body += ["if not target and moving:", "    note_opened(s, slot)"]
    body += ["target[0:0] = moving" if plan.bottom else "target.extend(moving)", "s.zver[slot] += 1",
             "s.where.update(dict.fromkeys(moving, slot))"]
    if plan.moved:
        body += ["moved(s, moving)", "s.vars_changed()"]
    if plan.triggers:  # only a single card's move sets off a trigger
        body += ["if len(moving) == 1:", f"    return fire(s, triggers, moving[0], from_slot, {plan.next_pc})"]
    body += [f"return {plan.next_pc}"]
    return ["        " + line for line in body]


def _zone_itself(c: "Compiler", e: nodes.Expr) -> bool:
    """The cards' expression names a zone whose value is the zone's own list (`hand(p)`, a shared zone named alone)."""
    match e:
        case nodes.Name(name) if name in c.zone_specs:
            return not c.zone_specs[name].kind.by_cell
        case nodes.Call(name, (_,)) if name in c.families:
            return True
        case nodes.Call(name, (_,)) if name in c.zone_specs:
            return not c.zone_specs[name].kind.by_cell
    return False


def _visibility(c: "Compiler", zone: str) -> str:
    decl = c.sym.zones[zone]
    return visibility_of(decl.properties)


def hides(c: "Compiler", zone: str) -> bool:
    """Some player may not see a card that enters this zone (so knowledge may have to follow it)."""
    return _visibility(c, zone) != "public" or "hidden_when_out" in c.sym.zones[zone].properties


def opens(c: "Compiler", zone: str) -> bool:
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
    taking = take_all if SPECIALISE else take_each

    def move(s: State) -> int:
        value = cell(s, s.locals)
        where = as_cell(value)
        if where is None:
            raise RuleFailure(f"a grid cell is a pair of whole numbers (x, y), not {s.game.describe(value)}")
        moving = as_list(cards(s, s.locals))
        from_slot = taking(s, moving)
        s.zones[slot].put(where, moving, bottom)
        s.zver[slot] += 1
        if moved is not None:
            moved(s, moving)
            s.vars_changed()
        if triggers and len(moving) == 1:
            return fire(s, triggers, moving[0], from_slot, nxt.pc)
        return nxt.pc
    c.emit(move, st.span)
    nxt.pc = c.here()


# ---- deal and shuffle -------------------------------------------------------------------------------------
def deal(c: "Compiler", st: nodes.Deal, sc: "Scope", loop_exit) -> None:
    count, source = c.expr(st.count, sc), c.zone_slot(st.source, sc)
    source_name = st.source.id if isinstance(st.source, nodes.Name) else "the zone"
    dest_name = st.destination.id if isinstance(st.destination, nodes.Name) else st.destination.func
    from_name = st.source.id if isinstance(st.source, nodes.Name) else st.source.func
    hiding = hides(c, dest_name)
    watched = _visibility(c, from_name) != "hidden"
    opening = opens(c, dest_name)
    moved = c.move_hook()
    nxt = Label()
    targets = _deal_targets(c, st, sc)
    # nothing to do for a card but move it, from a list to lists, and at most note who moved it: the same
    # seat for every card of the deal, so noted once for all (a `reset on move` value, worked out after
    # each card, may read the zones: card by card)
    movers_only = not any(spec.reset_on_move for spec in c.var_specs.values())
    plain = SPECIALISE and not (hiding and watched) and not opening and (moved is None or movers_only) \
        and not c.sym.kind(dest_name).by_cell and not c.sym.kind(from_name).by_cell
    # With cards known somewhere, a card nobody knows still moves plainly when following it changes nothing:
    # everyone sees where it goes, or it leaves a zone nobody sees whose order everyone watches (a stack):
    # no knower can lose track of the stack's other cards (knowledge.follow).
    unknown_plain = plain and (not hiding or c.sym.kind(from_name).has_top)
    fixed, source = (source, None) if isinstance(source, int) else (-1, source)

    def deal(s: State) -> int:
        src_slot = fixed if source is None else source(s, s.locals)
        src = s.zones[src_slot]
        slots = targets(s)
        rounds = count(s, s.locals)
        known = s.known
        if plain and rounds.__class__ is int and 0 < rounds * len(slots) <= len(src) and src_slot not in slots \
                and (not known or unknown_plain and known.keys().isdisjoint(src[-rounds * len(slots):])):
            dealt = _deal_plainly(s, src_slot, slots, rounds)
            if moved is not None:
                moved(s, dealt)
                s.vars_changed()
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
                if opening and not s.zones[slot]:
                    note_opened(s, slot)
                s.zones[slot].append(card)
                s.zver[slot] += 1
                s.where[card] = slot
                if moved is not None:
                    moved(s, (card,))
                    s.vars_changed()
        return nxt.pc
    c.emit(deal, st.span)
    nxt.pc = c.here()


def _deal_targets(c: "Compiler", st: nodes.Deal, sc: "Scope") -> Callable[[State], list[int]]:
    """The slots a deal gives to, in order: every player's zone for a per-player zone named alone."""
    if isinstance(st.destination, nodes.Name) and c.zone_specs[st.destination.id].per_player:
        spec, shared = c.zone_specs[st.destination.id], c.shared_zones

        def every_players(s: State) -> list[int]:
            return [shared + spec.index * s.n + p for p in range(s.n)]
        return every_players
    one = c.zone_slot(st.destination, sc)
    if isinstance(one, int):
        fixed = [one]
        return lambda s: fixed  # never changed by the deal
    return lambda s: [one(s, s.locals)]


def _deal_plainly(s: State, src_slot: int, slots: list[int], rounds: int) -> list[Card]:
    """`deal` when no card dealt has anyone's knowledge to follow, no zone opens, nothing but movers is kept per
    card and the source holds enough: the cards the one-at-a-time deal pops from the top, given round by
    round, taken in one slice. Gives the cards dealt."""
    total = rounds * len(slots)
    src, zver = s.zones[src_slot], s.zver
    zver[src_slot] += 1
    if total == 1:  # one card (a draw, a refill by one): no slices
        card = src.pop()
        slot = slots[0]
        s.zones[slot].append(card)
        zver[slot] += 1
        s.where[card] = slot
        return [card]
    taken = src[-total:]
    del src[-total:]
    taken.reverse()  # the order they leave the top
    where = s.where  # where a later move of these cards looks first (take): a hint, so only a help
    for i, slot in enumerate(slots):
        given = taken[i::len(slots)]
        s.zones[slot].extend(given)
        zver[slot] += 1
        where.update(zip(given, repeat(slot)))
    return taken


def shuffle(c: "Compiler", st: nodes.Shuffle, sc: "Scope", loop_exit) -> None:
    zone = c.zone_slot(st.zone, sc)
    fixed, zone = (zone, None) if isinstance(zone, int) else (-1, zone)
    nxt = Label()

    def shuffle(s: State) -> int:
        slot = fixed if zone is None else zone(s, s.locals)
        if s.known:
            knowledge.forget_zone(s, slot)
        s.shuffle(s.zones[slot])
        s.zver[slot] += 1
        return nxt.pc
    c.emit(shuffle, st.span)
    nxt.pc = c.here()
