"""A playout's choices (compiler/playout.py): a `choose`'s legal moves listed as the engine lists them (options in
order, binders nested, guards judged, `afterwards` guards by trying the move), kept while what they read
stands, the random seat's draw, and the chosen option's body."""

from __future__ import annotations

import attrs

from ..language import nodes
from . import top_card, visibility
from .enumeration import conjuncts, names_in
from .playout_exprs import Env, Searched, Unsupported
from .playout_machine import COUNTED, branch, proving, scripted, searched
from .playout_trials import before_the_move, deciding_attribute
from .playout_triggers import check_trial, fires, zone_name
from .playout_writer import Where, Writer, binder_zone, lying_in, opening, resets, zone_code
from .reads import expression_reads


def choose(w: Writer, st: nodes.Choose, where: Where) -> None:
    """A decision: its legal moves listed as the engine lists them (options in order, binders nested, guards
    judged), the fallbacks only when none is legal; the seat's generator draws one, and its body follows."""
    chosen(w, listed_and_drawn(w, st, where), where)


def listed_and_drawn(w: Writer, st: nodes.Choose, where: Where, chooser: str | None = None
                     ) -> list[tuple[int, nodes.Option]]:
    """A decision's legal moves and the seat's draw among them (`o`); its options, numbered, for `chosen`.
    `chooser`: the name that is the chooser besides `me` (a `simultaneously`'s, visibility.binders_hide)."""
    if w.machine:  # (the listing below in the script's `else`: playout_machine.py)
        scripted(w)
        w.depth += 1
    w.line("if decisions >= limit: raise UNPLAYABLE('the decision limit')")
    found = w.x.fresh("o")
    w.line(f"{found} = []")
    # The listing changes nothing (a trial puts its cards back): a definition's call that reads no binder is
    # worked out once for all of it.
    lazies: dict[str, str] = {}
    listing, start = attrs.evolve(where, env=attrs.evolve(where.env, lazies=lazies)), len(w.lines)
    kept = list(enumerate(st.options))
    values = bare(w, kept)
    for i, option in kept:
        if not option.fallback:
            listed_once(w, i, option, found, listing, chooser, values)
    fallbacks = [(i, option) for i, option in kept if option.fallback]
    if fallbacks:
        w.line(f"if not {found}:")
        w.depth += 1
        for i, option in fallbacks:
            list_option(w, i, option, found, listing, chooser)
        w.depth -= 1
    if lazies:
        w.lines.insert(start, "    " * w.depth + f"{' = '.join(lazies.values())} = MISSING")
    if w.machine:
        branch(w, found, st)
    drawn(w, found)
    if w.machine:
        w.line("TAKEN.append(o)")
        w.depth -= 1
    return kept


def bare(w: Writer, options: list[tuple[int, nodes.Option]]) -> bool:
    """Whether a decision's legal moves are listed as the values its one option's one binder takes, rather than
    as (option, values) tuples: the draw is over the same moves in the same order, and no tuple is made for each
    (a card's cells on a grid: 6% of a game's instructions, docs/performance.md). A machine's listing keeps its
    tuples (it replays and proves them: playout_machine.py)."""
    return not w.machine and len(options) == 1 and not options[0][1].fallback and len(options[0][1].binders) == 1


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
    keyword, values = "if", bare(w, kept)
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
        if values:
            w.line(f"    {names[0]} = o")
        elif names:
            w.line(f"    {names[0]} = o[1]" if len(names) == 1 else f"    {', '.join(names)}, = o[1:]")
        w.indented(option.body, attrs.evolve(where, env=env, zones=zones, zone_names=zone_names))


def bind_zone(w: Writer, binder: nodes.Binder, env: Env, zones: dict, zone_names: dict) -> str | None:
    """The zone a binder's cards come from (binder_zone), noted with its name under the binder's name."""
    zone = binder_zone(w, binder.source, Where(env, zones=zones))
    if zone is not None:
        zones[binder.var] = zone
        zone_names[binder.var] = zone_name(lying_in(w, binder.source))
    else:  # the name bound anew: what was known of an outer card of that name is not of this one
        zones.pop(binder.var, None)
        zone_names.pop(binder.var, None)
    return zone


