"""A call of a pure definition (cached for the game by its arguments' values) + what the call site knows of its
arguments -> a wrapper that builds the cache key without testing each argument's kind.

The pure wrapper (codegen.Emitter._pure_memo) makes each argument part of the key by its class: a list becomes a
tuple, a tuple is tagged (so that (1, 2) and [1, 2] stay apart), anything else is itself. Those tests are about a
third of a cache hit (docs/performance.md: ~170 of ~500 ns for a zone and an attribute value, fifth wave).
Where the argument nodes say what each value is, a wrapper for that signature builds the same key directly and
reads the same cache, so its entries are shared with every other call:
- `l`, a list: a zone of a kind whose container is a plain list (every per-player zone is one, the kinds' own
  rule: engine/zones), a comprehension, a `where`;
- `v`, a value that is neither a list nor a tuple: a number or a text written in the rules, a comparison, `not`,
  a card attribute whose every value is a number, a text, a symbol or none (checked on the table);
and a definition without parameters is what its body is (a list it gives is a list: its wrapper copies a kept list).
Anything else (a parameter, an operator that may join lists, a definition's value) keeps the general wrapper.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.zones import ZoneKind
from ..language import nodes
from ..values import NOTHING, Sym

if TYPE_CHECKING:
    from .codegen import Emitter, Env

_DEPTH = 4  # definitions followed through their bodies, at most (a definition may call itself)
_PLAIN = (int, str, bool, Sym)  # values that are no list and no tuple, and hash as themselves


def cache(g: "Emitter", fn: str) -> str:
    """The module constant holding a pure definition's cache: one for its general wrapper and the others."""
    name = g.pure_caches.get(fn)
    if name is None:
        name = g.pure_caches[fn] = g.const({})
    return name


def kind(g: "Emitter", e: nodes.Expr, env: "Env", depth: int = 0) -> str | None:
    """`l` when the value of `e` is always a plain list, `v` when it is never a list or a tuple, else None."""
    c = g.c
    match e:
        case nodes.Name(name) if name in env.names or name == "it":
            return None
        case nodes.Name(name) if name in g.folded:
            value = g.folded[name]
            return "v" if value is NOTHING or type(value) in _PLAIN else None
        case nodes.Name(name) | nodes.Call(name) if depth < _DEPTH and _definition(g, name) is not None:
            decl = _definition(g, name)  # what its body gives, its parameters of unknown kinds
            if len(decl.params) != (len(e.args) if isinstance(e, nodes.Call) else 0):
                return None
            return kind(g, decl.body, type(env)({param: param for param in decl.params}), depth + 1)
        case nodes.Comprehension() | nodes.Where():
            return "l"
        case nodes.Int() | nodes.Str() | nodes.Compare() | nodes.Not():
            return "v"
        case nodes.Attr(_, name) if name in c.card_attrs:
            values = c.card_attrs[name].values()
            return "v" if all(v is NOTHING or type(v) in _PLAIN for v in values) else None
        case nodes.Call(func, args) if func in c.zone_specs and func not in c.families and len(args) == 1:
            spec = c.zone_specs[func]  # (a zone's name comes before the file's other names in a call)
            return "l" if spec.per_player and not spec.kind.by_cell else None
        case nodes.Name(name) if name in c.zone_specs and name not in env.names and name not in g.def_names:
            spec = c.zone_specs[name]
            plain = type(spec.kind).container is ZoneKind.container and not spec.kind.by_cell
            return "l" if plain and not spec.per_player else None
    return None


def _definition(g: "Emitter", name: str) -> nodes.DefDecl | None:
    """A definition of the file or a variant of one (top_card.py: written in where it is called)."""
    return g.c.sym.defs.get(name) or g.inlinable.get(name)


def kinds_of(g: "Emitter", name: str, arg_nodes: tuple[nodes.Expr, ...], env: Any) -> str | None:
    """The kinds of a pure definition's call's arguments (`lv`: a list, then a value), or None where it has no
    keyed wrapper: not pure, no arguments, or a kind not known (the playout asks this too: playout_exprs)."""
    if name not in g.pure or name in g.fixed or not arg_nodes:
        return None
    kinds = [kind(g, a, env) for a in arg_nodes]
    return None if None in kinds else "".join(kinds)


def keyed_call(g: "Emitter", name: str, arg_nodes: tuple[nodes.Expr, ...], args: list[str], env: "Env"
               ) -> str | None:
    """The call of a pure definition through the wrapper for its arguments' kinds, or None where one is not
    known (or the call passes names bound around: a parameter's kind is the caller's)."""
    kinds = kinds_of(g, name, arg_nodes, env)
    if kinds is None:
        return None
    fn = g.def_names[name]
    wrapper = f"{fn}_{kinds}"
    if wrapper not in g.ns:
        g.define(_source(wrapper, fn, cache(g, fn), key_parts(kinds, args_of(len(args))), len(args)), wrapper)
    return f"{wrapper}({', '.join(['s', *args])})"


def key_parts(kinds: str, params: list[str]) -> str:
    """The key's parts for parameters of these kinds, as code: a list's items as a tuple, a value itself."""
    return "".join(f"tuple({a}), " if k == "l" else f"{a}, " for k, a in zip(kinds, params))


def args_of(n: int) -> list[str]:
    return [f"a{i}" for i in range(n)]


def _source(wrapper: str, fn: str, table: str, parts: str, n: int) -> str:
    joined = ", ".join(["s", *args_of(n)])
    return (f"def {wrapper}({joined}):\n    key = ({parts})\n"
            f"    try:\n        return {table}[key]\n    except KeyError:\n        pass\n"
            f"    except TypeError:\n        return {fn}_body({joined})\n"
            f"    if len({table}) >= LIMIT:\n        {table}.clear()\n"
            f"    v = {table}[key] = DETACH({fn}_body({joined}))\n    return v\n")
