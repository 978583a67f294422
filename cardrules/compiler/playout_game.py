"""A compiled game and its compiler -> the game's playout function (compiler/playout.py writes its statements),
or None when the rules use something a playout does not play (yet).

The function is laid out as the engine's program is (procedures.build_program): the setup, then rounds of a
round setup and turns (the turn, the turn's end, `after turn`, the end checks, the next player), with each
decision inline. Its signature: play(n, rng, Z, V, bits, limit, STEPS, G) -> (first, winners, turns, decisions, the
rules' `result` or None, the sides as lists of seats or None),
where Z and V are the zones and variables of a blank game with its cards placed (engine/playouts.start) and G
the Game (which zones each seat sees, for the cards named by place: engine/playouts.by_place).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Callable

import attrs

from ..engine.game import describe_value
from ..language import nodes
from . import playout_triggers as triggers
from .invariants import part_of
from .playout import spend, writer
from .playout_exprs import Env, Searched, Unsupported
from .playout_machine import NONLOCAL, STATE, apart
from .playout_machine import head as machine_head
from .playout_machine import turn as machine_turn
from .playout_writer import Where, Writer
from .pure_keys import args_of, key_parts

# The values a pure definition keeps, at most, before its table starts afresh (as the engine's: codegen.py).
LIMIT = 100_000
TUPLE = object()  # tags a tuple argument in a table's key, so that (1, 2) and [1, 2] stay apart

if TYPE_CHECKING:
    from ..engine import Game
    from .compiler import Compiler


def why_not(c: "Compiler", game: "Game") -> str | None:
    """Why a compiled game has no playout (what it uses that a playout does not write), or None."""
    try:
        write(c)
    except Unsupported as exc:
        return str(exc)
    return None if game.playout is not None else "the playout could not be written"


def build(c: "Compiler", game: "Game") -> Callable | None:
    """The playout of a compiled game, or None."""
    try:
        source, ns = write(c, functools.partial(describe_value, card_texts=game.card_texts,
                                                card_labels=game.card_labels))
        exec(compile(source, f"<playout of {game.name}>", "exec"), ns)  # written from the rules' structure alone
    except Unsupported:
        return None
    except Exception:  # a playout the writer got wrong never stops a game from compiling: the engine plays it
        return None  # (tests/compiler/test_playout.py requires a playout of every game it lists)
    play = ns["play"]
    play.source = source
    return play


def write(c: "Compiler", describe: Callable | None = None) -> tuple[str, dict]:
    """The playout's source and the namespace it runs in; `describe` writes a value as the game does. Rules that
    only a machine plays (playout_machine.py) are written again as one."""
    try:
        return written(c, describe, machine=False)
    except Searched:
        return written(c, describe, machine=True)


def written(c: "Compiler", describe: Callable | None, machine: bool) -> tuple[str, dict]:
    w = writer(c)
    w.x.describe, w.machine = describe, machine
    if machine and any(spec.kind.by_cell for spec in c.zone_specs.values()):
        raise Unsupported("a grid in rules that search the rest of a turn")  # (its copies are no lists)
    procs = {d.kind: d for d in c.rules.declarations if isinstance(d, nodes.ProcedureDecl)}
    body = program(w, procs)
    triggers.functions(w, spend, Where())
    sides = None if w.sides is None else w.x.expr(w.sides.value, Env())  # (before the definitions it may call)
    defs = definitions(w)
    head = ["def play(n, rng, Z, V, bits, limit, STEPS, G):", "    out = [False] * n", "    act = list(SEATS[:n])",
            "    me = 0",
            "    turns = decisions = 0", "    first = -1", "    budget = STEPS", "    zv = 0",
            "    opened = []",  # the members of families that open in order, as opened (State.opened)
            "    vv = 0"]  # the count of variables set (versioned)
    opening = [int(first) + i for name, (first, keys) in c.families.items() if c.sym.kind(name).opens_in_order
               for i in range(len(keys))]
    if opening:  # (a game that starts with one open is left to the engine, which knows its order)
        head += [f"    if any(Z[slot] for slot in {opening}): raise UNPLAYABLE('a zone opened before the game')"]
    head += [f"    {cache} = (None, None)" for cache in w.caches]
    if c.records_movers:  # each card's mover, after every variable (percard.mover_base)
        per_player = sum(spec.size for spec in c.var_specs.values() if spec.per_player)
        head += [f"    mb = {int(c.shared_vars)} + n * {int(per_player)}"]
    head += [f"    b_{name} = {int(c.shared_zones)} + {int(index)} * n"
             for name, index in w.ns.pop("_bases", {}).items()]
    head += [f"    vb_{name} = {int(c.shared_vars)} + {int(index)} * n"
             for name, index in w.ns.pop("_var_bases", {}).items()]
    if w.x.uses_random:
        head += RANDOM
    if sides is not None:  # the rules' `sides`, as they stand when asked
        head += ["    def SIDES():", f"        return {sides}"]
    source = "\n".join(head + (machine_head(w) if machine else []) + defs + body) + "\n"
    return source.replace(NONLOCAL, f"nonlocal {', '.join(STATE + tuple(w.caches))}"), w.ns


# `random(xs)` (builtins.random_element) drawing from the playout's generator.
RANDOM = ["    def RAND(values):", "        nonlocal rng",
          "        values = AS_LIST(values)",
          "        if not values:", "            return NOTHING",
          "        rng, k = RANDOM_BELOW(rng, len(values))", "        return values[k]"]


def program(w: Writer, procs: dict) -> list[str]:
    """The setup, the round loop and the turn loop, as lines of the playout's body."""
    w.lines = []
    w.in_setup = True
    if "setup" in procs:
        spend(w, procs["setup"].body)
        w.block(procs["setup"].body, Where())
    w.line("while True:")
    w.line("    try:")
    w.depth += 2
    if "round setup" in procs:
        spend(w, procs["round setup"].body)
        w.block(procs["round setup"].body, Where())
    w.in_setup = False
    w.line("while True:")
    w.depth += 1
    w.line("turns += 1")
    ends = tuple(st for d in w.c.rules.declarations if isinstance(d, nodes.EndDecl) for st in d.body)
    turn = procs["turn"].body
    spend(w, (() if w.machine else turn) + (procs["after turn"].body if "after turn" in procs else ()) + ends)
    if w.machine:  # (the search runs the turn again: a function of its own, which counts its own steps)
        machine_turn(w)
        apart(w, "def TURN():", lambda: (spend(w, turn), w.block(turn, Where(turn_ends=True))))
    else:
        w.block(turn, Where(turn_ends=True))
    if "after turn" in procs:
        w.block(procs["after turn"].body, Where())
    for decl in w.c.rules.declarations:
        if isinstance(decl, nodes.EndDecl):
            w.block((nodes.If(((decl.condition, decl.body),)),), Where())
    next_player(w)
    w.depth -= 3
    w.line("    except NEW_ROUND:")
    w.line("        out[:] = [False] * n")
    w.line("        act = list(SEATS[:n])")
    return w.lines


