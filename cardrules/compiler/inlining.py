"""Checked definitions + option values -> which definitions the code generator writes into their callers
(small, loop-free, not recursive), which of those cost less than a memo look-up, and which definitions
without parameters the options fix to a constant."""

from __future__ import annotations

from typing import Any

from ..language import nodes
from ..language.constants import UNKNOWN, fold
from ..language.symbols import Symbols
from ..values import NOTHING, Sym
from .reads import calls_of, recursive

MAX_NODES = 24  # a body larger than this keeps its own function
TRIVIAL_NODES = 6  # a body this small, calling no definition, is cheaper to recompute than to look up


def inlinable(sym: Symbols) -> tuple[dict[str, nodes.DefDecl], set[str]]:
    """The definitions to inline (name -> declaration), and the trivial ones among them.

    Loops (comprehensions, `where`, keyword arguments) stay in their definition's function: there
    the memo keeps a value that a caller's loop asks for again and again. A body that calls a definition
    twice alike is written in only where its caller shares repeated parts (codegen.Emitter.inlined)."""
    looping = recursive(sym)
    calls = calls_of(sym)
    chosen = {name: decl for name, decl in sym.defs.items()
              if name not in looping and _size(decl.body) <= MAX_NODES and _loop_free(decl.body)}
    trivial = {name for name, decl in chosen.items() if not calls[name] and _size(decl.body) <= TRIVIAL_NODES}
    return chosen, trivial


def recomputed(sym: Symbols, cached: set[str], inlined: dict[str, nodes.DefDecl]) -> set[str]:
    """The definitions whose function computes its value again at each call rather than keep it in the state
    (codegen.Emitter._kept): small, loop-free, of at most one parameter, calling only definitions whose values
    are `cached` for the game (pure or fixed). Their work is those look-ups and a few built-ins, which cost
    less than the memo's stamp, key and store (docs/performance.md: a game ~5% faster without such a memo)."""
    looping = recursive(sym)
    calls = calls_of(sym)

    def reached(name: str) -> set[str]:  # the calls of a definition, those written into it replaced by theirs
        out: set[str] = set()
        for callee in calls[name]:
            out |= reached(callee) if callee in inlined and callee not in looping else {callee}
        return out
    return {name for name, decl in sym.defs.items()
            if name not in inlined and name not in cached and name not in looping and len(decl.params) <= 1
            and _size(decl.body) <= MAX_NODES and _loop_free(decl.body) and calls[name] and reached(name) <= cached}


def folded(sym: Symbols, options: dict[str, Any]) -> dict[str, Any]:
    """The definitions without parameters whose value the options fix, when it is a plain value (a
    number, a text, a truth value, an attribute value or none: nothing a caller could change)."""
    out = {}
    for name, decl in sym.defs.items():
        if decl.has_params:
            continue
        value = fold(decl.body, sym.defs, options)
        if value is not UNKNOWN and (value is NOTHING or type(value) in (int, str, bool, Sym)):
            out[name] = value
    return out


def _size(e: nodes.Expr) -> int:
    return sum(1 for _ in nodes.walk(e))


def _loop_free(e: nodes.Expr) -> bool:
    return not any(isinstance(n, nodes.Comprehension | nodes.Where | nodes.Keyword) for n in nodes.walk(e))

