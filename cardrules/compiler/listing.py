"""Checked rules + option values -> the Python source the compiler generates for a game, as text to read
(`cardrules compile`): every generated function, each definition's headed by its name, what it reads
(reads.py) and how its values are kept, then the module constants the functions name.

The functions are the very source the compiler runs. Names and values from the rules file appear only in
comments, written so that a comment stays one line whatever the file holds (no rule text in code:
codegen's rule)."""

from __future__ import annotations

import re
from typing import Any

from ..engine import Game
from ..language import nodes
from ..language.symbols import Symbols
from .build import build_game
from .codegen import Emitter
from .compiler import Compiler
from .invariants import part_of
from .playout_game import why_not
from .reads import Key

MAX_VALUE = 100  # characters of a constant's value shown in its comment


def game_source(rules: nodes.RulesFile, sym: Symbols, options: dict[str, Any], sources: dict[str, str],
                name: str) -> str:
    """The generated source of the game compiled with `options`, with comments, as one text."""
    c, game = build_game(rules, sym, options, sources, name)
    emitter = c.emitter
    chosen = ", ".join(f"{_safe(k)}={_safe(repr(v))}" for k, v in game.options.items()) or "none"
    out = [f"# The generated Python of {_safe(repr(game.title))} ({_safe(repr(name))}), options: {chosen}.\n",
           "# Definitions are functions dN (the memo wrapper) and dN_body; procedure expressions eN(s, f), with\n",
           "# the procedure's frame f; case clauses cN. `s` is the State. The code is the same for every number\n",
           "# of players (s.n). The names kN are constants of the module (listed at the end).\n"]
    heads = {f"{fn}_body": _head(emitter, decl_name, c.reads.get(decl_name, frozenset()))
             for decl_name, fn in emitter.def_names.items()}
    heads |= {f"{fn}_body": f"# {fn}: {part_of(part, c.sym.defs)}; kept in the state's memo, worked out once a state\n"
              for part, fn in emitter.parts.items()}
    generated = {"__builtins__"}
    for source in emitter.listing:
        function = source.removeprefix("def ").split("(", 1)[0]
        generated.add(function)
        if function in heads:
            out.append("\n" + heads[function])
        out.append(source)
    out.append("\n# Constants and helpers of the module namespace:\n")
    for key in sorted(set(emitter.ns) - generated, key=_natural):
        out.append(f"# {key} = {_value(emitter.ns[key])}\n")
    out += _playout(c, game)
    return "".join(out)


def _playout(c: Compiler, game: Game) -> list[str]:
    """The game's playout (compiler/playout.py): the whole game of random seats as one function, or why it has
    none."""
    out = ["\n# ---- The playout: the whole game of random seats as one function (`cardrules simulate` may play by\n",
           "# it; docs/performance.md, \"The playout\"). Z: the zones, V: the variables, in the engine's order.\n"]
    if game.playout is None:
        return out + [f"# This game has none: {_safe(why_not(c, game) or '')}; its games are played on the engine.\n"]
    if "    def TURN():" in game.playout.source:
        out.append("# Written as a machine (compiler/playout_machine.py): the turn and the triggers are functions,\n"
                   "# and SEARCH judges an `afterwards` guard by replaying the turn with each way of finishing it.\n")
    out.append(game.playout.source)
    out.append("\n# Constants and helpers of the playout's namespace:\n")
    space = game.playout.__globals__
    for key in sorted((k for k in space if k not in ("__builtins__", "play")), key=_natural):
        out.append(f"# {key} = {_value(space[key])}\n")
    return out


def _head(emitter: Emitter, name: str, reads: frozenset[str]) -> str:
    variant = emitter.variants.get(name)
    if variant is not None:  # top_card.py: named after its definition, with a character no rules file writes
        reads = variant.reads
    read = ", ".join(sorted(reads)) or "nothing of the state"
    if name in emitter.folded:
        kept = f"a constant of the options: {_value(emitter.folded[name])}"
    elif name in emitter.fixed:
        kept = "cached for the game by the number of players and its arguments"
    elif name in emitter.pure:
        kept = "cached for the game by its arguments"
    elif name in emitter.recomputed:
        kept = "computed at each call (its calls are cached for the game: cheaper than keeping it)"
    else:
        kept = _kept(emitter, name)
    inlined = "; written into its callers where they pass plain names" if name in emitter.inlinable else ""
    if variant is not None:
        name = (f"{variant.original} with {variant.given} given as a last argument, the card an 'afterwards' "
                f"guard's trial would put there (judged without the move)")
    return f"# {_safe(name)}: reads {_safe(read)}; {kept}{inlined}\n"


def _kept(emitter: Emitter, name: str) -> str:
    """How the memo keyed by reads keeps a definition's values (codegen.Emitter._kept), in words."""
    params = _params(emitter, name)
    variant = emitter.variants.get(name)
    if len(params) > 1 and variant is None:
        return "not memoised (more than one argument)"
    stamp = emitter.slots.get(name)
    if stamp is None:
        return "memoised per state, for one instruction or one listing of moves (it reads more than slots)"
    whole = {(kind, target) for kind, target, arg in stamp.slots if arg is None}
    slots = sorted({target if arg is None else f"{target}({_argument(arg, params)})"
                    for kind, target, arg in stamp.slots if arg is None or (kind, target) not in whole})
    slots += ["who is out"] if stamp.active else []
    shown = params[:-1] if variant is not None and variant.by_values else params
    keys = [*shown, *(["me"] if stamp.me else []), *(f"the value of {_original(emitter, d)}" for d in stamp.values)]
    by = f"by {_listed(keys)}, " if keys else ""
    stamped = f"until {_listed(slots, 'or')} changes" if slots else "for the whole game"
    return f"kept in the state {by}{stamped} (the memo keyed by reads)"


def _argument(arg, params: tuple[str, ...]) -> str:
    """A slot read's argument (reads.SlotRead) as the text names it."""
    return params[arg] if isinstance(arg, int) else arg.name if isinstance(arg, Key) else "me"


def _listed(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _params(emitter: Emitter, name: str) -> tuple[str, ...]:
    sym = emitter.c.sym
    variant = emitter.variants.get(name)
    if variant is not None:
        return (*_params(emitter, variant.original), "the card")
    decl = sym.defs.get(name) or sym.cases.get(name)
    return tuple(decl.params) if decl is not None else ()


def _original(emitter: Emitter, name: str) -> str:
    """A definition's name as the rules write it; a variant's says what it is given (top_card.py)."""
    variant = emitter.variants.get(name)
    return name if variant is None else f"{variant.original} with the card as {variant.given}"


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _value(value: Any) -> str:
    if callable(value) and hasattr(value, "__qualname__"):
        return _safe(f"{getattr(value, '__module__', '?')}.{value.__qualname__}")
    # a set's order follows its elements' ids (identity.membership's sets of values): written in a fixed order
    text = f"frozenset({{{', '.join(sorted(map(repr, value)))}}})" if value.__class__ is frozenset else repr(value)
    text = _ADDRESS.sub("", text)  # `<object object at 0x...>`: the same listing at every compile
    return _safe(text if len(text) <= MAX_VALUE else text[:MAX_VALUE] + "...")


def _safe(text: str) -> str:
    """Text for a one-line comment: anything not printable written as its escape."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _natural(key: str) -> tuple:
    digits = key.lstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
    return (key[: len(key) - len(digits)], int(digits) if digits.isdigit() else -1, key)
