"""An expression inside a loop of a generated function + what the loops bind -> whether it reads no loop's
value (so it has one value for the whole call of the function) and whether it is worth keeping in a local.

The code generator computes such an expression at most once per call of the function, when it is first
needed (codegen.Emitter.once). That is sound because nothing changes the state or the frame while one
generated function runs, as long as it makes no move itself (a lister trying moves in place keeps nothing:
enumeration.py) and the expression draws no random number (`random` is for statements only, and never kept).
"""

from __future__ import annotations

import re
from typing import AbstractSet

from ..language import nodes
from ..language.builtins import FUNCTIONS

LOOP_NAME = re.compile(r"\bv[0-9]+\b")  # the names loops bind in generated code (Emitter.iteration)
_CALL = re.compile(r"[A-Za-z0-9_\])]\(")  # a call in generated code: a name or a bracket, then '('
_LOOK_UP = re.compile(r"k[0-9]+\.get\((?:[A-Za-z_][A-Za-z0-9_]*|f\[[0-9]+\]), NOTHING\)")  # `p.rank`: one look-up


def free_names(e: nodes.Expr, card_attrs: AbstractSet[str], cache: dict | None = None) -> frozenset[str]:
    """The names an expression reads from around it: not a comprehension's own name, and, inside a `where`
    or a keyword argument (functions of the element), not `it` nor the element's attributes. An attribute
    name that the code around binds is still read from around (Emitter.name looks there first). `cache`
    (id of a node -> the node and its names) keeps each node's answer for the callers that ask at every
    node of a tree (Facts)."""
    if cache is not None and id(e) in cache:
        return cache[id(e)][1]
    names = _free_names(e, card_attrs, cache)
    if cache is not None:
        cache[id(e)] = (e, names)  # the node kept with its answer, so that its id is not reused
    return names


def _free_names(e: nodes.Expr, card_attrs: AbstractSet[str], cache: dict | None) -> frozenset[str]:
    def free(node: nodes.Expr) -> frozenset[str]:
        return free_names(node, card_attrs, cache)

    match e:
        case nodes.Name(name):
            return frozenset((name,))
        case nodes.Comprehension(element, var, source, condition):
            inner = free(element) | (free(condition) if condition else frozenset())
            return free(source) | (inner - {var})
        case nodes.Where(source, condition):
            return free(source) | _of_element(free(condition), card_attrs)
        case nodes.Call(_, args, kwargs):
            return frozenset().union(*(free(a) for a in args), *(_of_element(free(kw.value), card_attrs)
                                                                for kw in kwargs))
    return frozenset().union(*(free(k) for k in nodes.children(e)))


def _of_element(read: frozenset[str], card_attrs: AbstractSet[str]) -> frozenset[str]:
    """The names read from around by a function of the element (`it`), from what it reads: the attributes are
    marked `.attr` so the caller can tell them from names of its own (they mean the element's unless bound
    around)."""
    return frozenset(f".{name}" if name in card_attrs else name for name in read if name != "it")


def reads_a_loop(read: set[str], names: dict[str, str], it: str | None, card_attrs: AbstractSet[str],
                 every: bool = False, loops: AbstractSet[str] | None = None) -> bool:
    """Whether names read (free_names) reach a value a loop binds: a name standing for a loop's name, `it`
    being a loop's element, or an attribute of it (a bare attribute name, when `it` is bound). With `every`,
    whether they reach any name the code around binds (a parameter, a frame slot, a loop's name). `loops`:
    the code's loop names, where they are not the engine's `v` names (the playout's binders)."""
    for name in read:
        if name.startswith("."):  # an element's attribute inside a `where`: the element's, unless bound around
            code = names.get(name[1:])
        elif name in names:
            code = names[name]
        elif name == "it" or (name in card_attrs and it is not None):
            code = it
        else:
            continue  # a declaration, a builtin name: the state's, the same all through the call
        if code is not None and (every or (LOOP_NAME.search(code) if loops is None else _names_any(code, loops))):
            return True
    return False


# The nodes that may be a part of a definition's body kept apart (shareable_part): not a name or a constant.
_PARTS = (nodes.Call, nodes.Comprehension, nodes.Where, nodes.BinOp, nodes.Compare, nodes.BoolOp, nodes.Not,
          nodes.IfExpr, nodes.Attr, nodes.Index)


