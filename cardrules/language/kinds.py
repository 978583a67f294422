"""Nodes + symbols -> the kind of every expression (a number, a seat, a card, a list of cards, a colour, ...)
and the located errors where an expression of one kind stands where another is needed.

A checker pass: it runs after names are resolved and reports only what is certain. Where it cannot tell
(a parameter, an unknown name, a variable set to different kinds) the kind is *unknown*, and unknown never
makes an error; `none` is taken to fit everywhere, since most values may be `none` (`top` of an empty zone).
The kinds of the built-ins' arguments and results are in their records (`takes`, `gives` in builtins.py);
a definition's kind is inferred from its body, for the kinds of the arguments of each call (there is no
recursion, so this ends), and a variable's from its initial value and every `set` of it.
"""

from __future__ import annotations

import functools
from typing import Callable, assert_never

import attrs

from ..diagnostics import Diagnostic, Span, error
from . import nodes
from .builtins import FUNCTIONS, NAMES, Constant
from .percard import CARD_KEY
from .symbols import Symbols, place

# The error codes of this pass (docs/language.md, section 5, "Kinds").
NOT_A_SEAT = "E401"  # a seat (or players) needed
COMPARED = "E402"  # two kinds that cannot be compared
NOT_A_NUMBER = "E403"  # arithmetic on something that is not a number
NOT_A_LIST = "E404"  # `in`, `where`, a comprehension or an index on something that is not a list
NOT_A_CONDITION = "E405"  # a condition that is certainly not true or false
NOT_A_CARD = "E406"  # an attribute read from something that is not a card
WRONG_ARGUMENT = "E407"  # an argument, a key or a moved thing of the wrong kind
MAX_DEPTH = 40  # definitions calling definitions, followed for their kinds: deep enough, and far from Python's limit


@attrs.frozen(cache_hash=True)
class Kind:
    """What an expression gives. `name` is one of number, truth, text, seat, card, value (of the ranked
    `attribute`), cell, tuple (of `items`), list (of `element`), none, unknown and empty (the elements of
    `[]`: no kind yet)."""

    name: str
    attribute: str = ""
    element: "Kind | None" = None
    items: tuple["Kind", ...] = ()


NUMBER, TRUTH, TEXT, SEAT, CARD, CELL = (Kind(n) for n in ("number", "truth", "text", "seat", "card", "cell"))
NONE, UNKNOWN, EMPTY = Kind("none"), Kind("unknown"), Kind("empty")
WILD = ("unknown", "none", "empty")  # fits anywhere


@functools.cache  # kinds are few: made once each
def list_of(element: Kind) -> Kind:
    return Kind("list", element=element)


@functools.cache
def value_of(attribute: str) -> Kind:
    return Kind("value", attribute=attribute)


@functools.cache
def tuple_of(items: tuple[Kind, ...]) -> Kind:
    return Kind("tuple", items=items)


CARDS, SEATS_LIST, CELLS = list_of(CARD), list_of(SEAT), list_of(CELL)


def parameter(name: str) -> Kind:
    """A definition's or an action's parameter inside its body: unknown, but marked, so that what the body
    needs of it is noted (a seat for `hand(p)`, a card for `p.color`) and its calls can be checked."""
    return Kind("unknown", attribute=name)


def _parameter_name(k: Kind) -> str | None:
    return k.attribute if k.name == "unknown" and k.attribute else None


# ---- words -----------------------------------------------------------------------------------------
_SINGULAR = {"number": "a number", "truth": "true or false", "text": "a text", "seat": "a seat", "card": "a card",
             "cell": "a cell", "tuple": "a tuple", "none": "none", "unknown": "a value", "empty": "a value"}
_PLURAL = {"number": "numbers", "truth": "truth values", "text": "texts", "seat": "seats", "card": "cards",
           "cell": "cells", "tuple": "tuples"}


def describe(k: Kind) -> str:
    """A kind in words, with its article: 'a list of cards', 'a color'."""
    if k.name == "value":
        return f"{'an' if k.attribute[:1] in 'aeiou' else 'a'} {k.attribute}"
    if k.name == "list":
        assert k.element is not None
        if k.element.name == "empty":
            return "an empty list"
        return "a list" if k.element.name in WILD else f"a list of {_plural(k.element)}"
    return _SINGULAR[k.name]


