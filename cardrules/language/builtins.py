"""The language's built-ins, one record each: a function's name, signature, doc, implementation or code,
check hook and flags; a name's (`me`, `true`) doc and value or code. check, constants and the compiler
read them from the registry here (`FUNCTIONS`, `NAMES`) and from nowhere else.

A record is filled next to its implementation. A pure function (of its arguments' values alone)
is a Python function decorated with `@builtin(...)`: the generated code calls it, and a definition
calling only pure functions may be cached across states. A function that reads the game state says
how its call is written in the generated Python (`emit`, usually a `template`); the runtime helpers
that code calls are defined here too. The compiler is reached only through the small protocols below
(`CallSite`, `Emitting`, `Tables`), the checker through `Checking`: this module imports nothing from
either (tests/test_layout.py), and docs/contributing.md shows how to add a builtin.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

import attrs

from ..engine.knowledge import knows
from ..engine.percard import mover_of
from ..engine.zones import open_slots
from ..engine.zones.grid import g_box, g_cell, g_cells, g_frontier, g_lines, g_neighbours, g_segments, g_within
from ..limits import MAX_ARGS
from ..values import NOTHING, SEATS, Card, Sym, Words
from . import nodes

if TYPE_CHECKING:
    from .symbols import Symbols



# ---- what a builtin may use of the checker and the compiler -------------------------------------
class Checking(Protocol):
    """What a check hook may use of the checker (language.check.Checker implements it)."""

    sym: "Symbols"  # every name the file declares, by kind
    used: set[str]  # declarations used so far (the others are reported unused)

    def err(self, code: str, message: str, span: Any) -> None: ...

    def expr(self, e: nodes.Expr, scope: Any) -> None:
        """Check an expression in a scope (the hook's own `scope` argument, passed on)."""


class Tables(Protocol):
    """The declaration tables the compiler has built (compiler.Compiler implements it)."""

    sym: "Symbols"
    syms: dict[str, Sym]  # attribute values by name
    families: dict[str, tuple[int, dict[Sym, int]]]  # zone family -> (first slot, key -> offset)
    attribute_domains: dict[str, Any]  # attribute -> its values (a tuple of Syms) or its range (low, high)


class Emitting(Protocol):
    """What an emission may use of the code generator (compiler.codegen.Emitter implements it).

    Generated code reads the state as `s`; `SEATS` (seat numbers) and `NOTHING` (`none`) are always
    at hand; any other object is reached through `const` or `runtime`."""

    tables: Tables

    def const(self, value: Any) -> str:
        """A module-level name made up for a value (a table, a function)."""

    def runtime(self, name: str, value: Any) -> str:
        """`name` (upper case, chosen by the record) bound to `value` in the generated module; returns `name`."""


class CallSite(Emitting, Protocol):
    """One call of a builtin function being compiled, as its `emit` sees it."""

    call: nodes.Call

    def arg(self, i: int) -> str:
        """The Python code of the i-th argument (of a grid function's first: the Grid itself)."""

    def args(self) -> list[str]:
        """The code of every argument, in order."""

    def keywords(self) -> list[str]:
        """Each keyword argument as `name=lambda v: CODE`, a function of the element (`it`)."""

    def generator(self) -> str:
        """The single argument, a comprehension or `where`, as a generator's inside: `x for v in xs if c`."""


Emit = Callable[[Any], str]  # a CallSite (functions) or an Emitting (names) -> Python code


def template(code: str, **helpers: Callable) -> Emit:
    """An emission writing `code`, where {0}, {1}, ... stand for the arguments' code and {args} for
    all of them joined by commas; `helpers` are the runtime functions the code calls, by the names
    it calls them. Nothing of the rules file's text is written but the arguments' generated code."""
    uses_args = any(field is not None for _, field, _, _ in string.Formatter().parse(code))

    def emit(g: Any) -> str:
        for name, value in helpers.items():
            g.runtime(name, value)
        if not uses_args:
            return code
        args = g.args()
        return code.format(*args, args=", ".join(args))
    return emit


# ---- the records ----------------------------------------------------------------------------------
@attrs.frozen
class Function:
    """A built-in function. `usage` and `doc` are its row of the table in docs/language.md (and,
    later, an editor's hover text); tests/test_docs.py holds the two together."""

    name: str
    min_args: int
    max_args: int
    usage: str  # the call as the docs write it: "best(xs, by: key)"
    doc: str
    keywords: tuple[str, ...] = ()  # keyword arguments, evaluated once per element with `it` bound
    required: tuple[str, ...] = ()  # the keywords a call must give
    run: Callable | None = None  # the implementation, of the arguments' values alone (keywords arrive as
    # one-argument functions): the function is pure, so a definition calling it may be cached
    emit: Emit | None = None  # writes the call's code instead of calling `run` (reads `s`, or is inlined)
    over_generator: Callable | None = None  # called on a generator when the one argument is a comprehension:
    # the first deciding element ends the work (any, all)
    statements_only: bool = False  # its value may differ each time (random): not where it is worked out again
    names_declaration: bool = False  # the first argument names a declaration, not a value: `check` checks
    # the arguments and `emit` never asks for the first one's code
    grid: bool = False  # the first argument names a grid zone; the function reads the Grid itself
    check: Callable[[Checking, nodes.Call, Any], None] | None = None  # more checks of a call, after arity
    cardless: bool = False  # its value holds no card (numbers, seats, texts, keys): choosing among it hides nothing
    same_elements: bool = False  # its value is its one argument's elements, maybe reordered (sorted)
    by_place: bool = False  # picks an element of its argument by place alone (top, bottom): nobody sees which
    from_argument: bool = False  # every card of its value (at any depth) is one of its one argument's: an element,
    # a part, the elements regrouped (highest, groups, concat): seen by whoever sees the argument's
    # For the checker's kinds (language/kinds.py): what each argument must be ("seat", "seats", "card", "cards",
    # "number", "list", "cell", "cells"; "" for anything; the last word stands for the rest), and what the call
    # gives: a kind ("number", "truth", "text", "seat", "seats", "card", "cards", "cell", "cells", "pair", "lists
    # of cards") or a rule from the arguments' kinds ("element", "one", "list of elements", "lists of elements",
    # "concat", "least"). Left empty: anything goes, and the result's kind is unknown.
    takes: tuple[str, ...] = ()
    gives: str = ""

    @property
    def pure(self) -> bool:
        return self.run is not None

    def code(self, site: CallSite) -> str:
        """The Python expression of a call, the checker having accepted it."""
        call = site.call
        if (self.over_generator is not None and len(call.args) == 1 and not call.kwargs
                and isinstance(call.args[0], nodes.Comprehension | nodes.Where)):
            return f"{site.const(self.over_generator)}({site.generator()})"
        if self.emit is not None:
            return self.emit(site)
        args = site.args() + site.keywords()
        return f"{site.const(self.run)}({', '.join(args)})"


@attrs.frozen
class Constant:
    """A built-in constant: folded at check time, a module constant in generated code."""

    name: str
    value: Any
    doc: str
    fixed = True  # the same all game long
    cardless = True

    def code(self, g: Emitting) -> str:
        return g.const(self.value)


@attrs.frozen
class StateName:
    """A built-in name the state decides (`me`, `players`)."""

    name: str
    doc: str
    emit: Emit  # writes its code (a `template` without arguments)
    fixed: bool = False  # the same all game long (the players): a `holds` condition may read it
    cardless: bool = False  # its value holds no card
    kind: str = ""  # its kind for the checker, in the words of Function.gives ("" unknown)

    def code(self, g: Emitting) -> str:
        return self.emit(g)


FUNCTIONS: dict[str, Function] = {}
NAMES: dict[str, Constant | StateName] = {}


R = TypeVar("R", Function, Constant, StateName)


def register(record: R) -> R:
    """Add a builtin to the language (every file checked or compiled afterwards knows it)."""
    if record.name in FUNCTIONS or record.name in NAMES:
        raise ValueError(f"'{record.name}' is already a builtin")
    if isinstance(record, Function):
        _validate(record)
        FUNCTIONS[record.name] = record
    else:
        NAMES[record.name] = record
    return record


def unregister(name: str) -> None:
    """Take a builtin out of the language again."""
    if FUNCTIONS.pop(name, None) is None:
        del NAMES[name]


def _validate(f: Function) -> None:
    problems = [what for what, wrong in (
        ("it needs `run` or `emit`", f.run is None and f.emit is None),
        ("`usage` must start with its name and '('", not f.usage.startswith(f.name + "(")),
        ("min_args > max_args", f.min_args > f.max_args),
        ("`required` names a keyword it does not take", not set(f.required) <= set(f.keywords)),
        ("naming a declaration needs `check` and `emit`", f.names_declaration and not (f.check and f.emit)),
    ) if wrong]
    if problems:
        raise ValueError(f"builtin '{f.name}': {'; '.join(problems)}")


F = TypeVar("F", bound=Callable)


def builtin(name: str, min_args: int, max_args: int, usage: str, doc: str, **fields: Any) -> Callable[[F], F]:
    """Register the decorated Python function as the implementation of a pure builtin function."""
    def decorate(run: F) -> F:
        register(Function(name, min_args, max_args, usage, doc, run=run, **fields))
        return run
    return decorate


def is_pure(name: str) -> bool:
    """Whether a name is a pure builtin function: its value depends on its arguments alone."""
    function = FUNCTIONS.get(name)
    return function is not None and function.pure


def constant_names() -> set[str]:
    return {name for name, record in NAMES.items() if isinstance(record, Constant)}


def fixed_names() -> set[str]:
    """The built-in names whose value is the same all game long."""
    return {name for name, record in NAMES.items() if record.fixed}


def constant(e: nodes.Expr) -> Constant | None:
    """The built-in constant an expression names, if it does."""
    record = NAMES.get(e.id) if isinstance(e, nodes.Name) else None
    return record if isinstance(record, Constant) else None


def is_truth(e: nodes.Expr) -> bool:
    """Whether an expression is `true` or `false`."""
    named = constant(e)
    return named is not None and isinstance(named.value, bool)


# ---- pure functions -------------------------------------------------------------------------------
# `top`, `bottom`, `highest`, `lowest` and `empty` are written into the generated code (no call: a grid game asks
# `top(grid(q))` for every cell); `(xs or ONLY_NOTHING)[-1]` is `xs[-1] if xs else NOTHING` with xs worked out
# once, `max(xs or ONLY_NOTHING)` is `max(xs) if xs else NOTHING`.
_ONLY_NOTHING = (NOTHING,)


@builtin("count", 1, 1, "count(xs)", "the number of elements of a list or zone", emit=template("len({0})"),
         cardless=True, takes=("list",), gives="number")
def b_count(xs):
    return len(xs)


@builtin("highest", 1, 1, "highest(xs)", "the highest element (cards by the card order); `none` if empty",
         takes=("list",), from_argument=True, gives="element",
         emit=template("max({0} or ONLY_NOTHING)", ONLY_NOTHING=_ONLY_NOTHING))
def b_highest(xs):
    return max(xs) if xs else NOTHING


@builtin("lowest", 1, 1, "lowest(xs)", "the lowest element; `none` if empty", takes=("list",),
         from_argument=True, gives="element", emit=template("min({0} or ONLY_NOTHING)", ONLY_NOTHING=_ONLY_NOTHING))
def b_lowest(xs):
    return min(xs) if xs else NOTHING


@builtin("top", 1, 1, "top(zone)", "the top (last) card of a zone, or last element of a list; `none` if empty",
         by_place=True, takes=("list",), gives="element",
         emit=template("({0} or ONLY_NOTHING)[-1]", ONLY_NOTHING=_ONLY_NOTHING))
def b_top(xs):
    return xs[-1] if xs else NOTHING


@builtin("bottom", 1, 1, "bottom(zone)", "the bottom (first) card; `none` if empty", by_place=True,
         takes=("list",), gives="element", emit=template("({0} or ONLY_NOTHING)[0]", ONLY_NOTHING=_ONLY_NOTHING))
def b_bottom(xs):
    return xs[0] if xs else NOTHING


@builtin("empty", 1, 1, "empty(xs)", "true when there are no elements", takes=("list",), gives="truth",
         emit=template("(len({0}) == 0)"))
def b_empty(xs):
    return len(xs) == 0


@builtin("all", 1, 1, "all(xs)", "true when every element is true (also for an empty list)", over_generator=all,
         takes=("truths",), gives="truth")
def b_all(xs):
    return all(xs)


@builtin("any", 1, 1, "any(xs)", "true when at least one element is true", over_generator=any,
         takes=("truths",), gives="truth")
def b_any(xs):
    return any(xs)


def _group_key(group: list) -> tuple:
    return (len(group), max(group) if group else NOTHING)


@builtin("largest", 1, 1, "largest(lists)", "the longest of several lists; between equally long ones, the one "
         "whose highest element is highest; `[]` if there are none", takes=("list",), from_argument=True,
         gives="element")
def b_largest(groups):
    return max(groups, key=_group_key) if groups else []


@builtin("abs", 1, 1, "abs(x)", "the absolute value", takes=("number",), gives="number")
def b_abs(x):
    return abs(x)


@builtin("best", 1, 1, "best(xs, by: key)", "the element with the highest key (the first one on a tie); without "
         "`by:`, the highest element; `none` if empty", keywords=("by",), takes=("list",), from_argument=True,
         gives="element")
def b_best(xs, by: Callable[[Any], Any] | None = None):
    if not xs:
        return NOTHING
    return max(xs, key=by) if by else max(xs)


@builtin("sum", 1, 1, "sum(xs, by: key)", "the sum of the elements, or of their keys", keywords=("by",),
         takes=("list",), gives="number")
def b_sum(xs, by: Callable[[Any], Any] | None = None):
    return sum(by(x) for x in xs) if by else sum(xs)


@builtin("groups", 1, 1, "groups(xs, by: key)", "the elements split into lists that share a key, in order of "
         "first appearance; `by:` is required", keywords=("by",), required=("by",), takes=("list",),
         from_argument=True, gives="lists of elements")
def b_groups(xs, by: Callable[[Any], Any]):
    out: dict[Any, list] = {}
    for x in xs:
        out.setdefault(by(x), []).append(x)
    return list(out.values())


@builtin("runs", 1, 1, "runs(xs, by: key)", "the maximal runs of consecutive whole-number keys: one element per "
         "key value (the highest one with that key), runs in increasing key order; `by:` is required",
         keywords=("by",), required=("by",), takes=("list",), from_argument=True, gives="lists of elements")
def b_runs(xs, by: Callable[[Any], Any]):
    """Maximal runs of consecutive key values, one element per value (the highest element)."""
    kept: dict[int, Any] = {}
    for x in xs:
        k = by(x)
        if k not in kept or x > kept[k]:
            kept[k] = x
    runs: list[list] = []
    previous = None
    for k in sorted(kept):
        if previous is not None and k == previous + 1:
            runs[-1].append(kept[k])
        else:
            runs.append([kept[k]])
        previous = k
    return runs


@builtin("sorted", 1, 1, "sorted(xs, by: key)", "the elements from lowest to highest key (equal keys keep their "
         "order); without `by:`, by the elements themselves", keywords=("by",), same_elements=True,
         takes=("list",), gives="list of elements")
def b_sorted(xs, by: Callable[[Any], Any] | None = None):
    return sorted(xs, key=by) if by else sorted(xs)


@builtin("concat", 1, 1, "concat(lists)", "the elements of several lists, in order, as one list",
         takes=("list",), from_argument=True, gives="concat")
def b_concat(lists):
    """One list of the elements of several lists, in order."""
    return [x for sub in lists for x in sub]


@builtin("min", 1, MAX_ARGS, "min(a, b, …)", "the smallest of 1 to 9 separate values, or of the elements of a "
         "single list", from_argument=True, gives="least")
def b_min(*xs):
    """min(a, b, ...) or min(list)."""
    return min(xs[0]) if len(xs) == 1 and isinstance(xs[0], list | tuple) else min(xs)


@builtin("max", 1, MAX_ARGS, "max(a, b, …)", "the largest of 1 to 9 separate values, or of the elements of a "
         "single list", from_argument=True, gives="least")
def b_max(*xs):
    return max(xs[0]) if len(xs) == 1 and isinstance(xs[0], list | tuple) else max(xs)


def _area_check(first: int) -> Callable[[Checking, nodes.Call, Any], None]:
    """The check of a call whose arguments from `first` on are the sides of an area of cells: an area no
    cell fits in (a size the file fixes below 1) makes `within` never true, `frontier` always empty."""
    def check(c: Checking, e: nodes.Call, scope: Any) -> None:
        for arg in e.args[first:]:
            size = _fixed_number(c, arg)
            if size is not None and size < 1:
                c.err("E435", f"'{e.func}' needs an area at least 1 cell wide and high, not {size}: no cell "
                      "would ever fit", arg.span)
    return check


def _fixed_number(c: Checking, e: nodes.Expr, depth: int = 0) -> int | None:
    """A whole number written in the file (`6`, `-1`, or a definition without parameters that is one)."""
    match e:
        case nodes.Int(value):
            return value
        case nodes.Neg(operand):
            value = _fixed_number(c, operand, depth + 1)
            return None if value is None else -value
        case nodes.Name(name) if depth < 8 and name in c.sym.defs and not c.sym.defs[name].has_params:
            return _fixed_number(c, c.sym.defs[name].body, depth + 1)
    return None


# Grid geometry (engine/zones/grid.py): cells are (x, y) pairs; the key of a cell is computed from its top card.
# What gives cells, sizes or truths holds no card (`cardless`: a choice among cells hides nothing).
for _record in (
    Function("cell", 2, 2, "cell(x, y)", "the cell (x, y)", run=g_cell, cardless=True, takes=("number",), gives="cell"),
    Function("neighbours", 1, 1, "neighbours(q)", "the 8 cells around cell `q`, touching it by an edge or a "
             "corner", run=g_neighbours, cardless=True, takes=("cell",),
             gives="cells"),
    Function("box", 1, 1, "box(qs)", "the width and height of the smallest rectangle holding the cells `qs`, as "
             "a tuple; `(0, 0)` for none", run=g_box, cardless=True, takes=("cells",),
             gives="pair"),
    Function("cells", 1, 1, "cells(g)", "the occupied cells of grid `g`", run=g_cells, grid=True,
             cardless=True, gives="cells"),
    Function("frontier", 1, 3, "frontier(g)", "the empty cells that touch an occupied cell of `g` by an edge or "
             "a corner; `frontier(g, n)`: only those where a card keeps the layout within `n` × `n`, as `within` "
             "says (`frontier(g, w, h)`: `w` cells across, `h` down)", run=g_frontier, grid=True,
             cardless=True, check=_area_check(1), takes=("", "number"), gives="cells"),
    Function("within", 3, 4, "within(g, q, n)", "true when the occupied cells of `g` and the cell `q` fit in an "
             "`n` × `n` square: a card laid on `q` keeps the layout that small (`within(g, q, w, h)`: `w` cells "
             "across, `h` down)", run=g_within, grid=True, cardless=True, check=_area_check(2),
             takes=("", "cell", "number"), gives="truth"),
    Function("lines", 2, 2, "lines(g, q, by: key)", "through the occupied cell `q`, in each of the four "
             "directions (horizontal, vertical, diagonal down-right, diagonal up-right), the maximal run of "
             "consecutive occupied cells whose keys equal `q`'s: four lists of top cards, in order along the "
             "direction (each at least `[top(g(q))]`); `[]` for an empty cell", run=g_lines, grid=True,
             keywords=("by",), required=("by",), takes=("", "cell"), gives="lists of cards"),
    Function("segments", 1, 1, "segments(g, by: key)", "every maximal run of two or more consecutive occupied "
             "cells with equal keys, in any of the four directions, as a list of top cards; runs that cross or "
             "touch are listed separately", run=g_segments, grid=True, keywords=("by",), required=("by",),
             gives="lists of cards"),
):
    register(_record)


# ---- functions of the state -------------------------------------------------------------------------
def owner_of(s, card):
    """The seat whose per-player zone holds a card, or none."""
    return owner_among(s.zones, s.game.shared_zones, s.n, card)


def owner_among(zones, shared: int, n: int, card):
    """`owner` over the zones themselves (slots from `shared` on are the players', `n` each)."""
    for slot in range(shared, len(zones)):
        if card in zones[slot]:
            return SEATS[(slot - shared) % n]
    return NOTHING


def next_seat(s, after, among):
    """The first seat after `after` (going round, itself last) that is among the given seats."""
    return seat_after(s.n, after, among)


def seat_after(n: int, after, among):
    """`next_seat` among `n` seats."""
    seats = set(among)
    for step in range(1, n + 1):
        q = (after + step) % n
        if q in seats:
            return SEATS[q]
    return NOTHING


def words(s, values):
    return words_of(values, s.game.describe)


def words_of(values, describe: Callable[[Any], str]):
    """`words(...)` with the game's way of writing a value given."""
    # The cards are kept with the text, so that a `say` writes them only for those who know them (events.py).
    pieces = tuple(p for v in values if v is not NOTHING
                   for p in (v.pieces if isinstance(v, Words) else (v if isinstance(v, str | Card) else
                                                                    describe(v),)))
    if not any(isinstance(v, Card) for v in pieces):
        return " ".join(pieces)
    return Words(" ".join(v if isinstance(v, str) else describe(v) for v in pieces), pieces)


def random_element(s, values):
    """A uniformly random element; the draw comes from the state's generator, so replays agree."""
    values = list(values) if isinstance(values, list | tuple) else [values]
    return values[s.random_below(len(values))] if values else NOTHING


for _record in (
    Function("left", 1, 1, "left(p)", "the next seat in turn order, `p + 1` wrapping around, eliminated or not",
             emit=template("SEATS[({0} + 1) % s.n]"), cardless=True, takes=("seat",), gives="seat"),
    Function("right", 1, 1, "right(p)", "the previous seat", emit=template("SEATS[({0} - 1) % s.n]"),
             cardless=True, takes=("seat",), gives="seat"),
    Function("eliminated", 1, 1, "eliminated(p)", "true when the player has been eliminated",
             emit=template("s.eliminated[{0}]"), takes=("seat",), gives="truth"),
    Function("owner", 1, 1, "owner(card)", "the seat whose per-player zone holds the card; `none` if it lies in a "
             "shared zone", emit=template("OWNER(s, {0})", OWNER=owner_of), takes=("card",), gives="seat"),
    Function("words", 1, MAX_ARGS, "words(a, b, …)", "the values written out as in the game's text and joined "
             "with spaces; `none` values are left out", emit=template("WORDS(s, [{args}])", WORDS=words),
             cardless=True, gives="text"),
    Function("next_seat", 2, 2, "next_seat(p, seats)", "the first seat after `p` in turn order that is among "
             "`seats` (`p` itself last); `none` if there is none",
             emit=template("NEXT_SEAT(s, {0}, {1})", NEXT_SEAT=next_seat), cardless=True,
             takes=("seat", "seats"), gives="seat"),
    Function("knows", 2, 2, "knows(p, card)", "true when player `p` sees the card's zone or knows the card there "
             "(section 8)", emit=template("KNOWS(s, {0}, {1})", KNOWS=knows), takes=("seat", "card"), gives="truth"),
    Function("side", 1, 1, "side(p)", "the seats of `p`'s side, `p` included (see [sides](#sides))",
             emit=template("s.side({0})"), takes=("seat",), gives="seats"),
    Function("random", 1, 1, "random(xs)", "an element of the list or zone chosen at random, `none` if it is "
             "empty; **statements only** (see below)", emit=template("RANDOM(s, {0})", RANDOM=random_element),
             statements_only=True, from_argument=True, gives="one"),
):
    register(_record)


# ---- who last moved a card (engine/percard.py keeps it, for the rules that read it) ----------------------
register(Function("mover", 1, 1, "mover(card)", "the seat whose step last moved the card; `none` if no player's "
                  "step has (never moved, or moved by `setup:` or `round setup:`), and for `none`",
                  emit=template("MOVER(s, {0})", MOVER=mover_of), cardless=True))


# ---- functions naming a declaration: label, keys, values ---------------------------------------------
def _named(e: nodes.Call) -> str | None:
    return e.args[0].id if e.args and isinstance(e.args[0], nodes.Name) else None


def _check_label(c: Checking, e: nodes.Call, scope: Any) -> None:
    named = _named(e)
    if named is None or not (named in c.sym.cases or isinstance(c.sym.actions.get(named), nodes.CaseActionDecl)):
        c.err("E278", "the first argument of 'label' must name a 'def ... by ...' definition or an "
              "'action ... by ...'", e.span)
    else:
        c.used.add(named)
    for arg in e.args[1:]:
        c.expr(arg, scope)


def _emit_label(g: CallSite) -> str:
    name = g.call.args[0].id
    decl = g.tables.sym.cases.get(name) or g.tables.sym.actions[name]
    labels = {g.tables.syms[cl.key]: cl.label or cl.key for cl in decl.clauses}
    return f"{g.const(labels)}.get({g.arg(1)}, '')"


def _check_keys(c: Checking, e: nodes.Call, scope: Any) -> None:
    named = _named(e)
    if named is None or named not in c.sym.zones or c.sym.zones[named].family is None:
        c.err("E283", "the argument of 'keys' must name a family of zones (declared like "
              "'zone pile: per key'), as in keys(pile)", e.span)
    else:
        c.used.add(named)


def _emit_keys(g: CallSite) -> str:
    """A family's keys in declaration order; a `columns` family's existing members, oldest first."""
    name = g.call.args[0].id
    first, keys = g.tables.families[name]
    if not g.tables.sym.kind(name).opens_in_order:
        return f"list({g.const(tuple(keys))})"
    by_slot = {first + i: key for key, i in keys.items()}
    return f"{g.runtime('OPEN_KEYS', open_keys)}(s, {g.const(name)}, {g.const(by_slot)})"


def open_keys(s, family: str, by_slot: dict) -> list:
    """The keys of a `columns` family's members that exist, oldest first."""
    return [by_slot[slot] for slot in open_slots(s, s.game.opening_families[family])]


def _check_values(c: Checking, e: nodes.Call, scope: Any) -> None:
    named = _named(e)
    if named is None or named not in c.sym.attributes:
        c.err("E284", "the argument of 'values' must name an attribute, as in values(color)", e.span)
    else:
        c.used.add(named)


def _emit_values(g: CallSite) -> str:
    domain = g.tables.attribute_domains[g.call.args[0].id]
    values = tuple(domain) if domain and isinstance(domain[0], Sym) else tuple(range(domain[0], domain[1] + 1))
    return f"list({g.const(values)})"


for _record in (
    Function("label", 2, 2, "label(f, value)", "the label of the case definition `f`'s clause for `value`",
             names_declaration=True, check=_check_label, emit=_emit_label, cardless=True, gives="text"),
    Function("keys", 1, 1, "keys(family)", "the keys of a zone family, in declaration order; of a `columns` "
             "family, the members that exist, oldest first", names_declaration=True, check=_check_keys,
             emit=_emit_keys, cardless=True),
    Function("values", 1, 1, "values(attribute)", "the values of an attribute in declaration order: a ranked "
             "attribute's from highest to lowest, a range's from lowest to highest", names_declaration=True,
             check=_check_values, emit=_emit_values, cardless=True),
):
    register(_record)


# ---- names --------------------------------------------------------------------------------------------
def active_seats(s) -> list:
    """The seats not out, kept in the state's memo keyed by reads (stamped with `aver`, bumped whenever who is
    out changes) rather than built at every call: a guard asks for them once per candidate move. Callers never
    change a value they are given (a kept definition's value is handed to every caller alike)."""
    found = s.kept.get(active_seats)
    if found is not None and found[0] == s.aver:
        return found[1]
    seats = [SEATS[p] for p in range(s.n) if not s.eliminated[p]]
    s.kept[active_seats] = (s.aver, seats)
    return seats


for _record in (
    Constant("true", True, "truth values"),
    Constant("false", False, "truth values"),
    Constant("none", NOTHING, "no card, no value: lower than everything (section 7)"),
    StateName("me", "the turn player", template("SEATS[s.me]"), kind="seat"),
    StateName("players", "every seat, in seat order", template("list(SEATS[:s.n])"), fixed=True, cardless=True,
              kind="seats"),
    StateName("active", "the seats not eliminated, in seat order", template("ACTIVE(s)", ACTIVE=active_seats),
              cardless=True, kind="seats"),
    StateName("num_players", "the number of players", template("s.n"), fixed=True, cardless=True, kind="number"),
    StateName("sides", "the sides (teams) as lists of seats; every seat alone without a `sides` declaration",
              template("s.sides()"), kind="lists of seats"),
):
    register(_record)
del _record


# ---- the registry as shipped -------------------------------------------------------------------------------
_SHIPPED = {**FUNCTIONS, **NAMES}  # what cardrules itself registers (this module's code is part of the cache key)


def as_shipped() -> bool:
    """Whether the builtins are exactly cardrules' own: checked rules are only cached then (a builtin added,
    taken out or replaced from outside changes what a file means)."""
    registered = len(FUNCTIONS) + len(NAMES)
    return registered == len(_SHIPPED) and all(FUNCTIONS.get(n, NAMES.get(n)) is r for n, r in _SHIPPED.items())
