"""A mistake the checker found -> the words that say how to mend it: how a variable is set, which of the
parent game's declarations a variant's misspelt one meant to replace."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Span
from . import nodes
from .extend import identity
from .suggest import closest
from .symbols import Symbols


def how_to_set(sym: Symbols, rules: nodes.RulesFile, name: str, value: nodes.Expr) -> str:
    """A declared variable set with too few or too many arguments: how it is set, with the file's value."""
    var = sym.vars[name]
    firsts = [sym.attributes[k].values[:1] if k in sym.attributes else () for k in var.keys]
    args = ["me"] * var.per_player + [first[0].name if first else k for first, k in zip(firsts, var.keys)]
    shown = source_text(rules, value.span) or "..."
    example = f"set {name}({', '.join(args)}) = {shown}" if args else f"set {name} = {shown}"
    if not args:
        return f"'{name}' is a single variable, set without arguments: '{example}'"
    if var.per_player and not var.keys:
        return f"'{name}' is a per-player variable: set it with the player, as in '{example}'"
    per = ["player"] * var.per_player + list(var.keys)
    which = ["player"] * var.per_player + [f"{key} value" for key in var.keys]
    return f"'{name}' is a variable per {' and '.join(per)}: set it with a {' and a '.join(which)}, as in '{example}'"


def source_text(rules: nodes.RulesFile, span: Span) -> str | None:
    """The text of a one-line span, if the file's source is at hand."""
    lines = rules.sources.get(span.path or rules.path, "").splitlines()
    if span.end_line != span.line or not 1 <= span.line <= len(lines):
        return None
    return lines[span.line - 1][span.column - 1:span.end_column - 1] or None


def meant_override(rules: nodes.RulesFile, decl: nodes.Decl) -> str:
    """For a variant's declaration that replaces nothing, named like one of the game it extends (a misspelt
    override, which leaves the game's own in force): words saying so, to add to 'never used'; else ''."""
    sort = identity(decl)
    if (decl.span.path or rules.path) != rules.path or sort is None:
        return ""
    parents = [d for d in rules.declarations if d.span.path not in ("", rules.path)
               and (identity(d) or ("",))[0] == sort[0]]
    close = closest(decl.name, [d.name for d in parents])
    if close is None:
        return ""
    game = Path(next(d.span.path for d in parents if d.name == close)).stem
    return (f"; the game it extends ({game}) has '{close}': did you mean to replace it? (a declaration "
            "replaces the game's own only under the same name)")
