"""A rules file's declarations -> its symbol table (every declared name, by kind) and the names declared twice."""

from __future__ import annotations

from typing import Iterable

import attrs

from ..diagnostics import Diagnostic, error
from ..engine import zones
from . import nodes
from .builtins import NAMES


@attrs.define
class Symbols:
    """Every name a rules file declares, by kind."""

    title: str = ""
    players: tuple[int, int] = (1, 1)
    attributes: dict[str, nodes.AttributeDecl] = attrs.Factory(dict)
    values: dict[str, str] = attrs.Factory(dict)  # symbol value -> its attribute
    zones: dict[str, nodes.ZoneDecl] = attrs.Factory(dict)
    defs: dict[str, nodes.DefDecl] = attrs.Factory(dict)
    cases: dict[str, nodes.CaseDecl] = attrs.Factory(dict)
    actions: dict[str, nodes.ActionDecl | nodes.CaseActionDecl] = attrs.Factory(dict)
    options: dict[str, nodes.OptionDecl] = attrs.Factory(dict)
    vars: dict[str, nodes.VarDecl] = attrs.Factory(dict)
    cards: dict[str, nodes.CardDecl] = attrs.Factory(dict)
    # variable -> the ranked attribute whose values it holds, as the kind check found (kinds.py); position
    # files are held to it
    var_attributes: dict[str, str] = attrs.Factory(dict)
    # variables and `show` lines (by place) that hold seats, as the kind check found (kinds.py): the table writes
    # them `P0` even when a number was worked out for them
    seat_vars: frozenset[str] = frozenset()
    seat_shows: tuple[bool, ...] = ()
    # the parts of `say` statements that give seats (by place: symbols.place), written `P0` like the table's
    seat_says: frozenset[tuple] = frozenset()

    def per_player(self, zone: str) -> bool:
        return "per_player" in self.zones[zone].properties

    def kind(self, zone: str) -> zones.ZoneKind:
        """A declared zone's kind (engine/zones): the one its properties name, else the default."""
        return zones.kind_of(self.zones[zone].properties)

    def declared(self, zone: str) -> zones.Declared:
        return declared(self.zones[zone])

    def by_cell(self, zone: str | None) -> bool:
        """Whether `zone` is a declared zone whose cards lie on cells (a grid): `zone(cell)`."""
        return zone in self.zones and self.kind(zone).by_cell

    def keyed(self, zone: str) -> bool:
        """Whose or which: a per-player zone or a zone family takes one argument."""
        return self.per_player(zone) or self.zones[zone].family is not None

    def var_arity(self, name: str) -> int:
        var = self.vars[name]
        return int(var.per_player) + len(var.keys)

    def all_names(self) -> Iterable[str]:
        yield from self.attributes
        yield from self.values
        yield from self.zones
        yield from self.defs
        yield from self.cases
        yield from self.actions
        yield from self.options
        yield from self.vars
        yield from self.cards
        yield from NAMES


def declared(decl: nodes.ZoneDecl) -> zones.Declared:
    """A zone declaration as the zone kinds read it."""
    return zones.Declared(decl.name, frozenset(decl.properties), decl.family)


def collect(rules: nodes.RulesFile) -> tuple[Symbols, list[Diagnostic]]:
    """The first pass: every declaration into its table; a name declared twice is an error (E201)."""
    sym = Symbols()
    problems: list[Diagnostic] = []
    seen: dict[str, nodes.Decl] = {}
    tables = {nodes.AttributeDecl: sym.attributes, nodes.ZoneDecl: sym.zones, nodes.DefDecl: sym.defs,
              nodes.CaseDecl: sym.cases, nodes.ActionDecl: sym.actions, nodes.CaseActionDecl: sym.actions,
              nodes.OptionDecl: sym.options, nodes.VarDecl: sym.vars, nodes.CardDecl: sym.cards}
    for decl in rules.declarations:
        table = tables.get(type(decl))
        if table is None:
            continue
        if decl.name in seen or decl.name in NAMES:
            problems.append(error("E201", f"'{decl.name}' is already defined", decl.span, rules.path))
            continue
        seen[decl.name] = decl
        table[decl.name] = decl
    for attr in sym.attributes.values():
        for value in attr.values:
            if value.name in seen or value.name in sym.values:
                problems.append(error("E201", f"attribute value '{value.name}' is already defined", value.span,
                                      rules.path))
            sym.values[value.name] = attr.name
    return sym, problems


def place(span) -> tuple:
    """Where a node stands, as a key: its file counts (a span's equality leaves the path out)."""
    return (span.path, span.line, span.column, span.end_line, span.end_column)