def _plural(k: Kind) -> str:
    if k.name == "value":
        return f"{k.attribute}s"
    if k.name == "list":
        assert k.element is not None
        return "lists" if k.element.name in WILD else f"lists of {_plural(k.element)}"
    return _PLURAL.get(k.name, "values")


# ---- the lattice -----------------------------------------------------------------------------------
def join(a: Kind, b: Kind) -> Kind:
    """The kind of a value that is either an `a` or a `b` (the branches of an `if`, a list's items)."""
    if a == b or b.name in ("empty", "none"):
        return a
    if a.name in ("empty", "none"):
        return b
    if {a.name, b.name} == {"number", "seat"}:
        return SEAT  # a seat or a number (`leader if passed else 0`): numbers stand for seats, so shown as one
    if a.name == b.name == "list":
        return list_of(join(a.element, b.element))
    if a.name == b.name == "tuple" and len(a.items) == len(b.items):
        return tuple_of(tuple(join(x, y) for x, y in zip(a.items, b.items)))
    if {a.name, b.name} <= {"cell", "tuple"}:
        return tuple_of(())
    return UNKNOWN


def _seats(k: Kind) -> bool:
    """A seat, or a list of seats, or of lists of them (`none` aside)."""
    return k.name == "seat" or (k.name == "list" and k.element is not None and _seats(k.element))


def element(k: Kind) -> Kind:
    """The kind of an element of a list of kind `k`."""
    if k.name == "list":
        return k.element
    if k.name == "tuple" and k.items:
        return _join_all(k.items)
    return NUMBER if k.name == "cell" else UNKNOWN


def _join_all(kinds) -> Kind:
    out = EMPTY
    for k in kinds:
        out = join(out, k)
    return out


def _family(k: Kind) -> str | None:
    """What a value is compared as: a seat is a number (seats are numbered), a cell a tuple."""
    if k.name in WILD:
        return None
    if k.name == "value":
        return "value " + k.attribute
    return {"seat": "number", "cell": "tuple"}.get(k.name, k.name)


def clash(a: Kind, b: Kind) -> bool:
    """Whether values of kinds `a` and `b` can never sensibly be compared (one level into lists and tuples)."""
    fa, fb = _family(a), _family(b)
    if fa is None or fb is None:
        return False
    if fa != fb:
        return True
    if fa == "list":
        return clash(a.element, b.element)
    if a.name == b.name == "tuple" and len(a.items) == len(b.items):
        return any(clash(x, y) for x, y in zip(a.items, b.items))
    return False


def _is(k: Kind, *names: str) -> bool:
    return k.name in WILD or k.name in names


def fits(k: Kind, expected: str) -> bool:
    """Whether a value of kind `k` may stand where `expected` (a word of the builtins' `takes`) is needed."""
    match expected:
        case "seat" | "number":
            return _is(k, "seat", "number")
        case "seats":
            return _is(k, "seat", "number") or (k.name == "list" and _is(k.element, "seat", "number"))
        case "card":
            return _is(k, "card")
        case "cards":
            return _is(k, "card") or (k.name == "list" and _is(k.element, "card"))
        case "list":
            return _is(k, "list", "tuple", "cell")
        case "truths":  # all/any: a card or a number has no truth value of its own (card 0 would count as false)
            return _is(k) or (k.name in ("list", "tuple") and _is(k.element, "truth"))
        case "cell":
            return _is(k, "cell", "tuple")
        case "cells":
            return _is(k) or (k.name == "list" and _is(k.element, "cell", "tuple"))
    return True


_EXPECTED = {"seat": "a seat", "number": "a number", "seats": "players", "card": "a card", "cards": "cards",
             "list": "a list", "cell": "a cell", "cells": "a list of cells",
             "truths": "a list of true/false values (for a list of cards, ask 'not empty(...)')"}


# ---- what the builtins' records say -----------------------------------------------------------------
_NAMED = {"number": NUMBER, "truth": TRUTH, "text": TEXT, "seat": SEAT, "card": CARD, "cell": CELL, "seats": SEATS_LIST,
          "cards": CARDS, "cells": CELLS, "pair": tuple_of((NUMBER, NUMBER)), "lists of seats": list_of(SEATS_LIST),
          "lists of cards": list_of(CARDS)}
