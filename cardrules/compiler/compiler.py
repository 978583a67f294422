"""Checked rules + option values -> the game's tables (cards, zones, variables) and the program being built."""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING, Any, Callable

import attrs

from ..diagnostics import RulesError, Span, error
from ..engine import percard
from ..engine.specs import Decision, DefinitionSpec, ExprFn, GuardSpec, VarSpec, ZoneSpec
from ..engine.state import State
from ..engine.zones import kind_of, visibility_of
from ..language import nodes
from ..language.builtins import constant, constant_names
from ..language.constants import UNKNOWN, fold, pure_definitions
from ..language.percard import CARD_KEY
from ..language.symbols import Symbols
from ..values import NOTHING, Card, Sym
from .blame import Blamer
from .codegen import Emitter, Env
from .deck_filter import keeps
from .inlining import folded, inlinable, recomputed
from .kept_listing import ways_back
from .reads import FIXED, definition_reads, slot_reads
from .scope import Frame, Scope
from .subexpressions import calls_twice

if TYPE_CHECKING:
    from .moving import Onward

# A zone's slot as the compiler knows it: the number itself when it is fixed, else (state, frame) -> slot.
SlotRef = int | Callable[[State, list], int]


class Compiler:
    """The tables a rules file's declarations make (cards, zones, variables, definitions), and the program."""

    def __init__(self, rules: nodes.RulesFile, sym: Symbols, options: dict[str, Any], sources: dict[str, str]):
        self.rules = rules
        self.sym = sym
        self.path = rules.path
        self.options = options
        self.sources = sources
        self.syms: dict[str, Sym] = {}
        self.card_attrs: dict[str, dict[Card, Any]] = {}
        self.zone_specs: dict[str, ZoneSpec] = {}
        self.var_specs: dict[str, VarSpec] = {}
        self.definition_specs: dict[str, DefinitionSpec] = {}
        self.reads: dict[str, frozenset[str]] = {}  # per definition, what it reads (reads.py)
        self.program: list[Callable[[State], int]] = []
        self.spans: list[Span] = []
        self.onward: dict[int, Onward] = {}  # pc -> where a plain move or jump goes on (procedures.straight_moves)
        self.decisions: dict[int, Decision] = {}
        self.listers: dict[tuple[int, int], Any] = {}  # (decision pc, option) -> its lister's parts (procedures)
        self.frame = Frame()  # the procedures' shared frame: State.locals
        self.guard_tests: dict[nodes.Expr, int] = {}  # an afterwards guard's condition -> its number (GuardSpec.test)
        self.guard_specs: dict[int, GuardSpec] = {}  # id() of a guard's node -> its spec (the playout asks its test)
        self.card_names: dict[str, Card] = {}
        self.triggers: list = []  # set by procedures.build_program before any move is compiled
        self.trigger_decls: list = []  # their declarations, in the same order (the playout writes their bodies)
        self.families: dict[str, tuple[int, dict[Sym, int]]] = {}  # zone family -> (first slot, key -> i)
        self.shared_vars = 0
        self.shared_zones = 0
        self.emitter = Emitter(self)
        self.round_label = None
        self.attribute_domains: dict[str, Any] = {}
        self.card_ids: tuple[Card, ...] = ()  # every card, in card order (set before the variables are laid out)
        # the rules read `mover(card)` (the builtin, not a name of the file's own): moves note who made them
        self.records_movers = "mover" not in set(sym.all_names()) and any(
            isinstance(node, nodes.Call) and node.func == "mover" for node in nodes.walk(rules))
        self.in_setup = False  # compiling `setup:` or `round setup:`, whose moves are nobody's
        self.blamer = Blamer(self)  # per instruction, its statement: read only when a step fails (R300)

    @functools.cached_property
    def ways_back(self) -> dict[int, list[set[str]]]:
        """kept_listing.ways_back of these rules: walked once per compile, asked for each option listed."""
        return ways_back(self.rules)

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

    def literal(self, e: nodes.Expr) -> Any:
        match e:
            case nodes.Int(v):
                return v
            case nodes.Str(v):
                return v
            case nodes.Name(n) if n in self.syms:
                return self.syms[n]
            case nodes.Name() if constant(e) is not None:
                return constant(e).value
        raise RulesError([error("E300", "expected a number, a quoted text or an attribute value here", e.span,
                                self.path)], self.sources)

    def cards(self, attributes: dict[str, Any]) -> tuple[list[dict], list[str]]:
        """Every card as (attribute values, home zone, name), in declaration order."""
        made: list[dict] = []
        homes: list[str] = []
        names: list[str | None] = []
        labels: list[str | None] = []
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.CardsDecl):
                domains = [self.domain(a, attributes) for a in decl.attributes]
                for combo in itertools.product(*domains):
                    if not self.kept(decl, combo):
                        continue
                    for _ in range(decl.copies):
                        made.append(dict(zip(decl.attributes, combo)))
                        homes.append(decl.zone)
                        names.append(None)
                        labels.append(None)
            elif isinstance(decl, nodes.CardDecl):
                made.append({a.name: self.literal(a.value) for a in decl.attributes})
                homes.append(decl.zone)
                names.append(decl.name)
                labels.append(decl.label or decl.name)
        return [{"attrs": m, "home": h, "name": n, "label": lb} for m, h, n, lb in zip(made, homes, names, labels)], []

    def kept(self, decl: nodes.CardsDecl, combo: tuple) -> bool:
        """Whether a `cards:` line makes cards of this combination of values (its `where`, if any)."""
        try:
            return keeps(decl.condition, dict(zip(decl.attributes, combo)), self.syms)
        except ValueError as exc:
            raise RulesError([error("E377", str(exc), decl.condition.span, self.path)], self.sources) from None

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
            if value is not NOTHING:  # an attribute the card does not have is left out, not written "none"
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
    def zone_spec(decl: nodes.ZoneDecl, name: str, per_player: bool, index: int, family: str = "") -> ZoneSpec:
        props = set(decl.properties)
        visibility = visibility_of(props)
        return ZoneSpec(name, per_player, visibility, kind_of(props), index, family, "hidden_when_out" in props,
                        "internal" in props, "sorted" in props)

    def variables(self) -> tuple[VarSpec, ...]:
        """Shared variables (each key combination a slot), then per-player ones (n times as many)."""
        specs = []
        for per_player in (False, True):
            offset = 0
            for decl in (v for v in self.sym.vars.values() if v.per_player == per_player):
                keys = tuple({card: int(card) for card in self.card_ids} if k == CARD_KEY else self.keys(k)
                             for k in decl.keys)
                size = 1
                for table in keys:
                    size *= len(table)
                card_key = decl.keys.index(CARD_KEY) if CARD_KEY in decl.keys else -1
                specs.append(VarSpec(decl.name, per_player, offset, None,  # the initial value: var_initials
                                     decl.span, size, keys, card_key, decl.reset_on_move,
                                     self.sym.var_attributes.get(decl.name), decl.internal,
                                     decl.name in self.sym.seat_vars))
                offset += size
        self.var_specs = {s.name: s for s in specs}
        self.shared_vars = sum(s.size for s in specs if not s.per_player)
        return tuple(specs)

    def var_initials(self, specs: tuple[VarSpec, ...]) -> tuple[VarSpec, ...]:
        """The variables with their initial values compiled: after the definitions, which an initial value
        may call (`var lives = start_lives`), and which read the variables' slots laid out before."""
        specs = tuple(attrs.evolve(spec, initial=self.expr(self.sym.vars[spec.name].initial, Scope(self.frame)))
                      for spec in specs)
        self.var_specs = {s.name: s for s in specs}
        return specs

    # ---- definitions ---------------------------------------------------------
    def definitions(self) -> None:
        """Every `def` becomes a generated Python function; names are declared first, so definitions
        may use each other in any order."""
        for name in list(self.sym.defs) + list(self.sym.cases):
            self.emitter.declare(name)
        constants = set(self.options) | set(self.syms) | set(self.card_names) | constant_names() | set(self.card_attrs)
        self.emitter.pure = pure_definitions(self.sym.defs, self.sym.cases, constants)
        self.reads = definition_reads(self.sym)
        with_params = {name for name, decl in [*self.sym.defs.items(), *self.sym.cases.items()] if decl.params}
        self.emitter.fixed = {name for name, reads in self.reads.items() if reads <= FIXED} - (
            self.emitter.pure & with_params)  # those keep the cache by argument values alone
        self.emitter.folded = folded(self.sym, self.options)
        self.emitter.inlinable, self.emitter.trivial = inlinable(self.sym)
        always = {name: decl for name, decl in self.emitter.inlinable.items()  # written in wherever called
                  if not calls_twice(decl.body, self.emitter.def_names)}
        self.emitter.recomputed = recomputed(self.sym, self.emitter.pure | self.emitter.fixed, always)
        self.emitter.reads, self.emitter.slots = self.reads, slot_reads(self.sym, self.reads, self.emitter.inlinable)
        for name, decl in self.sym.defs.items():
            fn = self.emitter.definition(name, decl.params, decl.body)
            self.definition_specs[name] = DefinitionSpec(frame_call(fn), len(decl.params), len(decl.params))
        for name, decl in self.sym.cases.items():
            clauses = {self.syms[c.key]: c.body for c in decl.clauses}
            fn = self.emitter.case(name, decl.params, decl.key, clauses)
            self.definition_specs[name] = DefinitionSpec(frame_call(fn), len(decl.params), len(decl.params))

    # ---- expressions -----------------------------------------------------------
    def constant(self, e: nodes.Expr | None) -> tuple[bool, Any]:
        """(True, value) when an expression's value is fixed once the options are chosen.

        Options are constants of a compiled game, so `if OPTION:` and `where OPTION and ...` are
        decided here: the code for a switched-off rule is never built and never costs a step."""
        value = fold(e, self.sym.defs, self.options)
        return (False, None) if value is UNKNOWN else (True, value)

    def expr(self, e: nodes.Expr, sc: Scope, varying: frozenset = frozenset()) -> ExprFn:
        """A procedure-level expression as a function (state, frame); binders live in frame slots.
        `varying`: the names whose value changes from one call to the next while the state does not
        (the last binder of a choice, for its guards): calls that do not read them keep the memo."""
        env = Env({name: f"f[{int(slot)}]" for name, slot in sc.names.items()}, varying=varying)
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

    def move_hook(self) -> Callable[[State, Any], None] | None:
        """What a move compiled here does for each card it moves, besides moving it (percard.move_hook)."""
        resets = [spec for spec in self.var_specs.values() if spec.reset_on_move]
        per_player = sum(spec.size for spec in self.var_specs.values() if spec.per_player)
        return percard.move_hook(self.records_movers, self.in_setup, resets, self.shared_vars, per_player)

    # ---- procedures --------------------------------------------------------------
    def emit(self, instruction: Callable[[State], int], span: Span) -> int:
        self.program.append(instruction)
        self.spans.append(span)
        return len(self.program) - 1

    def here(self) -> int:
        return len(self.program)

    def zone_slot(self, e: nodes.Expr, sc: Scope) -> SlotRef:
        """Compile a zone reference (`deck`, `hand(me)`, `pile(red)`) to its slot in State.zones: the slot
        itself when it is fixed once the options are chosen (a named shared zone, a family's member named
        by a constant), else a function (state, frame) -> slot."""
        match e:
            case nodes.Name(name):
                return self.zone_specs[name].index
            case nodes.Call(name, (key,)) if name in self.families:
                first, keys = self.families[name]
                value = self._key_value(key, sc)
                if value.__class__ is Sym and value in keys:
                    return first + keys[value]
                return self.keyed_zone(name, self.expr(key, sc))
            case nodes.Call(name, (key,)):
                return self.keyed_zone(name, self.expr(key, sc))
        raise AssertionError(e)

    def _key_value(self, key: nodes.Expr, sc: Scope) -> Any:
        """A family key fixed when compiled: an attribute value named (`red`) or a constant; else UNKNOWN."""
        if isinstance(key, nodes.Name) and key.id in self.syms and key.id not in sc.names:
            return self.syms[key.id]
        known, value = self.constant(key)
        return value if known else UNKNOWN


def frame_call(fn: Callable) -> Callable:
    """The (state, frame) form of a generated definition, for Game.call."""
    return lambda s, frame: fn(s, *frame)
