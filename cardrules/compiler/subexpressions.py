"""One evaluation of a generated expression (a function body, a lister's test of a candidate) + the parts the code
generator wrote in it -> its code with each part that would be worked out twice or more computed once, on first
use, into a local of the function (common subexpressions, across the definitions written into their callers too).

Two parts are the same when they are the same node (nodes compare without their spans) with the same code for
every name they read from around (a parameter, a loop's name, a frame slot: Env.names) and the same element
`it`: then, in one evaluation, they have the same value, because nothing changes the state or the frame while an
expression is worked out (a move made in place by a lister happens between evaluations, never inside one:
enumeration.py, trials.py), and no part that draws (`random`) is shared. Inside a loop of the expression
(a comprehension, a `where`, a keyword argument, a quantifier's loop) a name may mean another value at each turn,
so a part there is shared only in one of two ways:
- a part that reads no loop's name (invariants.py) has one value for the whole evaluation: it is a part of the
  evaluation around the outermost loop (Env.around), so `count(q(p)) > 0 and all([key(p) > key(x) for x in ...])`
  with `key(p) = (count(q(p)), highest(q(p)))` written in works `q(p)` out once. Written only inside the loop, it
  is `pin`ned: kept in its local at the first turn that reaches it, even if written once;
- a loop written as statements (a quantifier's loop, quantifiers.py) makes each turn an evaluation of its own,
  its locals reset at the top of the turn: `key(x)` written in works `q(x)` out once per turn.
A comprehension's element and a keyword argument's function share nothing of their own turn (an expression has no
place to reset locals); a keyword argument, a function of its own, nothing of the evaluation around either.
An evaluation's code may then hold the markers of the evaluation around it: its own resolve leaves them be.

The local is written where the part was, `(t if t is not MISSING else (t := CODE))`: the first occurrence reached
works it out, so short cuts keep their order, and a part that fails fails where it did (in the same guard, with
the same blame), and only when reached. The evaluation resets its locals to MISSING before it starts.

A lister's test of a candidate is one evaluation, judged again for each candidate in the same state; its parts may
also be kept across candidates, by the binders they read (resolve's `store`: enumeration._Placing).

While an evaluation is written, every part is a marker in the code; `resolve` then counts how many times each
could be worked out along one path (the two sides of `... if ... else ...` are never both taken) and writes the
ones counted twice or more, and worth a local (invariants.worth_keeping), as kept locals.
"""

from __future__ import annotations

import itertools
import re
from typing import Callable, Container, Protocol

from ..language import nodes
from .invariants import worth_keeping

_MARK = re.compile("\x00([pc][0-9]+)\x01")  # a part (p...) or a choice `A if C else B` (c...): never in rule text
_NAMES = itertools.count()
_ONE_PART = re.compile("(\\(*)\x00(p[0-9]+)\x01(\\)*)")  # one part, perhaps in parentheses


class Store(Protocol):
    """How the parts of a lister's test of a candidate are kept across candidates (enumeration._Placing)."""

    def across(self, code: str) -> bool:
        """Whether a part (its code as it would read with no part kept) has one value for several candidates."""

    def __call__(self, local: str, code: str) -> tuple[str, str] | None:
        """For a kept part's local: the list and the index where its value is also kept, or None."""