def listed_once(w: Writer, index: int, option: nodes.Option, found: str, where: Where, chooser: str | None = None,
                values: bool = False) -> None:
    """An option's legal moves, listed again only when something its listing reads has changed since it was
    last listed here: a card moved anywhere (`zv`, counted at every move, deal and shuffle), a variable it
    reads, the turn player, who is out. A turn that chooses again after a step that moves no card (a signal set,
    a variable changed that the option does not read) takes the option's moves as they were."""
    key = listing_key(w, option, where)
    if key is None:
        list_option(w, index, option, found, where, chooser, values)
        return
    cache, moves = w.x.fresh("lc"), w.x.fresh("lm")
    w.caches.append(cache)
    w.line(f"if {cache}[0] == {key}:")
    w.line(f"    {found} += {cache}[1]")
    w.line("else:")
    w.depth += 1
    w.line(f"{moves} = []")
    list_option(w, index, option, moves, where, chooser, values)
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


def list_option(w: Writer, index: int, option: nodes.Option, found: str, where: Where, chooser: str | None = None,
                values: bool = False) -> None:
    """The loops over an option's binders and the test of its guards, adding each legal move to `found`
    (`chooser`: as listed_and_drawn's, for the option's own binders; `values`: the moves are the one binder's
    values, `bare`; with no guard, its whole list at once)."""
    hides = visibility.binders_hide(option.binders, w.c.sym, chooser)
    env, zones, zone_names, names, depth = where.env, dict(where.zones), dict(where.zone_names), [], w.depth
    guards = [g for g in option.guards if w.c.constant(g.when) != (True, False)]  # an option's `when` may drop one
    plain, later = [g for g in guards if not g.afterwards], [g for g in guards if g.afterwards]
    deciding = deciding_attribute(w.c, option, later, set(where.env.names)) \
        if later and where.turn_ends and not fires(w.c, option.body) else None  # (a trigger may read any attribute)
    verdicts = None
    if deciding is not None:  # the trial's answer for each value of the card's attribute, for this listing
        verdicts = w.x.fresh("verdicts")
        w.line(f"{verdicts} = {{}}")
    parts = leveled(w, option, plain)
    for level, binder in enumerate(option.binders):
        ahead = [part for part, at in parts if at == level]  # judged before this binder's list (the engine's too)
        if ahead:
            outer = attrs.evolve(where, env=env, zones=zones, zone_names=zone_names)
            w.line(f"if {' and '.join(w.x.twice(lambda e=e: w.expr(e, outer)) for e in ahead)}:")
            w.depth += 1
        v = w.x.fresh("b")
        zone = bind_zone(w, binder, env, zones, zone_names)
        if hides[level]:  # cards the chooser may not see, offered by place
            source = f"BY_PLACE(G, n, out, me, Z, rng, AS_LIST({w.x.expr(binder.source, env)}))"
        elif zone is not None and not later and lying_in(w, binder.source) is binder.source:
            source = zone  # a zone's own list: nothing moves while the listing walks it
        else:
            source = f"AS_LIST({w.x.expr(binder.source, env)})"
        if values and not guards:
            w.line(f"{found}.extend({source})")
            w.depth = depth
            return
        w.line(f"for {v} in {source}:")
        env = env.bind_loop(binder.var, v)
        names.append(v)
        w.depth += 1
    per_candidate: dict[str, str] = {}
    env = attrs.evolve(env, per_candidate=per_candidate, binders=frozenset(names))
    inner = attrs.evolve(where, env=env, zones=zones, zone_names=zone_names)
    start = len(w.lines)
    tests = [w.x.twice(lambda e=e: w.expr(e, inner)) for e, at in parts if at == len(option.binders)]
    if tests:
        w.line(f"if {' and '.join(tests)}:")
        w.depth += 1
    move = names[0] if values else f"({index}, {''.join(v + ', ' for v in names)})"
    found_move = [f"{found}.append({move})"] + (proving(w, option) if w.machine else [])
    if later and w.machine and (verdicts is not None or tried(w, option, inner)):
        w.line(COUNTED)  # (each candidate: the engine may try each on a copy, where this tries one of a kind)
    if later and verdicts is not None:
        judged_once(w, option, later, inner, (verdicts, deciding), found_move)
    elif later:
        try_afterwards(w, option, later, inner, found_move, (move, names))
    else:
        w.lines += ["    " * w.depth + text for text in found_move]
    if per_candidate:
        indent = "    " * (w.depth - bool(tests))
        w.lines.insert(start, indent + f"{' = '.join(per_candidate.values())} = MISSING")
    w.depth = depth