def next_player(w: Writer) -> None:
    decl = next((d for d in w.c.rules.declarations if isinstance(d, nodes.NextDecl)), None)
    if decl is not None:
        w.line(f"me = SEAT({w.expr(decl.player, Where())}, n)")
        return
    w.line("for p in (*range(me + 1, n), *range(me + 1)):")  # round the table from the next seat, me last
    w.line("    if not out[p]:")
    w.line("        me = p")
    w.line("        break")
    w.line("else:")
    w.line("    raise UNPLAYABLE('no active player')")


def definitions(w: Writer) -> list[str]:
    """The definitions the playout calls, each a function of its body (those they call in turn, too); one
    that reads nothing of the game but its arguments keeps its values for the game in a table by them."""
    w.lines, w.depth, done, parts = [], 1, 0, 0
    in_trials = tried(w)
    tables: dict[str, str] = {}  # a pure definition -> its table's constant
    while done < len(w.x.wanted) or parts < len(w.x.parts_wanted):
        if done == len(w.x.wanted):  # (a part's body may want more definitions)
            shared_part(w, *w.x.parts_wanted[parts])
            parts += 1
            continue
        name = w.x.wanted[done]
        done += 1
        cached = name in w.c.emitter.pure  # reads nothing but its arguments (the compiler's pure_definitions)
        version = None if cached or name in in_trials else versioned(w, name)
        fn = f"d_{name}_body" if cached or version is not None else f"d_{name}"
        if (decl := w.x.definition(name)) is not None:
            env, params = parameters(w, decl.params)
            function(w, f"{fn}({params})", decl.body, attrs.evolve(env, shares=version if decl.params else None))
        else:
            decl = w.c.sym.cases[name]
            params = case(w, decl, fn)
        if cached:
            tables[name] = kept(w, name, params)
        elif version is not None:
            kept_while(w, name, version, params)
    for name, wrappers in w.x.keyed.items():  # (their calls were all written with the bodies)
        for wrapper, kinds in wrappers.items():
            keyed(w, name, wrapper, kinds, tables[name])
    return w.lines


