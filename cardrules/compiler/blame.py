"""A failed instruction + the statement it was compiled from -> the innermost sub-expression that fails and
the values of its operands, for error R300.

Nothing here runs while a game goes well: the compiler only notes, per instruction, the statement and scope
it came from (`Blamer.note`); when an instruction raises, `Blamer.__call__` compiles the statement's
sub-expressions in that scope and evaluates them, innermost first, on a copy of the failing state. The first
one that raises while its operands evaluate fine is blamed. Any trouble on the way gives None, and the error
keeps the statement's place and words: blame must never hide the error it explains."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, get_args

from ..diagnostics import Span, explain_exception
from ..engine.specs import RuleFailure
from ..language import nodes

if TYPE_CHECKING:
    from ..engine.state import State
    from .compiler import Compiler
    from .scope import Scope

MAX_PARTS = 200  # sub-expressions tried at most for one error
MAX_VALUE = 60  # characters of an operand's value shown before it is cut
_EXPRS = get_args(nodes.Expr)
_STMTS = get_args(nodes.Stmt)
_FAILED = object()


class Blamer:
    """Per instruction, the statement and scope it was compiled from; called on a failure (Game.blame)."""

    def __init__(self, c: "Compiler"):
        self.c = c
        self.sites: dict[int, tuple[Any, "Scope"]] = {}

    def note(self, start: int, stmt: Any, sc: "Scope") -> None:
        """The instructions from `start` to here came from `stmt` (nested statements noted first keep theirs)."""
        for pc in range(start, self.c.here()):
            self.sites.setdefault(pc, (stmt, sc))

    def __call__(self, s: "State", pc: int, exc: Exception) -> tuple[Span, str] | None:
        """(where, words) for the sub-expression that failed, or None to keep the statement's place."""
        try:
            return self._blame(s, pc, exc)
        except Exception:  # noqa: BLE001 - blame is best effort: the original error must come through
            return None

    def _blame(self, s: "State", pc: int, exc: Exception) -> tuple[Span, str] | None:
        site = self.sites.get(pc)
        if site is None:
            return None
        stmt, sc = site
        values: dict[int, Any] = {}  # id(node) -> its value, or _FAILED
        for count, e in enumerate(_post_order(_roots(stmt, s.game.spans[pc]))):
            if count >= MAX_PARTS:
                return None
            value, error = self._evaluate(e, sc, s)
            values[id(e)] = _FAILED if error else value
            if error is None:
                continue
            if type(error) is not type(exc) or any(values.get(id(k)) is _FAILED for k in _parts(e)):
                return None  # not the same failure, or one of its operands failed first: nothing sure to say
            return e.span, self._words(s, e, error, values)
        return None

    def _evaluate(self, e: Any, sc: "Scope", s: "State") -> tuple[Any, Exception | None]:
        try:
            fn = self.c.expr(e, sc)
        except Exception:  # noqa: BLE001 - a part that is no expression of its own (a keyword) is skipped
            return None, None
        copy = s.clone()  # a sub-expression may draw a random number: the failing state stays as it was
        try:
            return fn(copy, copy.locals), None
        except Exception as error:  # noqa: BLE001 - the failure being looked for
            return None, error

    def _words(self, s: "State", e: Any, error: Exception, values: dict[int, Any]) -> str:
        words = str(error) if isinstance(error, RuleFailure) else f"this step failed: {explain_exception(error)}"
        named = [(_text(s.game, k.span), _cut(s.game.describe(values[id(k)]))) for k in _parts(e) if id(k) in values]
        named = [f"{text} is {value}" for text, value in named if text and text != value]  # not `1 is 1`
        return words + (f": {', '.join(named)}" if named else "")


def _roots(stmt: Any, span: Span) -> list:
    """The statement's own expressions (not those of statements nested in it), those inside the failing
    instruction's span when there are any."""
    roots, stack = [], list(reversed(nodes.children(stmt)))
    while stack:
        node = stack.pop()
        if isinstance(node, _EXPRS):
            roots.append(node)
        elif not isinstance(node, _STMTS):
            stack.extend(reversed(nodes.children(node)))
    inside = [e for e in roots if _within(e.span, span)]
    return inside or roots


def _within(inner: Span, outer: Span) -> bool:
    end = (inner.end_line or inner.line, inner.end_column)
    return (outer.line, outer.column) <= (inner.line, inner.column) and end <= (outer.end_line or outer.line,
                                                                                  outer.end_column)


def _parts(e: Any) -> list:
    """The operands of an expression that mean the same outside it: a comprehension's or a `where`'s
    condition, and a call's keyword arguments, see a name bound inside (`it`, the loop's name)."""
    match e:
        case nodes.Comprehension() | nodes.Where():
            return [e.source]
        case nodes.Call():
            return list(e.args)
    return [k for k in nodes.children(e) if isinstance(k, _EXPRS)]


def _post_order(roots: list) -> Iterator:
    """Every part of the roots, operands before the expression holding them."""
    for root in roots:
        for part in _parts(root):
            yield from _post_order([part])
        yield root


def _text(game: Any, span: Span) -> str:
    """The rules text an expression was written as (its first line, when it runs over several)."""
    lines = game.sources.get(span.path or game.path, "").splitlines()
    line = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    end = span.end_column - 1 if span.end_line in (0, span.line) and span.end_column else len(line)
    return line[span.column - 1:end].strip()


def _cut(text: str) -> str:
    return text if len(text) <= MAX_VALUE else text[:MAX_VALUE - 3] + "..."
