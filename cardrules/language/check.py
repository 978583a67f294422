"""Nodes -> symbol table and every diagnostic (names, kinds, arity, placement); never raises on bad input."""

from __future__ import annotations

from typing import assert_never

import attrs

from ..diagnostics import Diagnostic, Span, error, warning
from ..engine import zones
from ..limits import MAX_CARDS, MAX_PLAYERS
from . import end_reveal, nodes, percard
from .advice import how_to_set, meant_override
from .agent_reads import READ_BY_AGENTS, agent_reads
from .builtins import FUNCTIONS, NAMES, Function, fixed_names, is_truth
from .caption import check_caption
from .card_text import check_text
from .constants import UNKNOWN, fold, pure_definitions, reads_only
from .cycles import action_statements, cycles
from .deck_filter import check_deck_filter
from .game_limits import check_limit
from .kinds import check_kinds
from .lets import check_let
from .option_check import check_option
from .ranges import range_problem
from .searches import guards_in_loops
from .shadowing import hides_local, shadowing
from .simultaneous import check_simultaneous
from .suggest import suggest
from .symbols import Symbols, collect, declared
from .table import PROPERTIES as TABLE_PROPERTIES
from .table import table_marks
from .unknown import Unknowns, function_names, value_names

VISIBILITIES = set(zones.VISIBILITIES)
OWNERSHIPS = {"per_player", "shared", "hidden_when_out"}  # hidden_when_out: face down once its owner is out


@attrs.define
class _Scope:
    locals: frozenset[str] = frozenset()
    lazy: bool = False  # `it` and bare attribute names are available
    procedure: str | None = None
    in_repeat: bool = False
    random: bool = False  # `random(...)` is allowed: in statements, where it runs once, not in what may be
    # evaluated any number of times (definitions, guards, the moves a choice offers)

    def bind(self, *names: str) -> "_Scope":
        return attrs.evolve(self, locals=self.locals | set(names))


