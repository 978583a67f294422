"""`let NAME = EXPR` statements -> the checker's diagnostics for them: a `let` binds a new name for the rest
of its block, so it may not bind a name the block already has, nor one the file or the language declares."""

from __future__ import annotations

from typing import Any

from . import nodes
from .builtins import FUNCTIONS, NAMES


def check_let(checker: Any, stmt: nodes.Let, scope: Any, here: dict[str, nodes.Let]) -> Any:
    """Check one `let` of a block (`here`: the block's earlier `let`s, by name); the scope after it."""
    checker.expr(stmt.value, scope)
    name, sym = stmt.name, checker.sym
    if name in here:
        checker.err("E267", f"'{name}' is already bound by the 'let' on line {here[name].span.line}; a 'let' "
                    "name stands for one value in its whole block, so choose another name", stmt.span)
    elif name in scope.locals:
        checker.err("E267", f"'{name}' already names a value here (a parameter, the name of a loop or of an "
                    "option's binder, or a 'let' of an enclosing block); choose another name", stmt.span)
    elif name == "it" or name in NAMES or name in FUNCTIONS:
        checker.err("E268", f"'{name}' is a built-in name of the language; a 'let' needs a new name", stmt.span)
    elif name in set(sym.all_names()) | set(sym.cards):
        checker.err("E268", f"'{name}' is declared in this file; a 'let' needs a new name", stmt.span)
    here[name] = stmt
    return scope.bind(name)
