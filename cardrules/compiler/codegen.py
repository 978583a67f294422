"""Checked expressions -> Python source -> functions: the fast form of a game's rule expressions.

A rules file is untrusted, so no text of it ever reaches the generated source: names become
identifiers made here (`p3`, `d7`), numbers and quoted texts are written with `repr` of an int or
a str, and every other value (options, attribute tables, symbols) is a constant of the module
namespace (`k12`). The source is compiled once per game and set of options.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any, Callable, Iterator, assert_never

import attrs

from ..language import nodes
from ..language.builtins import FUNCTIONS, NAMES, Function
from ..values import NOTHING, SEATS, SEQUENCES, Sym
from .identity import by_identity, membership, walks_values
from .invariants import Facts, reads_a_loop, shareable_part, worth_keeping
from .literals import constant_list
from .pure_keys import cache as pure_cache
from .pure_keys import keyed_call
from .pyforms import OPS, written
from .quantifiers import assign, holds_quantifier
from .reads import Key, Stamp
from .rewrites import empty_as_membership
from .runtime import StaleMemo, stale
from .settings import CHECK_MEMO, switched_on
from .subexpressions import Shared, Store, calls_twice

if TYPE_CHECKING:
    from .compiler import Compiler

_MISSING = object()
_TUPLE = object()  # tags a tuple argument in a cache key, so that (1, 2) and [1, 2] stay apart
_ATOM = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|f\[[0-9]+\]|SEATS\[s\.me\]|s\.n|-?[0-9]+")  # code cheap to repeat
PURE_CACHE_LIMIT = 100_000  # entries kept by one pure definition before its cache starts afresh


@attrs.frozen
class Env:
    """What each name means in generated code: a Python expression (a parameter, `f[3]`, a loop name)."""

    names: dict[str, str] = attrs.Factory(dict)
    it: str | None = None
    hoisted: dict = attrs.Factory(dict)  # calls already computed into a local of the function
    varying: frozenset = frozenset()  # the names (or "it") the innermost loop around the code binds
    lazies: dict | None = None  # call code -> the function's local computing it once, on first use (body)
    looping: bool = False  # inside a loop of the generated function (not only called again and again)
    shares: bool = False  # a body with parameters: a part that loops and reads none of them is kept per state
    nested: bool = False  # inside a comprehension (a function of its own in Python 3.11): locals kept are cells
    # (definition, its argument nodes) -> whether a value kept by this call could never be read again (a trial
    # made in place: trials.py): the call goes straight to the definition's body, storing nothing
    direct: Callable[[str, tuple], bool] | None = None
    cse: Shared | None = None  # the parts of the evaluation being written, shared when repeated (subexpressions)
    # inside a loop: the evaluation around the outermost loop, whose parts a value reading no loop's name shares
    around: Shared | None = None
    # loop name -> its code, for a name that certainly holds an attribute value or none (its loop walks a
    # constant list of them: identity.py); it counts only while `names` gives it that same code
    valued: dict = attrs.Factory(dict)

    def bind(self, name: str, code: str, valued: bool = False) -> "Env":
        kinds = {**self.valued, name: code} if valued else self.valued
        return attrs.evolve(self, names={**self.names, name: code}, hoisted={},  # a name may now mean another
                            varying=frozenset({name}), looping=True, cse=None, around=self.outside(),
                            valued=kinds)

    def with_it(self, code: str) -> "Env":
        return attrs.evolve(self, it=code, hoisted={}, varying=frozenset({"it"}), looping=True, cse=None,
                            around=self.outside())

    def outside(self) -> Shared | None:
        """The evaluation a loop written here sits in (subexpressions.py: values reading no loop's name)."""
        return self.around if self.looping else self.cse


@attrs.frozen
class Variant:
    """A definition written again with one read of the state given as its last argument (compiler/top_card.py:
    the card an `afterwards` trial would put on top of a zone, for the definition's `top(zone)`)."""

    original: str  # the definition it is a variant of
    given: str  # what its last argument stands for, as the rules write it: `top(pile)`
    by_values: bool  # its memo key holds that argument only through the values of its stamp that take it
    reads: frozenset[str]  # what it reads (reads.py's words)
    declaration: nodes.DefDecl  # its parameters (the card last) and body, as the playout writes it


def per_player_base(shared: int, index: int) -> str:
    """The code of the first slot of the `index`-th per-player zone (or variable) after `shared` shared ones,
    `shared + index * s.n`, without multiplying by 0 or 1 at run time (these slots are read in every lister)."""
    shared, index = int(shared), int(index)
    return f"{shared}" if index == 0 else f"{shared} + s.n" if index == 1 else f"{shared} + {index} * s.n"


def _detach(value):
    """A copy of a result that shares no list with the state (an argument may be a zone); a tuple holding no
    list or tuple is immutable all through, and is given as it is."""
    if value.__class__ is list:
        return [v if v.__class__ not in SEQUENCES else _detach(v) for v in value]
    if value.__class__ is tuple:
        for v in value:
            if v.__class__ in SEQUENCES:
                return tuple(_detach(v) for v in value)
    return value


@attrs.frozen
class _Fixed:
    """One member of a family read by a stamp: its slot, fixed when compiled (Emitter._member)."""

    slot: int


class _CallCounter(nodes.NodeVisitor):
    """Counts the calls of definitions in one scope, and notes those evaluated whatever the branches decide."""

    def __init__(self, is_def: Callable[[str], bool]):
        self.is_def = is_def
        self.counts: dict[nodes.Expr, int] = {}
        self.always: set[nodes.Expr] = set()
        self.branch = False  # inside a branch: evaluated only when a condition says so

    def count(self, e: nodes.Expr) -> None:
        self.counts[e] = self.counts.get(e, 0) + 1
        if not self.branch:
            self.always.add(e)

    def in_branch(self, e: nodes.Expr) -> None:
        outer, self.branch = self.branch, True
        self.visit(e)
        self.branch = outer

    def visit_Comprehension(self, e: nodes.Comprehension | nodes.Where) -> None:
        self.visit(e.source)  # the rest sees a newly bound name: another scope

    visit_Where = visit_Comprehension

    def visit_IfExpr(self, e: nodes.IfExpr) -> None:
        self.visit(e.condition)
        self.in_branch(e.then)
        self.in_branch(e.otherwise)

    def visit_BoolOp(self, e: nodes.BoolOp) -> None:
        self.visit(e.left)
        self.in_branch(e.right)

    def visit_Name(self, e: nodes.Name) -> None:
        if self.is_def(e.id):
            self.count(e)

    def visit_Call(self, e: nodes.Call) -> None:  # keyword arguments are functions of 'it': another scope
        if self.is_def(e.func):
            self.count(e)
        for arg in e.args:
            self.visit(arg)


def _repeated_calls(body: nodes.Expr, is_def: Callable[[str], bool]) -> list[nodes.Expr]:
    """Calls of definitions that occur at least twice in the same scope, at least once where they
    are always evaluated (not in a branch): computing them first changes nothing but the cost.
    Smallest first, so that a larger one can use a smaller one's local."""
    counter = _CallCounter(is_def)
    counter.visit(body)
    repeated = [e for e, n in counter.counts.items() if n > 1 and e in counter.always]
    return sorted(repeated, key=lambda e: len(repr(e)))


class ModuleNames:
    """The names of a generated module's namespace, for a writer holding `ns` (the namespace), `counter` (an
    itertools.count) and `const_ids` (id of a constant -> its name): the engine's Emitter and the playout's."""

    ns: dict[str, Any]
    counter: Iterator[int]
    const_ids: dict[int, str]

    def fresh(self, prefix: str) -> str:
        return f"{prefix}{next(self.counter)}"

    def const(self, value: Any) -> str:
        """A module-level name for a value (kept alive by the namespace, so ids stay unique)."""
        name = self.const_ids.get(id(value))
        if name is None:
            name = self.const_ids[id(value)] = self.fresh("k")
            self.ns[name] = value
        return name

    def runtime(self, name: str, value: Any) -> str:
        """A builtin's runtime helper under the name its code calls it by (builtins.Emitting)."""
        if self.ns.setdefault(name, value) is not value:
            raise AssertionError(f"two runtime helpers are named {name}")
        return name


class Emitter(ModuleNames):
    """Writes one Python function per definition, case clause and procedure expression."""

    def __init__(self, c: "Compiler"):
        self.c = c
        self.ns: dict[str, Any] = {"NOTHING": NOTHING, "SEATS": SEATS, "MISSING": _MISSING,
                                   "DETACH": _detach, "TUPLE": _TUPLE, "LIMIT": PURE_CACHE_LIMIT, "STALE": stale,
                                   "STALE_MEMO": StaleMemo, "SEQUENCES": SEQUENCES}
        self.checking = switched_on(CHECK_MEMO)  # read once, when a game is compiled
        self.counter = itertools.count()
        self.const_ids: dict[int, str] = {}
        self.tuples: dict[tuple, str] = {}  # constant list literals' elements -> their module tuple (literals.py)
        self.def_names: dict[str, str] = {}
        self.pure: set[str] = set()  # definitions cached across states (see pure_definitions)
        self.fixed: set[str] = set()  # definitions reading no more than the number of players: cached by it
        self.folded: dict[str, Any] = {}  # definitions without parameters whose value the options fix
        self.inlinable: dict[str, nodes.DefDecl] = {}  # small definitions written into their callers (inlining)
        self.trivial: set[str] = set()  # inlinable ones cheaper than a memo look-up: inlined even in loops
        self.recomputed: set[str] = set()  # cheaper to compute again than to keep (inlining.recomputed): no memo
        self.slots: dict[str, Any] = {}  # definition -> the slots its value reads (reads.slot_reads), None: unknown
        self.reads: dict[str, frozenset[str]] = {}  # definition -> what it reads (reads.definition_reads)
        self.listing: list[str] = []  # every function's source, in order (`cardrules compile`)
        self.parts: dict[nodes.Expr, str] = {}  # parts of definitions kept per state (shared_part) -> function
        self.variants: dict[str, Variant] = {}  # definitions written again with a top card given (top_card.py)
        self._repeats: dict[str, bool] = {}  # inlinable definition -> whether its body calls one twice alike
        self.pure_caches: dict[str, str] = {}  # a pure definition's function -> its cache's constant (pure_keys)
        self._facts: Facts | None = None  # what shareable/invariant ask of each node, once (made when first asked)

    @property
    def tables(self) -> "Compiler":
        """The declaration tables a builtin's code reads (builtins.Tables)."""
        return self.c

    def define(self, source: str, name: str) -> Callable:
        self.listing.append(source)
        exec(compile(source, f"<rules {self.c.path}>", "exec"), self.ns)  # source made here, see module doc
        return self.ns[name]

    # ---- functions ----------------------------------------------------------
    def expression(self, e: nodes.Expr, env: Env) -> Callable:
        """A procedure-level expression: a function (state, frame) -> value."""
        name = self.fresh("e")
        return self.define(f"def {name}(s, f):\n{self.body(e, env)}", name)

    def declare(self, name: str) -> str:
        self.def_names[name] = self.fresh("d")
        return self.def_names[name]

    def definition(self, name: str, params: tuple[str, ...], body: nodes.Expr) -> Callable:
        """`def name(a, b) = body`; calls with one or no argument are memoised per state."""
        fn = self.def_names[name]
        args = [self.fresh("p") for _ in params]
        shares = bool(args) and name not in self.pure and name not in self.fixed
        env = Env({param: arg for param, arg in zip(params, args)}, shares=shares)
        self.define(f"def {fn}_body({', '.join(['s', *args])}):\n{self.body(body, env)}", f"{fn}_body")
        return self.define(self._wrapper(name, fn, args), fn)

    def case(self, name: str, params: tuple[str, ...], key: str, clauses: dict[Sym, nodes.Expr]) -> Callable:
        """`def name(x, k) by k:` — one function per clause, chosen by the key's value."""
        fn = self.def_names[name]
        args = [self.fresh("p") for _ in params]
        env = Env({param: arg for param, arg in zip(params, args)})
        table = {}
        for value, body in clauses.items():
            clause = self.fresh("c")
            table[value] = self.define(f"def {clause}({', '.join(['s', *args])}):\n{self.body(body, env)}", clause)
        chosen = args[params.index(key)]
        joined = ", ".join(args)
        source = f"def {fn}_body(s, {joined}):\n    return {self.const(table)}[{chosen}](s, {joined})\n"
        self.define(source, f"{fn}_body")
        return self.define(self._wrapper(name, fn, args), fn)

    def card_condition(self, params: tuple[str, ...], cond: nodes.Expr) -> Callable:
        """`holds deck(p): COND` -> a function (state, owner or None, card) -> whether COND is true
        of the card (attribute names and `it` are the card's, as after `where`)."""
        fn = self.fresh("h")
        env = Env({param: "owner" for param in params}).with_it("card")
        code, kept = self.evaluation(lambda inner: self.expr(cond, inner), env)
        return self.define(f"def {fn}(s, owner, card):\n{self.resets(kept, 1)}    return bool({code})\n", fn)

    def body(self, e: nodes.Expr, env: Env) -> str:
        """A function body returning `e`; a definition called twice with the same arguments, once
        whatever the branches, is computed once into a local first (common subexpressions)."""
        lines, hoisted, lazies = [], {}, {}
        shared = Shared(self.fresh)
        env = attrs.evolve(env, lazies=lazies, cse=shared)
        for call in _repeated_calls(e, lambda name: name in self.def_names and name not in env.names):
            local = self.fresh("t")
            lines.append(f"    {local} = {self.expr(call, attrs.evolve(env, hoisted=dict(hoisted)))}\n")
            hoisted[call] = local
        env = attrs.evolve(env, hoisted=hoisted)
        if holds_quantifier(self, e):  # all/any as loops: the body becomes statements (quantifiers.py)
            value = self.fresh("r")
            result = "".join(line + "\n" for line in assign(self, e, env, value, 1)) + f"    return {value}\n"
        else:
            result = f"    return {self.expr(e, env)}\n"
        code, kept = shared.resolve("".join(lines) + result)
        return "".join(f"    {local} = MISSING\n" for local in [*lazies.values(), *kept]) + code

    def evaluation(self, write: Callable[[Env], str], env: Env, store: Store | None = None) -> tuple[str, list[str]]:
        """The code `write` gives for one evaluation, its repeated parts shared (subexpressions.py), and the
        locals to set to MISSING before each time it runs (resets); `store`: Shared.resolve's."""
        shared = Shared(self.fresh)
        return shared.resolve(write(attrs.evolve(env, cse=shared)), store)

    def turn(self) -> Shared | None:
        """The evaluation of one turn of a loop written as statements (quantifiers.py): its locals are reset at
        the top of each turn. (None: no part shared within a turn; the tests compare with and without.)"""
        return Shared(self.fresh)

    @staticmethod
    def resets(kept: list[str], depth: int) -> str:
        return "".join(f"{'    ' * depth}{local} = MISSING\n" for local in kept)

    def _wrapper(self, name: str, fn: str, args: list[str]) -> str:
        """How a definition's results are kept: for the game's lifetime when they depend on the arguments
        alone (pure) or on them and the number of players (fixed); else until the state changes."""
        if name in self.pure and args:
            return self._pure_memo(fn, args)
        if name in self.fixed and not args:
            cache = self.const({})
            return (f"def {fn}(s):\n    try:\n        return {cache}[s.n]\n    except KeyError:\n        pass\n"
                    f"    v = {cache}[s.n] = DETACH({fn}_body(s))\n    return v\n")
        if name in self.fixed:
            return self._pure_memo(fn, args, "s.n, ")
        if name in self.recomputed:
            return f"def {fn}({', '.join(['s', *args])}):\n    return {fn}_body({', '.join(['s', *args])})\n"
        stamp = self.stamp(name, args)
        if stamp is not None and (len(args) <= 1 or name in self.variants):
            return self._kept(name, fn, args, *stamp)
        return self._memo(fn, args, name)

    def stamp(self, name: str, args: list[str]) -> tuple[str, list[str]] | None:
        """The code of a definition's memo stamp, the sum of the versions of the slots it reads (each
        version only grows, so the sum changes when any of them does), and the code of what its key
        holds besides its arguments (the turn player, the values of parameterless definitions); None
        when it reads more than zones, variables, `me`, `active` and the number of players
        (reads.slot_reads; engine/state.py)."""
        reads = self.slots.get(name)
        return None if reads is None else self.stamp_code(reads, args)

    def stamp_code(self, reads: Stamp, args: list[str]) -> tuple[str, list[str]]:
        """`stamp`'s code for the slots and values `reads` follows, its parameters' slots read through `args`."""
        slots = {(kind, target, self._member(kind, target, arg)) for kind, target, arg in reads.slots}
        whole = {(kind, target) for kind, target, arg in slots if arg is None}  # every member: one term
        terms = sorted({self._slot_version(kind, target, args[arg] if isinstance(arg, int) else
                                           arg.slot if isinstance(arg, _Fixed) else "s.me" if arg is not None else None)
                        for kind, target, arg in slots if arg is None or (kind, target) not in whole})
        if any(kind == "var" for kind, _, _ in reads.slots):
            terms.append("s.vall")
        if reads.active:
            terms.append("s.aver")
        keyed = (["s.me"] if reads.me else []) + [self.keyed_value(d, args) for d in reads.values]
        return " + ".join(terms) or "0", keyed

    def keyed_value(self, name: str, args: list[str]) -> str:
        """The code of a parameterless definition's value in a memo key; a variant of one (top_card.py) takes
        the card its caller, itself a variant, is given last."""
        given = [args[-1]] if name in self.variants else []
        return self.inlined(name, (), given, Env()) or f"{self.def_names[name]}({', '.join(['s', *given])})"

    def _member(self, kind: str, target: str, arg):
        """A slot read's argument as the stamp follows it: a Key of the family read (`columns(colors)`) is that
        member's slot (_Fixed); a Key of anything else stands for every member (None)."""
        if not isinstance(arg, Key):
            return arg
        c = self.c
        if kind == "zone" and target in c.families:
            first, keys = c.families[target]
            value = c.syms.get(arg.name)
            if value is not None and value in keys:
                return _Fixed(int(first) + int(keys[value]))
        return None

    def _slot_version(self, kind: str, target: str, arg: str | int | None) -> str:
        c = self.c
        if isinstance(arg, int):  # one member's slot, fixed when compiled
            return f"s.zver[{arg}]"
        if kind == "zone" and target in c.families:
            first, keys = c.families[target]
            if arg is not None:
                return f"s.zver[{int(first)} + {self.const(keys)}[{arg}]]"
            return f"sum(s.zver[{int(first)}:{int(first) + len(keys)}])"
        if kind == "zone":
            spec = c.zone_specs[target]
            if not spec.per_player:
                return f"s.zver[{int(spec.index)}]"
            base = per_player_base(c.shared_zones, spec.index)
            return f"s.zver[{base} + {arg}]" if arg is not None else f"sum(s.zver[{base}:{base} + s.n])"
        spec = c.var_specs[target]
        size = int(spec.size)
        if not spec.per_player:
            return f"s.vver[{int(spec.index)}]" if size == 1 else \
                f"sum(s.vver[{int(spec.index)}:{int(spec.index) + size}])"
        base = per_player_base(c.shared_vars, spec.index)
        if arg is None:
            return f"sum(s.vver[{base}:{base} + s.n * {size}])"
        if size == 1:
            return f"s.vver[{base} + {arg}]"
        return f"sum(s.vver[{base} + ({arg}) * {size}:{base} + ({arg}) * {size} + {size}])"

    def _kept(self, name: str, fn: str, args: list[str], stamp: str, keyed: list[str]) -> str:
        """A definition's results kept in `s.kept` as (stamp, value) by its arguments and `keyed` (the turn
        player, values of definitions): a value holds for as long as the slots it reads keep their versions,
        across instructions and moves. A key or stamp that cannot be worked out (an argument that is no
        seat, a list: no key) leaves the call to its body (and its error). A list is kept as a copy: a clone
        starts with its parent's memo (State.clone), so no kept value may share a list with a state."""
        joined = ", ".join(["s", *args])
        variant = self.variants.get(name)
        parts = [*(args[:-1] if variant is not None and variant.by_values else args), *keyed]
        owner = self.entry_owner(name, fn, len(args))
        key = "(" + ", ".join([f"{owner}_body", *parts]) + ")" if parts else f"{owner}_body"
        hit = (f"        STALE({repr(str(name))}, e[1], {fn}_body({joined}))\n" if self.checking else "")
        rethrow = "    except STALE_MEMO:\n        raise\n" if self.checking else ""  # a stale value in the key
        return (f"def {fn}({joined}):\n    try:\n        t = {stamp}\n        k = {key}\n"
                f"        e = s.kept.get(k)\n{rethrow}    except Exception:\n        return {fn}_body({joined})\n"
                f"    if e is not None and e[0] == t:\n{hit}        return e[1]\n"
                f"    v = {fn}_body({joined})\n    s.kept[k] = (t, DETACH(v) if v.__class__ in SEQUENCES else v)\n"
                f"    return v\n")

    def entry_owner(self, name: str, fn: str, arity: int) -> str:
        """Whose function starts a kept value's key. A variant kept by values (top_card.py: its definition's stamp
        reads the destination only through the values in its key) has the same stamp as its definition, and its
        key the same values, worked out from the card: with the definition's function first, the two share
        their entries, so that the definition asked after the move finds the value its trial worked out."""
        variant = self.variants.get(name)
        if variant is None or not variant.by_values:
            return fn
        original = variant.original
        if original in self.pure or original in self.fixed or original in self.recomputed or original in self.folded:
            return fn
        if self.slots.get(original) is None or arity - 1 > 1:  # its own values kept by _kept, as the variant's
            return fn
        return self.def_names[original]

    def _pure_memo(self, fn: str, args: list[str], first: str = "") -> str:
        """A pure definition's results, cached by the values of its arguments for the game's lifetime.
        Lists become tuples in the key; a list holding lists cannot be a key, and that call runs.
        `first` starts the key (`s.n, ` for a definition that reads the number of players)."""
        cache = self.const({}) if first else pure_cache(self, fn)  # shared with its keyed wrappers
        joined = ", ".join(["s", *args])
        parts = first + "".join(f"tuple({a}) if {a}.__class__ is list else (TUPLE, {a}) if isinstance({a}, tuple) "
                        f"else {a}, " for a in args)
        return (f"def {fn}({joined}):\n    key = ({parts})\n"
                f"    try:\n        return {cache}[key]\n    except KeyError:\n        pass\n"
                f"    except TypeError:\n        return {fn}_body({joined})\n"
                f"    if len({cache}) >= LIMIT:\n        {cache}.clear()\n"
                f"    v = {cache}[key] = DETACH({fn}_body({joined}))\n    return v\n")

    def _memo(self, fn: str, args: list[str], name: str) -> str:
        """Definitions only read their arguments and the state, so a result holds until the state changes
        (the engine empties `s.memo` before every instruction). Lists cannot be keys: those calls run."""
        joined = ", ".join(["s", *args])
        if len(args) > 1:
            return f"def {fn}({joined}):\n    return {fn}_body({joined})\n"
        key = f"({fn}_body, {args[0]})" if args else f"{fn}_body"
        guard = f"    if {args[0]}.__class__ is list:\n        return {fn}_body({joined})\n" if args else ""
        hit = (f"    else:\n        STALE({repr(str(name))}, v, {fn}_body({joined}))\n" if self.checking else "")
        return (f"def {fn}({joined}):\n{guard}    m = s.memo\n    v = m.get({key}, MISSING)\n"
                f"    if v is MISSING:\n        v = m[{key}] = {fn}_body({joined})\n{hit}    return v\n")

    # ---- expressions ----------------------------------------------------------
    def expr(self, e: nodes.Expr, env: Env) -> str:
        if env.hoisted and e in env.hoisted:
            return env.hoisted[e]
        if env.shares and self.shareable(e, env):
            return self.shared_part(e, env)
        if env.lazies is not None and env.looping and self.invariant(e, env):
            return self.once(e, env)
        if env.cse is not None and self.sharable(e, env):
            return env.cse.part(self.part_key(e, env), lambda: self.plain(e, env))
        return self.plain(e, env)

    def sharable(self, e: nodes.Expr, env: Env) -> bool:
        """Whether a part may be shared by its occurrences in one evaluation (subexpressions.py): what calls
        something (a builtin, a definition, an attribute's look-up), the parts worth a local; not a zone's or a
        variable's slot; not a new list (each occurrence its own: a comprehension, a `where`, a range); nothing
        that draws. Operators over such parts are left as they are: their parts are shared."""
        match e:
            case nodes.Call(func):
                c = self.c
                if func in c.zone_specs or func in c.var_specs or func in c.families:
                    return False
                return not self.facts().draws(e)
            case nodes.Attr():
                return not self.facts().draws(e)
            case nodes.Name(name):
                return name not in env.names and (name in self.def_names or (env.it is not None
                                                                             and name in self.c.card_attrs))
        return False

    def part_key(self, e: nodes.Expr, env: Env) -> tuple:
        """What makes two occurrences of a part the same value in one evaluation: the node, the code of each
        name it reads from around, and the element `it`."""
        read = sorted((name, env.names[name.lstrip(".")]) for name in self.facts().free(e)
                      if name.lstrip(".") in env.names)
        return e, tuple(read), env.it

    def shareable(self, e: nodes.Expr, env: Env) -> bool:
        """Whether a part of a definition's body loops (a comprehension, a `where`, a keyword argument) and reads
        neither its parameters nor a loop's value: every call of the definition in one state gets its value."""
        return shareable_part(e, self.facts(), env.names, env.it, self.def_names.keys())

    def facts(self) -> Facts:
        """The per-node answers of this compile (invariants.Facts), made once the cards' attributes are known."""
        if self._facts is None:
            self._facts = Facts(self.c.card_attrs)
        return self._facts

    def shared_part(self, e: nodes.Expr, env: Env) -> str:
        """A part of a definition's body that reads none of its parameters (shareable), as a function of the
        state kept in the state's memo as a definition without parameters is: the first call in a state works
        it out, the definition's calls with other arguments read it. Called where the part was, so it is
        worked out only if reached and fails in its place."""
        name = self.parts.get(e)
        if name is None:
            name = self.parts[e] = self.fresh("u")
            self.define(f"def {name}_body(s):\n{self.body(e, Env())}", f"{name}_body")
            self.define(self._memo(name, [], "a part reading no parameter"), name)
        code = f"{name}(s)"
        return self.keep(code, env) if env.looping and env.lazies is not None else code

    def invariant(self, e: nodes.Expr, env: Env) -> bool:
        """Whether an expression inside a loop reads nothing the loops around it bind (invariants.py)."""
        if isinstance(e, nodes.Int | nodes.Str):
            return False
        facts = self.facts()
        return not reads_a_loop(facts.free(e), env.names, env.it, facts.card_attrs) and not facts.draws(e)

    def once(self, e: nodes.Expr, env: Env) -> str:
        """An expression inside a loop that reads no loop's value: computed on first use into a local of the
        function (an assignment expression), then read from it, when its code costs more than that. First
        use: where the code without the local would first compute it, so a value that fails fails there
        (in the same guard, with the same blame), and only if it is reached (short cuts are kept)."""
        inner = attrs.evolve(env, looping=False, varying=frozenset(), cse=env.around, around=None)
        if env.around is None:
            code = self.plain(e, inner)  # its parts: within this one computation
            return self.keep(code, env) if worth_keeping(code, env.nested) else code
        # A part of the evaluation around the loops (subexpressions.py): the same value written before the loop
        # (`count(q(p)) > 0 and all([key(p) > ...` with `key(p) = (count(q(p)), highest(q(p)))` written in) is
        # worked out once. No loop varies it, so a definition it calls may be written in (Emitter.inlined).
        code = self.expr(e, inner)
        if not worth_keeping(env.around.rendered(code), env.nested):
            return code
        return code if env.around.pin(code) else self.keep(code, env)  # a part around: its local, not another

    def keep(self, code: str, env: Env) -> str:
        local = env.lazies.get(code)
        if local is None:
            local = env.lazies[code] = self.fresh("t")
        return f"({local} if {local} is not MISSING else ({local} := {code}))"

    def plain(self, e: nodes.Expr, env: Env) -> str:
        match e:
            case nodes.Compare("in" | "not in" as op, left, right) if (listed := constant_list(self, right, env)):
                code = self.expr(left, env)
                return membership(self, op, left, code, self.ns[listed], bool(_ATOM.fullmatch(code)), env) \
                    or f"({code} {OPS[op]} {listed})"
            case nodes.Compare(op, left, right) if (identity := by_identity(self, op, left, right, env)):
                return f"({self.expr(left, env)} {identity} {self.expr(right, env)})"
            case nodes.Call("empty") if (cheaper := empty_as_membership(e, env.names, self.c.card_attrs,
                                                                        self.c.constant)) is not None:
                return self.expr(cheaper, env)
            case nodes.IfExpr(cond, then, otherwise) if env.cse is not None:  # one side or the other, counted so
                then_code = self.expr(then, env)  # written in the order of the code, as below
                return env.cse.choice(self.expr(cond, env), then_code, self.expr(otherwise, env))
        code = written(self, e, env)
        if code is None:
            raise AssertionError(f"unexpected node {e!r}")
        return code

    def source(self, e: nodes.Expr, env: Env) -> str:
        """The code of a list a loop walks: a list literal of constants as one module tuple (literals.py)."""
        return constant_list(self, e, env) or self.expr(e, env)

    zones_code = "s.zones"  # where the generated code finds the zones (BuiltinCall)

    @staticmethod
    def lambda_env(env: Env, v: str) -> Env:
        """A keyword's function of the element `v` (`by: ...`): a lambda is a scope of its own."""
        return attrs.evolve(env.with_it(v), lazies=None, around=None)

    def name(self, name: str, env: Env) -> str:
        c = self.c
        if name in env.names:
            return env.names[name]
        if name == "it":
            return env.it
        if env.it is not None and name in c.card_attrs:
            return f"{self.const(c.card_attrs[name])}.get({env.it}, NOTHING)"
        if name in self.folded:
            value = self.folded[name]
            return repr(value) if type(value) in (int, bool) else self.const(value)
        if name in self.def_names:
            if name in self.recomputed or self.direct(name, (), env):
                return self.inlined(name, (), [], env) or f"{self.def_names[name]}_body(s)"
            return self.inlined(name, (), [], env) or f"{self.def_names[name]}(s)"
        if name in c.zone_specs:
            spec = c.zone_specs[name]
            return spec.kind.cards_code(f"s.zones[{int(spec.index)}]")  # the zone as a list of its cards
        if name in c.var_specs:
            return f"s.vars[{int(c.var_specs[name].index)}]"
        for table in (c.options, c.syms, c.card_names):
            if name in table:
                return self.const(table[name])
        return NAMES[name].code(self)

    def call(self, e: nodes.Call, env: Env) -> str:
        c, name = self.c, e.func
        if not (name in c.families or name in c.zone_specs or name in c.var_specs or name in self.def_names):
            function = FUNCTIONS[name]  # a builtin: the file's own names come first
            return function.code(BuiltinCall(self, e, env, function))
        args = [self.expr(a, env) for a in e.args]
        if name in c.families:
            first, keys = c.families[name]
            return f"s.zones[{int(first)} + {self.const(keys)}[{args[0]}]]"
        if name in c.zone_specs and c.zone_specs[name].kind.by_cell:  # `grid(cell)`: the cards on a cell
            return c.zone_specs[name].kind.cards_code(f"s.zones[{int(c.zone_specs[name].index)}]", args[0])
        if name in c.zone_specs:
            base, index = int(c.shared_zones), int(c.zone_specs[name].index)
            return f"s.zones[{per_player_base(base, index)} + {args[0]}]"
        if name in c.var_specs:
            return f"s.vars[{self.var_slot(name, args)}]"
        inlined = self.inlined(name, e.args, args, env)
        if inlined:
            return inlined
        if name not in self.pure and name not in self.fixed and len(args) > 1 and name not in self.variants:
            # its wrapper keeps nothing (_memo)
            return f"{self.def_names[name]}_body(s, {', '.join(args)})"
        if name in self.recomputed or self.direct(name, e.args, env):  # its wrapper keeps nothing, or in vain
            return f"{self.def_names[name]}_body({', '.join(['s', *args])})"
        return keyed_call(self, name, e.args, args, env) or f"{self.def_names[name]}({', '.join(['s', *args])})"

    def direct(self, name: str, arg_nodes: tuple[nodes.Expr, ...], env: Env) -> bool:
        """Whether a call goes to the definition's body, its wrapper passed by: the values it would keep
        could never be read again (Env.direct). Values kept for the game (pure, fixed) always may be."""
        return env.direct is not None and name not in self.pure and name not in self.fixed \
            and env.direct(name, arg_nodes)

    def inlined(self, name: str, arg_nodes: tuple[nodes.Expr, ...], args: list[str], env: Env) -> str | None:
        """A small definition's body written in place of its call (no call, no memo), its parameters
        standing for the arguments' code; None where the call stays. The arguments must be plain names
        or numbers (their code is repeated where the body uses them), and a call inside a loop whose
        arguments do not change with the innermost loop stays a (memoised) call unless the body is
        trivial: the memo computes it once for the whole loop."""
        decl = self.inlinable.get(name)
        if decl is None or not all(_ATOM.fullmatch(code) for code in args):
            return None
        if env.cse is None and self.repeats(name):  # its own function computes the repeated call once
            return None
        varying = frozenset(p for p, a in zip(decl.params, arg_nodes) if self.varies(a, env))
        if env.varying and not varying and name not in self.trivial:
            return None
        inner = Env(dict(zip(decl.params, args)), varying=varying, lazies=env.lazies, looping=env.looping,
                    cse=env.cse, around=env.around)
        return f"({self.expr(decl.body, inner)})"

    def repeats(self, name: str) -> bool:
        """Whether a definition's body calls a definition twice alike (kept once where it is written in only by
        a caller sharing repeated parts: subexpressions.py)."""
        found = self._repeats.get(name)
        if found is None:
            found = self._repeats[name] = calls_twice(self.inlinable[name].body, self.def_names)
        return found

    def varies(self, e: nodes.Expr, env: Env) -> bool:
        """Whether an expression may have another value at each turn of the innermost loop it is inside."""
        if not env.varying:
            return False
        it = "it" in env.varying
        return any(isinstance(n, nodes.Name) and (n.id in env.varying or (it and n.id in self.c.card_attrs))
                   for n in nodes.walk(e))

    def iteration(self, e: nodes.Comprehension | nodes.Where, env: Env) -> str:
        """The inside of a comprehension, `element for v in source if test`: a list in brackets, a
        generator in a call."""
        v = self.fresh("v")
        # no assignment expression in a comprehension's source
        outer = attrs.evolve(env, lazies=None, cse=None, around=None)
        env = attrs.evolve(env, nested=True)
        match e:
            case nodes.Comprehension(element, var, source, cond):
                inner = env.bind(var, v, walks_values(self, source, outer))
                test = f" if {self.expr(cond, inner)}" if cond is not None else ""
                return f"{self.expr(element, inner)} for {v} in {self.source(source, outer)}{test}"
            case nodes.Where(source, cond):
                return f"{v} for {v} in {self.source(source, outer)} if {self.expr(cond, env.with_it(v))}"
        assert_never(e)

    def var_slot(self, name: str, args: list[str]) -> str:
        spec = self.c.var_specs[name]
        player = args[0] if spec.per_player else None
        flat = "0"
        for table, arg in zip(spec.keys, args[1:] if spec.per_player else args):
            flat = f"({flat}) * {len(table)} + {self.const(table)}[{arg}]"
        if player is None:
            return f"{int(spec.index)} + {flat}"
        return f"{per_player_base(self.c.shared_vars, spec.index)} + ({player}) * {int(spec.size)} + {flat}"


class BuiltinCall:
    """One call of a builtin function as its record writes it (builtins.CallSite): the arguments'
    code on demand, in the order the record asks for it, so names are made in the same order. Its writer
    `g` is this module's Emitter or the playout's (playout_exprs.Exprs): each says where the zones are
    (`zones_code`) and what scope a keyword's function has (`lambda_env`)."""

    def __init__(self, g: Any, call: nodes.Call, env: Any, function: Function):
        self.g, self.call, self.env, self.function = g, call, env, function
        self.tables = g.c
        self._args: list[str] | None = None

    def const(self, value: Any) -> str:
        return self.g.const(value)

    def runtime(self, name: str, value: Any) -> str:
        return self.g.runtime(name, value)

    def arg(self, i: int) -> str:
        if i == 0 and self.function.grid:  # the checker made sure the first argument names a grid zone
            return f"{self.g.zones_code}[{int(self.g.c.zone_specs[self.call.args[0].id].index)}]"
        return self.g.expr(self.call.args[i], self.env)

    def args(self) -> list[str]:
        if self._args is None:
            self._args = [self.arg(i) for i in range(len(self.call.args))]
        return self._args

    def keywords(self) -> list[str]:
        out = []
        for kw in self.call.kwargs:
            assert kw.name in self.function.keywords  # checked: a name of the record, not just the file's text
            v = self.g.fresh("v")
            out.append(f"{kw.name}=lambda {v}: {self.g.expr(kw.value, self.g.lambda_env(self.env, v))}")
        return out

    def generator(self) -> str:
        return self.g.iteration(self.call.args[0], self.env)
