"""An option of a `choose` -> one generated Python function that lists its legal moves: flat loops over the
binders' lists with the guards judged inline, in the order and with the values the engine always offered.

The function is `(state, frame, out, namer, option)`: it appends an `Action` to `out` for every candidate
whose guards hold (State._enumerate calls it). For `pick(a in A, b in B(a)) only if G1(a, b) only if G2`:

    A' = A                                 # a list, as a binder's list always is; unseen cards named
    for a in A':                           # by place (naming.Namer) where the binder may offer them
        B' = B(a)
        for b in B':
            if not G1(a, b): continue      # a failing guard is reported with its span (R302)
            if not G2: continue
            out.append(Action(i, "pick", (a, b), game))

A guard that reads none of the later binders is also judged before their loops (here G2, before A): when
it is false no candidate below can be legal, so their lists are not even worked out. The parts of a guard
`A and B` are tests of their own for this (`only if A and B` means `only if A only if B`). Guards read the
state and never change it, so its answer there is the one each candidate would get; if it fails there
it is judged again, in its place, for each candidate, so an error is reported exactly where it was.
An option with `afterwards` guards writes the binders' values into the frame and hands those guards to
the engine (State.allowed_later); when its rest of the turn is one plain move of a card it binds from a
zone, the lister makes that move in place itself (trials.py), or judges the guards without it when they read
the destination only through its top card and the zone the card leaves not at all (top_card.py).

The test of each candidate is one evaluation (subexpressions.py): a part written twice is worked out once. In a
lister that tries no move, a part is also kept across candidates (_Placing): one that does not read the last
binder is kept for the turn of the loop of the last binder it reads, and one that reads one binder alone, whose
list is the same at every turn of the loops around it, is kept per element of that list for the whole listing.

The source follows codegen's rule: no text of the rules file reaches it but through `repr` of an int or a
str; every other value is a constant of the game's namespace.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

import attrs

from ..engine.actions import Action
from ..engine.specs import GuardSpec
from ..engine.state import guard_error
from ..language import nodes
from ..values import SEQUENCES
from . import kept_listing, top_card
from .codegen import Env
from .identity import walks_values
from .literals import constant_list
from .reads import Stamp, expression_stamp
from .scope import Scope
from .settings import PER_CANDIDATE, PER_LISTING, switched_on
from .trials import Trial, move_env, slot_code, unread_afterwards

if TYPE_CHECKING:
    from .compiler import Compiler

_UNDECIDED = object()  # a guard judged ahead of the loops failed there: judge it for each candidate


def as_list(value) -> list:
    """What a binder's (or a statement's) value becomes: a new list of a list or tuple's items, anything
    else a list of one."""
    return list(value) if isinstance(value, SEQUENCES) else [value]


def names_in(e: nodes.Expr | None) -> set[str]:
    """The names an expression holds (a binder's among them: what a guard reads of the candidate)."""
    return set() if e is None else {node.id for node in nodes.walk(e) if isinstance(node, nodes.Name)}


class _Writer:
    """The lines of one lister, indented by loop depth."""

    def __init__(self):
        self.lines: list[str] = []

    def __call__(self, depth: int, text: str) -> None:
        self.lines.append("    " * (depth + 1) + text)

    def guarded(self, depth: int, body: list[str], failed: str) -> None:
        """`body` (its lines one level in from the first) run with any failure reported with the
        guard's span (R302), as State._guard reports it; `failed` is the call that makes the error."""
        self(depth, "try:")
        for text in body:
            self(depth + 1 + (len(text) - len(text.lstrip())) // 4, text.lstrip())
        self(depth, "except Exception as x_:")
        self(depth + 1, f"raise {failed.replace('EXC', 'x_')} from None")


@attrs.frozen
class _Test:
    """One test of a candidate: a guard, or one part of a guard's `A and B` (each part judged on its own
    gives the same answer, and may be judged ahead of the loops of the binders it does not read)."""

    guard: nodes.Guard
    spec: GuardSpec
    condition: nodes.Expr  # the part of the condition tested
    level: int  # how many binders it reads, counted from the first: it is judged once they are bound


def conjuncts(e: nodes.Expr) -> list[nodes.Expr]:
    """The parts of `A and B and ...` (a guard's tests, each judged as soon as its binders are bound)."""
    if isinstance(e, nodes.BoolOp) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e]


def _tests(option: nodes.Option, guards: list[tuple[nodes.Guard, GuardSpec]]) -> list[_Test]:
    depth_of = {binder.var: i + 1 for i, binder in enumerate(option.binders)}
    innermost = len(option.binders)
    out = []
    for gd, gs in guards:
        whole = gs.afterwards or gs.applies is not None  # judged after the move, or with its `when`: whole
        for part in [gd.condition] if whole else conjuncts(gd.condition):
            read = names_in(part) | (names_in(gd.when) if gs.applies is not None else set())
            level = innermost if gs.afterwards else max((depth_of.get(name, 0) for name in read), default=0)
            out.append(_Test(gd, gs, part, level))
    return out


def candidate_lister(c: "Compiler", option: nodes.Option, sc: Scope, slots: list[int],
                     guards: list[tuple[nodes.Guard, GuardSpec]], hides: tuple[bool, ...], index: int,
                     trial: Trial | None = None) -> Callable:
    """The generated lister of one option (see the module's docstring). `sc` is the scope outside the
    option, `slots` the binders' frame slots, `guards` the guards kept for these options, each with its spec;
    `trial`, the move the lister may make in place to judge the `afterwards` guards (trials.py)."""
    w = _ListerWriter(c, option, sc, slots, guards, hides, trial)
    w.head()
    for depth, (binder, value) in enumerate(zip(option.binders, w.values)):
        w.loop(depth, binder, value)
    w.candidate(index)
    return _defined(c, option, sc, guards, hides, w.fn, w.source(), w.later)


class _ListerWriter:
    """The lines of one lister as they are written: its names, its tests and where their parts are kept."""

    def __init__(self, c: "Compiler", option: nodes.Option, sc: Scope, slots: list[int],
                 guards: list[tuple[nodes.Guard, GuardSpec]], hides: tuple[bool, ...], trial: Trial | None):
        g = self.g = c.emitter
        self.c, self.option, self.slots, self.hides, self.line = c, option, slots, hides, _Writer()
        self.fn, self.out, self.namer, self.spec, self.append, self.game = (
            g.fresh(p) for p in ("n", "q", "q", "q", "q", "q"))
        self.undecided = g.const(_UNDECIDED)
        self.later = later = any(gs.afterwards for _, gs in guards)
        self.trial = trial = trial if later else None
        self.place = g.fresh("i") if trial is not None else ""  # the moved card's place in its zone (and its slot)
        self.values = values = [g.fresh("v") for _ in option.binders]
        self.bound = "(" + "".join(v + ", " for v in values) + ")"
        # Without 'afterwards' trials the state and the frame stay as they are while the candidates are listed:
        # a definition call that reads no binder is computed once, on first use, into a local (Emitter.lazy).
        self.lazies: dict[str, str] | None = None if later else {}
        self.env = Env({name: f"f[{int(slot)}]" for name, slot in sc.names.items()}, lazies=self.lazies)
        inner = self.env
        for binder, value, hidden in zip(option.binders, values, hides):
            inner = inner.bind(binder.var, value, not hidden and walks_values(g, binder.source, inner))
        self.inner, innermost = inner, len(option.binders)
        self.tests = tests = _tests(option, guards)
        self.ahead = [test.level < innermost and not test.spec.afterwards for test in tests]
        self.verdicts = [g.fresh("r") if early else "" for early in self.ahead]
        keeps = not later and innermost and not switched_on(PER_CANDIDATE)  # parts kept across candidates (_Placing)
        self.placing = _Placing(g, values, _stable(c, option, hides)) if keeps else None
        self.rejects = _rejects(g, tests, self.ahead, inner, self.placing)
        self.judged = _without_move(c, trial, tests, inner) if trial is not None else None  # top_card.py
        self.moves = trial is not None and self.judged is None  # the trial moves the card in place

    def head(self) -> None:
        line, place = self.line, self.place
        line(0, f"{self.append} = {self.out}.append")
        line(0, f"{self.game} = s.game")
        if self.trial is not None:  # the engine may say the option's moves are not to be tried in place
            line(0, f"{place}t = {self.spec}.straight is not None")
        if self.moves:
            line(0, f"{place}v = s.zver")
            line(0, f"{place}m = s.memo")

    def loop(self, depth: int, binder: nodes.Binder, value: str) -> None:
        """The tests judged ahead of this binder's loop, then the head of its loop."""
        line, g = self.line, self.g
        for k, test in enumerate(self.tests):
            if self.ahead[k] and test.level == depth:
                _judge_ahead(line, depth, self.verdicts[k], self.rejects[k], self.undecided)
        listed = g.fresh("b")
        if self.moves and self.trial.depth == depth:  # a copy of the zone: its places are the cards' places
            place = self.place
            line(depth, f"{place}z = {slot_code(self.c, binder.source, self.env)}")
            line(depth, f"{place}x = s.zones[{place}z]")
            line(depth, f"{listed} = list({place}x)")
            line(depth, f"for {place}, {value} in enumerate({listed}):")
            line(depth + 1, f"f[{int(self.slots[depth])}] = {value}")
        else:
            self._listed(depth, binder, listed)
            if self.placing is None:
                line(depth, f"for {value} in {listed}:")
            else:
                self.placing.loop(line, depth, listed, value)
            if self.later:  # the moves tried and the 'afterwards' guards read the frame
                line(depth + 1, f"f[{int(self.slots[depth])}] = {value}")
        valued = not self.hides[depth] and walks_values(g, binder.source, self.env)
        self.env = self.env.bind(binder.var, value, valued)

    def _listed(self, depth: int, binder: nodes.Binder, listed: str) -> None:
        """The binder's list, as a list, into `listed`."""
        line, g = self.line, self.g
        constant = None if self.hides[depth] else constant_list(g, binder.source, self.env)
        if constant is not None:  # a tuple of the game's constants: walked as it is, never changed (literals.py)
            line(depth, f"{listed} = {constant}")
        else:
            line(depth, f"{listed} = {g.expr(binder.source, self.env)}")
            line(depth, f"if {listed}.__class__ is not list:")
            line(depth + 1, f"{listed} = {g.const(as_list)}({listed})")
        if self.later:  # moves are tried on the state while the list is walked: walk a copy, as before
            line(depth, f"{listed} = list({listed})")
        if self.hides[depth]:
            line(depth, f"if {self.namer} is not None:")
            line(depth + 1, f"{listed} = {self.namer}.reorder({listed})")

    def candidate(self, index: int) -> None:
        """One candidate's tests, then its move appended."""
        g, line, depth, trial, spec, bound = self.g, self.line, len(self.values), self.trial, self.spec, self.bound
        if trial is not None:
            _judge_all(g, line, depth, self.tests, self.rejects, self.verdicts, self.inner, self.undecided,
                       self.place)
            _in_place(self.c, line, depth, trial, self.tests, self.inner, self.values[trial.depth], self.place,
                      f"s.allowed_later({spec}, {{}}, f, {bound})", self.judged)
        else:
            pending, dynamic = _judge_all(g, line, depth, self.tests, self.rejects, self.verdicts, self.inner,
                                          self.undecided)
            if self.later:
                line(depth, f"if {pending + ' and ' if dynamic else ''}not s.allowed_later({spec}, {pending}, f, "
                            f"{bound}):")
                line(depth + 1, "continue" if depth else "return")
        name = repr(str(self.option.name))
        line(depth, f"{self.append}({g.const(Action)}({int(index)}, {name}, {bound}, {self.game}))")

    def source(self) -> str:
        first = [f"    {local} = MISSING" for local in (self.lazies or {}).values()]
        first += [f"    {items} = None" for items in self.placing.every_list()] if self.placing is not None else []
        head = f"def {self.fn}(s, f, {self.out}, {self.namer}, {self.spec}):\n"
        return head + "\n".join(first + self.line.lines) + "\n"


def _defined(c: "Compiler", option: nodes.Option, sc: Scope, guards: list[tuple[nodes.Guard, GuardSpec]],
             hides: tuple[bool, ...], fn: str, source: str, later: bool) -> Callable:
    """The lister `fn` defined from its source; its moves kept in the state by what it reads where a listing
    may be asked again with nothing it reads changed (kept_listing.py)."""
    g = c.emitter
    lister = g.define(source, fn)
    # (an option without binders lists one move at most: its guards cost about what the stamp would)
    keep = option.binders and not later and not any(hides) and not switched_on(PER_LISTING)
    stamp = _listing_stamp(c, option, sc, guards) if keep else None
    if stamp is None:
        return lister
    outer = g.fresh("n")
    return g.define(kept_listing.wrapper(g, outer, fn, option.name, stamp), outer)


def _listing_stamp(c: "Compiler", option: nodes.Option, sc: Scope,
                   guards: list[tuple[nodes.Guard, GuardSpec]]) -> Stamp | None:
    """What a stamp of the option's moves follows (its binders' lists and guards read no name of the procedure,
    and no more than a stamp can follow), when some way back to its `choose` leaves all of it as it was."""
    exprs = [b.source for b in option.binders] + [gd.condition for gd, _ in guards]
    exprs += [gd.when for gd, _ in guards if gd.when is not None]
    if set().union(*(names_in(e) for e in exprs)) & set(sc.names):
        return None
    stamp = expression_stamp(exprs, c.sym, [b.var for b in option.binders], c.emitter.slots)
    if stamp is None:
        return None
    ways = c.ways_back.get(id(option), [])
    return stamp if any(kept_listing.untouched(stamp, w) for w in ways) else None


def _judge_all(g, line: _Writer, depth: int, tests: list[_Test], rejects: list[_Reject], verdicts: list[str],
               env: Env, undecided: str, place: str = "") -> tuple[str, bool]:
    """Every test in its order, for one candidate: `continue` when one rules it out. Returns the code of
    the 'afterwards' guards that apply, for State.allowed_later (a constant when none has a `when`), and
    whether that list is made for each candidate. With a trial in place (`place`: trials.py), whether an
    'afterwards' guard's `when` holds goes to a local `{place}w{k}` instead."""
    dynamic = any(test.spec.afterwards and test.spec.applies is not None for test in tests)
    pending = g.fresh("l") if dynamic else g.const(tuple(test.spec for test in tests if test.spec.afterwards))
    if dynamic and not place:
        line(depth, f"{pending} = []")
    skip = "    continue" if depth else "    return"  # no binder, no loop: the one candidate is out
    for k, (test, reject, verdict) in enumerate(zip(tests, rejects, verdicts)):
        gs = test.spec
        failed = f"{g.const(guard_error)}(s, {g.const(gs)}, EXC)"
        if gs.afterwards and gs.applies is None:
            if dynamic and not place:
                line(depth, f"{pending}.append({g.const(gs)})")
        elif gs.afterwards and place:
            line.guarded(depth, [f"{place}w{k} = {g.expr(test.guard.when, env)}"], failed)
        elif gs.afterwards:
            line.guarded(depth, [f"if {g.expr(test.guard.when, env)}:", f"    {pending}.append({g.const(gs)})"],
                         failed)
        elif verdict:  # judged ahead of the loops: again here only if it failed there
            line(depth, f"if {verdict} is {undecided}:")
            _resets(line, depth + 1, reject)
            line.guarded(depth + 1, [f"if {reject.code}:", skip], failed)
        else:
            _resets(line, depth, reject)
            line.guarded(depth, [f"if {reject.code}:", skip], failed)
    return pending, dynamic


@attrs.frozen
class _Reject:
    """The code that rules a candidate out, and the locals its repeated parts are kept in (subexpressions.py),
    to be set to MISSING before each time it is judged."""

    code: str
    kept: list[str]


def _reject(g, test: _Test, env: Env) -> str:
    """The code that rules a candidate out: its `when` holds (if it has one) and its condition does not."""
    condition = f"(not {g.expr(test.condition, env)})"
    return condition if test.spec.applies is None else f"({g.expr(test.guard.when, env)} and {condition})"


_BETWEEN = "\x02"  # between the tests of one evaluation while they are written (never in generated code)


def _rejects(g, tests: list[_Test], ahead: list[bool], env: Env, placing: _Placing | None) -> list[_Reject]:
    """Each test's code. The tests judged in their place, for each candidate, are one evaluation
    (subexpressions.py): they run in order, each only if those before passed, on the same state and
    binders, so a part a later one writes again is kept from the first; their locals are reset before
    the first, or, with `placing`, at the top of the loops (_Placing). A test judged ahead of the loops is an
    evaluation of its own."""
    together = [k for k, test in enumerate(tests) if not ahead[k] and not test.spec.afterwards]
    out = [None if k in together else _Reject(*g.evaluation(lambda inner, t=test: _reject(g, t, inner), env))
           for k, test in enumerate(tests)]
    code, kept = g.evaluation(lambda inner: _BETWEEN.join(_reject(g, tests[k], inner) for k in together), env,
                              placing)
    kept = kept if placing is None else []  # set at the top of the loops
    for n, (k, part) in enumerate(zip(together, code.split(_BETWEEN))):
        out[k] = _Reject(part, kept if n == 0 else [])
    return out


def _stable(c: "Compiler", option: nodes.Option, hides: tuple[bool, ...]) -> list[bool]:
    """For each binder, whether its list is the same at every turn of the loops around it while the lister runs
    (it makes no move): its source reads no binder before it, draws nothing, and names no unseen card by place
    (the namer may name them afresh)."""
    earlier: set[str] = set()
    out = []
    for binder, hidden in zip(option.binders, hides):
        out.append(not hidden and not (names_in(binder.source) & earlier)
                   and not c.emitter.facts().draws(binder.source))
        earlier.add(binder.var)
    return out


class _Placing:
    """Where the locals of the test of a candidate (its kept parts: subexpressions.py) are set, in a lister that
    tries no move: the state and the frame stay as they are while it runs, so a part's value follows from the
    binders' values it reads. A part is set to MISSING at the top of the loop of the last binder it reads, not for
    each candidate: `a.x` in `pick(a in A, b in B)` is worked out once per `a`. A part that reads one binder alone,
    not the first, whose list is the same at every turn of the loops around (_stable), is also kept per element
    of that list, by its place, for the whole listing (`Shared.resolve`'s store): `f(b)` is worked out once per
    `b`, not once per `a` and `b`."""

    def __init__(self, g, values: list[str], stable: list[bool]):
        self.g, self.values, self.stable = g, values, stable
        self.tops: dict[int, list[str]] = {}  # a loop's depth -> the lines at the top of its body
        self.index: dict[int, str] = {}  # a loop's depth -> the local of the element's place in its list
        self.lists: dict[int, list[str]] = {}  # a loop's depth -> the lists of values kept per element

    def _read(self, code: str) -> list[int]:
        """The depths of the binders a part reads (their names in its code: the frame holds none of them)."""
        return [depth for depth, value in enumerate(self.values) if re.search(rf"\b{value}\b", code)]

    def _per_element(self, read: list[int]) -> bool:
        return len(read) == 1 and read[0] > 0 and self.stable[read[0]]

    def across(self, code: str) -> bool:
        """Whether a part has one value for several candidates: it reads one binder of a stable list, or not
        the last binder (Store)."""
        read = self._read(code)
        return bool(read) and (self._per_element(read) or read[-1] < len(self.values) - 1)

    def __call__(self, local: str, code: str) -> tuple[str, str] | None:
        """Where a kept part's local is set (Store): the list and the index it is kept at, or None."""
        read = self._read(code)
        depth = max(read, default=len(self.values) - 1)
        if not self._per_element(read):
            self.tops.setdefault(depth, []).append(f"{local} = MISSING")
            return None
        index = self.index.setdefault(depth, self.g.fresh("j"))
        items = self.g.fresh("w")
        self.lists.setdefault(depth, []).append(items)
        self.tops[depth] = [*self.tops.get(depth, []), f"{local} = {items}[{index}]"]
        return items, index

    def loop(self, line: _Writer, depth: int, listed: str, value: str) -> None:
        """The head of a binder's loop: its lists of kept values made from its list's length the first time."""
        for items in self.lists.get(depth, []):
            line(depth, f"if {items} is None:")
            line(depth + 1, f"{items} = [MISSING] * len({listed})")
        index = self.index.get(depth)
        line(depth, f"for {index}, {value} in enumerate({listed}):" if index else f"for {value} in {listed}:")
        for text in self.tops.get(depth, []):
            line(depth + 1, text)

    def every_list(self) -> list[str]:
        return [items for lists in self.lists.values() for items in lists]


def _resets(line: _Writer, depth: int, reject: _Reject) -> None:
    for local in reject.kept:
        line(depth, f"{local} = MISSING")


def _judge_ahead(line: _Writer, depth: int, verdict: str, reject: _Reject, undecided: str) -> None:
    """A guard judged before the loops of the binders it does not read: when it rules the candidates out,
    none below is listed; when it fails, it is judged again for each candidate (its error in its place)."""
    _resets(line, depth, reject)
    line(depth, "try:")
    line(depth + 1, f"{verdict} = {reject.code}")
    line(depth, "except Exception:")
    line(depth + 1, f"{verdict} = {undecided}")
    line(depth, f"if {verdict} is not {undecided} and {verdict}:")
    line(depth + 1, "return" if depth == 0 else "continue")


def _without_move(c: "Compiler", trial: Trial, tests: list[_Test], env: Env) -> list[nodes.Expr] | None:
    """The 'afterwards' guards' conditions, in order, written to be judged before the move (top_card.py);
    None when the trial must make the move."""
    return top_card.judged_before(c, trial, [test.condition for test in tests if test.spec.afterwards], env.names)


def _in_place(c: "Compiler", line: _Writer, depth: int, trial: Trial, tests: list[_Test], env: Env, card: str,
              place: str, fallback: str, judged: list[nodes.Expr] | None = None) -> None:
    """The trial of one candidate (trials.py): `continue` when an 'afterwards' guard that applies is false
    once the card is moved. `fallback` is the engine's trial, its guards' list left as `{}`. With `judged`,
    the guards' conditions rewritten to be judged before the move (top_card.py): no move is made, and what
    anybody knows plays no part."""
    g = c.emitter
    later = [(k, test) for k, test in enumerate(tests) if test.spec.afterwards]
    flags = [f"{place}w{k}" if test.spec.applies is not None else "" for k, test in later]
    pending = "(" + "".join(f"{g.const(test.spec)}, " for _, test in later) + ")"
    some = "" if "" in flags else " or ".join(flags)  # some guard applies (always, when one has no `when`)
    if any(flags):  # only the guards whose `when` holds, in their order
        applies = "".join((flag or "True") + ", " for flag in flags)
        pending = f"tuple(x_ for x_, w_ in zip({pending}, ({applies})) if w_)"
    if judged is not None:
        line(depth, f"if {place}t{f' and ({some})' if some else ''}:")
        _judged_lines(c, line, depth + 1, [test for _, test in later], flags, judged, env, card)
    else:
        line(depth, f"if {place}t and not s.known{f' and ({some})' if some else ''}:")
        _trial_lines(c, line, depth + 1, trial, [test for _, test in later], flags, env, card, place)
    line(depth, f"elif {f'({some}) and ' if some else ''}not {fallback.format(pending)}:")
    line(depth + 1, "continue")


def _judged_lines(c: "Compiler", line: _Writer, depth: int, later: list[_Test], flags: list[str],
                  judged: list[nodes.Expr], env: Env, card: str) -> None:
    """The 'afterwards' guards judged without the move, `top(destination)` read as the card (each where its
    flag, if any, says it applies); `continue` at the first that is false, an error reported at its span."""
    g = c.emitter
    env = attrs.evolve(env, names={**env.names, top_card.TOP: card}, varying=env.varying | {top_card.TOP})
    line(depth, "# Without the move: the guards read the destination only through its top card, here the card")
    line(depth, "# tried, and the zone it leaves not at all (top_card.py).")
    for test, flag, condition in zip(later, flags, judged):
        at = depth + bool(flag)
        if flag:
            line(depth, f"if {flag}:")
        line.guarded(at, [f"if not {g.expr(condition, env)}:", "    continue"],
                     f"{g.const(guard_error)}(s, {g.const(test.spec)}, EXC)")


def _trial_lines(c: "Compiler", line: _Writer, depth: int, trial: Trial, later: list[_Test], flags: list[str],
                 env: Env, card: str, place: str) -> None:
    """The move made in place, the 'afterwards' guards judged (each where its flag, if any, says it applies),
    the move undone; `continue` when a guard is false."""
    g = c.emitter
    target, ok = f"{place}d", f"{place}k"
    env = attrs.evolve(env, direct=unread_afterwards(c, trial))  # what the guards would keep, none could read
    line(depth, "# In place: the card leaves its zone at its place for the move's destination, the 'afterwards'")
    line(depth, "# guards are judged, the card goes back; versions bumped and memo emptied after each change.")
    line(depth, f"{target} = {slot_code(c, trial.destination, move_env(trial))}")
    line(depth, f"{place}y = s.zones[{target}]")
    line(depth, f"del {place}x[{place}]")
    line(depth, f"{place}y.insert(0, {card})" if trial.bottom else f"{place}y.append({card})")
    bumps = [f"{place}v[{place}z] += 1", f"{place}v[{target}] += 1", f"{place}m.clear()"]
    for text in bumps + [f"{ok} = True", "try:"]:
        line(depth, text)
    for n, (test, flag) in enumerate(zip(later, flags)):
        failed = f"{g.const(guard_error)}(s, {g.const(test.spec)}, x_)"
        ahead = ([ok] if n else []) + ([flag] if flag else [])  # judged if no guard before failed, and it applies
        at = depth + 1 + bool(ahead)
        if ahead:
            line(depth + 1, f"if {' and '.join(ahead)}:")
        line(at, "try:")
        line(at + 1, f"if not {g.expr(test.condition, env)}:")
        line(at + 2, f"{ok} = False")
        line(at, "except Exception as x_:")
        line(at + 1, f"raise {failed} from None")
    line(depth, "finally:")
    line(depth + 1, f"del {place}y[0]" if trial.bottom else f"{place}y.pop()")
    line(depth + 1, f"{place}x.insert({place}, {card})")
    for text in bumps:
        line(depth + 1, text)
    line(depth, f"if not {ok}:")
    line(depth + 1, "continue")
