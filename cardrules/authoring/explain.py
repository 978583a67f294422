"""A resolved rules file + option values -> a readable summary of the game (`cardrules explain`).

The summary is built from the AST (after `extends` is resolved) and the compiled game: the cards,
the zones and who sees them, options and variables, definitions, setup, the turn as a numbered
outline, triggers, how the game ends and is scored, and the `show` lines. It follows the options:
a part guarded by an option that is off (an `if OPTION:` block, a guard's `when`, a trigger's
`where`, a show line) is kept but marked "(only with OPTION)"; with the option on it is shown as
active, its option-only condition dropped.
"""

from __future__ import annotations

from typing import Any

import attrs

from .. import CheckedRules, prepare_source
from ..compiler.deck_filter import cards_made
from ..converter import fields_json, register, to_json
from ..engine.accepts import limits
from ..engine.game import Game
from ..language import nodes
from ..language.game_limits import CEILINGS
from ..language.symbols import Symbols
from ..language.table import table_words
from ..words import player_span, plural
from .exprs import is_constant, is_false, is_true, requirement, simplify, unparse


@attrs.define
class Item:
    """One line of the summary, in parts: (text, kind) with kind "" (words), "code", "name" or "off"
    (a waived condition); and its children."""

    parts: list[tuple[str, str]]
    children: list["Item"] = attrs.Factory(list)
    requires: str | None = None  # the option settings it needs, in words
    active: bool = True  # false: not part of the game with the chosen options
    number: str = ""

    @property
    def plain(self) -> str:
        return "".join(text for text, _ in self.parts)

    @property
    def note(self) -> str:
        """"  (only with X)" for a part that needs options not chosen, "  (with X)" for one that has them."""
        if not self.requires:
            return ""
        if self.requires == "never":
            return "  (never, whatever the options)"
        return f"  ({'only ' if not self.active else ''}{self.requires})"

    def to_json(self) -> dict:
        return to_json(self)


def _item_json(item: Item) -> dict[str, Any]:
    """The line as text; a number, a requirement and children only where the item has them."""
    out: dict[str, Any] = {"text": item.plain, "active": item.active}
    if item.number:
        out["number"] = item.number
    if item.requires:
        out["requires"] = item.requires
    if item.children:
        out["children"] = to_json(item.children)
    return out


def _c(text: str) -> tuple[str, str]:
    return (text, "code")


def _w(text: str) -> tuple[str, str]:
    return (text, "")


def _n(text: str) -> tuple[str, str]:
    return (text, "name")


@attrs.define
class Section:
    title: str
    items: list[Item]


@attrs.define
class Explanation:
    """The summary: its sections in order (the terminal draws it: cli/reports.py)."""

    title: str
    path: str
    options: dict[str, Any]
    sections: list[Section]

    def to_json(self) -> dict:
        return to_json(self)

    def text(self) -> str:
        lines = [self.title + f"  ({self.path})"]
        for section in self.sections:
            if section.items:
                lines += ["", section.title] + [line for item in section.items for line in _plain_lines(item, 1)]
        return "\n".join(lines) + "\n"


register(Item, _item_json)
register(Explanation, fields_json(Explanation, rename={"path": "file"}))


def value_text(v: Any) -> str:
    """An option's value as the rules write it: true, false, a number."""
    return "true" if v is True else "false" if v is False else str(v)


def _plain_lines(item: Item, depth: int) -> list[str]:
    number = item.number + " " if item.number else ""
    out = ["  " * depth + number + item.plain + item.note]
    for child in item.children:
        out.extend(_plain_lines(child, depth + 1))
    return out


# ---------------------------------------------------------------------------------------------

