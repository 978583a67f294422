"""Every use of a name the file does not declare -> one error per name, at its first use, the others noted;
and the names that may stand where a value or a call is written (what a suggestion is chosen from)."""

from __future__ import annotations

from typing import Iterable

import attrs

from ..diagnostics import Diagnostic, Span, error
from .builtins import FUNCTIONS, NAMES
from .symbols import Symbols

MAX_LINES = 12  # other uses listed by line; more are counted


@attrs.define
class Unknowns:
    """The uses of unknown names, gathered while checking: a name misspelt in its declaration, or never
    declared, is one mistake however often it is used, so it gets one error."""

    uses: dict[tuple[str, str], list[tuple[Span, str]]] = attrs.Factory(dict)  # (code, name) -> (span, message)

    def add(self, code: str, name: str, message: str, span: Span) -> None:
        self.uses.setdefault((code, name), []).append((span, message))

    def __len__(self) -> int:
        """How many uses of unknown names were met."""
        return sum(len(uses) for uses in self.uses.values())

    def diagnostics(self, path: str) -> list[Diagnostic]:
        out = []
        for (code, _), uses in self.uses.items():
            ordered = sorted(uses, key=lambda use: ((use[0].path or path) != path, use[0].line, use[0].column))
            span, message = ordered[0]
            others = _where(span, [use[0] for use in ordered[1:]], path)
            out.append(error(code, message, span, path, (f"also used {others}",) if others else ()))
        return out


def _where(first: Span, spans: list[Span], path: str) -> str:
    """`on lines 12, 30 and 41`, `on this line and on line 12`; another file's uses with its name."""
    here, places = 0, []
    for span in spans:
        same_file = (span.path or path) == (first.path or path)
        if same_file and span.line == first.line:
            here += 1
            continue
        place = str(span.line) if same_file else f"{span.path}:{span.line}"
        if place not in places:
            places.append(place)
    if len(places) > MAX_LINES:
        places = places[:MAX_LINES] + [f"{len(places) - MAX_LINES} more"]
    words = "" if not places else places[0] if len(places) == 1 else f"{', '.join(places[:-1])} and {places[-1]}"
    lines = f"on line{'s' if len(places) > 1 else ''} {words}" if places else ""
    if not here:
        return lines
    same = "on this line" if here == 1 else f"{here} times on this line"
    return f"{same} and {lines}" if lines else same


def value_names(sym: Symbols, local: Iterable[str], lazy: bool) -> list[str]:
    """The names that may be written alone where a value is expected (not functions that take arguments,
    not actions)."""
    names = list(local) + list(NAMES) + list(sym.zones) + list(sym.vars) + list(sym.options) + list(sym.values)
    names += list(sym.cards) + [name for name, d in sym.defs.items() if not d.has_params]
    return names + (list(sym.attributes) + ["it"] if lazy else [])


def function_names(sym: Symbols) -> list[str]:
    """The names that may be called: builtin functions, definitions with parameters, zones and variables
    that take a player, a key or a cell."""
    names = list(FUNCTIONS) + [name for name, d in sym.defs.items() if d.has_params] + list(sym.cases)
    names += [z for z in sym.zones if sym.keyed(z) or sym.by_cell(z)]
    return names + [v for v in sym.vars if sym.var_arity(v)]