class Checker:
    def __init__(self, rules: nodes.RulesFile):
        self.rules = rules
        self.path = rules.path
        self.sym, self.diags = collect(rules)  # pass 1: every declared name; pass 2 is `run`
        self.used: set[str] = set()
        self.unknowns = Unknowns()

    def err(self, code: str, message: str, span: Span) -> None:
        self.diags.append(error(code, message, span, self.path))

    def warn(self, code: str, message: str, span: Span) -> None:
        self.diags.append(warning(code, message, span, self.path))

    def unknown(self, code: str, name: str, message: str, span: Span) -> None:
        """An undeclared name: reported once, at its first use (`run` adds the errors)."""
        self.unknowns.add(code, name, message, span)

    # ---- pass 2: check each declaration -----------------------------------
    def run(self) -> list[Diagnostic]:
        self.check_required()
        for decl in self.rules.declarations:
            self.check_decl(decl)
        self.diags.extend(cycles(self.sym, self.path))  # definitions and actions that call themselves
        self.check_unused()
        self.diags.extend(agent_reads(self.sym, self.path))  # what the bots read by name (agent_reads.py)
        self.diags.extend(self.unknowns.diagnostics(self.path))
        self.diags.extend(shadowing(self.rules, self.sym))
        self.diags.extend(guards_in_loops(self.rules))  # searches that grow with a loop (searches.py)
        self.diags.extend(table_marks(self.rules))  # `internal`, `sorted`, questions of choices (table.py)
        self.diags.extend(check_kinds(self.rules, self.sym))  # what kind each expression gives (language/kinds.py)
        return self.diags

    def check_required(self) -> None:
        kinds = {type(d) for d in self.rules.declarations}
        procs = {d.kind for d in self.rules.declarations if isinstance(d, nodes.ProcedureDecl)}
        end = Span(1, 1)
        for needed, what in (({nodes.GameDecl}, "'game \"Title\"' line"),
                             ({nodes.PlayersDecl}, "'players LOW..HIGH' line"),
                             ({nodes.CardsDecl, nodes.CardDecl}, "'cards:' or 'card' declaration")):
            if not needed & kinds:  # a deck may be a product of attributes, a list of named cards, or both
                self.err("E202", f"the file has no {what}", end)
        if "turn" not in procs:
            self.err("E202", "the file has no 'turn:' procedure", end)
        if nodes.EndDecl not in kinds:
            self.warn("W201", "the file has no 'end when' declaration, so games can only end with 'win'", end)
        for kind, what in ((nodes.NextDecl, "'next player:'"), (nodes.ResultDecl, "'result'"),
                           (nodes.SidesDecl, "'sides'"), (nodes.EndRevealDecl, "'reveal at end'"),
                           (nodes.CaptionDecl, "'caption:'")):
            for extra in [d for d in self.rules.declarations if isinstance(d, kind)][1:]:
                self.err("E201", f"{what} is declared more than once", extra.span)
        for d in self.rules.declarations:
            if isinstance(d, nodes.ProcedureDecl) and sum(
                    1 for e in self.rules.declarations if isinstance(e, nodes.ProcedureDecl) and e.kind == d.kind) > 1:
                self.err("E201", f"'{d.kind}:' is declared more than once", d.span)

    def check_decl(self, decl: nodes.Decl) -> None:
        match decl:
            case nodes.ExtendsDecl():
                self.err("E500", "'extends' must be resolved before checking", decl.span)
            case nodes.GameDecl(title):
                self.sym.title = title
            case nodes.PlayersDecl(low, high):
                if not 1 <= low <= high:
                    self.err("E210", f"player counts {low}..{high} are not a range of at least one player", decl.span)
                elif high > MAX_PLAYERS:
                    self.err("E210", f"a game has at most {MAX_PLAYERS} players, not {high}", decl.span)
                self.sym.players = (low, high)
            case nodes.AttributeDecl():
                if not decl.values and decl.low is not None and decl.high is not None and decl.low > decl.high:
                    self.err("E211", f"the range {decl.low}..{decl.high} is empty", decl.span)
            case nodes.CardsDecl(names, copies, zone):
                for name in names:
                    self.need_attribute(name, decl.span)
                if copies < 1:
                    self.err("E212", "'copies' must be at least 1", decl.span)
                self.need_zone(zone, decl.span, shared=True)
                self.check_deck_size(names, copies, decl.span)
                check_deck_filter(self, decl)
            case nodes.CardDecl():
                self.check_card(decl)
            case nodes.OrderDecl(names):
                for name in names:
                    self.need_attribute(name, decl.span)
            case nodes.TextDecl():
                check_text(self, decl)
            case nodes.ZoneDecl():
                self.check_zone(decl)
            case nodes.OptionDecl(_, _, default):
                if not _is_literal(default):
                    self.err("E213", "an option's default must be a number, true, false or a quoted text",
                             default.span)
                self.diags += check_option(decl, _declared_players(self.rules), self.path)
            case nodes.VarDecl(_, _, default):
                self.expr(default, _Scope())
                percard.check_var(self, decl)
            case nodes.DefDecl(_, params, body):
                self.expr(body, _Scope(frozenset(params)))
            case nodes.CaseDecl():
                self.check_case(decl)
            case nodes.ActionDecl(_, params, body):
                self.block(body, _Scope(frozenset(params), procedure="action", random=True))
            case nodes.CaseActionDecl():
                self.check_case(decl)
            case nodes.ProcedureDecl(kind, body):
                self.block(body, _Scope(procedure=kind, random=True))
            case nodes.TriggerDecl():
                self.check_trigger(decl)
            case nodes.NextDecl(player):
                self.expr(player, _Scope(procedure="next", random=True))
            case nodes.EndDecl(cond, body):
                self.expr(cond, _Scope(procedure="end"))
                self.check_never_true(cond, "this 'end when' can never end the game", cond.span)
                self.block(body, _Scope(procedure="end", random=True))
            case nodes.ShowDecl(_, value) | nodes.ResultDecl(_, value) | nodes.SidesDecl(value):
                self.expr(value, _Scope())
            case nodes.HoldsDecl():
                self.check_holds(decl)
            case nodes.LimitDecl():
                check_limit(self, decl)
            case nodes.EndRevealDecl():
                end_reveal.check(self, decl)
            case nodes.CaptionDecl():
                check_caption(self, decl, _Scope(lazy=True))
            case _:
                assert_never(decl)

    def check_holds(self, decl: nodes.HoldsDecl) -> None:
        """`holds deck(p): COND`: a zone of the file, its owner named if it has one, COND about a card."""
        name = decl.zone
        self.need_zone(name, decl.span)
        if name not in self.sym.zones:
            return
        family = self.sym.zones[name].family is not None
        if family or self.sym.by_cell(name):
            what = "a family of zones" if family else self.sym.kind(name).a_noun
            self.err("E226", f"'holds' is for a single zone or a zone per player, and '{name}' is {what}", decl.span)
        elif self.sym.per_player(name) and len(decl.params) != 1:
            self.err("E225", f"'{name}' is a zone per player: name its owner, as in 'holds {name}(p): ...'", decl.span)
        elif not self.sym.per_player(name) and decl.params:
            self.err("E225", f"'{name}' is a shared zone, which has no owner: write 'holds {name}: ...'", decl.span)
        same = [d for d in self.rules.declarations if isinstance(d, nodes.HoldsDecl) and d.zone == name]
        if same[0] is not decl:
            self.err("E201", f"'holds {name}' is declared more than once", decl.span)
        before = len(self.diags) + len(self.unknowns)
        self.expr(decl.condition, _Scope(frozenset(decl.params), lazy=True))
        if len(self.diags) + len(self.unknowns) > before:
            return  # an unknown name is all there is to say
        fixed = (set(self.sym.options) | set(self.sym.values) | set(self.sym.cards) | set(self.sym.attributes)
                 | fixed_names())
        if not reads_only(decl.condition, set(decl.params), pure_definitions(self.sym.defs, self.sym.cases, fixed),
                          fixed):
            self.err("E227", "what a zone can hold must be fixed by the rules: a 'holds' condition may read the "
                     "card, the zone's owner, the options, the players and definitions of those only",
                     decl.condition.span)

    def check_deck_size(self, names: tuple[str, ...], copies: int, span: Span) -> None:
        """A deck is built card by card: a huge product would never finish (and is surely a typo)."""
        size = max(copies, 1)
        for name in names:
            attr = self.sym.attributes.get(name)
            if attr is not None:
                size *= len(attr.values) if attr.values else max((attr.high or 0) - (attr.low or 0) + 1, 1)
        if size > MAX_CARDS:
            self.err("E214", f"this line makes {size} cards; a game can have at most {MAX_CARDS}", span)

    def check_trigger(self, decl: nodes.TriggerDecl) -> None:
        for zone in (decl.source, decl.zone):
            if zone is not None:
                self.need_zone(zone, decl.span)
        scope = _Scope(frozenset([decl.var]), procedure="trigger")
        if decl.condition is not None:
            self.expr(decl.condition, scope)
            self.check_never_true(decl.condition, "this trigger can never run", decl.condition.span)
        self.block(decl.body, attrs.evolve(scope, random=True))

    def need_attribute(self, name: str, span: Span) -> None:
        if name not in self.sym.attributes:
            self.unknown("E220", name, f"unknown attribute '{name}'{suggest(name, self.sym.attributes)}", span)
        self.used.add(name)

    def need_zone(self, name: str, span: Span, shared: bool = False) -> None:
        if name not in self.sym.zones:
            self.unknown("E221", name, f"unknown zone '{name}'{suggest(name, self.sym.zones)}", span)
        elif shared and self.sym.keyed(name):
            self.err("E222", f"cards can only start in a single shared zone, and '{name}' is a family of zones",
                     span)
        elif shared and self.sym.by_cell(name):
            self.err("E222", f"cards can only start in a single shared zone, and '{name}' is "
                     f"{self.sym.kind(name).a_noun}: they need a cell", span)
        self.used.add(name)

    def need_key(self, name: str, span: Span) -> None:
        """Zone families and keyed variables are keyed by a ranked attribute's values."""
        self.need_attribute(name, span)
        if name in self.sym.attributes and not self.sym.attributes[name].values:
            self.err("E234", f"'{name}' has numbers, not named values, so it cannot key zones or variables",
                     span)

    def check_card(self, decl: nodes.CardDecl) -> None:
        for attr in decl.attributes:
            self.need_attribute(attr.name, attr.span)
            if isinstance(attr.value, nodes.Name) and attr.value.id not in self.sym.values:
                self.err("E223", f"'{attr.value.id}' is not a value of any attribute"
                         f"{suggest(attr.value.id, self.sym.values)}", attr.value.span)
            elif attr.name in self.sym.attributes:
                self.check_card_value(self.sym.attributes[attr.name], attr.value)
        self.need_zone(decl.zone, decl.span, shared=True)

    def check_card_value(self, attribute: nodes.AttributeDecl, value: nodes.Expr) -> None:
        """A card's value must be one its attribute has: cards are sorted and compared by them."""
        if attribute.values:
            names = [v.name for v in attribute.values]
            if not (isinstance(value, nodes.Name) and value.id in names):
                self.err("E224", f"'{attribute.name}' takes one of {', '.join(names)}"
                         f"{suggest(value.id, names) if isinstance(value, nodes.Name) else ''}", value.span)
        elif attribute.low is not None and attribute.high is not None and not (
                isinstance(value, nodes.Int) and attribute.low <= value.value <= attribute.high):
            self.err("E224", f"'{attribute.name}' takes a number from {attribute.low} to {attribute.high}",
                     value.span)

    def check_zone(self, decl: nodes.ZoneDecl) -> None:
        props = set(decl.properties)
        kinds = zones.names()
        known = set(kinds) | VISIBILITIES | OWNERSHIPS | TABLE_PROPERTIES
        for prop in decl.properties:
            if prop not in known:
                self.err("E230", f"unknown zone property '{prop}'{suggest(prop, known)} (a zone has a kind: "
                         f"{_one_of(kinds)}; a visibility: public, hidden, owner or others; and may be "
                         "'per player', 'per KEY' for one zone per value of an attribute, "
                         "hidden_when_out, internal or sorted)", decl.span)
        if len(props & VISIBILITIES) > 1:
            self.err("E232", "a zone has exactly one visibility", decl.span)
        if "owner" in props and "per_player" not in props:
            self.err("E233", "only a per_player zone can be seen by its owner", decl.span)
        if "others" in props and "per_player" not in props:
            self.err("E340", "only a per_player zone can be hidden from its owner alone ('others': every "
                     "player but the zone's owner sees it)", decl.span)
        named = zones.named(props)
        if len(named) > 1:
            self.err("E236", f"a zone has one kind: {_one_of(kinds)}", decl.span)
        for kind in named or [zones.kind_of(props)]:  # each kind says what it accepts
            for code, message in kind.problems(declared(decl)):
                self.err(code, message, decl.span)
        if decl.family is not None:
            self.need_key(decl.family, decl.span)
            if "per_player" in props:
                self.err("E235", "a zone is either per player or per the values of an attribute, not both",
                         decl.span)

    def check_case(self, decl: nodes.CaseDecl | nodes.CaseActionDecl) -> None:
        if decl.key not in decl.params:
            self.err("E240", f"'{decl.key}' is not a parameter of '{decl.name}'", decl.span)
        keys: set[str] = set()
        attribute = None
        for clause in decl.clauses:
            if clause.key in keys:
                self.err("E241", f"'{clause.key}' has two clauses", clause.span)
            keys.add(clause.key)
            if clause.key not in self.sym.values:
                self.err("E223", f"'{clause.key}' is not a value of any attribute"
                         f"{suggest(clause.key, self.sym.values)}", clause.span)
            else:
                attribute = attribute or self.sym.values[clause.key]
            if isinstance(clause, nodes.ActionClause):
                self.block(clause.body, _Scope(frozenset(decl.params), procedure="action", random=True))
            else:
                self.expr(clause.body, _Scope(frozenset(decl.params)))
        if attribute:
            missing = [v.name for v in self.sym.attributes[attribute].values if v.name not in keys]
            if missing:
                self.err("E242", f"'{decl.name}' has no clause for {', '.join(missing)}", decl.span)

    # ---- statements ---------------------------------------------------------
    def block(self, body: tuple[nodes.Stmt, ...], scope: _Scope) -> None:
        lets: dict[str, nodes.Let] = {}  # a `let` binds its name for the rest of the block
        for stmt in body:
            if isinstance(stmt, nodes.Let):
                scope = check_let(self, stmt, scope, lets)
            else:
                self.stmt(stmt, scope)

    def stmt(self, stmt: nodes.Stmt, scope: _Scope) -> None:
        match stmt:
            case nodes.Move(cards, dest, _):
                self.expr(cards, scope)
                self.zone_ref(dest, scope, cell=True)
            case nodes.Deal(count, source, dest):
                self.expr(count, scope)
                self.zone_ref(source, scope)
                self.zone_ref(dest, scope, per_player_name=True)
            case nodes.Shuffle(zone):
                self.zone_ref(zone, scope)
            case nodes.Eliminate(player) | nodes.FirstPlayer(player) | nodes.Win(player):
                self.expr(player, scope)
            case nodes.Say(parts, to):
                for part in parts:
                    self.expr(part, scope)
                if to is not None:
                    self.expr(to, scope)
            case nodes.Set(target, value):
                self.set_target(target, value, scope)
                self.expr(value, scope)
            case nodes.Pass() | nodes.Lose():
                pass
            case nodes.While(cond, body):
                self.expr(cond, scope)
                self.block(body, attrs.evolve(scope, in_repeat=True))
            case nodes.NewRound():
                if not any(isinstance(d, nodes.ProcedureDecl) and d.kind == "round setup"
                           for d in self.rules.declarations):
                    self.err("E255", "'new round' needs a 'round setup:' procedure to run", stmt.span)
            case nodes.Stop():
                if not scope.in_repeat:
                    self.err("E250", "'stop' can only be used inside 'repeat' or 'while'", stmt.span)
            case nodes.If(branches, otherwise):
                for cond, body in branches:
                    self.expr(cond, scope)
                    self.block(body, scope)
                self.block(otherwise, scope)
            case nodes.For(var, source, body):
                self.expr(source, scope)
                self.diags.extend(hides_local(self.rules, stmt, scope.locals))
                self.block(body, scope.bind(var))
            case nodes.Repeat(body):
                self.block(body, attrs.evolve(scope, in_repeat=True))
            case nodes.Choose(options):
                self.choose(stmt, options, scope)
            case nodes.Do():
                self.do(stmt, scope)
            case nodes.Reveal(cards, players):
                self.expr(cards, scope)
                self.expr(players, scope)
            case nodes.Let():
                check_let(self, stmt, scope, {})  # `block` checks a `let` itself, to bind the name after it
            case nodes.Simultaneous():
                check_simultaneous(self, stmt, scope)
            case nodes.Reset():
                percard.check_reset(self, stmt)
            case _:
                assert_never(stmt)

    def choose(self, stmt: nodes.Choose, options: tuple[nodes.Option, ...], scope: _Scope) -> None:
        if scope.procedure not in _CHOOSING:
            self.err("E251", "'choose' can only be used in 'turn', 'after turn', an 'on move' trigger or an "
                     "action", stmt.span)
        names = [o.name for o in options]
        fallback = next((o for o in options if o.fallback), None)
        for option in options:
            if names.count(option.name) > 1:
                self.err("E252", f"two options are named '{option.name}'", option.span)
            if option.fallback and option.binders:
                self.err("E256", f"'{option.name}' is taken only when nothing else is possible, so it has no "
                         "binders", option.span)
            if option.fallback and option is not fallback and option.name != fallback.name:
                self.err("E269", "a choice has at most one fallback option, taken when nothing else is possible, "
                         f"and '{fallback.name}' is already one", option.span)
            inner = attrs.evolve(scope, random=False)  # the moves offered are computed again and again
            for binder in option.binders:
                self.expr(binder.source, inner)
                self.diags.extend(hides_local(self.rules, binder, inner.locals))
                inner = inner.bind(binder.var)
            for guard in option.guards:
                self.expr(guard.condition, inner)
                if guard.when is not None:
                    self.expr(guard.when, inner)
                if guard.afterwards and scope.procedure not in _LOOKING_AHEAD:
                    self.err("E253", "'afterwards' guards can only be used in 'turn', in 'on move' triggers "
                             "and in actions", guard.span)
            self.block(option.body, attrs.evolve(inner, random=scope.random))
            self.check_never_legal(option)

    def do(self, stmt: nodes.Do, scope: _Scope) -> None:
        decl = self.sym.actions.get(stmt.name)
        self.used.add(stmt.name)
        for arg in stmt.args:
            self.expr(arg, scope)
        if decl is None:
            self.unknown("E257", stmt.name, f"unknown action '{stmt.name}'{suggest(stmt.name, self.sym.actions)}",
                         stmt.span)
            return
        if len(stmt.args) != len(decl.params):
            n = len(decl.params)
            self.err("E280", f"'{stmt.name}' takes {n} argument{'s' if n != 1 else ''}, not {len(stmt.args)}",
                     stmt.span)
        needs = self.action_needs(stmt.name)
        if "choose" in needs and scope.procedure not in _CHOOSING:
            self.err("E258", f"'{stmt.name}' asks a player to choose, so it can only be done in 'turn', "
                     "'after turn', an 'on move' trigger or another action", stmt.span)
        elif "afterwards" in needs and scope.procedure not in _LOOKING_AHEAD:
            self.err("E258", f"'{stmt.name}' has an 'afterwards' guard, so it can only be done in 'turn', an "
                     "'on move' trigger or another action", stmt.span)

    def action_needs(self, name: str) -> set[str]:
        """What an action uses, itself or through the actions it does, that not every place allows."""
        needs: set[str] = set()
        seen, stack = set(), [name]
        while stack:
            decl = self.sym.actions.get(stack.pop())
            if decl is None or decl.name in seen:
                continue
            seen.add(decl.name)
            for stmt in action_statements(decl):
                if isinstance(stmt, nodes.Choose):
                    needs.add("choose")
                    needs.update("afterwards" for o in stmt.options for g in o.guards if g.afterwards)
                elif isinstance(stmt, nodes.Do):
                    stack.append(stmt.name)
        return needs

    def set_target(self, target: nodes.Expr, value: nodes.Expr, scope: _Scope) -> None:
        match target:
            case nodes.Name(name) if name in self.sym.vars and self.sym.var_arity(name) == 0:
                self.used.add(name)
            case nodes.Call(name, args, ()) if name in self.sym.vars and self.sym.var_arity(name) == len(args) > 0:
                self.used.add(name)
                for arg in args:
                    self.expr(arg, scope)
            case nodes.Name(name) | nodes.Call(name) if name in self.sym.vars:
                self.used.add(name)
                self.err("E254", how_to_set(self.sym, self.rules, name, value), target.span)
            case _:
                self.err("E254", "'set' needs a variable declared with 'var': 'set score = 1', or "
                         "'set score(me) = 1' for a per-player variable", target.span)

    def zone_ref(self, expr: nodes.Expr, scope: _Scope, per_player_name: bool = False, cell: bool = False) -> None:
        """A zone a statement acts on; `cell`: a grid's cell may be the zone (only `move` puts cards there)."""
        name = expr.id if isinstance(expr, nodes.Name) else expr.func if isinstance(expr, nodes.Call) else None
        if self.sym.by_cell(name):
            self.grid_ref(expr, name, scope, cell)
            return
        match expr:
            case nodes.Name(name) if name in self.sym.zones:
                self.used.add(name)
                if self.sym.per_player(name) and not per_player_name:
                    self.err("E260", f"'{name}' is a per-player zone: say whose, as in '{name}(me)'", expr.span)
                elif self.sym.zones[name].family is not None:
                    self.err("E263", f"'{name}' is a family of zones: say which, as in '{name}(key)'", expr.span)
            case nodes.Call(name, (player,), ()) if name in self.sym.zones:
                self.used.add(name)
                if not self.sym.keyed(name):
                    self.err("E261", f"'{name}' is a shared zone: write it without a player", expr.span)
                self.expr(player, scope)
            case nodes.Name(name):
                self.unknown("E221", name, f"unknown zone '{name}'{suggest(name, self.sym.zones)}", expr.span)
            case nodes.Call(name):
                self.unknown("E221", name, f"unknown zone '{name}'{suggest(name, self.sym.zones)}",
                             _name_span(expr))
            case _:
                self.err("E262", "expected a zone here, such as 'deck' or 'hand(me)'", expr.span)

    def grid_ref(self, expr: nodes.Expr, name: str, scope: _Scope, cell: bool) -> None:
        """A zone whose cards lie on cells, where a statement acts on a zone: only `move` to a cell."""
        self.used.add(name)
        what = self.sym.kind(name).a_noun
        if not cell:
            self.err("E264", f"'{name}' is {what}: only 'move' can put cards on it, as in "
                     f"'move card to {name}(cell)'", expr.span)
        elif not (isinstance(expr, nodes.Call) and len(expr.args) == 1 and not expr.kwargs):
            self.err("E264", f"'{name}' is {what}: say on which cell, as in 'move card to {name}(cell)'",
                     expr.span)
        else:
            self.expr(expr.args[0], scope)

    # ---- expressions ----------------------------------------------------------
    def expr(self, e: nodes.Expr, scope: _Scope) -> None:
        match e:
            case nodes.Name(name):
                self.name(name, e.span, scope)
            case nodes.Int() | nodes.Str():
                pass
            case nodes.Attr(obj, name):
                self.expr(obj, scope)
                if name not in self.sym.attributes:
                    self.unknown("E220", name, f"unknown attribute '{name}'{suggest(name, self.sym.attributes)}",
                                 e.span)
                self.used.add(name)
            case nodes.Index(obj, index):
                self.expr(obj, scope)
                self.expr(index, scope)
            case nodes.Call():
                self.call(e, scope)
            case nodes.TupleLit(items) | nodes.ListLit(items):
                for item in items:
                    self.expr(item, scope)
            case nodes.Comprehension(element, var, source, cond):
                self.expr(source, scope)
                inner = scope.bind(var)
                self.expr(element, inner)
                if cond is not None:
                    self.expr(cond, inner)
            case nodes.Where(source, cond):
                self.expr(source, scope)
                self.expr(cond, attrs.evolve(scope, lazy=True))
            case nodes.BinOp(_, left, right) | nodes.Compare(_, left, right) | nodes.BoolOp(_, left, right):
                self.expr(left, scope)
                self.expr(right, scope)
            case nodes.Not(operand) | nodes.Neg(operand):
                self.expr(operand, scope)
            case nodes.IfExpr(cond, then, otherwise):
                for part in (cond, then, otherwise):
                    self.expr(part, scope)
            case nodes.Range(low, high):
                self.expr(low, scope)
                self.expr(high, scope)
                if (problem := range_problem(e, self.sym.defs)) is not None:
                    self.err(*problem)
            case _:
                assert_never(e)

    def name(self, name: str, span: Span, scope: _Scope) -> None:
        self.used.add(name)
        if name in scope.locals or name in NAMES:
            return
        if name == "it":
            if not scope.lazy:
                self.err("E270", "'it' is only defined inside 'where' and 'by:'", span)
            return
        if scope.lazy and name in self.sym.attributes:
            return
        if name in self.sym.defs:
            if self.sym.defs[name].has_params:
                self.err("E271", f"'{name}' takes arguments: write {name}(...)", span)
            return
        if name in self.sym.zones:
            if self.sym.per_player(name):
                self.err("E260", f"'{name}' is a per-player zone: say whose, as in '{name}(me)'", span)
            elif self.sym.zones[name].family is not None:
                self.err("E263", f"'{name}' is a family of zones: say which, as in '{name}(key)'", span)
            return
        if name in self.sym.vars:
            if self.sym.vars[name].per_player:
                self.err("E272", f"'{name}' is a per-player variable: write {name}(player)", span)
            elif self.sym.vars[name].keys:
                self.err("E272", f"'{name}' has a value for each {', '.join(self.sym.vars[name].keys)}: "
                         f"write {name}(key)", span)
            return
        if name in self.sym.options or name in self.sym.values or name in self.sym.cards or name in self.sym.cases:
            return
        if name in self.sym.attributes:
            self.err("E273", f"'{name}' is an attribute: read it from a card, as in 'card.{name}', or inside 'where'",
                     span)
            return
        candidates = value_names(self.sym, scope.locals, scope.lazy)
        self.unknown("E274", name, f"unknown name '{name}'{suggest(name, candidates)}", span)

    def call(self, e: nodes.Call, scope: _Scope) -> None:
        name = e.func
        self.used.add(name)
        if name in self.sym.zones:
            self.arity(e, 1, 1, ())
        elif name in self.sym.vars and self.sym.var_arity(name):
            self.arity(e, self.sym.var_arity(name), self.sym.var_arity(name), ())
        elif name in self.sym.defs:
            n = len(self.sym.defs[name].params)
            if not self.sym.defs[name].has_params:
                self.err("E275", f"'{name}' takes no arguments: write it without parentheses", e.span)
            self.arity(e, n, n, ())
        elif name in self.sym.cases:
            n = len(self.sym.cases[name].params)
            self.arity(e, n, n, ())
        elif name in FUNCTIONS:
            self.builtin_call(e, FUNCTIONS[name], scope)
            if FUNCTIONS[name].names_declaration:
                return  # its check hook has checked the arguments: the first one is not a value
        else:
            self.unknown("E277", name, f"unknown function '{name}'{suggest(name, function_names(self.sym))}",
                         _name_span(e))
            return
        for arg in e.args:
            self.expr(arg, scope)
        for kw in e.kwargs:
            self.expr(kw.value, attrs.evolve(scope, lazy=True))

    def builtin_call(self, e: nodes.Call, f: Function, scope: _Scope) -> None:
        """What a builtin function's record asks of a call, its arguments aside."""
        self.arity(e, f.min_args, f.max_args, f.keywords)
        if f.grid:
            self.grid_argument(e)
        given = {k.name for k in e.kwargs}
        for kw in f.required:
            if kw not in given and given <= set(f.keywords):
                self.err("E276", f"'{f.name}' needs '{kw}:', as in {f.name}(cards, {kw}: number)", e.span)
        if f.statements_only and not scope.random:
            self.err("E282", f"'{f.name}' can only be used in statements: a definition, a guard or the "
                     "moves a choice offers may be worked out many times, and must give the same answer", e.span)
        if f.check is not None:
            f.check(self, e, scope)

    def grid_argument(self, e: nodes.Call) -> None:
        """The geometry functions read a grid: their first argument names one."""
        if e.args and isinstance(e.args[0], nodes.Name) and self.sym.by_cell(e.args[0].id):
            return
        grids = [z for z in self.sym.zones if self.sym.by_cell(z)]
        self.err("E279", f"the first argument of '{e.func}' must name a grid zone"
                 f"{', such as ' + repr(grids[0]) if grids else ' (this file declares none)'}", e.span)

    def arity(self, e: nodes.Call, low: int, high: int, keywords: tuple[str, ...]) -> None:
        n = len(e.args)
        if not low <= n <= high:
            want = f"{low}" if low == high else f"{low} to {high}"
            self.err("E280", f"'{e.func}' takes {want} argument{'s' if high != 1 else ''}, not {n}", e.span)
        for kw in e.kwargs:
            if kw.name not in keywords:
                allowed = f"; it accepts {', '.join(k + ':' for k in keywords)}" if keywords else ""
                self.err("E281", f"'{e.func}' has no argument '{kw.name}:'{allowed}", kw.span)

    # ---- whole-file checks ----------------------------------------------------
    def check_unused(self) -> None:
        for table in (self.sym.defs, self.sym.cases, self.sym.actions, self.sym.vars, self.sym.zones):
            for name, decl in table.items():
                if name not in self.used and name not in READ_BY_AGENTS:
                    self.warn("W202", f"'{name}' is declared but never used{meant_override(self.rules, decl)}",
                              decl.span)
        for name, decl in self.sym.options.items():
            if name not in self.used:
                self.warn("W203", f"option '{name}' is never used by the rules, so setting it changes nothing"
                          f"{meant_override(self.rules, decl)}", decl.span)

    # ---- what can never happen (decidable cases only: constants, empty literal lists) ---------
    def check_never_legal(self, option: nodes.Option) -> None:
        for binder in option.binders:
            if fold(binder.source, self.sym.defs) == []:
                self.warn("W204", f"option '{option.name}' can never be taken: '{binder.var}' takes its values "
                          "from a list that is always empty", binder.span)
                return
        for guard in option.guards:
            applies = True if guard.when is None else fold(guard.when, self.sym.defs)
            condition = fold(guard.condition, self.sym.defs)
            if condition is not UNKNOWN and not condition and applies is not UNKNOWN and applies:
                self.warn("W204", f"option '{option.name}' can never be taken: its 'only if' condition is always "
                          "false", guard.span)
                return

    def check_never_true(self, condition: nodes.Expr | None, what: str, span: Span) -> None:
        value = UNKNOWN if condition is None else fold(condition, self.sym.defs)
        if value is not UNKNOWN and not value:
            self.warn("W205", f"{what}: its condition is always false", span)


_CHOOSING = ("turn", "after turn", "trigger", "action")  # where a player may be asked to choose
_LOOKING_AHEAD = ("turn", "trigger", "action")  # where an 'afterwards' guard can search the rest of the turn


def _one_of(words: list[str]) -> str:
    """`a, b or c`."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def _declared_players(rules: nodes.RulesFile) -> tuple[int, int] | None:
    return next(((d.low, d.high) for d in rules.declarations if isinstance(d, nodes.PlayersDecl)), None)


def _is_literal(e: nodes.Expr) -> bool:
    return isinstance(e, nodes.Int | nodes.Str) or is_truth(e)


def _name_span(e: nodes.Call) -> Span:
    """Just the function's name of a call, for carets."""
    return Span(e.span.line, e.span.column, e.span.line, e.span.column + len(e.func))


def check(rules: nodes.RulesFile) -> tuple[Symbols, list[Diagnostic]]:
    """Resolve names and collect every diagnostic of a file, errors and warnings."""
    checker = Checker(rules)
    diags = checker.run()
    diags.sort(key=lambda d: (d.span.line, d.span.column))
    return checker.sym, diags