class _Explainer:
    def __init__(self, rules: nodes.RulesFile, sym: Symbols, options: dict[str, Any], game: Any):
        self.rules, self.sym, self.options, self.game = rules, sym, options, game
        self.sources = rules.sources
        self.switches = {k: v for k, v in options.items() if isinstance(v, bool)}  # put into shown conditions

    def code(self, e: Any, wrap: bool = False) -> str:
        """A value as written (options by name); `wrap`: in parentheses if it is a conditional or a filter."""
        text = unparse(e, self.sources)
        return f"({text})" if wrap and isinstance(e, nodes.IfExpr | nodes.Where) else text

    def raw(self, e: Any) -> str:
        return unparse(e, self.sources)

    def needs(self, item: Item, condition: Any) -> Item:
        """Mark an item with the options `condition` needs, inactive when they are not chosen."""
        if condition is None:
            return item
        words = requirement(condition, self.options)
        if words is None:
            return item
        item.requires = words
        item.active = not is_false(simplify(condition, self.options))
        return item

    # -- declarations
    def components(self) -> list[Item]:
        items = []
        for attr in self.sym.attributes.values():
            if attr.values:
                values = " > ".join(v.name + (f' "{v.short}"' if v.short else "") for v in attr.values)
                items.append(Item([_n(attr.name), _w(": "), _c(values), _w(" (ranked, highest first)")]))
            else:
                items.append(Item([_n(attr.name), _w(f": the numbers {attr.low} to {attr.high}")]))
        total = 0
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.CardsDecl):
                size = decl.copies
                for name in decl.attributes:
                    attr = self.sym.attributes.get(name)
                    size *= len(attr.values) if attr and attr.values else (attr.high - attr.low + 1) if attr else 0
                kept = f" where {self.raw(decl.condition)}" if decl.condition is not None else ""
                if kept:
                    size = cards_made(decl, self.sym.attributes) or 0
                total += size
                copies = f", {decl.copies} copies of each" if decl.copies > 1 else ""
                items.append(Item([_w("cards: one for every "), _c(" × ".join(decl.attributes) + kept), _w(copies),
                                   _w(f" = {plural(size, 'card')}, starting in "), _n(decl.zone)]))
            elif isinstance(decl, nodes.CardDecl):
                total += 1
                label = f' "{decl.label}"' if decl.label else ""
                values = ", ".join(f"{a.name} {self.raw(a.value)}" for a in decl.attributes)
                items.append(Item([_w("card "), _n(decl.name), _w(label + ": "), _c(values), _w(", starting in "),
                                   _n(decl.zone)]))
        if self.game is not None:
            total = len(self.game.cards)
        items.append(Item([_w(f"The deck has {plural(total, 'card')}.")]))
        order = next((d.attributes for d in self.rules.declarations if isinstance(d, nodes.OrderDecl)), ())
        if order:
            item = Item([_w("Card order (for highest, lowest and comparing cards): by "),
                         _c(", then ".join(order))])
            if self.game is not None and self.game.cards:
                item.children.append(Item([_w("lowest "), _n(self.game.card_labels[0]), _w(", highest "),
                                           _n(self.game.card_labels[-1])]))
            items.append(item)
        else:
            items.append(Item([_w("Card order: the order the cards are declared in")]))
        text = next((d.attributes for d in self.rules.declarations if isinstance(d, nodes.TextDecl)), ())
        if self.game is not None and self.game.cards:
            card = self.game.cards[-1]
            how = f" (from {', '.join(text)})" if text else ""
            items.append(Item([_w("Cards are written like "), _c(self.game.card_texts[card]), _w(how + " for "),
                               _n(self.game.card_labels[card])]))
        items += self.caption_items()
        return items

    def caption_items(self) -> list[Item]:
        """`caption:`: what the table writes beside a card (never typed), with the first captioned card."""
        decl = next((d for d in self.rules.declarations if isinstance(d, nodes.CaptionDecl)), None)
        if decl is None:
            return []
        item = Item([_w("The table writes beside each card "), _c(self.raw(decl.value)),
                     _w(" (display only: moves and positions name the card by its text)")])
        if self.game is not None:
            first = next((c for c, words in zip(self.game.cards, self.game.card_captions) if words), None)
            if first is None:
                item.children.append(Item([_w("no card has a caption with these options")]))
            else:
                item.children.append(Item([_w("for example "), _c(self.game.card_texts[first]), _w(" as "),
                                           _c(f"{self.game.card_texts[first]} {self.game.card_captions[first]}")]))
        return [item]

    def zones(self) -> list[Item]:
        items = []
        for decl in self.sym.zones.values():
            parts = [_n(decl.name), _w(f": {self.sym.kind(decl.name).describe(self.sym.declared(decl.name))}"
                                       f"{table_words(decl.properties)}")]
            holds = next((d for d in self.rules.declarations if isinstance(d, nodes.HoldsDecl) and d.zone == decl.name),
                         None)
            if holds is not None:
                zone = f"{decl.name}({holds.params[0]})" if holds.params else decl.name
                parts += [_w("; "), _c(zone), _w(" only ever holds cards where "),
                          _c(unparse(holds.condition, self.sources))]
            items.append(Item(parts))
        return items

    def option_items(self) -> list[Item]:
        items = []
        for name, decl in self.sym.options.items():
            doc = f" — {decl.doc}" if decl.doc else ""
            value = self.options.get(name)
            accepts = limits(self.game.option_docs[name])  # nothing for an option that declares nothing
            accepts = f"; {accepts}" if accepts else ""
            items.append(Item([_n(name), _w(" = "), _c(value_text(value)),
                               _w(f" (default {self.raw(decl.default)}{accepts}){doc}")]))
        return items

    def variables(self) -> list[Item]:
        items = []
        for name, decl in self.sym.vars.items():
            keys = ["player"] * decl.per_player + list(decl.keys)
            per = f" (one for each {', '.join(keys)})" if keys else ""
            again = ", and again for a card whenever it moves" if decl.reset_on_move else ""
            again += "; internal: not shown on the table" if decl.internal else ""
            items.append(Item([_n(name), _w(per + ", starts at "), _c(self.code(decl.initial)), _w(again)]))
        return items

    def definitions(self) -> list[Item]:
        items = []
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.DefDecl):
                params = f"({', '.join(decl.params)})" if decl.has_params else ""
                items.append(Item([_n(decl.name + params), _w(" = "), _c(self.code(decl.body))]))
            elif isinstance(decl, nodes.CaseDecl):
                items.append(_case_item(decl, lambda c, label: Item([_n(c.key), _w(label + ": "),
                                                                     _c(self.code(c.body))])))
        return items

    def actions(self) -> list[Item]:
        items = []
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.ActionDecl):
                params = f"({', '.join(decl.params)})" if decl.params else ""
                items.append(Item([_n(decl.name + params), _w(":")], number(self.block(decl.body))))
            elif isinstance(decl, nodes.CaseActionDecl):
                items.append(_case_item(decl, lambda c, label: Item([_n(c.key), _w(label + ":")],
                                                                    number(self.block(c.body)))))
        return items

    # -- procedures
    def shown(self, condition: Any) -> str:
        """A condition as shown: simplified by the options, unless that leaves only true or false."""
        value = simplify(condition, self.switches)
        return unparse(condition if is_constant(value) else value, self.sources)

    def block(self, body: tuple) -> list[Item]:
        items: list[Item] = []
        reach: Any = None  # the condition under which the rest of the block is reached
        for stmt in body:
            item = self.statement(stmt)
            if reach is not None:
                if item.requires is None:
                    self.needs(item, reach)
                elif item.active:
                    item.active = not is_false(simplify(reach, self.options))
            items.append(item)
            ends = _ends_game(stmt)
            if ends is not None:  # `if C: ... win`: what follows is reached only when C is false
                reach = nodes.Not(ends) if reach is None else nodes.BoolOp("and", reach, nodes.Not(ends))
        return items

    def statement(self, st: Any) -> Item:
        match st:
            case nodes.Move(cards, dest, bottom):
                where = " (at the bottom)" if bottom else ""
                return Item([_w("move "), _c(self.code(cards, True)), _w(" to "), _c(self.code(dest)), _w(where)])
            case nodes.Deal(count, source, dest):
                every = isinstance(dest, nodes.Name) and dest.id in self.sym.zones and \
                    "per_player" in self.sym.zones[dest.id].properties
                to = [_w(" to every player's "), _n(dest.id)] if every else [_w(" to "), _c(self.code(dest))]
                return Item([_w("deal "), _c(self.code(count, True)), _w(" from "), _c(self.code(source)), *to])
            case nodes.Shuffle(zone):
                return Item([_w("shuffle "), _c(self.code(zone))])
            case nodes.Eliminate(player):
                return Item([_w("eliminate "), _c(self.code(player))])
            case nodes.Set(target, value):
                return Item([_w("set "), _c(self.code(target)), _w(" to "), _c(self.code(value, True))])
            case nodes.FirstPlayer(player):
                return Item([_c(self.code(player, True)), _w(" takes the first turn")])
            case nodes.Win(players):
                return Item([_w("the game ends, won by "), _c(self.code(players))])
            case nodes.Pass():
                return Item([_w("nothing happens")])
            case nodes.Stop():
                return Item([_w("stop repeating")])
            case nodes.NewRound():
                return Item([_w("a new round starts: everyone is back in, and the round setup runs")])
            case nodes.Say(parts, None):
                return Item([_w("tell the players: "), _c(", ".join(self.code(p) for p in parts))])
            case nodes.Say(parts, to):
                return Item([_w("tell "), _c(self.code(to)), _w(" only: "), _c(", ".join(self.code(p) for p in parts))])
            case nodes.If():
                return self.if_item(st)
            case nodes.For(var, source, body):
                return Item([_w("for each "), _c(var), _w(" in "), _c(self.shown(source)), _w(":")], self.block(body))
            case nodes.Repeat(body):
                return Item([_w("repeat, until a 'stop':")], self.block(body))
            case nodes.Choose(options, prompt):
                asked = f" (asked: \"{prompt}\")" if prompt else ""
                return Item([_w(f"the player chooses one of{asked}:")], [self.option(o) for o in options])
            case nodes.Simultaneous(var, players, body):
                return Item([_w("at the same time, each "), _c(var), _w(" in "), _c(self.shown(players)),
                             _w(" (not out) chooses in secret, as the acting player; nobody sees another's choice "
                                "until all have chosen; then every choice is told and carried out, in that order:")],
                            self.block(body))
            case nodes.Do(name, args):
                given = f"({', '.join(self.code(a) for a in args)})" if args else ""
                return Item([_w("do the action "), _n(name), _c(given)])
            case nodes.Reveal(cards, players):
                return Item([_w("show "), _c(self.code(cards, True)), _w(" to "), _c(self.code(players)),
                             _w(" only: they know those cards while they lie where they are")])
            case nodes.Let(name, value):
                return Item([_w("let "), _c(name), _w(" be "), _c(self.code(value, True)),
                             _w(" (worked out now, for the rest of this block)")])
            case nodes.Reset(name):
                return Item([_w("every value of "), _n(name), _w(" goes back to its initial value")])
        kind = type(st).__name__
        if kind == "Lose":
            return Item([_w("everybody loses — the game ends")])
        if kind == "While":
            return Item([_w("while "), _c(self.shown(st.condition)), _w(":")], self.block(st.body))
        return Item([_c(unparse(st, self.sources))])

    def if_item(self, st: nodes.If) -> Item:
        branches = []
        earlier: Any = None  # the conditions of the branches above: false when this one runs
        for index, (cond, body) in enumerate(st.branches):
            word = "if " if index == 0 else "otherwise, if "
            item = Item([_w(word), _c(self.shown(cond)), _w(":")], self.block(body))
            self.needs(item, cond if earlier is None else nodes.BoolOp("and", nodes.Not(earlier), cond))
            branches.append(item)
            earlier = cond if earlier is None else nodes.BoolOp("or", earlier, cond)
        if st.otherwise:
            item = Item([_w("otherwise:")], self.block(st.otherwise))
            self.needs(item, nodes.Not(earlier))
            branches.append(item)
        if len(branches) == 1:
            return branches[0]
        return Item([_w("one of these, the first that applies:")], branches)

    def option(self, option: nodes.Option) -> Item:
        parts = [_n(option.name)]
        if option.fallback:
            parts.append(_w(" (offered only when no other option is possible)"))
        if option.binders:
            parts.append(_w(" — for each "))
            for i, binder in enumerate(option.binders):
                if i:
                    parts.append(_w(", and each "))
                parts += [_c(binder.var), _w(" in "), _c(self.shown(binder.source))]
        required: Any = None
        for guard in option.guards:
            applies = simplify(guard.when, self.switches) if guard.when is not None else None
            if applies is not None and is_false(applies):  # the guard is waived with these options
                words = requirement(guard.when, self.options)
                if words and words != "never":
                    after = " afterwards" if guard.afterwards else ""
                    parts.append((f" [{words}: only if {self.raw(guard.condition)}{after} when "
                                  f"{self.raw(guard.when)}]", "off"))
                continue
            parts += [_w(" — only if "), _c(self.shown(guard.condition))]
            if guard.afterwards:
                parts.append(_w(" afterwards (at the end of the turn)"))
            if applies is not None and not is_true(applies):
                parts += [_w(", when "), _c(unparse(applies, self.sources))]
            if not guard.afterwards and guard.when is None:
                required = guard.condition if required is None else nodes.BoolOp("and", required, guard.condition)
        item = Item(parts, self.block(option.body))
        if required is not None:
            self.needs(item, required)
        return item

    # -- sections
    def procedure(self, kind: str) -> list[Item]:
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.ProcedureDecl) and decl.kind == kind:
                return self.block(decl.body)
        return []

    def triggers(self) -> list[Item]:
        items = []
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.TriggerDecl):
                source = [_w(" from "), _n(decl.source)] if decl.source else []
                parts = [_w("when a "), _c(decl.var), _w(" moves"), *source, _w(" to "), _n(decl.zone)]
                condition = simplify(decl.condition, self.options) if decl.condition is not None else None
                if condition is not None and not is_true(condition):
                    parts += [_w(", if "), _c(self.shown(decl.condition))]
                parts.append(_w(":"))
                item = Item(parts, self.block(decl.body))
                self.needs(item, decl.condition)
                items.append(item)
        return items

    def ending(self) -> list[Item]:
        items = []
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.EndDecl):
                item = Item([_w("after every turn, when "), _c(self.shown(decl.condition)), _w(":")],
                            self.block(decl.body))
                self.needs(item, decl.condition)
                items.append(item)
        nxt = next((d for d in self.rules.declarations if isinstance(d, nodes.NextDecl)), None)
        if nxt is not None:
            items.append(Item([_w("the next turn is taken by "), _c(self.code(nxt.player))]))
        else:
            items.append(Item([_w("the next turn is taken by the next seat that is not eliminated")]))
        return items

    def scoring(self) -> list[Item]:
        """Where the game is won and how per-player numbers change."""
        items = []
        for path, stmt in _statements(self.rules):
            if isinstance(stmt, nodes.Win) or type(stmt).__name__ == "Lose":
                who = [_w("won by "), _c(self.code(stmt.players))] if isinstance(stmt, nodes.Win) else \
                    [_w("lost by everybody")]
                items.append(Item([_w("the game ends, "), *who, _w(f" — in {path} (line {stmt.span.line})")]))
        for path, stmt in _statements(self.rules):
            target = stmt.target if isinstance(stmt, nodes.Set) else None
            if isinstance(target, nodes.Call) and target.func in self.sym.vars:
                items.append(Item([_w("set "), _c(self.code(stmt.target)), _w(" to "), _c(self.code(stmt.value)),
                                   _w(" — in " + path + f" (line {stmt.span.line})")]))
        return items

    def limits(self) -> list[Item]:
        return [Item([_w("at most "), _c(f"{d.value:,}"), _w(f" {CEILINGS[d.name][1]} "), _c(f"(limit {d.name})")])
                for d in self.rules.declarations if isinstance(d, nodes.LimitDecl) and d.name in CEILINGS]

    def shows(self) -> list[Item]:
        items = []
        for decl in self.rules.declarations:
            if isinstance(decl, nodes.SidesDecl):
                items.append(Item([_w("sides (seats that win together): "), _c(self.shown(decl.value))]))
            if isinstance(decl, nodes.EndRevealDecl):
                items.append(Item([_w("at game over everyone is shown: "),
                                   _c(", ".join(decl.zones) if decl.zones else "no zone")]))
            if isinstance(decl, nodes.ShowDecl) or type(decl).__name__ == "ResultDecl":
                word = "show" if isinstance(decl, nodes.ShowDecl) else "result"
                item = Item([_w(f"{word} "), _n(f'"{decl.label}"'), _w(": "), _c(self.shown(decl.value))])
                self.needs(item, decl.value)
                items.append(item)
        return items


