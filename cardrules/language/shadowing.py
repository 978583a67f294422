"""A checked file -> a warning (W207) for each local name that hides a name the file or the language declares.

A parameter, a binder (`card in hand(me)`), a `for` or comprehension variable and a trigger's card are looked
up before everything else, so one named like a definition, a variable, a zone, an option, an attribute value,
a named card or a built-in name (`me`, `players`) makes that name unreachable where it is bound, which is
seldom meant. Names only ever called (definitions with parameters, per-player zones, functions) are not hidden:
a call looks past local names. The checker, which knows the local names at each place, asks here for W209 too:
a loop's name or a binder hiding a local name around it (`hides_local`).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from typing import Any, Callable, Iterator

from ..diagnostics import Diagnostic, Span, warning
from ..limits import line_and_column
from . import nodes
from .builtins import NAMES
from .symbols import Symbols

Binding = tuple[str, str, str]  # the name, what binds it, the text before the name where it is written
_PARAMS = (nodes.DefDecl, nodes.CaseDecl, nodes.ActionDecl, nodes.CaseActionDecl, nodes.HoldsDecl)


def _params(decl) -> Iterator[Binding]:
    for param in decl.params:
        yield param, "parameter", r"\(.*?"


BINDINGS: dict[type, Callable[..., Iterator[Binding]]] = {
    **{kind: _params for kind in _PARAMS},
    nodes.TriggerDecl: lambda d: iter([(d.var, "trigger's card", r"\bmove\s+")]),
    nodes.For: lambda s: iter([(s.var, "'for' variable", r"\bfor\s+")]),
    nodes.Simultaneous: lambda s: iter([(s.var, "'simultaneously' variable", r"\bfor\s+")]),
    nodes.Comprehension: lambda e: iter([(e.var, "comprehension variable", r"\bfor\s+")]),
    nodes.Binder: lambda b: iter([(b.var, "binder", "")]),
}


def hidden(sym: Symbols, path: str) -> dict[str, str]:
    """Every name a local name would hide, in words."""
    def where(decl) -> str:
        return f" (line {decl.span.line})" if (decl.span.path or path) == path and decl.span.line else ""
    names = {name: f"the built-in name '{name}'" for name in NAMES}
    names.update({name: f"the attribute '{name}' (inside 'where' and 'by:'){where(d)}"
                  for name, d in sym.attributes.items()})
    names.update({value: f"the value '{value}' of '{attribute}'" for value, attribute in sym.values.items()})
    names.update({name: f"the card '{name}'{where(d)}" for name, d in sym.cards.items()})
    names.update({name: f"the option '{name}'{where(d)}" for name, d in sym.options.items()})
    names.update({name: f"the zone '{name}'{where(d)}" for name, d in sym.zones.items()
                  if not sym.keyed(name) and not sym.by_cell(name)})
    names.update({name: f"the variable '{name}'{where(d)}" for name, d in sym.vars.items() if not sym.var_arity(name)})
    names.update({name: f"the definition '{name}'{where(d)}" for name, d in sym.defs.items() if not d.has_params})
    return names


def shadowing(rules: nodes.RulesFile, sym: Symbols) -> list[Diagnostic]:
    """A warning at each local name that hides a declared or built-in name."""
    names = hidden(sym, rules.path)
    out = []
    for decl in rules.declarations:
        for node in nodes.walk(decl):
            for name, role, before in BINDINGS.get(type(node), lambda _: iter(()))(node):
                if name in names:
                    span = _locate(rules, node.span, before, name)
                    out.append(warning("W207", f"the {role} '{name}' hides {names[name]} here: rename it",
                                       span, rules.path))
    return out


def hides_local(rules: nodes.RulesFile, node: Any, bound: AbstractSet[str]) -> list[Diagnostic]:
    """W209 at a `for` or `simultaneously` variable or a binder (`node`) named like a local name around it
    (`bound`): below it the name is the new one, while its list (a `where` there too) still reads the outer one,
    which is seldom meant. (A `let` of such a name is an error, E267: lets.py.)"""
    return [warning("W209", f"the {role} '{name}' hides the '{name}' bound around it: in its list '{name}' is "
                    "still the outer one, below it the new one; rename it",
                    _locate(rules, node.span, before, name), rules.path)
            for name, role, before in BINDINGS[type(node)](node) if name in bound]


def _locate(rules: nodes.RulesFile, span: Span, before: str, name: str) -> Span:
    """Where `name` is written inside `span`, after the text `before` matches; the span's start if not found."""
    lines = rules.sources.get(span.path or rules.path, "").splitlines()
    if not 1 <= span.line <= len(lines):
        return span
    last = min(span.end_line or span.line, len(lines))
    text = "\n".join(lines[span.line - 1:last])
    found = re.compile(before + r"\b(" + re.escape(name) + r")\b", re.S).search(text, span.column - 1)
    if found is None:
        return span
    lines_down, column = line_and_column(text, found.start(1))
    line = span.line + lines_down - 1
    return Span(line, column, line, column + len(name), span.path)