# Results that follow from the arguments' kinds: `args` are the kinds of the positional arguments.
_RULES: dict[str, Callable[[list[Kind]], Kind]] = {
    "element": lambda args: element(args[0]),
    "one": lambda args: element(args[0]) if args[0].name in ("list", "tuple", "cell") else args[0],
    "list of elements": lambda args: list_of(element(args[0])),
    "lists of elements": lambda args: list_of(list_of(element(args[0]))),
    "concat": lambda args: list_of(element(element(args[0]))),
    "least": lambda args: element(args[0]) if len(args) == 1 else _join_all(args),
}


def _builtin_name(name: str) -> Kind:
    record = NAMES[name]
    if isinstance(record, Constant):
        value = record.value
        return TRUTH if isinstance(value, bool) else NONE if name == "none" else UNKNOWN
    return _NAMED.get(record.kind, UNKNOWN)


# ---- the pass --------------------------------------------------------------------------------------
Env = dict  # name -> Kind of the names bound here (parameters, loop names, binders; "it" where it exists)


class Kinds:
    """Infers kinds and reports mismatches; `quiet` evaluations (a definition for one call's arguments,
    the first round over variables) report nothing."""

    def __init__(self, rules: nodes.RulesFile, sym: Symbols):
        self.rules, self.sym = rules, sym
        self.errors: list[Diagnostic] = []
        self.quiet = 0
        # What the body of a definition or an action needs of each parameter, as a word of `fits` (or
        # "key ATTRIBUTE"); "" where two uses disagree. Noted while `noting` names the declaration.
        self.needs: dict[str, dict[str, str]] = {}
        self.noting: str | None = None
        self.vars: dict[str, Kind] = {}
        self.sets: dict[str, list[Kind]] = {}
        self.memo: dict[tuple, Kind] = {}
        self.open: set[tuple] = set()
        self.seated: set[str] = set()  # variables given where a seat is needed (`first player: v`, `hand(v)`)
        self.said: dict[tuple, tuple[nodes.Expr, Env]] = {}  # each `say` part, by place, with its names' kinds

    def err(self, code: str, message: str, span: Span) -> None:
        if not self.quiet:
            self.errors.append(error(code, message, span, self.rules.path))

    def text(self, e: nodes.Expr) -> str:
        """The expression as written, when it is short and on one line; else 'this'."""
        span = e.span
        source = self.rules.sources.get(span.path or self.rules.path)
        if source and span.end_line == span.line and span.end_column > span.column:
            lines = source.splitlines()
            if span.line <= len(lines):
                written = lines[span.line - 1][span.column - 1:span.end_column - 1]
                if 0 < len(written) <= 40:
                    return written
        return "this"

    def note(self, k: Kind, expected: str) -> None:
        """A parameter used where `expected` is needed: its calls must give that."""
        param = _parameter_name(k)
        if param is None or self.noting is None:
            return
        needs = self.needs.setdefault(self.noting, {})
        needs[param] = expected if needs.get(param, expected) == expected else ""

    def need(self, k: Kind, expected: str, e: nodes.Expr, what: str, code: str = WRONG_ARGUMENT) -> None:
        self.note(k, expected)
        if expected == "seat" and isinstance(e, nodes.Name) and e.id in self.sym.vars:
            self.seated.add(e.id)
        if not fits(k, expected):
            self.err(code, f"{what} needs {_EXPECTED[expected]}, but {self.text(e)} is {describe(k)}", e.span)

    # ---- the file ----------------------------------------------------------------------------------
    def run(self) -> list[Diagnostic]:
        self.quiet += 1  # first round: what each variable is set to
        self.declarations()
        self.note_needs()
        self.quiet -= 1
        for name, decl in self.sym.vars.items():
            self.vars[name] = _join_all([self.expr(decl.initial, {})] + self.sets.get(name, []))
            if self.vars[name].name == "empty":
                self.vars[name] = UNKNOWN
        self.sym.var_attributes.update({name: k.attribute for name, k in self.vars.items() if k.name == "value"})
        self.memo.clear()
        self.declarations()
        self.note_seats()
        return self.errors

    def note_seats(self) -> None:
        """The variables and `show` lines that hold seats, for the table to write them `P0` (compiler/build.py):
        of the kind seat, or a number variable used as a seat."""
        self.quiet += 1
        seats = {name for name, k in self.vars.items() if _seats(k) or (k == NUMBER and name in self.seated)}
        self.sym.seat_vars = frozenset(seats)
        self.vars.update({name: SEAT for name in seats if self.vars[name] == NUMBER})  # what is worked out of them
        self.memo.clear()
        shows = [d.value for d in self.rules.declarations if isinstance(d, nodes.ShowDecl)]
        self.sym.seat_shows = tuple(_seats(self.expr(e, {})) or (isinstance(e, nodes.Name) and e.id in seats)
                                    for e in shows)
        self.sym.seat_says = frozenset(key for key, (part, env) in self.said.items() if _seats(self.expr(part, env)))
        self.quiet -= 1

    def declarations(self) -> None:
        for decl in self.rules.declarations:
            self.decl(decl)

    def note_needs(self) -> None:
        """What each definition and action needs of its parameters, through the ones it calls too: rounds
        over their bodies until nothing new is noted (there is no recursion, so the calls' depth bounds them)."""
        bodies = [d for d in self.rules.declarations
                  if isinstance(d, nodes.DefDecl | nodes.CaseDecl | nodes.ActionDecl | nodes.CaseActionDecl)]
        for _ in range(len(bodies) + 1):
            before = {name: dict(needs) for name, needs in self.needs.items()}
            for decl in bodies:
                self.noting = decl.name
                self.decl(decl)
                self.memo.clear()
            self.noting = None
            if self.needs == before:
                return

    def decl(self, decl: nodes.Decl) -> None:
        match decl:
            case nodes.DefDecl(_, params, body):
                self.expr(body, {p: parameter(p) for p in params})
            case nodes.CaseDecl() | nodes.CaseActionDecl():
                for clause in decl.clauses:
                    env = self.case_env(decl, clause.key, [parameter(p) for p in decl.params])
                    if isinstance(clause, nodes.ActionClause):
                        self.block(clause.body, env)
                    else:
                        self.expr(clause.body, env)
            case nodes.ActionDecl(_, params, body):
                self.block(body, {p: parameter(p) for p in params})
            case nodes.ProcedureDecl(_, body):
                self.block(body, {})
            case nodes.TriggerDecl():
                env = {decl.var: CARD}
                if decl.condition is not None:
                    self.condition(decl.condition, env)
                self.block(decl.body, env)
            case nodes.NextDecl(player):
                self.need(self.expr(player, {}), "seat", player, "'next player:'", NOT_A_SEAT)
            case nodes.EndDecl(cond, body):
                self.condition(cond, {})
                self.block(body, {})
            case nodes.ShowDecl(_, value) | nodes.ResultDecl(_, value) | nodes.SidesDecl(value):
                self.expr(value, {})
            case nodes.HoldsDecl(_, params, cond):
                self.condition(cond, {**dict.fromkeys(params, SEAT), "it": CARD})
            case nodes.CaptionDecl(value):
                k = self.expr(value, {"it": CARD})
                if k.name not in ("number", "truth", "text", "value", *WILD):  # what a caption can write
                    self.err("E432", f"a caption must give an attribute's value, a number, a text or none, but "
                             f"{self.text(value)} is {describe(k)}", value.span)
            case _:
                pass  # the rest holds no expression whose kind matters (literals, names)

    def case_env(self, decl: nodes.CaseDecl | nodes.CaseActionDecl, key: str, args: list[Kind]) -> Env:
        env = dict(zip(decl.params, args))
        if key in self.sym.values and decl.key in env:
            env[decl.key] = value_of(self.sym.values[key])
        return env

    # ---- statements ----------------------------------------------------------------------------------
    def block(self, body: tuple[nodes.Stmt, ...], env: Env) -> None:
        env = dict(env)  # a `let` binds for the rest of its own block only
        for stmt in body:
            self.stmt(stmt, env)

    def stmt(self, st: nodes.Stmt, env: Env) -> None:
        match st:
            case nodes.Move(cards, dest, _):
                self.need(self.expr(cards, env), "cards", cards, "'move'")
                self.expr(dest, env)
            case nodes.Deal(count, source, dest):
                self.need(self.expr(count, env), "number", count, "'deal'")
                self.expr(source, env)
                self.expr(dest, env)
            case nodes.Shuffle(zone):
                self.expr(zone, env)
            case nodes.Eliminate(player) | nodes.Win(player):
                what = "'win'" if isinstance(st, nodes.Win) else "'eliminate'"
                self.need(self.expr(player, env), "seats", player, what, NOT_A_SEAT)
            case nodes.FirstPlayer(player):
                self.need(self.expr(player, env), "seat", player, "'first player:'", NOT_A_SEAT)
            case nodes.Set(target, value):
                self.set(target, self.expr(value, env), env)
            case nodes.Say(parts, to):
                for part in parts:
                    self.expr(part, env)
                    self.said[place(part.span)] = (part, dict(env))
                if to is not None:
                    self.need(self.expr(to, env), "seats", to, "'say ... to'", NOT_A_SEAT)
            case nodes.Reveal(cards, players):
                self.need(self.expr(cards, env), "cards", cards, "'reveal'")
                self.need(self.expr(players, env), "seats", players, "'reveal ... to'", NOT_A_SEAT)
            case nodes.Do(name, args):
                self.arguments(name, args, [self.expr(arg, env) for arg in args])
            case nodes.If(branches, otherwise):
                for cond, body in branches:
                    self.condition(cond, env)
                    self.block(body, env)
                self.block(otherwise, env)
            case nodes.For(var, source, body):
                self.block(body, {**env, var: self.each(self.expr(source, env))})
            case nodes.While(cond, body):
                self.condition(cond, env)
                self.block(body, env)
            case nodes.Repeat(body):
                self.block(body, env)
            case nodes.Choose(options):
                for option in options:
                    self.option(option, env)
            case nodes.Let(name, value):
                env[name] = self.expr(value, env)
            case nodes.Simultaneous(var, players, body):
                listed = self.expr(players, env)
                self.need(listed, "seats", players, "'simultaneously'", NOT_A_SEAT)
                player = self.each(listed) if fits(listed, "seats") else UNKNOWN  # one error, not one per use
                self.block(body, {**env, var: player})
            case nodes.Pass() | nodes.Lose() | nodes.Stop() | nodes.NewRound() | nodes.Reset():
                pass
            case _:
                assert_never(st)

    def option(self, option: nodes.Option, env: Env) -> None:
        inner = dict(env)
        for binder in option.binders:
            inner[binder.var] = self.each(self.expr(binder.source, inner))
        for guard in option.guards:
            self.condition(guard.condition, inner)
            if guard.when is not None:
                self.condition(guard.when, inner)
        self.block(option.body, inner)

    @staticmethod
    def each(k: Kind) -> Kind:
        """A binder's or a loop's name: an element of a list, or the one value that stands for a list of one."""
        if k.name in ("list", "tuple", "cell"):  # a cell is a tuple of two numbers
            return element(k)
        return UNKNOWN if k.name in WILD else k

    def set(self, target: nodes.Expr, value: Kind, env: Env) -> None:
        match target:
            case nodes.Name(name) if name in self.sym.vars:
                self.sets.setdefault(name, []).append(value)
            case nodes.Call(name, args) if name in self.sym.vars:
                self.var_arguments(target, [self.expr(a, env) for a in args])
                self.sets.setdefault(name, []).append(value)

    # ---- conditions ------------------------------------------------------------------------------------
    def condition(self, e: nodes.Expr, env: Env) -> None:
        """An `if`, `while`, `where` or guard condition: true or false (the operands of `and`/`or` too)."""
        if isinstance(e, nodes.BoolOp):
            self.condition(e.left, env)
            self.condition(e.right, env)
            return
        k = self.expr(e, env)
        if not _is(k, "truth"):
            self.err(NOT_A_CONDITION, f"a condition must be true or false, but {self.text(e)} is {describe(k)}",
                     e.span)

    # ---- expressions -------------------------------------------------------------------------------------
    def expr(self, e: nodes.Expr, env: Env) -> Kind:
        match e:
            case nodes.Name(name):
                return self.name(name, env)
            case nodes.Int():
                return NUMBER
            case nodes.Str():
                return TEXT
            case nodes.Attr(obj, name):
                k = self.expr(obj, env)
                self.note(k, "card")
                if not _is(k, "card"):
                    self.err(NOT_A_CARD, f"'.{name}' is read from a card, but {self.text(obj)} is {describe(k)}",
                             e.span)
                return self.attribute(name)
            case nodes.Index(obj, index):
                return self.index(e, self.expr(obj, env), self.expr(index, env))
            case nodes.Call():
                return self.call(e, env)
            case nodes.TupleLit(items):
                return tuple_of(tuple(self.expr(item, env) for item in items))
            case nodes.ListLit(items):
                return list_of(_join_all(self.expr(item, env) for item in items))
            case nodes.Comprehension(elem, var, source, cond):
                inner = {**env, var: element(self.listed(source, env, "a comprehension"))}
                if cond is not None:
                    self.condition(cond, inner)
                return list_of(self.expr(elem, inner))
            case nodes.Where(source, cond):
                each = element(self.listed(source, env, "'where'"))
                self.condition(cond, {**env, "it": each})
                return list_of(each)
            case nodes.BinOp(op, left, right):
                return self.arithmetic(e, op, self.expr(left, env), self.expr(right, env))
            case nodes.Compare(op, left, right):
                self.compare(e, op, self.expr(left, env), self.expr(right, env))
                return TRUTH
            case nodes.BoolOp(_, left, right):
                return join(self.expr(left, env), self.expr(right, env))
            case nodes.Not(operand):
                self.condition(operand, env)
                return TRUTH
            case nodes.Neg(operand):
                k = self.expr(operand, env)
                if not _is(k, "number", "seat"):
                    self.err(NOT_A_NUMBER, f"'-' needs a number, but {self.text(operand)} is {describe(k)}", e.span)
                return NUMBER
            case nodes.IfExpr(cond, then, otherwise):
                self.condition(cond, env)
                return join(self.expr(then, env), self.expr(otherwise, env))
            case nodes.Range(low, high):
                for end in (low, high):
                    self.need(self.expr(end, env), "number", end, "'..'")
                return list_of(NUMBER)
            case _:
                assert_never(e)

    def listed(self, source: nodes.Expr, env: Env, what: str) -> Kind:
        k = self.expr(source, env)
        if not fits(k, "list"):
            self.err(NOT_A_LIST, f"{what} needs a list, but {self.text(source)} is {describe(k)}", source.span)
        return k

    def name(self, name: str, env: Env) -> Kind:
        sym = self.sym
        if name in env:
            return env[name]
        if name in NAMES:
            return _builtin_name(name)
        if "it" in env and name in sym.attributes:  # a bare attribute name after `where` or `by:`
            return self.attribute(name)
        if name in sym.defs:
            return self.definition(name, ()) if not sym.defs[name].has_params else UNKNOWN
        if name in sym.zones:
            return CARDS
        if name in sym.vars:
            return self.vars.get(name, UNKNOWN) if not sym.var_arity(name) else UNKNOWN
        if name in sym.options:
            return self.expr(sym.options[name].default, {})
        if name in sym.values:
            return value_of(sym.values[name])
        if name in sym.cards:
            return CARD
        return UNKNOWN

    def attribute(self, name: str) -> Kind:
        decl = self.sym.attributes.get(name)
        if decl is None:
            return UNKNOWN
        return value_of(name) if decl.values else NUMBER

    def index(self, e: nodes.Index, obj: Kind, index: Kind) -> Kind:
        if not fits(obj, "list") and obj.name != "text":
            self.err(NOT_A_LIST, f"'[...]' picks an element of a list, but {self.text(e.obj)} is {describe(obj)}",
                     e.span)
        if not fits(index, "number"):
            self.err(WRONG_ARGUMENT, f"a place in a list is a number, but {self.text(e.index)} is {describe(index)}",
                     e.index.span)
        if obj.name == "tuple" and isinstance(e.index, nodes.Int) and 0 <= e.index.value < len(obj.items):
            return obj.items[e.index.value]
        return TEXT if obj.name == "text" else element(obj)

    # ---- operators -----------------------------------------------------------------------------------
    def arithmetic(self, e: nodes.BinOp, op: str, left: Kind, right: Kind) -> Kind:
        lists = [k for k in (left, right) if k.name == "list"]
        if op == "+" and lists:  # `+` joins two lists
            if all(_is(k, "list") for k in (left, right)):
                return list_of(join(element(left) if left.name == "list" else EMPTY,
                                    element(right) if right.name == "list" else EMPTY))
        elif op == "*" and (lists or TEXT in (left, right)):  # a list (or text) repeated: Python's, harmless
            other = right if left in lists or left == TEXT else left
            if _is(other, "number", "seat"):
                return left if left.name in ("list", "text") else right
        elif op == "+" and left == right == TEXT:
            return TEXT
        elif _is(left, "number", "seat") and _is(right, "number", "seat"):
            if (op in "+-" and {left.name, right.name} == {"seat", "number"}) or (op == "%" and left == SEAT):
                return SEAT  # a seat counted on around the table: `(dealer + 1) % num_players`
            return UNKNOWN if left.name in WILD and right.name in WILD else NUMBER
        wrong, side = (left, e.left) if not _is(left, "number", "seat") else (right, e.right)
        how = "numbers (or two lists)" if op == "+" else "numbers"
        self.err(NOT_A_NUMBER, f"'{op}' needs {how}, but {self.text(side)} is {describe(wrong)}", e.span)
        return UNKNOWN

    def compare(self, e: nodes.Compare, op: str, left: Kind, right: Kind) -> None:
        if op in ("in", "not in"):
            if not fits(right, "list") and not (right.name == "text" and _is(left, "text")):
                self.err(NOT_A_LIST, f"'{op}' looks in a list, but {self.text(e.right)} is {describe(right)}", e.span)
            elif right.name == "list" and clash(left, element(right)):
                self.err(COMPARED, f"{describe(left)} ({self.text(e.left)}) is looked for in {describe(right)} "
                         f"({self.text(e.right)}), where it can never be", e.span)
        elif clash(left, right):
            never = ": they are never equal" if op in ("==", "!=") else ""
            self.err(COMPARED, f"{describe(left)} ({self.text(e.left)}) is compared with {describe(right)} "
                     f"({self.text(e.right)}){never}", e.span)

    # ---- calls ---------------------------------------------------------------------------------------------
    def call(self, e: nodes.Call, env: Env) -> Kind:
        sym, name = self.sym, e.func
        if name in sym.zones:
            self.zone_argument(e, [self.expr(a, env) for a in e.args])
            return CARDS
        if name in sym.vars:
            self.var_arguments(e, [self.expr(a, env) for a in e.args])
            return self.vars.get(name, UNKNOWN)
        if name in sym.defs or name in sym.cases:
            args = [self.expr(a, env) for a in e.args]
            self.arguments(name, e.args, args)
            return self.definition(name, tuple(args))
        record = FUNCTIONS.get(name)
        if record is None:
            return UNKNOWN
        if record.names_declaration:
            for arg in e.args[1:]:
                self.expr(arg, env)
            return self.named_result(e)
        args = [self.expr(a, env) for a in e.args]
        it = element(args[0]) if args else UNKNOWN
        for kw in e.kwargs:
            self.expr(kw.value, {**env, "it": it})
        if record.takes:
            for i, (arg, k) in enumerate(zip(e.args, args)):
                if not (record.grid and i == 0):
                    self.need(k, record.takes[min(i, len(record.takes) - 1)], arg, f"'{name}'",
                              NOT_A_SEAT if record.takes[min(i, len(record.takes) - 1)] == "seat" else WRONG_ARGUMENT)
        if record.gives in _RULES:
            return _RULES[record.gives](args) if args else UNKNOWN
        return _NAMED.get(record.gives, UNKNOWN)

    def named_result(self, e: nodes.Call) -> Kind:
        """`label`, `keys` and `values` name a declaration: their kind follows from it."""
        named = e.args[0].id if e.args and isinstance(e.args[0], nodes.Name) else ""
        if e.func == "keys" and named in self.sym.zones and self.sym.zones[named].family:
            return list_of(value_of(self.sym.zones[named].family))
        if e.func == "values" and named in self.sym.attributes:
            return list_of(self.attribute(named))
        return TEXT if e.func == "label" else UNKNOWN

    def zone_argument(self, e: nodes.Call, args: list[Kind]) -> None:
        decl = self.sym.zones[e.func]
        if len(args) != 1:
            return
        if self.sym.per_player(e.func):
            self.need(args[0], "seat", e.args[0], f"'{e.func}', a zone per player,", NOT_A_SEAT)
        elif decl.family is not None:
            self.key(args[0], decl.family, e.args[0], f"'{e.func}'")
        elif self.sym.by_cell(e.func):
            self.need(args[0], "cell", e.args[0], f"'{e.func}'")

    def var_arguments(self, e: nodes.Call, args: list[Kind]) -> None:
        decl = self.sym.vars[e.func]
        if len(args) != self.sym.var_arity(e.func):
            return
        if decl.per_player:
            self.need(args[0], "seat", e.args[0], f"'{e.func}', a variable per player,", NOT_A_SEAT)
        for key, k, arg in zip(decl.keys, args[int(decl.per_player):], e.args[int(decl.per_player):]):
            if key == CARD_KEY:  # `var clue per card`
                self.need(k, "card", arg, f"'{e.func}', a variable per card,")
            else:
                self.key(k, key, arg, f"'{e.func}'")

    def arguments(self, name: str, args: tuple[nodes.Expr, ...], kinds: list[Kind]) -> None:
        """The arguments of a call of a definition or a `do` of an action, against what its body needs of
        each parameter (a case's key: a value of its attribute)."""
        decl = self.sym.defs.get(name) or self.sym.cases.get(name) or self.sym.actions.get(name)
        if decl is None or len(args) != len(decl.params):
            return
        needs = dict(self.needs.get(name, {}))
        if isinstance(decl, nodes.CaseDecl | nodes.CaseActionDecl) and decl.clauses:
            attribute = self.sym.values.get(decl.clauses[0].key)
            if attribute:
                needs[decl.key] = "key " + attribute
        for param, arg, k in zip(decl.params, args, kinds):
            expected = needs.get(param, "")
            what = f"'{name}' (its parameter {param})"
            if expected.startswith("key "):
                self.key(k, expected[4:], arg, what)
            elif expected == "card":
                self.note(k, "card")
                if not _is(k, "card"):
                    self.err(NOT_A_CARD, f"{what} reads attributes of a card, but {self.text(arg)} is {describe(k)}",
                             arg.span)
            elif expected:
                self.need(k, expected, arg, what, NOT_A_SEAT if expected in ("seat", "seats") else WRONG_ARGUMENT)

    def key(self, k: Kind, attribute: str, e: nodes.Expr, what: str) -> None:
        """A zone family's or a keyed variable's key: a value of its attribute."""
        self.note(k, "key " + attribute)
        if k.name not in WILD and k != value_of(attribute):
            article = "an" if attribute[:1] in "aeiou" else "a"
            self.err(WRONG_ARGUMENT, f"{what} needs {article} {attribute}, but {self.text(e)} is {describe(k)}",
                     e.span)

    def definition(self, name: str, args: tuple[Kind, ...]) -> Kind:
        """A definition's kind for these arguments' kinds, inferred quietly from its body (errors in the
        body are reported once, where it is checked with unknown parameters)."""
        key = (name, args)
        if key in self.memo:
            return self.memo[key]
        if key in self.open or len(self.open) > MAX_DEPTH:  # recursive (reported by check), or too deep to follow
            return UNKNOWN
        self.open.add(key)
        self.quiet += 1
        try:
            decl = self.sym.defs.get(name)
            if decl is not None:
                if len(args) != len(decl.params):
                    kind = UNKNOWN
                else:
                    kind = self.expr(decl.body, dict(zip(decl.params, args)))
            else:
                case = self.sym.cases[name]
                given = list(args) if len(args) == len(case.params) else [UNKNOWN] * len(case.params)
                kind = _join_all(self.expr(c.body, self.case_env(case, c.key, given)) for c in case.clauses)
        finally:
            self.quiet -= 1
            self.open.discard(key)
        self.memo[key] = kind
        return kind


def check_kinds(rules: nodes.RulesFile, sym: Symbols) -> list[Diagnostic]:
    """Every kind mismatch of a checked file, as errors (E401-E407)."""
    return Kinds(rules, sym).run()