def _case_item(decl: Any, clause_item: Any) -> Item:
    """A case definition or case action: its head, then one child per clause (made by `clause_item`
    from the clause and its quoted label, or "")."""
    item = Item([_n(f"{decl.name}({', '.join(decl.params)})"), _w(" depends on "), _c(decl.key), _w(":")])
    for clause in decl.clauses:
        item.children.append(clause_item(clause, f' "{clause.label}"' if clause.label else ""))
    return item


def _ends_game(stmt: Any) -> Any:
    """For `if C: ... win/lose/new round` without other branches: C (what follows needs `not C`)."""
    if isinstance(stmt, nodes.If) and len(stmt.branches) == 1 and not stmt.otherwise:
        cond, body = stmt.branches[0]
        if body and (isinstance(body[-1], nodes.Win | nodes.NewRound) or type(body[-1]).__name__ == "Lose"):
            return cond
    return None


_PLACES = {"setup": "setup", "round setup": "round setup", "turn": "the turn", "after turn": "after the turn"}


def _statements(rules: nodes.RulesFile):
    """(where, statement) for every statement of the file, nested ones included."""
    def walk(body, where):
        return ((where, stmt) for stmt in nodes.statements(body))
    for decl in rules.declarations:
        if isinstance(decl, nodes.ProcedureDecl):
            yield from walk(decl.body, _PLACES.get(decl.kind, decl.kind))
        elif isinstance(decl, nodes.TriggerDecl):
            yield from walk(decl.body, f"the trigger on line {decl.span.line}")
        elif isinstance(decl, nodes.EndDecl):
            yield from walk(decl.body, f"the end condition on line {decl.span.line}")
        elif isinstance(decl, nodes.ActionDecl):
            yield from walk(decl.body, f"the action '{decl.name}'")
        elif isinstance(decl, nodes.CaseActionDecl):
            for clause in decl.clauses:
                yield from walk(clause.body, f"the action '{decl.name}' for {clause.key}")