class Shared:
    """The parts of one evaluation, while its code is written (a marker each), and their resolution."""

    def __init__(self, fresh: Callable[[str], str]):
        self.fresh = fresh  # the function's names: a local is named only once it is kept
        self.names = _NAMES  # one count for every evaluation: an evaluation's code may hold the markers of the one
        # around it (a loop's turn inside a function's body), which its own resolve leaves for that one
        self.parts: dict[tuple, str] = {}  # (node, the code of the names it reads, it) -> its marker's name
        self.codes: dict[str, str] = {}  # marker's name -> the part's code, its own parts as markers
        self.choices: dict[str, tuple[str, str, str]] = {}  # marker -> (condition, then, otherwise)
        self.pinned: set[str] = set()  # parts written inside a loop that no loop changes: kept if worth a local
        self.stores: dict[str, tuple[str, str]] = {}  # kept part -> the list and index its value is also kept at

    def part(self, key: tuple, code: Callable[[], str]) -> str:
        """The marker of a part; its code is written at its first occurrence only."""
        name = self.parts.get(key)
        if name is None:
            name = self.parts[key] = f"p{next(self.names)}"
            self.codes[name] = code()
        return f"\x00{name}\x01"

    def pin(self, code: str) -> bool:
        """Code that is one part of this evaluation, written inside a loop that does not change it: the part is
        kept in its local even if written once (computed at the first turn that reaches it). Whether it was."""
        match = _ONE_PART.fullmatch(code)
        if match is None or len(match[1]) != len(match[3]) or match[2] not in self.codes:
            return False
        self.pinned.add(match[2])
        return True

    def choice(self, condition: str, then: str, otherwise: str) -> str:
        """`then if condition else otherwise`: the two sides are counted as one path or the other."""
        name = f"c{next(self.names)}"
        self.choices[name] = (condition, then, otherwise)
        return f"\x00{name}\x01"

    def resolve(self, text: str, store: Store | None = None) -> tuple[str, list[str]]:
        """The code with no marker left, and the locals it keeps (to be set to MISSING before it runs). With
        `store` (a lister's test of a candidate: enumeration.py), a part whose value serves more than one
        evaluation is kept even if written once, and one the store names a list and an index for is also
        written there once worked out, so that its local can be set from there."""
        if not self.codes and not self.choices:
            return text, []
        counts: dict[str, int] = {}
        self._count(text, set(), None, counts)
        across = {name for name in counts if store is not None and store.across(self._plain(name))}
        kept = {name for name, n in counts.items()
                if (n > 1 or name in self.pinned or name in across) and worth_keeping(self._plain(name))}
        if not kept:
            return self._render(text, {}, {}), []
        counts = {}
        self._count(text, set(), kept, counts)  # a kept part's own parts are worked out once, within it
        inside = {part for name in kept & across for part in self._within(name)}  # worked out within it
        kept = {name: self.fresh("t") for name in sorted(kept, key=lambda name: int(name[1:]))
                if counts[name] > 1 or name in self.pinned or (name in across and name not in inside)}
        for name, local in kept.items():
            where = store(local, self._plain(name)) if store is not None else None
            if where is not None:
                self.stores[name] = where
        return self._render(text, kept, {}), list(kept.values())

    def _within(self, name: str) -> set[str]:
        """The parts written inside a part (at any depth)."""
        out: set[str] = set()
        todo = [self.codes.get(name) or "".join(self.choices.get(name, ()))]
        while todo:
            for match in _MARK.finditer(todo.pop()):
                inner = match[1]
                if inner not in out and (inner in self.codes or inner in self.choices):
                    out.add(inner)
                    todo.append(self.codes.get(inner) or "".join(self.choices.get(inner, ())))
        return out

    def _count(self, text: str, seen: set[str], kept: set[str] | None, counts: dict[str, int]) -> None:
        """Adds to `counts` how many times each part may be worked out along one path through `text` (with
        `kept`: the parts of a kept part counted once, at its first occurrence)."""
        if "\x00" not in text:
            return
        for match in _MARK.finditer(text):
            name = match[1]
            if name not in self.codes and name not in self.choices:  # the evaluation around's: counted there
                continue
            if name in self.choices:
                condition, then, otherwise = self.choices[name]
                self._count(condition, seen, kept, counts)
                sides: list[dict[str, int]] = [{}, {}]
                self._count(then, seen, kept, sides[0])
                self._count(otherwise, seen, kept, sides[1])
                for key in sides[0].keys() | sides[1].keys():
                    counts[key] = counts.get(key, 0) + max(sides[0].get(key, 0), sides[1].get(key, 0))
                continue
            counts[name] = counts.get(name, 0) + 1
            if kept is None or name not in kept or name not in seen:
                seen.add(name)
                self._count(self.codes[name], seen, kept, counts)

    def _plain(self, name: str) -> str:
        return self._render(f"\x00{name}\x01", {}, {})

    def rendered(self, text: str) -> str:
        """Code holding markers as it would read with no part kept (to judge its cost: worth_keeping)."""
        return self._render(text, {}, {})

    def _render(self, text: str, kept: dict[str, str], done: dict[str, str]) -> str:
        if "\x00" not in text:
            return text
        def form(match: re.Match) -> str:
            name = match[1]
            if name not in self.codes and name not in self.choices:  # the evaluation around's: left for it
                return match[0]
            if name not in done:
                if name in self.choices:
                    condition, then, otherwise = (self._render(t, kept, done) for t in self.choices[name])
                    done[name] = f"({then} if {condition} else {otherwise})"
                else:
                    code = self._render(self.codes[name], kept, done)
                    done[name] = self._kept_form(kept.get(name), self.stores.get(name), code)
            return done[name]
        return _MARK.sub(form, text)

    @staticmethod
    def _kept_form(local: str | None, where: tuple[str, str] | None, code: str) -> str:
        if local is None:
            return code
        if where is None:
            return f"({local} if {local} is not MISSING else ({local} := {code}))"
        items, index = where  # `__setitem__` gives None: `or` then gives the value
        kept = f"{items}.__setitem__({index}, ({local} := {code})) or {local}"
        return f"({local} if {local} is not MISSING else ({kept}))"


def calls_twice(e: nodes.Expr, defined: Container[str]) -> bool:
    """Whether an expression calls a definition twice alike (the same call node, its arguments included)."""
    seen: set[nodes.Expr] = set()
    for n in nodes.walk(e):
        if (isinstance(n, nodes.Call) and n.func in defined) or (isinstance(n, nodes.Name) and n.id in defined):
            if n in seen:
                return True
            seen.add(n)
    return False
