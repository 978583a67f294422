"""Checked AST + options -> `engine.Game`: expressions become closures, procedures become instructions."""

from __future__ import annotations

import itertools
from typing import Any, Callable

import attrs

from . import ast
from .builtins import CONSTANTS
from .check import Symbols
from .diagnostics import RulesError, Span, error
from .engine import (PAUSE, Decision, ExprFn, Game, GuardSpec, OptionSpec, RuleFailure, State, VarSpec,
                     ZoneSpec)
from .codegen import Emitter, Env
from .constants import UNKNOWN, fold, pure_definitions
from .values import NOTHING, Card, Sym


@attrs.define
class _Frame:
    size: int = 0

    def alloc(self) -> int:
        self.size += 1
        return self.size - 1


@attrs.frozen
class _Scope:
    frame: _Frame
    names: dict[str, int] = attrs.Factory(dict)
    it: int | None = None

    def bind(self, name: str) -> tuple["_Scope", int]:
        slot = self.frame.alloc()
        return attrs.evolve(self, names={**self.names, name: slot}), slot

    def with_it(self) -> tuple["_Scope", int]:
        slot = self.frame.alloc()
        return attrs.evolve(self, it=slot), slot


def _const(value: Any) -> ExprFn:
    return lambda s, f: value


class _Compiler:
    def __init__(self, rules: ast.RulesFile, sym: Symbols, options: dict[str, Any], sources: dict[str, str]):
        self.rules = rules
        self.sym = sym
        self.path = rules.path
        self.options = options
        self.sources = sources
        self.syms: dict[str, Sym] = {}
        self.card_attrs: dict[str, dict[Card, Any]] = {}
        self.zone_specs: dict[str, ZoneSpec] = {}
        self.var_specs: dict[str, VarSpec] = {}
        self.def_cells: dict[str, list] = {}  # name -> [body fn, frame size, param count]
        self.program: list[Callable[[State], int]] = []
        self.spans: list[Span] = []
        self.decisions: dict[int, Decision] = {}
        self.frame = _Frame()  # the procedures' shared frame: State.locals
        self.card_names: dict[str, Card] = {}
        self.triggers: list = []  # set by procedures.build_program before any move is compiled
        self.families: dict[str, tuple[int, dict[Sym, int]]] = {}  # zone family -> (first slot, key -> i)
        self.shared_vars = 0
        self.shared_zones = 0
        self.emitter = Emitter(self)
        self.round_label = None
        self.attribute_domains: dict[str, Any] = {}

    # ---- declarations ------------------------------------------------------
    def attributes(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, decl in self.sym.attributes.items():
            if decl.values:
                count = len(decl.values)
                values = tuple(Sym(name, v.name, count - i, v.short) for i, v in enumerate(decl.values))
                self.syms.update((v.name, v) for v in values)
                out[name] = values
            else:
                out[name] = (decl.low, decl.high)
        self.attribute_domains = out
        return out

    def domain(self, attribute: str, attributes: dict[str, Any]) -> list:
        dom = attributes[attribute]
        return list(dom) if dom and isinstance(dom[0], Sym) else list(range(dom[0], dom[1] + 1))

    def literal(self, e: ast.Expr) -> Any:
        match e:
            case ast.Int(v):
                return v
            case ast.Str(v):
                return v
            case ast.Name(n) if n in self.syms:
                return self.syms[n]
            case ast.Name(n) if n in CONSTANTS:
                return CONSTANTS[n]
        raise RulesError([error("E300", "expected a number, a quoted text or an attribute value here", e.span,
                                self.path)], self.sources)

    def cards(self, attributes: dict[str, Any]) -> tuple[list[dict], list[str]]:
        """Every card as (attribute values, home zone, name), in declaration order."""
        made: list[dict] = []
        homes: list[str] = []
        names: list[str | None] = []
        labels: list[str | None] = []
        for decl in self.rules.declarations:
            if isinstance(decl, ast.CardsDecl):
                domains = [self.domain(a, attributes) for a in decl.attributes]
                for combo in itertools.product(*domains):
                    for _ in range(decl.copies):
                        made.append(dict(zip(decl.attributes, combo)))
                        homes.append(decl.zone)
                        names.append(None)
                        labels.append(None)
            elif isinstance(decl, ast.CardDecl):
                made.append({a.name: self.literal(a.value) for a in decl.attributes})
                homes.append(decl.zone)
                names.append(decl.name)
                labels.append(decl.label or decl.name)
        return [{"attrs": m, "home": h, "name": n, "label": lb} for m, h, n, lb in zip(made, homes, names, labels)], []

    def order_key(self, card: dict, order: tuple[str, ...]) -> tuple:
        key = []
        for attr in order:
            value = card["attrs"].get(attr, NOTHING)
            key.append(-(10 ** 9) if value is NOTHING else (value.rank if isinstance(value, Sym) else value))
        return tuple(key)

    def text_of(self, card: dict, text_attrs: tuple[str, ...]) -> str:
        if card["name"]:
            return card["name"]
        parts = []
        for attr in text_attrs or tuple(card["attrs"]):
            value = card["attrs"].get(attr, NOTHING)
            parts.append(value.short if isinstance(value, Sym) else str(value))
        return "".join(parts) if text_attrs else " ".join(parts)

    def label_of(self, card: dict, text_attrs: tuple[str, ...]) -> str:
        """The card's full name: its attribute values in the `text:` order, as words ("blue 4")."""
        if card["label"]:
            return card["label"]
        values = [card["attrs"][a] for a in text_attrs or card["attrs"] if a in card["attrs"]]
        return " ".join(v.name if isinstance(v, Sym) else str(v) for v in values)

    def zones(self) -> tuple[ZoneSpec, ...]:
        """Shared zones first (a family is one shared zone per key, named by the key), then per-player zones."""
        shared = [z for z in self.sym.zones.values() if "per_player" not in z.properties]
        mine = [z for z in self.sym.zones.values() if "per_player" in z.properties]
        specs: list[ZoneSpec] = []
        for decl in shared:
            if decl.family is None:
                specs.append(self.zone_spec(decl, decl.name, False, len(specs)))
                continue
            keys, first = self.keys(decl.family), len(specs)
            self.families[decl.name] = (first, keys)
            specs.extend([self.zone_spec(decl, key.name, False, first + i, decl.name) for i, key in enumerate(keys)])
        self.shared_zones = len(specs)
        for index, decl in enumerate(mine):
            specs.append(self.zone_spec(decl, decl.name, True, index))
        self.zone_specs = {s.name: s for s in specs if not s.family}
        return tuple(specs)

    def keys(self, attribute: str) -> dict[Sym, int]:
        return {value: i for i, value in enumerate(v for v in self.syms.values() if v.attribute == attribute)}

    @staticmethod
    def zone_spec(decl: ast.ZoneDecl, name: str, per_player: bool, index: int, family: str = "") -> ZoneSpec:
        props = set(decl.properties)
        visibility = next((v for v in ("public", "hidden", "owner") if v in props), "public")
        kind = next((k for k in ("row", "grid", "columns") if k in props), "stack")
        return ZoneSpec(name, per_player, visibility, kind, index, family, "hidden_when_out" in props)

    def variables(self) -> tuple[VarSpec, ...]:
        """Shared variables (each key combination a slot), then per-player ones (n times as many)."""
        specs = []
        for per_player in (False, True):
            offset = 0
            for decl in (v for v in self.sym.vars.values() if v.per_player == per_player):
                keys = tuple(self.keys(k) for k in decl.keys)
                size = 1
                for table in keys:
                    size *= len(table)
                specs.append(VarSpec(decl.name, per_player, offset, self.expr(decl.initial, _Scope(self.frame)),
                                     decl.span, size, keys))
                offset += size
        self.var_specs = {s.name: s for s in specs}
        self.shared_vars = sum(s.size for s in specs if not s.per_player)
        return tuple(specs)

    # ---- definitions ---------------------------------------------------------
    def definitions(self) -> None:
        """Every `def` becomes a generated Python function; names are declared first, so definitions
        may use each other in any order."""
        for name in list(self.sym.defs) + list(self.sym.cases):
            self.emitter.declare(name)
        constants = set(self.options) | set(self.syms) | set(self.card_names) | set(CONSTANTS) | set(self.card_attrs)
        self.emitter.pure = pure_definitions(self.sym.defs, self.sym.cases, constants)
        for name, decl in self.sym.defs.items():
            fn = self.emitter.definition(name, decl.params, decl.body)
            self.def_cells[name] = [_frame_call(fn), len(decl.params), len(decl.params)]
        for name, decl in self.sym.cases.items():
            clauses = {self.syms[c.key]: c.body for c in decl.clauses}
            fn = self.emitter.case(name, decl.params, decl.key, clauses)
            self.def_cells[name] = [_frame_call(fn), len(decl.params), len(decl.params)]

    # ---- expressions -----------------------------------------------------------
    def constant(self, e: ast.Expr | None) -> tuple[bool, Any]:
        """(True, value) when an expression's value is fixed once the options are chosen.

        Options are constants of a compiled game, so `if OPTION:` and `where OPTION and ...` are
        decided here: the code for a switched-off rule is never built and never costs a step."""
        value = fold(e, self.sym.defs, self.options)
        return (False, None) if value is UNKNOWN else (True, value)

    def expr(self, e: ast.Expr, sc: _Scope) -> ExprFn:
        """A procedure-level expression as a function (state, frame); binders live in frame slots."""
        env = Env({name: f"f[{int(slot)}]" for name, slot in sc.names.items()})
        return self.emitter.expression(e, env)

    def keyed_zone(self, name: str, key: ExprFn) -> Callable[[State, list], int]:
        """`hand(p)` or `pile(k)` -> a function giving the zone's slot in State.zones."""
        if name in self.families:
            first, keys = self.families[name]
            return lambda s, f: first + keys[key(s, f)]
        index, base = self.zone_specs[name].index, self.shared_zones
        return lambda s, f: base + index * s.n + key(s, f)

    def var_slot(self, name: str, args: list[ExprFn]) -> Callable[[State, list], int]:
        """A variable's slot: `score(p)`, `mark(p, k)` or `bonus(k)`; keys after the player, row-major."""
        spec, shared = self.var_specs[name], self.shared_vars
        player = args[0] if spec.per_player else None
        keys = list(zip(spec.keys, args[1:] if spec.per_player else args))

        def slot(s, f):
            flat = 0
            for table, arg in keys:
                flat = flat * len(table) + table[arg(s, f)]
            if player is None:
                return spec.index + flat
            return shared + spec.index * s.n + player(s, f) * spec.size + flat
        return slot

    # ---- procedures --------------------------------------------------------------
    def emit(self, instruction: Callable[[State], int], span: Span) -> int:
        self.program.append(instruction)
        self.spans.append(span)
        return len(self.program) - 1

    def here(self) -> int:
        return len(self.program)

    def block(self, body, sc: _Scope, loop_exit: list | None = None) -> None:
        for stmt in body:
            self.stmt(stmt, sc, loop_exit)

    def stmt(self, st: ast.Stmt, sc: _Scope, loop_exit: list | None) -> None:
        from .procedures import STATEMENTS  # statement compilers live beside the instructions they make
        STATEMENTS[type(st)](self, st, sc, loop_exit)

    def zone_slot(self, e: ast.Expr, sc: _Scope) -> Callable[[State, list], int]:
        """Compile a zone reference (`deck`, `hand(me)`) to a function giving its slot in State.zones."""
        match e:
            case ast.Name(name):
                spec = self.zone_specs[name]
                return lambda s, f: spec.index
            case ast.Call(name, (key,)):
                return self.keyed_zone(name, self.expr(key, sc))
        raise AssertionError(e)


def _frame_call(fn: Callable) -> Callable:
    """The (state, frame) form of a generated definition, for Game.call."""
    return lambda s, frame: fn(s, *frame)


def option_values(sym: Symbols, given: dict[str, Any], path: str, sources: dict[str, str]) -> dict[str, Any]:
    """Defaults overridden by `given`; an unknown option or a value of the wrong kind is a RulesError."""
    values: dict[str, Any] = {}
    problems = []
    for name, decl in sym.options.items():
        values[name] = literal_default(decl.default)
    for name, raw in given.items():
        if name not in sym.options:
            known = ", ".join(sorted(sym.options)) or "none"
            problems.append(error("E310", f"unknown option '{name}' (options of this game: {known})", Span(1, 1),
                                  path))
            continue
        value = _coerce(raw, values[name])
        if value is None:
            problems.append(error("E311", f"option '{name}' needs a value like {values[name]!r}, not {raw!r}",
                                  sym.options[name].span, path))
        else:
            values[name] = value
    if problems:
        raise RulesError(problems, sources)
    return values


def literal_default(e: ast.Expr) -> Any:
    match e:
        case ast.Int(v) | ast.Str(v):
            return v
        case ast.Name("true"):
            return True
        case ast.Name("false"):
            return False
    return None


def _coerce(raw: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        return {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False,
                "0": False}.get(str(raw).lower())
    if isinstance(default, int):
        try:
            return int(raw)
        except (TypeError, ValueError):
            return None
    return str(raw)


def compile_game(rules: ast.RulesFile, sym: Symbols, options: dict[str, Any], sources: dict[str, str],
                 name: str) -> Game:
    """Build the executable game once per rules file and set of options."""
    values = option_values(sym, options, rules.path, sources)
    c = _Compiler(rules, sym, values, sources)
    attributes = c.attributes()
    raw_cards, _ = c.cards(attributes)
    order = next((d.attributes for d in rules.declarations if isinstance(d, ast.OrderDecl)), ())
    text_attrs = next((d.attributes for d in rules.declarations if isinstance(d, ast.TextDecl)), ())
    raw_cards.sort(key=lambda card: c.order_key(card, order))  # stable: ids follow the card order
    cards = tuple(Card(i) for i in range(len(raw_cards)))
    for attr in sym.attributes:
        c.card_attrs[attr] = {cards[i]: rc["attrs"][attr] for i, rc in enumerate(raw_cards) if attr in rc["attrs"]}
    for i, rc in enumerate(raw_cards):
        if rc["name"]:
            c.card_names[rc["name"]] = cards[i]
    zones = c.zones()
    variables = c.variables()
    c.definitions()  # before anything that may call them (the result line, like show lines)
    result = next(((d.label, c.expr(d.value, _Scope(c.frame)), d.span) for d in rules.declarations
                   if isinstance(d, ast.ResultDecl)), None)
    from .procedures import build_program
    pcs = build_program(c)
    shows = tuple((d.label, c.expr(d.value, _Scope(c.frame)), d.span) for d in rules.declarations
                  if isinstance(d, ast.ShowDecl))
    sides = next(((c.expr(d.value, _Scope(c.frame)), d.span) for d in rules.declarations
                  if isinstance(d, ast.SidesDecl)), None)
    holds = {d.zone: (c.emitter.card_condition(d.params, d.condition), d.span) for d in rules.declarations
             if isinstance(d, ast.HoldsDecl)}
    return Game(
        name=name, title=sym.title, path=rules.path, min_players=sym.players[0], max_players=sym.players[1],
        options=values,
        option_docs={n: (literal_default(d.default), d.doc or "") for n, d in sym.options.items()},
        attributes=attributes, card_attrs=c.card_attrs, cards=cards,
        card_texts=tuple(c.text_of(rc, text_attrs) for rc in raw_cards),
        card_labels=tuple(c.label_of(rc, text_attrs) for rc in raw_cards),
        card_home=tuple(c.zone_specs[rc["home"]].index for rc in raw_cards),
        zones=zones, shared_zones=c.shared_zones, vars=variables,
        shared_vars=c.shared_vars, result=result,
        program=c.program, spans=c.spans, decisions=c.decisions, frame_size=c.frame.size, shows=shows,
        definitions={name: tuple(cell) for name, cell in c.def_cells.items()},
        sources=sources, sides=sides, holds=holds, **pcs)


__all__ = ["compile_game", "PAUSE", "RuleFailure", "GuardSpec", "OptionSpec"]