def number(items: list[Item], prefix: str = "") -> list[Item]:
    """Number an outline: 1., 2., and below them 2.1., 2.2., ..."""
    for index, item in enumerate(items, 1):
        item.number = f"{prefix}{index}."
        number(item.children, item.number)
    return items


def _number_bodies(items: list[Item]) -> list[Item]:
    for item in items:
        number(item.children)
    return items


def explain_text(text: str, path: str, options: dict[str, Any] | None = None) -> Explanation:
    """Explain a rules text with the given option values (the others at their defaults)."""
    return explain(prepare_source(text, path), options)


def explain(checked: CheckedRules, options: dict[str, Any] | None = None, game: Game | None = None) -> Explanation:
    """Explain checked rules (RulesError if they have errors) with the given option values; `game`: those rules
    compiled with them, when the caller has it (the command reads it from the disk cache), else compiled here."""
    checked.require_valid()
    game = game if game is not None else checked.compile(options)
    rules, sym, path = checked.rules, checked.symbols, checked.path
    values = dict(game.options)
    explainer = _Explainer(rules, sym, values, game)
    low, high = sym.players
    players = player_span(low, high) if low == high else f"{low} to {high} players"
    sections = [
        Section("Players", [Item([_w(players)]), *explainer.limits()]),
        Section("Options", explainer.option_items()),
        Section("Cards", explainer.components()),
        Section("Zones", explainer.zones()),
        Section("Variables", explainer.variables()),
        Section("Definitions", explainer.definitions()),
        Section("Actions (run where a step says 'do')", explainer.actions()),
        Section("Setup (once)", number(explainer.procedure("setup"))),
        Section("Round setup (at the start and at every new round)", number(explainer.procedure("round setup"))),
        Section("A turn", number(explainer.procedure("turn"))),
        Section("After the turn", number(explainer.procedure("after turn"))),
        Section("Triggers", _number_bodies(explainer.triggers())),
        Section("The end of the game", _number_bodies(explainer.ending())),
        Section("Winning and scoring", explainer.scoring()),
        Section("Shown to the players", explainer.shows()),
    ]
    return Explanation(sym.title, path, values, sections)