def shared_part(w: Writer, name: str, part: nodes.Expr, version: str) -> None:
    """`d_NAME()`: a part of definitions' bodies that reads none of their parameters (Exprs.shared_part), its
    value kept while `version` stands; a comment says whose part it is (the source `cardrules compile` shows)."""
    w.line(f"# d_{name}: {part_of(part, w.c.sym.defs)}, worked out again when {_what_changes(version)} change")
    function(w, f"d_{name}_body()", part, Env())
    kept_while(w, name, version, "")


_VERSION_WORDS = {"zv": "the zones", "me": "the player to move", "act": "who is out", "vv": "the variables"}


def _what_changes(version: str) -> str:
    """What a kept value's version (versioned) counts, in words."""
    words = [_VERSION_WORDS.get(part, part) for part in version.strip("()").split(", ")]  # (a comment: never fails)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def function(w: Writer, head: str, e: nodes.Expr, env: Env) -> None:
    """`def HEAD:` returning the value of `e`, the calls it makes more than once worked out once (`lazy`)."""
    lazies: dict[str, str] = {}
    env = attrs.evolve(env, lazies=lazies)
    body = w.x.twice(lambda: "\n".join(returning(w, e, env)))
    w.line(f"def {head}:")
    if lazies:
        w.line(f"    {' = '.join(lazies.values())} = MISSING")
    w.lines += ["    " * w.depth + "    " + line for line in body.split("\n")]


def returning(w: Writer, e: nodes.Expr, env: Env) -> list[str]:
    """A definition's body as statements returning its value: `A and B` returns A when A is false, else B;
    `all(...)` / `any(...)` over one comprehension is a loop that returns at the first element deciding it
    (what Python's generator does, without making one)."""
    match e:
        case nodes.BoolOp("and", left, right):
            t = w.x.fresh("a")
            return [f"{t} = {w.x.expr(left, env)}", f"if not {t}:", f"    return {t}", *returning(w, right, env)]
        case nodes.Call("all" | "any" as name, (nodes.Comprehension(element, var, source, cond),), ()) \
                if name not in w.c.sym.defs:
            v, each = w.x.fresh("v"), {}  # each: the calls worked out once for each element
            inner = attrs.evolve(env.bind_loop(var, v), per_candidate=each, binders=frozenset({v}))
            lines = [f"for {v} in {w.x.expr(source, attrs.evolve(env, lazies=None))}:"]
            if cond is not None:
                lines += [f"    if not {w.x.expr(cond, inner)}:", "        continue"]
            test = w.x.expr(element, inner)
            decides = f"not {test}" if name == "all" else test
            first = [f"    {' = '.join(each.values())} = MISSING"] if each else []
            return lines[:1] + first + lines[1:] + [f"    if {decides}:", f"        return {name == 'any'}",
                                                     f"return {name == 'all'}"]
    return [f"return {w.x.expr(e, env)}"]


def case(w: Writer, decl: nodes.CaseDecl, fn: str) -> str:
    """`def name(x, k) by k:` -> a function per clause, a table of them by the key's value, and `fn`, which
    calls the clause of its key's value."""
    table = []
    for clause in decl.clauses:
        env, params = parameters(w, decl.params)
        clause_fn = w.x.fresh(f"c_{decl.name}_")
        w.line(f"def {clause_fn}({params}):")
        w.line(f"    return {w.x.expr(clause.body, env)}")
        table.append(f"{w.x.const(w.c.syms[clause.key])}: {clause_fn}")
    w.line(f"c_{decl.name} = {{{', '.join(table)}}}")
    env, params = parameters(w, decl.params)
    w.line(f"def {fn}({params}):")
    w.line(f"    return c_{decl.name}[{env.names[decl.key]}]({params})")
    return params


