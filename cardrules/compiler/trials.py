"""An option whose rest of the turn is one plain move of a card it binds from a zone -> the in-place trial of
its `afterwards` guards, written into the option's generated lister (compiler/enumeration.py).

For `name(card in hand(me)) only if G afterwards: move card to pile` (nothing else up to the end of the turn)
the lister makes the move itself, for each card, on the state: the card's zone and its place there are
those of the binder's list (the lister walks a copy of the zone, which every trial leaves as it was), so no
zone is searched; the destination's slot and the guards are written inline. It bumps the versions of both
slots after the move and after the undo and empties the per-instruction memo each time, as every change of
a zone does (the memo keyed by reads, docs/performance.md); a guard that fails to evaluate is reported with
its span (R302), after the card is back. When somebody knows a card (`State.known`: a real move would
carry the knowledge), or the option's spec says its moves may not be tried in place (`straight` None), the
lister asks the engine as before (State.allowed_later). When the guards read the destination only through
its top card and the zone the card leaves not at all, no move is made: top_card.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import attrs

from ..language import nodes
from .codegen import Env, per_player_base
from .reads import ME, Key
from .scope import Scope

if TYPE_CHECKING:
    from .compiler import Compiler


@attrs.frozen
class Trial:
    """What the lister needs to make the move in place: which binder's card moves, and where to."""

    depth: int  # the binder whose card moves: its loop gives the card's place in its zone
    destination: nodes.Expr  # the move's destination zone
    scope: Scope  # the move's names (the body's frame slots)
    bottom: bool  # under the destination's cards
    source: nodes.Expr | None = None  # the zone the card leaves (the binder's list)


def plan(c: "Compiler", option: nodes.Option, slots: list[int], hides: tuple[bool, ...],
         move: nodes.Move | None, scope: Scope | None) -> Trial | None:
    """The trial of an option whose rest of the turn is `move` alone, when it moves one card the option binds
    from a zone the lister can take it out of by its place; None otherwise (the engine then tries it)."""
    if move is None or scope is None or not isinstance(move.cards, nodes.Name):
        return None
    depths = [i for i, binder in enumerate(option.binders) if binder.var == move.cards.id]
    if not depths:
        return None
    depth = depths[-1]
    if scope.names.get(move.cards.id) != slots[depth] or hides[depth]:
        return None  # another name in the body, or a list the chooser's namer may reorder
    if _zone(c, option.binders[depth].source, scope) is None or _zone(c, move.destination, scope) is None:
        return None
    return Trial(depth, move.destination, scope, move.bottom, option.binders[depth].source)


def _zone(c: "Compiler", e: nodes.Expr, local: Scope | None = None) -> tuple[str, nodes.Expr | None] | None:
    """A zone expression whose value is the zone's own list: (name, None) or (family or per-player zone,
    its key); None for anything else (a name of `local` is no zone)."""
    g = c.emitter
    local_names = local.names if local is not None else {}
    match e:
        case nodes.Name(name) if name in c.zone_specs and name not in local_names and name not in g.def_names \
                and name not in g.folded:
            spec = c.zone_specs[name]
            listed = not spec.kind.by_cell and spec.kind.container().__class__ is list
            return (name, None) if listed and spec.kind.cards_code("Z") == "Z" else None
        case nodes.Call(name, (key,)) if name in c.families:
            return name, key
        case nodes.Call(name, (key,)) if name in c.zone_specs and not c.zone_specs[name].kind.by_cell:
            return name, key
    return None


def slot_code(c: "Compiler", e: nodes.Expr, env: Env) -> str:
    """The code of a zone's slot in State.zones, as codegen reads the zone and Compiler.zone_slot finds it."""
    g = c.emitter
    zone = _zone(c, e)
    assert zone is not None, e
    name, key = zone
    if key is None:
        return repr(int(c.zone_specs[name].index))
    if name in c.families:
        first, keys = c.families[name]
        return f"{int(first)} + {g.const(keys)}[{g.expr(key, env)}]"
    return f"{per_player_base(c.shared_zones, c.zone_specs[name].index)} + {g.expr(key, env)}"


def unread_afterwards(c: "Compiler", trial: Trial) -> Callable[[str, tuple], bool]:
    """Which calls of the guards judged in the trial keep a value nobody can read again (codegen's Env.direct):
    a definition kept by the versions of a slot the trial changes (its stamp reads the source's or the
    destination's slot: both are bumped again once the card is back, and versions only grow), or one kept
    for the instruction (`s.memo`, emptied once the card is back). Those calls go to the body directly."""
    g = c.emitter
    moved = [zone for zone in (_zone(c, trial.source), _zone(c, trial.destination)) if zone is not None]

    def unread(name: str, args: tuple) -> bool:
        stamp = g.slots.get(name)
        if stamp is None or len(args) > 1:  # no stamp: the wrapper keeps its value in s.memo (codegen._memo)
            return True
        return any(kind == "zone" and _same_slot(zone, key, target, arg, args)
                   for kind, target, arg in stamp.slots for zone, key in moved)
    return unread


def _same_slot(zone: str, key: nodes.Expr | None, target: str, arg, args: tuple) -> bool:
    """Whether a stamp's slot read (target, arg: reads.SlotRead) takes in the moved zone's slot (zone, key)."""
    if target != zone:
        return False
    if arg is None or key is None:  # every member of the zone, or a zone of one slot
        return True
    if arg == ME:
        return key == nodes.Name("me")
    if isinstance(arg, Key):  # a member named by an attribute value (False: the kept wrapper, always right)
        return key == nodes.Name(arg.name)
    return isinstance(arg, int) and arg < len(args) and args[arg] == key


def move_env(trial: Trial) -> Env:
    """The names of the move's own code (Compiler.expr's: frame slots)."""
    return Env({name: f"f[{int(slot)}]" for name, slot in trial.scope.names.items()})
