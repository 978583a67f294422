"""Expressions of checked rules -> Python source over a playout's plain lists (compiler/playout.py).

A playout keeps the zones as one list `Z` in the engine's slot order and the variables as one list `V` in the
engine's order, the turn player as the int `me`, the number of players as `n`, who is out as the list `out`.
Definitions become functions `d_NAME` of the playout's body (closures over those names), worked out at each
call. Builtins are written as the engine writes them (their records' `emit`) where that code does not read
the engine's State; the names the State answers (`me`, `players`, `active`, ...) are written here. Anything
else raises Unsupported: the game is then played on the engine alone.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..engine.percard import mover_among
from ..language import nodes
from ..language.builtins import FUNCTIONS, NAMES, Constant, owner_among, seat_after, words_of
from ..values import NOTHING, SEATS, Sym
from . import pure_keys
from .codegen import BuiltinCall, ModuleNames
from .identity import names_a_value
from .invariants import reads_a_loop, shareable_part, worth_keeping
from .pyforms import written
from .rewrites import empty_as_membership

if TYPE_CHECKING:
    from .compiler import Compiler

_READS_STATE = re.compile(r"\bs\b")  # a builtin's code that reads the engine's State
# The most nodes of a definition always written in place: `top(pile).suit` is three; a key such as
# `(count(best(p)), highest(best(p)))` seven: written in place, its calls are the ones the body around it
# keeps already (`lazy`), where a call of it would look them up again.
TINY = 8
SMALL = 40  # the most nodes of a definition written in place of its calls: a guard of a few tests, not a table
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a name written as code
_ATOM = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|SEATS\[me\]|-?[0-9]+")  # code cheap to repeat
# The names the State answers, over the playout's own: the turn player, the seats, the number of players.
_STATE_NAMES = {"me": "SEATS[me]", "players": "list(SEATS[:n])", "num_players": "n",
                "active": "act"}  # the seats not out: a list made again whenever who is out changes
_STATE_CALLS = {"left": "SEATS[({0} + 1) % n]", "right": "SEATS[({0} - 1) % n]", "eliminated": "out[{0}]"}


class Unsupported(Exception):
    """Something a playout does not write (yet): the game is played on the engine alone."""


class Searched(Unsupported):
    """Something only a playout written as a machine plays (playout_machine.py): written again so."""


@attrs.frozen
class Env:
    """What names mean where an expression is written: the rules' local names -> Python code, and `it`."""

    names: dict[str, str] = attrs.Factory(dict)
    it: str | None = None
    # In a definition's body: the calls of definitions worked out at most once per call of it (their
    # arguments read no loop name), code -> its local; and the names loops bind there.
    lazies: dict[str, str] | None = None
    looping: frozenset[str] = frozenset()
    # In a listing: the calls that read the candidate's binders (and no other loop name), worked out once per
    # candidate, code -> its local (set to MISSING at each candidate); the binders' locals.
    per_candidate: dict[str, str] | None = None
    binders: frozenset[str] = frozenset()
    # Inside a part that reads no loop's value, worked out once (Exprs.once): its own parts are not kept apart.
    in_once: bool = False
    # In the body of a definition with parameters whose value is kept (playout_game.versioned): the code of what
    # that value is kept by; a part of the body that loops and reads no parameter is kept by it too (shared_part).
    shares: str | None = None

    def bind(self, name: str, code: str) -> "Env":
        return attrs.evolve(self, names={**self.names, name: code})

    def bind_loop(self, name: str, code: str) -> "Env":
        return attrs.evolve(self, names={**self.names, name: code}, looping=self.looping | {code})

    def with_it(self, code: str) -> "Env":
        return attrs.evolve(self, it=code, looping=self.looping | {code})


