"""A name at a position of a rules file -> what it stands for: a local name (a parameter, binder, loop, `let` or
comprehension variable of the declaration it is written in) or one of the file's declared names (of this file or
of the game it extends, attribute values included). Hover and go to definition both ask here."""

from __future__ import annotations

from typing import Iterator

import attrs

from ..diagnostics import Span
from ..language import nodes
from .document import Analysis

# The table of `Symbols` each kind of declared name is kept in, and the word the editor shows for it.
KINDS = (("attributes", "attribute"), ("zones", "zone"), ("defs", "definition"), ("cases", "case definition"),
         ("actions", "action"), ("options", "option"), ("vars", "variable"), ("cards", "card"))


@attrs.frozen
class Found:
    """Where a name is bound: the node that binds it, the pattern before the name there, and what it is."""

    kind: str  # "zone", "attribute value", "parameter", ...
    name: str
    span: Span  # the binding node's span (its `path` is the file it is in)
    before: str = ""  # the regular expression right before the name where it is bound (`for\s+`)
    node: object = None  # the declaration, for declared names
    attribute: nodes.AttributeDecl | None = None  # for an attribute value: its attribute


def declared(analysis: Analysis, name: str) -> Found | None:
    """The declaration of a name of the file (or of the game it extends), or None."""
    if analysis.checked is None:
        return None
    symbols = analysis.checked.symbols
    for table, kind in KINDS:
        decl = getattr(symbols, table).get(name)
        if decl is not None:
            return Found(kind, name, decl.span, _keyword_before(decl), decl)
    if name in symbols.values:
        attribute = symbols.attributes[symbols.values[name]]
        value = next(v for v in attribute.values if v.name == name)
        return Found("attribute value", name, value.span, "", value, attribute)
    return None


def _keyword_before(decl) -> str:
    """The words a declaration starts with before its name (a card's name follows `card`, not `cards`)."""
    words = {nodes.ZoneDecl: "zone", nodes.AttributeDecl: "attribute", nodes.DefDecl: "def", nodes.CaseDecl: "def",
             nodes.ActionDecl: "action", nodes.CaseActionDecl: "action", nodes.OptionDecl: "option",
             nodes.VarDecl: "var", nodes.CardDecl: "card"}
    word = words.get(type(decl))
    return rf"{word}\s+" if word else ""


def enclosing(analysis: Analysis, line: int, column: int = 0) -> nodes.Decl | None:
    """The declaration of this file that a 0-based position is written in (a span ends where the next line
    starts, or further down, after the blank and comment lines that follow it)."""
    for decl in analysis.declarations():
        span = decl.span
        end = (span.end_line - 1, span.end_column - 1) if span.end_line else (span.line, 0)
        if analysis.own(decl) and (span.line - 1, span.column - 1) <= (line, column) < end:
            return decl
    return None


def bindings(decl: nodes.Decl) -> Iterator[Found]:
    """Every local name a declaration binds, where it binds it, in the order they are written."""
    params = getattr(decl, "params", ())
    for param in params if isinstance(params, tuple) else ():
        yield Found("parameter", param, decl.span, r"[(,]\s*")
    if isinstance(decl, nodes.TriggerDecl):
        yield Found("moved card", decl.var, decl.span, r"move\s+")
    for node in nodes.walk(decl):
        match node:
            case nodes.For(var=var) | nodes.Comprehension(var=var) | nodes.Simultaneous(var=var):
                yield Found("loop variable", var, node.span, r"for\s+")
            case nodes.Let(name=name):
                yield Found("let name", name, node.span, r"let\s+")
            case nodes.Binder(var=var):
                yield Found("binder", var, node.span)


def local(analysis: Analysis, name: str, line: int, column: int) -> Found | None:
    """The closest binding of a local name written before a 0-based position in the same declaration, or None."""
    decl = enclosing(analysis, line, column)
    if decl is None:
        return None
    before = [found for found in bindings(decl) if found.name == name and found.span.path == decl.span.path
              and (found.span.line - 1, found.span.column - 1) <= (line, column)]  # a merged case's other
    # clauses come from the extended file: their names are not this file's
    return max(before, key=lambda found: (found.span.line, found.span.column), default=None)


def lookup(analysis: Analysis, name: str, line: int, column: int) -> Found | None:
    """What a name written at a 0-based position stands for, as the checker looks it up: local names first."""
    return local(analysis, name, line, column) or declared(analysis, name)