def kept(w: Writer, name: str, params: str) -> str:
    """`d_NAME`: the value of a pure definition from its table for the game, worked out once for each
    arguments (a list argument keyed by its elements, a tuple tagged apart from a list); the table's constant."""
    table, tag = w.x.const({}), w.x.const(TUPLE)
    keys = "".join(f"(tuple({p}) if {p}.__class__ is list else ({tag}, {p}) if {p}.__class__ is tuple else {p}), "
                   for p in params.split(", ") if p)
    table_wrapper(w, name, f"d_{name}", params, keys, table)
    return table


def keyed(w: Writer, name: str, wrapper: str, kinds: str, table: str) -> None:
    """`wrapper`: `d_NAME` for arguments of known kinds (pure_keys.kind: `l` a plain list, `v` neither a list nor
    a tuple), its key built as `kept`'s would be, without the tests, in the same table."""
    params = args_of(len(kinds))
    table_wrapper(w, name, wrapper, ", ".join(params), key_parts(kinds, params), table)


def table_wrapper(w: Writer, name: str, fn: str, params: str, keys: str, table: str) -> None:
    """`fn(params)`: `d_NAME_body`'s value from `table` by the key `keys` makes."""
    w.line(f"def {fn}({params}):")
    w.line(f"    key = ({keys})")
    w.line("    try:")
    w.line(f"        return {table}[key]")
    w.line("    except KeyError:")
    w.line("        pass")
    w.line("    except TypeError:  # an argument that is no key (a list of lists)")
    w.line(f"        return d_{name}_body({params})")
    w.line(f"    if len({table}) >= {LIMIT}:")
    w.line(f"        {table}.clear()")
    w.line(f"    value = {table}[key] = d_{name}_body({params})")
    w.line("    return value")


def versioned(w: Writer, name: str) -> str | None:
    """The code of what a definition reads besides its arguments, when that is only zones (through the count
    of their changes, `zv`), variables, the turn player and who is out, and its body walks a list (a cheaper
    one is worked out again); else None."""
    decl = w.c.sym.defs.get(name)
    if decl is None or not any(isinstance(node, nodes.Comprehension | nodes.Where) for node in nodes.walk(decl.body)):
        return None
    reads = w.c.reads[name]
    if any(not (r.startswith(("zone ", "var ")) or r in ("zones", "movers", "players", "me", "active"))
           for r in reads):
        return None
    parts = ["zv"] + ["me"] * ("me" in reads) + ["act"] * ("active" in reads)
    parts += ["vv"] * any(r.startswith("var ") for r in reads)  # (any variable set: compared as counts, exactly)
    return parts[0] if len(parts) == 1 else f"({', '.join(parts)})"


def tried(w: Writer) -> set[str]:
    """The names an `afterwards` guard reads or calls directly: asked after each trial's move, never of the
    same game twice, such a definition's value is not kept (versioned)."""
    found: set[str] = set()
    for node in nodes.walk(w.c.rules):
        if isinstance(node, nodes.Guard) and node.afterwards:
            found |= {n.id for n in nodes.walk(node.condition) if isinstance(n, nodes.Name)}
            found |= {n.func for n in nodes.walk(node.condition) if isinstance(n, nodes.Call)}
    return found


def kept_while(w: Writer, name: str, version: str, params: str) -> None:
    """`d_NAME`: a definition's last value, kept while what it reads stands (`version`: playout_game.versioned)
    for the same arguments (the same objects: 1, True and a seat or card numbered 1 are equal, not alike)."""
    names = [p for p in params.split(", ") if p]
    same = "".join(f" and kept[{i}] is {p}" for i, p in enumerate(names, 2))
    w.line(f"kv_{name} = [MISSING, None{', None' * len(names)}]")
    w.line(f"def d_{name}({params}):")
    w.line(f"    kept, key = kv_{name}, {version}")
    w.line(f"    if kept[0] == key{same}:")
    w.line("        return kept[1]")
    w.line(f"    value = d_{name}_body({params})")
    w.line(f"    kept[:] = key, value{''.join(', ' + p for p in names)}")
    w.line("    return value")


def parameters(w: Writer, names: tuple[str, ...]) -> tuple[Env, str]:
    env = Env()
    for name in names:
        env = env.bind(name, w.x.fresh("p"))
    return env, ", ".join(env.names[name] for name in names)