def shareable_part(e: nodes.Expr, facts: "Facts", names: dict[str, str], it: str | None,
                   kept_calls: AbstractSet[str]) -> bool:
    """Whether a part of a definition's body loops and reads neither its parameters nor a loop's value (`names`,
    `it`), and draws nothing: every call of the definition while the game stands gets its value, so both back
    ends keep it apart (codegen.Emitter.shared_part, playout_exprs.Exprs.shared_part). A call of a definition
    (`kept_calls`) is kept by its own function instead."""
    if not isinstance(e, _PARTS) or (isinstance(e, nodes.Call) and e.func in kept_calls):
        return False
    return facts.loops(e) and not reads_a_loop(facts.free(e), names, it, facts.card_attrs, every=True) \
        and not facts.draws(e)


def part_of(e: nodes.Expr, defs: dict[str, nodes.DefDecl]) -> str:
    """Where a shareable part comes from, in words for a comment of the generated source (`cardrules compile`):
    the definitions whose bodies hold it (an equal part of several is one function) and its line. Names are
    the grammar's words, the line a number: no rule text."""
    owners = [name for name, decl in defs.items() if any(node == e for node in nodes.walk(decl.body))]
    line = f" (line {e.span.line})" if e.span.line else ""
    return f"a part of {', '.join(owners) or 'a definition'}{line} that reads none of its parameters"


def _names_any(code: str, names: AbstractSet[str]) -> bool:
    """Whether generated code names any of `names` (as whole words)."""
    return any(re.search(rf"\b{re.escape(name)}\b", code) for name in names)


def _draws_here(n: nodes.Expr) -> bool:
    """The node itself calls a builtin whose value may differ at each call (`random`)."""
    return isinstance(n, nodes.Call) and n.func in FUNCTIONS and FUNCTIONS[n.func].statements_only


def _loops_here(n: nodes.Expr) -> bool:
    """The node itself runs a loop: a comprehension, a `where`, a keyword argument (a function of each element)."""
    return isinstance(n, nodes.Comprehension | nodes.Where) or (isinstance(n, nodes.Call) and bool(n.kwargs))


class Facts:
    """What the code generator asks of the expression nodes of one compile, each answer worked out once: it
    asks at every node of a body, each question about the whole tree below the node (so asking afresh
    would cost the square of a body's depth)."""

    def __init__(self, card_attrs: AbstractSet[str]):
        self.card_attrs = card_attrs
        self._free: dict[int, tuple] = {}
        self._draws: dict[int, tuple] = {}
        self._loops: dict[int, tuple] = {}

    def free(self, e: nodes.Expr) -> frozenset[str]:
        return free_names(e, self.card_attrs, self._free)

    def draws(self, e: nodes.Expr) -> bool:
        """Whether the expression calls a builtin whose value may differ at each call (`random`)."""
        return _somewhere(self._draws, e, _draws_here)

    def loops(self, e: nodes.Expr) -> bool:
        """Whether the expression runs a loop (a comprehension, a `where`, a keyword argument)."""
        return _somewhere(self._loops, e, _loops_here)


def _somewhere(answers: dict[int, tuple], e: nodes.Expr, here) -> bool:
    """Whether `here` holds for the node or a node inside it, from its children's kept answers."""
    found = answers.get(id(e))
    if found is None:
        value = here(e) or any(_somewhere(answers, child, here) for child in nodes.children(e))
        found = answers[id(e)] = (e, value)  # the node kept with its answer, so that its id is not reused
    return found[1]


def worth_keeping(code: str, nested: bool = False) -> bool:
    """Whether generated code costs more than reading a local: it calls something (a look-up in an attribute
    table, a definition, a builtin) or runs a loop; a name, a number, `s.zones[3]`, arithmetic do not. Inside a
    comprehension (`nested`) the local is a closure cell of the function (Python 3.11), made at each call:
    one attribute look-up of a name is cheaper than that (measured: docs/performance.md, fifth wave)."""
    if nested and _LOOK_UP.fullmatch(code):
        return False
    return bool(_CALL.search(code)) or " for " in code