def leveled(w: Writer, option: nodes.Option, plain: list[nodes.Guard]) -> list[tuple[nodes.Expr, int]]:
    """The plain guards' tests, each with how many binders it reads (counted from the first), as the engine
    judges them (enumeration._tests): a guard split at its `and`s, one with a `when` whole."""
    depth_of = {binder.var: i + 1 for i, binder in enumerate(option.binders)}
    out = []
    for g in plain:
        known, _ = w.c.constant(g.when)
        whole = g.when is not None and not known
        for part in [g.condition] if whole else conjuncts(g.condition):
            test = nodes.BoolOp("or", nodes.Not(g.when), part) if whole else part
            out.append((test, max((depth_of.get(name, 0) for name in names_in(test)), default=0)))
    return out


def judged_once(w: Writer, option: nodes.Option, later: list, where: Where, verdicts: tuple[str, str],
                found_move: list[str]) -> None:
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
    w.lines += ["    " * (w.depth + 1) + text for text in found_move]


def try_afterwards(w: Writer, option: nodes.Option, later: list, where: Where, found_move: list[str] | None,
                   move: tuple[str, list[str]] | None = None) -> None:
    """`only if ... afterwards`, where the option's body is the rest of the turn and only moves cards: the
    moves made, the guards judged (`ok`), the game put back as it was; then `found_move` when they hold.
    Else, in a machine, the search (playout_machine.searched; `move`: the move's code and its values')."""
    if not tried(w, option, where):
        if not w.machine or move is None:
            raise Searched("an `afterwards` guard before more of the turn")
        searched(w, option, later, where, *move)
        if found_move is not None:
            w.line("if ok:")
            w.lines += ["    " * (w.depth + 1) + text for text in found_move]
        return
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
    on_a_copy = fires(w.c, option.body) or any(opening(w, st.destination) for st in option.body) \
        or w.c.records_movers or resets(w)  # (a move that does more than move: the engine tries it on a clone)
    judged = None if on_a_copy else before_the_move(w, option, later, where.env.names, where.zones)
    conditions, judging = [g.condition for g in later], where
    if judged is not None:  # judged before the move, the card as the destination's top: no move made
        card = where.env.names[option.body[0].cards.id]
        conditions, judging = judged, attrs.evolve(where, env=where.env.bind(top_card.TOP, card))
    tests = [w.expr(e, judging) if a == "True" else f"(not {a} or {w.expr(e, judging)})"
             for e, a in zip(conditions, applies)]
    if on_a_copy:
        tried_on_a_copy(w, option.body, where, " and ".join(tests))
    elif judged is not None:
        w.line(f"ok = {' and '.join(tests)}")
    else:
        tried_in_place(w, option.body, where, " and ".join(tests))
    if found_move is not None:
        w.line("if ok:")
        w.lines += ["    " * (w.depth + 1) + text for text in found_move]


def tried(w: Writer, option: nodes.Option, where: Where) -> bool:
    """Whether an option's afterwards guards are judged by making its moves (in place or on a copy): its body is
    the rest of the turn and only moves cards, setting off no trigger that decides (a machine searches)."""
    if not where.turn_ends or not option.body or not all(isinstance(st, nodes.Move) for st in option.body):
        return False
    if w.machine and fires(w.c, option.body):
        try:
            check_trial(w.c, option.body)
        except Searched:
            return False
    return True


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


def tried_on_a_copy(w: Writer, body: tuple, where: Where, test: str) -> None:
    """Moves that do more than move cards (set off a trigger, open a column, note who moved, reset a card's
    values), made as in the game (the engine plays such an option on a clone to the end of the turn), `ok =
    test`, then the zones, variables, generator and who is out put back as they were. Only triggers that
    decide nothing and end nothing (playout_triggers.check_trial) are run so."""
    check_trial(w.c, body)
    if any(spec.kind.by_cell for spec in w.c.zone_specs.values()):
        raise Unsupported("an `afterwards` trial on a copy of a game with a grid")
    saved = w.x.fresh("saved")
    w.line(f"{saved} = [z[:] for z in Z], V[:], rng, out[:], act, opened[:]")
    w.block(body, attrs.evolve(where, turn_ends=False))
    w.line(f"ok = {test}")
    w.line(f"for z, k in zip(Z, {saved}[0]):")
    w.line("    z[:] = k")  # (in place: a listing may be walking a zone's list)
    w.line(f"V[:], rng, out[:], act, opened[:] = {saved}[1:]")
    w.line("vv += 1")
    w.line("zv += 1")
