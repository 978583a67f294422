"""A position in a rules file -> the words that may be typed there: declaration keywords at the start of a
top-level line, statement keywords at the start of an indented one, attributes after a `.`, an attribute's values
after a comparison with it, actions after `do`, and elsewhere the builtins, the file's names (zones, definitions,
variables, options, attributes and their values, cards) and the local names bound before the position."""

from __future__ import annotations

import re

from lsprotocol import types

from ..engine import zones
from ..language.builtins import FUNCTIONS, NAMES, Function
from ..language.check import OWNERSHIPS, VISIBILITIES
from ..language.table import PROPERTIES as TABLE_PROPERTIES
from .document import Analysis
from .names import bindings, enclosing
from .reference import builtin_hover, keyword_hover

# What starts a top-level line, an indented line, and the other keywords (between words of a line).
DECLARATION_KEYWORDS = ("extends", "game", "players", "attribute", "cards", "card", "order", "text", "zone", "option",
                        "var", "def", "action", "setup", "round setup", "turn", "after turn", "on move",
                        "next player", "end when", "show", "result", "sides", "holds", "limit", "caption")
STATEMENT_KEYWORDS = ("move", "deal", "shuffle", "eliminate", "set", "first player", "win", "lose", "pass", "stop",
                      "new round", "say", "do", "reveal", "let", "reset", "if", "elif", "else", "for", "repeat",
                      "while", "choose", "simultaneously for", "otherwise")
OTHER_KEYWORDS = ("and", "or", "not", "in", "not in", "where", "if", "else", "for", "only if", "afterwards", "when",
                  "to", "from", "at bottom", "by", "per", "copies", "reset on move", "internal")

_AFTER_DOT = re.compile(r"\.\s*\w*$")
_COMPARED = re.compile(r"(\w+)\s*(?:==|!=|<=|>=|<|>|\bnot\s+in\b|\bin\b)\s*\[?(?:\s*\w+\s*,)*\s*\w*$")
_AFTER_DO = re.compile(r"\bdo\s+\w*$")
_ZONE_PROPERTIES = re.compile(r"^\s*zone\s+\w+\s*:[\w\s,]*$")
_LINE_START = re.compile(r"^(\s*)\w*$")
# The kind of item each table of the file's names gives.
_KINDS = (("zones", types.CompletionItemKind.Module), ("defs", types.CompletionItemKind.Function),
          ("cases", types.CompletionItemKind.Function), ("vars", types.CompletionItemKind.Variable),
          ("options", types.CompletionItemKind.Property), ("attributes", types.CompletionItemKind.Field),
          ("cards", types.CompletionItemKind.Constant))


def completion(analysis: Analysis, line: int, column: int) -> types.CompletionList:
    """The completion items at a 0-based position (none in a comment or a text)."""
    text = analysis.text
    prefix = text.lines[line][:column] if 0 <= line < len(text.lines) else ""
    items: list[types.CompletionItem] = []
    if text.in_code(line, column):
        items = _items(analysis, prefix, line, column)
    return types.CompletionList(is_incomplete=False, items=items)


def _items(analysis: Analysis, prefix: str, line: int, column: int) -> list[types.CompletionItem]:
    symbols = analysis.checked.symbols if analysis.checked is not None else None
    if _AFTER_DOT.search(prefix):
        return [_item(name, types.CompletionItemKind.Field, "attribute") for name in (symbols.attributes if symbols
                                                                                     else ())]
    compared = _COMPARED.search(prefix)
    attribute = symbols.attributes.get(compared.group(1)) if compared and symbols else None
    if attribute is not None and attribute.values:  # ranked names (a range's values are numbers: nothing to offer)
        return [_item(v.name, types.CompletionItemKind.EnumMember, f"{attribute.name} value") for v in attribute.values]
    if _ZONE_PROPERTIES.match(prefix):
        return _zone_properties()
    if _AFTER_DO.search(prefix):
        return [_item(name, types.CompletionItemKind.Method, "action") for name in (symbols.actions if symbols else ())]
    start = _LINE_START.match(prefix)
    if start and not start.group(1):
        return [_keyword(k) for k in DECLARATION_KEYWORDS]
    items = [_keyword(k) for k in STATEMENT_KEYWORDS] if start else [_keyword(k) for k in OTHER_KEYWORDS]
    return items + _names(analysis, line, column)


def _names(analysis: Analysis, line: int, column: int) -> list[types.CompletionItem]:
    """Builtins, the file's names and the local names bound before the position."""
    items = [_builtin(record) for record in FUNCTIONS.values()]
    items += [_item(name, types.CompletionItemKind.Constant, "built-in name", builtin_hover(name)) for name in NAMES]
    if analysis.checked is None:
        return items
    symbols = analysis.checked.symbols
    for table, kind in _KINDS:
        items += [_item(name, kind, table.rstrip("s")) for name in getattr(symbols, table)]
    items += [_item(value, types.CompletionItemKind.EnumMember, f"{attribute} value")
              for value, attribute in symbols.values.items()]
    decl = enclosing(analysis, line, column)
    if decl is not None:
        local = {found.name: found.kind for found in bindings(decl) if found.span.path == decl.span.path
                 and (found.span.line - 1, found.span.column - 1) <= (line, column)}
        items += [_item(name, types.CompletionItemKind.Variable, kind) for name, kind in local.items()]
    return items


def _zone_properties() -> list[types.CompletionItem]:
    """What a zone declaration may say: its kind, its visibility, whose it is (docs/language.md, `zone`)."""
    groups = (("zone kind", zones.names()), ("visibility", sorted(VISIBILITIES)), ("ownership", sorted(OWNERSHIPS)),
              ("the table", sorted(TABLE_PROPERTIES)))
    items = [_item(name, types.CompletionItemKind.EnumMember, detail) for detail, names in groups for name in names]
    return items + [_item("per", types.CompletionItemKind.Keyword, "per KEY: one zone per value of an attribute")]


def _item(label: str, kind: types.CompletionItemKind, detail: str, doc: str | None = None) -> types.CompletionItem:
    documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=doc) if doc else None
    return types.CompletionItem(label=label, kind=kind, detail=detail, documentation=documentation)


def _builtin(record: Function) -> types.CompletionItem:
    return _item(record.name, types.CompletionItemKind.Function, record.usage, builtin_hover(record.name))


def _keyword(phrase: str) -> types.CompletionItem:
    return _item(phrase, types.CompletionItemKind.Keyword, "keyword", keyword_hover(phrase))