class Exprs(ModuleNames):
    """Writes expressions; collects the module constants (`ns`) and the definitions they call (`wanted`)."""

    def __init__(self, c: "Compiler", ns: dict[str, Any]):
        self.c, self.ns, self.tables = c, ns, c
        self.const_ids: dict[int, str] = {}
        self.counter = itertools.count(1)
        self.wanted: list[str] = []  # definitions called so far, in the order first called
        self.inlining = 0
        self.counting: dict[str, int] | None = None  # the first of `twice`'s writings: calls counted here
        self.counts: dict[str, int] = {}
        self.describe: Callable[[Any], str] | None = None  # how the game writes a value (words), when known
        self.uses_random = False  # a `random(xs)`: the playout defines RAND, drawing from its generator
        self.keyed: dict[str, dict[str, str]] = {}  # a pure definition -> its keyed wrappers -> their kinds
        # (a definition's part, what it is kept by) -> the name of its function; each to write (playout_game)
        self.parts: dict[tuple[nodes.Expr, str], str] = {}
        self.parts_wanted: list[tuple[str, nodes.Expr, str]] = []
        self.defined = frozenset(c.sym.defs) | frozenset(c.sym.cases)  # the rules' definitions, by name
        # a definition's variant taking the top card (top_card.py: `lead'pile`) -> the name the playout writes
        # it by, `lead_top1`: an identifier no definition of the file has (the playout writes them by name)
        self.variant_names: dict[str, str] = {}
        self.variants: dict[str, nodes.DefDecl] = {}  # that name -> the variant's parameters and body
        self.originals: dict[str, str] = {}  # that name -> the definition it is a variant of

    def const(self, value: Any) -> str:
        if value is None or value.__class__ in (int, bool):  # written as itself (the engine's writer does so
            return repr(value)  # before it asks for a constant)
        return super().const(value)

    def want(self, name: str) -> str:
        if not IDENTIFIER.fullmatch(name):  # the grammar's names; nothing else of the rules is written as code
            raise Unsupported(f"a name {name!r}")
        if name not in self.wanted:
            self.wanted.append(name)
        return f"d_{name}"

    # -- expressions
    def expr(self, e: nodes.Expr, env: Env) -> str:
        known, value = self.c.constant(e)
        if known and value.__class__ not in (list, tuple, dict):  # an option, a symbol, a number: one constant
            return self.const(value)
        if env.shares is not None and not env.in_once and self.shareable(e, env):
            return self.shared_part(e, env)
        if env.lazies is not None and env.looping and not env.in_once and self.invariant(e, env):
            return self.once(e, env)
        return self.plain(e, env)

    def shareable(self, e: nodes.Expr, env: Env) -> bool:
        """Whether a part of a definition's body loops and reads neither its parameters nor a loop's value, as the
        engine's code asks (invariants.shareable_part): `may_follow(c)` asking whether the hand holds the suit
        led, for every card c."""
        return shareable_part(e, self.c.emitter.facts(), env.names, env.it, self.defined)

    def shared_part(self, e: nodes.Expr, env: Env) -> str:
        """The call of a function of its own for a shareable part, its value kept while what the definition's
        value is kept by stands (`env.shares`); called where the part was, so worked out only if reached."""
        key = (e, env.shares)
        name = self.parts.get(key)
        if name is None:
            name = next(f"part{i}" for i in itertools.count(len(self.parts) + 1)  # (d_NAME, d_NAME_body: theirs)
                        if not {f"part{i}", f"part{i}_body"} & self.defined)
            self.parts[key] = name
            self.parts_wanted.append((name, e, env.shares))
        return self.lazy(f"d_{name}()", env)

    def invariant(self, e: nodes.Expr, env: Env) -> bool:
        """Whether an expression inside a loop reads no value a loop around it binds (nor draws), and is not a
        definition's call (`lazy` keeps those) or a zone's or a variable's slot (cheaper read again); `not x` and
        `-x` are left to their operand (kept by itself: one more local would only add a test)."""
        if isinstance(e, nodes.Name | nodes.Int | nodes.Str | nodes.Not | nodes.Neg):
            return False
        c = self.c
        if isinstance(e, nodes.Call) and (e.func in c.sym.defs or e.func in c.sym.cases or e.func in c.zone_specs
                                          or e.func in c.var_specs or e.func in c.families):
            return False
        facts = self.c.emitter.facts()  # (the engine's code asks the same of the same nodes)
        return not facts.draws(e) and not reads_a_loop(facts.free(e), env.names, env.it, c.card_attrs,
                                                         loops=env.looping)

    def once(self, e: nodes.Expr, env: Env) -> str:
        """An expression inside a loop that reads no loop's value (`invariant`): worked out where first needed,
        then read from a local of the body or listing (`lazy`), as the engine's code does (codegen.once):
        `players where rank(it) == max([rank(q) for q in players])` works out the maximum once, not once a
        player. Its own parts are worked out within that one computation (the definitions' calls in it are still
        the body's: `lazy`). Kept only where its code costs more than reading a closure's cell
        (invariants.worth_keeping)."""
        code = self.plain(e, attrs.evolve(env, in_once=True))
        if self.counting is not None or not worth_keeping(code, nested=True):
            return code  # (`twice`'s counting writing: its loops' names are not the final ones, nor its locals)
        return self.lazy(code, env)

    def plain(self, e: nodes.Expr, env: Env) -> str:
        match e:
            case nodes.Compare("==" | "!=" as op, left, right) if self.a_value(left, env) or self.a_value(right, env):
                return f"({self.expr(left, env)} {'is' if op == '==' else 'is not'} {self.expr(right, env)})"
            case nodes.Call("empty") if (cheaper := empty_as_membership(e, env.names, self.c.card_attrs,
                                                                        self.c.constant)) is not None:
                return self.expr(cheaper, env)
        code = written(self, e, env)
        if code is not None:
            return code
        raise Unsupported(f"expression {type(e).__name__}")

    zones_code = "Z"  # where the playout finds the zones (codegen.BuiltinCall)

    @staticmethod
    def lambda_env(env: Env, v: str) -> Env:
        """A keyword's function of the element `v` (`by: ...`): a lambda is a scope of its own, where no value of
        the body's or the candidate's is kept (its assignment would bind a local of the lambda)."""
        return attrs.evolve(env.with_it(v), lazies=None, per_candidate=None)

    def a_value(self, e: nodes.Expr, env: Env) -> bool:
        """Whether an expression certainly gives an attribute value or none, each equal only to itself (values.Sym
        is interned), so that `==` is `is` (identity.py says the same of the engine's code): a card's attribute
        whose every card gives one, or a constant that is one."""
        match e:
            case nodes.Attr(_, name):
                return self.valued(name)
            case nodes.Name(name) if name not in env.names and env.it is not None and name in self.c.card_attrs:
                return self.valued(name)
            case nodes.Name(name) if name not in env.names:  # a symbol, `none`, a definition giving one
                return names_a_value(self.c.emitter, name, env)  # (as the engine's code decides: identity.py)
        return False

    def valued(self, attribute: str) -> bool:
        values = self.c.card_attrs.get(attribute)
        return bool(values) and all(v.__class__ is Sym or v is NOTHING for v in values.values())

    def iteration(self, e: nodes.Comprehension | nodes.Where, env: Env) -> str:
        v = self.fresh("v")
        outer = attrs.evolve(env, lazies=None, per_candidate=None)  # (no assignment expression in an iterable)
        match e:
            case nodes.Comprehension(element, var, source, cond):
                inner = env.bind_loop(var, v)
                test = f" if {self.expr(cond, inner)}" if cond is not None else ""
                return f"{self.expr(element, inner)} for {v} in {self.expr(source, outer)}{test}"
            case nodes.Where(source, cond):
                return f"{v} for {v} in {self.expr(source, outer)} if {self.expr(cond, env.with_it(v))}"
        raise Unsupported("iteration")

    def name(self, name: str, env: Env) -> str:
        c = self.c
        if name in env.names:
            return env.names[name]
        if name == "it" and env.it is not None:
            return env.it
        if env.it is not None and name in c.card_attrs:
            return f"{self.const(c.card_attrs[name])}.get({env.it}, NOTHING)"
        if name in c.sym.defs:
            if c.sym.defs[name].params:
                raise Unsupported("a definition named without its arguments")
            return self.inlined(name, [], env) or self.lazy(f"{self.want(name)}()", env)
        if name in c.zone_specs:
            spec = c.zone_specs[name]
            if spec.per_player:
                raise Unsupported(f"zone {name} as a value")
            return spec.kind.cards_code(f"Z[{int(spec.index)}]")  # the zone as a list of its cards
        if name in c.var_specs:
            spec = c.var_specs[name]
            if spec.per_player or spec.keys:
                raise Unsupported(f"variable {name} without its keys")
            return f"V[{int(spec.index)}]"
        for table in (c.options, c.syms, c.card_names):
            if name in table:
                return self.const(table[name])
        if name in _STATE_NAMES:
            return _STATE_NAMES[name]
        if name == "sides":
            return self.sides()
        record = NAMES.get(name)
        if isinstance(record, Constant):
            return self.const(record.value)
        raise Unsupported(f"name {name}")

    def variant(self, name: str) -> str:
        """The name the playout writes a variant of a definition by (declaring it on first use)."""
        found = self.variant_names.get(name)
        if found is None:
            original = self.c.emitter.variants[name].original
            found = next(f"{original}_top{i}" for i in itertools.count(len(self.variant_names) + 1)
                         if f"{original}_top{i}" not in self.defined)
            self.variant_names[name] = found
            self.variants[found] = attrs.evolve(self.c.emitter.variants[name].declaration, name=found)
            self.originals[found] = original
        return found

    def definition(self, name: str) -> nodes.DefDecl | None:
        """The declaration of a definition the playout writes: the file's, or a variant's."""
        return self.c.sym.defs.get(name) or self.variants.get(name)

    def call(self, e: nodes.Call, env: Env) -> str:
        c, name = self.c, e.func
        if name in c.emitter.variants:  # (a top card given: top_card.py, asked by playout_choices.try_afterwards)
            e = attrs.evolve(e, func=self.variant(name))
            name = e.func
        if name in c.families:
            first, keys = c.families[name]
            return f"Z[{int(first)} + {self.const(keys)}[{self.expr(e.args[0], env)}]]"
        if name in c.zone_specs and c.zone_specs[name].kind.by_cell:  # `grid(cell)`: the cards on a cell
            return c.zone_specs[name].kind.cards_code(f"Z[{int(c.zone_specs[name].index)}]", self.expr(e.args[0], env))
        if name in c.zone_specs:
            return f"Z[{self.zone_base(name)} + {self.seat_index(e.args[0], env)}]"
        if name in c.var_specs:
            return f"V[{self.var_slot(name, [self.expr(a, env) for a in e.args])}]"
        if name in c.sym.defs or name in c.sym.cases or name in self.variants:
            args = [self.expr(a, env) for a in e.args]
            return self.inlined(name, args, env) or self.lazy(
                self.keyed_call(name, e.args, args, env) or f"{self.want(name)}({', '.join(args)})", env)
        if name == "keys" and c.sym.kind(e.args[0].id).opens_in_order:  # the members holding cards, oldest first
            first, keys = c.families[e.args[0].id]  # (builtins.open_keys; the playout notes every opening)
            by_slot = {first + i: key for key, i in keys.items()}
            return f"[{self.const(by_slot)}[slot] for slot in opened if Z[slot]]"
        if name in _STATE_CALLS:
            return _STATE_CALLS[name].format(self.expr(e.args[0], env))
        if name == "next_seat":
            after, among = self.expr(e.args[0], env), self.expr(e.args[1], env)
            return f"{self.runtime('SEAT_AFTER', seat_after)}(n, {after}, {among})"
        if name == "owner":
            shared = int(c.shared_zones)
            return f"{self.runtime('OWNER_AMONG', owner_among)}(Z, {shared}, n, {self.expr(e.args[0], env)})"
        if name == "side":  # the side of a seat, from the rules' `sides` as they stand
            return f"SIDE_OF({self.sides()}, {self.expr(e.args[0], env)})"
        if name == "words":  # written with the game's card texts (Game.describe)
            if self.describe is None:
                raise Unsupported("words without the game")
            values = ", ".join(self.expr(a, env) for a in e.args)
            return f"{self.runtime('WORDS_OF', words_of)}([{values}], {self.runtime('DESCRIBE', self.describe)})"
        if name == "mover":  # who last moved the card (percard.mover_of), kept after every variable
            return f"{self.runtime('MOVER_AMONG', mover_among)}(V, mb, {self.expr(e.args[0], env)})"
        if name == "random":  # the game's generator draws, as State.random_below does
            self.uses_random = True
            return f"RAND({self.expr(e.args[0], env)})"
        function = FUNCTIONS[name]
        if function.statements_only:
            raise Unsupported(f"builtin {name}")
        code = function.code(BuiltinCall(self, e, env, function))
        if _READS_STATE.search(code):
            raise Unsupported(f"builtin {name} reads the state")
        return code

    def keyed_call(self, name: str, arg_nodes: tuple[nodes.Expr, ...], args: list[str], env: Env) -> str | None:
        """The call of a pure definition through the wrapper for its arguments' kinds (pure_keys.kind: a key built
        without testing each argument's class, the general wrapper's table), or None where a kind is not known."""
        kinds = pure_keys.kinds_of(self.c.emitter, name, arg_nodes, env)
        if kinds is None:
            return None
        wrapper = f"{self.want(name)}_{kinds}"
        self.keyed.setdefault(name, {})[wrapper] = kinds
        return f"{wrapper}({', '.join(args)})"

    def inlined(self, name: str, args: list[str], env: Env) -> str | None:
        """A small definition's body written in place of its call (no call): one of at most SMALL nodes that
        walks no list itself, called with plain names or numbers (their code is repeated where the body names
        them). A larger one stays a call, which a body or a listing works out once (`lazy`)."""
        decl = self.definition(name)
        if decl is None or self.inlining > 8 or not all(_ATOM.fullmatch(a) for a in args):
            return None
        # (a variant's size is its definition's: the card given as one more argument is no more work)
        body = list(nodes.walk(self.c.sym.defs.get(self.originals.get(name, name), decl).body))
        text = f"d_{name}({', '.join(args)})"
        if len(body) <= TINY:  # cheaper written again than called or kept: `top(pile).suit`
            pass
        elif self.counting is not None:
            self.counting[text] = self.counting.get(text, 0) + 1
        elif self.counts.get(text, 0) > 1 and self.table(text, env) is not None:
            return None  # called again in the same code: worked out once there instead (`lazy`)
        elif env.lazies is not None and not any(name in env.looping for a in args for name in re.findall(r"\w+", a)):
            return None  # worked out once for the body or the listing instead (`lazy`)
        if len(body) > SMALL or any(isinstance(n, nodes.Comprehension | nodes.Where) or (
                isinstance(n, nodes.Call) and n.kwargs) for n in body):
            return None
        self.inlining += 1
        try:
            inner = attrs.evolve(env, names=dict(zip(decl.params, args)), it=None)
            return f"({self.expr(decl.body, inner)})"
        finally:
            self.inlining -= 1

    def table(self, code: str, env: Env) -> dict[str, str] | None:
        """Where a call is kept: for the body or listing (it reads no loop name), for the candidate (it reads
        the candidate's binders), or nowhere (another loop's name)."""
        loops = {name for name in env.looping if re.search(rf"\b{name}\b", code)}
        return env.lazies if not loops else env.per_candidate if loops <= env.binders else None

    def twice(self, write: Callable[[], str]) -> str:
        """The code `write` gives, written once to count the calls of definitions it makes, then again knowing
        them: a call made more than once is worked out once (`lazy`) rather than written in place each time."""
        self.counting = {}
        write()
        self.counts, self.counting = self.counting, None
        try:
            return write()
        finally:
            self.counts = {}

    def lazy(self, code: str, env: Env) -> str:
        """A definition's call inside another's body, worked out once there when no loop name is in it: nothing
        changes the game while an expression is worked out, so the value stands for the whole body."""
        table = self.table(code, env)
        if table is None:
            return code
        local = table.get(code)
        if local is None:
            local = table[code] = self.fresh("t")
        return f"({local} if {local} is not MISSING else ({local} := {code}))"

    def var_span(self, name: str) -> str:
        """Every slot of a variable in V, as a slice: its keys, and every player's for a per-player one."""
        spec = self.c.var_specs[name]
        if not spec.per_player:
            return f"{int(spec.index)}:{int(spec.index) + int(spec.size)}"
        self.ns.setdefault("_var_bases", {})[name] = spec.index
        return f"vb_{name}:vb_{name} + n * {int(spec.size)}"

    def sides(self) -> str:
        """The sides as the State gives them: the rules' `sides` (SIDES, a function of the playout), else
        every seat alone."""
        declared = any(isinstance(d, nodes.SidesDecl) for d in self.c.rules.declarations)
        return "SIDES()" if declared else "[[SEATS[p]] for p in range(n)]"

    def seat_index(self, e: nodes.Expr, env: Env) -> str:
        """A seat used as an index: the turn player as the plain int `me` (a Seat indexes alike, slower)."""
        if isinstance(e, nodes.Name) and e.id == "me" and "me" not in env.names:
            return "me"
        return self.expr(e, env)

    def zone_base(self, name: str) -> str:
        """The slot of a per-player zone's seat 0 (`Z[base + p]`), a local of the playout."""
        self.ns.setdefault("_bases", {})[name] = self.c.zone_specs[name].index
        return f"b_{name}"

    def var_slot(self, name: str, args: list[str]) -> str:
        """A variable's place in V (as Compiler.var_slot lays it out): its keys after the player, row-major."""
        spec = self.c.var_specs[name]
        flat = "0"
        for table, arg in zip(spec.keys, args[1:] if spec.per_player else args):
            flat = f"({flat}) * {len(table)} + {self.const(table)}[{arg}]"
        if not spec.per_player:
            return f"{int(spec.index)} + {flat}"
        self.ns.setdefault("_var_bases", {})[name] = spec.index
        return f"vb_{name} + ({args[0]}) * {int(spec.size)} + {flat}"


__all__ = ["IDENTIFIER", "Env", "Exprs", "SEATS", "Searched", "Unsupported"]
