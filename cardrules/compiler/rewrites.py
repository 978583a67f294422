"""An expression node -> an equal one that costs less, which both back ends write in its place (codegen.py for the
engine, playout_exprs.py for the playout).

`empty(S where it.a == V)` asks whether some card of S has V as its `a`, and builds the filtered list to find out:
asked for each V of a loop (which of thirteen ranks does a hand hold?), that is a list built per V.
Written `V not in [x.a for x in S]`, the list of S's values reads no V, so inside a loop over V the writers work it
out once (they keep a loop's invariant parts), and each V is one membership test.

The two are equal for every value: `not in` compares each item with `==` after a test of identity, which is all that
`is` of the interned attribute values tests, and `==` of the values a rules file holds (numbers, texts, symbols,
cards, seats) is the same either way round. V is a name bound around the filter
or a constant, so working it out once, even for an empty S, cannot fail where the filter would not have, and no
other part moves: S is worked out first either way.
"""

from __future__ import annotations

from typing import Callable, Collection

from ..language import nodes

ELEMENT = "an element of S"  # the new comprehension's name: no rules file can write it (names have no spaces)


def empty_as_membership(e: nodes.Call, bound: Collection[str], card_attrs: Collection[str],
                        constant: Callable[[nodes.Expr], tuple[bool, object]]) -> nodes.Expr | None:
    """`V not in [x.a for x in S]` for `empty(S where a == V)` (either side; `a` or `it.a` an attribute of the
    element), or None. `bound`: the names bound around the expression; `constant`: the compiler's folding."""
    match e:
        case nodes.Call("empty", (nodes.Where(source, nodes.Compare("==", left, right)),), ()):
            pass
        case _:
            return None
    for side, value in ((left, right), (right, left)):
        attribute = _element_attribute(side, bound, card_attrs)
        if attribute is not None and _fixed(value, bound, card_attrs, constant):
            at = e.span  # (the new nodes stand where the call was: an error inside is told as before)
            element = nodes.Attr(nodes.Name(ELEMENT, span=at), attribute, span=at)
            return nodes.Compare("not in", value, nodes.Comprehension(element, ELEMENT, source, None, span=at), span=at)
    return None


def _element_attribute(e: nodes.Expr, bound: Collection[str], card_attrs: Collection[str]) -> str | None:
    """The attribute `a` where `e` is the filtered element's: `a` or `it.a`."""
    match e:
        case nodes.Name(name) if name in card_attrs and name not in bound:
            return name
        case nodes.Attr(nodes.Name("it"), name) if "it" not in bound and name in card_attrs:
            return name
    return None


def _fixed(e: nodes.Expr, bound: Collection[str], card_attrs: Collection[str],
           constant: Callable[[nodes.Expr], tuple[bool, object]]) -> bool:
    """A value the same for every element, that cannot fail: a name bound around the filter, or a constant (not a
    name that the filter reads as the element's attribute, nor `it`)."""
    match e:
        case nodes.Name(name) if name in bound:
            return name != "it"
        case nodes.Name(name) if name in card_attrs or name == "it":
            return False
    return constant(e)[0]
