"""A `say` part of checked rules -> whether working it out can fail: what a game nobody reads may leave unworked.

A quiet game (no observer: `simulate`, the bots' searches) and a playout write no sentence, but they work out
every part of a `say` that could fail, so that they stop where a game told aloud would (procedures.say,
playout.say). A part cannot fail when it is made only of:
- a word, a number, `me`, a name bound where the `say` is, a variable of one slot (read, never computed);
- the top card of a named zone of one slot (none when it is empty);
- `words` of such parts (it writes any value);
- a definition without parameters whose body is such a part (`def told = [words(mover(c), c) for c in pile]`);
- a list of such parts over the cards of a zone: `[E for c in ZONE]` with ZONE a zone of one slot or the turn
  player's own (`hand(me)`), not a grid, and no condition; in it, `mover(c)` of such a card (a seat or none).
Anything else (another builtin, a definition with parameters, `random`, which would also draw from the
generator) is worked out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Container

from ..language import nodes

if TYPE_CHECKING:
    from .compiler import Compiler


def cannot_fail(c: "Compiler", e: nodes.Expr, bound: Container[str], cards: frozenset[str] = frozenset(),
                seen: frozenset[str] = frozenset()) -> bool:
    """Whether working out `e` cannot fail. `bound`: the names bound where the `say` is; `cards`: names a list
    of the part binds to a zone's cards; `seen`: the definitions being looked into (a recursion fails)."""
    match e:
        case nodes.Str() | nodes.Int():
            return True
        case nodes.Name(name) if name == "me" or name in bound or name in cards:
            return True
        case nodes.Name(name) if name in c.var_specs:
            spec = c.var_specs[name]
            return not spec.per_player and spec.size == 1
        case nodes.Name(name) if (decl := c.sym.defs.get(name)) is not None:
            return not decl.params and name not in seen and cannot_fail(c, decl.body, (), seen=seen | {name})
        case nodes.Call("top", (nodes.Name(zone),)) if _builtin(c, "top") and _one_slot(c, zone, bound):
            return True
        case nodes.Call("words") if (args := words_parts(c, e)) is not None:
            return all(cannot_fail(c, arg, bound, cards, seen) for arg in args)
        case nodes.Call("mover", (nodes.Name(card),)) if not e.kwargs and _builtin(c, "mover"):
            return card in cards
        case nodes.Comprehension(element, var, source, None) if _cards_of_a_zone(c, source, bound):
            return cannot_fail(c, element, bound, cards | {var}, seen)
    return False


def words_parts(c: "Compiler", e: nodes.Expr) -> tuple[nodes.Expr, ...] | None:
    """The parts of a call of the language's `words` (it writes any value: only its parts may fail), or None."""
    if isinstance(e, nodes.Call) and e.func == "words" and not e.kwargs and _builtin(c, "words"):
        return e.args
    return None


def _builtin(c: "Compiler", name: str) -> bool:
    """The name is the language's builtin, not a definition of the rules that hides it."""
    return name not in c.sym.defs


def _one_slot(c: "Compiler", zone: str, bound: Container[str]) -> bool:
    spec = c.zone_specs.get(zone) if zone not in bound else None
    return spec is not None and not spec.per_player and not spec.kind.by_cell


def _cards_of_a_zone(c: "Compiler", source: nodes.Expr, bound: Container[str]) -> bool:
    """A zone of one slot, or the turn player's own (`hand(me)`): a list of cards, whatever the game's state."""
    match source:
        case nodes.Name(zone):
            return _one_slot(c, zone, bound)
        case nodes.Call(zone, (nodes.Name("me"),)) if not source.kwargs and zone not in bound and zone in c.zone_specs:
            spec = c.zone_specs[zone]
            return spec.per_player and not spec.kind.by_cell
    return False
